import { CalendarPlus } from 'lucide-react'
import { useTranslation } from '@/lib/i18n/react'
import type { Rsvp, RsvpEventChoice } from '@/lib/api'
import { manilaDateTime } from '@/lib/dates'
import { paths } from '@/lib/paths'
import {
  buildEventsIcs,
  buildWeddingIcs,
  calendarEvents,
  type CalendarEvent,
} from '../model/calendar'
import { coupleFirstNames, eventName } from '../model/format'

interface AddToCalendarProps {
  wedding: Rsvp['wedding']
  /**
   * When events take RSVPs: the household's RSVP events and the ones someone said yes to. The file
   * then holds one event each for those, and for the schedule's events that take no RSVPs.
   */
  events?: { all: readonly RsvpEventChoice[]; attended: readonly RsvpEventChoice[] }
}

/** Downloads the wedding as an .ics file that any calendar app can add. Hidden while the date is unknown. */
export function AddToCalendar({ wedding, events }: AddToCalendarProps) {
  const { t } = useTranslation('rsvp')
  const siteUrl = `${window.location.origin}${paths.site.wedding(wedding.slug)}`
  const couple = coupleFirstNames(wedding, t('shell.and'))
  const included: CalendarEvent[] | null = events
    ? calendarEvents(wedding.events, events.all, events.attended)
    : null
  const names = included?.map((event, index) => eventName(event, index, t))

  const ics = () =>
    included
      ? buildEventsIcs({
          uidPrefix: `wedding-${wedding.slug}`,
          events: included,
          title: (event) =>
            t('events.calendarTitle', { event: names![included.indexOf(event)], couple }),
          date: wedding.date,
          location: [wedding.venue?.name, wedding.venue?.city].filter(Boolean).join(', '),
          description: t('calendar.description', { url: siteUrl }),
          url: siteUrl,
          now: new Date(),
        })
      : buildWeddingIcs({
          uid: `wedding-${wedding.slug}@kasalan.ph`,
          title: t('calendar.title', { couple }),
          date: wedding.date,
          parts: wedding.events,
          location: [wedding.venue?.name, wedding.venue?.city].filter(Boolean).join(', '),
          description: t('calendar.description', { url: siteUrl }),
          url: siteUrl,
          now: new Date(),
        })

  if (
    included
      ? included.length === 0 ||
        !included.some((event) => manilaDateTime(event.date || wedding.date))
      : !manilaDateTime(wedding.date)
  ) {
    return null
  }

  const download = () => {
    const text = ics()
    if (!text) return
    const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `kasal-${wedding.slug}.ics`
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }

  const button = (
    <button
      type="button"
      className="rsvp-button w-full"
      onClick={download}
      aria-describedby={names ? 'rsvp-calendar-events' : undefined}
    >
      <CalendarPlus aria-hidden="true" className="size-5" />
      {t('thankYou.addToCalendar')}
    </button>
  )
  if (!names) return button
  return (
    <div>
      {button}
      <p id="rsvp-calendar-events" className="rsvp-muted mt-2 text-center text-sm">
        {t('events.calendarIncludes', { events: names.join(', ') })}
      </p>
    </div>
  )
}

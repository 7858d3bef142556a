import { CalendarPlus } from 'lucide-react'
import { useTranslation } from '@/lib/i18n/react'
import type { Rsvp } from '@/lib/api'
import { manilaDateTime } from '@/lib/dates'
import { paths } from '@/lib/paths'
import { buildWeddingIcs } from '../model/calendar'
import { coupleFirstNames } from '../model/format'

/** Downloads the wedding as an .ics file that any calendar app can add. Hidden while the date is unknown. */
export function AddToCalendar({ wedding }: { wedding: Rsvp['wedding'] }) {
  const { t } = useTranslation('rsvp')
  const siteUrl = `${window.location.origin}${paths.site.wedding(wedding.slug)}`
  const couple = coupleFirstNames(wedding, t('shell.and'))

  const ics = () =>
    buildWeddingIcs({
      uid: `wedding-${wedding.slug}@kasalan.ph`,
      title: t('calendar.title', { couple }),
      date: wedding.date,
      parts: wedding.events,
      location: [wedding.venue?.name, wedding.venue?.city].filter(Boolean).join(', '),
      description: t('calendar.description', { url: siteUrl }),
      url: siteUrl,
      now: new Date(),
    })

  if (!manilaDateTime(wedding.date)) return null

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

  return (
    <button type="button" className="rsvp-button w-full" onClick={download}>
      <CalendarPlus aria-hidden="true" className="size-5" />
      {t('thankYou.addToCalendar')}
    </button>
  )
}

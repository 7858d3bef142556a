import { MapPin, Shirt } from 'lucide-react'
import { useTranslation } from '@/lib/i18n/react'
import type { Section } from '@/lib/api'
import { formatLongDate, formatTime } from '@/lib/manila-time'
import { Ornament } from '../components/ornament'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useDateLanguage, useSectionHeader } from '../components/use-section-header'
import {
  eventTypes,
  inDayOrder,
  readData,
  safeLink,
  scheduleData,
  type DressCode,
  type ScheduleEvent,
} from '@/lib/site-content'
import { addressLine, mapSearchUrl } from '../model/sections'
import { SiteImage } from '../components/site-image'

interface Props {
  section: Section
  level: HeadingLevel
  /** The wedding's day: an event without a date of its own is on it. */
  weddingDate?: string | null
}

/**
 * Pagtitipon: the events in the order of their days (a despedida the day before first), then the
 * dress code (Gayak) kept with the schedule.
 */
export function ScheduleSection({ section, level, weddingDate }: Props) {
  const header = useSectionHeader(section)
  const { events, dressCode } = readData(scheduleData, section.data)
  const days = groupByDate(inDayOrder(events, weddingDate), weddingDate)
  return (
    <>
      <SectionFrame id={section.path} header={header} level={level}>
        {days.length > 0 && (
          <div className="space-y-12">
            {days.map((day) => (
              <EventDay
                key={day.date ?? 'undated'}
                date={day.date}
                events={day.events}
                showDate={days.length > 1 || Boolean(day.date)}
              />
            ))}
          </div>
        )}
      </SectionFrame>
      {dressCode && hasDressCode(dressCode) && (
        <DressCodeBlock dressCode={dressCode} id={`${section.path}-gayak`} />
      )}
    </>
  )
}

function groupByDate(events: ScheduleEvent[], weddingDate: string | null | undefined) {
  const days: Array<{ date: string | null; events: ScheduleEvent[] }> = []
  for (const event of events) {
    if (!event.name && !event.venue && !event.startTime) continue
    const date = event.date || weddingDate || null
    const last = days.at(-1)
    if (last && last.date === date) last.events.push(event)
    else days.push({ date, events: [event] })
  }
  return days
}

function EventDay({
  date,
  events,
  showDate,
}: {
  date: string | null
  events: ScheduleEvent[]
  showDate: boolean
}) {
  const language = useDateLanguage()
  const label = formatLongDate(date, language)
  return (
    <div>
      {showDate && label && <p className="site-event-date mb-6 text-center text-lg">{label}</p>}
      <ol className="site-timeline space-y-10">
        {events.map((event, index) => (
          <EventItem key={`${event.name}-${index}`} event={event} />
        ))}
      </ol>
    </div>
  )
}

function EventItem({ event }: { event: ScheduleEvent }) {
  const { t } = useTranslation('site')
  const start = formatTime(event.date, event.startTime)
  const end = formatTime(event.date, event.endTime)
  const time = start && end ? `${start} – ${end}` : start
  const address = addressLine(event.address)
  const map =
    safeLink(event.address?.url) ??
    (event.venue || address ? mapSearchUrl([event.venue, address]) : null)
  const type = (eventTypes as readonly string[]).includes(event.type ?? '')
    ? t(`schedule.types.${event.type}`)
    : event.type

  return (
    <li className="relative">
      <span className="site-timeline-dot" aria-hidden="true" />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {time && <p className="site-eyebrow text-[0.8rem] tracking-[0.14em]">{time}</p>}
        {type && <span className="site-tag">{type}</span>}
      </div>
      {event.name && <h3 className="site-subheading mt-2">{event.name}</h3>}
      <SiteImage
        image={event.image}
        alt=""
        width={397}
        height={265}
        loading="lazy"
        className="mt-4 aspect-[3/2] w-full rounded-(--site-radius) object-cover"
      />
      {event.venue && <p className="mt-3 font-semibold">{event.venue}</p>}
      {address && <p className="site-muted text-[0.95rem]">{address}</p>}
      {map && (
        <a
          href={map}
          target="_blank"
          rel="noopener noreferrer"
          className="site-link mt-2 inline-flex items-center gap-1.5 text-sm"
        >
          <MapPin aria-hidden="true" className="size-4" />
          {t('schedule.map')}
          <span className="sr-only"> {t('opensInNewTab')}</span>
        </a>
      )}
      {event.attire && (
        <p className="mt-3 flex items-start gap-2 text-[0.95rem]">
          <Shirt aria-hidden="true" className="site-ornament mt-1 size-4 shrink-0" />
          <span>
            <span className="font-semibold">{t('schedule.attire')}:</span> {event.attire}
          </span>
        </p>
      )}
      {event.notes && <p className="site-prose mt-2 text-[0.95rem]">{event.notes}</p>}
    </li>
  )
}

function hasDressCode(dressCode: DressCode) {
  return Boolean(
    dressCode.title || dressCode.description || dressCode.notes || dressCode.palette.length,
  )
}

/** Gayak: what to wear, with the colour palette as swatches. */
export function DressCodeBlock({ dressCode, id }: { dressCode: DressCode; id?: string }) {
  const { t } = useTranslation('site')
  const title =
    dressCode.title && dressCode.title !== 'Gayak' ? dressCode.title : t('dressCode.title')
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="site-band">
      <div className="site-container">
        <div className="site-content text-center">
          <p className="site-eyebrow mb-3">{t('dressCode.eyebrow')}</p>
          <h2 id={`${id}-title`} className="site-heading">
            {title}
          </h2>
          <Ornament className="mx-auto mt-4 h-4 w-28" />
          {dressCode.description && <p className="site-prose mt-6">{dressCode.description}</p>}
          {dressCode.palette.length > 0 && (
            <ul
              aria-label={t('dressCode.palette')}
              className="mt-10 flex flex-wrap justify-center gap-x-3 gap-y-6"
            >
              {dressCode.palette.map((color) => (
                <li
                  key={color.hex + color.name}
                  className="flex w-[4.25rem] flex-col items-center gap-3"
                >
                  <span
                    className="site-swatch"
                    style={{ background: color.hex }}
                    aria-hidden="true"
                  />
                  <span className="text-xs leading-snug">{color.name ?? color.hex}</span>
                </li>
              ))}
            </ul>
          )}
          {dressCode.notes && <p className="site-prose mt-10 text-[0.95rem]">{dressCode.notes}</p>}
        </div>
      </div>
    </section>
  )
}

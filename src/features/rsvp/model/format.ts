import { formatTime } from '@/lib/manila-time'
import { displayCouple } from '@/lib/names'

/** "Isabel at Miguel" / "Isabel and Miguel": the couple as the guest pages and e-mails name them. */
export function coupleFirstNames(
  wedding: { bride: { firstName: string }; groom: { firstName: string } },
  and: string,
) {
  return displayCouple(wedding.bride, wedding.groom, and)
}

/** A phone number as a tel: link: digits and a leading plus only. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** The i18n keys (rsvp namespace) of a reply's status. */
export const statusKeys = {
  accepted: 'status.attending',
  declined: 'status.notAttending',
  pending: 'status.pending',
} as const

/** The event's name, or "Event 2" when the couple left it blank. */
export function eventName(
  event: { name?: string | null },
  index: number,
  t: (key: string, options: { number: number }) => string,
) {
  return event.name?.trim() || t('events.unnamed', { number: index + 1 })
}

/** "4:00 PM–5:30 PM", "4:00 PM", or '' without a valid start. */
export function eventTime(event: {
  date?: string | null
  startTime?: string | null
  endTime?: string | null
}) {
  const start = formatTime(event.date, event.startTime)
  const end = formatTime(event.date, event.endTime)
  return start && end ? `${start}–${end}` : start
}

/**
 * The wedding as an iCalendar file (RFC 5545) for "add to calendar": one event, CRLF line ends,
 * TEXT values escaped, long lines folded at 75 octets. Times are written in UTC: the Philippines
 * keeps UTC+8 all year, so this needs no VTIMEZONE block and every calendar app reads it alike.
 */
import { calendarDay, clockMinutes } from '@/lib/manila-time'

export interface WeddingEventPart {
  name?: string | null
  date?: string | null
  startTime?: string | null
  endTime?: string | null
  venue?: string | null
  street?: string | null
  city?: string | null
}

export interface CalendarInput {
  /** A stable id, so adding the file twice updates one event instead of making two. */
  uid: string
  title: string
  /** The wedding day, `YYYY-MM-DD` in Manila. */
  date: string | null | undefined
  /** The parts of the day (ceremony, reception…): the event spans the first start to the last end. */
  parts?: readonly WeddingEventPart[]
  /** Used when no part names a venue. */
  location?: string | null
  description?: string | null
  url?: string | null
  /** When the file is made (DTSTAMP). */
  now: Date
}

const MANILA_UTC_OFFSET_HOURS = 8
/** When the schedule gives a start but no end. */
const DEFAULT_LENGTH_HOURS = 4

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

function utcStamp(value: Date) {
  return (
    `${pad(value.getUTCFullYear(), 4)}${pad(value.getUTCMonth() + 1)}${pad(value.getUTCDate())}` +
    `T${pad(value.getUTCHours())}${pad(value.getUTCMinutes())}${pad(value.getUTCSeconds())}Z`
  )
}

function dateValue(day: { year: number; month: number; day: number }, addDays = 0) {
  const value = new Date(Date.UTC(day.year, day.month - 1, day.day + addDays))
  return `${pad(value.getUTCFullYear(), 4)}${pad(value.getUTCMonth() + 1)}${pad(value.getUTCDate())}`
}

/** A minute of the wedding day in Manila as a UTC instant. */
function manilaInstant(day: { year: number; month: number; day: number }, minutes: number) {
  return new Date(Date.UTC(day.year, day.month - 1, day.day, -MANILA_UTC_OFFSET_HOURS, minutes))
}

/** A TEXT value escaped as RFC 5545 section 3.3.11 asks. */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** One content line folded at 75 octets (never inside a UTF-8 character), continuation lines indented. */
export function foldLine(line: string) {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const character of line) {
    const size = encoder.encode(character).length
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += character
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** The start and end of the wedding day from its parts, or null when no part has a valid start. */
export function weddingDaySpan(date: string, parts: readonly WeddingEventPart[]) {
  const sameDay = parts.filter((part) => !part.date || part.date === date)
  const starts = sameDay.map((part) => clockMinutes(part.startTime)).filter((value): value is number => value !== null)
  if (starts.length === 0) return null
  const start = Math.min(...starts)
  const ends = sameDay
    .flatMap((part) => [clockMinutes(part.endTime), clockMinutes(part.startTime)])
    .filter((value): value is number => value !== null && value > start)
  const end = ends.length > 0 ? Math.max(...ends) : start + DEFAULT_LENGTH_HOURS * 60
  return { start, end }
}

function locationOf(input: CalendarInput) {
  const part = (input.parts ?? []).find((candidate) => candidate.venue?.trim())
  if (part) return [part.venue, part.street, part.city].filter((value) => value?.trim()).join(', ')
  return input.location?.trim() || null
}

/** The .ics file's text, or null when the wedding has no valid date yet. */
export function buildWeddingIcs(input: CalendarInput): string | null {
  const day = calendarDay(input.date)
  if (!day) return null

  const span = weddingDaySpan(input.date!, input.parts ?? [])
  const timing = span
    ? [`DTSTART:${utcStamp(manilaInstant(day, span.start))}`, `DTEND:${utcStamp(manilaInstant(day, span.end))}`]
    : [`DTSTART;VALUE=DATE:${dateValue(day)}`, `DTEND;VALUE=DATE:${dateValue(day, 1)}`]
  const location = locationOf(input)
  const url = input.url && /^https?:\/\//i.test(input.url) ? input.url : null

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kasalan//RSVP//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(input.uid)}`,
    `DTSTAMP:${utcStamp(input.now)}`,
    ...timing,
    `SUMMARY:${escapeText(input.title)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    ...(input.description?.trim() ? [`DESCRIPTION:${escapeText(input.description.trim())}`] : []),
    ...(url ? [`URL:${url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join('\r\n') + '\r\n'
}

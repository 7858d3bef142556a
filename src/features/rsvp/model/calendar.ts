/**
 * The wedding as an iCalendar file (RFC 5545) for "add to calendar": one event (or, when events
 * take RSVPs, one per event the household comes to), CRLF line ends,
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
  const starts = sameDay
    .map((part) => clockMinutes(part.startTime))
    .filter((value): value is number => value !== null)
  if (starts.length === 0) return null
  const start = Math.min(...starts)
  const ends = sameDay
    .flatMap((part) => [clockMinutes(part.endTime), clockMinutes(part.startTime)])
    .filter((value): value is number => value !== null && value > start)
  const end = ends.length > 0 ? Math.max(...ends) : start + DEFAULT_LENGTH_HOURS * 60
  return { start, end }
}

function locationOf(parts: readonly WeddingEventPart[], fallback: string | null | undefined) {
  const part = parts.find((candidate) => candidate.venue?.trim())
  if (part) return [part.venue, part.street, part.city].filter((value) => value?.trim()).join(', ')
  return fallback?.trim() || null
}

function calendarFile(events: string[][]) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kasalan//RSVP//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events.flat(),
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join('\r\n') + '\r\n'
}

function vevent(input: {
  uid: string
  now: Date
  timing: string[]
  title: string
  location: string | null
  description?: string | null
  url?: string | null
}) {
  const url = input.url && /^https?:\/\//i.test(input.url) ? input.url : null
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(input.uid)}`,
    `DTSTAMP:${utcStamp(input.now)}`,
    ...input.timing,
    `SUMMARY:${escapeText(input.title)}`,
    ...(input.location ? [`LOCATION:${escapeText(input.location)}`] : []),
    ...(input.description?.trim() ? [`DESCRIPTION:${escapeText(input.description.trim())}`] : []),
    ...(url ? [`URL:${url}`] : []),
    'END:VEVENT',
  ]
}

/** The .ics file's text, or null when the wedding has no valid date yet. */
export function buildWeddingIcs(input: CalendarInput): string | null {
  const day = calendarDay(input.date)
  if (!day) return null

  const span = weddingDaySpan(input.date!, input.parts ?? [])
  const timing = span
    ? [
        `DTSTART:${utcStamp(manilaInstant(day, span.start))}`,
        `DTEND:${utcStamp(manilaInstant(day, span.end))}`,
      ]
    : [`DTSTART;VALUE=DATE:${dateValue(day)}`, `DTEND;VALUE=DATE:${dateValue(day, 1)}`]
  return calendarFile([
    vevent({
      uid: input.uid,
      now: input.now,
      timing,
      title: input.title,
      location: locationOf(input.parts ?? [], input.location),
      description: input.description,
      url: input.url,
    }),
  ])
}

/** One event of the schedule for the calendar, with a stable id. */
export interface CalendarEvent extends WeddingEventPart {
  id: string
}

export interface EventsCalendarInput {
  /** Prefixes each event's id into its UID (`<prefix>-<event id>@kasalan.ph`). */
  uidPrefix: string
  /** The events to write, in order; an event without its own date is on `date`. */
  events: readonly CalendarEvent[]
  /** The calendar title of one event, from its name. */
  title(event: CalendarEvent): string
  /** The wedding day, for an event without a date of its own. */
  date: string | null | undefined
  location?: string | null
  description?: string | null
  url?: string | null
  now: Date
}

/**
 * The .ics with one VEVENT per event given (the ones the household comes to), each at its own
 * date and times (a start without an end lasts four hours; no start: all day). Events without a
 * valid date are left out; null when none is left.
 */
export function buildEventsIcs(input: EventsCalendarInput): string | null {
  const events = input.events.flatMap((event) => {
    const date = event.date || input.date
    const day = calendarDay(date)
    if (!day) return []
    const span = weddingDaySpan(date!, [{ ...event, date }])
    const timing = span
      ? [
          `DTSTART:${utcStamp(manilaInstant(day, span.start))}`,
          `DTEND:${utcStamp(manilaInstant(day, span.end))}`,
        ]
      : [`DTSTART;VALUE=DATE:${dateValue(day)}`, `DTEND;VALUE=DATE:${dateValue(day, 1)}`]
    return [
      vevent({
        uid: `${input.uidPrefix}-${event.id}@kasalan.ph`,
        now: input.now,
        timing,
        title: input.title(event),
        location: locationOf([event], input.location),
        description: input.description,
        url: input.url,
      }),
    ]
  })
  return events.length > 0 ? calendarFile(events) : null
}

/** A schedule entry and an RSVP event are the same event: by id, or (ids missing) by name, date and start. */
function sameEvent(
  a: WeddingEventPart & { id?: string | null },
  b: WeddingEventPart & { id?: string | null },
) {
  if (a.id && b.id) return a.id === b.id
  return (
    (a.name ?? '') === (b.name ?? '') &&
    (a.date ?? '') === (b.date ?? '') &&
    (a.startTime ?? '') === (b.startTime ?? '')
  )
}

/**
 * What goes in a household's calendar when events take RSVPs, in the schedule's order: the RSVP
 * events someone of the household said yes to, and the schedule's events that take no RSVPs (open
 * to every guest). An RSVP event nobody comes to, or one the household is not invited to (the
 * schedule given to a household never holds it), is never written. Each keeps the schedule's
 * address.
 */
export function calendarEvents(
  schedule: readonly (WeddingEventPart & { id?: string | null })[],
  rsvpEvents: readonly CalendarEvent[],
  attended: readonly CalendarEvent[],
): CalendarEvent[] {
  const chosen = new Set(attended.map((event) => event.id))
  const listed = schedule.flatMap((part, index): CalendarEvent[] => {
    const rsvp = rsvpEvents.find((event) => sameEvent(part, event))
    if (rsvp) return chosen.has(rsvp.id) ? [{ ...part, ...withoutBlanks(rsvp) }] : []
    return [{ ...part, id: part.id || `schedule-${index + 1}` }]
  })
  // An RSVP event said yes to that the schedule does not list (it always should) still goes in.
  const missing = attended.filter((event) => !schedule.some((part) => sameEvent(part, event)))
  return [...listed, ...missing]
}

function withoutBlanks<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== null && item !== undefined && item !== ''),
  ) as T
}

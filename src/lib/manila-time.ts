/**
 * The wedding's dates and times as the public site shows them, with the browser's own `Intl` and
 * no date library: a guest's first load carries none (management's date handling, with dayjs, is
 * in `./dates`, which re-exports these so both read the same).
 */

export type DateLanguage = 'fil' | 'en'

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/
const hhmm = /^([01]\d|2[0-3]):([0-5]\d)$/

/** The calendar day of a `YYYY-MM-DD` string, or null when it is no real day. */
export function calendarDay(date: string | null | undefined) {
  const match = date ? isoDate.exec(date) : null
  if (!match) return null
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  // A day that does not exist (30 February) rolls over into the next month, and a year below 100
  // is read as 19xx: either way the day made is not the one written.
  return new Date(Date.UTC(year, month - 1, day)).toISOString().startsWith(date!)
    ? { year, month, day }
    : null
}

/** Minutes after midnight of an `HH:mm` clock time, or null when it is not one. */
export function clockMinutes(time: string | null | undefined) {
  const match = time ? hhmm.exec(time) : null
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

/**
 * The instant (epoch milliseconds) of a `YYYY-MM-DD` date at an optional `HH:mm` time in Manila,
 * or null when either is not valid. The Philippines keeps UTC+8 all year (no daylight saving since
 * 1978), so a fixed offset is exact.
 */
export function manilaInstant(date: string | null | undefined, time = '00:00'): number | null {
  const day = calendarDay(date)
  const minutes = clockMinutes(time)
  if (!day || minutes === null) return null
  return Date.UTC(day.year, day.month - 1, day.day, -8, minutes)
}

const longDateFormats = new Map<DateLanguage, Intl.DateTimeFormat>()

/** "Biyernes, 12 Disyembre 2025" / "Friday, 12 December 2025". */
export function formatLongDate(date: string | null | undefined, language: DateLanguage) {
  const day = calendarDay(date)
  if (!day) return ''
  let format = longDateFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { weekday: 'long', month: 'long', timeZone: 'UTC' })
    longDateFormats.set(language, format)
  }
  const parts = format.formatToParts(Date.UTC(day.year, day.month - 1, day.day))
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? ''
  return `${part('weekday')}, ${day.day} ${part('month')} ${day.year}`
}

/** "4:00 PM" from "16:00" (a Manila clock time), or '' when the date or the time is not valid. */
export function formatTime(date: string | null | undefined, time: string | null | undefined) {
  const minutes = clockMinutes(time)
  if (minutes === null || !calendarDay(date ?? '2000-01-01')) return ''
  const hours = Math.floor(minutes / 60)
  return `${hours % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
}

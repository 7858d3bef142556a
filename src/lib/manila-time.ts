/**
 * The wedding's dates and times as the public site shows them, with the browser's own `Intl` and
 * no date library: a guest's first load carries none (management's date handling, with dayjs, is
 * in `./dates`, which re-exports these so both read the same).
 */

/** Every wedding time is a time in the Philippines, whatever the visitor's clock says. */
export const weddingTimeZone = 'Asia/Manila'

export type DateLanguage = 'fil' | 'en'

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/
const hhmm = /^([01]\d|2[0-3]):([0-5]\d)$/

/** The calendar day of a `YYYY-MM-DD` string as a UTC instant, or null when it is no real day. */
function calendarDay(date: string | null | undefined) {
  const match = date ? isoDate.exec(date) : null
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const value = new Date(Date.UTC(year, month - 1, day))
  return value.getUTCFullYear() === year && value.getUTCMonth() === month - 1 && value.getUTCDate() === day
    ? value
    : null
}

/**
 * The instant (epoch milliseconds) of a `YYYY-MM-DD` date at an optional `HH:mm` time in Manila,
 * or null when either is not valid. The Philippines keeps UTC+8 all year (no daylight saving since
 * 1978), so a fixed offset is exact.
 */
export function manilaInstant(date: string | null | undefined, time = '00:00'): number | null {
  const day = calendarDay(date)
  const clock = hhmm.exec(time)
  if (!day || !clock) return null
  return day.getTime() + (Number(clock[1]) * 60 + Number(clock[2]) - 8 * 60) * 60_000
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
  const parts = format.formatToParts(day)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('weekday')}, ${day.getUTCDate()} ${part('month')} ${day.getUTCFullYear()}`
}

/** "4:00 PM" from "16:00" (a Manila clock time), or '' when the date or the time is not valid. */
export function formatTime(date: string | null | undefined, time: string | null | undefined) {
  const clock = time ? hhmm.exec(time) : null
  if (!clock || !calendarDay(date ?? '2000-01-01')) return ''
  const hours = Number(clock[1])
  return `${hours % 12 || 12}:${clock[2]} ${hours < 12 ? 'AM' : 'PM'}`
}

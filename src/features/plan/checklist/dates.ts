import { dayjs, dayjsLocale, type DateLanguage } from '@/lib/dates'

/** "12 Dis 2026" / "12 Dec 2026": a due or issue date in a list, '' when there is none. */
export function shortDate(date: string | null | undefined, language: DateLanguage) {
  return date ? dayjs(date).locale(dayjsLocale[language]).format('D MMM YYYY') : ''
}

/** "Hunyo 2027" / "June 2027": a month's heading (`YYYY-MM`). */
export function monthHeading(month: string, language: DateLanguage) {
  return dayjs(`${month}-01`).locale(dayjsLocale[language]).format('MMMM YYYY')
}

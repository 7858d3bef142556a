import { toManila } from '@/lib/dates'

/** "12 Oktubre 2027, 4:05 PM" in Manila time, in the reader's language. */
export function formatDateTime(value: string | null | undefined, language: string) {
  if (!value) return ''
  const time = toManila(value)
  if (!time.isValid()) return ''
  return time.locale(language === 'en' ? 'en' : 'tl-ph').format('D MMMM YYYY, h:mm A')
}

export function dateLanguage(language: string) {
  return language === 'en' ? 'en' : 'fil'
}

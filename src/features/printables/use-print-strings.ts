import { useStringsIn } from '@/lib/i18n/use-strings-in'
import type { Language, TFunction } from '@/lib/i18n'

const namespaces = ['printables', 'site'] as const

/**
 * The printed words in the language chosen for paper, which may not be the screen's: the
 * printables' own, and the site's names for the entourage (`party.*`), the words the guests read on
 * the wedding site. Null until both have arrived.
 */
export function usePrintStrings(language: Language): { t: TFunction; party: TFunction } | null {
  const strings = useStringsIn(language, namespaces)
  return strings && { t: strings.printables, party: strings.site }
}

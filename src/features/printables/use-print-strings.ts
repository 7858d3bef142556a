import { useSyncExternalStore } from 'react'
import {
  fixedT,
  hasStrings,
  loadNamespaces,
  onStringsChange,
  stringsVersion,
  type Language,
  type TFunction,
} from '@/lib/i18n'

const namespaces = ['printables', 'site'] as const

/**
 * The printed words in the language chosen for paper, which may not be the screen's: the
 * printables' own, and the site's names for the entourage (`party.*`), the words the guests read on
 * the wedding site. Null until both have arrived.
 */
export function usePrintStrings(language: Language): { t: TFunction; party: TFunction } | null {
  useSyncExternalStore(onStringsChange, stringsVersion)
  if (!namespaces.every((namespace) => hasStrings(language, namespace))) {
    // The store's change renders again once they arrive; a failure shows the keys.
    loadNamespaces(namespaces, language).catch(() => undefined)
    return null
  }
  return { t: fixedT(language, 'printables'), party: fixedT(language, 'site') }
}

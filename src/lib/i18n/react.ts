import { useMemo, useSyncExternalStore } from 'react'
import {
  currentLanguage,
  fixedT,
  hasStrings,
  loadNamespaces,
  onStringsChange,
  stringsVersion,
  type Language,
  type TFunction,
} from './index'

/**
 * `useTranslation` for the guest pages and the pieces they share with management, shaped like
 * react-i18next's so a file changes only its import: `t` for the namespace (`common` when none
 * is named), `i18n.language`, and `ready`. Like react-i18next it suspends until the namespace's
 * strings have arrived (or, with `useSuspense: false`, renders with `ready` false and again once
 * they have), and re-renders on every language switch.
 */
export function useTranslation(namespace = 'common', options: { useSuspense?: boolean } = {}) {
  useSyncExternalStore(onStringsChange, stringsVersion)
  const language = currentLanguage()
  const t = useMemo<TFunction>(() => fixedT(language, namespace), [language, namespace])
  const i18n = useMemo<{ language: Language }>(() => ({ language }), [language])
  const ready = hasStrings(language, namespace)
  if (!ready) {
    const pending = loadNamespaces([namespace], language)
    if (options.useSuspense !== false) throw pending
    // Not suspending: the store's change re-renders once they arrive; a failure shows the keys.
    pending.catch(() => undefined)
  }
  return { t, i18n, ready }
}

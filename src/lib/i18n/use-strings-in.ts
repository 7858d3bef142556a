import { useSyncExternalStore } from 'react'
import {
  fixedT,
  hasStrings,
  loadNamespaces,
  onStringsChange,
  stringsVersion,
  type Language,
  type TFunction,
} from './index'

/**
 * Strings of `namespaces` in a language that may not be the screen's (what is printed on paper, or
 * sent, in the language chosen for it): a `t` per namespace, or null until they have all arrived
 * (the component renders again then; a failed load shows the keys).
 */
export function useStringsIn<const N extends string>(
  language: Language,
  namespaces: readonly N[],
): Record<N, TFunction> | null {
  useSyncExternalStore(onStringsChange, stringsVersion)
  if (!namespaces.every((namespace) => hasStrings(language, namespace))) {
    loadNamespaces(namespaces, language).catch(() => undefined)
    return null
  }
  return Object.fromEntries(
    namespaces.map((namespace) => [namespace, fixedT(language, namespace)]),
  ) as Record<N, TFunction>
}

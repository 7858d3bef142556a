import { translate, type Strings, type TFunction, type TranslateOptions } from './translate'

export type { TFunction, TranslateOptions } from './translate'

export const languages = ['fil', 'en'] as const
export type Language = (typeof languages)[number]

/** The public site speaks Filipino first; sign-in and management speak English first. */
export type LanguageArea = 'site' | 'app'
const areaDefaults: Record<LanguageArea, Language> = { site: 'fil', app: 'en' }
const storageKey = (area: LanguageArea) => `kasalan.language.${area}`

export function areaOfPath(pathname: string): LanguageArea {
  return /^\/(auth|manage|join)(\/|$)/.test(pathname) ? 'app' : 'site'
}

/** The language the reader chose for this area, or null if they never chose. */
export function savedLanguage(area: LanguageArea): Language | null {
  try {
    const saved = localStorage.getItem(storageKey(area))
    if (saved === 'fil' || saved === 'en') return saved
  } catch {
    // Storage can be blocked (private mode); the default language still works.
  }
  return null
}

export function preferredLanguage(area: LanguageArea): Language {
  return savedLanguage(area) ?? areaDefaults[area]
}

export function setPreferredLanguage(area: LanguageArea, language: Language) {
  try {
    localStorage.setItem(storageKey(area), language)
  } catch {
    // Not persisted, but the switch below still applies for this visit.
  }
  return applyLanguage(language)
}

/*
 * The one language store of the app. The guest pages read their strings straight from it (see
 * ./react.ts): a guest never downloads i18next. Management's screens use i18next (./i18next.ts),
 * which reads the same strings and follows this store's language.
 */

// Every namespace of every language is its own small chunk, fetched when a screen first needs it:
// a guest downloads only the Filipino strings of the site.
const loaders = import.meta.glob<{ default: Strings }>('../../locales/*/*.json')
const resources: Record<Language, Record<string, Strings | undefined>> = { fil: {}, en: {} }
const loading = new Map<string, Promise<Strings>>()
let current: Language = 'fil'
let wanted: Language = current
let version = 0
const listeners = new Set<() => void>()
let followers: ((language: Language) => Promise<unknown>)[] = []

function changed() {
  version += 1
  for (const listener of listeners) listener()
}

/** One namespace's strings in one language, fetched once and shared by both engines. */
export function loadStrings(language: Language, namespace: string): Promise<Strings> {
  const cacheKey = `${language}/${namespace}`
  let pending = loading.get(cacheKey)
  if (!pending) {
    const load = loaders[`../../locales/${cacheKey}.json`]
    pending = (load ? load().then((module) => module.default) : Promise.resolve({})).then(
      (strings) => {
        resources[language][namespace] = strings
        changed()
        return strings
      },
    )
    // A failed fetch (a flaky connection) may be tried again.
    pending.catch(() => loading.delete(cacheKey))
    loading.set(cacheKey, pending)
  }
  return pending
}

export function hasStrings(language: Language, namespace: string) {
  return resources[language][namespace] !== undefined
}

export function loadNamespaces(namespaces: readonly string[], language: Language = current) {
  return Promise.all(namespaces.map((namespace) => loadStrings(language, namespace))).then(
    () => undefined,
  )
}

/** Strings given directly (tests, which render without fetching). */
export function addStrings(language: Language, namespace: string, strings: Strings) {
  resources[language][namespace] = strings
  loading.set(`${language}/${namespace}`, Promise.resolve(strings))
  changed()
}

export function currentLanguage(): Language {
  return current
}

/** Changes on every language switch and every namespace that arrives (for React's store hook). */
export function stringsVersion() {
  return version
}

export function onStringsChange(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** i18next, once management has started it, switches language whenever this store does. */
export function followLanguage(follower: (language: Language) => Promise<unknown>) {
  followers = [...followers, follower]
}

/** A `t` for one namespace in one language, reading whatever strings have arrived. */
export function fixedT(language: Language, namespace = 'common'): TFunction {
  return (key: string, options?: TranslateOptions) =>
    translate(resources[language], language, namespace, key, options)
}

/**
 * Switches the whole app: the strings already in use arrive in the new language first, so no
 * screen flashes keys or suspends, then both engines and `<html lang>` change together.
 */
export async function applyLanguage(language: Language) {
  wanted = language
  if (language !== current) {
    // A failed fetch still switches: the screens then fetch what they miss themselves.
    await loadNamespaces(Object.keys(resources[current]), language).catch(() => undefined)
    // A later switch (a second tap) wins.
    if (wanted !== language) return
    current = language
    changed()
  }
  await Promise.all(followers.map((follow) => follow(language)))
  document.documentElement.lang = language
}

/** Before the first render: the reader's language for this part of the app, and the common strings. */
export function initI18n(pathname: string) {
  current = wanted = preferredLanguage(areaOfPath(pathname))
  document.documentElement.lang = current
  // A failed fetch must not stop the app from starting: the screens then fetch what they miss.
  return loadNamespaces(['common']).catch(() => undefined)
}

import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'

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

export async function applyLanguage(language: Language) {
  if (i18next.language !== language) await i18next.changeLanguage(language)
  document.documentElement.lang = language
}

// Every namespace of every language is its own small chunk, fetched when a screen first needs it:
// a guest downloads only the Filipino strings of the site.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json')

const lazyNamespaces: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../../locales/${language}/${namespace}.json`]
    if (!load) return callback(null, {})
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    )
  },
}

export function initI18n(pathname: string) {
  const language = preferredLanguage(areaOfPath(pathname))
  document.documentElement.lang = language
  return i18next
    .use(lazyNamespaces)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...languages],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    })
}

export { i18next as i18n }

import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { currentLanguage, followLanguage, languages, loadStrings, type Language } from './index'

/*
 * i18next for sign-in and management (Trans, plurals, formatting everywhere), loaded only with
 * their screens: the router's lazy routes call `startI18next` before drawing one. It reads the
 * strings through the same loader as the guest pages (each file fetched once) and follows the
 * app's language store, so `applyLanguage` switches both.
 */
const sharedStrings: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadStrings(language as Language, namespace).then(
      (strings) => callback(null, strings),
      (error: Error) => callback(error, null),
    )
  },
}

let started: Promise<unknown> | undefined

/** Starts i18next once, in the store's language, and loads `namespaces` into it. */
export async function startI18next(namespaces: readonly string[] = []) {
  started ??= i18next
    .use(sharedStrings)
    .use(initReactI18next)
    .init({
      lng: currentLanguage(),
      fallbackLng: false,
      supportedLngs: [...languages],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .then(() => {
      followLanguage(async (language) => {
        if (i18next.language !== language) await i18next.changeLanguage(language)
      })
      // The store may have switched while i18next started.
      if (i18next.language !== currentLanguage()) return i18next.changeLanguage(currentLanguage())
    })
  await started
  if (namespaces.length) await i18next.loadNamespaces([...namespaces])
  return i18next
}

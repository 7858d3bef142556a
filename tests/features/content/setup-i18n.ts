import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import enContent from '@/locales/en/content.json'
import enCommon from '@/locales/en/common.json'
import filContent from '@/locales/fil/content.json'
import filCommon from '@/locales/fil/common.json'

/** i18next with the editor's real strings, English first, as management starts. */
export async function setUpI18n(language: 'en' | 'fil' = 'en') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      ns: ['common', 'content'],
      defaultNS: 'common',
      resources: {
        en: { common: enCommon, content: enContent },
        fil: { common: filCommon, content: filContent },
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
  }
  await i18next.changeLanguage(language)
  return i18next
}

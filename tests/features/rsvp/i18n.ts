import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import enCommon from '@/locales/en/common.json'
import enInvitations from '@/locales/en/invitations.json'
import enRsvp from '@/locales/en/rsvp.json'
import filCommon from '@/locales/fil/common.json'
import filInvitations from '@/locales/fil/invitations.json'
import filRsvp from '@/locales/fil/rsvp.json'

/** i18next with the real common, rsvp and invitations strings, Filipino first as the public site starts. */
export async function setUpI18n(language: 'fil' | 'en' = 'fil') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      ns: ['common', 'rsvp', 'invitations'],
      defaultNS: 'common',
      resources: {
        fil: { common: filCommon, rsvp: filRsvp, invitations: filInvitations },
        en: { common: enCommon, rsvp: enRsvp, invitations: enInvitations },
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
  }
  await i18next.changeLanguage(language)
  return i18next
}

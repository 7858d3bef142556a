import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { addStrings, applyLanguage, languages } from '@/lib/i18n'
import enCommon from '@/locales/en/common.json'
import enInvitations from '@/locales/en/invitations.json'
import enRsvp from '@/locales/en/rsvp.json'
import enRsvps from '@/locales/en/rsvps.json'
import enSearch from '@/locales/en/search.json'
import filCommon from '@/locales/fil/common.json'
import filInvitations from '@/locales/fil/invitations.json'
import filRsvp from '@/locales/fil/rsvp.json'
import filRsvps from '@/locales/fil/rsvps.json'
import filSearch from '@/locales/fil/search.json'

const resources = {
  fil: {
    common: filCommon,
    rsvp: filRsvp,
    rsvps: filRsvps,
    search: filSearch,
    invitations: filInvitations,
  },
  en: {
    common: enCommon,
    rsvp: enRsvp,
    rsvps: enRsvps,
    search: enSearch,
    invitations: enInvitations,
  },
}

/**
 * The real common, rsvp (the guest's), rsvps (the couple's RSVPs tab), search (the site's name
 * search) and invitations strings, Filipino first as the public site starts: in i18next (the RSVP
 * pages) and in the app's language store (the site's name search, the 404 page).
 */
export async function setUpI18n(language: 'fil' | 'en' = 'fil') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      ns: ['common', 'rsvp', 'rsvps', 'search', 'invitations'],
      defaultNS: 'common',
      resources,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
  }
  await i18next.changeLanguage(language)
  for (const lng of languages) {
    for (const [namespace, strings] of Object.entries(resources[lng]))
      addStrings(lng, namespace, strings)
  }
  await applyLanguage(language)
  return i18next
}

import i18next from 'i18next'
import type { ReactElement } from 'react'
import { initReactI18next } from 'react-i18next'
import type { Section, Site } from '@/lib/api'
import enCommon from '@/locales/en/common.json'
import enSite from '@/locales/en/site.json'
import filCommon from '@/locales/fil/common.json'
import filSite from '@/locales/fil/site.json'
import demo from '../../../supabase/seed-data/demo-wedding.json'
import { renderRoutes } from '../../support/site-router'

/** i18next with the site's real strings, Filipino first, as the public site starts. */
export async function setUpI18n(language: 'fil' | 'en' = 'fil') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      ns: ['common', 'site'],
      defaultNS: 'common',
      resources: { fil: { common: filCommon, site: filSite }, en: { common: enCommon, site: enSite } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
  }
  await i18next.changeLanguage(language)
  return i18next
}

/** Renders inside the public site's router at `path` (routes as the public site has them). */
export function renderAt(element: ReactElement, path = '/wedding/isabel-and-miguel') {
  return renderRoutes(
    [
      { path: '/', element },
      { path: '/wedding/:slug', element },
      { path: '/wedding/:slug/:section', element },
      { path: '/404', element: <p>not found page</p> },
    ],
    path,
  )
}

/** The demo wedding's site, as get_site returns it to a visitor. */
export function demoSite(overrides: Partial<Site> = {}): Site {
  const { wedding } = demo
  return {
    slug: wedding.slug,
    title: wedding.title,
    isPublished: true,
    isOwner: false,
    wedding: {
      id: wedding.id,
      slug: wedding.slug,
      title: wedding.title,
      bride: wedding.bride,
      groom: wedding.groom,
      date: wedding.date,
      theme: { name: 'classic' },
      rsvpDeadline: wedding.rsvpDeadline,
      contact: wedding.contact,
    },
    sections: demo.sections.filter((section) => section.visible) as Section[],
    ...overrides,
  }
}

/** One of the demo's sections by type, optionally with other data. */
export function demoSection(type: Section['type'], data?: Record<string, unknown>): Section {
  const section = demo.sections.find((candidate) => candidate.type === type) as Section
  return data === undefined ? section : { ...section, data }
}

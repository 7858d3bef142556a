import type { ReactElement } from 'react'
import type { Section, Site } from '@/lib/api'
import { addStrings, applyLanguage, languages, type Language } from '@/lib/i18n'
import enCommon from '@/locales/en/common.json'
import enSite from '@/locales/en/site.json'
import filCommon from '@/locales/fil/common.json'
import filSite from '@/locales/fil/site.json'
import demo from '../../../supabase/seed-data/demo-wedding.json'
import { renderRoutes } from '../../support/routing'

const strings = {
  fil: { common: filCommon, site: filSite },
  en: { common: enCommon, site: enSite },
}

/**
 * The site's real strings in the app's language store, Filipino first, as the public site starts
 * (the site never uses i18next).
 */
export async function setUpI18n(language: Language = 'fil') {
  for (const lng of languages) {
    for (const [namespace, value] of Object.entries(strings[lng])) addStrings(lng, namespace, value)
  }
  await applyLanguage(language)
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
    isCouple: false,
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

import type { TFunction } from '@/lib/i18n'
import { useTranslation } from '@/lib/i18n/react'
import type { Section } from '@/lib/api'
import type { DateLanguage } from '@/lib/manila-time'
import { isDefaultTitle, sectionHeader, type SectionHeader } from '@/lib/site-content'

/**
 * A section's header for the reader's language: a title the couple never changed (the defaults
 * Pagtitipon, Tuluyan, …) reads in the site's language; a title they wrote stays as written.
 */
export function useSectionHeader(section: Section): SectionHeader {
  const { t } = useTranslation('site')
  const header = sectionHeader(section)
  return { ...header, title: translatedTitle(section.type, header.title, t) }
}

/** A section's title as the drawer and the header show it. */
export function sectionTitle(section: Section, t: TFunction) {
  if (section.type === 'home') return t('nav.home')
  return translatedTitle(section.type, sectionHeader(section).title, t)
}

function translatedTitle(type: string, title: string | null, t: TFunction) {
  return isDefaultTitle(type, title) ? t(`common:sections.${type}`) : title
}

/** The language dates are written in: Filipino unless the visitor chose English. */
export function useDateLanguage(): DateLanguage {
  const { i18n } = useTranslation('site')
  return i18n.language === 'en' ? 'en' : 'fil'
}

import type { TFunction } from 'i18next'
import { displayCouple } from '@/lib/names'
import {
  homeTitleFollowsNames,
  isDefaultTitle,
  sectionHeader,
  type HeaderSource,
} from '@/lib/site-content'

type Person = { firstName: string; lastName?: string }

/**
 * A section's title as the content editor lists it, read as the site reads it: the couple's own
 * title as written; a home title that is still their names, as the names are shown; a default
 * title (Handog, Pagtitipon, …) or none, as the section's name in the editor's language.
 */
export function editorSectionTitle(
  section: HeaderSource & { type: string },
  wedding: { bride: Person; groom: Person },
  t: TFunction,
) {
  if (homeTitleFollowsNames(section, wedding))
    return displayCouple(wedding.bride, wedding.groom) || t(`common:sections.${section.type}`)
  const title = sectionHeader(section).title
  return title === null || isDefaultTitle(section.type, title)
    ? t(`common:sections.${section.type}`)
    : title
}

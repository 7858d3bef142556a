import { readImage, type StoredImage } from './images'
import { isCoupleTitle } from '../names'

/** The header above a section: optional title, image and description (line breaks kept). */
export interface SectionHeader {
  title: string | null
  description: string | null
  image: string | StoredImage | null
}

interface HeaderFields {
  title?: unknown
  description?: unknown
  image?: unknown
}

/** A section as far as its header goes: its own fields, and its data's `header`. */
export interface HeaderSource {
  /** The section row's own title. */
  title?: string | null
  /** A header object carried on the section itself, when there is one. */
  header?: HeaderFields | null
  data?: { header?: unknown } | null
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

/** A photo as every photo field reads (readImage): a stored one without a sensible size is none. */
function image(value: unknown): string | StoredImage | null {
  return typeof value === 'string' ? text(value) : (readImage(value) ?? null)
}

function fieldsOf(value: unknown): HeaderFields {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as HeaderFields) : {}
}

/**
 * The header to show. Field by field, the section's own header (its `header` object, and its own
 * title) wins over the header inside its data; a blank value counts as missing.
 */
export function sectionHeader(section: HeaderSource): SectionHeader {
  const own = fieldsOf(section.header)
  const fromData = fieldsOf(section.data?.header)
  return {
    title: text(own.title) ?? text(section.title) ?? text(fromData.title),
    description: text(own.description) ?? text(fromData.description),
    image: image(own.image) ?? image(fromData.image),
  }
}

/** The titles a new wedding's sections start with (migration 0001), which the site may translate. */
export const defaultSectionTitles: Readonly<Record<string, string>> = {
  'our-story': 'Ang Aming Kuwento',
  schedule: 'Pagtitipon',
  travel: 'Tuluyan',
  'wedding-party': 'Gabay',
  gallery: 'Larawan',
  'things-to-do': 'Pasyalan at Kainan',
  registry: 'Handog',
  faqs: 'Katanungan',
  rsvp: 'RSVP',
}

/** True when a title is still the default for its type: the couple has not written their own. */
export function isDefaultTitle(type: string, title: string | null) {
  return title === null || defaultSectionTitles[type] === title
}

interface Couple {
  bride?: { firstName?: string | null } | null
  groom?: { firstName?: string | null } | null
}

/**
 * True when the home page's title is still the couple's names (sign-up saves them, as typed): it
 * then follows the names, shown capitalised, instead of being a title of the couple's own.
 */
export function homeTitleFollowsNames(section: HeaderSource & { type: string }, wedding: Couple) {
  if (section.type !== 'home') return false
  const home = fieldsOf(section.data) as Couple
  return isCoupleTitle(
    sectionHeader(section).title,
    [wedding.bride, wedding.groom],
    [home.bride, home.groom],
  )
}

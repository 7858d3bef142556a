/** Which sections a site shows, where each one lives, and small facts the sections share. */
import { displayName } from '@/lib/names'
import { sectionTypes } from '@/lib/site-content/section-types'

interface SectionLike {
  type: string
  path: string
  visible: boolean
  orderIndex: number
}

/** The sections a visitor sees, in the couple's order. */
export function visibleSections<S extends SectionLike>(sections: readonly S[]): S[] {
  return sections.filter((section) => section.visible).sort((a, b) => a.orderIndex - b.orderIndex)
}

/** Types a wedding has at most one of: their pages are addressed by type (`/wedding/x/schedule`). */
const singleTypes = new Set<string>(
  sectionTypes.filter((type) => type !== 'about' && type !== 'custom'),
)

/** The last part of a section's page address: its type, or its own path for custom pages. */
export function sectionSegment(section: SectionLike, all: readonly SectionLike[]): string {
  const unique =
    singleTypes.has(section.type) && all.filter((other) => other.type === section.type).length === 1
  return unique ? section.type : section.path
}

/** The visible section a page address names (by type, else by path); undefined when none. */
export function findSection<S extends SectionLike>(
  sections: readonly S[],
  segment: string,
): S | undefined {
  const visible = visibleSections(sections)
  return (
    visible.find((section) => sectionSegment(section, visible) === segment) ??
    visible.find((section) => section.path === segment)
  )
}

interface Names {
  firstName?: string | null
  lastName?: string | null
}

/** The couple's first names as the site shows them (capitalised): the wedding's, else the home page's. */
export function coupleNames(
  wedding: { bride: Names; groom: Names },
  home: { bride?: Names; groom?: Names } = {},
) {
  const first = (...names: Array<Names | undefined>) =>
    names.map((name) => displayName(name?.firstName)).find(Boolean) ?? ''
  // The wedding's names are the ones the couple edits in their details; a home page's own names
  // (written by older versions at sign-up) only fill a gap.
  const bride = first(wedding.bride, home.bride)
  const groom = first(wedding.groom, home.groom)
  const full = [bride, groom].filter(Boolean).join(' & ')
  const initials = [bride, groom]
    .filter(Boolean)
    .map((name) => name.charAt(0).toUpperCase())
    .join(' & ')
  return { bride, groom, full, initials }
}

/** A Google Maps search for a place, from whichever parts of its address are known. */
export function mapSearchUrl(parts: ReadonlyArray<string | null | undefined>) {
  const query = parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}

/** An address on one line: "18 Daang Pino, Baguio City, Benguet 2600, Philippines". */
export function addressLine(
  address:
    | {
        street?: string | null
        city?: string | null
        state?: string | null
        zip?: string | null
        country?: string | null
      }
    | null
    | undefined,
) {
  if (!address) return ''
  const stateZip = [address.state, address.zip]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return [address.street, address.city, stateZip, address.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
}

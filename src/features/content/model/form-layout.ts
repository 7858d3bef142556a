import type { SectionType, Shape } from '@/lib/site-content'

/**
 * How the editor lays out a type's shape: the keys it does not edit here, and the fields that get
 * a control of their own instead of the one their leaf kind implies.
 */

/** Top-level data keys not edited in the content editor (the home's names and date come from the
 * wedding details, edited in the builder; the home's `stories` are the spec's, shown nowhere: the
 * couple's story is the Our Story page's, edited there; `body` is the older free text of custom
 * pages). */
export const hiddenKeys: Partial<Record<SectionType, readonly string[]>> = {
  home: ['bride', 'groom', 'wedding', 'stories'],
  about: ['body'],
  custom: ['body'],
  gallery: [],
}

export type Widget = 'eventType' | 'paymentLabel' | 'twoColumns' | 'hidden'

/** By `type:path` with list indexes as `*`. */
const widgets: Record<string, Widget> = {
  'schedule:events.*.type': 'eventType',
  // An event's id is the database's (RSVPs are kept by it): never shown, kept through edits and moves.
  'schedule:events.*.id': 'hidden',
  'registry:paymentOptions.*.label': 'paymentLabel',
  'wedding-party:entourage.principalSponsors': 'twoColumns',
  'gallery:images.*.src': 'hidden',
}

export function widgetFor(
  type: SectionType,
  path: ReadonlyArray<string | number>,
): Widget | undefined {
  const pattern = path.map((key) => (typeof key === 'number' ? '*' : key)).join('.')
  // Every header's title is the section's own title, edited above the data's fields.
  if (pattern === 'header.title') return 'hidden'
  return widgets[`${type}:${pattern}`]
}

export const eventTypes = ['ceremony', 'cocktail', 'reception'] as const
export const paymentLabels = ['GCash', 'Maya', 'BDO', 'BPI', 'Metrobank'] as const

/** A new, empty item for a list of this shape (a colour swatch starts with a colour). */
export function newItem(shape: Shape): unknown {
  if (typeof shape === 'string') return ''
  if (Array.isArray(shape)) return []
  const keys = Object.keys(shape)
  if (keys.includes('hex')) return { name: '', hex: '#d4af37' }
  if (keys.includes('kind')) return { kind: 'paragraph', text: '' }
  return {}
}

/** Whether a shape holds a date or a time field (the form then says once that they are Manila's). */
export function hasDateOrTime(shape: Shape): boolean {
  if (typeof shape === 'string') return shape === 'date' || shape === 'time'
  return (Array.isArray(shape) ? shape : Object.values(shape as Record<string, Shape>)).some(
    hasDateOrTime,
  )
}

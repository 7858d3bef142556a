/** Every kind of section a wedding site has; the database's `sections.type` allows the same. */
export const sectionTypes = [
  'home',
  'our-story',
  'schedule',
  'travel',
  'registry',
  'wedding-party',
  'gallery',
  'things-to-do',
  'faqs',
  'rsvp',
  'about',
  'custom',
] as const
export type SectionType = (typeof sectionTypes)[number]

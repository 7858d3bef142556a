import {
  array,
  boolean,
  either,
  nullable,
  nullish,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
  type Read,
} from '@/lib/read-json'
import { sectionTypes } from '@/lib/site-content/section-types'

/*
 * What `get_site` answers (supabase/schemas/04_site.sql, docs/database-contract.md), read by hand
 * rather than with zod: it is the first thing every guest's phone reads. Management's answers that
 * hold the same parts (a section, the couple's names) read them with these readers too, through
 * `./schemas`.
 */

const text = nullish(string)

export const personName = object({ firstName: string, lastName: string })
export type PersonName = Read<typeof personName>

export const section = object({
  id: string,
  weddingId: string,
  type: oneOf(sectionTypes),
  label: text,
  title: text,
  path: string,
  visible: boolean,
  data: record,
  orderIndex: number,
})
export type Section = Read<typeof section>

// Free-form like a section's data: the site reads it leniently (an unknown name means classic).
export const theme = record
export type Theme = Read<typeof theme>

export const contact = object({ email: text, phone: text, names: text, messenger: text })
export type Contact = Read<typeof contact>

/** Where the wedding is (0007); blank strings when not given. */
export const weddingLocation = object({ venue: string, city: string, country: string })
export type WeddingLocation = Read<typeof weddingLocation>

export const siteLanguages = ['fil', 'en'] as const
export type SiteLanguage = (typeof siteLanguages)[number]

/** The details 0007 added; optional so that the built-in demo (which predates them) still parses. */
const weddingDetails = {
  location: optional(weddingLocation),
  hashtag: optional(string),
  siteLanguage: optional(oneOf(siteLanguages)),
}

/**
 * The site as the app draws it (the public site, the built-in demo, management's previews).
 * `isCouple`: the one reading it is the owner or the partner (kasalan_private.can_manage), who
 * see it unpublished, its hidden sections, and the banner to publish it.
 */
export const site = object({
  slug: string,
  title: text,
  isPublished: boolean,
  isCouple: boolean,
  wedding: object({
    id: string,
    slug: string,
    title: text,
    bride: personName,
    groom: personName,
    date: nullable(string),
    theme,
    rsvpDeadline: nullable(string),
    contact,
    ...weddingDetails,
  }),
  sections: array(section),
})
export type Site = Read<typeof site>

/** What get_site answers for a wedding's earlier slug: go to its current one. */
export const siteRedirect = object({ redirectTo: string })
export type SiteRedirect = Read<typeof siteRedirect>

/** The whole answer of get_site: a site, a redirect, or null for none. */
export const siteAnswer = nullable(either(site, siteRedirect))

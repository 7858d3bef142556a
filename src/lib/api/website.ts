import * as z from 'zod/mini'
import { call } from './call'
import {
  wedding,
  type Contact,
  type PersonName,
  type SiteLanguage,
  type WeddingLocation,
} from './schemas'

/* The website builder's calls (supabase/schemas/04_site.sql). Owner only. */

/** The wedding details the couple edits; every field is sent on each save. */
export interface WeddingDetailsInput {
  bride: PersonName
  groom: PersonName
  /** `YYYY-MM-DD`, or null while the couple is still deciding. */
  date: string | null
  location: WeddingLocation
  hashtag: string
  contact: Contact
  siteLanguage: SiteLanguage
}

/** Saves the wedding's details; returns the wedding. */
export function updateWeddingDetails(weddingId: string, details: WeddingDetailsInput) {
  return call('update_wedding_details', { p_wedding_id: weddingId, p_details: details }, wedding)
}

export const slugStatuses = ['available', 'taken', 'not_allowed'] as const
export type SlugStatus = (typeof slugStatuses)[number]

/** Whether a slug is free for this wedding's site (its own, now or before, is available); nothing more. */
export function checkWeddingSlug(weddingId: string, slug: string) {
  return call(
    'check_wedding_slug',
    { p_slug: slug, p_wedding_id: weddingId },
    z.object({ status: z.enum(slugStatuses) }),
  )
}

/** Moves the site to a new slug; the old one keeps leading there. */
export function changeWeddingSlug(weddingId: string, slug: string) {
  return call('change_wedding_slug', { p_wedding_id: weddingId, p_slug: slug }, wedding)
}

/** One section as the builder saves it: never its data or title (the content editor's). */
export interface SectionStructure {
  id?: string
  type: string
  label: string
  path: string
  visible: boolean
}

/** Saves the site's sections (order from position) and theme in one transaction. */
export function saveSiteStructure(
  weddingId: string,
  sections: SectionStructure[],
  theme: Record<string, unknown>,
) {
  return call(
    'save_site_structure',
    { p_wedding_id: weddingId, p_sections: sections, p_theme: theme },
    wedding,
  )
}

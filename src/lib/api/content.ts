import * as z from 'zod/mini'
import { call } from './call'
import { section } from './schemas'

/** One section as the content editor loads and saves it (supabase/schemas/04_site.sql). */
export const sectionContent = z.object({
  section,
  /** When its title or data last changed: the base a save must still match. */
  contentUpdatedAt: z.string(),
})
export type SectionContent = z.infer<typeof sectionContent>

/** One section of the couple's wedding with its content's version. */
export function getSectionContent(sectionId: string) {
  return call('get_section_content', { p_section_id: sectionId }, sectionContent)
}

/**
 * Saves one section's title and data. `baseContentUpdatedAt` is the version the editor loaded; if
 * the content changed since, it fails with section_content_conflict. Null saves regardless.
 */
export function saveSectionContent(
  sectionId: string,
  title: string,
  data: Record<string, unknown>,
  baseContentUpdatedAt: string | null,
) {
  return call(
    'save_section_content',
    {
      p_section_id: sectionId,
      p_title: title,
      p_data: data,
      p_base_content_updated_at: baseContentUpdatedAt,
    },
    sectionContent,
  )
}

/** The uploaded photos (`<wedding id>/<file>`) the wedding's content still names. */
export function getMediaInUse(weddingId: string) {
  return call('media_in_use', { p_wedding_id: weddingId }, z.array(z.string()))
}

import * as z from 'zod/mini'
import { call } from './call'

/** A seating layout as kasalan.get_seating_layout returns it (see supabase/schemas/05_seating.sql). */

export const seatingTableTypes = ['round', '1-sided', '2-sided', '4-sided'] as const

export const seatingLayout = z.object({
  tables: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      type: z.enum(seatingTableTypes),
    }),
  ),
  seats: z.array(
    z.object({
      id: z.string(),
      tableId: z.string(),
      x: z.number(),
      y: z.number(),
      householdId: z.nullable(z.string()),
      personId: z.nullable(z.string()),
    }),
  ),
})
export type SeatingLayoutRecord = z.infer<typeof seatingLayout>

export const savedSeatingLayout = z.object({
  weddingId: z.string(),
  layout: seatingLayout,
  /** When it was last saved; null before the first save. */
  updatedAt: z.nullable(z.string()),
})
export type SavedSeatingLayout = z.infer<typeof savedSeatingLayout>

/** The wedding's seating layout, without people who have left the guest list. */
export function getSeatingLayout(weddingId: string) {
  return call('get_seating_layout', { p_wedding_id: weddingId }, savedSeatingLayout)
}

/**
 * Saves the whole layout. `baseUpdatedAt` is the updatedAt the layout was built on ('-infinity'
 * when there was none); if the saved one changed since, it fails with seating_layout_conflict.
 * Pass null to save regardless.
 */
export function saveSeatingLayout(
  weddingId: string,
  layout: SeatingLayoutRecord,
  baseUpdatedAt: string | null,
) {
  return call(
    'save_seating_layout',
    { p_wedding_id: weddingId, p_layout: layout, p_base_updated_at: baseUpdatedAt },
    savedSeatingLayout,
  )
}

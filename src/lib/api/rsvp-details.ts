import * as z from 'zod/mini'
import { call } from './call'

/*
 * What the RSVPs tab shows beside the replies the shared guest list already has (0022). Imported on
 * its own, not through `@/lib/api`: the public site never needs it.
 */

const text = z.nullish(z.string())

export const rsvpDetails = z.object({
  /** Households that left a message (or whose message was cleared). */
  messages: z.array(z.object({ householdId: z.string(), message: text, messageAt: text })),
  /** Persons whose reply was recorded, by whom (`recordedByName`: another member, as in list_rsvps). */
  recorded: z.array(
    z.object({
      personId: z.string(),
      recordedBy: z.nullish(z.enum(['guest', 'couple'])),
      recordedByName: text,
    }),
  ),
})
export type RsvpDetails = z.infer<typeof rsvpDetails>

/** The wedding's reply messages and who recorded each reply, only where there is one. */
export function listRsvpDetails(weddingId: string) {
  return call('list_rsvp_details', { p_wedding_id: weddingId }, rsvpDetails)
}

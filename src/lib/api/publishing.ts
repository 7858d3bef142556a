import * as z from 'zod/mini'
import { call } from './call'

export const publishedState = z.object({
  id: z.string(),
  slug: z.string(),
  isPublished: z.boolean(),
})
export type PublishedState = z.infer<typeof publishedState>

/** Publishes (or unpublishes) the couple's wedding site; only its owner may. */
export function setWeddingPublished(weddingId: string, published: boolean) {
  return call(
    'set_wedding_published',
    { p_wedding_id: weddingId, p_published: published },
    publishedState,
  )
}

import { boolean, object, string, type Read } from '@/lib/read-json'
import { callRead } from './call'

/** Called from the couple's banner on their own site, which the guests' pages carry. */
export const publishedState = object({ id: string, slug: string, isPublished: boolean })
export type PublishedState = Read<typeof publishedState>

/** Publishes (or unpublishes) the couple's wedding site; only its owner may. */
export function setWeddingPublished(weddingId: string, published: boolean) {
  return callRead(
    'set_wedding_published',
    { p_wedding_id: weddingId, p_published: published },
    publishedState,
  )
}

// The offline draft: the layout as last edited in this browser, kept in localStorage so nothing is
// lost when a save fails or the tab closes before it finishes. The database stays the source of
// truth; see the seating store for how a draft and the saved layout are reconciled on load.

import * as z from 'zod/mini'
import { seatingLayout } from '@/lib/api'
import type { SeatingLayout } from './model'

export interface SeatingDraft {
  layout: SeatingLayout
  /** The saved layout's updatedAt this draft was built on; null if there was none. */
  baseUpdatedAt: string | null
  /** True until the database has this very layout. */
  dirty: boolean
  /** When this browser last changed it (ISO time). */
  changedAt: string
}

export const draftKey = (weddingId: string) => `kasalan.seatingLayout.${weddingId}`

const draftSchema = z.object({
  layout: seatingLayout,
  baseUpdatedAt: z.nullable(z.string()),
  dirty: z.boolean(),
  changedAt: z.string(),
})

export function readDraft(weddingId: string): SeatingDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(weddingId))
    if (!raw) return null
    const parsed = draftSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Returns false when the browser would not store it (private mode, storage full). */
export function writeDraft(weddingId: string, draft: SeatingDraft): boolean {
  try {
    localStorage.setItem(draftKey(weddingId), JSON.stringify(draft))
    return true
  } catch {
    return false
  }
}

export function removeDraft(weddingId: string) {
  try {
    localStorage.removeItem(draftKey(weddingId))
  } catch {
    // Nothing to clean up if storage is blocked.
  }
}

// The offline draft: the layout as last edited in this browser, kept in localStorage so nothing is
// lost when a save fails or the tab closes before it finishes. The database stays the source of
// truth; see the seating store for how a draft and the saved layout are reconciled on load.

import * as z from 'zod/mini'
import { localDrafts } from '@/lib/local-drafts'
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

const draftSchema = z.object({
  layout: seatingLayout,
  baseUpdatedAt: z.nullable(z.string()),
  dirty: z.boolean(),
  changedAt: z.string(),
})

const drafts = localDrafts<SeatingDraft>('kasalan.seatingLayout.', draftSchema)

export const draftKey = drafts.key
export const readDraft = drafts.read
export const writeDraft = drafts.write
export const removeDraft = drafts.remove

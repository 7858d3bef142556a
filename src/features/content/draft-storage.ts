// The editor's unsaved draft of one section, kept in localStorage so a reload, a closed tab or a
// failed save never loses typing. The database stays the source of truth; the editor offers the
// draft back when it differs from what is saved.

import * as z from 'zod/mini'
import { localDrafts } from '@/lib/local-drafts'

export interface ContentDraft {
  title: string
  data: Record<string, unknown>
  /** The contentUpdatedAt the draft was started from. */
  baseContentUpdatedAt: string
  /** When this browser last changed it (ISO time). */
  changedAt: string
}

const draftSchema = z.object({
  title: z.string(),
  data: z.record(z.string(), z.unknown()),
  baseContentUpdatedAt: z.string(),
  changedAt: z.string(),
})

const drafts = localDrafts<ContentDraft>('kasalan.contentDraft.', draftSchema)

export const readDraft = drafts.read
export const writeDraft = drafts.write
export const removeDraft = drafts.remove

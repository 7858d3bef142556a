// The editor's unsaved draft of one section, kept in localStorage so a reload, a closed tab or a
// failed save never loses typing. The database stays the source of truth; the editor offers the
// draft back when it differs from what is saved.

import * as z from 'zod/mini'

export interface ContentDraft {
  title: string
  data: Record<string, unknown>
  /** The contentUpdatedAt the draft was started from. */
  baseContentUpdatedAt: string
  /** When this browser last changed it (ISO time). */
  changedAt: string
}

const draftKey = (sectionId: string) => `kasalan.contentDraft.${sectionId}`

const draftSchema = z.object({
  title: z.string(),
  data: z.record(z.string(), z.unknown()),
  baseContentUpdatedAt: z.string(),
  changedAt: z.string(),
})

export function readDraft(sectionId: string): ContentDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(sectionId))
    if (!raw) return null
    const parsed = draftSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Returns false when the browser would not store it (private mode, storage full). */
export function writeDraft(sectionId: string, draft: ContentDraft): boolean {
  try {
    localStorage.setItem(draftKey(sectionId), JSON.stringify(draft))
    return true
  } catch {
    return false
  }
}

export function removeDraft(sectionId: string) {
  try {
    localStorage.removeItem(draftKey(sectionId))
  } catch {
    // Nothing to clean up if storage is blocked.
  }
}

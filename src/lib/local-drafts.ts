import type * as z from 'zod/mini'

/**
 * Unsaved work kept in this browser's localStorage, one entry per id under `prefix`, read back
 * only when it still has the shape `schema` gives (an old or damaged entry reads as none). Storage
 * that is blocked or full never throws: reading finds nothing, writing says false.
 */
export function localDrafts<T>(prefix: string, schema: z.ZodMiniType<T>) {
  const key = (id: string) => `${prefix}${id}`
  return {
    key,
    read(id: string): T | null {
      try {
        const raw = localStorage.getItem(key(id))
        if (!raw) return null
        const parsed = schema.safeParse(JSON.parse(raw))
        return parsed.success ? parsed.data : null
      } catch {
        return null
      }
    },
    /** Returns false when the browser would not store it (private mode, storage full). */
    write(id: string, draft: T): boolean {
      try {
        localStorage.setItem(key(id), JSON.stringify(draft))
        return true
      } catch {
        return false
      }
    },
    remove(id: string) {
      try {
        localStorage.removeItem(key(id))
      } catch {
        // Nothing to clean up if storage is blocked.
      }
    },
  }
}

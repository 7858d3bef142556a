/**
 * The session supabase-js last saved in this browser (`sb-<ref>-auth-token`), read as it stored it:
 * its access token may have expired. A module of its own, out of what a guest's first load carries.
 */

/** What supabase-js keeps of a session (the parts read here). */
export interface KeptSupabaseSession {
  access_token?: string
  expires_at?: number
  user?: { id: string; email?: string; user_metadata?: Record<string, unknown> }
}

/**
 * The kept session, for what must go on without the network (the door after a reload offline) and
 * the plain requests that carry the token themselves; null when there is none or storage is blocked.
 */
export function keptSupabaseSession(): KeptSupabaseSession | null {
  try {
    for (const storage of [sessionStorage, localStorage]) {
      for (const key of Object.keys(storage)) {
        if (!key.startsWith('sb-') || !key.endsWith('-auth-token')) continue
        const kept = JSON.parse(storage.getItem(key) ?? 'null') as KeptSupabaseSession | null
        if (kept && typeof kept === 'object') return kept
      }
    }
  } catch {
    // Blocked storage, or not JSON: nothing kept.
  }
  return null
}

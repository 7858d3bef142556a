import { createClient } from '@supabase/supabase-js'
import { sessionStore } from '../session-storage'

/**
 * Where supabase-js keeps the session of the project at `url`: its own default key, named here so
 * the adapter can read what this tab holds (see createSupabaseAuth).
 */
export function sessionStorageKey(url: string) {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`
}

/** The one supabase-js client: schema `kasalan`, session kept where "Remember me" says. */
export function createSupabaseClient(url: string, anonKey: string) {
  return createClient(url, anonKey, {
    db: { schema: 'kasalan' },
    auth: {
      storage: sessionStore,
      storageKey: sessionStorageKey(url),
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    },
  })
}

export type KasalanSupabaseClient = ReturnType<typeof createSupabaseClient>

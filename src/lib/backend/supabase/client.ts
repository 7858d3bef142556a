import { createClient } from '@supabase/supabase-js'
import { sessionStore } from '../session-storage'

/** The one supabase-js client: schema `kasalan`, session kept where "Remember me" says. */
export function createSupabaseClient(url: string, anonKey: string) {
  return createClient(url, anonKey, {
    db: { schema: 'kasalan' },
    auth: { storage: sessionStore, persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  })
}

export type KasalanSupabaseClient = ReturnType<typeof createSupabaseClient>

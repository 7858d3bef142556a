import { createClient } from '@supabase/supabase-js'
import { sessionStore } from '../session-storage'

/** The one supabase-js client: schema `kasalan`, session kept where "Remember me" says. */
export function createSupabaseClient(url: string, anonKey: string) {
  const client = createClient(url, anonKey, {
    db: { schema: 'kasalan' },
    auth: {
      storage: sessionStore,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    },
  })
  if (typeof window !== 'undefined')
    window.addEventListener('online', () => forgetRefreshFailure(client))
  return client
}

/**
 * supabase-js answers every refresh with the last failed one for a minute after it failed (its
 * REFRESH_FAILURE_COOLDOWN_MS, to spare a failing auth server), a failure that was only the phone
 * having no signal included: back online, an usher's waiting check-ins would wait that minute more.
 * The network is back, so that failure says nothing now. (A protected field of auth-js 2.109; the
 * upstream change to resume on reconnect, supabase-js pull request 2568, is not released.
 * tests/lib/backend/supabase-tokens.test.ts fails if an upgrade moves it.)
 */
function forgetRefreshFailure(client: { auth: object }) {
  const auth = client.auth as unknown as { lastRefreshFailure?: unknown }
  if ('lastRefreshFailure' in auth) auth.lastRefreshFailure = null
}

export type KasalanSupabaseClient = ReturnType<typeof createSupabaseClient>

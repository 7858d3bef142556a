import { PostgrestClient } from '@supabase/postgrest-js'
import { BackendError } from '../errors'
import type { Backend } from '../types'
import type { KasalanSupabaseClient } from './client'

interface SupabaseSettings {
  url: string
  anonKey: string
}

/** True when supabase-js has stored a session in this browser (its keys are `sb-<ref>-auth-token`). */
function hasStoredSession() {
  try {
    return [localStorage, sessionStorage].some((storage) =>
      Object.keys(storage).some((key) => key.startsWith('sb-') && key.endsWith('-auth-token')),
    )
  } catch {
    return false
  }
}

/**
 * Hosted Supabase. A visitor's calls go through the small PostgREST client with the anon key;
 * supabase-js (auth and signed-in calls) loads only for management or when a session exists.
 */
export function createSupabaseBackend({ url, anonKey }: SupabaseSettings): Backend {
  const anonymous = new PostgrestClient(`${url}/rest/v1`, {
    schema: 'kasalan',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  })
  let client: Promise<KasalanSupabaseClient> | undefined
  const signedInClient = () =>
    (client ??= import('./client').then((m) => m.createSupabaseClient(url, anonKey)))

  return {
    kind: 'supabase',
    async rpc(name, args = {}) {
      const caller = client || hasStoredSession() ? await signedInClient() : anonymous
      const { data, error } = await caller.rpc(name, args)
      if (error) throw new BackendError(error.message, error.code)
      return data
    },
    mayHaveSession: () => Boolean(client) || hasStoredSession(),
    async auth() {
      const { createSupabaseAuth } = await import('./auth')
      return createSupabaseAuth(await signedInClient())
    },
  }
}

import { BackendError } from '../errors'
import { argumentsTooDeep } from '../../json-depth'
import { findInvalidText } from '../invalid-text'
import type { Backend } from '../types'
import type { KasalanSupabaseClient } from './client'
import { takeEarlySite } from './early-site'

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
 * PostgREST's refusal as the app's error. A call that writes, sent read only (a GET made by hand),
 * fails with the functions' own read_only_call or, in a function that does not check, PostgreSQL's
 * 25006: both read the same.
 */
function refusal(message: string, code: string) {
  return code === '25006' ? new BackendError('read_only_call', code) : new BackendError(message, code)
}

/**
 * A visitor's call: one POST to PostgREST's RPC endpoint with the anon key, exactly what
 * postgrest-js sends, without shipping that client to every guest's phone.
 */
async function anonymousRpc({ url, anonKey }: SupabaseSettings, name: string, args: object) {
  // The page's own site request, already under way since index.html; a failed one is asked again.
  const early = await takeEarlySite(name, args)?.catch(() => undefined)
  const response =
    early ??
    (await fetch(`${url}/rest/v1/rpc/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${anonKey}`,
        'Content-Type': 'application/json',
        'Content-Profile': 'kasalan',
        Accept: 'application/json',
      },
      body: JSON.stringify(args),
    }))
  const text = await response.text()
  const body: unknown = text ? JSON.parse(text) : null
  if (!response.ok) {
    const error = (body ?? {}) as { message?: string; code?: string }
    throw refusal(error.message ?? response.statusText, error.code ?? String(response.status))
  }
  return body
}

/**
 * Hosted Supabase. A visitor's calls are plain requests to PostgREST with the anon key;
 * supabase-js (auth and signed-in calls) loads only for management or when a session exists.
 */
export function createSupabaseBackend(settings: SupabaseSettings): Backend {
  const { url, anonKey } = settings
  let client: Promise<KasalanSupabaseClient> | undefined
  const signedInClient = () =>
    (client ??= import('./client').then((m) => m.createSupabaseClient(url, anonKey)))

  return {
    kind: 'supabase',
    async rpc(name, args = {}) {
      // The database would fail to read these before the function runs; answer as the functions do.
      if (argumentsTooDeep(args)) throw new BackendError('input_too_deep', 'P0001')
      // PostgREST would refuse NUL with 22P05 before the function runs; answer as the functions do.
      if (findInvalidText(args)) throw new BackendError('invalid_input', 'P0001')
      if (!client && !hasStoredSession()) return anonymousRpc(settings, name, args)
      const { data, error, status } = await (await signedInClient()).rpc(name, args)
      // postgrest-js answers a failed fetch with status 0 instead of throwing: the network, as in a browser.
      if (error && status === 0) throw new TypeError(error.message)
      if (error) throw refusal(error.message, error.code)
      return data
    },
    mayHaveSession: () => Boolean(client) || hasStoredSession(),
    async auth() {
      const [{ createSupabaseAuth }, { sessionStorageKey }] = await Promise.all([import('./auth'), import('./client')])
      return createSupabaseAuth(await signedInClient(), sessionStorageKey(url))
    },
  }
}

import { BackendError } from '../errors'
import { argumentsTooDeep } from '../../json-depth'
import { findInvalidText } from '../invalid-text'
import type { AuthPort, Backend } from '../types'
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
  return code === '25006'
    ? new BackendError('read_only_call', code)
    : new BackendError(message, code)
}

/**
 * One call: a POST to PostgREST's RPC endpoint, exactly what postgrest-js sends, with the member's
 * access token or, for a visitor, the anon key (without shipping that client to every guest's
 * phone). A visitor's `get_site` may be the request index.html already started.
 */
async function postRpc(
  { url, anonKey }: SupabaseSettings,
  name: string,
  args: object,
  token: string | null,
) {
  // The page's own site request, already under way since index.html; a failed one is asked again.
  const early = token ? undefined : await takeEarlySite(name, args)?.catch(() => undefined)
  const response =
    early ??
    (await fetch(`${url}/rest/v1/rpc/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${token ?? anonKey}`,
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
 * Hosted Supabase. Every call is a plain request to PostgREST; supabase-js (auth: the session and
 * its tokens) loads only for management or when a session exists. A member's call carries the
 * token the auth client gives (refreshed when needed) or fails as the network; never the anon key
 * in its place, which supabase-js would send for a session it could not give (a refresh that failed
 * on the network, or two that crossed), and the server would refuse as a visitor's.
 */
export function createSupabaseBackend(settings: SupabaseSettings): Backend {
  const { url, anonKey } = settings
  let client: Promise<KasalanSupabaseClient> | undefined
  let authPort: Promise<AuthPort> | undefined
  const signedInClient = () =>
    (client ??= import('./client').then((m) => m.createSupabaseClient(url, anonKey)))
  const auth = () => {
    authPort ??= Promise.all([import('./auth'), signedInClient()]).then(([m, supabase]) =>
      m.createSupabaseAuth(supabase),
    )
    // A failed load (offline, before the app was kept) may be tried again.
    authPort.catch(() => (authPort = undefined))
    return authPort
  }

  return {
    kind: 'supabase',
    async rpc(name, args = {}) {
      // The database would fail to read these before the function runs; answer as the functions do.
      if (argumentsTooDeep(args)) throw new BackendError('input_too_deep', 'P0001')
      // PostgREST would refuse NUL with 22P05 before the function runs; answer as the functions do.
      if (findInvalidText(args)) throw new BackendError('invalid_input', 'P0001')
      if (!client && !hasStoredSession()) return postRpc(settings, name, args, null)
      const port = await auth()
      const token = await port.accessToken!()
      try {
        return await postRpc(settings, name, args, token)
      } catch (error) {
        // Refused as expired before the function ran (PGRST303): the token expired on its way, or
        // the phone's clock is behind the server's, so supabase-js did not see it due. Sent once
        // more with a new one.
        if (!token || !(error instanceof BackendError) || error.code !== 'PGRST303') throw error
        return postRpc(settings, name, args, await port.accessToken!({ refresh: true }))
      }
    },
    mayHaveSession: () => Boolean(client) || hasStoredSession(),
    auth,
  }
}

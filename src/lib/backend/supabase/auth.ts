import type { User } from '@supabase/supabase-js'
import type { KasalanSupabaseClient } from './client'
import { invoke } from './invoke'
import { browserOffline, onTheNetwork } from './network'
import { BackendError } from '../errors'
import { setRemember } from '../session-storage'
import { keptSupabaseSession } from './kept-session'
import type { AuthPort, AuthSession, AuthUser } from '../types'

function toUser(user: {
  id: string
  email?: string
  user_metadata?: Record<string, unknown>
}): AuthUser {
  return { id: user.id, email: user.email ?? '', userMetadata: user.user_metadata ?? {} }
}

function toSession(session: { user: User } | null): AuthSession | null {
  return session ? { user: toUser(session.user) } : null
}

/** The session this browser last kept, when it names someone (its access token may have expired). */
function lastSession(): AuthSession | null {
  const user = keptSupabaseSession()?.user
  return user?.id ? { user: toUser(user) } : null
}

/** supabase-js's answer when two refreshes crossed: it kept the tokens stored first, and gave none. */
const crossed = (answer: { error: { name: string } | null }) =>
  answer.error?.name === 'AuthRefreshDiscardedError'

/**
 * supabase-js's session, refreshed when due. Asked again when two refreshes crossed (another tab's,
 * say): the tokens stored first are there now. With short-lived tokens and several tabs a refresh
 * can cross another twice running, so it asks up to three times before that is the answer.
 */
async function sessionNow(client: KasalanSupabaseClient) {
  let answer = await client.auth.getSession()
  for (let again = 0; again < 2 && crossed(answer); again += 1)
    answer = await client.auth.getSession()
  return answer
}

/**
 * The auth service's error as a BackendError: its message as the service wrote it (the sign-up form
 * shows unknown ones as they are) and its stable code (`user_already_exists`, `weak_password`, …).
 * An unreachable service becomes a network error, which the app words as such.
 */
function fail(error: { message: string; code?: string; status?: number; name?: string }): never {
  if (onTheNetwork(error)) {
    throw new TypeError(`Network request failed: ${error.message}`)
  }
  throw new BackendError(error.message, error.code ?? String(error.status ?? 'auth'))
}

export function createSupabaseAuth(client: KasalanSupabaseClient): AuthPort {
  return {
    capabilities: { oauth: true, email: true },
    invoke: (name, body) => invoke(client, name, body),
    // A session whose access token expired cannot be refreshed with no network: supabase-js would
    // try for about 25 s and then answer none, and the door, reloaded offline, would become the
    // sign-in page. The person stays signed in with the last session kept here, and supabase-js
    // refreshes the token once the network is back (a refresh token it refuses then does sign out).
    async getSession() {
      if (browserOffline()) {
        const kept = lastSession()
        if (kept) return kept
      }
      const { data, error } = await sessionNow(client)
      if (error && onTheNetwork(error)) return lastSession()
      if (error) fail(error)
      return toSession(data.session)
    },
    async accessToken({ refresh = false } = {}) {
      // With no network, at once: supabase-js would first try to refresh an expired token for
      // about 25 s, and the door, reloaded offline, would wait that long for its kept list.
      if (browserOffline()) throw new TypeError('Network request failed: the browser is offline')
      let answer = refresh ? await client.auth.refreshSession() : await sessionNow(client)
      // A forced refresh that crossed another: the other's tokens, stored meanwhile, are as new.
      if (refresh && crossed(answer)) answer = await sessionNow(client)
      const { data, error } = answer
      // A token that could not be refreshed on the network is a network error: the call waits for
      // it, as the door's queue does.
      if (error) fail(error)
      return data.session?.access_token ?? null
    },
    onChange(listener) {
      const { data } = client.auth.onAuthStateChange((event, session) => {
        // This tab's own session (sessionStorage first, else the lasting one), as supabase-js stored
        // it: supabase-js writes storage before it tells.
        const own = lastSession()
        // The first answer is "none" when the refresh failed on the network, with the session still
        // kept (supabase-js removes a session it ends before saying so): not a sign-out.
        if (event === 'INITIAL_SESSION' && !session && own) return
        // supabase-js tells every tab of the browser of a sign-in or sign-out in any of them, with
        // that tab's session; a tab that keeps its own (signed in without "Remember me") stays
        // signed in as whom its storage says.
        listener(own?.user.id === session?.user.id ? toSession(session) : own)
      })
      return () => data.subscription.unsubscribe()
    },
    async signUp({ email, password, metadata, emailRedirectTo }) {
      setRemember(true)
      const { data, error } = await client.auth.signUp({
        email,
        password,
        options: { data: metadata, emailRedirectTo },
      })
      if (error) fail(error)
      if (!data.user) throw new BackendError('sign_up_failed', 'auth')
      return { user: toUser(data.user), session: toSession(data.session) }
    },
    async signIn({ email, password, remember }) {
      setRemember(remember)
      const { data, error } = await client.auth.signInWithPassword({ email, password })
      if (error) fail(error)
      return { user: toUser(data.user) }
    },
    async signInWithProvider(provider, redirectTo) {
      setRemember(true)
      const { error } = await client.auth.signInWithOAuth({ provider, options: { redirectTo } })
      if (error) fail(error)
    },
    async signOut() {
      const { error } = await client.auth.signOut()
      // Offline or an expired token: the server could not end the session, but this browser
      // forgets it all the same, so Log out always logs out here.
      if (error) await client.auth.signOut({ scope: 'local' })
    },
    async requestPasswordReset(email, redirectTo) {
      const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo })
      if (error) fail(error)
    },
    async updatePassword(password) {
      const { error } = await client.auth.updateUser({ password })
      if (error) fail(error)
    },
  }
}

import type { User } from '@supabase/supabase-js'
import type { KasalanSupabaseClient } from './client'
import { invoke } from './invoke'
import { BackendError } from '../errors'
import { sessionStore, setRemember } from '../session-storage'
import type { AuthPort, AuthSession, AuthUser } from '../types'

function toUser(user: User): AuthUser {
  return { id: user.id, email: user.email ?? '', userMetadata: user.user_metadata ?? {} }
}

function toSession(session: { user: User } | null): AuthSession | null {
  return session ? { user: toUser(session.user) } : null
}

/**
 * The auth service's error as a BackendError: its message as the service wrote it (the sign-up form
 * shows unknown ones as they are) and its stable code (`user_already_exists`, `weak_password`, …).
 * An unreachable service becomes a network error, which the app words as such.
 */
function fail(error: { message: string; code?: string; status?: number; name?: string }): never {
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) {
    throw new TypeError(`Network request failed: ${error.message}`)
  }
  throw new BackendError(error.message, error.code ?? String(error.status ?? 'auth'))
}

/**
 * The user whose session this tab holds under `storageKey` (its own, else the browser's lasting
 * one), as supabase-js stored it; null when none.
 */
function storedUser(storageKey: string): User | null {
  try {
    const stored = JSON.parse(sessionStore.getItem(storageKey) ?? 'null') as { user?: User } | null
    return stored?.user?.id ? stored.user : null
  } catch {
    return null
  }
}

/**
 * `storageKey` is where the client keeps its session (`sessionStorageKey`): supabase-js tells
 * every tab of the browser about a sign-in or sign-out in any of them, with that tab's session,
 * but a tab that keeps its own session (signed in without "Remember me") stays signed in as whom
 * its storage says. The client writes storage before it tells, so its own changes agree.
 */
export function createSupabaseAuth(client: KasalanSupabaseClient, storageKey: string): AuthPort {
  return {
    capabilities: { oauth: true, email: true },
    invoke: (name, body) => invoke(client, name, body),
    async getSession() {
      const { data, error } = await client.auth.getSession()
      if (error) fail(error)
      return toSession(data.session)
    },
    onChange(listener) {
      const { data } = client.auth.onAuthStateChange((_event, session) => {
        const own = storedUser(storageKey)
        listener(own?.id === session?.user.id ? toSession(session) : own ? { user: toUser(own) } : null)
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

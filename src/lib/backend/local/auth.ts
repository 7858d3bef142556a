import type { PgLike } from './engine'
import { localAuth, RpcError } from './engine'
import { BackendError } from '../errors'
import { localSessionKey as sessionKey, sessionStore, setRemember } from '../session-storage'
import type { AuthPort, AuthSession } from '../types'

function readSession(): AuthSession | null {
  const raw = sessionStore.getItem(sessionKey)
  if (!raw) return null
  try {
    const session = JSON.parse(raw) as AuthSession
    return session?.user?.id ? session : null
  } catch {
    return null
  }
}

function toBackendError(error: unknown): never {
  if (error instanceof RpcError) throw new BackendError(error.message, error.code)
  throw error
}

/**
 * Accounts in the embedded database: the auth shim's users table, bcrypt passwords, and a session
 * kept in this browser. Signing up signs in at once; there is no e-mail and no Google or Apple.
 */
export function createLocalAuth(db: PgLike) {
  const listeners = new Set<(session: AuthSession | null) => void>()
  let current = readSession()

  const publish = (session: AuthSession | null) => {
    current = session
    if (session) sessionStore.setItem(sessionKey, JSON.stringify(session))
    else sessionStore.removeItem(sessionKey)
    listeners.forEach((listener) => listener(session))
  }

  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key !== sessionKey) return
    current = readSession()
    listeners.forEach((listener) => listener(current))
  })

  const port: AuthPort = {
    capabilities: { oauth: false, email: false },
    async getSession() {
      const stored = readSession()
      current = stored
      if (!stored) return null
      // The database may have been cleared while this browser still held a session; and the
      // account as the database has it now (e-mail, metadata) wins over the stored copy.
      const user = await localAuth(db, 'getUser', stored.user.id).catch(toBackendError)
      if (!user) {
        publish(null)
        return null
      }
      // Signed out (or in as someone else) while the database was being asked: storage says so
      // even when this same tab changed it, which fires no storage event.
      const now = readSession()
      if (now?.user.id !== user.id) {
        current = now
        return now
      }
      current = { user }
      sessionStore.setItem(sessionKey, JSON.stringify(current))
      return current
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async signUp({ email, password, metadata }) {
      const user = await localAuth(db, 'signUp', email, password, metadata).catch(toBackendError)
      setRemember(true)
      const session = { user }
      publish(session)
      return { user, session }
    },
    async signIn({ email, password, remember }) {
      const user = await localAuth(db, 'signIn', email, password).catch(toBackendError)
      setRemember(remember)
      const session = { user }
      publish(session)
      return session
    },
    async signInWithProvider() {
      throw new BackendError('provider_unavailable', 'local')
    },
    async signOut() {
      publish(null)
    },
    async requestPasswordReset() {
      throw new BackendError('email_unavailable', 'local')
    },
    async updatePassword(password) {
      if (!current) throw new BackendError('not_authenticated', 'local')
      await localAuth(db, 'updatePassword', current.user.id, password).catch(toBackendError)
    },
  }

  return {
    port,
    /** The JWT claims Supabase would send for the signed-in user; null for a visitor. */
    claims: () =>
      current
        ? { sub: current.user.id, email: current.user.email, role: 'authenticated' as const }
        : null,
  }
}

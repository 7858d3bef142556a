// An in-memory backend for the auth and session tests: accounts, sessions and one wedding per
// account, behaving like the embedded adapter (errors as BackendError codes) or, with
// setKind('supabase'), like hosted Supabase (Google, Apple and e-mail available).
import { vi } from 'vitest'
import type { AuthPort, AuthSession, AuthUser, Backend } from '@/lib/backend'
// Not from '@/lib/backend' itself: the tests mock that module with this one.
import { BackendError } from '@/lib/backend/errors'

interface Account {
  user: AuthUser
  password: string
}

const listeners = new Set<(session: AuthSession | null) => void>()
const accounts = new Map<string, Account>()
const weddings = new Map<string, Record<string, unknown>>()
/** Accounts that accepted a member invitation (has_joined_a_wedding). */
const joined = new Set<string>()
let session: AuthSession | null = null
let userCount = 0

/** Options a test can change: the next sign-up needs an e-mail confirmation, wedding RPCs fail. */
export const behaviour = {
  confirmEmail: false,
  failCreateWedding: 0,
}

function emit(next: AuthSession | null) {
  session = next
  listeners.forEach((listener) => listener(next))
}

const sectionTypes = [
  'home',
  'our-story',
  'schedule',
  'travel',
  'wedding-party',
  'gallery',
  'things-to-do',
  'registry',
  'faqs',
  'rsvp',
]

/** A wedding shaped as create_my_wedding returns it. */
export function weddingJson(
  userId: string,
  bride: { firstName: string; lastName: string },
  groom: { firstName: string; lastName: string },
  date: string | null,
) {
  const id = `wedding-${userId}`
  return {
    id,
    userId,
    slug: `${bride.firstName}-and-${groom.firstName}`.toLowerCase(),
    title: `${bride.firstName} & ${groom.firstName}`,
    bride,
    groom,
    date,
    theme: { name: 'classic' },
    isPublished: false,
    rsvpDeadline: null,
    rsvpQuestions: [],
    contact: {},
    sections: sectionTypes.map((type, index) => ({
      id: `${id}-${type}`,
      weddingId: id,
      type,
      label: type,
      title: type,
      path: type,
      visible: true,
      data: {},
      orderIndex: index,
    })),
  }
}

export const auth = {
  capabilities: { oauth: false, email: false } as { oauth: boolean; email: boolean },
  getSession: vi.fn(async () => session),
  onChange(listener: (session: AuthSession | null) => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  signUp: vi.fn(async ({ email, password, metadata }: Parameters<AuthPort['signUp']>[0]) => {
    const key = email.toLowerCase()
    if (accounts.has(key)) throw new BackendError('user_already_exists', 'P0001')
    if (password.length < 8) throw new BackendError('weak_password', 'P0001')
    userCount += 1
    const user = { id: `user-${userCount}`, email: key, userMetadata: metadata }
    accounts.set(key, { user, password })
    if (behaviour.confirmEmail) return { user, session: null }
    emit({ user })
    return { user, session: { user } }
  }),
  signIn: vi.fn(async ({ email, password }: Parameters<AuthPort['signIn']>[0]) => {
    const account = accounts.get(email.toLowerCase())
    if (!account || account.password !== password)
      throw new BackendError('invalid_credentials', 'P0001')
    emit({ user: account.user })
    return { user: account.user }
  }),
  signInWithProvider: vi.fn(async () => {}),
  signOut: vi.fn(async () => emit(null)),
  requestPasswordReset: vi.fn(async () => {}),
  updatePassword: vi.fn(async () => {}),
} satisfies AuthPort

export const backend = {
  kind: 'local' as Backend['kind'],
  rpc: vi.fn(async (name: string, args: Record<string, unknown> = {}) => {
    if (!session) throw new BackendError('not_authenticated', 'P0001')
    const userId = session.user.id
    if (name === 'get_my_wedding') return weddings.get(userId) ?? null
    if (name === 'has_joined_a_wedding') return joined.has(userId)
    if (name === 'create_my_wedding') {
      if (behaviour.failCreateWedding > 0) {
        behaviour.failCreateWedding -= 1
        throw new TypeError('Failed to fetch')
      }
      const existing = weddings.get(userId)
      if (existing) return existing
      const wedding = weddingJson(
        userId,
        args.p_bride as { firstName: string; lastName: string },
        args.p_groom as { firstName: string; lastName: string },
        (args.p_date as string | null) ?? null,
      )
      weddings.set(userId, wedding)
      return wedding
    }
    throw new Error(`fake backend: no ${name}`)
  }),
  auth: vi.fn(async () => auth as AuthPort),
  mayHaveSession: vi.fn(() => session !== null),
} satisfies Backend

/** Makes the fake behave like the embedded database or like hosted Supabase. */
export function setKind(kind: Backend['kind']) {
  backend.kind = kind
  auth.capabilities =
    kind === 'supabase' ? { oauth: true, email: true } : { oauth: false, email: false }
}

/** Adds an account (signed out) and returns its user. */
export function addAccount(
  email: string,
  password: string,
  metadata: Record<string, unknown> = {},
) {
  userCount += 1
  const user = { id: `user-${userCount}`, email, userMetadata: metadata }
  accounts.set(email, { user, password })
  return user
}

/** Signs a user in as if their session were already stored in this browser. */
export function storeSession(user: AuthUser | null) {
  session = user ? { user } : null
  if (user) localStorage.setItem('kasalan.local.session', JSON.stringify({ user }))
  else localStorage.removeItem('kasalan.local.session')
}

/** What a token refresh tells the app: the signed-in user again, as a new object. */
export function refreshToken() {
  if (session) emit({ user: structuredClone(session.user) })
}

export function weddingOf(userId: string) {
  return weddings.get(userId) ?? null
}

export function setWeddingOf(userId: string, wedding: Record<string, unknown>) {
  weddings.set(userId, wedding)
}

/** Forgets every account, session and wedding and every recorded call; back to the local kind. */
export function resetFakeBackend() {
  accounts.clear()
  weddings.clear()
  joined.clear()
  session = null
  localStorage.clear()
  sessionStorage.clear()
  behaviour.confirmEmail = false
  behaviour.failCreateWedding = 0
  setKind('local')
  for (const fn of [
    auth.getSession,
    auth.signUp,
    auth.signIn,
    auth.signInWithProvider,
    auth.signOut,
    auth.requestPasswordReset,
    auth.updatePassword,
    backend.rpc,
    backend.auth,
    backend.mayHaveSession,
  ]) {
    // Also drops any once-only behaviour a test queued but did not use.
    fn.mockReset()
  }
}

/** Records that the account accepted a member invitation, as the database would. */
export function markJoined(userId: string) {
  joined.add(userId)
}

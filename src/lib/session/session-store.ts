import { create } from 'zustand'
import type { PersonName, Wedding } from '@/lib/api/schemas'
import { createMyWedding, getMyWedding, hasJoinedAWedding } from '@/lib/api/weddings'
import { getBackend, type AuthPort, type AuthSession, type AuthUser } from '@/lib/backend'
import { holdsStoredSession } from '@/lib/backend/session-storage'
import { clearDoorStorage } from '@/lib/door-storage'
import { paths } from '@/lib/paths'
import { isAuthCallback } from './auth-callback'
import { coupleMetadata, type CoupleMetadata } from './couple'

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut'
/**
 * `needsCouple`: the account has no wedding and no couple details to create one from (a first
 * sign-in with Google or Apple); management asks for the names (RequireAuth).
 * `noWedding`: the account came in as a helper (it accepted a member invitation, or was made
 * through one) and belongs to no wedding now; management says so and only offers to start one.
 */
export type WeddingStatus = 'idle' | 'loading' | 'ready' | 'needsCouple' | 'noWedding' | 'error'

export interface SignUpInput {
  email: string
  password: string
  bride: PersonName
  groom: PersonName
  weddingDate: string | null
}

interface SessionState {
  status: SessionStatus
  user: AuthUser | null
  wedding: Wedding | null
  weddingStatus: WeddingStatus
  weddingError: unknown
  /** Called once at the root: learns whether someone is signed in and follows every change. */
  start(): Promise<void>
  /** Signs in with e-mail and password; "Remember me" decides where the session is kept. */
  signIn(input: { email: string; password: string; remember: boolean }): Promise<void>
  /**
   * Creates the account, then the couple's wedding. Resolves `signedIn: false` when the service
   * wants the e-mail confirmed first; the wedding is then created on the first visit to management.
   */
  signUp(input: SignUpInput): Promise<{ signedIn: boolean }>
  /** The couple's wedding, created now if sign-up could not create it: never left without one. */
  loadWedding(): Promise<Wedding | null>
  /** Creates the wedding from names the couple gives now (when the account has none). */
  createWedding(couple: {
    bride: PersonName
    groom: PersonName
    weddingDate: string | null
  }): Promise<Wedding>
  setWedding(wedding: Wedding): void
  /** Opens another wedding the account belongs to, and remembers it for the next visit. */
  switchWedding(weddingId: string): Promise<Wedding | null>
  /**
   * Creates an account for someone joining a wedding by invitation (a coordinator, a family
   * helper): no wedding of its own is made. Resolves like signUp.
   */
  signUpMember(input: {
    email: string
    password: string
    name: string
  }): Promise<{ signedIn: boolean }>
  signOut(): Promise<void>
}

const LAST_WEDDING_KEY = 'kasalan.lastWedding'

/** The wedding the account used last on this browser (a coordinator's client), if any. */
export function lastWeddingId(): string | null {
  try {
    return localStorage.getItem(LAST_WEDDING_KEY)
  } catch {
    return null
  }
}

function rememberWedding(weddingId: string) {
  try {
    localStorage.setItem(LAST_WEDDING_KEY, weddingId)
  } catch {
    // Private browsing without storage: the account's own wedding opens next time.
  }
}

const signedOut = {
  status: 'signedOut' as const,
  user: null,
  wedding: null,
  weddingStatus: 'idle' as const,
  weddingError: null,
}

let port: Promise<AuthPort> | undefined

/** The auth client, loaded once and followed for sign-ins and sign-outs from then on. */
export function authPort(): Promise<AuthPort> {
  port ??= getBackend()
    .then((backend) => backend.auth())
    .then((auth) => {
      auth.onChange((session) => applySession(session))
      return auth
    })
  // A failed load (offline) may be retried by the next call.
  port.catch(() => (port = undefined))
  return port
}

/**
 * The session as the auth client sees it once it has read any tokens in the URL (an e-mail link's),
 * applied to the store. Loads the auth client: for the pages such links open, not the public site.
 */
export async function currentSession() {
  const auth = await authPort()
  const session = await auth.getSession()
  applySession(session)
  return session
}

/** The same person with the same details: what a token refresh brings back every hour. */
function sameUser(a: AuthUser, b: AuthUser) {
  return (
    a.id === b.id &&
    a.email === b.email &&
    JSON.stringify(a.userMetadata) === JSON.stringify(b.userMetadata)
  )
}

function applySession(session: AuthSession | null) {
  const { user } = useSessionStore.getState()
  if (!session) return useSessionStore.setState(signedOut)
  // A refreshed token is not a new user: kept as it was, screens that load for the signed-in user
  // do not load again (one that did, asking for a token in turn, refreshed it in a loop).
  if (user && sameUser(user, session.user)) return useSessionStore.setState({ status: 'signedIn' })
  if (user?.id === session.user.id)
    return useSessionStore.setState({ status: 'signedIn', user: session.user })
  useSessionStore.setState({
    status: 'signedIn',
    user: session.user,
    wedding: null,
    weddingStatus: 'idle',
    weddingError: null,
  })
}

/** Whether the account holds all four names a wedding needs (sign-up stores them). */
function hasCoupleNames({ bride, groom }: CoupleMetadata) {
  return [bride?.firstName, bride?.lastName, groom?.firstName, groom?.lastName].every(
    (name) => typeof name === 'string' && name.trim() !== '',
  )
}

let weddingLoad: Promise<Wedding | null> | undefined

export const useSessionStore = create<SessionState>((set, get) => ({
  status: 'loading',
  user: null,
  wedding: null,
  weddingStatus: 'idle',
  weddingError: null,
  async start() {
    try {
      // A visitor with no session never loads the auth client (supabase-js stays off the public
      // site), and is known to be signed out before the backend has even started.
      const callback = isAuthCallback(window.location)
      if (!holdsStoredSession() && !callback) return set(signedOut)
      const backend = await getBackend()
      if (!backend.mayHaveSession() && !callback) return set(signedOut)
      const auth = await authPort()
      applySession(await auth.getSession())
    } catch (error) {
      console.warn('Could not restore the session', error)
      set(signedOut)
    }
  },
  async signIn({ email, password, remember }) {
    const auth = await authPort()
    applySession(await auth.signIn({ email: email.trim(), password, remember }))
  },
  async signUp({ email, password, bride, groom, weddingDate }) {
    const auth = await authPort()
    const metadata = coupleMetadata({ bride, groom, weddingDate })
    const { session } = await auth.signUp({
      email: email.trim(),
      password,
      metadata,
      emailRedirectTo: `${window.location.origin}${paths.welcome}`,
    })
    if (!session) return { signedIn: false }
    applySession(session)
    try {
      const wedding = await createMyWedding({
        bride: metadata.bride,
        groom: metadata.groom,
        date: weddingDate,
      })
      if (get().user?.id === session.user.id)
        set({ wedding, weddingStatus: 'ready', weddingError: null })
    } catch (error) {
      // The account works without it: loadWedding creates the wedding from the account's metadata
      // on the couple's first visit to management.
      console.warn(
        'Could not create the wedding at sign-up; it will be created on the first visit',
        error,
      )
    }
    return { signedIn: true }
  },
  loadWedding() {
    const { user } = get()
    if (!user) return Promise.resolve(null)
    weddingLoad ??= (async () => {
      set({ weddingStatus: 'loading', weddingError: null })
      try {
        let wedding = await getMyWedding(lastWeddingId())
        if (!wedding) {
          // A helper's account is never asked for a wedding, however it was made (the database
          // knows it joined one; the sign-up mark covers a wedding deleted since).
          const helper =
            user.userMetadata.joinedByInvitation === true || (await hasJoinedAWedding())
          const couple = user.userMetadata as CoupleMetadata
          if (helper || !hasCoupleNames(couple)) {
            if (get().user?.id === user.id)
              set({ weddingStatus: helper ? 'noWedding' : 'needsCouple' })
            return null
          }
          wedding = await createMyWedding({
            bride: couple.bride!,
            groom: couple.groom!,
            date: couple.weddingDate ?? null,
          })
        }
        if (get().user?.id === user.id) set({ wedding, weddingStatus: 'ready' })
        rememberWedding(wedding.id)
        return wedding
      } catch (error) {
        if (get().user?.id === user.id) set({ weddingStatus: 'error', weddingError: error })
        return null
      } finally {
        weddingLoad = undefined
      }
    })()
    return weddingLoad
  },
  async createWedding({ bride, groom, weddingDate }) {
    const metadata = coupleMetadata({ bride, groom, weddingDate })
    const wedding = await createMyWedding({
      bride: metadata.bride,
      groom: metadata.groom,
      date: weddingDate,
    })
    set({ wedding, weddingStatus: 'ready', weddingError: null })
    return wedding
  },
  setWedding(wedding) {
    set({ wedding, weddingStatus: 'ready' })
  },
  async switchWedding(weddingId) {
    rememberWedding(weddingId)
    await weddingLoad
    set({ wedding: null, weddingStatus: 'idle', weddingError: null })
    return get().loadWedding()
  },
  async signUpMember({ email, password, name }) {
    const auth = await authPort()
    const { session } = await auth.signUp({
      email: email.trim(),
      password,
      // Marks the account as a helper's: with no wedding, it is not asked to create one.
      metadata: { name: name.trim(), joinedByInvitation: true },
      emailRedirectTo: `${window.location.origin}${window.location.pathname}`,
    })
    if (!session) return { signedIn: false }
    applySession(session)
    return { signedIn: true }
  },
  async signOut() {
    try {
      const auth = await authPort()
      await auth.signOut()
    } finally {
      // Whatever the server said, this screen no longer shows the couple's data, nor keeps the door's list.
      clearDoorStorage()
      set(signedOut)
    }
  },
}))

import { create } from 'zustand'
import { createMyWedding, getMyWedding, type PersonName, type Wedding } from '@/lib/api'
import { getBackend, type AuthPort, type AuthSession, type AuthUser } from '@/lib/backend'

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut'
export type WeddingStatus = 'idle' | 'loading' | 'ready' | 'error'

interface SessionState {
  status: SessionStatus
  user: AuthUser | null
  wedding: Wedding | null
  weddingStatus: WeddingStatus
  weddingError: unknown
  /** Called once at the root: learns whether someone is signed in and follows every change. */
  start(): Promise<void>
  /** The couple's wedding, created now if sign-up could not create it: never left without one. */
  loadWedding(): Promise<Wedding | null>
  setWedding(wedding: Wedding): void
  signOut(): Promise<void>
}

/** What sign-up keeps in the account's metadata, so the wedding can be created later too. */
export interface CoupleMetadata {
  name?: string
  bride?: PersonName
  groom?: PersonName
  weddingDate?: string | null
}

const signedOut = { status: 'signedOut' as const, user: null, wedding: null, weddingStatus: 'idle' as const }

let port: Promise<AuthPort> | undefined

/** The auth client, loaded once and followed for sign-ins and sign-outs from then on. */
export function authPort(): Promise<AuthPort> {
  port ??= getBackend()
    .then((backend) => backend.auth())
    .then((auth) => {
      auth.onChange((session) => applySession(session))
      return auth
    })
  return port
}

function applySession(session: AuthSession | null) {
  const { user } = useSessionStore.getState()
  if (!session) return useSessionStore.setState(signedOut)
  if (user?.id === session.user.id) return useSessionStore.setState({ user: session.user })
  useSessionStore.setState({ status: 'signedIn', user: session.user, wedding: null, weddingStatus: 'idle' })
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
      const backend = await getBackend()
      // A visitor with no session never loads the auth client.
      if (!backend.mayHaveSession()) return set(signedOut)
      const auth = await authPort()
      applySession(await auth.getSession())
    } catch {
      set(signedOut)
    }
  },
  loadWedding() {
    const { user } = get()
    if (!user) return Promise.resolve(null)
    weddingLoad ??= (async () => {
      set({ weddingStatus: 'loading', weddingError: null })
      try {
        let wedding = await getMyWedding()
        if (!wedding) {
          const couple = user.userMetadata as CoupleMetadata
          wedding = await createMyWedding({
            bride: couple.bride ?? { firstName: '', lastName: '' },
            groom: couple.groom ?? { firstName: '', lastName: '' },
            date: couple.weddingDate ?? null,
          })
        }
        if (get().user?.id === user.id) set({ wedding, weddingStatus: 'ready' })
        return wedding
      } catch (error) {
        set({ weddingStatus: 'error', weddingError: error })
        return null
      } finally {
        weddingLoad = undefined
      }
    })()
    return weddingLoad
  },
  setWedding(wedding) {
    set({ wedding, weddingStatus: 'ready' })
  },
  async signOut() {
    const auth = await authPort()
    await auth.signOut()
    set(signedOut)
  },
}))

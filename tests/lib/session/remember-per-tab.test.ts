// "Remember me" is each tab's own choice. Two tabs of one browser share localStorage and each has
// its own sessionStorage: a tab here is the sessionStorage contents it keeps, swapped in while it
// acts. The embedded adapter and the supabase-js adapter keep their sessions through the same store.
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { Session } from '@supabase/supabase-js'
import { createLocalAuth } from '@/lib/backend/local/auth'
import type { PgLike, PgTx } from '@/lib/backend/local/engine'
import { createSupabaseAuth } from '@/lib/backend/supabase/auth'
import type { KasalanSupabaseClient } from '@/lib/backend/supabase/client'
import { localSessionKey, sessionStore, setRemember } from '@/lib/backend/session-storage'

const users = {
  couple: { id: 'couple', email: 'isabel@example.com', userMetadata: {} },
  usher: { id: 'usher', email: 'jun@example.com', userMetadata: {} },
}

/** The embedded database's auth calls, answered from `users` (every password is right). */
function fakeDb(): PgLike {
  const tx: PgTx = {
    async query<T>(sql: string, params: unknown[] = []) {
      const [key] = params as string[]
      const user = Object.values(users).find((one) => one.id === key || one.email === key) ?? null
      if (sql.includes('local_sign_up')) return { rows: [{ result: users.usher }] as T[] }
      return { rows: [{ result: user }] as T[] }
    },
    exec: async () => undefined,
  }
  return { ...tx, transaction: (fn) => fn(tx) }
}

/** A browser tab: its own sessionStorage, put in place while `act` runs. */
function tab() {
  let own: Record<string, string> = {}
  return async <T>(act: () => Promise<T> | T): Promise<T> => {
    sessionStorage.clear()
    for (const [key, value] of Object.entries(own)) sessionStorage.setItem(key, value)
    try {
      return await act()
    } finally {
      own = Object.fromEntries(
        Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)!]),
      )
      sessionStorage.clear()
    }
  }
}

const lasting = () => localStorage.getItem(localSessionKey) ?? ''
const own = () => sessionStorage.getItem(localSessionKey) ?? ''

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('each tab keeps its session where its owner chose', () => {
  test('an usher signing up in another tab does not move the couple’s tab-only session into lasting storage', async () => {
    const couple = tab()
    const usher = tab()
    await couple(() =>
      createLocalAuth(fakeDb()).port.signIn({
        email: users.couple.email,
        password: 'x',
        remember: false,
      }),
    )
    await usher(() =>
      createLocalAuth(fakeDb()).port.signUp({
        email: users.usher.email,
        password: 'x',
        metadata: {},
        emailRedirectTo: '',
      }),
    )
    expect(lasting()).toContain('usher')

    // The couple's tab reloads: a new adapter restores the session and writes it back.
    const restored = await couple(async () => {
      const session = await createLocalAuth(fakeDb()).port.getSession()
      return { session, own: own() }
    })
    expect(restored.session?.user.id).toBe('couple')
    expect(restored.own).toContain('couple')
    expect(lasting()).not.toContain('couple')
    expect(lasting()).toContain('usher')

    // A new tab opens as the one who chose to be remembered.
    const later = tab()
    expect((await later(() => createLocalAuth(fakeDb()).port.getSession()))?.user.id).toBe('usher')
  })

  test('a remembered tab stays remembered when another tab signs in for that tab alone', async () => {
    const couple = tab()
    const guestLaptop = tab()
    await couple(() =>
      createLocalAuth(fakeDb()).port.signIn({
        email: users.couple.email,
        password: 'x',
        remember: true,
      }),
    )
    await guestLaptop(() =>
      createLocalAuth(fakeDb()).port.signIn({
        email: users.usher.email,
        password: 'x',
        remember: false,
      }),
    )
    await couple(() => createLocalAuth(fakeDb()).port.getSession())
    expect(lasting()).toContain('couple')
    expect(await guestLaptop(() => own())).toContain('usher')
  })

  test('a tab that made no choice writes its session back where it is; with none, the browser’s last choice', async () => {
    const first = tab()
    await first(() => {
      sessionStore.setItem('sb-project-auth-token', 'from before')
    })
    // Nothing chosen anywhere yet: lasting, as before "Remember me" existed.
    expect(localStorage.getItem('sb-project-auth-token')).toBe('from before')

    const unticked = tab()
    await unticked(() => setRemember(false))
    // An e-mail link opens a tab of its own: it follows the browser's last choice.
    const emailLink = tab()
    await emailLink(() => sessionStore.setItem('sb-other-auth-token', 'confirmed'))
    expect(localStorage.getItem('sb-other-auth-token')).toBeNull()
    expect(await emailLink(() => sessionStorage.getItem('sb-other-auth-token'))).toBe('confirmed')
  })
})

describe('supabase-js in a tab that keeps its own session', () => {
  const key = 'sb-project-auth-token'
  const stored = (user: (typeof users)[keyof typeof users]) =>
    JSON.stringify({
      access_token: 't',
      user: { id: user.id, email: user.email, user_metadata: {} },
    })

  /** A client whose auth events the test sends, as supabase-js sends them (its own, and other tabs'). */
  function fakeClient() {
    let emit: (event: string, session: Session | null) => void = () => undefined
    const client = {
      auth: {
        onAuthStateChange(callback: typeof emit) {
          emit = callback
          return { data: { subscription: { unsubscribe: vi.fn() } } }
        },
      },
    } as unknown as KasalanSupabaseClient
    return { client, emit: (event: string, session: Session | null) => emit(event, session) }
  }
  const session = (user: (typeof users)[keyof typeof users]) =>
    ({ user: { id: user.id, email: user.email, user_metadata: {} } }) as unknown as Session

  test('another tab’s sign-in, told to every tab, leaves this tab signed in as its own account', () => {
    const { client, emit } = fakeClient()
    const listener = vi.fn()
    sessionStorage.setItem(key, stored(users.couple))
    localStorage.setItem(key, stored(users.usher))
    createSupabaseAuth(client).onChange(listener)
    emit('SIGNED_IN', session(users.usher))
    expect(listener).toHaveBeenLastCalledWith({
      user: { id: 'couple', email: users.couple.email, userMetadata: {} },
    })
    // And its own sign-out is a sign-out once storage no longer holds it.
    sessionStorage.removeItem(key)
    localStorage.removeItem(key)
    emit('SIGNED_OUT', null)
    expect(listener).toHaveBeenLastCalledWith(null)
  })

  test('its own events pass as they are', () => {
    const { client, emit } = fakeClient()
    const listener = vi.fn()
    createSupabaseAuth(client).onChange(listener)
    localStorage.setItem(key, stored(users.couple))
    emit('TOKEN_REFRESHED', session(users.couple))
    expect(listener).toHaveBeenLastCalledWith({
      user: { id: 'couple', email: users.couple.email, userMetadata: {} },
    })
  })
})

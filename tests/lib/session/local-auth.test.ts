// The embedded adapter's sessions: where "Remember me" keeps them, how a stored one is restored,
// and what the embedded database cannot do. The database is faked at the SQL boundary (the
// auth.local_* calls); tests/db/accounts.test.ts runs those functions for real.
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { BackendError } from '@/lib/backend/errors'
import { createLocalAuth } from '@/lib/backend/local/auth'
import type { PgLike, PgTx } from '@/lib/backend/local/engine'

interface User {
  id: string
  email: string
  userMetadata: Record<string, unknown>
}

const users = new Map<string, User & { password: string }>()

/** Answers the four auth.local_* queries the engine sends, from `users`. */
function fakeDb(): PgLike {
  const tx: PgTx = {
    async query<T>(sql: string, params: unknown[] = []) {
      const [a, b] = params as string[]
      const result = (() => {
        if (sql.includes('local_sign_in')) {
          const user = [...users.values()].find((u) => u.email === a && u.password === b)
          if (!user) throw Object.assign(new Error('invalid_credentials'), { code: 'P0001' })
          return user
        }
        if (sql.includes('local_get_user')) return users.get(a!) ?? null
        if (sql.includes('local_update_password')) {
          users.get(a!)!.password = b!
          return users.get(a!)
        }
        throw new Error(`unexpected ${sql}`)
      })()
      const row = result
        ? { id: result.id, email: result.email, userMetadata: result.userMetadata }
        : null
      return { rows: [{ result: row }] as T[] }
    },
    exec: async () => undefined,
  }
  return { ...tx, transaction: (fn) => fn(tx) }
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  users.clear()
  users.set('u1', {
    id: 'u1',
    email: 'maria@example.com',
    password: 'sampaguita',
    userMetadata: { name: 'Maria & Juan' },
  })
})

describe('local sessions', () => {
  test('"Remember me" keeps the session in localStorage', async () => {
    const { port, claims } = createLocalAuth(fakeDb())
    await port.signIn({ email: 'maria@example.com', password: 'sampaguita', remember: true })
    expect(JSON.parse(localStorage.getItem('kasalan.local.session')!).user.id).toBe('u1')
    expect(sessionStorage.getItem('kasalan.local.session')).toBeNull()
    expect(claims()).toEqual({ sub: 'u1', email: 'maria@example.com', role: 'authenticated' })
  })

  test('unticked, the session lives only in sessionStorage (this browser session)', async () => {
    const { port } = createLocalAuth(fakeDb())
    await port.signIn({ email: 'maria@example.com', password: 'sampaguita', remember: false })
    expect(localStorage.getItem('kasalan.local.session')).toBeNull()
    expect(sessionStorage.getItem('kasalan.local.session')).toContain('u1')
    // A new page load in the same tab restores it.
    const again = createLocalAuth(fakeDb())
    expect((await again.port.getSession())?.user.id).toBe('u1')
  })

  test('a wrong password is refused with its code and nobody is signed in', async () => {
    const { port, claims } = createLocalAuth(fakeDb())
    const listener = vi.fn()
    port.onChange(listener)
    await expect(
      port.signIn({ email: 'maria@example.com', password: 'nope', remember: true }),
    ).rejects.toEqual(new BackendError('invalid_credentials', 'P0001'))
    expect(claims()).toBeNull()
    expect(listener).not.toHaveBeenCalled()
  })

  test('a restored session takes the account as the database has it now', async () => {
    localStorage.setItem(
      'kasalan.local.session',
      JSON.stringify({ user: { id: 'u1', email: 'old@example.com', userMetadata: {} } }),
    )
    const { port } = createLocalAuth(fakeDb())
    const session = await port.getSession()
    expect(session?.user).toEqual({
      id: 'u1',
      email: 'maria@example.com',
      userMetadata: { name: 'Maria & Juan' },
    })
    expect(localStorage.getItem('kasalan.local.session')).toContain('maria@example.com')
  })

  test('a session forgotten while the database is being asked is not written back', async () => {
    localStorage.setItem(
      'kasalan.local.session',
      JSON.stringify({ user: { id: 'u1', email: 'maria@example.com', userMetadata: {} } }),
    )
    const db = fakeDb()
    const transaction = db.transaction.bind(db)
    // This tab forgets the session (no storage event fires in the tab that changed it) while the
    // account is still being looked up.
    db.transaction = ((run) => {
      localStorage.removeItem('kasalan.local.session')
      return transaction(run)
    }) as PgLike['transaction']
    const { port, claims } = createLocalAuth(db)
    await expect(port.getSession()).resolves.toBeNull()
    expect(localStorage.getItem('kasalan.local.session')).toBeNull()
    expect(claims()).toBeNull()
  })

  test('a stored session whose account is gone (database cleared) is dropped', async () => {
    localStorage.setItem(
      'kasalan.local.session',
      JSON.stringify({ user: { id: 'gone', email: 'x@y.z', userMetadata: {} } }),
    )
    const { port, claims } = createLocalAuth(fakeDb())
    const listener = vi.fn()
    port.onChange(listener)
    await expect(port.getSession()).resolves.toBeNull()
    expect(localStorage.getItem('kasalan.local.session')).toBeNull()
    expect(claims()).toBeNull()
    expect(listener).toHaveBeenCalledWith(null)
  })

  test('sign out forgets the session everywhere and tells the listeners', async () => {
    const { port } = createLocalAuth(fakeDb())
    const listener = vi.fn()
    port.onChange(listener)
    await port.signIn({ email: 'maria@example.com', password: 'sampaguita', remember: true })
    await port.signOut()
    expect(localStorage.getItem('kasalan.local.session')).toBeNull()
    expect(sessionStorage.getItem('kasalan.local.session')).toBeNull()
    expect(listener).toHaveBeenLastCalledWith(null)
  })

  test('the embedded database has no Google, Apple or e-mail', async () => {
    const { port } = createLocalAuth(fakeDb())
    expect(port.capabilities).toEqual({ oauth: false, email: false })
    await expect(port.signInWithProvider('google', '/')).rejects.toMatchObject({
      message: 'provider_unavailable',
    })
    await expect(port.requestPasswordReset('maria@example.com', '/')).rejects.toMatchObject({
      message: 'email_unavailable',
    })
  })

  test('a signed-in couple can set a new password', async () => {
    const { port } = createLocalAuth(fakeDb())
    await expect(port.updatePassword('new-password')).rejects.toMatchObject({
      message: 'not_authenticated',
    })
    await port.signIn({ email: 'maria@example.com', password: 'sampaguita', remember: true })
    await port.updatePassword('ilang-ilang')
    expect(users.get('u1')!.password).toBe('ilang-ilang')
  })
})

import { beforeEach, describe, expect, test, vi } from 'vitest'
import {
  capitalizeName,
  coupleDisplayName,
  coupleMetadata,
  coupleName,
  isAuthCallback,
  useSessionStore,
} from '@/lib/session'
import * as fake from '../../features/auth/support/fake-backend'

vi.mock('@/lib/backend', async (importOriginal) => {
  const { backend } = await import('../../features/auth/support/fake-backend')
  return { ...(await importOriginal<object>()), getBackend: async () => backend }
})

const initial = useSessionStore.getState()
const store = () => useSessionStore.getState()

beforeEach(() => {
  fake.resetFakeBackend()
  useSessionStore.setState(initial, true)
})

const maria = { firstName: 'maria', lastName: 'dela cruz' }
const juan = { firstName: 'juan', lastName: 'reyes' }

describe('start', () => {
  test('a visitor with no stored session is signed out without loading the auth client', async () => {
    await store().start()
    expect(store().status).toBe('signedOut')
    expect(fake.backend.auth).not.toHaveBeenCalled()
    // Not even the backend: the embedded database need not boot to know this.
    expect(fake.backend.mayHaveSession).not.toHaveBeenCalled()
  })

  test('a stored session is restored and followed from then on', async () => {
    const account = fake.addAccount('maria@example.com', 'sampaguita')
    fake.storeSession(account)
    await store().start()
    expect(store()).toMatchObject({ status: 'signedIn', user: account })
    await fake.auth.signOut()
    expect(store()).toMatchObject({ status: 'signedOut', user: null })
  })

  test('a token refresh keeps the signed-in user as it was, so what loads for them does not load again', async () => {
    const account = fake.addAccount('maria@example.com', 'sampaguita', { name: 'Maria' })
    fake.storeSession(account)
    await store().start()
    const before = store().user
    fake.refreshToken()
    expect(store().status).toBe('signedIn')
    expect(store().user).toBe(before)
    // Changed details are taken up.
    fake.storeSession({ ...account, userMetadata: { name: 'Maria Clara' } })
    fake.refreshToken()
    expect(store().user).toMatchObject({ id: account.id, userMetadata: { name: 'Maria Clara' } })
  })

  test('an auth link (tokens in the URL) loads the auth client even with nothing stored', async () => {
    window.history.replaceState(null, '', '/welcome#access_token=abc&refresh_token=def&type=signup')
    try {
      await store().start()
      // The auth client (loaded once per page) was asked for the session the link carries.
      expect(fake.auth.getSession).toHaveBeenCalled()
    } finally {
      window.history.replaceState(null, '', '/')
    }
  })

  test('a failing backend leaves the visitor signed out rather than loading forever', async () => {
    fake.storeSession(fake.addAccount('maria@example.com', 'sampaguita'))
    fake.auth.getSession.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await store().start()
    expect(store().status).toBe('signedOut')
    warn.mockRestore()
  })
})

test('isAuthCallback recognises the links the auth service sends', () => {
  expect(isAuthCallback({ hash: '#access_token=x&type=recovery', search: '' })).toBe(true)
  expect(
    isAuthCallback({ hash: '#error=access_denied&error_description=expired', search: '' }),
  ).toBe(true)
  expect(isAuthCallback({ hash: '', search: '?code=abc' })).toBe(true)
  expect(isAuthCallback({ hash: '#faqs', search: '?section=rsvp' })).toBe(false)
})

describe('signUp', () => {
  const input = {
    email: ' maria@example.com ',
    password: 'sampaguita',
    bride: maria,
    groom: juan,
    weddingDate: '2027-02-14',
  }

  test('stores the couple in the account, creates the wedding and signs in', async () => {
    await expect(store().signUp(input)).resolves.toEqual({ signedIn: true })
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'maria@example.com',
      password: 'sampaguita',
      emailRedirectTo: `${window.location.origin}/welcome`,
      metadata: { name: 'Maria & Juan', bride: maria, groom: juan, weddingDate: '2027-02-14' },
    })
    expect(store().status).toBe('signedIn')
    expect(store().wedding).toMatchObject({ bride: maria, groom: juan, date: '2027-02-14' })
  })

  test('with the e-mail still to confirm: no session, no wedding yet', async () => {
    fake.behaviour.confirmEmail = true
    await expect(store().signUp(input)).resolves.toEqual({ signedIn: false })
    expect(store().status).not.toBe('signedIn')
    expect(fake.backend.rpc).not.toHaveBeenCalled()
  })

  test('a failed wedding insert is logged, not thrown; the wedding is made on the first visit', async () => {
    fake.behaviour.failCreateWedding = 1
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expect(store().signUp(input)).resolves.toEqual({ signedIn: true })
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Could not create the wedding'),
      expect.any(TypeError),
    )
    expect(store().wedding).toBeNull()
    const wedding = await store().loadWedding()
    expect(wedding).toMatchObject({ bride: maria, groom: juan, date: '2027-02-14' })
    expect(store().weddingStatus).toBe('ready')
    warn.mockRestore()
  })

  test('the service refusing the account is thrown to the form', async () => {
    await store().signUp(input)
    await store().signOut()
    await expect(store().signUp(input)).rejects.toMatchObject({ message: 'user_already_exists' })
  })
})

describe('loadWedding', () => {
  test('returns the existing wedding without creating another', async () => {
    await store().signUp({
      email: 'maria@example.com',
      password: 'sampaguita',
      bride: maria,
      groom: juan,
      weddingDate: null,
    })
    fake.backend.rpc.mockClear()
    const wedding = await store().loadWedding()
    expect(wedding?.bride).toEqual(maria)
    expect(fake.backend.rpc.mock.calls.map(([name]) => name)).toEqual(['get_my_wedding'])
  })

  test("an account without the couple's names needs them before management", async () => {
    fake.storeSession(fake.addAccount('maria@gmail.example', 'x', { name: 'Maria Santos' }))
    await store().start()
    await expect(store().loadWedding()).resolves.toBeNull()
    expect(store().weddingStatus).toBe('needsCouple')
    const wedding = await store().createWedding({
      bride: { firstName: ' maria ', lastName: 'santos' },
      groom: juan,
      weddingDate: null,
    })
    expect(wedding.bride).toEqual({ firstName: 'maria', lastName: 'santos' })
    expect(store().weddingStatus).toBe('ready')
  })

  test('an account made through a member invitation, in no wedding now, creates none', async () => {
    fake.storeSession(
      fake.addAccount('joy@example.com', 'x', { name: 'Ate Joy', joinedByInvitation: true }),
    )
    await store().start()
    fake.backend.rpc.mockClear()
    await expect(store().loadWedding()).resolves.toBeNull()
    // The mark is enough: RequireAuth says there is no wedding instead of asking for the couple.
    expect(store().weddingStatus).toBe('noWedding')
    expect(fake.backend.rpc.mock.calls.map(([name]) => name)).toEqual(['get_my_wedding'])
  })

  test('an account the database knows joined a wedding, in none now, creates none, however it was made', async () => {
    // Made before the mark existed, with the couple's names: it joined another wedding and left.
    const couple = fake.addAccount('ana@example.com', 'x', { bride: maria, groom: juan })
    fake.markJoined(couple.id)
    fake.storeSession(couple)
    await store().start()
    fake.backend.rpc.mockClear()
    await expect(store().loadWedding()).resolves.toBeNull()
    expect(store().weddingStatus).toBe('noWedding')
    expect(fake.backend.rpc.mock.calls.map(([name]) => name)).toEqual([
      'get_my_wedding',
      'has_joined_a_wedding',
    ])
    expect(fake.weddingOf(couple.id)).toBeNull()
    // Starting one of its own is still theirs to choose.
    await expect(
      store().createWedding({ bride: maria, groom: juan, weddingDate: null }),
    ).resolves.toMatchObject({ bride: maria })
    expect(store().weddingStatus).toBe('ready')
  })

  test('an account that never joined one is asked for the names, or gets its wedding from them', async () => {
    fake.storeSession(fake.addAccount('google@example.com', 'x', { name: 'Google' }))
    await store().start()
    await expect(store().loadWedding()).resolves.toBeNull()
    expect(store().weddingStatus).toBe('needsCouple')
  })

  test('a failure is kept for the screen to show, and can be retried', async () => {
    fake.storeSession(fake.addAccount('ana@example.com', 'x', { bride: maria, groom: juan }))
    await store().start()
    fake.behaviour.failCreateWedding = 1
    await expect(store().loadWedding()).resolves.toBeNull()
    expect(store().weddingStatus).toBe('error')
    expect(store().weddingError).toBeInstanceOf(TypeError)
    await expect(store().loadWedding()).resolves.toMatchObject({ bride: maria })
  })
})

describe('signIn and signOut', () => {
  test('sign in applies the session; sign out forgets the couple and their wedding', async () => {
    const account = fake.addAccount('maria@example.com', 'sampaguita', {
      bride: maria,
      groom: juan,
    })
    await store().signIn({ email: ' maria@example.com', password: 'sampaguita', remember: false })
    expect(fake.auth.signIn).toHaveBeenCalledWith({
      email: 'maria@example.com',
      password: 'sampaguita',
      remember: false,
    })
    expect(store()).toMatchObject({ status: 'signedIn', user: account })
    await store().loadWedding()
    expect(store().wedding).not.toBeNull()
    await store().signOut()
    expect(store()).toMatchObject({
      status: 'signedOut',
      user: null,
      wedding: null,
      weddingStatus: 'idle',
    })
  })

  test("sign out takes the door's guest list and queue off this browser", async () => {
    fake.addAccount('maria@example.com', 'sampaguita')
    await store().signIn({ email: 'maria@example.com', password: 'sampaguita', remember: true })
    localStorage.setItem('kasalan.checkin.roster.w1', '{"households":[]}')
    localStorage.setItem('kasalan.checkin.queue.w1', '[]')
    localStorage.setItem('kasalan.remember', '1')
    await store().signOut()
    expect(localStorage.getItem('kasalan.checkin.roster.w1')).toBeNull()
    expect(localStorage.getItem('kasalan.checkin.queue.w1')).toBeNull()
    expect(localStorage.getItem('kasalan.remember')).toBe('1')
  })

  test('a wrong password is thrown and nobody is signed in', async () => {
    fake.addAccount('maria@example.com', 'sampaguita')
    useSessionStore.setState({ status: 'signedOut' })
    await expect(
      store().signIn({ email: 'maria@example.com', password: 'nope', remember: true }),
    ).rejects.toMatchObject({
      message: 'invalid_credentials',
    })
    expect(store().status).toBe('signedOut')
  })

  test('sign out clears the screen even when the server cannot be reached', async () => {
    fake.storeSession(fake.addAccount('maria@example.com', 'sampaguita'))
    await store().start()
    fake.auth.signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(store().signOut()).rejects.toThrow()
    expect(store().status).toBe('signedOut')
  })
})

describe("the couple's names", () => {
  test('capitalised for display, as typed in storage', () => {
    expect(capitalizeName('maria clara')).toBe('Maria Clara')
    expect(capitalizeName('  dela cruz ')).toBe('dela Cruz')
    expect(capitalizeName('anne-marie')).toBe('Anne-Marie')
    expect(capitalizeName('McArthur')).toBe('McArthur')
    expect(capitalizeName('ñino')).toBe('Ñino')
    expect(coupleName(maria, juan)).toBe('Maria & Juan')
    expect(
      coupleMetadata({
        bride: { firstName: ' maria ', lastName: 'dela cruz' },
        groom: juan,
        weddingDate: null,
      }),
    ).toEqual({
      name: 'Maria & Juan',
      bride: { firstName: 'maria', lastName: 'dela cruz' },
      groom: juan,
      weddingDate: null,
    })
  })

  test('from the wedding first, then the account', () => {
    const wedding = {
      bride: { firstName: 'isabel', lastName: 'x' },
      groom: { firstName: 'miguel', lastName: 'y' },
    }
    expect(coupleDisplayName({ name: 'Someone' }, wedding)).toBe('Isabel & Miguel')
    expect(coupleDisplayName({ bride: maria, groom: juan })).toBe('Maria & Juan')
    expect(coupleDisplayName({ name: 'maria santos' })).toBe('Maria Santos')
    expect(coupleDisplayName({})).toBe('')
  })
})

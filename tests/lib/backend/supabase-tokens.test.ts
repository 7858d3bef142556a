// A member's calls on hosted Supabase and the access token they carry, with the real supabase-js,
// its requests answered here. With an expired token and no network (the door, reloaded at the
// venue with no signal), the phone stays signed in with the last session, fails calls at once
// rather than wait on a refresh that cannot happen, never sends a member's call with the visitor's
// key, and refreshes as soon as the network is back rather than a minute later. Two refreshes that
// cross still give the call a member's token.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { isNetworkError } from '@/lib/backend'
import { createSupabaseBackend } from '@/lib/backend/supabase/adapter'

// A project of its own: supabase-js tells its other clients of the same storage key about sign-outs
// over a BroadcastChannel, which Node shares between the test files' threads.
const url = 'https://kasalan-tokens-test.supabase.co'
const key = 'sb-kasalan-tokens-test-auth-token'
const user = {
  id: '5d0b8a52-8a3e-4f0e-9a57-3c4f1f0d2b11',
  email: 'jun@example.com',
  user_metadata: { name: 'Kuya Jun' },
}
const kept = { user: { id: user.id, email: user.email, userMetadata: user.user_metadata } }

let online: boolean
/** Whether the auth service answers a refresh (false: it cannot be reached, the rest can). */
let authReachable: boolean
/** Runs while a refresh is on its way (another tab storing its own refreshed session, say). */
let duringRefresh: (() => void) | null
let requests: Array<{ path: string; authorization: string | null }>
/** The access tokens the Data API takes as expired (the server's clock says so). */
let expiredAtServer: Set<string>

const rpcRequests = () => requests.filter((request) => request.path.startsWith('/rest/v1/rpc/'))
const refreshes = () => requests.filter((request) => request.path.startsWith('/auth/v1/token'))

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  })
  online = false
  authReachable = true
  duringRefresh = null
  requests = []
  expiredAtServer = new Set()
  const now = Math.floor(Date.now() / 1000)
  // Signed in a while ago: the access token has expired, the refresh token is good.
  localStorage.setItem(
    key,
    JSON.stringify({
      access_token: 'expired',
      refresh_token: 'r1',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now - 60,
      user,
    }),
  )
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  // supabase-js logs each failed refresh, and each new client of the same storage (one per test
  // here), as it does in the browser's console.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const address = new URL(input instanceof Request ? input.url : String(input))
      const headers = new Headers(
        init?.headers ?? (input instanceof Request ? input.headers : undefined),
      )
      requests.push({ path: address.pathname, authorization: headers.get('Authorization') })
      if (!online) throw new TypeError('Failed to fetch')
      if (address.pathname === '/auth/v1/token') {
        if (!authReachable) throw new TypeError('Failed to fetch')
        duringRefresh?.()
        const issued = Math.floor(Date.now() / 1000)
        return Response.json({
          access_token: 'fresh',
          refresh_token: 'r2',
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: issued + 3600,
          user,
        })
      }
      if (address.pathname.startsWith('/rest/v1/rpc/')) {
        const token = headers.get('Authorization')?.replace('Bearer ', '') ?? ''
        if (expiredAtServer.has(token))
          return Response.json(
            { code: 'PGRST303', message: 'JWT expired', details: null, hint: null },
            { status: 401 },
          )
        return Response.json({ ok: true })
      }
      return Response.json({}, { status: 404 })
    }),
  )
})

afterEach(() => {
  localStorage.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function startOffline() {
  const backend = createSupabaseBackend({ url, anonKey: 'anon' })
  const auth = await backend.auth()
  const told: unknown[] = []
  auth.onChange((session) => told.push(session))
  return { backend, auth, told }
}

describe('offline with an expired access token', () => {
  test('the session is the last one kept, at once; calls fail as the network at once; nothing signs out', async () => {
    const { backend, auth, told } = await startOffline()
    // No timer has run: neither waits on supabase-js's refresh, which retries for about 25 s.
    expect(await auth.getSession()).toEqual(kept)
    const call: unknown = await backend.rpc('get_my_wedding', {}).catch((error: unknown) => error)
    expect(isNetworkError(call)).toBe(true)
    expect(rpcRequests()).toEqual([])

    // supabase-js gives up its own refresh: the session is still the kept one, and still stored.
    await vi.advanceTimersByTimeAsync(40_000)
    expect(refreshes().length).toBeGreaterThan(0)
    expect(told).not.toContain(null)
    expect(await auth.getSession()).toEqual(kept)
    expect(localStorage.getItem(key)).not.toBeNull()
  })

  test('back online after the refresh failed, the next call refreshes and goes as the member at once', async () => {
    const { backend } = await startOffline()
    await vi.advanceTimersByTimeAsync(40_000)

    online = true
    window.dispatchEvent(new Event('online'))
    await expect(backend.rpc('get_my_wedding', {})).resolves.toEqual({ ok: true })
    expect(rpcRequests().map((request) => request.authorization)).toEqual(['Bearer fresh'])
  })

  test("a refresh that cannot reach the auth service never sends a member's call with the visitor's key", async () => {
    online = true
    authReachable = false
    const { backend } = await startOffline()
    const call = backend.rpc('get_my_wedding', {}).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(40_000)
    expect(isNetworkError(await call)).toBe(true)
    expect(rpcRequests()).toEqual([])
  })
})

test("two refreshes that cross: the call goes with the session the other one stored, not the visitor's key", async () => {
  online = true
  const now = Math.floor(Date.now() / 1000)
  localStorage.setItem(
    key,
    JSON.stringify({
      access_token: 'current',
      refresh_token: 'r1',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now + 3600,
      user,
    }),
  )
  const backend = createSupabaseBackend({ url, anonKey: 'anon' })
  expect(await (await backend.auth()).getSession()).toEqual(kept)
  // An hour on, the token is due; another tab of the same phone refreshes it too, and stores its
  // session while this one's refresh is on its way.
  vi.setSystemTime(Date.now() + 59 * 60 * 1000)
  duringRefresh = () =>
    localStorage.setItem(
      key,
      JSON.stringify({
        access_token: 'other-tab',
        refresh_token: 'r9',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: now + 2 * 3600,
        user,
      }),
    )
  await expect(backend.rpc('get_my_wedding', {})).resolves.toEqual({ ok: true })
  expect(refreshes()).toHaveLength(1)
  expect(rpcRequests().map((request) => request.authorization)).toEqual(['Bearer other-tab'])
})

test('refreshes that cross twice running (short-lived tokens, several tabs): the call still goes as the member', async () => {
  online = true
  const now = Math.floor(Date.now() / 1000)
  localStorage.setItem(
    key,
    JSON.stringify({
      access_token: 'current',
      refresh_token: 'r1',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now + 3600,
      user,
    }),
  )
  const backend = createSupabaseBackend({ url, anonKey: 'anon' })
  expect(await (await backend.auth()).getSession()).toEqual(kept)
  // An hour on, the token is due. Each of this tab's next two refreshes is crossed by another tab
  // storing a session that is itself due at once (tokens that last seconds), so this tab's next
  // look refreshes again.
  vi.setSystemTime(Date.now() + 59 * 60 * 1000)
  const later = Math.floor(Date.now() / 1000)
  let crossings = 0
  duringRefresh = () => {
    if (crossings >= 2) return
    crossings += 1
    localStorage.setItem(
      key,
      JSON.stringify({
        access_token: `other-tab-${crossings}`,
        refresh_token: `r${crossings + 10}`,
        token_type: 'bearer',
        expires_in: 5,
        expires_at: later + 5,
        user,
      }),
    )
  }
  await expect(backend.rpc('get_my_wedding', {})).resolves.toEqual({ ok: true })
  expect(crossings).toBe(2)
  expect(refreshes()).toHaveLength(3)
  expect(rpcRequests().map((request) => request.authorization)).toEqual(['Bearer fresh'])
})

test('a call refused as expired whose new token crossed another refresh goes with the one stored meanwhile', async () => {
  online = true
  const now = Math.floor(Date.now() / 1000)
  localStorage.setItem(
    key,
    JSON.stringify({
      access_token: 'current',
      refresh_token: 'r1',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now + 1800,
      user,
    }),
  )
  expiredAtServer = new Set(['current'])
  duringRefresh = () =>
    localStorage.setItem(
      key,
      JSON.stringify({
        access_token: 'other-tab',
        refresh_token: 'r9',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: now + 3600,
        user,
      }),
    )
  const backend = createSupabaseBackend({ url, anonKey: 'anon' })
  await expect(backend.rpc('set_wedding_published', {})).resolves.toEqual({ ok: true })
  expect(rpcRequests().map((request) => request.authorization)).toEqual([
    'Bearer current',
    'Bearer other-tab',
  ])
})

test("a call refused as expired (the phone's clock behind the server's) is sent once more with a new token", async () => {
  online = true
  const now = Math.floor(Date.now() / 1000)
  // Valid for the phone's clock; the server's says it has expired.
  localStorage.setItem(
    key,
    JSON.stringify({
      access_token: 'current',
      refresh_token: 'r1',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now + 1800,
      user,
    }),
  )
  expiredAtServer = new Set(['current'])
  const backend = createSupabaseBackend({ url, anonKey: 'anon' })
  await expect(backend.rpc('get_my_wedding', {})).resolves.toEqual({ ok: true })
  expect(rpcRequests().map((request) => request.authorization)).toEqual([
    'Bearer current',
    'Bearer fresh',
  ])

  // Once only: a new token refused too is the answer.
  expiredAtServer = new Set(['fresh'])
  const error: unknown = await backend
    .rpc('get_my_wedding', {})
    .catch((failure: unknown) => failure)
  expect(error).toMatchObject({ code: 'PGRST303' })
  expect(refreshes()).toHaveLength(2)
})

// A dead connection on hosted Supabase, signed in: postgrest-js does not throw, it answers
// `{ error: { message: 'TypeError: fetch failed', code: '' }, status: 0 }`. The app must read that as
// the network (waited out, as the door's queue does), never as a refusal.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { BackendError, isNetworkError } from '@/lib/backend'
import { createSupabaseBackend } from '@/lib/backend/supabase/adapter'

const stored = 'sb-example-auth-token'

beforeEach(() => {
  // A stored session sends calls through supabase-js, as for every signed-in member.
  localStorage.setItem(stored, JSON.stringify({}))
})

afterEach(() => {
  localStorage.removeItem(stored)
  vi.unstubAllGlobals()
})

describe('a signed-in call on a dead connection', () => {
  test('is a network error, not a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    )
    const backend = createSupabaseBackend({ url: 'https://example.supabase.co', anonKey: 'anon' })
    const error: unknown = await backend
      .rpc('get_checkin_changes', { p_wedding_id: 'w', p_since: 1 })
      .catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(BackendError)
    expect(isNetworkError(error)).toBe(true)
  })

  test('a refusal from the server is still a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'P0001', message: 'wedding_not_found' }), {
            status: 400,
          }),
      ),
    )
    const backend = createSupabaseBackend({ url: 'https://example.supabase.co', anonKey: 'anon' })
    const error: unknown = await backend
      .rpc('get_checkin_changes', { p_wedding_id: 'w', p_since: 1 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BackendError)
    expect(error).toMatchObject({ message: 'wedding_not_found', code: 'P0001' })
    expect(isNetworkError(error)).toBe(false)
  })
})

// Storage's requests carry the member's access token themselves (the public site never loads
// storage-js). A photo chosen after the phone slept: the token supabase-js stored has expired, and
// Storage refuses it; the upload must go with a refreshed one. The real supabase-js, its requests
// answered here.
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createStorageMedia } from '@/lib/media/storage'

// A project of its own (supabase-js's BroadcastChannel for its storage key is shared between test files' threads).
const settings = vi.hoisted(() => ({
  url: 'https://kasalan-media-test.supabase.co',
  anonKey: 'anon',
}))
vi.mock('@/lib/backend', async (importOriginal) => {
  const { createSupabaseBackend } = await import('@/lib/backend/supabase/adapter')
  const backend = createSupabaseBackend(settings)
  return { ...(await importOriginal<object>()), getBackend: async () => backend }
})

const user = {
  id: '5d0b8a52-8a3e-4f0e-9a57-3c4f1f0d2b11',
  email: 'maria@example.com',
  user_metadata: {},
}
let requests: Array<{ path: string; authorization: string | null }>

beforeEach(() => {
  requests = []
  const now = Math.floor(Date.now() / 1000)
  localStorage.setItem(
    'sb-kasalan-media-test-auth-token',
    JSON.stringify({
      access_token: 'expired',
      refresh_token: 'r1',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now - 60,
      user,
    }),
  )
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const address = new URL(input instanceof Request ? input.url : String(input))
      requests.push({
        path: address.pathname,
        authorization: new Headers(init?.headers).get('Authorization'),
      })
      if (address.pathname === '/auth/v1/token') {
        return Response.json({
          access_token: 'fresh',
          refresh_token: 'r2',
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: now + 3600,
          user,
        })
      }
      if (address.pathname.startsWith('/storage/v1/object/'))
        return Response.json({ Key: address.pathname })
      return Response.json({}, { status: 404 })
    }),
  )
})

afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
})

test('an upload after the stored access token expired goes with a refreshed one', async () => {
  const media = createStorageMedia(settings)
  const weddingId = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b'
  await media.upload(weddingId, {
    name: 'hero-1600.webp',
    blob: new Blob(['x'], { type: 'image/webp' }),
  })
  const upload = requests.find((request) => request.path.startsWith('/storage/v1/object/'))
  expect(upload?.authorization).toBe('Bearer fresh')
})

test("a visitor's request goes with the anon key, without the auth client", async () => {
  localStorage.clear()
  const media = createStorageMedia(settings)
  await media.urls(['6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b/hero-1600.webp']).catch(() => undefined)
  expect(requests.filter((request) => request.path.startsWith('/auth/'))).toEqual([])
  expect(requests.find((request) => request.path.startsWith('/storage/'))?.authorization).toBe(
    'Bearer anon',
  )
})

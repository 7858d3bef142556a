// Hosted Supabase refuses an over-deep argument as the embedded engine does (tests/db/
// wedding-transfer.test.ts), before a request is made: PostgREST would answer with a raw error.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { BackendError } from '@/lib/backend/errors'
import { createSupabaseBackend } from '@/lib/backend/supabase/adapter'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the hosted adapter', () => {
  test('refuses a file nested 50,000 levels deep with input_too_deep, sending nothing', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    let deep: unknown = 1
    for (let level = 0; level < 50_000; level += 1) deep = [deep]
    const backend = createSupabaseBackend({ url: 'https://example.supabase.co', anonKey: 'anon' })
    const refused = await backend.rpc('import_wedding', { p_wedding_id: 'w', p_file: { sections: [{ data: deep }] } }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(BackendError)
    expect(refused).toMatchObject({ message: 'input_too_deep', code: 'P0001' })
    expect(fetch).not.toHaveBeenCalled()
  })
})

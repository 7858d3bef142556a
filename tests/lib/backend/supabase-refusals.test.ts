// PostgREST's refusals as the app reads them: a call that writes, sent read only (a GET made by
// hand), reads the same whether the function said read_only_call or PostgreSQL said 25006.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import i18next from 'i18next'
import { BackendError } from '@/lib/backend'
import { createSupabaseBackend } from '@/lib/backend/supabase/adapter'
import { errorMessage } from '@/lib/errors'
import { setUpI18n } from '../../features/rsvp/i18n'

const backend = createSupabaseBackend({ url: 'https://example.supabase.co', anonKey: 'anon' })

function answer(status: number, body: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  )
}

async function refusal(): Promise<BackendError> {
  const error: unknown = await backend
    .rpc('search_persons', { p_slug: 'x', p_query: 'maria cruz' })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(BackendError)
  return error as BackendError
}

beforeAll(async () => {
  await setUpI18n('en')
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a writing call sent read only', () => {
  test("the functions' read_only_call and PostgreSQL's 25006 are one error, with a message that says POST", async () => {
    answer(405, {
      code: '25006',
      message: 'read_only_call',
      hint: 'This call records the visit: send it as POST, not GET.',
    })
    expect(await refusal()).toMatchObject({ message: 'read_only_call', code: '25006' })
    answer(405, { code: '25006', message: 'cannot execute INSERT in a read-only transaction' })
    const raw = await refusal()
    expect(raw).toMatchObject({ message: 'read_only_call', code: '25006' })

    expect(errorMessage(raw, i18next.t)).toBe(
      'This request changes data, so it has to be sent as POST, not GET.',
    )
    await i18next.changeLanguage('fil')
    expect(errorMessage(raw, i18next.t)).toBe(
      'May binabago ang kahilingang ito, kaya dapat itong ipadala bilang POST, hindi GET.',
    )
  })

  test('other refusals keep their own code', async () => {
    answer(400, { code: 'P0001', message: 'rate_limited' })
    expect(await refusal()).toMatchObject({ message: 'rate_limited', code: 'P0001' })
  })
})

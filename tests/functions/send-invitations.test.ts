// @vitest-environment node
// The send-invitations Edge Function's logic (supabase/functions/send-invitations/send.ts) against a
// local HTTP server standing in for the e-mail provider, with the database calls faked the way
// PostgREST answers them: what is sent, what is recorded, and what is refused.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  parseSendRequest,
  sendInvitationEmails,
  SendError,
  type SendDeps,
  type SendRequest,
} from '../../supabase/functions/send-invitations/send'

const WEDDING = '11111111-1111-4111-8111-111111111111'
const ILAGAN = '22222222-2222-4222-8222-222222222222'
const DIZON = '33333333-3333-4333-8333-333333333333'
const SANTOS = '44444444-4444-4444-8444-444444444444'
const OTHER_COUPLE = '55555555-5555-4555-8555-555555555555'

interface ProviderCall {
  authorization: string | undefined
  body: { from: string; to: string[]; subject: string; html: string; text: string }
}

let server: Server
let providerUrl: string
let calls: ProviderCall[]
/** The provider's answer for a recipient (200 unless set). */
let statusFor: (to: string) => number

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = ''
    request.on('data', (chunk: Buffer) => (data += chunk.toString()))
    request.on('end', () => resolve(data))
  })

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = JSON.parse(await read(request)) as ProviderCall['body']
    calls.push({ authorization: request.headers.authorization, body })
    const status = statusFor(body.to[0]!)
    response.writeHead(status, { 'Content-Type': 'application/json' })
    response.end(
      JSON.stringify(status === 200 ? { id: `email-${calls.length}` } : { message: 'rejected' }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  providerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** The couple's database as their JWT sees it, recording every call. */
function fakeDatabase(options: { capLeft?: number } = {}) {
  let capLeft = options.capLeft ?? 300
  const rpcCalls: Array<{ name: string; args: Record<string, unknown> }> = []
  const rpc: SendDeps['rpc'] = async (name, args) => {
    rpcCalls.push({ name, args })
    switch (name) {
      case 'get_my_wedding':
        // Like the real call: a wedding the caller does not belong to is not found.
        if (args.p_wedding_id !== WEDDING) throw new Error('wedding_not_found')
        return {
          id: WEDDING,
          bride: { firstName: 'Maria Clara', lastName: 'Santos' },
          groom: { firstName: 'Juan', lastName: 'dela Cruz' },
          date: '2026-12-12',
          rsvpDeadline: '2026-11-30',
          sections: [
            {
              type: 'home',
              data: { wedding: { location: { venue: 'Simbahan ng Quiapo', city: 'Maynila' } } },
            },
          ],
        }
      case 'list_invitations':
        if (args.p_wedding_id !== WEDDING) throw new Error('wedding_not_found')
        return {
          templates: {},
          households: [
            {
              householdId: ILAGAN,
              code: 'ABCD2345',
              token: 'Ilagan0Token0000000000',
              email: 'pacing@example.ph',
              persons: [{ firstName: 'Pacing' }, { firstName: 'Ben' }],
            },
            {
              householdId: DIZON,
              code: 'EFGH6789',
              token: 'Dizon00Token0000000000',
              email: null,
              persons: [{ firstName: 'Niño' }],
            },
            {
              householdId: SANTOS,
              code: 'JKMN2345',
              token: 'Santos0Token0000000000',
              email: 'lola.santos@example.ph',
              persons: [{ firstName: 'Lola Iska' }],
            },
          ],
        }
      case 'claim_email_sends': {
        const count = args.p_count as number
        if (count > capLeft) throw new Error('email_daily_limit')
        capLeft -= count
        return { sent: 300 - capLeft, cap: 300, remaining: capLeft }
      }
      case 'record_invitation':
        return []
      default:
        throw new Error(`unexpected ${name}`)
    }
  }
  return {
    rpc,
    rpcCalls,
    recorded: () =>
      rpcCalls.filter((call) => call.name === 'record_invitation').map((call) => call.args),
  }
}

function deps(rpc: SendDeps['rpc']): SendDeps {
  return {
    fetch,
    providerUrl,
    apiKey: 're_test_key',
    from: 'Kasalan <imbitasyon@kasalan.ph>',
    siteUrl: 'https://kasalan.ph',
    rpc,
  }
}

const request = (householdIds: string[], overrides: Partial<SendRequest> = {}): SendRequest => ({
  weddingId: WEDDING,
  householdIds,
  kind: 'invitation',
  language: 'fil',
  ...overrides,
})

beforeEach(() => {
  calls = []
  statusFor = () => 200
})

describe('sendInvitationEmails', () => {
  test('sends each household its own e-mail, rendered like the preview, and records the sends', async () => {
    const db = fakeDatabase()
    const result = await sendInvitationEmails(request([ILAGAN, SANTOS]), deps(db.rpc))

    expect(result).toEqual({ sent: [ILAGAN, SANTOS], failed: [], skipped: [] })
    expect(calls).toHaveLength(2)
    const [first, second] = calls as [ProviderCall, ProviderCall]
    expect(first.authorization).toBe('Bearer re_test_key')
    expect(first.body.from).toBe('Kasalan <imbitasyon@kasalan.ph>')
    expect(first.body.to).toEqual(['pacing@example.ph'])
    expect(first.body.subject).toBe('Imbitasyon sa kasal nina Maria Clara at Juan')
    expect(first.body.text).toContain('Hi Pacing at Ben!')
    expect(first.body.text).toContain('https://kasalan.ph/i/Ilagan0Token0000000000')
    expect(first.body.text).toContain('ABCD-2345')
    expect(first.body.html).toContain('href="https://kasalan.ph/i/Ilagan0Token0000000000"')
    expect(first.body.html).toContain('Simbahan ng Quiapo, Maynila')
    expect(second.body.to).toEqual(['lola.santos@example.ph'])
    expect(second.body.text).toContain('https://kasalan.ph/i/Santos0Token0000000000')

    expect(db.rpcCalls.find((call) => call.name === 'claim_email_sends')?.args).toEqual({
      p_wedding_id: WEDDING,
      p_count: 2,
    })
    expect(db.recorded()).toEqual([
      {
        p_wedding_id: WEDDING,
        p_household_ids: [ILAGAN, SANTOS],
        p_channel: 'email',
        p_kind: 'invitation',
      },
    ])
  })

  test('a reminder in English uses the reminder wording and is recorded as a reminder', async () => {
    const db = fakeDatabase()
    await sendInvitationEmails(
      request([SANTOS], { kind: 'reminder', language: 'en' }),
      deps(db.rpc),
    )
    expect(calls[0]!.body.subject).toBe("Reminder: RSVP for Maria Clara and Juan's wedding")
    expect(db.recorded()[0]).toMatchObject({ p_kind: 'reminder', p_household_ids: [SANTOS] })
  })

  test('when the provider refuses some, only the accepted ones are recorded and the caller is told which failed', async () => {
    statusFor = (to) => (to === 'pacing@example.ph' ? 422 : 200)
    const db = fakeDatabase()
    const result = await sendInvitationEmails(request([ILAGAN, SANTOS]), deps(db.rpc))
    expect(result).toEqual({
      sent: [SANTOS],
      failed: [{ householdId: ILAGAN, reason: 'provider_422' }],
      skipped: [],
    })
    expect(db.recorded()).toEqual([
      {
        p_wedding_id: WEDDING,
        p_household_ids: [SANTOS],
        p_channel: 'email',
        p_kind: 'invitation',
      },
    ])
  })

  test('when the provider cannot be reached, nothing is recorded', async () => {
    const db = fakeDatabase()
    const result = await sendInvitationEmails(request([ILAGAN]), {
      ...deps(db.rpc),
      providerUrl: 'http://127.0.0.1:1/emails',
    })
    expect(result).toEqual({
      sent: [],
      failed: [{ householdId: ILAGAN, reason: 'provider_unreachable' }],
      skipped: [],
    })
    expect(db.recorded()).toEqual([])
  })

  test('past the daily cap nothing is sent or recorded, and the stable code comes back', async () => {
    const db = fakeDatabase({ capLeft: 1 })
    const error = await sendInvitationEmails(request([ILAGAN, SANTOS]), deps(db.rpc)).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(SendError)
    expect(error).toMatchObject({ code: 'email_daily_limit', status: 429 })
    expect(calls).toHaveLength(0)
    expect(db.recorded()).toEqual([])
  })

  test("another couple's household is refused and a household without e-mail skipped, each with a reason", async () => {
    const db = fakeDatabase()
    const result = await sendInvitationEmails(request([OTHER_COUPLE, DIZON, ILAGAN]), deps(db.rpc))
    expect(result).toEqual({
      sent: [ILAGAN],
      failed: [],
      skipped: [
        { householdId: OTHER_COUPLE, reason: 'household_not_found' },
        { householdId: DIZON, reason: 'no_email' },
      ],
    })
    expect(calls.map((call) => call.body.to)).toEqual([['pacing@example.ph']])
    expect(db.rpcCalls.find((call) => call.name === 'claim_email_sends')?.args).toMatchObject({
      p_count: 1,
    })
    expect(db.recorded()).toEqual([
      {
        p_wedding_id: WEDDING,
        p_household_ids: [ILAGAN],
        p_channel: 'email',
        p_kind: 'invitation',
      },
    ])
  })

  test("another couple's wedding is refused before anything is claimed or sent", async () => {
    const db = fakeDatabase()
    const error = await sendInvitationEmails(
      request([ILAGAN], { weddingId: OTHER_COUPLE }),
      deps(db.rpc),
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'wedding_not_found', status: 404 })
    expect(db.rpcCalls.map((call) => call.name)).toEqual(['get_my_wedding'])
    expect(calls).toHaveLength(0)
  })

  test('nothing to send (no e-mail addresses) claims nothing', async () => {
    const db = fakeDatabase()
    const result = await sendInvitationEmails(request([DIZON]), deps(db.rpc))
    expect(result).toEqual({
      sent: [],
      failed: [],
      skipped: [{ householdId: DIZON, reason: 'no_email' }],
    })
    expect(db.rpcCalls.map((call) => call.name)).not.toContain('claim_email_sends')
  })
})

describe('parseSendRequest', () => {
  test('accepts a well-formed request and drops repeated households', () => {
    expect(
      parseSendRequest({
        weddingId: WEDDING,
        householdIds: [ILAGAN, ILAGAN],
        kind: 'reminder',
        language: 'en',
        origin: 'https://kasal.example',
      }),
    ).toEqual({
      weddingId: WEDDING,
      householdIds: [ILAGAN],
      kind: 'reminder',
      language: 'en',
      origin: 'https://kasal.example',
    })
  })

  test.each([
    null,
    {},
    { weddingId: 'x', householdIds: [ILAGAN], kind: 'invitation', language: 'fil' },
    { weddingId: WEDDING, householdIds: [], kind: 'invitation', language: 'fil' },
    { weddingId: WEDDING, householdIds: ['nope'], kind: 'invitation', language: 'fil' },
    { weddingId: WEDDING, householdIds: [ILAGAN], kind: 'thanks', language: 'fil' },
    { weddingId: WEDDING, householdIds: [ILAGAN], kind: 'invitation', language: 'es' },
    {
      weddingId: WEDDING,
      householdIds: [ILAGAN],
      kind: 'invitation',
      language: 'fil',
      origin: 'javascript:alert(1)',
    },
  ])('refuses %j with invalid_input', (body) => {
    expect(() => parseSendRequest(body)).toThrow(expect.objectContaining({ code: 'invalid_input' }))
  })
})

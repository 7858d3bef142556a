// Rate limits that a stranger can neither reset nor aim (0028_trusted_client_address.sql): one
// trusted header gives the caller's address; the address is parsed (IPv6 by /64, one 'unknown'
// caller for anything else); the per-wedding cap of name searches asks for the invitation code
// instead of refusing every guest; a writing call sent read only (a GET) gets a project code.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createTestDb, ENGINE, type TestDb } from './harness'
import { rpcWith, steadyClock, type CallOptions } from './privacy-helpers'

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

/** Calls kasalan.<name> the way PostgREST does, with request headers (and settings) of our own. */
function call(name: string, args: Record<string, unknown>, options: CallOptions = {}) {
  return rpcWith(t.db, name, args, options)
}

/** A published wedding with one household (Pacing and Ben Ilagan). */
async function wedding() {
  const { claims, wedding } = await t.couple()
  await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
  const household = (await t.rpc(claims, 'save_household', {
    p_wedding_id: wedding.id,
    p_household: {
      persons: [
        { firstName: 'Pacing', lastName: 'Ilagan' },
        { firstName: 'Ben', lastName: 'Ilagan' },
      ],
    },
  })) as { id: string; persons: { id: string }[] }
  return { claims, wedding, householdId: household.id, personId: household.persons[0]!.id }
}

type W = Awaited<ReturnType<typeof wedding>>

/** One name search on the wedding's site; 'found', or the code it was refused with. */
async function search(w: W, options: CallOptions = {}): Promise<string> {
  try {
    const answer = (await call(
      'search_persons',
      { p_slug: w.wedding.slug, p_query: 'pacing ilagan' },
      options,
    )) as {
      status: string
    }
    return answer.status
  } catch (error) {
    return (error as Error).message
  }
}

/** Searches `count` times, each with the headers `headersOf(i)` gives; the answers in order. */
async function searches(
  w: W,
  count: number,
  headersOf: (i: number) => Record<string, string>,
  source?: string,
) {
  await steadyClock()
  const answers: string[] = []
  for (let i = 0; i < count; i += 1)
    answers.push(await search(w, { headers: headersOf(i), source }))
  return answers
}

const twentyThenLimited = [...Array<string>(20).fill('found'), 'rate_limited']

/** Sets the wedding's searches of this hour so far, as if from many addresses. */
async function searchesThisHour(w: W, calls: number) {
  await t.asOwner(
    `insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start, calls)
     values ($1, 'search', '*', 'h', date_trunc('hour', now()), $2)
     on conflict (wedding_id, kind, caller, span, window_start) do update set calls = excluded.calls`,
    [w.wedding.id, calls],
  )
}

describe('the trusted address', () => {
  test("without the proxy's header, a rotated x-forwarded-for or x-real-ip earns no fresh budget", async () => {
    const w = await wedding()
    // Each call names a new first x-forwarded-for and a new x-real-ip: one caller all the same.
    const answers = await searches(w, 21, (i) => ({
      'x-forwarded-for': `203.0.113.${i + 1}, 10.0.0.1`,
      'x-real-ip': `192.0.2.${i + 1}`,
    }))
    expect(answers).toEqual(twentyThenLimited)
  })

  test("behind Cloudflare only cf-connecting-ip counts: the other headers are the client's to write", async () => {
    const w = await wedding()
    const answers = await searches(w, 21, (i) => ({
      'cf-connecting-ip': '198.51.100.20',
      'x-forwarded-for': `203.0.113.${i + 1}`,
      'x-real-ip': `192.0.2.${i + 1}`,
      'x-client-ip': `192.0.2.${i + 100}`,
    }))
    expect(answers).toEqual(twentyThenLimited)
    // Another address behind the same proxy has its own budget.
    expect(await search(w, { headers: { 'cf-connecting-ip': '198.51.100.21' } })).toBe('found')
  })

  test('a configured x-forwarded-for counts its last entry, the one the trusted proxy appended', async () => {
    const w = await wedding()
    const answers = await searches(
      w,
      21,
      (i) => ({ 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.30` }),
      'x-forwarded-for',
    )
    expect(answers).toEqual(twentyThenLimited)
    expect(
      await search(w, {
        headers: { 'x-forwarded-for': '198.51.100.31' },
        source: 'x-forwarded-for',
      }),
    ).toBe('found')
    // Behind two trusted proxies, the second entry from the right.
    const two = await wedding()
    const behindTwo = await searches(
      two,
      21,
      (i) => ({ 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.32, 10.0.0.${i + 1}` }),
      'x-forwarded-for:2',
    )
    expect(behindTwo).toEqual(twentyThenLimited)
    // With cf-connecting-ip configured away, a client-written cf-connecting-ip is just a header.
    const three = await wedding()
    const spoofed = await searches(
      three,
      21,
      (i) => ({ 'cf-connecting-ip': `203.0.113.${i + 1}`, 'x-real-ip': '198.51.100.33' }),
      'x-real-ip',
    )
    expect(spoofed).toEqual(twentyThenLimited)
  })

  test('one IPv6 address however written, and its /64 neighbours, share one budget', async () => {
    const w = await wedding()
    const spellings = [
      '2001:db8:aa:1::1',
      '2001:DB8:AA:1::1',
      '2001:0db8:00aa:0001:0000:0000:0000:0001',
      '2001:db8:aa:1:0:0:0:1',
      '[2001:db8:aa:1::1]:443',
      '2001:db8:aa:1::1/128',
      '2001:db8:aa:1::2',
      '2001:db8:aa:1:ffff:ffff:ffff:ffff',
      '2001:db8:aa:1:1234:5678:9abc:def0',
    ]
    const answers = await searches(w, 21, (i) => ({
      'cf-connecting-ip': spellings[i % spellings.length]!,
    }))
    expect(answers).toEqual(twentyThenLimited)
    // The next /64 is another subscriber.
    expect(await search(w, { headers: { 'cf-connecting-ip': '2001:db8:aa:2::1' } })).toBe('found')
  })

  test('an IPv4-mapped IPv6 address is its IPv4 address; text that is no address is one caller', async () => {
    const w = await wedding()
    const mapped = await searches(w, 21, (i) => ({
      'cf-connecting-ip':
        i % 2 ? '::ffff:198.51.100.40' : i % 3 ? '198.51.100.40' : '::FFFF:c633:6428',
    }))
    expect(mapped).toEqual(twentyThenLimited)

    const other = await wedding()
    const garbage = await searches(other, 21, (i) => ({
      'cf-connecting-ip': i % 2 ? `not-an-address-${i}` : `${i}.${i}`,
    }))
    expect(garbage).toEqual(twentyThenLimited)
  })

  test('the address buckets, one by one', async () => {
    const cases: Array<[string | null, string]> = [
      ['198.51.100.7', '198.51.100.7'],
      [' 198.51.100.7 ', '198.51.100.7'],
      ['198.51.100.7/24', '198.51.100.7'],
      ['198.51.100.7:8443', '198.51.100.7'],
      ['::ffff:198.51.100.7', '198.51.100.7'],
      ['::ffff:c633:6407', '198.51.100.7'],
      ['2001:db8::1', '2001:db8::/64'],
      ['2001:DB8:0:0:ffff::1', '2001:db8::/64'],
      ['[2001:db8:0:0:1::1]:443', '2001:db8::/64'],
      ['2001:db8:0:1::1', '2001:db8:0:1::/64'],
      ['::1', '::/64'],
      ['', 'unknown'],
      [null, 'unknown'],
      ['localhost', 'unknown'],
      ['203.0.113.300', 'unknown'],
      ['1'.repeat(200), 'unknown'],
    ]
    const { rows } = await t.asOwner<{ input: string | null; bucket: string }>(
      `select c.input, kasalan_private.address_bucket(c.input) as bucket
       from jsonb_array_elements_text($1::jsonb) with ordinality as c(input, n) order by c.n`,
      [JSON.stringify(cases.map(([input]) => input))],
    )
    expect(rows.map((r) => r.bucket)).toEqual(cases.map(([, bucket]) => bucket))
  })

  test('the address helpers are not reachable through the API', async () => {
    const { claims } = await t.couple()
    for (const sql of [
      'select kasalan_private.client_address()',
      "select kasalan_private.address_bucket('198.51.100.7')",
      "select kasalan_private.count_call(gen_random_uuid(), 'search')",
    ]) {
      await expect(t.asRole('anon', null, sql)).rejects.toMatchObject({ code: '42501' })
      await expect(t.asRole('authenticated', claims, sql)).rejects.toMatchObject({ code: '42501' })
    }
  })
})

describe('the per-wedding cap', () => {
  test(
    "reached from many addresses, a new guest's search asks for the invitation code",
    { timeout: 120_000 },
    async () => {
      const w = await wedding()
      // The whole test in one minute: its 210 searches take a second or two.
      await steadyClock(30)
      // 1800 searches this hour already, then ten addresses search until each is refused.
      await searchesThisHour(w, 1800)
      const attackers = Array.from({ length: 10 }, (_, i) => `198.51.101.${i + 1}`)
      for (const address of attackers) {
        expect(await searches(w, 21, () => ({ 'cf-connecting-ip': address }))).toEqual(
          twentyThenLimited,
        )
      }
      // The wedding's 2000 searches of the hour are used up.
      const guest = { headers: { 'cf-connecting-ip': '198.51.100.50' } }
      expect(await search(w, guest)).toBe('invitation_code_required_busy')
      expect(await search(w, { headers: { 'cf-connecting-ip': '2001:db8:bb::1' } })).toBe(
        'invitation_code_required_busy',
      )
      // An address over its own limit is still told to wait.
      expect(await search(w, { headers: { 'cf-connecting-ip': attackers[0]! } })).toBe(
        'rate_limited',
      )
      // The couple previewing their site is not counted.
      expect(await search(w, { ...guest, claims: w.claims })).toBe('found')
      // The couple sees the probes: the wedding as a whole, and each caller that reached its limit.
      const { probes } = (await t.rpc(w.claims, 'list_rsvp_changes', {
        p_wedding_id: w.wedding.id,
      })) as {
        probes: { kind: string; scope: string }[]
      }
      expect(probes.filter((p) => p.scope === 'wedding')).toEqual([
        expect.objectContaining({ kind: 'search' }),
      ])
      expect(probes.filter((p) => p.scope === 'caller')).toHaveLength(10)
    },
  )

  test('another wedding is not touched by it', async () => {
    const busy = await wedding()
    const quiet = await wedding()
    await steadyClock()
    await searchesThisHour(busy, 2000)
    const guest = { headers: { 'cf-connecting-ip': '198.51.100.51' } }
    expect(await search(busy, guest)).toBe('invitation_code_required_busy')
    expect(await search(quiet, guest)).toBe('found')
  })
})

describe('a writing call sent read only (a GET)', () => {
  test("is refused with read_only_call and a hint, not PostgreSQL's bare 25006", async () => {
    const w = await wedding()
    const options = { headers: { 'cf-connecting-ip': '198.51.100.60' }, readOnly: true }
    await expect(
      call('search_persons', { p_slug: w.wedding.slug, p_query: 'pacing ilagan' }, options),
    ).rejects.toMatchObject({
      message: 'read_only_call',
      // read_only_sql_transaction still: PostgREST answers 405 Method Not Allowed.
      code: '25006',
      hint: expect.stringContaining('POST'),
    })
    // Any slug: the answer does not tell whether a site exists.
    await expect(
      call('search_persons', { p_slug: 'no-such-site', p_query: 'pacing ilagan' }, options),
    ).rejects.toMatchObject({
      message: 'read_only_call',
    })
    // The RSVP calls count through the same helper.
    await expect(
      call(
        'get_rsvp',
        { p_household_id: w.householdId, p_person_id: w.personId, p_code: null },
        options,
      ),
    ).rejects.toMatchObject({ message: 'read_only_call' })
    // Sent as POST, the same search goes through.
    expect(await search(w, { headers: options.headers })).toBe('found')
  })
})

describe.runIf(ENGINE === 'postgres')('many calls at once', () => {
  test(
    'parallel searches from one address, on eight connections, count exactly',
    { timeout: 60_000 },
    async () => {
      const w = await wedding()
      // Eight connections as PostgREST's login, each call its own transaction as anon.
      const { host, port } = inject('kasalanPostgres')
      const { rows: current } = await t.asOwner<{ name: string }>(
        'select current_database() as name',
      )
      const pool = new pg.Pool({
        host,
        port,
        user: 'authenticator',
        database: current[0]!.name,
        max: 8,
      })
      pool.on('error', () => undefined)
      const headers = JSON.stringify({ 'cf-connecting-ip': '198.51.100.70' })
      const once = async () => {
        const client = await pool.connect()
        try {
          await client.query('begin')
          await client.query(
            "select set_config('request.jwt.claims', '{\"role\":\"anon\"}', true), set_config('request.headers', $1, true)",
            [headers],
          )
          await client.query('set local role anon')
          await client.query('select kasalan.search_persons($1, $2)', [
            w.wedding.slug,
            'pacing ilagan',
          ])
          await client.query('commit')
          return 'found'
        } catch (error) {
          await client.query('rollback').catch(() => undefined)
          return (error as Error).message
        } finally {
          client.release()
        }
      }
      try {
        await steadyClock()
        const answers = await Promise.all(Array.from({ length: 40 }, once))
        expect(answers.filter((a) => a === 'found')).toHaveLength(20)
        expect(answers.filter((a) => a === 'rate_limited')).toHaveLength(20)
      } finally {
        await pool.end()
      }
      const { rows } = await t.asOwner<{ span: string; calls: number }>(
        `select span, calls from kasalan.rate_counters where wedding_id = $1 and kind = 'search' order by caller = '*', span`,
        [w.wedding.id],
      )
      // The refused calls rolled back: 20 a minute and an hour for the caller, 20 for the wedding.
      expect(rows).toEqual([
        { span: 'h', calls: 20 },
        { span: 'm', calls: 20 },
        { span: 'h', calls: 20 },
      ])
    },
  )
})

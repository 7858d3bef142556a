// Guest privacy (supabase/schemas/02_households.sql, 03_rsvp.sql): only the household (with its invitation code) or the
// couple reads a household's answers; nothing is overwritten silently; visitors are rate limited
// per address and per wedding; the tables take only what the functions would; invalid text gets a
// stable code.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'
import { newVisitor, rpcAs, steadyClock } from './privacy-helpers'

interface RsvpPerson {
  id: string
  firstName: string
  hasAnswered: boolean
  recordedByCouple: boolean
  isAttending: boolean | null
  response: { questionId: string; answer: string }[]
  respondedAt: string | null
}
interface Rsvp {
  household: {
    id: string
    access: string
    hasAnswered: boolean
    message: string | null
    messageAt: string | null
    persons: RsvpPerson[]
  }
}
interface Change {
  id: string
  personId: string | null
  firstName: string
  changedBy: string
  changedAt: string
  previous: Record<string, unknown>
  current: Record<string, unknown>
}
interface Changes {
  lastSeenAt: string | null
  changes: Change[]
  probes: { kind: string; scope: string; at: string }[]
}

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

const QUESTIONS = [
  { id: 'meal', question: 'Anong ulam?', kind: 'choice', options: ['Kare-kare', 'Manok'] },
]

/** A published wedding with one household of two (Lola Pacing and Tito Ben) and its code. */
async function wedding() {
  const { claims, wedding } = await t.couple()
  await t.rpc(claims, 'update_rsvp_settings', {
    p_wedding_id: wedding.id,
    p_deadline: null,
    p_questions: QUESTIONS,
  })
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
  const { rows } = await t.asOwner<{ code: string }>(
    'select invitation_code as code from kasalan.households where id = $1',
    [household.id],
  )
  const [lola, ben] = household.persons.map((p) => p.id) as [string, string]
  return { claims, wedding, householdId: household.id, lola, ben, code: rows[0]!.code }
}

type W = Awaited<ReturnType<typeof wedding>>

const getRsvp = (w: W, code: string | null = null, claims: Claims = null) =>
  rpcAs(t.db, claims, 'get_rsvp', {
    p_household_id: w.householdId,
    p_person_id: w.lola,
    p_code: code,
  }) as Promise<Rsvp>

const submit = (w: W, answers: unknown[], message: string | null, code: string | null = null) =>
  rpcAs(t.db, null, 'submit_rsvp', {
    p_household_id: w.householdId,
    p_person_id: w.lola,
    p_answers: answers,
    p_message: message,
    p_code: code,
  }) as Promise<Rsvp>

const changes = (w: W, claims: Claims = w.claims) =>
  t.rpc(claims, 'list_rsvp_changes', { p_wedding_id: w.wedding.id }) as Promise<Changes>

describe('invitation codes', () => {
  test('every household has its own: 8 characters, no 0/O/1/I/L, unique within its wedding', async () => {
    const codes: string[] = []
    for (let i = 0; i < 3; i += 1) codes.push((await wedding()).code)
    const { rows } = await t.asOwner<{ code: string }>(
      'select invitation_code as code from kasalan.households',
    )
    for (const { code } of rows) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/)
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length)
    // Since 0027 a code is checked only within its wedding, so two weddings may share one
    // (tests/db/invitation-links.test.ts holds the uniqueness within a wedding).
    await t.asOwner(
      'update kasalan.households set invitation_code = $1 where invitation_code = $2',
      [codes[0], codes[1]],
    )
  })
})

describe('only the household reads its own answers', () => {
  test('a visitor who searched sees names and whether they answered, not the answers, message or time', async () => {
    const w = await wedding()
    await submit(
      w,
      [
        {
          personId: w.lola,
          isAttending: true,
          response: [{ questionId: 'meal', answer: 'Manok' }],
        },
      ],
      'Bawal sa akin ang alat.',
      w.code,
    )

    const searched = await getRsvp(w)
    expect(searched.household).toMatchObject({
      access: 'guest_search',
      hasAnswered: true,
      message: null,
      messageAt: null,
    })
    expect(
      searched.household.persons.map((p) => [
        p.firstName,
        p.hasAnswered,
        p.isAttending,
        p.response,
        p.respondedAt,
      ]),
    ).toEqual([
      ['Pacing', true, null, [], null],
      ['Ben', false, null, [], null],
    ])

    for (const code of [w.code, w.code.toLowerCase(), `${w.code.slice(0, 4)}-${w.code.slice(4)}`]) {
      const withCode = await getRsvp(w, code)
      expect(withCode.household).toMatchObject({
        access: 'guest_code',
        message: 'Bawal sa akin ang alat.',
      })
      expect(withCode.household.persons[0]).toMatchObject({
        isAttending: true,
        response: [{ answer: 'Manok' }],
      })
    }
    // A wrong code, or another household's, is the same as none: it reveals nothing.
    const other = await wedding()
    for (const code of ['AAAAAAAA', other.code, '', 'x'.repeat(5000)]) {
      expect((await getRsvp(w, code)).household.access).toBe('guest_search')
    }
    expect((await getRsvp(w, null, w.claims)).household).toMatchObject({
      access: 'couple',
      message: 'Bawal sa akin ang alat.',
    })
    expect((await getRsvp(w, null, other.claims)).household.access).toBe('guest_search')
  })

  test('what submit_rsvp returns to a visitor without the code is as hidden as get_rsvp', async () => {
    const w = await wedding()
    await submit(
      w,
      [
        {
          personId: w.ben,
          isAttending: true,
          response: [{ questionId: 'meal', answer: 'Kare-kare' }],
        },
      ],
      'Secret',
      w.code,
    )
    const answered = await submit(w, [{ personId: w.lola, isAttending: false }], null)
    expect(answered.household).toMatchObject({ access: 'guest_search', message: null })
    expect(
      answered.household.persons.every((p) => p.isAttending === null && p.response.length === 0),
    ).toBe(true)
  })
})

describe('nothing overwritten silently', () => {
  test('a reply the couple recorded changes from the public site only with the code', async () => {
    const w = await wedding()
    // The couple took a phone call with Lola: attending.
    await t.rpc(w.claims, 'record_reply', {
      p_wedding_id: w.wedding.id,
      p_person_id: w.lola,
      p_is_attending: true,
      p_response: [{ questionId: 'meal', answer: 'Manok' }],
    })
    expect((await getRsvp(w)).household.persons[0]).toMatchObject({
      hasAnswered: true,
      recordedByCouple: true,
    })

    await expect(submit(w, [{ personId: w.lola, isAttending: false }], null)).rejects.toMatchObject(
      {
        message: 'rsvp_recorded_by_couple',
      },
    )
    // All or nothing: Ben's answer in the same call is not saved either.
    await expect(
      submit(
        w,
        [
          { personId: w.ben, isAttending: false },
          { personId: w.lola, isAttending: false },
        ],
        null,
      ),
    ).rejects.toMatchObject({ message: 'rsvp_recorded_by_couple' })
    expect((await getRsvp(w, w.code)).household.persons.map((p) => p.isAttending)).toEqual([
      true,
      null,
    ])

    // Ben was not recorded by the couple: a visitor may answer for him alone.
    await submit(w, [{ personId: w.ben, isAttending: false }], null)
    // With the code, the household may change Lola's reply.
    const changed = await submit(w, [{ personId: w.lola, isAttending: false }], null, w.code)
    expect(changed.household.persons[0]).toMatchObject({
      isAttending: false,
      recordedByCouple: false,
    })
  })

  test('every change is kept with who, when and the previous value; the couple restores one', async () => {
    const w = await wedding()
    await t.rpc(w.claims, 'record_reply', {
      p_wedding_id: w.wedding.id,
      p_person_id: w.lola,
      p_is_attending: true,
      p_response: [{ questionId: 'meal', answer: 'Manok' }],
    })
    await submit(w, [{ personId: w.lola, isAttending: false }], 'Pasensya na po.', w.code)
    await submit(
      w,
      [
        {
          personId: w.ben,
          isAttending: true,
          response: [{ questionId: 'meal', answer: 'Kare-kare' }],
        },
      ],
      '',
    )
    // The same answer again is not a change.
    await submit(
      w,
      [
        {
          personId: w.ben,
          isAttending: true,
          response: [{ questionId: 'meal', answer: 'Kare-kare' }],
        },
      ],
      null,
    )

    const list = await changes(w)
    expect(list.lastSeenAt).toBeNull()
    // Newest first; one call's reply and message changes share their time.
    expect(list.changes.map((c) => [c.firstName, c.changedBy])).toEqual([
      ['Ben', 'guest_search'],
      ['Pacing', 'guest_code'],
      ['Pacing', 'guest_code'],
      ['Pacing', 'couple'],
    ])
    expect(
      list.changes
        .slice(1, 3)
        .map((c) => (c.personId === null ? 'message' : 'reply'))
        .sort(),
    ).toEqual(['message', 'reply'])
    // A visitor's blank message did not clear the message they could not see.
    expect((await getRsvp(w, w.code)).household.message).toBe('Pasensya na po.')
    const overwritten = list.changes.find(
      (c) => c.changedBy === 'guest_code' && c.personId === w.lola,
    )!
    expect(overwritten.previous).toMatchObject({
      isAttending: true,
      recordedBy: 'couple',
      response: [{ answer: 'Manok' }],
    })
    expect(overwritten.current).toMatchObject({ isAttending: false, recordedBy: 'guest' })

    // One step puts Lola back to what the couple recorded; the restore is itself a change.
    const restored = (await t.rpc(w.claims, 'restore_rsvp', {
      p_wedding_id: w.wedding.id,
      p_change_id: overwritten.id,
    })) as {
      persons: { id: string; isAttending: boolean; recordedBy: string; response: unknown[] }[]
    }
    expect(restored.persons.find((p) => p.id === w.lola)).toMatchObject({
      isAttending: true,
      recordedBy: 'couple',
      response: [{ answer: 'Manok' }],
    })
    const after = await changes(w)
    expect(after.changes[0]).toMatchObject({
      changedBy: 'couple',
      previous: { isAttending: false },
      current: { isAttending: true },
    })
    // The message too.
    const messageChange = list.changes.find((c) => c.personId === null)!
    await t.rpc(w.claims, 'restore_rsvp', {
      p_wedding_id: w.wedding.id,
      p_change_id: messageChange.id,
    })
    expect((await getRsvp(w, w.code)).household.message).toBeNull()
  })

  test('changes since the last visit: marked seen per account', async () => {
    const w = await wedding()
    await submit(w, [{ personId: w.ben, isAttending: true }], null)
    const first = await changes(w)
    expect(first.changes).toHaveLength(1)
    await t.rpc(w.claims, 'mark_rsvp_changes_seen', {
      p_wedding_id: w.wedding.id,
      p_seen_at: first.changes[0]!.changedAt,
    })
    const seen = await changes(w)
    expect(seen.lastSeenAt).toBe(first.changes[0]!.changedAt)
    // Marking seen never goes back, nor into the future.
    await t.rpc(w.claims, 'mark_rsvp_changes_seen', {
      p_wedding_id: w.wedding.id,
      p_seen_at: '2000-01-01T00:00:00Z',
    })
    expect((await changes(w)).lastSeenAt).toBe(first.changes[0]!.changedAt)
    await t.rpc(w.claims, 'mark_rsvp_changes_seen', {
      p_wedding_id: w.wedding.id,
      p_seen_at: '2999-01-01T00:00:00Z',
    })
    expect(Date.parse((await changes(w)).lastSeenAt!)).toBeLessThan(Date.now() + 60_000)
  })

  test('another couple and visitors can neither list, mark nor restore; a change of another wedding is not found', async () => {
    const w = await wedding()
    const other = await wedding()
    await submit(w, [{ personId: w.ben, isAttending: true }], null)
    const [change] = (await changes(w)).changes
    for (const [name, args] of [
      ['list_rsvp_changes', { p_wedding_id: w.wedding.id }],
      [
        'mark_rsvp_changes_seen',
        { p_wedding_id: w.wedding.id, p_seen_at: new Date().toISOString() },
      ],
      ['restore_rsvp', { p_wedding_id: w.wedding.id, p_change_id: change!.id }],
    ] as const) {
      await expect(t.rpc(other.claims, name, args), name).rejects.toMatchObject({
        message: 'wedding_not_found',
      })
      await expect(t.rpc(null, name, args), name).rejects.toMatchObject({ code: '42501' })
    }
    await expect(
      t.rpc(other.claims, 'restore_rsvp', {
        p_wedding_id: other.wedding.id,
        p_change_id: change!.id,
      }),
    ).rejects.toMatchObject({ message: 'rsvp_change_not_found' })
    await expect(
      t.rpc(w.claims, 'mark_rsvp_changes_seen', { p_wedding_id: w.wedding.id, p_seen_at: null }),
    ).rejects.toMatchObject({ message: 'invalid_input' })
  })
})

describe('rate limits', () => {
  test('per caller: the 21st search in a minute is refused, another caller is not; the couple sees the probe', async () => {
    const w = await wedding()
    const a = { 'cf-connecting-ip': '198.51.100.7', 'x-forwarded-for': '10.1.1.1' }
    const b = { 'cf-connecting-ip': '198.51.100.8' }
    const search = (headers: Record<string, string>) =>
      rpcAs(
        t.db,
        null,
        'search_persons',
        { p_slug: w.wedding.slug, p_query: 'pacing ilagan' },
        headers,
      )

    await steadyClock()
    for (let i = 0; i < 20; i += 1) expect(await search(a)).toMatchObject({ status: 'found' })
    await expect(search(a)).rejects.toMatchObject({ message: 'rate_limited' })
    await expect(search(a)).rejects.toMatchObject({ message: 'rate_limited' })
    expect(await search(b)).toMatchObject({ status: 'found' })
    // The couple previewing their own site is not counted.
    expect(
      await rpcAs(
        t.db,
        w.claims,
        'search_persons',
        { p_slug: w.wedding.slug, p_query: 'pacing ilagan' },
        a,
      ),
    ).toMatchObject({
      status: 'found',
    })

    const { probes } = await changes(w)
    expect(probes).toEqual([{ kind: 'search', scope: 'caller', at: expect.any(String) }])
    // Addresses are never stored, only a hash per wedding.
    const { rows } = await t.asOwner<{ n: number }>(
      "select count(*)::int as n from kasalan.rate_counters where caller like '%198.51%'",
    )
    expect(rows[0]!.n).toBe(0)
  })

  test('RSVP loads and answers have their own limit per caller', async () => {
    const w = await wedding()
    const a = { 'cf-connecting-ip': '198.51.100.9' }
    await steadyClock()
    for (let i = 0; i < 30; i += 1) {
      await rpcAs(
        t.db,
        null,
        'get_rsvp',
        { p_household_id: w.householdId, p_person_id: w.lola, p_code: null },
        a,
      )
    }
    await expect(
      rpcAs(
        t.db,
        null,
        'get_rsvp',
        { p_household_id: w.householdId, p_person_id: w.lola, p_code: null },
        a,
      ),
    ).rejects.toMatchObject({ message: 'rate_limited' })
    // A guest holding the household's code is never limited (0027).
    expect(
      await rpcAs(
        t.db,
        null,
        'get_rsvp',
        { p_household_id: w.householdId, p_person_id: w.lola, p_code: w.code },
        a,
      ),
    ).toMatchObject({ household: { access: 'guest_code' } })
    await expect(
      rpcAs(
        t.db,
        null,
        'submit_rsvp',
        {
          p_household_id: w.householdId,
          p_person_id: w.lola,
          p_answers: [{ personId: w.lola, isAttending: true }],
          p_message: null,
        },
        a,
      ),
    ).rejects.toMatchObject({ message: 'rate_limited' })
    expect((await getRsvp(w)).household.id).toBe(w.householdId)
    expect((await changes(w)).probes).toEqual([
      { kind: 'rsvp', scope: 'caller', at: expect.any(String) },
    ])
  })

  test(
    'per wedding: 2000 searches an hour from everyone together, then a search asks for the invitation code',
    { timeout: 120_000 },
    async () => {
      const w = await wedding()
      // Stand in for 1999 earlier searches this hour from many addresses.
      await t.asOwner(
        `insert into kasalan.rate_counters (wedding_id, kind, caller, span, window_start, calls)
       values ($1, 'search', '*', 'h', date_trunc('hour', now()), 1999)`,
        [w.wedding.id],
      )
      expect(
        await rpcAs(t.db, null, 'search_persons', {
          p_slug: w.wedding.slug,
          p_query: 'ben ilagan',
        }),
      ).toMatchObject({ status: 'found' })
      await expect(
        rpcAs(
          t.db,
          null,
          'search_persons',
          { p_slug: w.wedding.slug, p_query: 'ben ilagan' },
          { 'cf-connecting-ip': newVisitor() },
        ),
      ).rejects.toMatchObject({ message: 'invitation_code_required_busy' })
      expect((await changes(w)).probes).toEqual([
        { kind: 'search', scope: 'wedding', at: expect.any(String) },
      ])
    },
  )

  test('counters clean themselves: a new hour removes the older ones of that wedding', async () => {
    const w = await wedding()
    await t.asOwner(
      `insert into kasalan.rate_counters (wedding_id, kind, caller, span, window_start, calls)
       values ($1, 'search', 'old', 'm', now() - interval '3 hours', 5), ($1, 'search', 'old', 'h', now() - interval '3 hours', 5)`,
      [w.wedding.id],
    )
    await rpcAs(t.db, null, 'search_persons', { p_slug: w.wedding.slug, p_query: 'ben ilagan' })
    const { rows } = await t.asOwner<{ n: number }>(
      "select count(*)::int as n from kasalan.rate_counters where wedding_id = $1 and caller = 'old'",
      [w.wedding.id],
    )
    expect(rows[0]!.n).toBe(0)
  })

  test("the counters and history are no one's to read or write directly", async () => {
    for (const table of ['rate_counters', 'rate_probes', 'rsvp_changes', 'rsvp_changes_seen']) {
      for (const role of ['anon', 'authenticated'] as const) {
        await expect(
          t.asRole(
            role,
            role === 'anon' ? null : (await wedding()).claims,
            `select * from kasalan.${table}`,
          ),
        ).rejects.toMatchObject({
          code: '42501',
        })
      }
    }
    // The wedding-scoped search behind the public search_persons (by slug) is a private helper.
    for (const name of [
      'kasalan_private.rate_limit',
      'kasalan_private.search_wedding_persons',
      'kasalan_private.rsvp_access',
    ]) {
      const { rows } = await t.asOwner<{ anon: boolean; authenticated: boolean }>(
        `select has_function_privilege('anon', p.oid, 'execute') as anon, has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p where p.pronamespace = split_part($1, '.', 1)::regnamespace and p.proname = split_part($1, '.', 2)`,
        [name],
      )
      expect(rows[0], name).toEqual({ anon: false, authenticated: false })
    }
  })
})

describe('the database takes only what the functions would', () => {
  test('a couple cannot write households or persons directly: no forged "recorded by", no malformed answers', async () => {
    const w = await wedding()
    const denied = { code: '42501' }
    for (const sql of [
      // The answers are the events' replies (the main event's too), written only by functions.
      `update kasalan.event_replies set recorded_by = 'guest' where person_id = '${w.lola}'`,
      `insert into kasalan.event_replies (wedding_id, event_id, person_id, household_id, is_attending, response)
       values ('${w.wedding.id}', '00000000-0000-0000-0000-000000000000', '${w.lola}', '${w.householdId}', true, '[{"oops": 1}]')`,
      `update kasalan.persons set first_name = 'X' where id = '${w.lola}'`,
      `update kasalan.households set rsvp_message = 'forged' where id = '${w.householdId}'`,
      `update kasalan.households set invitation_code = 'AAAAAAAA' where id = '${w.householdId}'`,
      `insert into kasalan.households (wedding_id) values ('${w.wedding.id}')`,
      `delete from kasalan.persons where id = '${w.ben}'`,
      `delete from kasalan.households where id = '${w.householdId}'`,
    ]) {
      await expect(t.asRole('authenticated', w.claims, sql), sql).rejects.toMatchObject(denied)
    }
    // The functions still work for the couple, and still refuse another couple.
    const other = await wedding()
    await expect(
      t.rpc(other.claims, 'delete_household', { p_household_id: w.householdId }),
    ).rejects.toMatchObject({
      message: 'household_not_found',
    })
    await t.rpc(w.claims, 'delete_household', { p_household_id: w.householdId })
    const { rows } = await t.asOwner('select 1 from kasalan.households where id = $1', [
      w.householdId,
    ])
    expect(rows).toHaveLength(0)
  })

  test("the couple's names on the wedding must be strings of at most 100 characters", async () => {
    const w = await wedding()
    for (const bride of [
      '{"firstName": 5, "lastName": "Reyes"}',
      '{"firstName": ["M"], "lastName": "Reyes"}',
      `{"firstName": "${'M'.repeat(101)}"}`,
      '"Maria"',
    ]) {
      await expect(
        t.asOwner(`update kasalan.weddings set bride = '${bride}' where id = $1`, [w.wedding.id]),
        bride,
      ).rejects.toMatchObject({ code: '23514' })
    }
  })

  test('NUL and lone surrogates in any text field: invalid_input naming the field', async () => {
    const w = await wedding()
    const calls: [string, Record<string, unknown>, string][] = [
      [
        'save_household',
        { p_wedding_id: w.wedding.id, p_household: { persons: [{ firstName: 'A\u0000B' }] } },
        'p_household.persons[0].firstName',
      ],
      [
        'create_my_wedding',
        {
          p_bride: { firstName: 'M\u0000', lastName: 'R' },
          p_groom: { firstName: 'J', lastName: 'C' },
        },
        'p_bride.firstName',
      ],
      [
        'import_households',
        { p_wedding_id: w.wedding.id, p_households: [{ notes: '\u0000', persons: [] }] },
        'p_households[0].notes',
      ],
      [
        'save_site_structure',
        {
          p_wedding_id: w.wedding.id,
          p_sections: [{ type: 'custom', label: 'x\u0000' }],
          p_theme: { name: 'classic' },
        },
        'p_sections[0].label',
      ],
      [
        'update_rsvp_settings',
        {
          p_wedding_id: w.wedding.id,
          p_deadline: null,
          p_questions: [{ id: 'a', question: '\u0000?' }],
        },
        'p_questions[0].question',
      ],
      [
        'record_reply',
        {
          p_wedding_id: w.wedding.id,
          p_person_id: w.lola,
          p_is_attending: true,
          p_response: [{ questionId: 'meal', answer: '\uD800' }],
        },
        'p_response[0].answer',
      ],
      [
        'save_seating_layout',
        {
          p_wedding_id: w.wedding.id,
          p_layout: { tables: [{ id: 't', name: '\u0000' }], seats: [] },
        },
        'p_layout.tables[0].name',
      ],
    ]
    for (const [name, args, field] of calls) {
      await expect(t.rpc(w.claims, name, args), name).rejects.toMatchObject({
        message: 'invalid_input',
        code: 'P0001',
        details: `${field} contains invalid characters`,
      })
    }
    await expect(
      t.rpc(null, 'submit_rsvp', {
        p_household_id: w.householdId,
        p_person_id: w.lola,
        p_answers: [{ personId: w.lola, isAttending: true }],
        p_message: 'hi\u0000',
      }),
    ).rejects.toMatchObject({
      message: 'invalid_input',
      details: 'p_message contains invalid characters',
    })
    await expect(
      t.rpc(null, 'search_persons', { p_slug: w.wedding.slug, p_query: 'ben\u0000' }),
    ).rejects.toMatchObject({
      message: 'invalid_input',
      details: 'p_query contains invalid characters',
    })
  })

  test('other control characters reach SQL and are refused there, naming the field', async () => {
    const w = await wedding()
    await expect(
      t.rpc(w.claims, 'save_household', {
        p_wedding_id: w.wedding.id,
        p_household: { persons: [{ firstName: 'A\u0007B' }] },
      }),
    ).rejects.toMatchObject({
      message: 'invalid_input',
      details: 'firstName contains invalid characters',
    })
    // Tabs and line breaks are fine in notes.
    await t.rpc(w.claims, 'save_household', {
      p_wedding_id: w.wedding.id,
      p_household: { notes: 'linya 1\nlinya 2\tdulo', persons: [{ firstName: 'Ana' }] },
    })
  })

  test('two 100-character first names make a title that fits', async () => {
    const claims = await t.signUp('long')
    const wedding = (await t.rpc(claims, 'create_my_wedding', {
      p_bride: { firstName: 'M'.repeat(100), lastName: 'Reyes' },
      p_groom: { firstName: 'J'.repeat(100), lastName: 'Cruz' },
    })) as { title: string }
    expect(wedding.title.length).toBeLessThanOrEqual(200)
    expect(wedding.title).toBe(`${'M'.repeat(98)} & ${'J'.repeat(99)}`)
    const short = (await t.rpc(await t.signUp('short'), 'create_my_wedding', {
      p_bride: { firstName: 'Maria', lastName: 'Reyes' },
      p_groom: { firstName: 'Juan', lastName: 'Cruz' },
    })) as { title: string }
    expect(short.title).toBe('Maria & Juan')
  })
})

// Check-in at the door (0019): the usher role does the check-in and nothing else, arrivals are one
// per person whoever marks them and however often, a call sent again is applied once, and a
// walk-in goes only to a table with a free seat.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { wedding as weddingSchema } from '../../src/lib/api/schemas'
import { createTestDb, ENGINE, seatedReplies, setSeatedReplies, type TestDb } from './harness'

interface Roster {
  version: number
  households: {
    id: string
    side: string
    tokenKey: string
    persons: {
      id: string
      firstName: string
      attending: boolean | null
      tableId: string | null
      seat: number | null
    }[]
  }[]
  tables: { id: string; name: string; seats: number; seated: number }[]
  arrivals: string[]
  walkIns: { id: string; tableId: string; name: string }[]
}
interface Recorded {
  version: number
  results: { id: string; status: string; code?: string; duplicate?: boolean }[]
}

let t: TestDb
let weddingId: string
let owner: NonNullable<Claims>
let usher: NonNullable<Claims>
let usher2: NonNullable<Claims>
let coordinator: NonNullable<Claims>
let helper: NonNullable<Claims>
let stranger: NonNullable<Claims>
/** Households: the Santos (two, seated at table 1), the Reyes (one, table 2), the Cruz (declined). */
const ids = {} as Record<'santos' | 'reyes' | 'cruz', { id: string; persons: { id: string }[] }>

// What no usher may ever read: every one appears in the contact, notes, answers or message, or in
// the wedding's own contact, questions and invitation texts.
const SECRETS = [
  'lihim-email@example.com',
  '0917-555-0199',
  'Lihim na Kalye',
  'Lihim na tala',
  'Lihim na mensahe',
  'lihim-sagot',
  'Lihim sa tao',
  'Lihim na tanong',
  'Lihim na paanyaya',
  'lihim-na-pahina',
]

async function join(role: string, side: string | null, name: string) {
  const claims = await t.signUp(role)
  const { token } = (await t.rpc(owner, 'create_member_invitation', {
    p_wedding_id: weddingId,
    p_role: role,
    p_side: side,
  })) as { token: string }
  await t.rpc(claims, 'accept_member_invitation', { p_token: token, p_display_name: name })
  return claims
}

const household = async (lastName: string, firstNames: string[]) =>
  (await t.rpc(owner, 'save_household', {
    p_wedding_id: weddingId,
    p_household: {
      relationshipSide: 'bride',
      relationshipType: 'family',
      email: 'lihim-email@example.com',
      phone: '0917-555-0199',
      notes: 'Lihim na tala',
      address: { address1: 'Lihim na Kalye' },
      persons: firstNames.map((firstName) => ({
        firstName,
        lastName,
        type: 'adult',
        notes: 'Lihim sa tao',
      })),
    },
  })) as { id: string; persons: { id: string }[] }

const roster = (claims: Claims) =>
  t.rpc(claims, 'get_checkin_roster', { p_wedding_id: weddingId }) as Promise<Roster>
const record = (claims: Claims, actions: unknown[]) =>
  t.rpc(claims, 'record_checkins', {
    p_wedding_id: weddingId,
    p_actions: actions,
  }) as Promise<Recorded>

beforeAll(async () => {
  t = await createTestDb()
  const couple = await t.couple('Isabel', 'Miguel')
  owner = couple.claims
  weddingId = couple.wedding.id
  ids.santos = await household('Santos', ['Ana', 'Ben'])
  ids.reyes = await household('Reyes', ['Carlo'])
  ids.cruz = await household('Cruz', ['Dina'])
  await t.rpc(owner, 'record_reply', {
    p_wedding_id: weddingId,
    p_person_id: ids.santos.persons[0]!.id,
    p_is_attending: true,
    p_response: [],
  })
  // An answer to a question of the couple's, as a guest's own reply stores it.
  const [recorded] = await seatedReplies(t, { personIds: [ids.santos.persons[0]!.id] })
  await setSeatedReplies(t, [ids.santos.persons[0]!.id], {
    ...recorded!,
    response: [{ questionId: 'q1', answer: 'lihim-sagot' }],
  })
  await t.rpc(owner, 'record_reply', {
    p_wedding_id: weddingId,
    p_person_id: ids.cruz.persons[0]!.id,
    p_is_attending: false,
    p_response: [],
  })
  await t.asOwner('update kasalan.households set rsvp_message = $2 where id = $1', [
    ids.santos.id,
    'Lihim na mensahe',
  ])
  await t.asOwner(
    `update kasalan.weddings set contact = $2::jsonb, rsvp_questions = $3::jsonb, invitation_templates = $4::jsonb, venue = 'Simbahan ng Taal'
     where id = $1`,
    [
      weddingId,
      JSON.stringify({
        email: 'lihim-email@example.com',
        phone: '0917-555-0199',
        messenger: 'https://m.me/lihim-na-pahina',
      }),
      JSON.stringify([{ id: 'q1', question: 'Lihim na tanong?', kind: 'text' }]),
      JSON.stringify({ invitation: { fil: 'Lihim na paanyaya' } }),
    ],
  )
  await t.rpc(owner, 'save_seating_layout', {
    p_wedding_id: weddingId,
    p_layout: {
      tables: [
        { id: 't1', name: 'Mesa 1', x: 0, y: 0, width: 120, height: 120, type: 'round' },
        { id: 't2', name: 'Mesa 2', x: 200, y: 0, width: 120, height: 120, type: 'round' },
      ],
      seats: [
        {
          id: 's1',
          tableId: 't1',
          x: 0,
          y: 0,
          personId: ids.santos.persons[0]!.id,
          householdId: null,
        },
        {
          id: 's2',
          tableId: 't1',
          x: 1,
          y: 0,
          personId: ids.santos.persons[1]!.id,
          householdId: null,
        },
        { id: 's3', tableId: 't2', x: 0, y: 0, personId: null, householdId: null },
        {
          id: 's4',
          tableId: 't2',
          x: 1,
          y: 0,
          personId: ids.reyes.persons[0]!.id,
          householdId: null,
        },
        { id: 's5', tableId: 't2', x: 2, y: 0, personId: null, householdId: null },
      ],
    },
    p_base_updated_at: null,
  })
  usher = await join('usher', null, 'Kuya Jun')
  usher2 = await join('usher', null, 'Ate Liza')
  coordinator = await join('coordinator', null, 'Ate Joy')
  helper = await join('family_helper', 'bride', 'Tita Carmen')
  stranger = (await t.couple('Rina', 'Karlo')).claims
})

afterAll(async () => {
  await t?.close()
})

describe('the usher role', () => {
  test('an usher opens the wedding as an usher, and its check-in list names, tables and seats, never contact or answers', async () => {
    const wedding = (await t.rpc(usher, 'get_my_wedding', { p_wedding_id: weddingId })) as {
      id: string
      myRole: string
      sections: unknown[]
    }
    expect(wedding).toMatchObject({
      id: weddingId,
      myRole: 'usher',
      sections: [],
      seesMoney: false,
      coordinatorSeesMoney: false,
    })
    // Only what the public site shows, in the shape the app reads: no contact, questions or texts.
    expect(weddingSchema.safeParse(wedding).success).toBe(true)
    expect(wedding).toMatchObject({
      rsvpQuestions: [],
      contact: { email: null, phone: null, names: null, messenger: null },
    })
    expect(wedding).toMatchObject({ location: { venue: 'Simbahan ng Taal' } })
    for (const secret of SECRETS) expect(JSON.stringify(wedding)).not.toContain(secret)
    expect(Object.keys(wedding)).not.toContain('invitationTemplates')
    // Without naming the wedding, the one they belong to, the same way.
    expect(await t.rpc(usher, 'get_my_wedding', {})).toEqual(wedding)
    // The couple still gets it all.
    expect(await t.rpc(owner, 'get_my_wedding', { p_wedding_id: weddingId })).toMatchObject({
      rsvpQuestions: [{ id: 'q1' }],
      contact: { email: 'lihim-email@example.com' },
    })

    const list = await roster(usher)
    const santos = list.households.find((item) => item.id === ids.santos.id)!
    expect(
      santos.persons.map((person) => [
        person.firstName,
        person.tableId,
        person.seat,
        person.attending,
      ]),
    ).toEqual([
      ['Ana', 't1', 1, true],
      ['Ben', 't1', 2, null],
    ])
    expect(list.households.find((item) => item.id === ids.reyes.id)!.persons[0]).toMatchObject({
      tableId: 't2',
      seat: 2,
    })
    expect(list.households.find((item) => item.id === ids.cruz.id)!.persons[0]).toMatchObject({
      attending: false,
      tableId: null,
    })
    expect(list.tables).toEqual([
      { id: 't1', name: 'Mesa 1', seats: 2, seated: 2 },
      { id: 't2', name: 'Mesa 2', seats: 3, seated: 1 },
    ])
    const text = JSON.stringify(list)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
    // The scanned link's key: the SHA-256 of the token, never the token.
    const { rows } = await t.asOwner<{ token: string }>(
      'select invitation_token as token from kasalan.households where id = $1',
      [ids.santos.id],
    )
    const { createHash } = await import('node:crypto')
    expect(santos.tokenKey).toBe(
      createHash('sha256').update(rows[0]!.token).digest('hex').slice(0, 32),
    )
    expect(text).not.toContain(rows[0]!.token)
  })

  test('every function of the Data API refuses the usher but the check-in ones, and none shows them a contact or an answer', async () => {
    const { rows: functions } = await t.asOwner<{ name: string; args: string[] }>(
      `select p.proname as name, coalesce(array(select format_type(x, null) from unnest(p.proargtypes) x), '{}') as args
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'kasalan' and p.prokind = 'f' and has_function_privilege('authenticated', p.oid, 'execute')
       order by p.proname`,
    )
    expect(functions.length).toBeGreaterThan(40)
    // Calls of the account itself, or of the public site anyone may make: not the wedding's data.
    const ownAccount = new Set([
      'create_my_wedding',
      'list_my_weddings',
      'get_my_wedding',
      'leave_wedding',
      'accept_member_invitation',
      'get_member_invitation',
      'delete_my_account',
      'hand_over_wedding',
    ])
    const checkin = new Set(['get_checkin_roster', 'checkin_changes', 'record_checkins'])
    const valueFor = (type: string, index: number) => {
      if (type === 'uuid') return index === 0 ? weddingId : ids.santos.id
      if (type === 'uuid[]') return [ids.santos.id]
      if (type === 'text') return 'x'
      if (type === 'text[]') return ['x']
      if (type === 'jsonb') return '[]'
      if (type === 'boolean') return true
      if (type === 'integer' || type === 'bigint' || type === 'numeric') return 1
      if (type === 'date') return '2027-01-01'
      if (type.startsWith('timestamp')) return '2027-01-01T00:00:00Z'
      return null
    }
    const allowed: string[] = []
    for (const fn of functions) {
      if (ownAccount.has(fn.name)) continue
      const params = fn.args.map((type, index) => `$${index + 1}::${type}`).join(', ')
      let outcome: string
      try {
        const { rows } = await t.asRole<{ result: string | null }>(
          'authenticated',
          usher,
          `select kasalan.${fn.name}(${params})::text as result`,
          fn.args.map(valueFor),
        )
        outcome = rows[0]?.result ?? ''
        for (const secret of SECRETS) expect(outcome, fn.name).not.toContain(secret)
        // A wedding's call answered without an error must be a check-in one or say nothing.
        if (
          fn.args[0] === 'uuid' &&
          !checkin.has(fn.name) &&
          outcome !== '' &&
          outcome !== '[]' &&
          outcome !== '{}'
        )
          allowed.push(fn.name)
        else if (checkin.has(fn.name)) allowed.push(fn.name)
      } catch {
        // Refused.
      }
    }
    // Site lookups by slug or code answer for anyone (the public site): only the wedding's own
    // calls are listed, so the check-in ones must be all there is.
    expect(
      allowed.filter((name) => !checkin.has(name)),
      'answered the usher',
    ).toEqual([])
    expect(allowed.filter((name) => checkin.has(name)).sort()).toEqual([
      'checkin_changes',
      'get_checkin_roster',
      'record_checkins',
    ])
  })

  test('the wedding-scoped calls named by the check-in screen refuse the usher with wedding_not_found', async () => {
    for (const [name, args] of [
      ['list_households', { p_wedding_id: weddingId }],
      ['list_members', { p_wedding_id: weddingId }],
      ['get_seating_layout', { p_wedding_id: weddingId }],
      ['list_invitations', { p_wedding_id: weddingId }],
    ] as const) {
      await expect(t.rpc(usher, name, args), name).rejects.toMatchObject({
        message: 'wedding_not_found',
      })
    }
  })

  test('selecting every table as the usher returns no household, person, answer or contact', async () => {
    const { rows: tables } = await t.asOwner<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'kasalan' and c.relkind = 'r' and has_table_privilege('authenticated', c.oid, 'select')`,
    )
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['households', 'persons', 'weddings']),
    )
    for (const { name } of tables) {
      const { rows } = await t.asRole(
        'authenticated',
        usher,
        `select to_jsonb(x)::text as row from kasalan.${name} x`,
      )
      const text = rows.map((row) => String((row as { row: string }).row)).join('\n')
      for (const secret of SECRETS) expect(text, name).not.toContain(secret)
      // Not even the wedding's row: its contact, questions, texts and settings are the couple's.
      expect(rows, name).toEqual([])
    }
  })

  test('who may check in: the couple, the coordinator and the ushers; not a family helper nor a stranger', async () => {
    await expect(roster(owner)).resolves.toMatchObject({ tables: expect.any(Array) })
    await expect(roster(coordinator)).resolves.toMatchObject({ tables: expect.any(Array) })
    await expect(roster(helper)).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(roster(stranger)).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(
      record(stranger, [
        { id: randomUUID(), kind: 'arrive', personIds: [ids.reyes.persons[0]!.id] },
      ]),
    ).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
  })

  test('the couple may invite an usher and make a member one', async () => {
    const invitation = (await t.rpc(owner, 'create_member_invitation', {
      p_wedding_id: weddingId,
      p_role: 'usher',
      p_side: null,
    })) as { role: string }
    expect(invitation.role).toBe('usher')
    await expect(
      t.rpc(owner, 'create_member_invitation', {
        p_wedding_id: weddingId,
        p_role: 'usher',
        p_side: 'bride',
      }),
    ).resolves.toMatchObject({
      side: null,
    })
    await expect(
      t.rpc(usher, 'create_member_invitation', {
        p_wedding_id: weddingId,
        p_role: 'usher',
        p_side: null,
      }),
    ).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
  })
})

describe('arrivals', () => {
  test('a household marked arrived, marked again and sent again counts each person once', async () => {
    const action = {
      id: randomUUID(),
      kind: 'arrive',
      personIds: ids.santos.persons.map((person) => person.id),
    }
    const first = await record(usher, [action])
    expect(first.results).toEqual([{ id: action.id, status: 'applied' }])
    // The same call again (its answer was lost): applied once.
    expect((await record(usher, [action])).results).toEqual([
      { id: action.id, status: 'applied', duplicate: true },
    ])
    // Another usher marks the same household: one arrival per person still.
    await record(usher2, [
      { id: randomUUID(), kind: 'arrive', personIds: [ids.santos.persons[0]!.id] },
    ])
    const { rows } = await t.asOwner<{ n: number }>(
      'select count(*)::int as n from kasalan.checkin_arrivals where wedding_id = $1 and arrived',
      [weddingId],
    )
    expect(rows[0]!.n).toBe(2)
    expect((await roster(owner)).arrivals.sort()).toEqual(
      ids.santos.persons.map((person) => person.id).sort(),
    )
  })

  test('the other ushers learn of arrivals and undos from checkin_changes, after the version they saw', async () => {
    const seen = (await roster(usher2)).version
    const none = (await t.rpc(usher2, 'checkin_changes', {
      p_wedding_id: weddingId,
      p_since: seen,
    })) as { version: number; arrivals: unknown[] }
    expect(none).toEqual({ version: seen, arrivals: [], walkIns: [] })
    const undo = { id: randomUUID(), kind: 'unarrive', personIds: [ids.santos.persons[1]!.id] }
    await record(usher, [undo])
    const changes = (await t.rpc(usher2, 'checkin_changes', {
      p_wedding_id: weddingId,
      p_since: seen,
    })) as {
      version: number
      arrivals: { personId: string; arrived: boolean }[]
    }
    expect(changes.version).toBe(seen + 1)
    expect(changes.arrivals).toEqual([{ personId: ids.santos.persons[1]!.id, arrived: false }])
    // The undo sent again does not undo a later arrival.
    await record(usher, [
      { id: randomUUID(), kind: 'arrive', personIds: [ids.santos.persons[1]!.id] },
    ])
    expect((await record(usher, [undo])).results[0]).toEqual({
      id: undo.id,
      status: 'applied',
      duplicate: true,
    })
    expect((await roster(usher)).arrivals).toContain(ids.santos.persons[1]!.id)
  })

  test('a person of another wedding is refused, the rest of the list applied', async () => {
    const other = await t.couple('Lara', 'Paulo')
    const theirs = (await t.rpc(other.claims, 'save_household', {
      p_wedding_id: other.wedding.id,
      p_household: {
        relationshipSide: 'bride',
        relationshipType: 'family',
        persons: [{ firstName: 'Iba', lastName: 'Tao', type: 'adult' }],
      },
    })) as { persons: { id: string }[] }
    const wrong = { id: randomUUID(), kind: 'arrive', personIds: [theirs.persons[0]!.id] }
    const right = { id: randomUUID(), kind: 'arrive', personIds: [ids.reyes.persons[0]!.id] }
    const { results } = await record(usher, [wrong, right])
    expect(results).toEqual([
      { id: wrong.id, status: 'refused', code: 'person_not_found' },
      { id: right.id, status: 'applied' },
    ])
    // Sent again (the answer was lost): refused again, never taken for applied.
    expect((await record(usher, [wrong])).results).toEqual([
      { id: wrong.id, status: 'refused', code: 'person_not_found', duplicate: true },
    ])
  })

  test('an action that is not one is refused as invalid and the others applied; a list that is not one raises', async () => {
    await record(usher, [
      { id: randomUUID(), kind: 'unarrive', personIds: [ids.reyes.persons[0]!.id] },
    ])
    const longName = { id: randomUUID(), kind: 'walkIn', tableId: 't2', name: 'x'.repeat(101) }
    const noIds = { id: randomUUID(), kind: 'arrive', personIds: ['not-an-id'] }
    const badWalkIn = { id: randomUUID(), kind: 'removeWalkIn', walkInId: 'nope' }
    const unknownKind = { id: randomUUID(), kind: 'dance' }
    const right = { id: randomUUID(), kind: 'arrive', personIds: [ids.reyes.persons[0]!.id] }
    const { results } = await record(usher, [
      longName,
      { id: 'not-an-id', kind: 'arrive', personIds: [] },
      'not an object',
      noIds,
      badWalkIn,
      unknownKind,
      right,
    ])
    expect(results).toEqual([
      { id: longName.id, status: 'refused', code: 'invalid' },
      { id: 'not-an-id', status: 'refused', code: 'invalid' },
      { id: '', status: 'refused', code: 'invalid' },
      { id: noIds.id, status: 'refused', code: 'invalid' },
      { id: badWalkIn.id, status: 'refused', code: 'invalid' },
      { id: unknownKind.id, status: 'refused', code: 'invalid' },
      { id: right.id, status: 'applied' },
    ])
    expect((await roster(usher)).arrivals).toContain(ids.reyes.persons[0]!.id)
    expect((await roster(usher)).walkIns.map((item) => item.name)).not.toContain('x'.repeat(101))
    await expect(record(usher, { kind: 'arrive' } as unknown as unknown[])).rejects.toMatchObject({
      message: 'invalid_input',
    })
    const many = Array.from({ length: 501 }, () => ({
      id: randomUUID(),
      kind: 'arrive',
      personIds: [ids.reyes.persons[0]!.id],
    }))
    await expect(record(usher, many)).rejects.toMatchObject({ message: 'invalid_input' })
  })
})

describe('walk-ins', () => {
  test('a walk-in takes a free seat; a full table refuses one; a re-sent walk-in is one walk-in', async () => {
    const full = { id: randomUUID(), kind: 'walkIn', tableId: 't1', name: 'Pinsan' }
    expect((await record(usher, [full])).results).toEqual([
      { id: full.id, status: 'refused', code: 'table_full' },
    ])
    const first = { id: randomUUID(), kind: 'walkIn', tableId: 't2', name: 'Pinsan ni Ana' }
    const second = { id: randomUUID(), kind: 'walkIn', tableId: 't2' }
    const third = { id: randomUUID(), kind: 'walkIn', tableId: 't2' }
    const { results } = await record(usher, [first, first, second, third])
    expect(results.map((result) => [result.status, result.code, result.duplicate])).toEqual([
      ['applied', undefined, undefined],
      ['applied', undefined, true],
      ['applied', undefined, undefined],
      ['refused', 'table_full', undefined],
    ])
    // The refused one sent again: still refused, whatever changed since.
    expect((await record(usher, [third])).results).toEqual([
      { id: third.id, status: 'refused', code: 'table_full', duplicate: true },
    ])
    expect(
      (await record(usher, [{ id: randomUUID(), kind: 'walkIn', tableId: 'nowhere' }])).results[0],
    ).toMatchObject({ code: 'table_not_found' })
    let list = await roster(owner)
    expect(list.walkIns.map((item) => [item.tableId, item.name]).sort()).toEqual([
      ['t2', ''],
      ['t2', 'Pinsan ni Ana'],
    ])
    // Taken back: the seat is free again.
    await record(usher, [{ id: randomUUID(), kind: 'removeWalkIn', walkInId: second.id }])
    list = await roster(owner)
    expect(list.walkIns).toHaveLength(1)
    expect(
      (await record(usher, [{ id: randomUUID(), kind: 'walkIn', tableId: 't2' }])).results[0]!
        .status,
    ).toBe('applied')
  })

  test('a seat held by a guest who declined is free for a walk-in', async () => {
    const couple = await t.couple('Lorna', 'Dante')
    const theirs = (await t.rpc(couple.claims, 'save_household', {
      p_wedding_id: couple.wedding.id,
      p_household: {
        relationshipSide: 'groom',
        relationshipType: 'friend',
        persons: [
          { firstName: 'Oo', lastName: 'Tan', type: 'adult' },
          { firstName: 'Hindi', lastName: 'Tan', type: 'adult' },
        ],
      },
    })) as { persons: { id: string }[] }
    const [yes, no] = theirs.persons as [{ id: string }, { id: string }]
    const rsvp = (personId: string, isAttending: boolean) =>
      t.rpc(couple.claims, 'record_reply', {
        p_wedding_id: couple.wedding.id,
        p_person_id: personId,
        p_is_attending: isAttending,
        p_response: [],
      })
    await rsvp(yes.id, true)
    await rsvp(no.id, false)
    await t.rpc(couple.claims, 'save_seating_layout', {
      p_wedding_id: couple.wedding.id,
      p_layout: {
        tables: [{ id: 'm1', name: 'Mesa 1', x: 0, y: 0, width: 120, height: 120, type: 'round' }],
        seats: [
          { id: 's1', tableId: 'm1', x: 0, y: 0, personId: yes.id, householdId: null },
          // Seated by a chart saved in capitals: the same person.
          { id: 's2', tableId: 'm1', x: 1, y: 0, personId: no.id.toUpperCase(), householdId: null },
        ],
      },
      p_base_updated_at: null,
    })
    const door = (actions: unknown[]) =>
      t.rpc(couple.claims, 'record_checkins', {
        p_wedding_id: couple.wedding.id,
        p_actions: actions,
      }) as Promise<Recorded>
    const list = (await t.rpc(couple.claims, 'get_checkin_roster', {
      p_wedding_id: couple.wedding.id,
    })) as Roster
    expect(list.tables).toEqual([{ id: 'm1', name: 'Mesa 1', seats: 2, seated: 1 }])
    const first = { id: randomUUID(), kind: 'walkIn', tableId: 'm1', name: 'Kapalit' }
    const second = { id: randomUUID(), kind: 'walkIn', tableId: 'm1' }
    expect((await door([first, second])).results).toEqual([
      { id: first.id, status: 'applied' },
      { id: second.id, status: 'refused', code: 'table_full' },
    ])
    // Changing their mind back to yes takes the seat again: no room for more.
    await rsvp(no.id, true)
    expect(
      (
        (await t.rpc(couple.claims, 'get_checkin_roster', {
          p_wedding_id: couple.wedding.id,
        })) as Roster
      ).tables[0],
    ).toMatchObject({ seated: 2 })
  })
})

describe.skipIf(ENGINE !== 'postgres')('two ushers at once (real PostgreSQL)', () => {
  test('two ushers checking in one household at the same moment: one arrival per person', async () => {
    const fresh = await household('Villanueva', ['Eli', 'Fe', 'Gino'])
    const personIds = fresh.persons.map((person) => person.id)
    const a = await t.session()
    const b = await t.session()
    try {
      await a.begin(usher)
      await a.rpc('record_checkins', {
        p_wedding_id: weddingId,
        p_actions: [{ id: randomUUID(), kind: 'arrive', personIds }],
      })
      await b.begin(usher2)
      let settled = false
      const second = (async () => {
        const value = (await b.rpc('record_checkins', {
          p_wedding_id: weddingId,
          p_actions: [{ id: randomUUID(), kind: 'arrive', personIds: [...personIds].reverse() }],
        })) as Recorded
        await b.commit()
        settled = true
        return value
      })()
      await t.waitUntilBlocked(b.pid, () => settled)
      await a.commit()
      expect((await second).results[0]!.status).toBe('applied')
    } finally {
      await Promise.all([a.close(), b.close()])
    }
    const { rows } = await t.asOwner<{ n: number }>(
      'select count(*)::int as n from kasalan.checkin_arrivals where person_id = any($1::uuid[])',
      [personIds],
    )
    expect(rows[0]!.n).toBe(3)
  })

  test('two ushers seating walk-ins at the last free seat at once: one is seated, the other told the table is full', async () => {
    const list = await roster(owner)
    const free = list.tables.find((table) => table.id === 't2')!
    expect(
      free.seats - free.seated - list.walkIns.filter((item) => item.tableId === 't2').length,
    ).toBe(0)
    // Free one seat, then race for it.
    await record(owner, [
      {
        id: randomUUID(),
        kind: 'removeWalkIn',
        walkInId: list.walkIns.find((item) => item.tableId === 't2')!.id,
      },
    ])
    const a = await t.session()
    const b = await t.session()
    try {
      await a.begin(usher)
      const first = (await a.rpc('record_checkins', {
        p_wedding_id: weddingId,
        p_actions: [{ id: randomUUID(), kind: 'walkIn', tableId: 't2' }],
      })) as Recorded
      await b.begin(usher2)
      let settled = false
      const second = (async () => {
        const value = (await b.rpc('record_checkins', {
          p_wedding_id: weddingId,
          p_actions: [{ id: randomUUID(), kind: 'walkIn', tableId: 't2' }],
        })) as Recorded
        await b.commit()
        settled = true
        return value
      })()
      await t.waitUntilBlocked(b.pid, () => settled)
      await a.commit()
      expect(first.results[0]!.status).toBe('applied')
      expect((await second).results[0]).toMatchObject({ status: 'refused', code: 'table_full' })
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})

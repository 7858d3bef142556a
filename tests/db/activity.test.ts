// Who did what (0019): every function that changes a wedding leaves one activity entry in the same
// transaction, and list_activity / list_households' lastChange show them to whom may see them (a family
// helper only their side). One database for the file; the tests build on each other in order.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'

type Who =
  | 'owner'
  | 'partner'
  | 'coordinator'
  | 'brideHelper'
  | 'groomHelper'
  | 'removed'
  | 'stranger'
  | 'anon'
const EVERYONE: Who[] = [
  'owner',
  'partner',
  'coordinator',
  'brideHelper',
  'groomHelper',
  'removed',
  'stranger',
  'anon',
]

interface Entry {
  id: string
  at: string
  actorKind: string
  actorUserId: string | null
  actorName: string
  isMe: boolean
  action: string
  householdId: string | null
  householdName: string | null
  details: Record<string, unknown>
}
interface Page {
  entries: Entry[]
  hasMore: boolean
  actors: { userId: string; name: string }[]
}
interface Household {
  id: string
  relationshipSide: string | null
  persons: { id: string; firstName: string; lastName: string }[]
  lastChange?: {
    actorKind: string
    actorName: string
    isMe: boolean
    action: string
    at: string
  } | null
}

let t: TestDb
let weddingId: string
const as = {} as Record<Who, Claims>

async function join(role: string, side: string | null, name: string): Promise<NonNullable<Claims>> {
  const claims = await t.signUp(role)
  const { token } = (await t.rpc(as.owner, 'create_member_invitation', {
    p_wedding_id: weddingId,
    p_role: role,
    p_side: side,
  })) as { token: string }
  await t.rpc(claims, 'accept_member_invitation', { p_token: token, p_display_name: name })
  return claims
}

const activity = async (who: Who = 'owner', args: Record<string, unknown> = {}) =>
  (await t.rpc(as[who], 'list_activity', { p_wedding_id: weddingId, ...args })) as Page

/** The newest entry the owner sees. */
const latest = async () => (await activity()).entries[0]!

/** How many entries the wedding has, counted as the database owner. */
const count = async () =>
  (
    await t.asOwner<{ n: number }>(
      'select count(*)::int as n from kasalan.wedding_activity where wedding_id = $1',
      [weddingId],
    )
  ).rows[0]!.n

const saveHousehold = (who: Who, household: Record<string, unknown>) =>
  t.rpc(as[who], 'save_household', {
    p_wedding_id: weddingId,
    p_household: household,
  }) as Promise<Household>

const guests = async (who: Who = 'owner') =>
  (await t.rpc(as[who], 'list_households', { p_wedding_id: weddingId })) as Household[]

async function outcome(who: Who, name: string, args: Record<string, unknown>): Promise<string> {
  try {
    await t.rpc(as[who], name, args)
    return 'ok'
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    return code === '42501' ? '42501' : (message ?? String(error))
  }
}

let bride: Household
let groom: Household

beforeAll(async () => {
  t = await createTestDb()
  const couple = await t.couple('Liza', 'Paolo')
  as.owner = couple.claims
  weddingId = couple.wedding.id
  as.partner = await join('partner', null, 'Paolo')
  as.coordinator = await join('coordinator', null, 'Ate Joy')
  as.brideHelper = await join('family_helper', 'bride', 'Tita Carmen')
  as.groomHelper = await join('family_helper', 'groom', 'Tito Ben')
  as.removed = await join('coordinator', null, 'Dating coordinator')
  await t.rpc(as.owner, 'remove_member', { p_wedding_id: weddingId, p_user_id: as.removed!.sub })
  as.stranger = (await t.couple('Rina', 'Karlo')).claims
  as.anon = null
  // Six accounts and a database: room for a busy machine.
}, 180_000)

afterAll(async () => {
  await t?.close()
})

describe('members', () => {
  test('invitations, joining and removal were recorded, each by who did it', async () => {
    const { entries } = await activity()
    const members = entries.filter((e) => e.action.startsWith('member_')).reverse()
    expect(members.map((e) => [e.action, e.actorName, e.details.name ?? e.details.role])).toEqual(
      [
        ['member_invited', 'couple-1', 'partner'],
        ['member_joined', 'Paolo', 'Paolo'],
        ['member_invited', 'couple-1', 'coordinator'],
        ['member_joined', 'Ate Joy', 'Ate Joy'],
        ['member_invited', 'couple-1', 'family_helper'],
        ['member_joined', 'Tita Carmen', 'Tita Carmen'],
        ['member_invited', 'couple-1', 'family_helper'],
        ['member_joined', 'Tito Ben', 'Tito Ben'],
        ['member_invited', 'couple-1', 'coordinator'],
        ['member_joined', 'Dating coordinator', 'Dating coordinator'],
        ['member_removed', 'couple-1', 'Dating coordinator'],
      ].map(([action, actor, what]) => [action, expect.stringContaining(actor!), what]),
    )
    // The wedding's own owner joining when it was created is not news.
    expect(
      entries.some((e) => e.action === 'member_joined' && e.actorUserId === as.owner!.sub),
    ).toBe(false)
  })
})

describe('households', () => {
  test('adding one household is one entry with its name and side, whoever adds it', async () => {
    bride = await saveHousehold('brideHelper', {
      relationshipSide: 'bride',
      persons: [
        { firstName: 'Lorna', lastName: 'Ilagan' },
        { firstName: 'Pedro', lastName: 'Ilagan' },
      ],
    })
    expect(await latest()).toMatchObject({
      action: 'household_added',
      actorKind: 'member',
      actorName: 'Tita Carmen',
      actorUserId: as.brideHelper!.sub,
      isMe: false,
      householdId: bride.id,
      householdName: 'Lorna Ilagan + 1',
    })
    groom = await saveHousehold('owner', {
      relationshipSide: 'groom',
      persons: [{ firstName: 'Ramon', lastName: 'Cruz' }],
    })
    expect(await latest()).toMatchObject({
      action: 'household_added',
      isMe: true,
      householdName: 'Ramon Cruz',
    })
  })

  test('changing a person, or the household, is one household_changed entry; saving unchanged is none', async () => {
    const before = await count()
    await saveHousehold('coordinator', {
      ...bride,
      persons: [{ ...bride.persons[0], firstName: 'Loring' }, bride.persons[1]],
    })
    expect(await count()).toBe(before + 1)
    expect(await latest()).toMatchObject({
      action: 'household_changed',
      actorName: 'Ate Joy',
      householdName: 'Loring Ilagan + 1',
    })

    await saveHousehold('coordinator', {
      ...bride,
      persons: [{ ...bride.persons[0], firstName: 'Loring' }, bride.persons[1]],
    })
    expect(await count()).toBe(before + 1)

    await saveHousehold('groomHelper', { ...groom, notes: 'Kasama ang lola' })
    expect(await latest()).toMatchObject({
      action: 'household_changed',
      actorName: 'Tito Ben',
      householdId: groom.id,
    })
    expect(await count()).toBe(before + 2)
  })

  test('the guest list says who last changed each household, to whom may see it', async () => {
    const forOwner = await guests('owner')
    expect(forOwner.find((h) => h.id === bride.id)!.lastChange).toMatchObject({
      actorKind: 'member',
      actorName: 'Ate Joy',
      isMe: false,
      action: 'household_changed',
    })
    expect(forOwner.find((h) => h.id === groom.id)!.lastChange).toMatchObject({
      actorName: 'Tito Ben',
    })
    const forCoordinator = await guests('coordinator')
    expect(forCoordinator.find((h) => h.id === bride.id)!.lastChange).toMatchObject({
      actorName: 'Ate Joy',
      isMe: true,
    })
    // A family helper's list holds only their side, each with its last change.
    expect((await guests('groomHelper')).map((h) => [h.id, h.lastChange?.actorName])).toEqual([
      [groom.id, 'Tito Ben'],
    ])
  })

  test('a failed save leaves no entry', async () => {
    const before = await count()
    expect(
      await outcome('coordinator', 'save_household', {
        p_wedding_id: weddingId,
        p_household: { ...bride, persons: [{ firstName: 'Bata', type: 'child' }] },
      }),
    ).toBe('household_needs_adult')
    expect(
      await outcome('brideHelper', 'save_household', {
        p_wedding_id: weddingId,
        p_household: { relationshipSide: 'groom', persons: [{ firstName: 'Mali' }] },
      }),
    ).toBe('household_side_not_allowed')
    expect(await count()).toBe(before)
  })

  test('an import is one entry with its count, its replies included; its households say who added them', async () => {
    const before = await count()
    const result = (await t.rpc(as.coordinator, 'import_households', {
      p_wedding_id: weddingId,
      p_households: [
        { relationshipSide: 'bride', persons: [{ firstName: 'Ana', lastName: 'Reyes' }] },
        {
          relationshipSide: 'groom',
          persons: [{ firstName: 'Ben', lastName: 'Reyes', reply: { isAttending: true } }],
        },
        {
          relationshipSide: 'both',
          persons: [
            { firstName: 'Cita', lastName: 'Reyes' },
            { firstName: 'Dodong', lastName: 'Reyes' },
          ],
        },
      ],
    })) as unknown
    expect(result).toBeTruthy()
    expect(await count()).toBe(before + 1)
    const entry = await latest()
    expect(entry).toMatchObject({
      action: 'households_imported',
      actorName: 'Ate Joy',
      householdId: null,
      details: { count: 3 },
    })
    expect(entry.details).not.toHaveProperty('householdIds')
    const ana = (await guests()).find((h) => h.persons[0]?.firstName === 'Ana')!
    expect(ana.lastChange).toMatchObject({ actorName: 'Ate Joy', action: 'household_added' })
  })

  test('an import of one household reads as that household added; an import all on one side keeps the side', async () => {
    const before = await count()
    const one = (await t.rpc(as.coordinator, 'import_households', {
      p_wedding_id: weddingId,
      p_households: [
        {
          relationshipSide: 'both',
          persons: [{ firstName: 'Elena', lastName: 'Tan', reply: { isAttending: false } }],
        },
      ],
    })) as { householdIds: string[] }
    expect(await count()).toBe(before + 1)
    expect(await latest()).toMatchObject({
      action: 'household_added',
      actorName: 'Ate Joy',
      householdId: one.householdIds[0],
      householdName: 'Elena Tan',
    })

    await t.rpc(as.coordinator, 'import_households', {
      p_wedding_id: weddingId,
      p_households: [
        { relationshipSide: 'both', persons: [{ firstName: 'Fidel', lastName: 'Go' }] },
        { relationshipSide: 'both', persons: [{ firstName: 'Gina', lastName: 'Go' }] },
      ],
    })
    expect(await count()).toBe(before + 2)
    const side = await t.asOwner<{ household_side: string | null }>(
      "select household_side from kasalan.wedding_activity where wedding_id = $1 and action = 'households_imported' order by at desc, id desc limit 1",
      [weddingId],
    )
    expect(side.rows[0]!.household_side).toBe('both')

    // The triggers are quiet only inside the import: the next save by hand is recorded again.
    const fidel = (await guests()).find((h) => h.persons[0]?.firstName === 'Fidel')!
    await saveHousehold('owner', { ...fidel, notes: 'Kaibigan ni Miguel' })
    expect(await latest()).toMatchObject({ action: 'household_changed', householdId: fidel.id })
  })
})

describe('replies', () => {
  test('a reply a member records is theirs, and the RSVPs tab says who recorded it', async () => {
    const pedro = bride.persons[1]!
    await t.rpc(as.coordinator, 'record_reply', {
      p_wedding_id: weddingId,
      p_person_id: pedro.id,
      p_is_attending: true,
      p_response: [],
    })
    expect(await latest()).toMatchObject({
      action: 'reply_recorded',
      actorName: 'Ate Joy',
      householdId: bride.id,
      details: { persons: [{ name: 'Pedro Ilagan', isAttending: true }] },
    })
    const rsvps = (await t.rpc(as.owner, 'list_rsvps', { p_wedding_id: weddingId })) as {
      id: string
      persons: { id: string; recordedByName: string | null }[]
    }[]
    expect(
      rsvps.find((h) => h.id === bride.id)!.persons.find((p) => p.id === pedro.id)!.recordedByName,
    ).toBe('Ate Joy')
    expect((await guests()).find((h) => h.id === bride.id)!.lastChange).toMatchObject({
      action: 'reply_recorded',
      actorName: 'Ate Joy',
    })
  })

  test("a guest's own reply for the household is one entry by the guest", async () => {
    await t.rpc(as.owner, 'set_wedding_published', { p_wedding_id: weddingId, p_published: true })
    expect(await latest()).toMatchObject({
      action: 'site_published',
      actorName: expect.stringContaining('couple-1'),
    })
    const { rows } = await t.asOwner<{ code: string }>(
      'select invitation_code as code from kasalan.households where id = $1',
      [bride.id],
    )
    const [loring, pedro] = bride.persons
    const before = await count()
    await t.rpc(null, 'submit_rsvp', {
      p_household_id: bride.id,
      p_person_id: loring!.id,
      p_answers: [
        { personId: loring!.id, isAttending: true, response: [] },
        { personId: pedro!.id, isAttending: false, response: [] },
      ],
      p_message: 'Salamat po!',
      p_code: rows[0]!.code,
    })
    expect(await count()).toBe(before + 1)
    const entry = await latest()
    expect(entry).toMatchObject({
      action: 'reply_recorded',
      actorKind: 'guest',
      actorUserId: null,
      actorName: '',
      householdId: bride.id,
    })
    expect(entry.details.persons).toEqual(
      expect.arrayContaining([
        { name: 'Loring Ilagan', isAttending: true },
        { name: 'Pedro Ilagan', isAttending: false },
      ]),
    )
    expect((await guests()).find((h) => h.id === bride.id)!.lastChange).toMatchObject({
      actorKind: 'guest',
    })
  })
})

describe('seating and invitations', () => {
  const layout = (seats: { id: string; personId: string; householdId: string }[]) => ({
    tables: [{ id: 't1', name: 'Mesa 3', x: 0, y: 0, width: 100, height: 100, type: 'round' }],
    seats: seats.map((s) => ({ ...s, tableId: 't1', x: 0, y: 0 })),
  })

  test('seating a guest and unseating them are entries for their household; moving tables is none', async () => {
    const ramon = groom.persons[0]!
    const saved = (await t.rpc(as.coordinator, 'save_seating_layout', {
      p_wedding_id: weddingId,
      p_layout: layout([{ id: 's1', personId: ramon.id, householdId: groom.id }]),
    })) as { updatedAt: string }
    expect(await latest()).toMatchObject({
      action: 'seated',
      actorName: 'Ate Joy',
      householdId: groom.id,
      details: { persons: [{ name: 'Ramon Cruz', table: 'Mesa 3' }] },
    })
    const before = await count()
    const moved = layout([{ id: 's1', personId: ramon.id, householdId: groom.id }])
    moved.tables[0]!.x = 400
    const again = (await t.rpc(as.coordinator, 'save_seating_layout', {
      p_wedding_id: weddingId,
      p_layout: moved,
      p_base_updated_at: saved.updatedAt,
    })) as { updatedAt: string }
    expect(await count()).toBe(before)
    await t.rpc(as.owner, 'save_seating_layout', {
      p_wedding_id: weddingId,
      p_layout: layout([]),
      p_base_updated_at: again.updatedAt,
    })
    expect(await latest()).toMatchObject({
      action: 'unseated',
      isMe: true,
      householdId: groom.id,
      details: { persons: [{ name: 'Ramon Cruz', table: null }] },
    })
  })

  test('sending invitations is one entry per call; a refused send leaves none', async () => {
    await t.rpc(as.coordinator, 'record_invitation', {
      p_wedding_id: weddingId,
      p_household_ids: [bride.id, groom.id],
      p_channel: 'messenger',
      p_kind: 'invitation',
    })
    expect(await latest()).toMatchObject({
      action: 'invitation_sent',
      actorName: 'Ate Joy',
      householdId: null,
      details: { channel: 'messenger', kind: 'invitation', count: 2 },
    })
    await t.rpc(as.owner, 'record_invitation', {
      p_wedding_id: weddingId,
      p_household_ids: [groom.id],
      p_channel: 'copy',
      p_kind: 'reminder',
    })
    expect(await latest()).toMatchObject({
      action: 'invitation_sent',
      householdId: groom.id,
      householdName: 'Ramon Cruz',
      details: { count: 1 },
    })
    const before = await count()
    expect(
      await outcome('owner', 'record_invitation', {
        p_wedding_id: weddingId,
        p_household_ids: [groom.id],
        p_channel: 'email',
        p_kind: 'invitation',
      }),
    ).toBe('invitation_no_email')
    expect(await count()).toBe(before)
  })
})

describe('who may read it', () => {
  test('the couple and the coordinator read everything; a family helper only their side; nobody else', async () => {
    const results = {} as Record<Who, string>
    for (const who of EVERYONE)
      results[who] = await outcome(who, 'list_activity', { p_wedding_id: weddingId })
    expect(results).toEqual({
      owner: 'ok',
      partner: 'ok',
      coordinator: 'ok',
      brideHelper: 'ok',
      groomHelper: 'ok',
      removed: 'wedding_not_found',
      stranger: 'wedding_not_found',
      anon: '42501',
    })
    const all = (await activity('owner', { p_limit: 100 })).entries
    expect((await activity('partner', { p_limit: 100 })).entries).toEqual(
      all.map((e) => ({ ...e, isMe: e.actorUserId === as.partner!.sub })),
    )
    expect((await activity('coordinator', { p_limit: 100 })).entries).toHaveLength(all.length)

    const forBrideHelper = (await activity('brideHelper', { p_limit: 100 })).entries
    expect(forBrideHelper.length).toBeGreaterThan(0)
    expect(
      forBrideHelper.every((e) => e.householdId === bride.id || e.householdName === 'Ana Reyes'),
    ).toBe(true)
    expect(forBrideHelper.map((e) => e.action)).toEqual(
      expect.arrayContaining(['household_added', 'household_changed', 'reply_recorded']),
    )
    const forGroomHelper = (await activity('groomHelper', { p_limit: 100 })).entries
    expect(forGroomHelper.every((e) => e.householdId === groom.id)).toBe(true)
    expect(forGroomHelper.map((e) => e.action)).toEqual(
      expect.arrayContaining(['household_added', 'seated', 'unseated']),
    )
    // Nothing about members, the site or the whole list reaches a family helper.
    expect(
      [...forBrideHelper, ...forGroomHelper].some((e) =>
        /^(member_|site_|households_imported)/.test(e.action),
      ),
    ).toBe(false)

    // The guest list's helper answers only about households the caller may see.
    const lastChanges = async (who: Who) =>
      (
        await t.asRole<{ household_id: string }>(
          'authenticated',
          as[who],
          'select household_id from kasalan_private.household_last_changes($1)',
          [weddingId],
        )
      ).rows.map((r) => r.household_id)
    expect(await lastChanges('owner')).toEqual(expect.arrayContaining([bride.id, groom.id]))
    const forGroomSide = await lastChanges('groomHelper')
    expect(forGroomSide).toContain(groom.id)
    expect(forGroomSide).not.toContain(bride.id)
    expect(await lastChanges('brideHelper')).not.toContain(groom.id)
    expect(await lastChanges('removed')).toEqual([])
    expect(await lastChanges('stranger')).toEqual([])
  })

  test('pages continue where the last one ended, and the filter keeps one member', async () => {
    const all = (await activity('owner', { p_limit: 100 })).entries
    const first = await activity('owner', { p_limit: 3 })
    expect(first.hasMore).toBe(true)
    const last = first.entries[2]!
    const second = await activity('owner', {
      p_limit: 3,
      p_before_at: last.at,
      p_before_id: last.id,
    })
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(
      all.slice(0, 6).map((e) => e.id),
    )

    const joy = await activity('owner', { p_actor: as.coordinator!.sub, p_limit: 100 })
    expect(joy.entries.length).toBeGreaterThan(3)
    expect(joy.entries.every((e) => e.actorName === 'Ate Joy')).toBe(true)
    expect(first.actors.map((a) => a.name)).toEqual(
      expect.arrayContaining(['Ate Joy', 'Tita Carmen', 'Tito Ben', 'Paolo']),
    )

    expect(await outcome('owner', 'list_activity', { p_wedding_id: weddingId, p_limit: 0 })).toBe(
      'invalid_input',
    )
    expect(await outcome('owner', 'list_activity', { p_wedding_id: weddingId, p_limit: 101 })).toBe(
      'invalid_input',
    )
    expect(await outcome('owner', 'list_activity', { p_wedding_id: null })).toBe(
      'wedding_not_found',
    )
  })

  test('the table itself is closed to everyone but the functions', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        t.asRole(role, role === 'anon' ? null : as.owner, 'select * from kasalan.wedding_activity'),
      ).rejects.toMatchObject({
        code: '42501',
      })
    }
    await expect(
      t.asRole(
        'authenticated',
        as.owner,
        `select kasalan_private.add_activity($1, 'site_published')`,
        [weddingId],
      ),
    ).rejects.toMatchObject({ code: '42501' })
    // Neither a member nor a guest (the seed, the database's owner): nobody to name, nothing recorded.
    const before = await count()
    await t.asOwner(`update kasalan.households set notes = 'Mula sa seed' where id = $1`, [
      bride.id,
    ])
    expect(await count()).toBe(before)
  })
})

describe('the last changes', () => {
  test('role changes, leaving, the handover and deleting a household are recorded', async () => {
    await t.rpc(as.owner, 'change_member_role', {
      p_wedding_id: weddingId,
      p_user_id: as.groomHelper!.sub,
      p_role: 'coordinator',
    })
    expect(await latest()).toMatchObject({
      action: 'member_role_changed',
      details: {
        name: 'Tito Ben',
        role: 'coordinator',
        previousRole: 'family_helper',
        previousSide: 'groom',
      },
    })
    await t.rpc(as.groomHelper, 'leave_wedding', { p_wedding_id: weddingId })
    expect(await latest()).toMatchObject({
      action: 'member_left',
      actorName: 'Tito Ben',
      details: { name: 'Tito Ben' },
    })

    await t.rpc(as.owner, 'delete_household', { p_household_id: groom.id })
    expect(await latest()).toMatchObject({
      action: 'household_deleted',
      householdId: null,
      householdName: 'Ramon Cruz',
    })
    // Its earlier entries stay, without the household they pointed to.
    expect(
      (await activity('owner', { p_limit: 100 })).entries.filter(
        (e) => e.householdName === 'Ramon Cruz',
      ).length,
    ).toBeGreaterThan(2)

    await t.rpc(as.owner, 'transfer_wedding_ownership', {
      p_wedding_id: weddingId,
      p_user_id: as.partner!.sub,
    })
    const handover = await activity('partner')
    expect(handover.entries[0]).toMatchObject({
      action: 'ownership_transferred',
      details: { name: 'Paolo' },
    })
    expect(handover.entries.filter((e) => e.action === 'member_role_changed')).toHaveLength(1)
  })
})

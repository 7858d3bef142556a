// Members of a wedding (0012): every role (owner, partner, coordinator, family helper of each side,
// a removed member, a stranger, a visitor) against every function and table that holds the
// wedding's data, then invitations (single use, expiry, revocation, wrong account), leaving and
// handing the wedding over. One database for the file; each test builds on the members it made.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, DEMO, type TestDb } from './harness'

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

interface Household {
  id: string
  relationshipSide: string | null
  persons: { id: string; firstName: string }[]
}

let t: TestDb
let weddingId: string
const as = {} as Record<Who, Claims>
/** Households the owner added, one per side. */
const added = {} as Record<'bride' | 'groom' | 'both', Household>

/** What a call gave: 'ok', or the error's message (the stable code), or 42501 when not allowed to run it. */
async function outcome(who: Who, name: string, args: Record<string, unknown>): Promise<string> {
  try {
    await t.rpc(as[who], name, args)
    return 'ok'
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    return code === '42501' ? '42501' : (message ?? String(error))
  }
}

/** Runs one call as every role and returns who got what. */
async function matrix(
  name: string,
  args: (who: Who) => Record<string, unknown>,
  roles: Who[] = EVERYONE,
) {
  const result = {} as Record<string, string>
  for (const who of roles) result[who] = await outcome(who, name, args(who))
  return result
}

async function invite(role: string, side: string | null = null, email: string | null = null) {
  return (await t.rpc(as.owner, 'create_member_invitation', {
    p_wedding_id: weddingId,
    p_role: role,
    p_side: side,
    p_email: email,
  })) as { id: string; token: string; role: string; side: string | null; expiresAt: string }
}

async function join(role: string, side: string | null, name: string): Promise<NonNullable<Claims>> {
  const claims = await t.signUp(role)
  const { token } = await invite(role, side)
  await t.rpc(claims, 'accept_member_invitation', { p_token: token, p_display_name: name })
  return claims
}

function household(side: string | null, firstName: string, id?: string) {
  return { ...(id ? { id } : {}), relationshipSide: side, persons: [{ firstName, type: 'adult' }] }
}

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

  for (const side of ['bride', 'groom', 'both'] as const) {
    added[side] = (await t.rpc(as.owner, 'save_household', {
      p_wedding_id: weddingId,
      p_household: household(side, `Bisita ${side}`),
    })) as Household
  }
})

afterAll(async () => {
  await t?.close()
})

describe('membership', () => {
  test('every wedding has exactly one owner, its creator, the seed and new weddings alike', async () => {
    const { rows } = await t.asOwner<{
      wedding_id: string
      owners: number
      creator_is_owner: boolean
    }>(
      `select w.id as wedding_id,
              count(*) filter (where m.role = 'owner')::int as owners,
              bool_or(m.role = 'owner' and m.user_id = w.user_id) as creator_is_owner
       from kasalan.weddings w left join kasalan.wedding_members m on m.wedding_id = w.id
       group by w.id`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(3)
    expect(rows.find((r) => r.wedding_id === DEMO.weddingId)).toBeDefined()
    for (const row of rows) expect(row).toMatchObject({ owners: 1, creator_is_owner: true })

    // A second owner is refused at once; no owner at all at commit.
    await expect(
      t.asOwner(
        `update kasalan.wedding_members set role = 'owner' where wedding_id = $1 and user_id = $2`,
        [weddingId, as.partner!.sub],
      ),
    ).rejects.toThrow(/wedding_members_one_owner_key/)
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(
          `delete from kasalan.wedding_members where wedding_id = $1 and role = 'owner'`,
          [weddingId],
        )
      }),
    ).rejects.toThrow('wedding_needs_owner')
  })

  test('the permission helper answers each role, and no for what it does not know', async () => {
    const capabilities = [
      'view',
      'households',
      'guests',
      'rsvps',
      'seating',
      'invitations',
      'manage',
      'members',
      'plan',
      'money',
      'delete_wedding',
      'everything',
    ]
    const answers = {} as Record<string, string>
    for (const who of EVERYONE.filter((w) => w !== 'anon')) {
      const { rows } = await t.asRole<{ capability: string; allowed: boolean }>(
        'authenticated',
        as[who],
        `select c as capability, kasalan_private.can($1, c) as allowed from unnest($2::text[]) c`,
        [weddingId, capabilities],
      )
      answers[who] = rows
        .filter((r) => r.allowed)
        .map((r) => r.capability)
        .join(' ')
    }
    expect(answers).toEqual({
      owner:
        'view households guests rsvps seating invitations manage members plan money delete_wedding',
      partner: 'view households guests rsvps seating invitations manage members plan money',
      coordinator: 'view households guests rsvps seating invitations plan',
      brideHelper: 'view households',
      groomHelper: 'view households',
      removed: '',
      stranger: '',
    })
    await expect(
      t.asRole('anon', null, 'select kasalan_private.can($1, $2)', [weddingId, 'view']),
    ).rejects.toMatchObject({
      code: '42501',
    })
  })

  test('an account belongs to the weddings it joined and opens the one it owns, or the one it asks for', async () => {
    const mine = (claims: Claims) =>
      t.rpc(claims, 'list_my_weddings') as Promise<{ id: string; role: string }[]>
    expect(await mine(as.coordinator)).toEqual([
      expect.objectContaining({ id: weddingId, role: 'coordinator' }),
    ])
    expect(await mine(as.removed)).toEqual([])
    expect(await t.rpc(as.removed, 'get_my_wedding')).toBeNull()

    // A coordinator without a wedding of their own is not sent to create one: theirs is the client's.
    expect(await t.rpc(as.coordinator, 'get_my_wedding')).toMatchObject({
      id: weddingId,
      myRole: 'coordinator',
      sections: [],
    })
    expect(await t.rpc(as.brideHelper, 'get_my_wedding', {})).toMatchObject({
      myRole: 'family_helper',
      mySide: 'bride',
    })

    // The stranger joins as coordinator too: their own wedding first, the other on request.
    const { token } = await invite('coordinator')
    await t.rpc(as.stranger, 'accept_member_invitation', { p_token: token })
    const theirs = await mine(as.stranger)
    expect(theirs.map((w) => w.role)).toEqual(['owner', 'coordinator'])
    expect(await t.rpc(as.stranger, 'get_my_wedding')).toMatchObject({
      id: theirs[0]!.id,
      myRole: 'owner',
    })
    expect(await t.rpc(as.stranger, 'get_my_wedding', { p_wedding_id: weddingId })).toMatchObject({
      id: weddingId,
      myRole: 'coordinator',
    })
    await t.rpc(as.stranger, 'leave_wedding', { p_wedding_id: weddingId })
    expect(await mine(as.stranger)).toHaveLength(1)
    // A wedding they no longer belong to falls back to their own.
    expect(await t.rpc(as.stranger, 'get_my_wedding', { p_wedding_id: weddingId })).toMatchObject({
      id: theirs[0]!.id,
    })
  })
})

describe('the guest list by role', () => {
  test('each role reads the households it may: a family helper only their side', async () => {
    const seen = {} as Record<string, string>
    for (const who of EVERYONE) {
      try {
        const list = (await t.rpc(as[who], 'list_households', {
          p_wedding_id: weddingId,
        })) as Household[]
        seen[who] = list
          .filter((h) => Object.values(added).some((a) => a.id === h.id))
          .map((h) => h.relationshipSide)
          .join(' ')
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string }
        seen[who] = code === '42501' ? '42501' : String(message)
      }
    }
    expect(seen).toEqual({
      owner: 'bride groom both',
      partner: 'bride groom both',
      coordinator: 'bride groom both',
      brideHelper: 'bride',
      groomHelper: 'groom',
      removed: 'wedding_not_found',
      stranger: 'wedding_not_found',
      anon: '42501',
    })

    // The tables themselves, read directly as PostgREST would.
    const count = async (who: Who, sql: string) => {
      if (who === 'anon')
        return t.asRole('anon', null, sql, [weddingId]).then(
          () => 'read',
          (e: { code: string }) => e.code,
        )
      const { rows } = await t.asRole<{ n: number }>('authenticated', as[who], sql, [weddingId])
      return String(rows[0]!.n)
    }
    const tables = {} as Record<string, string>
    for (const who of EVERYONE) {
      tables[who] = [
        await count(who, 'select count(*)::int as n from kasalan.weddings where id = $1'),
        await count(who, 'select count(*)::int as n from kasalan.households where wedding_id = $1'),
        await count(who, 'select count(*)::int as n from kasalan.persons where wedding_id = $1'),
        await count(who, 'select count(*)::int as n from kasalan.sections where wedding_id = $1'),
      ].join(' ')
    }
    const sections = (
      await t.asOwner<{ n: number }>(
        'select count(*)::int as n from kasalan.sections where wedding_id = $1',
        [weddingId],
      )
    ).rows[0]!.n
    expect(sections).toBeGreaterThan(0)
    expect(tables).toEqual({
      owner: `1 3 3 ${sections}`,
      partner: `1 3 3 ${sections}`,
      coordinator: '1 3 3 0',
      brideHelper: '1 1 1 0',
      groomHelper: '1 1 1 0',
      removed: '0 0 0 0',
      stranger: '0 0 0 0',
      anon: '42501 42501 42501 42501',
    })
    for (const who of EVERYONE) {
      await expect(
        who === 'anon'
          ? t.asRole('anon', null, 'select * from kasalan.wedding_members')
          : t.asRole('authenticated', as[who], 'select * from kasalan.wedding_members'),
      ).rejects.toMatchObject({ code: '42501' })
    }
  })

  test('a family helper adds and edits on their side only, and deletes only what they added', async () => {
    const addBride = await matrix('save_household', () => ({
      p_wedding_id: weddingId,
      p_household: household('bride', 'Bagong bisita'),
    }))
    expect(addBride).toEqual({
      owner: 'ok',
      partner: 'ok',
      coordinator: 'ok',
      brideHelper: 'ok',
      groomHelper: 'household_side_not_allowed',
      removed: 'wedding_not_found',
      stranger: 'wedding_not_found',
      anon: '42501',
    })

    // Left without a side, a helper's household goes on their side.
    const unsided = (await t.rpc(as.groomHelper, 'save_household', {
      p_wedding_id: weddingId,
      p_household: household(null, 'Kumpare'),
    })) as Household
    expect(unsided.relationshipSide).toBe('groom')

    // Editing the owner's groom-side household: not the bride helper's; nor moving it to another side.
    const editGroom = await matrix(
      'save_household',
      () => ({
        p_wedding_id: weddingId,
        p_household: household('groom', 'Binago', added.groom.id),
      }),
      ['brideHelper', 'groomHelper', 'coordinator', 'removed', 'stranger'],
    )
    expect(editGroom).toEqual({
      brideHelper: 'household_not_found',
      groomHelper: 'ok',
      coordinator: 'ok',
      removed: 'wedding_not_found',
      stranger: 'wedding_not_found',
    })
    expect(
      await outcome('groomHelper', 'save_household', {
        p_wedding_id: weddingId,
        p_household: household('bride', 'Lipat', added.groom.id),
      }),
    ).toBe('household_side_not_allowed')

    // Deleting: not other people's entries, not the other side's, their own yes.
    expect(
      await outcome('brideHelper', 'delete_household', { p_household_id: added.bride.id }),
    ).toBe('household_not_yours')
    expect(
      await outcome('groomHelper', 'delete_household', { p_household_id: added.bride.id }),
    ).toBe('household_not_found')
    expect(await outcome('stranger', 'delete_household', { p_household_id: added.bride.id })).toBe(
      'household_not_found',
    )
    expect(await outcome('removed', 'delete_household', { p_household_id: added.bride.id })).toBe(
      'household_not_found',
    )
    expect(await outcome('anon', 'delete_household', { p_household_id: added.bride.id })).toBe(
      '42501',
    )
    expect(await outcome('groomHelper', 'delete_household', { p_household_id: unsided.id })).toBe(
      'ok',
    )
    const coordinatorsOwn = (await t.rpc(as.coordinator, 'save_household', {
      p_wedding_id: weddingId,
      p_household: household('both', 'Panandalian'),
    })) as Household
    expect(
      await outcome('partner', 'delete_household', { p_household_id: coordinatorsOwn.id }),
    ).toBe('ok')

    // Importing a list is for those who keep the whole list.
    const imported = await matrix('import_households', () => ({
      p_wedding_id: weddingId,
      p_households: [household('bride', 'Galing sa CSV')],
    }))
    expect(imported).toEqual({
      owner: 'ok',
      partner: 'ok',
      coordinator: 'ok',
      brideHelper: 'wedding_not_found',
      groomHelper: 'wedding_not_found',
      removed: 'wedding_not_found',
      stranger: 'wedding_not_found',
      anon: '42501',
    })
  })

  test('RSVPs and seating are for the owner, partner and coordinator', async () => {
    const personId = added.both.persons[0]!.id
    const coordinatorOnly = {
      owner: 'ok',
      partner: 'ok',
      coordinator: 'ok',
      brideHelper: 'wedding_not_found',
      groomHelper: 'wedding_not_found',
      removed: 'wedding_not_found',
      stranger: 'wedding_not_found',
      anon: '42501',
    }
    const byWedding = () => ({ p_wedding_id: weddingId })
    expect(await matrix('list_rsvps', byWedding)).toEqual(coordinatorOnly)
    expect(await matrix('list_rsvp_changes', byWedding)).toEqual(coordinatorOnly)
    expect(
      await matrix('mark_rsvp_changes_seen', () => ({
        p_wedding_id: weddingId,
        p_seen_at: new Date().toISOString(),
      })),
    ).toEqual(coordinatorOnly)
    expect(
      await matrix('record_reply', () => ({
        p_wedding_id: weddingId,
        p_person_id: personId,
        p_is_attending: true,
        p_response: [],
      })),
    ).toEqual(coordinatorOnly)
    const changes = (await t.rpc(as.owner, 'list_rsvp_changes', { p_wedding_id: weddingId })) as {
      changes: { id: string }[]
    }
    expect(
      await matrix('restore_rsvp', () => ({
        p_wedding_id: weddingId,
        p_change_id: changes.changes[0]!.id,
      })),
    ).toEqual(coordinatorOnly)
    expect(await matrix('get_seating_layout', byWedding)).toEqual(coordinatorOnly)

    const saveSeating = async (who: Who) => {
      const current =
        who === 'anon'
          ? null
          : await t.rpc(as.owner, 'get_seating_layout', { p_wedding_id: weddingId })
      return outcome(who, 'save_seating_layout', {
        p_wedding_id: weddingId,
        p_layout: { tables: [], seats: [] },
        p_base_updated_at: (current as { updatedAt: string | null } | null)?.updatedAt ?? null,
      })
    }
    const seating = {} as Record<string, string>
    for (const who of EVERYONE) seating[who] = await saveSeating(who)
    expect(seating).toEqual(coordinatorOnly)

    // Invitations and a whole-list import (with replies) are the coordinator's work too.
    expect(await matrix('list_invitations', byWedding)).toEqual(coordinatorOnly)
    expect(
      await matrix('record_invitation', () => ({
        p_wedding_id: weddingId,
        p_household_ids: [added.both.id],
        p_channel: 'copy',
        p_kind: 'invitation',
      })),
    ).toEqual(coordinatorOnly)
    expect(
      await matrix('renew_invitation_code', () => ({
        p_wedding_id: weddingId,
        p_household_id: added.both.id,
      })),
    ).toEqual(coordinatorOnly)
    expect(
      await matrix('import_households', (who) => ({
        p_wedding_id: weddingId,
        p_households: [
          {
            ...household('both', `Import ${who}`),
            persons: [{ firstName: `Import ${who}`, type: 'adult', reply: { isAttending: false } }],
          },
        ],
      })),
    ).toEqual(coordinatorOnly)
  })

  test("the RSVP history names who changed a reply as its reader knows them: themselves, or the member's name (0031)", async () => {
    const personId = added.both.persons[0]!.id
    const reply = (who: Who, isAttending: boolean) =>
      t.rpc(as[who], 'record_reply', {
        p_wedding_id: weddingId,
        p_person_id: personId,
        p_is_attending: isAttending,
        p_response: [],
      })
    await reply('owner', true)
    await reply('partner', false)
    const read = async (who: Who) => {
      const { changes } = (await t.rpc(as[who], 'list_rsvp_changes', {
        p_wedding_id: weddingId,
      })) as {
        changes: { changedBy: string; byMe: boolean; changedByName: string | null }[]
      }
      return changes
        .slice(0, 2)
        .map(({ changedBy, byMe, changedByName }) => ({ changedBy, byMe, changedByName }))
    }
    const { members } = (await t.rpc(as.owner, 'list_members', { p_wedding_id: weddingId })) as {
      members: { role: string; displayName: string }[]
    }
    const ownerName = members.find((member) => member.role === 'owner')!.displayName
    expect(ownerName).not.toBe('')
    // 'couple' is the owner alone: the partner reads the owner's change by name, and their own as theirs.
    expect(await read('partner')).toEqual([
      { changedBy: 'member', byMe: true, changedByName: 'Paolo' },
      { changedBy: 'couple', byMe: false, changedByName: ownerName },
    ])
    expect(await read('owner')).toEqual([
      { changedBy: 'member', byMe: false, changedByName: 'Paolo' },
      { changedBy: 'couple', byMe: true, changedByName: ownerName },
    ])
  })

  test('a reply taken by the coordinator shows who recorded it, to the others', async () => {
    const person = added.bride.persons[0]!
    await t.rpc(as.coordinator, 'record_reply', {
      p_wedding_id: weddingId,
      p_person_id: person.id,
      p_is_attending: false,
      p_response: [],
    })
    const recordedBy = async (who: Who) => {
      const list = (await t.rpc(as[who], 'list_rsvps', { p_wedding_id: weddingId })) as {
        persons: { id: string; recordedBy: string | null; recordedByName: string | null }[]
      }[]
      return list.flatMap((h) => h.persons).find((p) => p.id === person.id)
    }
    expect(await recordedBy('owner')).toMatchObject({
      recordedBy: 'couple',
      recordedByName: 'Ate Joy',
    })
    expect(await recordedBy('partner')).toMatchObject({ recordedByName: 'Ate Joy' })
    // To the coordinator it is their own ("Recorded by you").
    expect(await recordedBy('coordinator')).toMatchObject({
      recordedBy: 'couple',
      recordedByName: null,
    })
    // The helper is not a way around the RSVP rights.
    const { rows } = await t.asRole<{ name: string | null }>(
      'authenticated',
      as.brideHelper,
      'select kasalan_private.rsvp_recorded_by_name($1) as name',
      [person.id],
    )
    expect(rows[0]!.name).toBeNull()
    await t.rpc(as.owner, 'record_reply', {
      p_wedding_id: weddingId,
      p_person_id: person.id,
      p_is_attending: true,
      p_response: [],
    })
    // The couple's test account has no name: the part of its e-mail before the @ stands in.
    expect(await recordedBy('coordinator')).toMatchObject({
      recordedByName: expect.stringMatching(/^couple-\d+-\d+$/),
    })
  })

  test('the site, its settings and the wedding file are for the owner and partner', async () => {
    const ownerAndPartner = {
      owner: 'ok',
      partner: 'ok',
      coordinator: 'wedding_not_found',
      brideHelper: 'wedding_not_found',
      groomHelper: 'wedding_not_found',
      removed: 'wedding_not_found',
      stranger: 'wedding_not_found',
      anon: '42501',
    }
    expect(
      await matrix('set_wedding_published', () => ({
        p_wedding_id: weddingId,
        p_published: false,
      })),
    ).toEqual(ownerAndPartner)
    expect(await matrix('export_wedding', () => ({ p_wedding_id: weddingId }))).toEqual(
      ownerAndPartner,
    )
    expect(
      await matrix('update_rsvp_settings', () => ({
        p_wedding_id: weddingId,
        p_deadline: null,
        p_questions: [],
      })),
    ).toEqual(ownerAndPartner)

    // Direct writes to the wedding row: nobody, not even the owner (0026: writes go through the functions).
    const rename = async (who: Who) => {
      if (who === 'anon') return 'skip'
      return t
        .asRole(
          'authenticated',
          as[who],
          `update kasalan.weddings set title = title where id = $1`,
          [weddingId],
        )
        .then(
          ({ affectedRows }) => String(affectedRows),
          (error: { code: string }) => error.code,
        )
    }
    const renamed = {} as Record<string, string>
    for (const who of EVERYONE) renamed[who] = await rename(who)
    expect(renamed).toEqual({
      owner: '42501',
      partner: '42501',
      coordinator: '42501',
      brideHelper: '42501',
      groomHelper: '42501',
      removed: '42501',
      stranger: '42501',
      anon: 'skip',
    })
    await expect(
      t.asRole('authenticated', as.owner, 'delete from kasalan.weddings where id = $1', [
        weddingId,
      ]),
    ).rejects.toMatchObject({ code: '42501' })
  })
})

describe('managing members', () => {
  test('everyone in the wedding sees who has access; only the owner and partner see the links', async () => {
    const pending = await invite('coordinator')
    const listed = {} as Record<string, string>
    for (const who of EVERYONE) {
      try {
        const { members, invitations } = (await t.rpc(as[who], 'list_members', {
          p_wedding_id: weddingId,
        })) as {
          members: { role: string; displayName: string; isMe: boolean }[]
          invitations: { token: string }[]
        }
        listed[who] =
          `${members.length} ${invitations.some((i) => i.token === pending.token) ? 'links' : 'no-links'} ${
            members.find((m) => m.isMe)?.role
          }`
      } catch (error) {
        listed[who] =
          (error as { code?: string; message: string }).code === '42501'
            ? '42501'
            : (error as Error).message
      }
    }
    expect(listed).toEqual({
      owner: '5 links owner',
      partner: '5 links partner',
      coordinator: '5 no-links coordinator',
      brideHelper: '5 no-links family_helper',
      groomHelper: '5 no-links family_helper',
      removed: 'wedding_not_found',
      stranger: 'wedding_not_found',
      anon: '42501',
    })
    const { members } = (await t.rpc(as.owner, 'list_members', { p_wedding_id: weddingId })) as {
      members: { displayName: string; role: string; side: string | null }[]
    }
    expect(members.map((m) => `${m.role}:${m.side ?? ''}:${m.displayName}`).slice(1)).toEqual([
      'partner::Paolo',
      'coordinator::Ate Joy',
      'family_helper:bride:Tita Carmen',
      'family_helper:groom:Tito Ben',
    ])

    const create = await matrix('create_member_invitation', () => ({
      p_wedding_id: weddingId,
      p_role: 'coordinator',
    }))
    expect(create).toEqual({
      owner: 'ok',
      partner: 'ok',
      coordinator: 'wedding_not_found',
      brideHelper: 'wedding_not_found',
      groomHelper: 'wedding_not_found',
      removed: 'wedding_not_found',
      stranger: 'wedding_not_found',
      anon: '42501',
    })
    for (const [role, side] of [
      ['owner', null],
      ['family_helper', null],
      ['family_helper', 'both'],
      ['planner', null],
    ]) {
      await expect(
        t.rpc(as.owner, 'create_member_invitation', {
          p_wedding_id: weddingId,
          p_role: role,
          p_side: side,
        }),
      ).rejects.toMatchObject({ message: 'invalid_input' })
    }
    expect(
      await outcome('coordinator', 'revoke_member_invitation', {
        p_wedding_id: weddingId,
        p_invitation_id: pending.id,
      }),
    ).toBe('wedding_not_found')
  })

  test('roles change and members go, but nobody but the owner touches the owner', async () => {
    const coordinatorId = as.coordinator!.sub
    expect(
      await outcome('coordinator', 'change_member_role', {
        p_wedding_id: weddingId,
        p_user_id: coordinatorId,
        p_role: 'partner',
      }),
    ).toBe('wedding_not_found')
    expect(
      await t.rpc(as.partner, 'change_member_role', {
        p_wedding_id: weddingId,
        p_user_id: coordinatorId,
        p_role: 'family_helper',
        p_side: 'groom',
      }),
    ).toMatchObject({ role: 'family_helper', side: 'groom' })
    expect(await outcome('coordinator', 'list_rsvps', { p_wedding_id: weddingId })).toBe(
      'wedding_not_found',
    )
    await t.rpc(as.owner, 'change_member_role', {
      p_wedding_id: weddingId,
      p_user_id: coordinatorId,
      p_role: 'coordinator',
    })
    expect(await outcome('coordinator', 'list_rsvps', { p_wedding_id: weddingId })).toBe('ok')

    const ownerId = as.owner!.sub
    expect(
      await outcome('partner', 'change_member_role', {
        p_wedding_id: weddingId,
        p_user_id: ownerId,
        p_role: 'partner',
      }),
    ).toBe('member_is_owner')
    expect(
      await outcome('partner', 'remove_member', { p_wedding_id: weddingId, p_user_id: ownerId }),
    ).toBe('member_is_owner')
    expect(await outcome('owner', 'leave_wedding', { p_wedding_id: weddingId })).toBe(
      'owner_cannot_leave',
    )
    expect(
      await outcome('partner', 'transfer_wedding_ownership', {
        p_wedding_id: weddingId,
        p_user_id: as.partner!.sub,
      }),
    ).toBe('wedding_not_found')
    expect(
      await outcome('owner', 'remove_member', {
        p_wedding_id: weddingId,
        p_user_id: as.stranger!.sub,
      }),
    ).toBe('member_not_found')
    expect(await outcome('stranger', 'leave_wedding', { p_wedding_id: weddingId })).toBe(
      'wedding_not_found',
    )

    // Removal takes effect at the next call, in the same session.
    const extra = await join('coordinator', null, 'Panandalian')
    expect(
      await outcome('owner', 'remove_member', { p_wedding_id: weddingId, p_user_id: extra.sub }),
    ).toBe('ok')
    expect(await t.rpc(extra, 'list_my_weddings')).toEqual([])
    expect(
      await outcome('removed', 'record_reply', {
        p_wedding_id: weddingId,
        p_person_id: added.both.persons[0]!.id,
        p_is_attending: false,
        p_response: [],
      }),
    ).toBe('wedding_not_found')
  })

  test('the owner hands the wedding over; the former owner stays as partner', async () => {
    expect(
      await outcome('owner', 'transfer_wedding_ownership', {
        p_wedding_id: weddingId,
        p_user_id: as.stranger!.sub,
      }),
    ).toBe('member_not_found')
    await t.rpc(as.owner, 'transfer_wedding_ownership', {
      p_wedding_id: weddingId,
      p_user_id: as.partner!.sub,
    })
    const { members } = (await t.rpc(as.partner, 'list_members', { p_wedding_id: weddingId })) as {
      members: { userId: string; role: string }[]
    }
    expect(members.filter((m) => m.role === 'owner').map((m) => m.userId)).toEqual([
      as.partner!.sub,
    ])
    expect(members.find((m) => m.userId === as.owner!.sub)?.role).toBe('partner')
    expect(await outcome('owner', 'leave_wedding', { p_wedding_id: weddingId })).toBe('ok')
    expect(await outcome('owner', 'list_households', { p_wedding_id: weddingId })).toBe(
      'wedding_not_found',
    )
    const read = await t.asRole(
      'authenticated',
      as.owner,
      'select id from kasalan.weddings where id = $1',
      [weddingId],
    )
    expect(read.rows).toEqual([])
    // Back as it was, for the tests after this one.
    const { token } = (await t.rpc(as.partner, 'create_member_invitation', {
      p_wedding_id: weddingId,
      p_role: 'partner',
    })) as {
      token: string
    }
    await t.rpc(as.owner, 'accept_member_invitation', { p_token: token })
    await t.rpc(as.partner, 'transfer_wedding_ownership', {
      p_wedding_id: weddingId,
      p_user_id: as.owner!.sub,
    })
    expect(await outcome('owner', 'list_households', { p_wedding_id: weddingId })).toBe('ok')
  })
})

describe('invitations', () => {
  test('a link shows what it offers, works once, and not after it is revoked or has expired', async () => {
    const link = await invite('family_helper', 'bride')
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000)
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/)

    const carmen = await t.signUp('tita')
    expect(await t.rpc(carmen, 'get_member_invitation', { p_token: link.token })).toMatchObject({
      weddingId,
      role: 'family_helper',
      side: 'bride',
      status: 'open',
      alreadyMember: false,
      bride: { firstName: 'Liza' },
    })
    await expect(
      t.asRole('anon', null, 'select kasalan.get_member_invitation($1)', [link.token]),
    ).rejects.toMatchObject({
      code: '42501',
    })
    expect(await t.rpc(carmen, 'get_member_invitation', { p_token: 'not-a-token' })).toBeNull()
    await expect(
      t.rpc(carmen, 'accept_member_invitation', { p_token: 'not-a-token' }),
    ).rejects.toMatchObject({
      message: 'member_invitation_not_found',
    })
    await expect(
      t.rpc(carmen, 'accept_member_invitation', {
        p_token: link.token,
        p_display_name: 'x'.repeat(101),
      }),
    ).rejects.toMatchObject({ message: 'invalid_input' })

    expect(
      await t.rpc(carmen, 'accept_member_invitation', {
        p_token: link.token,
        p_display_name: '  Tita Carmen  ',
      }),
    ).toEqual({
      weddingId,
      role: 'family_helper',
      side: 'bride',
    })
    // Single use: nobody else, not even the same account again.
    const other = await t.signUp('other')
    await expect(
      t.rpc(other, 'accept_member_invitation', { p_token: link.token }),
    ).rejects.toMatchObject({
      message: 'invitation_used',
    })
    await expect(
      t.rpc(carmen, 'accept_member_invitation', { p_token: link.token }),
    ).rejects.toMatchObject({
      message: 'invitation_used',
    })
    expect(await t.rpc(other, 'get_member_invitation', { p_token: link.token })).toMatchObject({
      status: 'accepted',
    })

    // A member already in gets their own message, and the link stays open for its person.
    const second = await invite('coordinator')
    await expect(
      t.rpc(carmen, 'accept_member_invitation', { p_token: second.token }),
    ).rejects.toMatchObject({
      message: 'already_member',
    })
    expect(await t.rpc(carmen, 'get_member_invitation', { p_token: second.token })).toMatchObject({
      status: 'open',
      alreadyMember: true,
    })

    // Revoked: gone from the list and refused.
    expect(
      await outcome('owner', 'revoke_member_invitation', {
        p_wedding_id: weddingId,
        p_invitation_id: second.id,
      }),
    ).toBe('ok')
    expect(
      await outcome('owner', 'revoke_member_invitation', {
        p_wedding_id: weddingId,
        p_invitation_id: second.id,
      }),
    ).toBe('member_invitation_not_found')
    await expect(
      t.rpc(other, 'accept_member_invitation', { p_token: second.token }),
    ).rejects.toMatchObject({
      message: 'invitation_revoked',
    })
    const { invitations } = (await t.rpc(as.owner, 'list_members', {
      p_wedding_id: weddingId,
    })) as { invitations: { id: string }[] }
    expect(invitations.map((i) => i.id)).not.toContain(second.id)

    // Expired after 14 days.
    const old = await invite('coordinator')
    await t.asOwner(
      `update kasalan.member_invitations set expires_at = now() - interval '1 second' where id = $1`,
      [old.id],
    )
    await expect(
      t.rpc(other, 'accept_member_invitation', { p_token: old.token }),
    ).rejects.toMatchObject({
      message: 'invitation_expired',
    })
    expect(await t.rpc(other, 'get_member_invitation', { p_token: old.token })).toMatchObject({
      status: 'expired',
    })
  })

  test('a link addressed to one e-mail is refused to another account', async () => {
    const ben = await t.signUp('ben')
    const { rows } = await t.asOwner<{ email: string }>(
      'select email from auth.users where id = $1',
      [ben.sub],
    )
    const link = await invite('coordinator', null, rows[0]!.email.toUpperCase())
    const other = await t.signUp('other')
    await expect(
      t.rpc(other, 'accept_member_invitation', { p_token: link.token }),
    ).rejects.toMatchObject({
      message: 'invitation_wrong_account',
    })
    expect(await t.rpc(ben, 'accept_member_invitation', { p_token: link.token })).toMatchObject({
      role: 'coordinator',
    })
    await expect(
      t.rpc(as.owner, 'create_member_invitation', {
        p_wedding_id: weddingId,
        p_role: 'partner',
        p_email: 'not an address',
      }),
    ).rejects.toMatchObject({ message: 'invalid_input' })
  })
})

describe('after a hand-over (0021)', () => {
  const mine = (claims: Claims) =>
    t.rpc(claims, 'list_my_weddings') as Promise<{ id: string; role: string }[]>
  const create = (claims: Claims) =>
    t.rpc(claims, 'create_my_wedding', {
      p_bride: { firstName: 'Liza', lastName: 'Reyes' },
      p_groom: { firstName: 'Paolo', lastName: 'Cruz' },
    }) as Promise<{ id: string; slug: string }>

  test('the former owner creates another wedding; both are theirs to switch between, each with its role', async () => {
    const first = (await t.rpc(as.owner, 'get_my_wedding', { p_wedding_id: weddingId })) as {
      slug: string
    }
    // While they own a wedding, creating one answers it.
    expect((await create(as.owner)).id).toBe(weddingId)

    await t.rpc(as.owner, 'transfer_wedding_ownership', {
      p_wedding_id: weddingId,
      p_user_id: as.partner!.sub,
    })
    const second = await create(as.owner)
    expect(second.id).not.toBe(weddingId)
    expect(second.slug).not.toBe(first.slug)
    // Asked again, it answers the new one (it owns it now); the new owner gets the one it owns.
    expect((await create(as.owner)).id).toBe(second.id)
    expect((await create(as.partner)).id).toBe(weddingId)

    expect((await mine(as.owner)).map((w) => [w.id, w.role])).toEqual([
      [second.id, 'owner'],
      [weddingId, 'partner'],
    ])
    expect(await t.rpc(as.owner, 'get_my_wedding')).toMatchObject({
      id: second.id,
      myRole: 'owner',
    })
    expect(await t.rpc(as.owner, 'get_my_wedding', { p_wedding_id: weddingId })).toMatchObject({
      id: weddingId,
      myRole: 'partner',
    })
    expect(await t.rpc(as.partner, 'get_my_wedding')).toMatchObject({
      id: weddingId,
      myRole: 'owner',
    })
    const { rows } = await t.asOwner<{ user_id: string }>(
      'select user_id from kasalan.weddings where id = any($1) order by created_at',
      [[weddingId, second.id]],
    )
    // user_id stays the account that created each wedding.
    expect(rows.map((r) => r.user_id)).toEqual([as.owner!.sub, as.owner!.sub])

    // The address of either is "available" to whoever manages it, and taken to everyone else.
    const slug = (claims: Claims, value: string) =>
      t.rpc(claims, 'check_wedding_slug', { p_slug: value })
    expect(await slug(as.partner, first.slug)).toEqual({ status: 'available' })
    expect(await slug(as.owner, first.slug)).toEqual({ status: 'available' })
    expect(await slug(as.partner, second.slug)).toEqual({ status: 'taken' })
    expect(await slug(as.coordinator, first.slug)).toEqual({ status: 'taken' })

    // Asked for one wedding (0024), the other's address is taken, now or before: the builder never
    // offers it, and moving one wedding onto the other's old address is refused.
    const slugFor = (claims: Claims, wedding: string, value: string) =>
      t.rpc(claims, 'check_wedding_slug', { p_slug: value, p_wedding_id: wedding })
    expect(await slugFor(as.owner, second.id, first.slug)).toEqual({ status: 'taken' })
    expect(await slugFor(as.owner, weddingId, first.slug)).toEqual({ status: 'available' })
    expect(await slugFor(as.owner, weddingId, 'bagong-address-ng-kasal')).toEqual({
      status: 'available',
    })
    expect(
      await outcome('owner', 'change_wedding_slug', {
        p_wedding_id: second.id,
        p_slug: first.slug,
      }),
    ).toBe('slug_taken')
    await t.rpc(as.partner, 'change_wedding_slug', {
      p_wedding_id: weddingId,
      p_slug: `${first.slug}-bago`,
    })
    expect(await slugFor(as.owner, second.id, first.slug)).toEqual({ status: 'taken' })
    expect(
      await outcome('owner', 'change_wedding_slug', {
        p_wedding_id: second.id,
        p_slug: first.slug,
      }),
    ).toBe('slug_taken')
    // Its own earlier address stays the wedding's to take back.
    expect(await slugFor(as.partner, weddingId, first.slug)).toEqual({ status: 'available' })
    await t.rpc(as.partner, 'change_wedding_slug', { p_wedding_id: weddingId, p_slug: first.slug })

    // Leaving the handed-over wedding leaves the account its new one.
    await t.rpc(as.owner, 'leave_wedding', { p_wedding_id: weddingId })
    expect((await mine(as.owner)).map((w) => w.id)).toEqual([second.id])
    expect(await t.rpc(as.owner, 'get_my_wedding', { p_wedding_id: weddingId })).toMatchObject({
      id: second.id,
    })
    expect(await outcome('owner', 'list_households', { p_wedding_id: weddingId })).toBe(
      'wedding_not_found',
    )

    // Back as it was.
    const { token } = (await t.rpc(as.partner, 'create_member_invitation', {
      p_wedding_id: weddingId,
      p_role: 'partner',
    })) as {
      token: string
    }
    await t.rpc(as.owner, 'accept_member_invitation', { p_token: token })
    await t.rpc(as.partner, 'transfer_wedding_ownership', {
      p_wedding_id: weddingId,
      p_user_id: as.owner!.sub,
    })
    await t.asOwner('delete from kasalan.weddings where id = $1', [second.id])
    expect((await mine(as.owner)).map((w) => [w.id, w.role])).toEqual([[weddingId, 'owner']])
  })

  test('whether an account joined a wedding through an invitation is known to the database', async () => {
    expect(await t.rpc(as.coordinator, 'has_joined_a_wedding')).toBe(true)
    expect(await t.rpc(as.brideHelper, 'has_joined_a_wedding')).toBe(true)
    // Removed since, it still came in as a helper.
    expect(await t.rpc(as.removed, 'has_joined_a_wedding')).toBe(true)
    expect(await t.rpc(as.removed, 'get_my_wedding')).toBeNull()
    const couple = await t.couple('Ana', 'Ben')
    expect(await t.rpc(couple.claims, 'has_joined_a_wedding')).toBe(false)
    expect(await t.rpc(await t.signUp('new'), 'has_joined_a_wedding')).toBe(false)
    expect(await outcome('anon', 'has_joined_a_wedding', {})).toBe('42501')
  })

  test('a saved household answers who last changed it, as the guest list reads it', async () => {
    type Saved = Household & { lastChange: Record<string, unknown> }
    const save = (who: Who, value: unknown) =>
      t.rpc(as[who], 'save_household', {
        p_wedding_id: weddingId,
        p_household: value,
      }) as Promise<Saved>
    const listed = async (who: Who, id: string) => {
      const list = (await t.rpc(as[who], 'list_households', { p_wedding_id: weddingId })) as Saved[]
      return list.find((h) => h.id === id)?.lastChange
    }

    const added = await save('coordinator', household('bride', 'Kuya Dodong'))
    expect(added.lastChange).toMatchObject({
      actorKind: 'member',
      actorName: 'Ate Joy',
      isMe: true,
      action: 'household_added',
    })
    expect(await listed('coordinator', added.id)).toEqual(added.lastChange)

    // Saved unchanged by the owner: nothing is recorded, so it is still the coordinator's.
    const same = await save('owner', {
      ...household('bride', 'Kuya Dodong', added.id),
      persons: added.persons,
    })
    expect(same.lastChange).toEqual({ ...added.lastChange, isMe: false })
    expect(await listed('owner', added.id)).toEqual(same.lastChange)

    // Changed by the bride's helper: theirs, at once and in the list.
    const changed = await save('brideHelper', {
      ...household('bride', 'Kuya Dodong', added.id),
      persons: [
        { ...added.persons[0], firstName: 'Kuya Dodong' },
        { firstName: 'Ate Nene', type: 'adult' },
      ],
    })
    expect(changed.lastChange).toMatchObject({
      actorName: 'Tita Carmen',
      isMe: true,
      action: 'household_changed',
    })
    expect(await listed('brideHelper', added.id)).toEqual(changed.lastChange)
    expect(await listed('owner', added.id)).toEqual({ ...changed.lastChange, isMe: false })

    // Refused as before, and the old body cannot be called directly.
    expect(
      await outcome('stranger', 'save_household', {
        p_wedding_id: weddingId,
        p_household: household('bride', 'X'),
      }),
    ).toBe('wedding_not_found')
    expect(
      await outcome('anon', 'save_household', {
        p_wedding_id: weddingId,
        p_household: household('bride', 'X'),
      }),
    ).toBe('42501')
    // It is not a call of the Data API (kasalan_private), and no role may run it even by name.
    expect(
      await outcome('owner', 'write_household', {
        p_wedding_id: weddingId,
        p_household: household('bride', 'X'),
      }),
    ).toMatch(/does not exist/)
    await expect(
      t.asRole('authenticated', as.owner, 'select kasalan_private.write_household($1, $2)', [
        weddingId,
        household('bride', 'X'),
      ]),
    ).rejects.toMatchObject({ code: '42501' })
    expect(
      await outcome('owner', 'save_household', {
        p_wedding_id: weddingId,
        p_household: { persons: [] },
      }),
    ).toBe('household_needs_adult')
    await t.rpc(as.owner, 'delete_household', { p_household_id: added.id })
  })
})

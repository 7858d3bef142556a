// Reading a big list quickly (issue 18): a call sent to the embedded database as one message
// (engine.ts), and 0022's reads: list_households in one pass, list_rsvp_details, list_invitation_states.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { callRpc, localAuth, type Claims, type PgLike } from '../../src/lib/backend/local/engine'
import { createTestDb, ENGINE, setSeatedReplies, type TestDb } from './harness'

let t: TestDb
let owner: NonNullable<Claims>
let weddingId: string
let stranger: NonNullable<Claims>

beforeAll(async () => {
  t = await createTestDb()
  const a = await t.couple('Mayumi', 'Datu')
  owner = a.claims
  weddingId = a.wedding.id
  stranger = (await t.couple('Hiraya', 'Kidlat')).claims
})

afterAll(async () => {
  await t?.close()
})

interface Household {
  id: string
  notes: string | null
  persons: { firstName: string; lastName: string | null }[]
}

describe('one message per call', () => {
  // On the PGlite lane the harness's database offers execProtocol, so every call here takes that path.
  test.runIf(ENGINE === 'pglite')('the PGlite lane sends each call as one message', () => {
    expect(typeof (t.db as unknown as PgLike).execProtocol).toBe('function')
  })

  test('text with quotes, backslashes and dollar signs arrives as typed', async () => {
    const tricky = `O'Brien \\'); drop table kasalan.households; -- $1 $$ $'`
    const saved = (await t.rpc(owner, 'save_household', {
      p_wedding_id: weddingId,
      p_household: {
        email: null,
        phone: null,
        address: {},
        relationshipSide: 'bride',
        relationshipType: 'family',
        notes: tricky,
        persons: [
          {
            firstName: 'Dolores',
            lastName: tricky.slice(0, 30),
            type: 'adult',
            title: null,
            suffix: null,
            notes: null,
          },
        ],
      },
    })) as Household
    expect(saved.notes).toBe(tricky)
    const list = (await t.rpc(owner, 'list_households', { p_wedding_id: weddingId })) as Household[]
    const read = list.find((household) => household.id === saved.id)
    expect(read?.notes).toBe(tricky)
    expect(read?.persons[0]?.lastName).toBe(tricky.slice(0, 30))
  })

  test('results keep their types: booleans and JSON', async () => {
    expect(typeof (await t.rpc(owner, 'has_joined_a_wedding'))).toBe('boolean')
    const slug = await t.rpc(owner, 'check_wedding_slug', { p_slug: "isa'bel" })
    expect(slug).toEqual({ status: expect.any(String) })
  })

  test('a refusal keeps its stable code and leaves the database usable', async () => {
    await expect(t.rpc(stranger, 'list_households', { p_wedding_id: weddingId })).rejects.toThrow(
      'wedding_not_found',
    )
    await expect(t.rpc(null, 'list_households', { p_wedding_id: weddingId })).rejects.toThrow()
    expect(await t.rpc(owner, 'list_households', { p_wedding_id: weddingId })).toHaveLength(1)
  })

  test('a read-only function still runs read only, and the role ends with the call', async () => {
    const db = t.db as unknown as PgLike
    await callRpc(db, owner, 'list_households', { p_wedding_id: weddingId })
    const { rows } = await db.query<{ role: string; claims: string | null }>(
      "select current_user as role, current_setting('request.jwt.claims', true) as claims",
    )
    expect(rows[0]?.claims ?? '').toBe('')
    expect(rows[0]?.role).not.toBe('authenticated')

    // A STABLE function that writes is refused, as PostgREST's read-only transaction refuses it; the
    // same body declared VOLATILE runs.
    await t.db.exec(`
      create sequence kasalan.reads_test_seq;
      create function kasalan.reads_test_stable() returns bigint language plpgsql stable as $$ begin return nextval('kasalan.reads_test_seq'); end $$;
      create function kasalan.reads_test_volatile() returns bigint language plpgsql as $$ begin return nextval('kasalan.reads_test_seq'); end $$;
      grant usage on sequence kasalan.reads_test_seq to authenticated;
      grant execute on function kasalan.reads_test_stable(), kasalan.reads_test_volatile() to authenticated;
    `)
    await expect(callRpc(db, owner, 'reads_test_stable')).rejects.toThrow(/read-only transaction/)
    expect(String(await callRpc(db, owner, 'reads_test_volatile'))).toBe('1')
    await t.db.exec(
      'drop function kasalan.reads_test_stable(), kasalan.reads_test_volatile(); drop sequence kasalan.reads_test_seq',
    )
  })

  test('a zero byte in local sign-in is refused, not cut short', async () => {
    await expect(
      localAuth(t.db as unknown as PgLike, 'signIn', 'demo@kasalan.ph\u0000', 'x'),
    ).rejects.toThrow()
  })
})

async function join(role: string, side: string | null, name: string): Promise<NonNullable<Claims>> {
  const claims = await t.signUp(role)
  const { token } = (await t.rpc(owner, 'create_member_invitation', {
    p_wedding_id: weddingId,
    p_role: role,
    p_side: side,
  })) as { token: string }
  await t.rpc(claims, 'accept_member_invitation', { p_token: token, p_display_name: name })
  return claims
}

const person = (firstName: string) => ({
  firstName,
  lastName: 'Ilagan',
  type: 'adult',
  title: null,
  suffix: null,
  notes: null,
})
const save = async (side: string, ...names: string[]) =>
  (await t.rpc(owner, 'save_household', {
    p_wedding_id: weddingId,
    p_household: {
      email: 'ilagan@example.ph',
      phone: '0917 555 0101',
      address: {},
      relationshipSide: side,
      relationshipType: 'friend',
      notes: null,
      persons: names.map(person),
    },
  })) as Household & { persons: { id: string }[] }

describe('0022: the reads behind the guest list and the RSVPs tab', () => {
  let coordinator: NonNullable<Claims>
  let helper: NonNullable<Claims>
  let households: (Household & { persons: { id: string }[] })[]

  beforeAll(async () => {
    coordinator = await join('coordinator', null, 'Tita Carmen')
    helper = await join('family_helper', 'groom', 'Kuya Jun')
    households = [
      await save('bride', 'Pacing', 'Ben'),
      await save('groom', 'Niño'),
      await save('both', 'Lita', 'Rey', 'Toto'),
      await save('bride', 'Dado'),
    ]
    const [ilagan, dizon, cruz, dado] = households
    // Replies: one recorded by the coordinator, one by the owner, one by the guest with a message.
    await t.rpc(coordinator, 'record_reply', {
      p_wedding_id: weddingId,
      p_person_id: ilagan!.persons[0]!.id,
      p_is_attending: true,
      p_response: [],
    })
    await t.rpc(owner, 'record_reply', {
      p_wedding_id: weddingId,
      p_person_id: cruz!.persons[0]!.id,
      p_is_attending: false,
      p_response: [],
    })
    await setSeatedReplies(t, [cruz!.persons[1]!.id], { isAttending: true, recordedBy: 'guest' })
    await t.asOwner(
      `update kasalan.households set rsvp_message = 'Salamat po!', rsvp_message_at = now() where id = $1`,
      [cruz!.id],
    )
    // Invitations: one answered, one sent twice and opened, one only sent; Cruz answered uninvited.
    await t.rpc(owner, 'record_invitation', {
      p_wedding_id: weddingId,
      p_household_ids: [ilagan!.id, dizon!.id, dado!.id],
      p_channel: 'viber',
      p_kind: 'invitation',
    })
    await t.rpc(owner, 'record_invitation', {
      p_wedding_id: weddingId,
      p_household_ids: [dizon!.id],
      p_channel: 'sms',
      p_kind: 'reminder',
    })
    await t.asOwner('update kasalan.households set invitation_opened_at = now() where id = $1', [
      dizon!.id,
    ])
  })

  test('list_households gives what household_json and the last change gave, in the same order, for each member', async () => {
    const before = `select coalesce(jsonb_agg(kasalan_private.household_json(g) || jsonb_build_object('lastChange', c.change) order by g.created_at, g.id), '[]'::jsonb) as list
      from kasalan.households g left join kasalan_private.household_last_changes($1) c on c.household_id = g.id where g.wedding_id = $1`
    // household_json is no call of the API since 0030, and the answers it reads are read only by
    // functions: both lent to signed-in users for this comparison only (the households each member
    // reads are still chosen by row-level security).
    await t.asOwner(
      'grant execute on function kasalan_private.household_json(kasalan.households) to authenticated',
    )
    await t.asOwner('grant select on kasalan_private.persons_with_answer to authenticated')
    try {
      for (const who of [owner, coordinator, helper]) {
        const expected = (
          await t.asRole<{ list: unknown[] }>('authenticated', who, before, [weddingId])
        ).rows[0]!.list
        expect(await t.rpc(who, 'list_households', { p_wedding_id: weddingId })).toEqual(expected)
      }
    } finally {
      await t.asOwner(
        'revoke execute on function kasalan_private.household_json(kasalan.households) from authenticated',
      )
      await t.asOwner('revoke select on kasalan_private.persons_with_answer from authenticated')
    }
    // The family helper reads only their side's households, as RLS decided before list_households
    // applied the rule itself (0026, big wedding).
    const helperList = (await t.rpc(helper, 'list_households', {
      p_wedding_id: weddingId,
    })) as Household[]
    expect(helperList.map((household) => household.id).sort()).toEqual([households[1]!.id])
  })

  test('list_rsvp_details holds what list_rsvps adds to the replies, only where there is something', async () => {
    type Line = {
      id: string
      message: string | null
      messageAt: string | null
      persons: { id: string; recordedBy: string | null; recordedByName: string | null }[]
    }
    type Details = {
      messages: { householdId: string; message: string | null; messageAt: string | null }[]
      recorded: { personId: string; recordedBy: string; recordedByName: string | null }[]
    }
    for (const who of [owner, coordinator]) {
      const lines = (await t.rpc(who, 'list_rsvps', { p_wedding_id: weddingId })) as Line[]
      const details = (await t.rpc(who, 'list_rsvp_details', {
        p_wedding_id: weddingId,
      })) as Details
      expect(details.messages).toEqual(
        lines
          .filter((line) => line.message || line.messageAt)
          .map((line) => ({
            householdId: line.id,
            message: line.message,
            messageAt: line.messageAt,
          })),
      )
      const recorded = lines.flatMap((line) =>
        line.persons
          .filter((p) => p.recordedBy)
          .map((p) => ({
            personId: p.id,
            recordedBy: p.recordedBy,
            recordedByName: p.recordedByName,
          })),
      )
      expect([...details.recorded].sort((a, b) => a.personId.localeCompare(b.personId))).toEqual(
        recorded.sort((a, b) => a.personId.localeCompare(b.personId)),
      )
      expect(details.recorded).toHaveLength(3)
    }
    // Who recorded it, by name, for everyone but the one who did.
    const ownerDetails = (await t.rpc(owner, 'list_rsvp_details', {
      p_wedding_id: weddingId,
    })) as Details
    expect(ownerDetails.recorded.find((p) => p.personId === households[0]!.persons[0]!.id)).toEqual(
      {
        personId: households[0]!.persons[0]!.id,
        recordedBy: 'couple',
        recordedByName: 'Tita Carmen',
      },
    )
    expect(ownerDetails.messages).toEqual([
      { householdId: households[2]!.id, message: 'Salamat po!', messageAt: expect.any(String) },
    ])
  })

  test('list_invitation_states gives list_invitations’ states, only past "not invited"', async () => {
    type Invitations = {
      households: {
        householdId: string
        state: string
        invitedAt: string | null
        invitedVia: string | null
        openedAt: string | null
      }[]
    }
    for (const who of [owner, coordinator]) {
      const full = (await t.rpc(who, 'list_invitations', {
        p_wedding_id: weddingId,
      })) as Invitations
      const states = await t.rpc(who, 'list_invitation_states', { p_wedding_id: weddingId })
      expect(states).toEqual(
        full.households
          .filter((household) => household.state !== 'not_invited')
          .map(({ householdId, state, invitedAt, invitedVia, openedAt }) => ({
            householdId,
            state,
            invitedAt,
            invitedVia,
            openedAt,
          })),
      )
    }
    const states = (await t.rpc(owner, 'list_invitation_states', { p_wedding_id: weddingId })) as {
      state: string
      invitedVia: string
    }[]
    expect(states.map((s) => s.state)).toEqual(['answered', 'opened', 'answered', 'invited'])
    // The first channel, not the reminder's.
    expect(states[1]!.invitedVia).toBe('viber')
    expect(states[2]!.invitedVia).toBeNull()
    // Since 0031 a family helper reads the states of their side's households (the groom's: Dizon).
    expect(await t.rpc(helper, 'list_invitation_states', { p_wedding_id: weddingId })).toEqual([
      expect.objectContaining({ householdId: households[1]!.id, state: 'opened' }),
    ])
  })

  test('both new reads refuse another couple, anon and bad input with stable codes; the replies a family helper too', async () => {
    await expect(t.rpc(helper, 'list_rsvp_details', { p_wedding_id: weddingId })).rejects.toThrow(
      'wedding_not_found',
    )
    for (const name of ['list_rsvp_details', 'list_invitation_states']) {
      await expect(t.rpc(stranger, name, { p_wedding_id: weddingId })).rejects.toThrow(
        'wedding_not_found',
      )
      await expect(t.rpc(owner, name, { p_wedding_id: null })).rejects.toThrow('wedding_not_found')
      await expect(t.rpc(null, name, { p_wedding_id: weddingId })).rejects.toThrow(
        /permission denied/,
      )
      await expect(t.rpc(owner, name, { p_wedding_id: 'not-a-uuid' })).rejects.toThrow(
        /invalid input syntax for type uuid/,
      )
    }
    await expect(t.rpc(stranger, 'list_households', { p_wedding_id: weddingId })).rejects.toThrow(
      'wedding_not_found',
    )
    const { rows } = await t.asOwner<{ name: string; definer: boolean; config: string[] | null }>(
      `select p.proname as name, p.prosecdef as definer, p.proconfig as config from pg_catalog.pg_proc p
       where p.pronamespace = 'kasalan'::regnamespace and p.proname in ('list_households', 'list_rsvp_details', 'list_invitation_states') order by 1`,
    )
    expect(rows).toEqual([
      { name: 'list_households', definer: true, config: ['search_path=""'] },
      { name: 'list_invitation_states', definer: true, config: ['search_path=""'] },
      { name: 'list_rsvp_details', definer: true, config: ['search_path=""'] },
    ])
  })
})

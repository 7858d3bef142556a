// What each member sees matches what each member may do (0031). The screens' access table
// (src/lib/access.ts: the tabs, the route guard and the buttons read it) is the database's own,
// role by role; and a family helper's guest list reads the true invitation state of their side's
// households, invited, opened or answered, where it read "Not invited" before: the state only,
// never a code or a link, and nothing of the other side.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { can, capabilities } from '@/lib/access'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'

type Role = 'owner' | 'partner' | 'coordinator' | 'family_helper' | 'usher'
interface State {
  householdId: string
  state: string
  invitedAt: string | null
  invitedVia: string | null
  openedAt: string | null
}

let t: TestDb
let weddingId: string
const as = {} as Record<
  'owner' | 'partner' | 'coordinator' | 'brideHelper' | 'groomHelper' | 'usher' | 'stranger',
  NonNullable<Claims>
>
/** The bride's side: one household in each state; the groom's side: one answered. */
const ids = {} as Record<'notInvited' | 'invited' | 'opened' | 'answered' | 'groomAnswered', string>

async function join(role: string, side: string | null, name: string) {
  const claims = await t.signUp(role)
  const { token } = (await t.rpc(as.owner, 'create_member_invitation', {
    p_wedding_id: weddingId,
    p_role: role,
    p_side: side,
  })) as {
    token: string
  }
  await t.rpc(claims, 'accept_member_invitation', { p_token: token, p_display_name: name })
  return claims
}

async function addHousehold(side: string, firstName: string) {
  const saved = (await t.rpc(as.owner, 'save_household', {
    p_wedding_id: weddingId,
    p_household: {
      relationshipSide: side,
      persons: [{ firstName, lastName: 'Ilagan', type: 'adult' }],
    },
  })) as { id: string; persons: { id: string }[] }
  return saved
}

const states = async (who: NonNullable<Claims>) =>
  (await t.rpc(who, 'list_invitation_states', { p_wedding_id: weddingId })) as State[]

beforeAll(async () => {
  t = await createTestDb()
  const couple = await t.couple('Isabel', 'Miguel')
  as.owner = couple.claims
  weddingId = couple.wedding.id
  as.partner = await join('partner', null, 'Miguel')
  as.coordinator = await join('coordinator', null, 'Ate Joy')
  as.brideHelper = await join('family_helper', 'bride', 'Tita Carmen')
  as.groomHelper = await join('family_helper', 'groom', 'Tito Ben')
  as.usher = await join('usher', null, 'Kuya Jun')
  as.stranger = (await t.couple('Rina', 'Karlo')).claims

  ids.notInvited = (await addHousehold('bride', 'Lorna')).id
  ids.invited = (await addHousehold('bride', 'Pacing')).id
  const opened = await addHousehold('bride', 'Dado')
  ids.opened = opened.id
  const answered = await addHousehold('bride', 'Teresita')
  ids.answered = answered.id
  const groomAnswered = await addHousehold('groom', 'Niño')
  ids.groomAnswered = groomAnswered.id

  // Invited through Messenger; two households open their link as guests do, on the published site.
  await t.rpc(as.owner, 'record_invitation', {
    p_wedding_id: weddingId,
    p_household_ids: [ids.invited, ids.opened, ids.answered, ids.groomAnswered],
    p_channel: 'messenger',
    p_kind: 'invitation',
  })
  await t.rpc(as.owner, 'set_wedding_published', { p_wedding_id: weddingId, p_published: true })
  const { households } = (await t.rpc(as.owner, 'list_invitations', {
    p_wedding_id: weddingId,
  })) as {
    households: { householdId: string; token: string }[]
  }
  for (const id of [ids.opened, ids.answered]) {
    await t.rpc(null, 'open_invitation', {
      p_token: households.find((household) => household.householdId === id)!.token,
    })
  }
  // Teresita and Niño answered (taken by the couple here; a guest's own answer counts the same).
  for (const person of [answered.persons[0]!.id, groomAnswered.persons[0]!.id]) {
    await t.rpc(as.owner, 'record_reply', {
      p_wedding_id: weddingId,
      p_person_id: person,
      p_is_attending: true,
      p_response: [],
    })
  }
})

afterAll(async () => {
  await t?.close()
})

describe('what each member sees', () => {
  test("the screens' access table answers as the database does, for every role and capability", async () => {
    const members: Record<Role, NonNullable<Claims>> = {
      owner: as.owner,
      partner: as.partner,
      coordinator: as.coordinator,
      family_helper: as.brideHelper,
      usher: as.usher,
    }
    for (const [role, claims] of Object.entries(members) as [Role, NonNullable<Claims>][]) {
      const { rows } = await t.asRole<{ capability: string; allowed: boolean }>(
        'authenticated',
        claims,
        'select c as capability, kasalan_private.can($1, c) as allowed from unnest($2::text[]) c',
        [weddingId, [...capabilities]],
      )
      expect(Object.fromEntries(rows.map((row) => [row.capability, row.allowed])), role).toEqual(
        Object.fromEntries(capabilities.map((capability) => [capability, can(role, capability)])),
      )
    }
  })

  test('the coordinator sees the money only when the couple allows it; a family helper never', async () => {
    const money = async (claims: NonNullable<Claims>) => {
      const wedding = (await t.rpc(claims, 'get_my_wedding', { p_wedding_id: weddingId })) as {
        seesMoney: boolean
      }
      const { rows } = await t.asRole<{ allowed: boolean }>(
        'authenticated',
        claims,
        "select kasalan_private.can($1, 'money') as allowed",
        [weddingId],
      )
      expect(rows[0]?.allowed).toBe(wedding.seesMoney)
      return wedding.seesMoney
    }
    expect([
      await money(as.owner),
      await money(as.partner),
      await money(as.coordinator),
      await money(as.brideHelper),
    ]).toEqual([true, true, false, false])
    await t.asOwner('update kasalan.weddings set coordinator_sees_money = true where id = $1', [
      weddingId,
    ])
    try {
      expect([
        await money(as.coordinator),
        await money(as.brideHelper),
        await money(as.groomHelper),
      ]).toEqual([true, false, false])
      // A stranger reads nothing of the wedding, money or not.
      expect(
        await t.rpc(as.stranger, 'get_my_wedding', { p_wedding_id: weddingId }),
      ).not.toMatchObject({ id: weddingId })
    } finally {
      await t.asOwner('update kasalan.weddings set coordinator_sees_money = false where id = $1', [
        weddingId,
      ])
    }
  })

  test("a family helper's guest list reads the true state of their side's invited, opened and answered households", async () => {
    const stateOf = (list: State[]) =>
      Object.fromEntries(list.map((item) => [item.householdId, item.state]))

    // The couple's view, for comparison: every household past "not invited".
    const couple = await states(as.owner)
    expect(stateOf(couple)).toEqual({
      [ids.invited]: 'invited',
      [ids.opened]: 'opened',
      [ids.answered]: 'answered',
      [ids.groomAnswered]: 'answered',
    })
    expect(await states(as.coordinator)).toEqual(couple)

    // The bride's helper: the same three states of their side, word for word the couple's, the
    // household not yet invited absent (shown "Not invited"), the groom's side not there at all.
    const bride = await states(as.brideHelper)
    expect(stateOf(bride)).toEqual({
      [ids.invited]: 'invited',
      [ids.opened]: 'opened',
      [ids.answered]: 'answered',
    })
    expect(bride).toEqual(couple.filter((item) => item.householdId !== ids.groomAnswered))
    expect(bride.find((item) => item.householdId === ids.invited)).toMatchObject({
      invitedVia: 'messenger',
      openedAt: null,
    })
    expect(bride.find((item) => item.householdId === ids.opened)?.openedAt).toEqual(
      expect.any(String),
    )

    // The groom's helper: only their side.
    expect(stateOf(await states(as.groomHelper))).toEqual({ [ids.groomAnswered]: 'answered' })

    // The state only: no code, link or token, for anyone.
    for (const item of [...couple, ...bride]) {
      expect(Object.keys(item).sort()).toEqual([
        'householdId',
        'invitedAt',
        'invitedVia',
        'openedAt',
        'state',
      ])
    }
    // The rest of the invitations stay the couple's and the coordinator's.
    await expect(
      t.rpc(as.brideHelper, 'list_invitations', { p_wedding_id: weddingId }),
    ).rejects.toThrow('wedding_not_found')
  })

  test('outsiders still learn nothing', async () => {
    await expect(states(as.stranger)).rejects.toThrow('wedding_not_found')
    await expect(t.rpc(as.owner, 'list_invitation_states', { p_wedding_id: null })).rejects.toThrow(
      'wedding_not_found',
    )
    await expect(
      t.rpc(null, 'list_invitation_states', { p_wedding_id: weddingId }),
    ).rejects.toThrow(/permission denied/)
    // A member who left sees nothing from then on.
    await t.rpc(as.groomHelper, 'leave_wedding', { p_wedding_id: weddingId })
    await expect(states(as.groomHelper)).rejects.toThrow('wedding_not_found')
    const { rows } = await t.asOwner<{ definer: boolean; config: string[] | null }>(
      `select p.prosecdef as definer, p.proconfig as config from pg_catalog.pg_proc p
       where p.oid = 'kasalan.list_invitation_states(uuid)'::regprocedure`,
    )
    expect(rows).toEqual([{ definer: true, config: ['search_path=""'] }])
  })
})

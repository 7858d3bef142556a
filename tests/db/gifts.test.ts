// The gift ledger (0015): who gave what, the thank-yous and their templates. The owner and partner
// see everything; a coordinator keeps the ledger and the thank-yous, but reads amounts as null and
// cannot set or change one unless the couple lets them see the money; a family helper and anyone
// outside the wedding are told the wedding is not found.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, ENGINE, type TestDb } from './harness'

interface Gift {
  id: string
  householdId: string | null
  giverName: string
  persons: { firstName: string; lastName: string }[]
  phone: string | null
  kind: string
  reference: string | null
  description: string | null
  amount: number | null
  receivedOn: string | null
  notes: string | null
  thankedAt: string | null
  thankedVia: string | null
}
interface Ledger {
  seesMoney: boolean
  templates: Record<string, string>
  gifts: Gift[]
  totals: { kind: string; count: number; amount: number | null }[]
}

let t: TestDb
let weddingId: string
let otherWeddingId: string
let otherHouseholdId: string
let householdId: string
const as = {} as Record<
  'owner' | 'partner' | 'coordinator' | 'helper' | 'stranger',
  NonNullable<Claims>
>

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

const ledger = (who: Claims, id = weddingId) =>
  t.rpc(who, 'list_gifts', { p_wedding_id: id }) as Promise<Ledger>
const save = (
  who: Claims,
  gift: Record<string, unknown>,
  giftId: string | null = null,
  id = weddingId,
) => t.rpc(who, 'save_gift', { p_wedding_id: id, p_gift: { id: giftId, ...gift } }) as Promise<Gift>
const seeMoney = (allowed: boolean) =>
  t.asOwner('update kasalan.weddings set coordinator_sees_money = $2 where id = $1', [
    weddingId,
    allowed,
  ])

beforeAll(async () => {
  t = await createTestDb()
  const couple = await t.couple('Isabel', 'Miguel')
  as.owner = couple.claims
  weddingId = couple.wedding.id
  as.partner = await join('partner', null, 'Miguel')
  as.coordinator = await join('coordinator', null, 'Ate Joy')
  as.helper = await join('family_helper', 'bride', 'Tita Carmen')
  const other = await t.couple('Rina', 'Karlo')
  as.stranger = other.claims
  otherWeddingId = other.wedding.id

  const household = (await t.rpc(as.owner, 'save_household', {
    p_wedding_id: weddingId,
    p_household: {
      relationshipSide: 'bride',
      phone: '0917 555 0101',
      persons: [
        { firstName: 'pacing', lastName: 'dela cruz', type: 'adult' },
        { firstName: 'Ben', lastName: 'dela Cruz', type: 'adult' },
      ],
    },
  })) as { id: string }
  householdId = household.id
  otherHouseholdId = (
    (await t.rpc(as.stranger, 'save_household', {
      p_wedding_id: otherWeddingId,
      p_household: {
        relationshipSide: 'groom',
        persons: [{ firstName: 'Lito', lastName: 'Reyes', type: 'adult' }],
      },
    })) as { id: string }
  ).id
})

afterAll(async () => {
  await t.close()
})

describe('the couple', () => {
  let gcash: Gift

  test('records gifts against a household or a giver by name, and reads them back with the totals', async () => {
    gcash = await save(as.owner, {
      householdId,
      kind: 'gcash',
      reference: ' 1012 345 678 ',
      amount: 500000,
      receivedOn: '2026-12-12',
      notes: 'Sent from Dubai',
    })
    expect(gcash).toMatchObject({
      householdId,
      giverName: 'pacing dela cruz + 1',
      persons: [
        { firstName: 'pacing', lastName: 'dela cruz' },
        { firstName: 'Ben', lastName: 'dela Cruz' },
      ],
      phone: '0917 555 0101',
      kind: 'gcash',
      reference: '1012 345 678',
      amount: 500000,
      receivedOn: '2026-12-12',
      notes: 'Sent from Dubai',
      thankedAt: null,
      thankedVia: null,
    })
    await save(as.owner, {
      giverName: 'Ninong Rudy (Toronto)',
      kind: 'cash',
      amount: 1000000,
      receivedOn: '2026-12-12',
    })
    await save(as.partner, { giverName: 'Tita Baby', kind: 'cash', amount: 250050 })
    await save(as.partner, { giverName: 'Lola Nena', kind: 'registry', description: 'Rice cooker' })
    await save(as.owner, {
      giverName: 'The dance floor',
      kind: 'money_dance',
      amount: 1234500,
      receivedOn: '2026-12-13',
    })

    const read = await ledger(as.owner)
    expect(read.seesMoney).toBe(true)
    // Newest received first; a gift with no date last.
    expect(read.gifts.map((gift) => gift.giverName)).toEqual([
      'The dance floor',
      'Ninong Rudy (Toronto)',
      'pacing dela cruz + 1',
      'Lola Nena',
      'Tita Baby',
    ])
    expect(read.totals).toEqual([
      { kind: 'cash', count: 2, amount: 1250050 },
      { kind: 'gcash', count: 1, amount: 500000 },
      { kind: 'money_dance', count: 1, amount: 1234500 },
      { kind: 'registry', count: 1, amount: 0 },
    ])
    expect(await ledger(as.partner)).toEqual(read)
  })

  test('edits and deletes a gift', async () => {
    const edited = await save(
      as.owner,
      { householdId, kind: 'maya', reference: 'MAYA-77', amount: 600000, receivedOn: '2026-12-12' },
      gcash.id,
    )
    expect(edited).toMatchObject({
      id: gcash.id,
      kind: 'maya',
      reference: 'MAYA-77',
      amount: 600000,
      notes: null,
    })
    const extra = await save(as.owner, { giverName: 'Typo', kind: 'other' })
    await t.rpc(as.owner, 'delete_gift', { p_wedding_id: weddingId, p_gift_id: extra.id })
    const read = await ledger(as.owner)
    expect(read.gifts.find((gift) => gift.id === extra.id)).toBeUndefined()
    expect(read.totals.find((total) => total.kind === 'maya')).toEqual({
      kind: 'maya',
      count: 1,
      amount: 600000,
    })
    expect(read.totals.find((total) => total.kind === 'gcash')).toBeUndefined()
    expect(read.totals.find((total) => total.kind === 'other')).toBeUndefined()
    await expect(
      t.rpc(as.owner, 'delete_gift', { p_wedding_id: weddingId, p_gift_id: extra.id }),
    ).rejects.toThrow('gift_not_found')
  })

  test('marks a thank-you sent through a channel, and back to not yet', async () => {
    const thanked = (await t.rpc(as.owner, 'mark_gift_thanked', {
      p_wedding_id: weddingId,
      p_gift_id: gcash.id,
      p_channel: 'sms',
    })) as Gift
    expect(thanked.thankedVia).toBe('sms')
    expect(Date.now() - Date.parse(thanked.thankedAt!)).toBeLessThan(60_000)
    const undone = (await t.rpc(as.owner, 'mark_gift_thanked', {
      p_wedding_id: weddingId,
      p_gift_id: gcash.id,
      p_channel: null,
    })) as Gift
    expect(undone).toMatchObject({ thankedAt: null, thankedVia: null })
    await expect(
      t.rpc(as.owner, 'mark_gift_thanked', {
        p_wedding_id: weddingId,
        p_gift_id: gcash.id,
        p_channel: 'pigeon',
      }),
    ).rejects.toThrow('invalid_input')
    await t.rpc(as.owner, 'mark_gift_thanked', {
      p_wedding_id: weddingId,
      p_gift_id: gcash.id,
      p_channel: 'in_person',
    })
  })

  test('saves thank-you templates per language; a blank one goes back to the default', async () => {
    const saved = await t.rpc(as.owner, 'save_gift_thank_you_templates', {
      p_wedding_id: weddingId,
      p_templates: { fil: ' Salamat po, {names}! ', en: 'Thank you, {names}!' },
    })
    expect(saved).toEqual({ fil: 'Salamat po, {names}!', en: 'Thank you, {names}!' })
    expect(
      await t.rpc(as.owner, 'save_gift_thank_you_templates', {
        p_wedding_id: weddingId,
        p_templates: { fil: 'Maraming salamat!', en: '  ' },
      }),
    ).toEqual({
      fil: 'Maraming salamat!',
    })
    expect((await ledger(as.partner)).templates).toEqual({ fil: 'Maraming salamat!' })
    await expect(
      t.rpc(as.owner, 'save_gift_thank_you_templates', {
        p_wedding_id: weddingId,
        p_templates: { fil: 'x'.repeat(1001) },
      }),
    ).rejects.toThrow('invalid_input')
  })

  test('refuses what a gift cannot be', async () => {
    const refused = [
      { kind: 'gold', giverName: 'A' },
      { kind: 'cash' },
      { kind: 'registry', giverName: 'A', reference: '123' },
      { kind: 'cash', giverName: 'A', amount: -100 },
      { kind: 'cash', giverName: 'A', amount: 0 },
      { kind: 'cash', giverName: 'A', amount: 12.5 },
      { kind: 'cash', giverName: 'A', amount: '500' },
      { kind: 'cash', giverName: 'A', amount: 100000000001 },
      { kind: 'cash', giverName: 'A', receivedOn: '2026-02-30' },
      { kind: 'cash', giverName: 'A', receivedOn: 'bukas' },
      { kind: 'cash', giverName: 'A\u0007' },
      { kind: 'cash', giverName: 'x'.repeat(301) },
      { kind: 'cash', giverName: 'A', notes: 'x'.repeat(1001) },
      { kind: 'cash', householdId: 'not-an-id' },
    ]
    for (const gift of refused)
      await expect(save(as.owner, gift), JSON.stringify(gift)).rejects.toThrow('invalid_input')
    await expect(save(as.owner, { kind: 'cash', householdId: otherHouseholdId })).rejects.toThrow(
      'household_not_found',
    )
    await expect(
      save(as.owner, { kind: 'cash', giverName: 'A' }, gcash.id, otherWeddingId),
    ).rejects.toThrow('wedding_not_found')
    // A gift of another wedding is not found through this one.
    const theirs = await save(
      as.stranger,
      { kind: 'cash', giverName: 'Lito' },
      null,
      otherWeddingId,
    )
    await expect(save(as.owner, { kind: 'cash', giverName: 'A' }, theirs.id)).rejects.toThrow(
      'gift_not_found',
    )
    await expect(
      t.rpc(as.owner, 'delete_gift', { p_wedding_id: weddingId, p_gift_id: theirs.id }),
    ).rejects.toThrow('gift_not_found')
    await expect(
      t.rpc(as.owner, 'mark_gift_thanked', {
        p_wedding_id: weddingId,
        p_gift_id: theirs.id,
        p_channel: 'sms',
      }),
    ).rejects.toThrow('gift_not_found')
  })

  test("keeps a gift, with its giver's name, when the household leaves the guest list", async () => {
    const household = (await t.rpc(as.owner, 'save_household', {
      p_wedding_id: weddingId,
      p_household: {
        relationshipSide: 'groom',
        persons: [{ firstName: 'Dado', lastName: 'Ilagan', type: 'adult' }],
      },
    })) as { id: string }
    const gift = await save(as.owner, { householdId: household.id, kind: 'cash', amount: 300000 })
    await t.rpc(as.owner, 'delete_household', { p_household_id: household.id })
    const kept = (await ledger(as.owner)).gifts.find((row) => row.id === gift.id)
    expect(kept).toMatchObject({
      householdId: null,
      giverName: 'Dado Ilagan',
      persons: [],
      amount: 300000,
    })
    await t.rpc(as.owner, 'delete_gift', { p_wedding_id: weddingId, p_gift_id: gift.id })
  })
})

describe('a coordinator', () => {
  test('sees the ledger and the thank-yous, without the amounts', async () => {
    const read = await ledger(as.coordinator)
    const owners = await ledger(as.owner)
    expect(read.seesMoney).toBe(false)
    expect(read.gifts.map((gift) => gift.id)).toEqual(owners.gifts.map((gift) => gift.id))
    expect(read.gifts.every((gift) => gift.amount === null)).toBe(true)
    expect(read.gifts.map((gift) => gift.thankedVia)).toEqual(
      owners.gifts.map((gift) => gift.thankedVia),
    )
    expect(read.totals).toEqual(owners.totals.map((total) => ({ ...total, amount: null })))
  })

  test('records and edits gifts, but sets or changes no amount', async () => {
    const recorded = await save(as.coordinator, {
      giverName: 'Kumpare Jun',
      kind: 'cash',
      amount: 999900,
      reference: 'ENV-12',
    })
    expect(recorded.amount).toBeNull()
    const owners = (await ledger(as.owner)).gifts
    expect(owners.find((gift) => gift.id === recorded.id)?.amount).toBeNull()

    const cash = owners.find((gift) => gift.giverName === 'Tita Baby')!
    const edited = await save(
      as.coordinator,
      { giverName: 'Tita Baby Santos', kind: 'cash', amount: 1, notes: 'Sobre #4' },
      cash.id,
    )
    expect(edited).toMatchObject({ giverName: 'Tita Baby Santos', notes: 'Sobre #4', amount: null })
    const again = await save(
      as.coordinator,
      { giverName: 'Tita Baby Santos', kind: 'cash', amount: null },
      cash.id,
    )
    expect(again.amount).toBeNull()
    expect((await ledger(as.owner)).gifts.find((gift) => gift.id === cash.id)?.amount).toBe(250050)

    const thanked = (await t.rpc(as.coordinator, 'mark_gift_thanked', {
      p_wedding_id: weddingId,
      p_gift_id: cash.id,
      p_channel: 'viber',
    })) as Gift
    expect(thanked).toMatchObject({ thankedVia: 'viber', amount: null })
    await t.rpc(as.coordinator, 'save_gift_thank_you_templates', {
      p_wedding_id: weddingId,
      p_templates: { fil: 'Salamat!' },
    })
    await t.rpc(as.coordinator, 'delete_gift', { p_wedding_id: weddingId, p_gift_id: recorded.id })
  })

  test('sees and changes the amounts when the couple allows it', async () => {
    await seeMoney(true)
    try {
      const read = await ledger(as.coordinator)
      expect(read.seesMoney).toBe(true)
      expect(read).toEqual(await ledger(as.owner))
      const cash = read.gifts.find((gift) => gift.giverName === 'Tita Baby Santos')!
      expect(
        (
          await save(
            as.coordinator,
            { giverName: 'Tita Baby Santos', kind: 'cash', amount: 260000 },
            cash.id,
          )
        ).amount,
      ).toBe(260000)
      expect(
        (
          await save(
            as.coordinator,
            { giverName: 'Tita Baby Santos', kind: 'cash', amount: null },
            cash.id,
          )
        ).amount,
      ).toBeNull()
      await save(
        as.coordinator,
        { giverName: 'Tita Baby Santos', kind: 'cash', amount: 250050 },
        cash.id,
      )
    } finally {
      await seeMoney(false)
    }
    expect((await ledger(as.coordinator)).gifts.every((gift) => gift.amount === null)).toBe(true)
  })
})

describe('a family helper, another couple and a visitor', () => {
  test('never reach the ledger', async () => {
    const { gifts } = await ledger(as.owner)
    const giftId = gifts[0]!.id
    for (const who of [as.helper, as.stranger]) {
      await expect(ledger(who)).rejects.toThrow('wedding_not_found')
      await expect(save(who, { giverName: 'A', kind: 'cash' })).rejects.toThrow('wedding_not_found')
      await expect(save(who, { giverName: 'A', kind: 'cash' }, giftId)).rejects.toThrow(
        'wedding_not_found',
      )
      await expect(
        t.rpc(who, 'delete_gift', { p_wedding_id: weddingId, p_gift_id: giftId }),
      ).rejects.toThrow('wedding_not_found')
      await expect(
        t.rpc(who, 'mark_gift_thanked', {
          p_wedding_id: weddingId,
          p_gift_id: giftId,
          p_channel: 'sms',
        }),
      ).rejects.toThrow('wedding_not_found')
      await expect(
        t.rpc(who, 'save_gift_thank_you_templates', {
          p_wedding_id: weddingId,
          p_templates: { fil: 'Hi' },
        }),
      ).rejects.toThrow('wedding_not_found')
    }
    await expect(ledger(null)).rejects.toThrow(/permission denied/)
    await expect(save(null, { giverName: 'A', kind: 'cash' })).rejects.toThrow(/permission denied/)
    // Nothing they tried was written.
    expect((await ledger(as.owner)).gifts).toEqual(gifts)
  })

  test('cannot read or write the tables directly', async () => {
    for (const table of ['gifts', 'gift_thank_you_templates']) {
      await expect(
        t.asRole('authenticated', as.owner, `select * from kasalan.${table}`),
      ).rejects.toThrow(/permission denied/)
      await expect(t.asRole('anon', null, `select * from kasalan.${table}`)).rejects.toThrow(
        /permission denied/,
      )
    }
  })
})

describe.skipIf(ENGINE !== 'postgres')('at once (real PostgreSQL)', () => {
  test('the couple and their coordinator save templates and gifts together, and nothing is lost', async () => {
    const before = (await ledger(as.owner)).gifts.length
    const saves = [as.owner, as.partner, as.coordinator, as.owner, as.partner, as.coordinator]
    const results = await Promise.allSettled([
      ...saves.map((who, index) =>
        t.rpc(who, 'save_gift_thank_you_templates', {
          p_wedding_id: weddingId,
          p_templates: { fil: `Salamat ${index}`, en: `Thanks ${index}` },
        }),
      ),
      ...saves.map((who, index) =>
        save(who, { giverName: `Bisita ${index}`, kind: 'cash', amount: 1000 }),
      ),
    ])
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    const read = await ledger(as.owner)
    expect(read.gifts.length).toBe(before + saves.length)
    expect(Object.keys(read.templates).sort()).toEqual(['en', 'fil'])
    const rows = await t.asOwner<{ count: number }>(
      'select count(*)::int as count from kasalan.gift_thank_you_templates where wedding_id = $1',
      [weddingId],
    )
    expect(rows.rows[0]?.count).toBe(2)
  })
})

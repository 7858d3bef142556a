// The guest list: list_households, save_household and delete_household.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, DEMO, DEMO_CLAIMS, setSeatedReplies, type TestDb } from './harness'

interface Person {
  id: string
  householdId: string
  userId: string
  firstName: string
  lastName: string
  type: 'adult' | 'child'
  title: string | null
  suffix: string | null
  notes: string | null
  emailHistory: unknown[]
  isAttending: boolean | null
  response: { question: string; answer: string }[]
  respondedAt: string | null
  position: number
}
interface Household {
  id: string
  weddingId: string
  userId: string
  createdAt: string
  email: string | null
  phone: string | null
  address: Record<string, string>
  relationshipSide: string | null
  relationshipType: string | null
  notes: string | null
  persons: Person[]
}

let t: TestDb
let owner: NonNullable<Claims>
let weddingId: string
let stranger: NonNullable<Claims>
let strangerWeddingId: string

beforeAll(async () => {
  t = await createTestDb()
  const a = await t.couple('Mayumi', 'Datu')
  const b = await t.couple('Hiraya', 'Kidlat')
  owner = a.claims
  weddingId = a.wedding.id
  stranger = b.claims
  strangerWeddingId = b.wedding.id
})

afterAll(async () => {
  await t?.close()
})

const save = (household: unknown, who: Claims = owner, wedding = weddingId) =>
  t.rpc(who, 'save_household', {
    p_wedding_id: wedding,
    p_household: household,
  }) as Promise<Household>
const list = (who: Claims = owner, wedding = weddingId) =>
  t.rpc(who, 'list_households', { p_wedding_id: wedding }) as Promise<Household[]>

/** Gives the person an answer and an e-mail history, directly in the tables, as a fixture. */
async function respond(personId: string, isAttending: boolean, answer: string) {
  await setSeatedReplies(t, [personId], {
    isAttending,
    response: [{ question: 'Ulam?', answer }],
  })
  await t.asOwner(`update kasalan.persons set email_history = $2::jsonb where id = $1`, [
    personId,
    JSON.stringify([{ sentAt: '2027-01-01T00:00:00Z', address: 'x@example.com' }]),
  ])
}

describe('save_household: create', () => {
  test('creates a household with its persons and returns it in the Household shape', async () => {
    const household = await save({
      email: '  tito.ben@example.com ',
      phone: '',
      address: { address1: '12 Kalye Uno', city: 'Baguio City' },
      relationshipSide: 'groom',
      relationshipType: 'family',
      notes: 'Malapit sa pasukan',
      persons: [
        { firstName: ' Ben ', lastName: 'Ramos', type: 'adult', title: 'Tito', suffix: 'Jr.' },
        { firstName: 'Bunso', lastName: 'Ramos', type: 'child', title: '  ' },
      ],
    })
    expect(household).toEqual({
      id: expect.any(String),
      weddingId,
      userId: owner.sub,
      createdAt: expect.any(String),
      email: 'tito.ben@example.com',
      phone: null,
      address: {
        address1: '12 Kalye Uno',
        address2: '',
        city: 'Baguio City',
        state: '',
        zip: '',
        country: 'Philippines',
      },
      relationshipSide: 'groom',
      relationshipType: 'family',
      notes: 'Malapit sa pasukan',
      seatCap: null,
      persons: [
        {
          id: expect.any(String),
          householdId: household.id,
          userId: owner.sub,
          firstName: 'Ben',
          lastName: 'Ramos',
          type: 'adult',
          title: 'Tito',
          suffix: 'Jr.',
          knownAs: null,
          maidenName: null,
          notes: null,
          emailHistory: [],
          isAttending: null,
          response: [],
          respondedAt: null,
          position: 0,
        },
        expect.objectContaining({ firstName: 'Bunso', type: 'child', title: null, position: 1 }),
      ],
      // Who last changed it, as list_households gives it: the one who just saved it (0021).
      lastChange: {
        actorKind: 'member',
        actorName: expect.any(String),
        isMe: true,
        action: 'household_added',
        at: expect.any(String),
      },
    })
  })

  test('a person without a type is an adult; missing address and tags are empty', async () => {
    const household = await save({ persons: [{ firstName: 'Solo' }] })
    expect(household).toMatchObject({
      email: null,
      phone: null,
      notes: null,
      relationshipSide: null,
      relationshipType: null,
      address: { address1: '', country: 'Philippines' },
      persons: [{ firstName: 'Solo', lastName: '', type: 'adult' }],
    })
  })

  test('a household with no adult is refused and nothing is written', async () => {
    const before = await list()
    await expect(save({ persons: [{ firstName: 'Anak', type: 'child' }] })).rejects.toMatchObject({
      message: 'household_needs_adult',
      code: 'P0001',
    })
    await expect(save({ persons: [] })).rejects.toMatchObject({ message: 'household_needs_adult' })
    expect(await list()).toEqual(before)
  })

  test('a blank first name is person_first_name_required', async () => {
    for (const persons of [
      [{ firstName: '   ', type: 'adult' }],
      [
        { firstName: 'Ok', type: 'adult' },
        { lastName: 'Walang Pangalan', type: 'child' },
      ],
    ]) {
      await expect(save({ persons })).rejects.toMatchObject({
        message: 'person_first_name_required',
      })
    }
  })

  test('values of the wrong shape are invalid_input', async () => {
    const adult = { firstName: 'Ok', type: 'adult' }
    for (const household of [
      ['not an object'],
      { persons: 'not a list' },
      { persons: [adult, 'not an object'] },
      { relationshipSide: 'neighbour', persons: [adult] },
      { relationshipType: 'coworker', persons: [adult] },
      { address: 'Baguio', persons: [adult] },
      { email: 42, persons: [adult] },
      { email: `${'x'.repeat(250)}@example.com`, persons: [adult] },
      { notes: 'x'.repeat(2001), persons: [adult] },
      { persons: [{ ...adult, type: 'senior' }] },
      { persons: [{ ...adult, firstName: 'x'.repeat(101) }] },
      { id: 'not-a-uuid', persons: [adult] },
      { persons: [{ ...adult, id: 'not-a-uuid' }] },
    ]) {
      await expect(save(household), JSON.stringify(household).slice(0, 60)).rejects.toMatchObject({
        message: 'invalid_input',
      })
    }
  })
})

describe('save_household: edit', () => {
  test('renaming, adding and removing persons keeps everyone else’s RSVP', async () => {
    const created = await save({
      relationshipSide: 'bride',
      persons: [
        { firstName: 'Lorna', lastName: 'Diaz', type: 'adult' },
        { firstName: 'Rey', lastName: 'Diaz', type: 'adult' },
        { firstName: 'Pia', lastName: 'Diaz', type: 'child' },
      ],
    })
    const [lorna, rey, pia] = created.persons as [Person, Person, Person]
    await respond(lorna.id, true, 'Kare-kare')
    await respond(pia.id, false, '')
    const answered = (await list()).find((h) => h.id === created.id)!
    const lornaBefore = answered.persons.find((p) => p.id === lorna.id)!
    const piaBefore = answered.persons.find((p) => p.id === pia.id)!

    const edited = await save({
      ...created,
      email: 'diaz@example.com',
      persons: [
        { id: pia.id, firstName: 'Pia Marie', lastName: 'Diaz', type: 'child' },
        { id: lorna.id, firstName: 'Lorna', lastName: 'Diaz-Cruz', type: 'adult', title: 'Tita' },
        { firstName: 'Baby', lastName: 'Diaz', type: 'child' },
      ],
    })

    expect(edited.id).toBe(created.id)
    expect(edited.email).toBe('diaz@example.com')
    expect(edited.persons.map((p) => [p.firstName, p.position])).toEqual([
      ['Pia Marie', 0],
      ['Lorna', 1],
      ['Baby', 2],
    ])
    expect(edited.persons.map((p) => p.id)).not.toContain(rey.id)
    const lornaAfter = edited.persons.find((p) => p.id === lorna.id)!
    expect(lornaAfter).toMatchObject({ lastName: 'Diaz-Cruz', title: 'Tita' })
    for (const [before, after] of [
      [lornaBefore, lornaAfter],
      [piaBefore, edited.persons.find((p) => p.id === pia.id)!],
    ] as const) {
      expect({
        isAttending: after.isAttending,
        response: after.response,
        respondedAt: after.respondedAt,
        emailHistory: after.emailHistory,
      }).toEqual({
        isAttending: before.isAttending,
        response: before.response,
        respondedAt: before.respondedAt,
        emailHistory: before.emailHistory,
      })
    }
    expect(lornaAfter.isAttending).toBe(true)
    expect(lornaAfter.respondedAt).not.toBeNull()
    expect(edited.persons.find((p) => p.firstName === 'Baby')).toMatchObject({
      isAttending: null,
      response: [],
    })

    const { rows } = await t.asOwner(
      'select count(*)::int as n from kasalan.persons where id = $1',
      [rey.id],
    )
    expect(rows[0]).toEqual({ n: 0 })
  })

  test('an edit that would leave no adult is refused and changes nothing', async () => {
    const created = await save({
      persons: [
        { firstName: 'Nanay', type: 'adult' },
        { firstName: 'Anak', type: 'child' },
      ],
    })
    const before = await list()
    await expect(
      save({
        ...created,
        notes: 'changed',
        persons: [{ id: created.persons[1]!.id, firstName: 'Anak', type: 'child' }],
      }),
    ).rejects.toMatchObject({ message: 'household_needs_adult' })
    await expect(
      save({ ...created, persons: created.persons.map((p) => ({ ...p, type: 'child' })) }),
    ).rejects.toMatchObject({ message: 'household_needs_adult' })
    expect(await list()).toEqual(before)
  })

  test('a person of another household is invalid_input and nothing changes', async () => {
    const first = await save({ persons: [{ firstName: 'Una' }] })
    const second = await save({ persons: [{ firstName: 'Ikalawa' }] })
    const before = await list()
    await expect(
      save({ ...first, notes: 'changed', persons: [...first.persons, second.persons[0]] }),
    ).rejects.toMatchObject({ message: 'invalid_input' })
    await expect(
      save({ ...first, persons: [first.persons[0], first.persons[0]] }),
    ).rejects.toMatchObject({ message: 'invalid_input' })

    const demoGuests = (await list(DEMO_CLAIMS, DEMO.weddingId)) as Household[]
    await expect(
      save({ ...first, persons: [...first.persons, demoGuests[0]!.persons[0]] }),
    ).rejects.toMatchObject({ message: 'invalid_input' })
    // A new household cannot take over existing persons either.
    await expect(save({ persons: [first.persons[0]] })).rejects.toMatchObject({
      message: 'invalid_input',
    })
    expect(await list()).toEqual(before)
  })

  test("another wedding's household is household_not_found", async () => {
    const demoGuests = await list(DEMO_CLAIMS, DEMO.weddingId)
    const target = demoGuests[0]!
    await expect(save({ ...target, notes: 'hijacked' })).rejects.toMatchObject({
      message: 'household_not_found',
    })
    await expect(
      save({ id: '00000000-0000-4000-8000-000000000000', persons: [{ firstName: 'Nobody' }] }),
    ).rejects.toMatchObject({ message: 'household_not_found' })
    const after = await list(DEMO_CLAIMS, DEMO.weddingId)
    expect(after[0]).toEqual(target)
  })

  test("another couple's wedding is wedding_not_found", async () => {
    await expect(save({ persons: [{ firstName: 'X' }] }, stranger)).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    await expect(
      save({ persons: [{ firstName: 'X' }] }, owner, DEMO.weddingId),
    ).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
  })
})

describe('list_households', () => {
  test('lists households oldest first, persons by position', async () => {
    const households = await list(DEMO_CLAIMS, DEMO.weddingId)
    const created = households.map((h) => h.createdAt)
    expect(created).toEqual([...created].sort((a, b) => Date.parse(a) - Date.parse(b)))
    expect(households[0]!.persons.map((p) => p.firstName)).toEqual(['Ramon', 'Lourdes'])
    for (const household of households) {
      expect(household.persons.map((p) => p.position)).toEqual([...household.persons.keys()])
      expect(household.weddingId).toBe(DEMO.weddingId)
    }
  })

  test('is empty for a new wedding', async () => {
    expect(await list(stranger, strangerWeddingId)).toEqual([])
  })

  test("is wedding_not_found for another couple's wedding, whoever asks", async () => {
    await expect(list(owner, DEMO.weddingId)).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    await expect(list(stranger, weddingId)).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(list(owner, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
  })
})

describe('delete_household', () => {
  test('deletes the household and its persons', async () => {
    const household = await save({
      persons: [{ firstName: 'Paalam' }, { firstName: 'Anak', type: 'child' }],
    })
    expect(await t.rpc(owner, 'delete_household', { p_household_id: household.id })).toBeNull()
    expect((await list()).map((h) => h.id)).not.toContain(household.id)
    const { rows } = await t.asOwner(
      'select count(*)::int as n from kasalan.persons where household_id = $1',
      [household.id],
    )
    expect(rows[0]).toEqual({ n: 0 })
  })

  test("is household_not_found for another couple's household or an unknown id, and deletes nothing", async () => {
    const demoGuests = await list(DEMO_CLAIMS, DEMO.weddingId)
    await expect(
      t.rpc(owner, 'delete_household', { p_household_id: demoGuests[0]!.id }),
    ).rejects.toMatchObject({
      message: 'household_not_found',
    })
    await expect(
      t.rpc(owner, 'delete_household', { p_household_id: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ message: 'household_not_found' })
    expect(await list(DEMO_CLAIMS, DEMO.weddingId)).toHaveLength(demoGuests.length)
  })
})

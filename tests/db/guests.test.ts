// The guest list's import (0005: import_households) and edits that keep RSVP answers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, setSeatedReplies, type TestDb } from './harness'

interface Person {
  id: string
  firstName: string
  lastName: string
  type: 'adult' | 'child'
  isAttending: boolean | null
  response: { question: string; answer: string }[]
  rsvpRecordedBy?: string | null
}
interface Household {
  id: string
  email: string | null
  phone: string | null
  relationshipSide: string | null
  relationshipType: string | null
  address: Record<string, string>
  persons: Person[]
}
interface ImportResult {
  households: number
  persons: number
  replies?: number
  householdIds: string[]
}

let t: TestDb
let owner: NonNullable<Claims>
let weddingId: string
let stranger: NonNullable<Claims>

beforeAll(async () => {
  t = await createTestDb()
  const a = await t.couple('Mayumi', 'Datu')
  const b = await t.couple('Hiraya', 'Kidlat')
  owner = a.claims
  weddingId = a.wedding.id
  stranger = b.claims
})

afterAll(() => t?.close())

const list = (claims: Claims = owner) =>
  t.rpc(claims, 'list_households', { p_wedding_id: weddingId }) as Promise<Household[]>
const importMany = (households: unknown, claims: Claims = owner) =>
  t.rpc(claims, 'import_households', {
    p_wedding_id: weddingId,
    p_households: households,
  }) as Promise<ImportResult>

function family(
  lastName: string,
  persons: Array<[string, 'adult' | 'child']> = [['Ana', 'adult']],
  extra: Record<string, unknown> = {},
) {
  return {
    email: null,
    phone: null,
    address: { city: 'Cebu City' },
    relationshipSide: 'bride',
    relationshipType: 'family',
    notes: null,
    persons: persons.map(([firstName, type]) => ({
      firstName,
      lastName,
      type,
      title: null,
      suffix: null,
      notes: null,
    })),
    ...extra,
  }
}

async function expectError(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { message: string; details?: string; code: string },
  )
  expect(error, `expected ${message}`).not.toBeNull()
  expect(error!.message).toBe(message)
  return error!
}

describe('import_households', () => {
  test('adds every household with its persons and reports the counts', async () => {
    const before = await list()
    const result = await importMany([
      family(
        'Lacson',
        [
          ['Rafael', 'adult'],
          ['Isa', 'child'],
        ],
        { phone: '0917 000 1111', relationshipSide: 'groom' },
      ),
      family('Tan', [['Mei', 'adult']], { email: 'mei@example.com', relationshipType: 'friend' }),
    ])
    expect(result.households).toBe(2)
    expect(result.persons).toBe(3)
    expect(result.householdIds).toHaveLength(2)

    const after = await list()
    expect(after).toHaveLength(before.length + 2)
    const lacson = after.find((h) => h.id === result.householdIds[0])!
    expect(lacson).toMatchObject({
      phone: '0917 000 1111',
      relationshipSide: 'groom',
      relationshipType: 'family',
    })
    expect(lacson.address).toMatchObject({ city: 'Cebu City', country: 'Philippines' })
    expect(lacson.persons.map((p) => [p.firstName, p.type])).toEqual([
      ['Rafael', 'adult'],
      ['Isa', 'child'],
    ])
  })

  test("keeps the file's order in the list, and a household saved afterwards comes after them", async () => {
    const names = Array.from({ length: 60 }, (_, index) => `Sunod${String(index).padStart(2, '0')}`)
    const result = await importMany(names.map((name) => family(name)))
    const later = (await t.rpc(owner, 'save_household', {
      p_wedding_id: weddingId,
      p_household: family('Huli'),
    })) as Household
    const inList = (await list())
      .map((household) => household.persons[0]!.lastName)
      .filter((name) => name.startsWith('Sunod') || name === 'Huli')
    expect(inList).toEqual([...names, 'Huli'])
    const replies = (await t.rpc(owner, 'list_rsvps', { p_wedding_id: weddingId })) as Array<{
      id: string
    }>
    const ids = replies
      .map((household) => household.id)
      .filter((id) => result.householdIds.includes(id) || id === later.id)
    expect(ids).toEqual([...result.householdIds, later.id])
  })

  test('is all or nothing: one household without an adult saves none, and says which', async () => {
    const before = await list()
    const error = await expectError(
      importMany([family('Uno'), family('Dos'), family('Tres', [['Bunso', 'child']])]),
      'household_needs_adult',
    )
    expect(error.details).toBe('household 3')
    expect(await list()).toHaveLength(before.length)
  })

  test('is all or nothing for a missing first name and a bad value too', async () => {
    const before = await list()
    await expectError(
      importMany([family('Uno'), family('Dos', [['  ', 'adult']])]),
      'person_first_name_required',
    )
    const bad = await expectError(
      importMany([family('Uno'), family('Dos', undefined, { relationshipSide: 'tita' })]),
      'invalid_input',
    )
    expect(bad.details).toMatch(/^household 2: /)
    expect(await list()).toHaveLength(before.length)
  })

  test('only ever adds: an id in the input never overwrites a household or a person', async () => {
    const [existing] = await list()
    const result = await importMany([
      {
        ...family('Impostor'),
        id: existing!.id,
        persons: [{ id: existing!.persons[0]!.id, firstName: 'Impostor', type: 'adult' }],
      },
    ])
    const after = await list()
    expect(after.find((h) => h.id === existing!.id)).toEqual(existing)
    const added = after.find((h) => h.id === result.householdIds[0])!
    expect(added.id).not.toBe(existing!.id)
    expect(added.persons[0]!.id).not.toBe(existing!.persons[0]!.id)
  })

  test('belongs to the wedding’s owner only', async () => {
    const before = await list()
    await expectError(importMany([family('Nanghihimasok')], stranger), 'wedding_not_found')
    const anon = await importMany([family('Nanghihimasok')], null).then(
      () => null,
      (e: { code: string }) => e,
    )
    expect(anon?.code).toBe('42501')
    expect(await list()).toHaveLength(before.length)
  })

  test('rejects a list that is not a list, or one far too long', async () => {
    await expectError(importMany({ not: 'a list' }), 'invalid_input')
    await expectError(
      importMany(Array.from({ length: 5001 }, () => family('Marami'))),
      'invalid_input',
    )
  })

  test('writes each household and person as save_household does, field for field', async () => {
    const households = [
      family(
        'Rivera',
        [
          ['Ma. Clara', 'adult'],
          ['Jun', 'child'],
        ],
        {
          email: ' clara@example.com ',
          phone: '0918 222 3333',
          address: {
            address1: '7 Kalye Luna',
            address2: '',
            city: 'Iloilo',
            state: 'Panay',
            zip: '5000',
            country: '',
          },
          relationshipSide: 'both',
          relationshipType: 'familyFriend',
          notes: 'Ninang',
          seatCap: 2,
        },
      ),
      {
        relationshipSide: null,
        relationshipType: null,
        persons: [
          {
            firstName: 'Lola',
            lastName: 'Basyang',
            title: 'Gng.',
            suffix: 'Sr.',
            knownAs: 'Lola B',
            maidenName: 'Reyes',
            notes: 'wheelchair',
          },
        ],
      },
    ]
    const imported = await importMany(households)
    const saved = []
    for (const household of households)
      saved.push(
        (await t.rpc(owner, 'save_household', {
          p_wedding_id: weddingId,
          p_household: household,
        })) as Household,
      )
    const byId = new Map((await list()).map((h) => [h.id, h]))
    /** A household as the list shows it, without what differs between two saves: ids, codes, times, who changed it last. */
    const shape = (id: string) => {
      const {
        id: _id,
        invitationCode: _code,
        createdAt: _created,
        updatedAt: _updated,
        lastChange: _change,
        persons,
        ...household
      } = byId.get(id)! as Household & Record<string, unknown>
      return {
        ...household,
        persons: persons.map(
          ({
            id: _person,
            householdId: _household,
            ...person
          }: Person & { householdId?: string }) => person,
        ),
      }
    }
    expect(imported.householdIds.map(shape)).toEqual(saved.map((h) => shape(h.id)))
  })

  test('a field refused in the middle of a file names its household, and saves nothing', async () => {
    const before = await list()
    const cases: Array<[unknown[], string, string]> = [
      [
        [family('Uno'), family('Dos', undefined, { email: `${'a'.repeat(250)}@example.com` })],
        'invalid_input',
        'household 2: email is longer than 254 characters',
      ],
      [
        [family('Uno', [['Ana', 'alien' as 'adult']])],
        'invalid_input',
        'household 1: type must be adult or child',
      ],
      [
        [
          family('Uno'),
          family('Dos'),
          { ...family('Tres'), persons: [{ firstName: 'Cita', notes: 'tab\u0001' }] },
        ],
        'invalid_input',
        'household 3: notes contains invalid characters',
      ],
      [
        [family('Uno'), family('Dos', undefined, { seatCap: 0 })],
        'invalid_input',
        'household 2: seatCap must be a whole number from 1 to 100, or null',
      ],
      [
        [family('Uno'), { ...family('Dos'), persons: 'Ana' }],
        'invalid_input',
        'household 2: persons must be a list',
      ],
      [[family('Uno'), 'Dos'], 'invalid_input', 'household 2: each household must be an object'],
    ]
    for (const [households, message, details] of cases) {
      expect((await expectError(importMany(households), message)).details).toBe(details)
    }
    expect(await list()).toHaveLength(before.length)
  })

  test('an empty list saves nothing and says so', async () => {
    expect(await importMany([])).toEqual({
      households: 0,
      persons: 0,
      replies: 0,
      householdIds: [],
    })
  })
})

describe('import_households with replies (a re-imported export)', () => {
  const QUESTIONS = [
    { id: 'meal', question: 'Anong ulam?', kind: 'choice', options: ['Kare-kare', 'Manok'] },
    { id: 'song', question: 'Anong kanta?', kind: 'text' },
  ]
  const replied = (lastName: string, persons: Array<[string, 'adult' | 'child', unknown]>) => ({
    ...family(lastName),
    persons: persons.map(([firstName, type, reply]) => ({
      firstName,
      lastName,
      type,
      title: null,
      suffix: null,
      notes: null,
      reply,
    })),
  })

  beforeAll(async () => {
    await t.rpc(owner, 'update_rsvp_settings', {
      p_wedding_id: weddingId,
      p_deadline: null,
      p_questions: QUESTIONS,
    })
  })

  test('keeps each person’s status and answers, as the couple recorded them, with history', async () => {
    const result = await importMany([
      replied('Bautista', [
        [
          'Celia',
          'adult',
          {
            isAttending: true,
            response: [
              { questionId: 'meal', answer: 'Manok' },
              { questionId: 'song', answer: 'Harana' },
            ],
          },
        ],
        [
          'Jun',
          'adult',
          { isAttending: false, response: [{ questionId: 'meal', answer: 'Manok' }] },
        ],
        ['Bea', 'child', null],
        ['Migo', 'child', { isAttending: null }],
      ]),
    ])
    expect(result).toMatchObject({ households: 1, persons: 4, replies: 2 })

    const household = (await list()).find((h) => h.id === result.householdIds[0])!
    const byName = Object.fromEntries(household.persons.map((p) => [p.firstName, p]))
    expect(byName.Celia).toMatchObject({
      isAttending: true,
      response: [
        { question: 'Anong ulam?', answer: 'Manok' },
        { question: 'Anong kanta?', answer: 'Harana' },
      ],
    })
    // A declined guest keeps no answers; no reply, or a null one, stays pending.
    expect(byName.Jun).toMatchObject({ isAttending: false, response: [] })
    expect(byName.Bea).toMatchObject({ isAttending: null, response: [] })
    expect(byName.Migo).toMatchObject({ isAttending: null, response: [] })

    const { changes } = (await t.rpc(owner, 'list_rsvp_changes', { p_wedding_id: weddingId })) as {
      changes: Array<{
        personId: string | null
        changedBy: string
        previous: { isAttending: unknown }
        current: { isAttending: unknown; recordedBy: unknown }
      }>
    }
    const celiaChanges = changes.filter((c) => c.personId === byName.Celia!.id)
    expect(celiaChanges).toHaveLength(1)
    expect(celiaChanges[0]).toMatchObject({
      changedBy: 'couple',
      previous: { isAttending: null },
      current: { isAttending: true, recordedBy: 'couple' },
    })
    expect(changes.filter((c) => c.personId === byName.Bea!.id)).toHaveLength(0)
  })

  test('an answer the questions refuse, or a status that is not one, saves nothing and says which household', async () => {
    const before = await list()
    const refused = await expectError(
      importMany([
        replied('Uno', [['Ana', 'adult', { isAttending: true }]]),
        replied('Dos', [
          [
            'Ben',
            'adult',
            { isAttending: true, response: [{ questionId: 'meal', answer: 'Lechon' }] },
          ],
        ]),
      ]),
      'rsvp_invalid_answer',
    )
    expect(refused.details).toMatch(/^household 2: /)
    const bad = await expectError(
      importMany([replied('Tres', [['Cita', 'adult', { isAttending: 'oo' }]])]),
      'invalid_input',
    )
    expect(bad.details).toMatch(/^household 1: /)
    expect(await list()).toHaveLength(before.length)
  })

  test('a reply never reaches a person outside the imported household', async () => {
    const [existing] = await list()
    const untouched = existing!.persons[0]!
    await importMany([
      { ...replied('Apat', [['Dina', 'adult', { isAttending: false }]]), id: existing!.id },
    ])
    const after = (await list()).find((h) => h.id === existing!.id)!
    expect(after.persons[0]).toEqual(untouched)
  })
})

describe('editing a household keeps RSVP answers', () => {
  test('persons kept by id keep their answer; added and removed persons are handled', async () => {
    const created = (await t.rpc(owner, 'save_household', {
      p_wedding_id: weddingId,
      p_household: family(
        'Aquino',
        [
          ['Teodoro', 'adult'],
          ['Corazon', 'adult'],
          ['Kris', 'child'],
        ],
        { email: 'ninoy@example.com' },
      ),
    })) as Household
    const [teodoro, corazon, kris] = created.persons
    const answer = [{ question: 'Anong ulam ang gusto mo sa hapunan?', answer: 'Kare-kare' }]
    await setSeatedReplies(t, [teodoro!.id], { isAttending: true, response: answer })
    await setSeatedReplies(t, [corazon!.id], { isAttending: false })

    // The edit form sends every person with its id, renamed, reordered, one removed and one added;
    // a blank e-mail and phone are saved as null.
    const edited = (await t.rpc(owner, 'save_household', {
      p_wedding_id: weddingId,
      p_household: {
        id: created.id,
        email: '',
        phone: '   ',
        address: {},
        relationshipSide: 'both',
        relationshipType: 'friend',
        notes: null,
        persons: [
          { id: corazon!.id, firstName: 'Cory', lastName: 'Aquino', type: 'adult' },
          { id: teodoro!.id, firstName: 'Ninoy', lastName: 'Aquino', type: 'adult' },
          { firstName: 'Noynoy', lastName: 'Aquino', type: 'child' },
        ],
      },
    })) as Household

    expect(edited.email).toBeNull()
    expect(edited.phone).toBeNull()
    expect(edited.persons.map((p) => p.firstName)).toEqual(['Cory', 'Ninoy', 'Noynoy'])
    const [cory, ninoy, noynoy] = edited.persons
    expect(cory).toMatchObject({ id: corazon!.id, isAttending: false })
    expect(ninoy).toMatchObject({ id: teodoro!.id, isAttending: true, response: answer })
    expect(noynoy).toMatchObject({ isAttending: null, response: [] })
    expect(edited.persons.map((p) => p.id)).not.toContain(kris!.id)

    const listed = (await list()).find((h) => h.id === created.id)
    // The list also says who last changed it: here the couple, a moment ago.
    expect(listed).toEqual({
      ...edited,
      lastChange: expect.objectContaining({ action: 'household_changed', isMe: true }),
    })
  })
})

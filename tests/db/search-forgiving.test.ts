// What the name search forgives (0025): nicknames both ways (built in and the couple's own), a
// person's known-as name and maiden surname, titles and kinship words, a second person or a middle
// name typed too, and typos; and what it still holds to: two name words, at most three persons,
// nothing but names and ids returned, the maiden surname never shown, and the couple's nicknames
// theirs alone.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDb, type TestDb } from './harness'
import { rpcAs } from './privacy-helpers'

interface Match {
  personId: string
  householdId: string
  firstName: string
  lastName: string
  householdSize: number
}
interface SearchResult {
  status: 'too_short' | 'none' | 'too_many' | 'found'
  matches: Match[]
}

let t: TestDb
let couple: Awaited<ReturnType<TestDb['couple']>>

beforeAll(async () => {
  t = await createTestDb()
  couple = await t.couple('Hana', 'Tomas')
  const households = [
    [
      { firstName: 'Roberto', lastName: 'Reyes', suffix: 'Jr.', type: 'adult' },
      { firstName: 'Carmen', lastName: 'Reyes', maidenName: 'Villanueva', type: 'adult' },
    ],
    [{ firstName: 'Reynaldo', lastName: 'Manansala', knownAs: 'Boyet', type: 'adult' }],
    [{ firstName: 'Concepcion', lastName: 'Aquino', type: 'adult' }],
    [{ firstName: 'Bong', lastName: 'Laurel', type: 'adult' }],
    [{ firstName: 'Jennifer', lastName: 'Villanueva', type: 'adult' }],
    [{ firstName: 'Honorata', lastName: 'Dimaculangan', type: 'adult' }],
    ...['Ana', 'Anna', 'Anne', 'Annie', 'Ann'].map((firstName) => [
      { firstName, lastName: 'Santos', type: 'adult' },
    ]),
  ]
  for (const persons of households) {
    await t.rpc(couple.claims, 'save_household', {
      p_wedding_id: couple.wedding.id,
      p_household: { persons },
    })
  }
  await t.asOwner('update kasalan.weddings set is_published = true where id = $1', [
    couple.wedding.id,
  ])
}, 60_000)

afterAll(async () => {
  await t?.close()
})

const search = async (query: string, slug = couple.wedding.slug) =>
  (await rpcAs(t.db, null, 'search_persons', { p_slug: slug, p_query: query })) as SearchResult
const first = async (query: string) => {
  const result = await search(query)
  expect(result.status, query).toBe('found')
  return result.matches[0]!
}

describe('what the search forgives', () => {
  test('a nickname finds the name, and the name finds a nickname written on the list', async () => {
    expect(await first('Bobby Reyes')).toMatchObject({ firstName: 'Roberto', lastName: 'Reyes' })
    expect(await first('Obet Reyes')).toMatchObject({ firstName: 'Roberto' })
    // Jun is Junior: the suffix.
    expect(await first('Jun Reyes')).toMatchObject({ firstName: 'Roberto' })
    expect(await first('Connie Aquino')).toMatchObject({ firstName: 'Concepcion' })
    expect(await first('Ramon Laurel')).toMatchObject({ firstName: 'Bong' })
  })

  test("a person's known-as name is searched; it is not shown", async () => {
    const match = await first('Boyet Manansala')
    expect(match).toEqual({
      personId: expect.any(String),
      householdId: expect.any(String),
      firstName: 'Reynaldo',
      lastName: 'Manansala',
      householdSize: 1,
    })
  })

  test('a maiden surname is searched and never shown', async () => {
    const match = await first('Carmen Villanueva')
    expect(match).toMatchObject({ firstName: 'Carmen', lastName: 'Reyes' })
    expect(JSON.stringify(await search('Carmen Villanueva'))).not.toMatch(/villanueva/i)
    expect(JSON.stringify(await search('Carmen Villanueva Reyes'))).not.toMatch(/villanueva/i)
    // The household as the visitor then reads it names her as the list does, without it.
    const rsvp = await rpcAs(t.db, null, 'get_rsvp', {
      p_household_id: match.householdId,
      p_person_id: match.personId,
    })
    expect(JSON.stringify(rsvp)).not.toMatch(/villanueva|maiden/i)
  })

  test('titles, kinship words and a second name are set aside; they do not count as words', async () => {
    expect(await first('Tita Carmen Reyes')).toMatchObject({ firstName: 'Carmen' })
    expect(await first('Mrs. Carmen Reyes')).toMatchObject({ firstName: 'Carmen' })
    expect(await first('Lola Connie Aquino')).toMatchObject({ firstName: 'Concepcion' })
    const couple = await search('Jun and Carmen Reyes')
    expect(couple.matches.map((m) => m.firstName).sort()).toEqual(['Carmen', 'Roberto'])
    for (const query of ['Tita Connie', 'Ninong Bobby', 'Mr. and Mrs. Reyes', 'Kuya at Ate']) {
      expect(await search(query), query).toEqual({ status: 'too_short', matches: [] })
    }
  })

  test('typos and Filipino spelling', async () => {
    expect(await first('Jenifer Villanueba')).toMatchObject({ firstName: 'Jennifer' })
    expect(await first('Konsepsion Aquino')).toMatchObject({ firstName: 'Concepcion' })
    expect(await first('Honorata Dimaculanggan')).toMatchObject({ firstName: 'Honorata' })
    // Two letters wrong in one word is too far.
    expect((await search('Honorata Dimacalangon')).status).toBe('none')
  })

  test('no answer names more than three persons; a name written as typed stays first', async () => {
    for (const query of [
      'Ana Santos',
      'Anna Santos',
      'Annie Santos',
      'Ann Santos',
      'Ana Santo',
      'Ana San',
    ]) {
      const result = await search(query)
      expect(result.matches.length, query).toBeLessThanOrEqual(3)
      if (result.status === 'found')
        expect(
          result.matches[0]!.firstName.toLowerCase().startsWith(query.split(' ')[0]!.toLowerCase()),
          query,
        ).toBe(true)
    }
    expect(await first('Anne Santos')).toMatchObject({ firstName: 'Anne' })
  })
})

describe("the couple's own nicknames", () => {
  test('a nickname the couple saves finds the name on their site, and on no other', async () => {
    expect((await search('Dodong Dimaculangan')).status).toBe('none')
    const saved = await t.rpc(couple.claims, 'save_nicknames', {
      p_wedding_id: couple.wedding.id,
      p_nicknames: [
        { nickname: 'Dodong', name: 'Honorata' },
        { nickname: ' Dodong ', name: 'Honorata' },
      ],
    })
    expect(saved).toEqual({
      nicknames: [{ nickname: 'Dodong', name: 'Honorata' }],
      builtInCount: expect.any(Number),
    })
    expect((saved as { builtInCount: number }).builtInCount).toBeGreaterThan(300)
    expect(await first('Dodong Dimaculangan')).toMatchObject({ firstName: 'Honorata' })

    const other = await t.couple('Olivia', 'Oscar')
    await t.rpc(other.claims, 'save_household', {
      p_wedding_id: other.wedding.id,
      p_household: { persons: [{ firstName: 'Honorata', lastName: 'Dimaculangan' }] },
    })
    await t.asOwner('update kasalan.weddings set is_published = true where id = $1', [
      other.wedding.id,
    ])
    expect((await search('Dodong Dimaculangan', other.wedding.slug)).status).toBe('none')
    expect(
      await t.rpc(other.claims, 'list_nicknames', { p_wedding_id: other.wedding.id }),
    ).toMatchObject({ nicknames: [] })

    // Saving the list again replaces it.
    await t.rpc(couple.claims, 'save_nicknames', {
      p_wedding_id: couple.wedding.id,
      p_nicknames: [],
    })
    expect((await search('Dodong Dimaculangan')).status).toBe('none')
  })

  test('only members who edit the guest list read or save them; bad entries are refused', async () => {
    const other = await t.couple('Lara', 'Leo')
    await expect(
      t.rpc(other.claims, 'list_nicknames', { p_wedding_id: couple.wedding.id }),
    ).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(
      t.rpc(other.claims, 'save_nicknames', {
        p_wedding_id: couple.wedding.id,
        p_nicknames: [{ nickname: 'Bebe', name: 'Roberto' }],
      }),
    ).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(
      rpcAs(t.db, null, 'list_nicknames', { p_wedding_id: couple.wedding.id }),
    ).rejects.toThrow()
    await expect(
      t.asRole('authenticated', couple.claims, 'select * from kasalan.nicknames'),
    ).rejects.toThrow()

    for (const [entries, detail] of [
      [[{ nickname: 'Roberto', name: 'roberto' }], 'a nickname must differ from its name'],
      [[{ nickname: '!!', name: 'Roberto' }], 'a nickname and its name need two letters each'],
      [[{ nickname: 'x'.repeat(51), name: 'Roberto' }], 'nickname is longer than 50 characters'],
      [
        Array.from({ length: 201 }, (_, i) => ({ nickname: `Nick${i}`, name: 'Roberto' })),
        'at most 200 nicknames',
      ],
      [{ nickname: 'Bebe', name: 'Roberto' }, 'nicknames must be a list'],
    ] as const) {
      await expect(
        t.rpc(couple.claims, 'save_nicknames', {
          p_wedding_id: couple.wedding.id,
          p_nicknames: entries,
        }),
      ).rejects.toMatchObject({ message: 'invalid_input', details: detail })
    }
  })
})

describe('known-as and maiden names on the guest list', () => {
  test('saved, listed for the couple, kept when a form leaves them out, and cleared when sent empty', async () => {
    const saved = (await t.rpc(couple.claims, 'save_household', {
      p_wedding_id: couple.wedding.id,
      p_household: {
        persons: [
          { firstName: 'Liza', lastName: 'Soberano', knownAs: 'Hope', maidenName: 'Castillo' },
        ],
      },
    })) as {
      id: string
      persons: Array<{ id: string; knownAs: string | null; maidenName: string | null }>
    }
    expect(saved.persons[0]).toMatchObject({ knownAs: 'Hope', maidenName: 'Castillo' })
    const person = saved.persons[0]!.id

    const kept = (await t.rpc(couple.claims, 'save_household', {
      p_wedding_id: couple.wedding.id,
      p_household: {
        id: saved.id,
        persons: [{ id: person, firstName: 'Liza', lastName: 'Soberano' }],
      },
    })) as typeof saved
    expect(kept.persons[0]).toMatchObject({ knownAs: 'Hope', maidenName: 'Castillo' })

    const cleared = (await t.rpc(couple.claims, 'save_household', {
      p_wedding_id: couple.wedding.id,
      p_household: {
        id: saved.id,
        persons: [
          { id: person, firstName: 'Liza', lastName: 'Soberano', knownAs: null, maidenName: '' },
        ],
      },
    })) as typeof saved
    expect(cleared.persons[0]).toMatchObject({ knownAs: null, maidenName: null })

    await expect(
      t.rpc(couple.claims, 'save_household', {
        p_wedding_id: couple.wedding.id,
        p_household: { persons: [{ firstName: 'Liza', knownAs: 'x'.repeat(51) }] },
      }),
    ).rejects.toMatchObject({
      message: 'invalid_input',
      details: 'knownAs is longer than 50 characters',
    })
  })
})

describe('the wedding file', () => {
  test("carries known-as and maiden names and the couple's nicknames, not the search columns; a file without them still imports", async () => {
    const from = await t.couple('Pia', 'Paolo')
    await t.rpc(from.claims, 'save_household', {
      p_wedding_id: from.wedding.id,
      p_household: {
        persons: [
          { firstName: 'Reynaldo', lastName: 'Cruz', knownAs: 'Boyet', maidenName: null },
          { firstName: 'Liza', lastName: 'Cruz', maidenName: 'Ramos' },
        ],
      },
    })
    await t.rpc(from.claims, 'save_nicknames', {
      p_wedding_id: from.wedding.id,
      p_nicknames: [{ nickname: 'Dodong', name: 'Reynaldo' }],
    })
    const file = (await t.rpc(from.claims, 'export_wedding', {
      p_wedding_id: from.wedding.id,
    })) as {
      persons: Array<Record<string, unknown>>
      nicknames: unknown[]
    }
    expect(file.nicknames).toEqual([
      { nickname: 'Dodong', name: 'Reynaldo', created_at: expect.any(String) },
    ])
    expect(file.persons.map((p) => [p.first_name, p.known_as, p.maiden_name])).toEqual(
      expect.arrayContaining([
        ['Reynaldo', 'Boyet', null],
        ['Liza', null, 'Ramos'],
      ]),
    )
    for (const person of file.persons) {
      for (const column of ['search_names', 'search_sounds', 'search_keys'])
        expect(person).not.toHaveProperty(column)
    }

    const to = await t.couple('Rina', 'Rico')
    await t.rpc(to.claims, 'import_wedding', { p_wedding_id: to.wedding.id, p_file: file })
    expect(await t.rpc(to.claims, 'list_nicknames', { p_wedding_id: to.wedding.id })).toMatchObject(
      { nicknames: [{ nickname: 'Dodong', name: 'Reynaldo' }] },
    )
    const households = (await t.rpc(to.claims, 'list_households', {
      p_wedding_id: to.wedding.id,
    })) as Array<{
      persons: Array<{ firstName: string; knownAs: string | null; maidenName: string | null }>
    }>
    expect(
      households.flatMap((h) => h.persons.map((p) => [p.firstName, p.knownAs, p.maidenName])),
    ).toEqual(
      expect.arrayContaining([
        ['Reynaldo', 'Boyet', null],
        ['Liza', null, 'Ramos'],
      ]),
    )

    // A file from before: no nicknames list, persons without the two names.
    const { nicknames: _nicknames, ...rest } = file
    const older = {
      ...rest,
      persons: file.persons.map(({ known_as: _k, maiden_name: _m, ...person }) => person),
    }
    const third = await t.couple('Sol', 'Santi')
    await t.rpc(third.claims, 'import_wedding', { p_wedding_id: third.wedding.id, p_file: older })
    const imported = (await t.rpc(third.claims, 'list_households', {
      p_wedding_id: third.wedding.id,
    })) as typeof households
    expect(
      imported.flatMap((h) => h.persons.map((p) => [p.firstName, p.knownAs, p.maidenName])),
    ).toEqual(
      expect.arrayContaining([
        ['Reynaldo', null, null],
        ['Liza', null, null],
      ]),
    )
    expect(
      await t.rpc(third.claims, 'list_nicknames', { p_wedding_id: third.wedding.id }),
    ).toMatchObject({ nicknames: [] })
  })
})

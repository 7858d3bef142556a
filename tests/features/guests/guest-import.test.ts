// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { guestCsvRows } from '@/features/guests/model/guest-csv'
import {
  buildImport,
  defaultGrouping,
  detectHeaderRow,
  fieldForHeader,
  guessMapping,
  householdsToImport,
  importTemplateRows,
  markDuplicates,
  parsePersonType,
  parseRsvpStatus,
  splitFullName,
  type ImportField,
} from '@/features/guests/model/guest-import'
import { parseRelation } from '@/features/guests/model/relation'
import type { RsvpQuestion } from '@/lib/api'
import { parseCsv, toCsv } from '@/lib/csv'
import { household } from './fixtures'
import messyFile from './fixtures/guest-list-with-title.csv?raw'

async function preview(
  text: string,
  joins: Record<number, boolean> = {},
  questions: RsvpQuestion[] = [],
) {
  const rows = await parseCsv(text)
  const headerRow = detectHeaderRow(rows)
  const mapping = guessMapping(rows, headerRow, questions)
  const grouping = defaultGrouping(mapping, headerRow === null ? [] : rows[headerRow]!)
  return {
    rows,
    headerRow,
    mapping,
    grouping,
    ...buildImport(rows, { headerRow, mapping, grouping, joins, questions }),
  }
}

describe('a messy spreadsheet with title rows', () => {
  test('finds the header below the title rows', async () => {
    const rows = await parseCsv(messyFile)
    expect(detectHeaderRow(rows)).toBe(3)
  })

  test('guesses every column, Filipino headers included', async () => {
    const { mapping, grouping } = await preview(messyFile)
    expect(mapping).toEqual<ImportField[]>([
      'household',
      'firstName',
      'lastName',
      'email',
      'phone',
      'side',
      'personType',
    ])
    expect(grouping).toBe('column')
  })

  test('groups rows into households by the household column', async () => {
    const { households, rowCount } = await preview(messyFile)
    expect(rowCount).toBe(7)
    expect(households.map((h) => h.persons.map((p) => p.firstName))).toEqual([
      ['Andres', 'Clarita', 'Lia'],
      ['Rosario', 'Gabriel'],
      ['Jun'],
      [''],
    ])
    const [villanueva, bautista] = households
    expect(villanueva!.draft).toMatchObject({
      email: 'andres.v@example.com',
      phone: '0917 111 2222',
      relationshipSide: 'groom',
      relationshipType: null,
      address: { country: 'Philippines' },
    })
    expect(villanueva!.draft.persons.map((p) => p.type)).toEqual(['adult', 'adult', 'child'])
    // "Bride's family" in the Side column gives the type too.
    expect(bautista!.draft).toMatchObject({ relationshipSide: 'bride', relationshipType: 'family' })
    expect(bautista!.draft.persons[1]).toMatchObject({
      firstName: 'Gabriel',
      lastName: 'Bautista-Ibañez',
      type: 'child',
    })
  })

  test('lists each row’s problems before anything is saved', async () => {
    const { households } = await preview(messyFile)
    const [, , jun, ocampo] = households
    expect(jun!.hasErrors).toBe(false)
    expect(jun!.problems).toEqual([
      { code: 'unknownSide', severity: 'warning', value: 'kapitbahay' },
    ])
    expect(jun!.draft.relationshipType).toBe('others')
    expect(ocampo!.hasErrors).toBe(true)
    expect(ocampo!.persons[0]!.problems).toContainEqual({
      code: 'missingFirstName',
      severity: 'error',
    })
    expect(ocampo!.persons[0]!.row).toBe(10)
  })

  test('households with errors are never sent', async () => {
    const { households } = await preview(messyFile)
    expect(householdsToImport(households, true).map((h) => h.persons[0]!.firstName)).toEqual([
      'Andres',
      'Rosario',
      'Jun',
    ])
  })
})

describe('a household with no adult', () => {
  test('is an error, which joining it to the household above fixes', async () => {
    const file =
      'Name,Adult/Child,Phone\nMaria Clara Santos,Adult,0917 000 0001\nBen Santos,Child,\nTessa Cruz,Adult,0917 000 0002\n'
    const rows = await parseCsv(file)
    const mapping: ImportField[] = ['fullName', 'personType', 'phone']
    const byRow = buildImport(rows, { headerRow: 0, mapping, grouping: 'row' })
    expect(byRow.households[1]!.problems).toContainEqual({ code: 'noAdult', severity: 'error' })
    const joined = buildImport(rows, { headerRow: 0, mapping, grouping: 'row', joins: { 2: true } })
    expect(joined.households.map((h) => h.persons.length)).toEqual([2, 1])
    expect(joined.households.every((h) => !h.hasErrors)).toBe(true)
  })

  test('the default for a file of persons reads children into the household above', async () => {
    const { households, grouping } = await preview(
      'Name,Adult/Child\nMaria Clara Santos,Adult\nBen Santos,Child\nTessa Cruz,Adult\n',
    )
    expect(grouping).toBe('auto')
    expect(households.map((h) => h.persons.map((p) => p.firstName))).toEqual([
      ['Maria Clara', 'Ben'],
      ['Tessa'],
    ])
    expect(households[0]!.persons[0]).toMatchObject({
      firstName: 'Maria Clara',
      lastName: 'Santos',
    })
  })
})

describe('a name needs a letter', () => {
  test('a row whose name is emoji, digits or symbols alone is a problem, saying why; a name with a letter is not', async () => {
    const { households } = await preview(
      'First Name,Last Name\n🌸🌸🌸,Reyes\nAna,123\nLorna,dela cruz\nBaybayin ᜀᜈ,\n',
    )
    const problems = households
      .flatMap((h) => h.persons)
      .map((p) => p.problems.filter((problem) => problem.code === 'nameNeedsLetter'))
    expect(problems).toEqual([
      [{ code: 'nameNeedsLetter', severity: 'error', value: '🌸🌸🌸' }],
      [{ code: 'nameNeedsLetter', severity: 'error', value: '123' }],
      [],
      [],
    ])
    expect(
      householdsToImport(households, true).flatMap((h) => h.persons.map((p) => p.firstName)),
    ).not.toContain('🌸🌸🌸')
  })
})

describe('duplicates', () => {
  test('a household whose person is already listed is marked, however the name is typed', async () => {
    const existing = [household({ persons: [{ firstName: 'Niño', lastName: 'De la Peña' }] })]
    const { households } = await preview('First Name,Last Name\nnino,Dela Pena\nAna,Reyes\n')
    const marked = markDuplicates(households, existing)
    expect(marked.map((h) => h.duplicates)).toEqual([['nino Dela Pena'], []])
    expect(householdsToImport(marked, true)).toHaveLength(1)
    expect(householdsToImport(marked, false)).toHaveLength(2)
  })

  test('the same person twice in one file is a warning', async () => {
    const { households } = await preview('First Name,Last Name\nAna,Reyes\nAna,Reyes\n')
    expect(households[1]!.persons[0]!.problems).toContainEqual({
      code: 'duplicateInFile',
      severity: 'warning',
      value: 'Ana Reyes',
    })
  })
})

describe('files without a header', () => {
  test('guesses columns from their values', async () => {
    const { headerRow, mapping, households } = await preview(
      'Juan dela Cruz\tjuan@example.com\t0917 123 4567\nAtty. Ana Reyes Jr.\t\t\n',
    )
    expect(headerRow).toBeNull()
    expect(mapping).toEqual(['fullName', 'email', 'phone'])
    expect(households[0]!.persons[0]).toMatchObject({ firstName: 'Juan', lastName: 'dela Cruz' })
    expect(households[1]!.persons[0]).toMatchObject({
      title: 'Atty.',
      firstName: 'Ana',
      lastName: 'Reyes',
      suffix: 'Jr.',
    })
  })
})

describe('Kasalan’s own export imports back', () => {
  test('households, persons, types, phone and relation survive the round trip', async () => {
    const original = [
      household({
        phone: '+63 917 555 0101',
        relationshipSide: 'groom',
        relationshipType: 'family',
        persons: [
          { firstName: 'Ramon', lastName: 'Santos' },
          { firstName: 'Lourdes', lastName: 'Santos' },
          { firstName: 'Paolo', lastName: 'Santos', type: 'child' },
        ],
      }),
      household({
        phone: '+63 917 555 0199',
        relationshipSide: 'groom',
        relationshipType: 'family',
        persons: [{ firstName: 'Lito', lastName: 'Santos', isAttending: true }],
      }),
      household({
        relationshipSide: 'both',
        relationshipType: 'friend',
        persons: [
          { firstName: 'Bea', lastName: 'Peña' },
          { firstName: 'Carlo', lastName: 'Peña' },
        ],
      }),
      household({
        relationshipSide: 'bride',
        relationshipType: 'others',
        persons: [{ firstName: 'Ana', lastName: 'Reyes' }],
      }),
      household({ persons: [{ firstName: '=Ella', lastName: 'Lim' }], seatCap: 1 }),
    ]
    const csv = await toCsv(guestCsvRows(original, [{ question: 'Anong ulam?' }]))
    const { households, grouping, mapping } = await preview(csv)
    expect(grouping).toBe('column')
    // Without the wedding's questions, the answer column is not guessed.
    expect(mapping).toEqual([
      'lastName',
      'firstName',
      'phone',
      'rsvpStatus',
      'relation',
      'personType',
      'ignore',
      'household',
      'seatCap',
    ])
    expect(households.every((h) => h.problems.length === 0 && !h.hasErrors)).toBe(true)
    // The seats reserved come back; a household without a cap has none.
    expect(households.map((h) => h.draft.seatCap)).toEqual([null, null, null, null, 1])
    expect(households.map((h) => h.draft)).toEqual(
      original.map((h) =>
        expect.objectContaining({
          phone: h.phone,
          relationshipSide: h.relationshipSide,
          relationshipType: h.relationshipType,
          persons: h.persons.map((p) =>
            expect.objectContaining({ firstName: p.firstName, lastName: p.lastName, type: p.type }),
          ),
        }),
      ),
    )
  })
})

describe('a leading quote the couple typed', () => {
  test('comes back from our own export as typed, next to formulas that are defused', async () => {
    const original = [
      household({
        phone: "'+63 917 555 0101",
        persons: [
          { firstName: "'Nonoy", lastName: "'=Lim" },
          { firstName: '=Ella', lastName: "''Lim" },
        ],
      }),
      household({
        phone: '+63 917 555 0199',
        persons: [{ firstName: "O'Hara", lastName: '@Reyes' }],
      }),
    ]
    const csv = await toCsv(guestCsvRows(original, []))
    expect(csv).not.toMatch(/(^|[,\n])[=+\-@]/)
    const { households } = await preview(csv)
    expect(
      households.map((h) => [h.draft.phone, h.draft.persons.map((p) => [p.firstName, p.lastName])]),
    ).toEqual([
      [
        "'+63 917 555 0101",
        [
          ["'Nonoy", "'=Lim"],
          ['=Ella', "''Lim"],
        ],
      ],
      ['+63 917 555 0199', [["O'Hara", '@Reyes']]],
    ])
  })
})

describe('replies come back from our own export', () => {
  const questions: RsvpQuestion[] = [
    { id: 'meal', question: 'Anong ulam?', kind: 'choice', options: ['Kare-kare', 'Manok'] },
    { id: 'song', question: 'Anong kanta?', kind: 'text' },
  ]
  const answer = (id: string, text: string) => ({
    questionId: id,
    question: questions.find((q) => q.id === id)!.question,
    answer: text,
  })

  test('status and answers of each person, pending left pending', async () => {
    const original = [
      household({
        persons: [
          {
            firstName: 'Celia',
            lastName: 'Bautista',
            isAttending: true,
            response: [answer('meal', 'Manok'), answer('song', 'Harana, ni Parokya')],
          },
          { firstName: 'Jun', lastName: 'Bautista', isAttending: false },
          { firstName: 'Bea', lastName: 'Bautista', type: 'child' },
        ],
      }),
      household({
        persons: [
          {
            firstName: 'Lito',
            lastName: 'Santos',
            isAttending: true,
            response: [answer('meal', 'Kare-kare')],
          },
        ],
      }),
    ]
    const { mapping, households } = await preview(
      await toCsv(guestCsvRows(original, questions)),
      {},
      questions,
    )
    expect(mapping).toEqual([
      'lastName',
      'firstName',
      'phone',
      'rsvpStatus',
      'relation',
      'personType',
      'answer:meal',
      'answer:song',
      'household',
      'seatCap',
    ])
    expect(
      households.flatMap((h) => [...h.problems, ...h.persons.flatMap((p) => p.problems)]),
    ).toEqual([])
    expect(
      households.map((h) => h.draft.persons.map((p) => [p.firstName, p.reply ?? null])),
    ).toEqual([
      [
        [
          'Celia',
          {
            isAttending: true,
            response: [
              { questionId: 'meal', answer: 'Manok' },
              { questionId: 'song', answer: 'Harana, ni Parokya' },
            ],
          },
        ],
        ['Jun', { isAttending: false, response: [] }],
        ['Bea', null],
      ],
      [['Lito', { isAttending: true, response: [{ questionId: 'meal', answer: 'Kare-kare' }] }]],
    ])
  })

  test('a status in Filipino or English; an unknown one stays pending with a warning', () => {
    expect(['Accepted', 'oo', 'Dadalo', 'yes'].map(parseRsvpStatus)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['Declined', 'Hindi', 'hindi dadalo', 'no'].map(parseRsvpStatus)).toEqual([
      false,
      false,
      false,
      false,
    ])
    expect(['Pending', '', 'wala pa'].map(parseRsvpStatus)).toEqual([null, null, null])
    expect(parseRsvpStatus('baka')).toBeUndefined()
  })

  test('a choice spelled differently is the option; one that is no option is left out and said; a too-long answer is an error', async () => {
    const long = 'a'.repeat(501)
    const csv = `First Name,RSVP Status,Anong ulam?,Anong kanta?\nAna,Accepted,manok,\nBen,baka,Manok,\nCita,Accepted,Lechon,${long}\nDodong,Declined,Manok,Harana\n`
    const { households } = await preview(csv, {}, questions)
    const [ana, ben, cita, dodong] = households.map((h) => h.persons[0]!)
    expect(ana!.reply).toEqual({
      isAttending: true,
      response: [{ questionId: 'meal', answer: 'Manok' }],
    })
    expect(ben!.reply).toBeNull()
    expect(ben!.problems).toContainEqual({
      code: 'unknownRsvpStatus',
      severity: 'warning',
      value: 'baka',
    })
    expect(cita!.problems).toContainEqual({
      code: 'answerNotAnOption',
      severity: 'warning',
      value: 'Lechon',
      question: 'Anong ulam?',
    })
    expect(cita!.problems).toContainEqual(
      expect.objectContaining({ code: 'tooLong', severity: 'error', max: 500 }),
    )
    expect(households[2]!.hasErrors).toBe(true)
    // A declined guest keeps no answers, as on the RSVP form.
    expect(dodong!.reply).toEqual({ isAttending: false, response: [] })
  })
})

describe('every relation, side and answer comes back from our own export', () => {
  const sides = ['bride', 'groom', 'both', null] as const
  const types = ['family', 'friend', 'familyFriend', 'others', null] as const
  const combinations = sides.flatMap((side) => types.map((type) => [side, type] as const))

  test.each(combinations)('side %s, relation %s', async (side, type) => {
    const original = [
      household({
        relationshipSide: side,
        relationshipType: type,
        persons: [{ firstName: 'Bea', lastName: 'Peña' }],
      }),
      household({
        relationshipSide: 'groom',
        relationshipType: 'family',
        persons: [{ firstName: 'Ramon', lastName: 'Santos' }],
      }),
    ]
    const { households } = await preview(await toCsv(guestCsvRows(original, [])))
    expect(households.map((h) => [h.draft.relationshipSide, h.draft.relationshipType])).toEqual([
      [side, type],
      ['groom', 'family'],
    ])
    expect(households.flatMap((h) => h.problems)).toEqual([])
  })

  test('households stay apart: a child listed first, and two households of one relation and last name', async () => {
    const original = [
      household({ persons: [{ firstName: 'Maricel', lastName: 'Cruz' }] }),
      household({
        relationshipSide: 'bride',
        relationshipType: 'friend',
        persons: [
          { firstName: 'Lia', lastName: 'Peña', type: 'child' },
          { firstName: 'Bea', lastName: 'Peña' },
        ],
      }),
      household({
        relationshipSide: 'bride',
        relationshipType: 'friend',
        persons: [{ firstName: 'Ana', lastName: 'Peña' }],
      }),
      household({
        relationshipSide: 'groom',
        relationshipType: 'friend',
        phone: '0917 111 2222',
        persons: [{ firstName: 'Jo', lastName: 'Tan' }],
      }),
      household({
        relationshipSide: 'groom',
        relationshipType: 'friend',
        phone: '0917 111 2222',
        persons: [{ firstName: 'Kim', lastName: 'Tan' }],
      }),
    ]
    const { households } = await preview(await toCsv(guestCsvRows(original, [])))
    expect(
      households.map((h) => [
        h.draft.relationshipSide,
        h.draft.relationshipType,
        h.persons.map((p) => `${p.firstName}:${p.type}`),
      ]),
    ).toEqual([
      [null, null, ['Maricel:adult']],
      ['bride', 'friend', ['Lia:child', 'Bea:adult']],
      ['bride', 'friend', ['Ana:adult']],
      ['groom', 'friend', ['Jo:adult']],
      ['groom', 'friend', ['Kim:adult']],
    ])
  })

  test('an export from before the household column: a child listed first stays with its own household', async () => {
    const original = [
      household({ persons: [{ firstName: 'Maricel', lastName: 'Cruz' }] }),
      household({
        relationshipSide: 'bride',
        relationshipType: 'friend',
        persons: [
          { firstName: 'Lia', lastName: 'Peña', type: 'child' },
          { firstName: 'Bea', lastName: 'Peña' },
        ],
      }),
    ]
    const withoutHousehold = guestCsvRows(original, []).map((row) => row.slice(0, -2))
    const { households, grouping } = await preview(await toCsv(withoutHousehold))
    expect(grouping).toBe('auto')
    expect(
      households.map((h) => [h.draft.relationshipSide, h.persons.map((p) => p.firstName)]),
    ).toEqual([
      [null, ['Maricel']],
      ['bride', ['Lia', 'Bea']],
    ])
  })
})

test('a value longer than the database takes is an error that names the limit', async () => {
  const { households } = await preview(
    ['First Name,Last Name,Suffix', `Ana,${'x'.repeat(101)},Jr.`].join('\n'),
  )
  expect(households[0]!.hasErrors).toBe(true)
  expect(households[0]!.persons[0]!.problems).toContainEqual(
    expect.objectContaining({ code: 'tooLong', max: 100 }),
  )
})

test('the template imports without a single problem', async () => {
  const { households, mapping } = await preview(await toCsv(importTemplateRows()))
  expect(mapping).not.toContain('ignore')
  expect(households.map((h) => h.persons.length)).toEqual([3, 1, 1])
  expect(
    households.flatMap((h) => [...h.problems, ...h.persons.flatMap((p) => p.problems)]),
  ).toEqual([])
  expect(households[0]!.draft).toMatchObject({
    relationshipSide: 'groom',
    relationshipType: 'family',
    notes: 'Needs a booster seat',
  })
  expect(households[2]!.draft).toMatchObject({
    relationshipSide: 'both',
    relationshipType: 'familyFriend',
  })
})

describe('small readers', () => {
  test.each([
    ['Last Name', 'lastName'],
    ['Apelyido', 'lastName'],
    ['E-mail Address', 'email'],
    ['Contact No.', 'phone'],
    ['Household ID', 'household'],
    ['Adult/Child', 'personType'],
    ['RSVP Status', 'rsvpStatus'],
    ['Isabel & Miguel Guest List 2026', null],
  ])('header %j is %j', (header, field) => {
    expect(fieldForHeader(header)).toBe(field)
  })

  test.each([
    ['Juan dela Cruz', { firstName: 'Juan', lastName: 'dela Cruz' }],
    ['Maria de los Santos', { firstName: 'Maria', lastName: 'de los Santos' }],
    ['Cruz, Juan Jr.', { firstName: 'Juan', lastName: 'Cruz', suffix: 'Jr.' }],
    ['Jose Rizal, Jr.', { firstName: 'Jose', lastName: 'Rizal', suffix: 'Jr.' }],
    [
      'Dr. Ma. Teresa Santos III',
      { title: 'Dr.', firstName: 'Ma. Teresa', lastName: 'Santos', suffix: 'III' },
    ],
    ['Cher', { firstName: 'Cher', lastName: null }],
  ])('splits %j', (name, parts) => {
    expect(splitFullName(name)).toMatchObject(parts)
  })

  test('adult or child, in words or as an age', () => {
    expect(['Adult', 'matanda', '', '34'].map((v) => parsePersonType(v))).toEqual([
      'adult',
      'adult',
      'adult',
      'adult',
    ])
    expect(['Child', 'bata', 'Kid', '7'].map((v) => parsePersonType(v))).toEqual([
      'child',
      'child',
      'child',
      'child',
    ])
    expect(parsePersonType('yes', true)).toBe('child')
    expect(parsePersonType('maybe')).toBeNull()
  })

  test('relations in English and Filipino', () => {
    expect(parseRelation("groom's Family")).toEqual({ side: 'groom', type: 'family' })
    expect(parseRelation('Common Friends')).toEqual({ side: 'both', type: 'friend' })
    expect(parseRelation('Family Friends')).toEqual({ type: 'familyFriend' })
    expect(parseRelation('kaibigan ng nobya')).toEqual({ side: 'bride', type: 'friend' })
    expect(parseRelation('Tita')).toEqual({})
  })
})

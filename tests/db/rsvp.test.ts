// RSVP (0004_rsvp.sql): the visitor's name search, loading and submitting a household's RSVP, and
// the couple's settings, corrections and list — as anon, the owner and another couple. Since 0009
// a visitor sees earlier answers only with the household's invitation code, so these calls pass it
// (the visitor without it, the history and the search rules are in privacy.test.ts and
// search.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, DEMO, DEMO_CLAIMS, type TestDb } from './harness'

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

const CONTACT_KEYS = ['email', 'phone', 'address', 'notes', 'emailHistory', 'userId']

interface SearchResult {
  personId: string
  householdId: string
  firstName: string
  lastName: string
  householdSize: number
}

interface RsvpPerson {
  id: string
  firstName: string
  lastName: string
  type: string
  isAttending: boolean | null
  response: { questionId: string; question: string; answer: string }[]
  respondedAt: string | null
}

interface Rsvp {
  personId: string
  wedding: Record<string, unknown> & { isClosed: boolean; rsvpDeadline: string | null }
  household: { id: string; message: string | null; messageAt: string | null; persons: RsvpPerson[] }
}

const search = async (query: string, slug: string = DEMO.slug, claims: Claims = null) =>
  (
    (await t.rpc(claims, 'search_persons', { p_slug: slug, p_query: query })) as {
      matches: SearchResult[]
    }
  ).matches

/** The household's invitation code, as the guest holding their invitation would send it. */
async function codeOf(householdId: string) {
  const { rows } = await t.asOwner<{ code: string }>(
    'select invitation_code as code from kasalan.households where id = $1',
    [householdId],
  )
  return rows[0]?.code ?? null
}

const getRsvp = async (householdId: string, personId: string, claims: Claims = null) =>
  t.rpc(claims, 'get_rsvp', {
    p_household_id: householdId,
    p_person_id: personId,
    p_code: await codeOf(householdId),
  }) as Promise<Rsvp>

const submit = async (
  householdId: string,
  personId: string,
  answers: unknown,
  message: string | null = null,
  claims: Claims = null,
) =>
  t.rpc(claims, 'submit_rsvp', {
    p_household_id: householdId,
    p_person_id: personId,
    p_answers: answers,
    p_message: message,
    p_code: await codeOf(householdId),
  }) as Promise<Rsvp>

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => allKeys(item, keys))
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key)
      allKeys(inner, keys)
    }
  }
  return keys
}

const QUESTIONS = [
  { id: 'meal', question: 'Anong ulam?', kind: 'choice', options: ['Kare-kare', 'Manok'] },
  { id: 'song', question: 'Anong kanta?', kind: 'text' },
]

interface Household {
  id: string
  persons: { id: string; firstName: string }[]
}

/** A new couple with a published wedding, the RSVP questions above and the given households. */
async function publishedWedding(
  households: Array<Array<{ firstName: string; lastName: string; type?: string }>>,
  publish = true,
) {
  const { claims, wedding } = await t.couple()
  await t.rpc(claims, 'update_rsvp_settings', {
    p_wedding_id: wedding.id,
    p_deadline: null,
    p_questions: QUESTIONS,
  })
  if (publish)
    await t.asOwner('update kasalan.weddings set is_published = true where id = $1', [wedding.id])
  const saved: Household[] = []
  for (const persons of households) {
    saved.push(
      (await t.rpc(claims, 'save_household', {
        p_wedding_id: wedding.id,
        p_household: {
          email: 'secret@example.com',
          phone: '+63 900 000 0000',
          address: { address1: '1 Lihim St' },
          relationshipSide: null,
          relationshipType: null,
          notes: 'private note',
          persons: persons.map((person) => ({ type: 'adult', ...person })),
        },
      })) as Household,
    )
  }
  return { claims, wedding, households: saved }
}

async function manilaToday(offsetDays = 0) {
  const { rows } = await t.asOwner<{ day: string }>(
    `select to_char((now() at time zone 'Asia/Manila')::date + $1::int, 'YYYY-MM-DD') as day`,
    [offsetDays],
  )
  return rows[0]!.day
}

describe('get_rsvp', () => {
  test('the household with the chosen person first, the wedding, and no contact details', async () => {
    const [hit] = await search('rodrigo pena')
    const rsvp = await getRsvp(hit!.householdId, hit!.personId)
    expect(rsvp.personId).toBe(hit!.personId)
    expect(rsvp.household.persons.map((p) => p.firstName)).toEqual([
      'Rodrigo',
      'Ma. Cristina',
      'Bea',
    ])
    expect(rsvp.household.persons[2]).toMatchObject({
      type: 'child',
      isAttending: null,
      response: [],
    })
    expect(rsvp.wedding).toMatchObject({
      slug: DEMO.slug,
      bride: { firstName: 'Isabel' },
      groom: { firstName: 'Miguel' },
      isClosed: false,
      contact: { names: 'Isabel at Miguel' },
      venue: { name: 'Hardin ng Pinagpala' },
    })
    expect(rsvp.wedding.rsvpQuestions).toHaveLength(2)
    expect((rsvp.wedding.events as unknown[]).length).toBeGreaterThan(0)
    const keys = allKeys(rsvp.household)
    for (const key of CONTACT_KEYS) expect(keys.has(key), key).toBe(false)
  })

  test('unknown ids, or a person of another household, are not found', async () => {
    const [cristina] = await search('ma. cristina')
    const [kevin] = await search('kevin cruz')
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const [householdId, personId] of [
      [unknown, cristina!.personId],
      [cristina!.householdId, unknown],
      [unknown, unknown],
      [kevin!.householdId, cristina!.personId],
    ]) {
      await expect(getRsvp(householdId!, personId!)).rejects.toMatchObject({
        message: 'rsvp_not_found',
      })
    }
  })

  test('a household of an unpublished wedding is not found, except by its owner', async () => {
    const draft = await publishedWedding([[{ firstName: 'Lihim', lastName: 'Manalo' }]], false)
    const household = draft.households[0]!
    await expect(getRsvp(household.id, household.persons[0]!.id)).rejects.toMatchObject({
      message: 'rsvp_not_found',
    })
    await expect(
      submit(household.id, household.persons[0]!.id, [
        { personId: household.persons[0]!.id, isAttending: true },
      ]),
    ).rejects.toMatchObject({
      message: 'rsvp_not_found',
    })
    expect(
      (await getRsvp(household.id, household.persons[0]!.id, draft.claims)).household.persons,
    ).toHaveLength(1)
  })
})

describe('submit_rsvp', () => {
  test('records the whole household at once and returns what was recorded', async () => {
    const { claims, wedding, households } = await publishedWedding([
      [
        { firstName: 'Lorna', lastName: 'Ilagan' },
        { firstName: 'Pedro', lastName: 'Ilagan' },
        { firstName: 'Tintin', lastName: 'Ilagan', type: 'child' },
      ],
    ])
    const [lorna, pedro, tintin] = households[0]!.persons
    const rsvp = await submit(
      households[0]!.id,
      lorna!.id,
      [
        {
          personId: lorna!.id,
          isAttending: true,
          response: [
            { questionId: 'song', answer: ' Sayaw ' },
            { questionId: 'meal', answer: 'Manok' },
          ],
        },
        {
          personId: pedro!.id,
          isAttending: false,
          response: [{ questionId: 'meal', answer: 'Manok' }],
        },
        {
          personId: tintin!.id,
          isAttending: true,
          response: [
            { questionId: 'meal', answer: 'Kare-kare' },
            { questionId: 'song', answer: '   ' },
          ],
        },
      ],
      '  Salamat po!  ',
    )

    const byName = Object.fromEntries(rsvp.household.persons.map((p) => [p.firstName, p]))
    expect(byName.Lorna).toMatchObject({
      isAttending: true,
      response: [
        { questionId: 'meal', question: 'Anong ulam?', answer: 'Manok' },
        { questionId: 'song', question: 'Anong kanta?', answer: 'Sayaw' },
      ],
    })
    expect(byName.Pedro).toMatchObject({ isAttending: false, response: [] })
    expect(byName.Tintin).toMatchObject({
      isAttending: true,
      response: [{ questionId: 'meal', answer: 'Kare-kare' }],
    })
    for (const person of rsvp.household.persons) expect(person.respondedAt).not.toBeNull()
    expect(rsvp.household.message).toBe('Salamat po!')
    expect(rsvp.household.messageAt).not.toBeNull()

    // The couple's guest list (list_households) and RSVPs tab (list_rsvps) see it.
    const guests = (await t.rpc(claims, 'list_households', { p_wedding_id: wedding.id })) as Array<{
      persons: Array<{ isAttending: boolean | null }>
    }>
    expect(guests[0]!.persons.map((p) => p.isAttending)).toEqual([true, false, true])
    const [listed] = (await t.rpc(claims, 'list_rsvps', { p_wedding_id: wedding.id })) as Array<{
      message: string
      email: string
      persons: Array<{ recordedBy: string; respondedAt: string | null; response: unknown[] }>
    }>
    expect(listed).toMatchObject({ message: 'Salamat po!', email: 'secret@example.com' })
    expect(listed!.persons.map((p) => p.recordedBy)).toEqual(['guest', 'guest', 'guest'])
    expect(listed!.persons[0]!.response).toHaveLength(2)
  })

  test('a person of another household: an error, and nothing is saved', async () => {
    const { households } = await publishedWedding([
      [{ firstName: 'Aida', lastName: 'Sison' }],
      [{ firstName: 'Boy', lastName: 'Sison' }],
    ])
    const [aida] = households[0]!.persons
    const [boy] = households[1]!.persons
    const [cristina] = await search('ma. cristina')
    for (const stranger of [boy!.id, cristina!.personId, '00000000-0000-4000-8000-000000000000']) {
      await expect(
        submit(
          households[0]!.id,
          aida!.id,
          [
            { personId: aida!.id, isAttending: true },
            { personId: stranger, isAttending: false },
          ],
          'hello',
        ),
      ).rejects.toMatchObject({ message: 'rsvp_person_not_in_household' })
    }
    const after = await getRsvp(households[0]!.id, aida!.id)
    expect(after.household.persons[0]).toMatchObject({ isAttending: null, respondedAt: null })
    expect(after.household.message).toBeNull()
    expect((await getRsvp(households[1]!.id, boy!.id)).household.persons[0]!.isAttending).toBeNull()
  })

  test('answers are checked against the questions; a bad one saves nothing', async () => {
    const { households } = await publishedWedding([
      [
        { firstName: 'Celia', lastName: 'Uy' },
        { firstName: 'Dado', lastName: 'Uy' },
      ],
    ])
    const [celia, dado] = households[0]!.persons
    const attempts: [unknown, string][] = [
      [[{ questionId: 'meal', answer: 'Lechon' }], 'rsvp_invalid_answer'],
      [[{ questionId: 'meal', answer: 'kare-kare' }], 'rsvp_invalid_answer'],
      [[{ questionId: 'shoe-size', answer: '9' }], 'rsvp_invalid_answer'],
      [[{ questionId: 'song', answer: 'x'.repeat(501) }], 'invalid_input'],
      [
        [
          { questionId: 'song', answer: 'a' },
          { questionId: 'song', answer: 'b' },
        ],
        'invalid_input',
      ],
      ['not a list', 'invalid_input'],
    ]
    for (const [response, code] of attempts) {
      await expect(
        submit(households[0]!.id, celia!.id, [
          { personId: dado!.id, isAttending: true },
          { personId: celia!.id, isAttending: true, response },
        ]),
        JSON.stringify(response).slice(0, 60),
      ).rejects.toMatchObject({ message: code })
    }
    await expect(
      submit(households[0]!.id, celia!.id, [{ personId: celia!.id }]),
    ).rejects.toMatchObject({ message: 'invalid_input' })
    await expect(
      submit(households[0]!.id, celia!.id, [{ personId: celia!.id, isAttending: 'yes' }]),
    ).rejects.toMatchObject({ message: 'invalid_input' })
    await expect(submit(households[0]!.id, celia!.id, [])).rejects.toMatchObject({
      message: 'invalid_input',
    })
    await expect(
      submit(households[0]!.id, celia!.id, [
        { personId: celia!.id, isAttending: true },
        { personId: celia!.id, isAttending: false },
      ]),
    ).rejects.toMatchObject({ message: 'invalid_input' })
    await expect(
      submit(
        households[0]!.id,
        celia!.id,
        [{ personId: celia!.id, isAttending: true }],
        'x'.repeat(1001),
      ),
    ).rejects.toMatchObject({
      message: 'invalid_input',
    })

    const after = await getRsvp(households[0]!.id, celia!.id)
    expect(after.household.persons.map((p) => p.isAttending)).toEqual([null, null])
  })

  test('unknown ids are not found', async () => {
    const [cristina] = await search('ma. cristina')
    await expect(
      submit('00000000-0000-4000-8000-000000000000', cristina!.personId, [
        { personId: cristina!.personId, isAttending: true },
      ]),
    ).rejects.toMatchObject({ message: 'rsvp_not_found' })
    await expect(
      submit(cristina!.householdId, '00000000-0000-4000-8000-000000000000', [
        { personId: cristina!.personId, isAttending: true },
      ]),
    ).rejects.toMatchObject({ message: 'rsvp_not_found' })
  })

  test('a resubmission changes what it names and keeps the rest', async () => {
    const { households } = await publishedWedding([
      [
        { firstName: 'Ester', lastName: 'Lim' },
        { firstName: 'Fidel', lastName: 'Lim' },
      ],
    ])
    const [ester, fidel] = households[0]!.persons
    const id = households[0]!.id
    await submit(
      id,
      ester!.id,
      [
        {
          personId: ester!.id,
          isAttending: true,
          response: [
            { questionId: 'meal', answer: 'Manok' },
            { questionId: 'song', answer: 'Dancing Queen' },
          ],
        },
        {
          personId: fidel!.id,
          isAttending: true,
          response: [{ questionId: 'meal', answer: 'Kare-kare' }],
        },
      ],
      'Excited!',
    )
    const first = await getRsvp(id, ester!.id)

    // Fidel changes his meal only; Ester's answers and the message stay.
    const second = await submit(id, fidel!.id, [
      {
        personId: fidel!.id,
        isAttending: true,
        response: [{ questionId: 'meal', answer: 'Manok' }],
      },
    ])
    const byName = Object.fromEntries(second.household.persons.map((p) => [p.firstName, p]))
    expect(second.household.persons[0]!.firstName).toBe('Fidel')
    expect(byName.Ester).toEqual(first.household.persons.find((p) => p.firstName === 'Ester'))
    expect(byName.Fidel!.response).toEqual([
      { questionId: 'meal', question: 'Anong ulam?', answer: 'Manok' },
    ])
    expect(second.household.message).toBe('Excited!')
    expect(second.household.messageAt).toBe(first.household.messageAt)

    // Declining drops the answers; a blank message clears it.
    const third = await submit(
      id,
      ester!.id,
      [
        {
          personId: ester!.id,
          isAttending: false,
          response: [{ questionId: 'meal', answer: 'Manok' }],
        },
      ],
      '  ',
    )
    expect(third.household.persons[0]).toMatchObject({
      firstName: 'Ester',
      isAttending: false,
      response: [],
    })
    expect(third.household.message).toBeNull()
    expect(third.household.messageAt).toBeNull()
  })

  test('after the deadline (a date in Manila) the RSVP is closed; on the day it is still open', async () => {
    const { claims, wedding, households } = await publishedWedding([
      [{ firstName: 'Gina', lastName: 'Co' }],
    ])
    const [gina] = households[0]!.persons
    const answer = [{ personId: gina!.id, isAttending: true }]

    await t.rpc(claims, 'update_rsvp_settings', {
      p_wedding_id: wedding.id,
      p_deadline: await manilaToday(0),
      p_questions: QUESTIONS,
    })
    expect((await getRsvp(households[0]!.id, gina!.id)).wedding.isClosed).toBe(false)
    await submit(households[0]!.id, gina!.id, answer)

    await t.rpc(claims, 'update_rsvp_settings', {
      p_wedding_id: wedding.id,
      p_deadline: await manilaToday(-1),
      p_questions: QUESTIONS,
    })
    const closed = await getRsvp(households[0]!.id, gina!.id)
    expect(closed.wedding.isClosed).toBe(true)
    expect(closed.household.persons[0]!.isAttending).toBe(true)
    await expect(
      submit(households[0]!.id, gina!.id, [{ personId: gina!.id, isAttending: false }]),
    ).rejects.toMatchObject({
      message: 'rsvp_closed',
    })
    // The owner too: only record_reply may change a reply after the deadline.
    await expect(
      submit(
        households[0]!.id,
        gina!.id,
        [{ personId: gina!.id, isAttending: false }],
        null,
        claims,
      ),
    ).rejects.toMatchObject({ message: 'rsvp_closed' })
    expect((await getRsvp(households[0]!.id, gina!.id)).household.persons[0]!.isAttending).toBe(
      true,
    )
  })
})

describe('management', () => {
  test('update_rsvp_settings cleans and checks the questions', async () => {
    const { claims, wedding } = await t.couple()
    const saved = (await t.rpc(claims, 'update_rsvp_settings', {
      p_wedding_id: wedding.id,
      p_deadline: '2027-01-14',
      p_questions: [
        {
          id: 'meal',
          question: '  Ulam? ',
          kind: 'choice',
          options: [' Isda ', 'Karne', '', 'Isda'],
        },
        { id: 'note', question: 'Allergies?', kind: 'text', options: ['ignored'] },
      ],
    })) as { rsvpDeadline: string; rsvpQuestions: unknown[] }
    expect(saved.rsvpDeadline).toBe('2027-01-14')
    expect(saved.rsvpQuestions).toEqual([
      { id: 'meal', question: 'Ulam?', kind: 'choice', options: ['Isda', 'Karne'] },
      { id: 'note', question: 'Allergies?', kind: 'text' },
    ])

    const refused: [unknown, string][] = [
      [[{ id: 'a', question: '  ', kind: 'text' }], 'rsvp_question_text_required'],
      [
        [{ id: 'a', question: 'Q', kind: 'choice', options: ['Only one'] }],
        'rsvp_choice_needs_options',
      ],
      [[{ id: 'a', question: 'Q', kind: 'choice' }], 'rsvp_choice_needs_options'],
      [[{ id: 'a', question: 'Q', kind: 'rating' }], 'invalid_input'],
      [
        [
          { id: 'a', question: 'Q' },
          { id: 'a', question: 'R' },
        ],
        'invalid_input',
      ],
      [[{ id: 'has space', question: 'Q' }], 'invalid_input'],
      [{ id: 'a' }, 'invalid_input'],
    ]
    for (const [questions, code] of refused) {
      await expect(
        t.rpc(claims, 'update_rsvp_settings', {
          p_wedding_id: wedding.id,
          p_deadline: null,
          p_questions: questions,
        }),
        JSON.stringify(questions),
      ).rejects.toMatchObject({ message: code })
    }
    const other = await t.signUp('other')
    await expect(
      t.rpc(other, 'update_rsvp_settings', {
        p_wedding_id: wedding.id,
        p_deadline: null,
        p_questions: [],
      }),
    ).rejects.toMatchObject({ message: 'wedding_not_found' })
    expect(
      ((await t.rpc(claims, 'get_my_wedding')) as { rsvpQuestions: unknown[] }).rsvpQuestions,
    ).toHaveLength(2)
  })

  test('record_reply records or corrects a reply after the deadline, and clears it back to pending', async () => {
    const { claims, wedding, households } = await publishedWedding([
      [{ firstName: 'Hilda', lastName: 'Yap' }],
    ])
    const [hilda] = households[0]!.persons
    await t.rpc(claims, 'update_rsvp_settings', {
      p_wedding_id: wedding.id,
      p_deadline: '2020-01-01',
      p_questions: QUESTIONS,
    })

    const recorded = (await t.rpc(claims, 'record_reply', {
      p_wedding_id: wedding.id,
      p_person_id: hilda!.id,
      p_is_attending: true,
      p_response: [{ questionId: 'meal', answer: 'Manok' }],
    })) as {
      persons: Array<{
        isAttending: boolean | null
        recordedBy: string | null
        respondedAt: string | null
        response: unknown[]
      }>
    }
    expect(recorded.persons[0]).toMatchObject({
      isAttending: true,
      recordedBy: 'couple',
      response: [{ questionId: 'meal', answer: 'Manok' }],
    })
    expect(recorded.persons[0]!.respondedAt).not.toBeNull()

    await expect(
      t.rpc(claims, 'record_reply', {
        p_wedding_id: wedding.id,
        p_person_id: hilda!.id,
        p_is_attending: true,
        p_response: [{ questionId: 'meal', answer: 'Lechon' }],
      }),
    ).rejects.toMatchObject({ message: 'rsvp_invalid_answer' })

    const cleared = (await t.rpc(claims, 'record_reply', {
      p_wedding_id: wedding.id,
      p_person_id: hilda!.id,
      p_is_attending: null,
      p_response: null,
    })) as typeof recorded
    expect(cleared.persons[0]).toMatchObject({
      isAttending: null,
      recordedBy: null,
      respondedAt: null,
      response: [],
    })
  })

  test("another couple can neither record nor list this wedding's replies; a person of another wedding is not found", async () => {
    const { claims, wedding, households } = await publishedWedding([
      [{ firstName: 'Ising', lastName: 'Go' }],
    ])
    const other = await t.couple('Rosa', 'Pablo')
    const person = households[0]!.persons[0]!.id
    await expect(
      t.rpc(other.claims, 'record_reply', {
        p_wedding_id: wedding.id,
        p_person_id: person,
        p_is_attending: true,
        p_response: [],
      }),
    ).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(
      t.rpc(other.claims, 'record_reply', {
        p_wedding_id: other.wedding.id,
        p_person_id: person,
        p_is_attending: true,
        p_response: [],
      }),
    ).rejects.toMatchObject({ message: 'person_not_found' })
    await expect(
      t.rpc(other.claims, 'list_rsvps', { p_wedding_id: wedding.id }),
    ).rejects.toMatchObject({ message: 'wedding_not_found' })
    expect(await t.rpc(claims, 'list_rsvps', { p_wedding_id: wedding.id })).toHaveLength(1)
  })

  test('visitors may call only the three public RSVP functions', async () => {
    const denied = { code: '42501' }
    for (const [name, args] of [
      ['update_rsvp_settings', { p_wedding_id: DEMO.weddingId, p_deadline: null, p_questions: [] }],
      [
        'record_reply',
        {
          p_wedding_id: DEMO.weddingId,
          p_person_id: DEMO.weddingId,
          p_is_attending: true,
          p_response: [],
        },
      ],
      ['list_rsvps', { p_wedding_id: DEMO.weddingId }],
    ] as const) {
      await expect(t.rpc(null, name, args), name).rejects.toMatchObject(denied)
    }
    // The helpers are out of the API since 0030, and no visitor may run them either.
    for (const sql of [
      "select kasalan_private.rsvp_response('[]', '[]')",
      "select kasalan_private.rsvp_questions_clean('[]')",
      "select kasalan_private.search_text('x')",
    ]) {
      await expect(t.asRole('anon', null, sql), sql).rejects.toMatchObject(denied)
    }
    // The helpers that read any wedding are for the public calls alone, not even for a couple.
    for (const claims of [null, DEMO_CLAIMS]) {
      await expect(
        t.asRole(
          claims ? 'authenticated' : 'anon',
          claims,
          'select kasalan_private.rsvp_wedding($1, $2)',
          [DEMO.weddingId, DEMO.weddingId],
        ),
      ).rejects.toMatchObject(denied)
    }
    const { rows } = await t.asOwner<{ name: string }>(
      `select p.proname as name from pg_proc p
       where p.pronamespace = 'kasalan'::regnamespace and has_function_privilege('anon', p.oid, 'execute')
       order by 1`,
    )
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['get_rsvp', 'search_persons', 'submit_rsvp']),
    )
    expect(
      rows
        .map((r) => r.name)
        .filter((n) => /rsvp|search/.test(n))
        .sort(),
    ).toEqual(['get_rsvp', 'search_persons', 'submit_rsvp'])
  })
})

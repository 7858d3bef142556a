// Events with their own RSVPs (0023_event_rsvps, supabase/schemas/17_events.sql): the schedule's events
// get stable ids; the couple marks which take RSVPs, with their own deadlines, which are private and
// which is the main one; guests answer per event and per person, declining one declining nothing
// else; a private event does not exist for a household it does not invite, in any public call;
// answers given before events keep being the main event's; counts per event on a list worked out
// by hand; the main swap; seat caps per event; history and restore; the forecast per event; the
// wedding file; and, on real PostgreSQL, two phones at once and a main swap racing a guest.
import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bootstrap, callRpc, type Claims } from '../../src/lib/backend/local/engine'
import {
  createTestDb,
  DEMO,
  DEMO_CLAIMS,
  ENGINE,
  readSqlFiles,
  seatedReplies,
  type Session,
  type TestDb,
} from './harness'
import { newVisitor, rpcAs } from './privacy-helpers'

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

const PAST = '2020-01-01'
const FUTURE = '2099-12-31'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

interface ScheduleEvent {
  id?: string
  name: string
  type: string
  date?: string
  venue?: string
}
interface Household {
  id: string
  persons: { id: string; firstName: string }[]
}
interface EventCounts {
  households: number
  persons: number
  attending: number
  declined: number
  pending: number
}
interface ListedEvent {
  id: string
  name: string
  type: string
  takesRsvp: boolean
  deadline: string | null
  effectiveDeadline: string | null
  isClosed: boolean
  isPrivate: boolean
  isMain: boolean
  householdIds: string[]
  counts: EventCounts
}
interface PersonEvent {
  eventId: string
  hasAnswered: boolean
  isAttending: boolean | null
  response: { questionId: string; answer: string }[]
  respondedAt: string | null
}
interface Rsvp {
  events: {
    id: string
    name: string
    type: string
    deadline: string | null
    isClosed: boolean
    isMain: boolean
  }[]
  wedding: {
    events: { id: string; name: string }[]
    rsvpQuestions: { id: string; eventId?: string }[]
    isClosed: boolean
  }
  household: {
    access: string
    persons: { id: string; firstName: string; isAttending: boolean | null; events: PersonEvent[] }[]
  }
}

const SCHEDULE: ScheduleEvent[] = [
  { name: 'Civil rite', type: 'ceremony', date: '2026-12-12', venue: 'Munisipyo ng Taal' },
  { name: 'Reception', type: 'reception', date: '2026-12-12', venue: 'Casa Villavicencio' },
  { name: 'Despedida de soltera', type: 'party', date: '2026-12-10', venue: 'Bahay ni Lola' },
]

/** The error a call raises: its message (the code) and detail. */
async function failure(call: Promise<unknown>): Promise<{ message: string; detail: unknown }> {
  try {
    await call
  } catch (error) {
    const e = error as { message: string; details?: string; detail?: string }
    return { message: e.message, detail: e.details ?? e.detail ?? null }
  }
  throw new Error('the call succeeded')
}

/**
 * A published wedding with the three events above in its schedule and three households: Santos
 * (Ana, Ben; bride's side), Reyes (Carla, Dani the child; groom's side; one seat) and Cruz (Elena;
 * bride's side). No event takes RSVPs yet.
 */
async function eventsWedding() {
  const { claims, wedding } = await t.couple()
  const schedule = (wedding.sections as { id: string; type: string }[]).find(
    (s) => s.type === 'schedule',
  )!
  const saved = (await t.rpc(claims, 'save_section_content', {
    p_section_id: schedule.id,
    p_title: 'Schedule',
    p_data: { events: SCHEDULE },
  })) as { section: { data: { events: Required<ScheduleEvent>[] } } }
  const [civil, reception, despedida] = saved.section.data.events.map((e) => e.id)
  const add = async (
    lastName: string,
    side: string,
    persons: [string, string][],
    seatCap: number | null = null,
  ) =>
    (await t.rpc(claims, 'save_household', {
      p_wedding_id: wedding.id,
      p_household: {
        relationshipSide: side,
        seatCap,
        persons: persons.map(([firstName, type]) => ({ firstName, lastName, type })),
      },
    })) as Household
  const santos = await add('Santos', 'bride', [
    ['Ana', 'adult'],
    ['Ben', 'adult'],
  ])
  const reyes = await add(
    'Reyes',
    'groom',
    [
      ['Carla', 'adult'],
      ['Dani', 'child'],
    ],
    1,
  )
  const cruz = await add('Cruz', 'bride', [['Elena', 'adult']])
  await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
  const { rows } = await t.asOwner<{ id: string; code: string; token: string }>(
    'select id, invitation_code as code, invitation_token as token from kasalan.households where wedding_id = $1',
    [wedding.id],
  )
  const code = (h: Household) => rows.find((r) => r.id === h.id)!.code
  const token = (h: Household) => rows.find((r) => r.id === h.id)!.token
  const person = (h: Household, name: string) => h.persons.find((p) => p.firstName === name)!.id
  return {
    claims,
    wedding,
    schedule,
    civil: civil!,
    reception: reception!,
    despedida: despedida!,
    santos,
    reyes,
    cruz,
    code,
    token,
    person,
  }
}
type W = Awaited<ReturnType<typeof eventsWedding>>

const settings = (claims: Claims, w: W, eventId: string, s: Partial<Record<string, unknown>>) =>
  t.rpc(claims, 'save_event_settings', {
    p_wedding_id: w.wedding.id,
    p_event_id: eventId,
    p_settings: {
      takesRsvp: true,
      deadline: null,
      isPrivate: false,
      isMain: false,
      householdIds: [],
      ...s,
    },
  }) as Promise<ListedEvent[]>

const listEvents = (w: W, claims: Claims = w.claims) =>
  t.rpc(claims, 'list_events', { p_wedding_id: w.wedding.id }) as Promise<ListedEvent[]>

const getRsvp = (w: W, h: Household, code: string | null = w.code(h)) =>
  rpcAs(t.db, null, 'get_rsvp', {
    p_household_id: h.id,
    p_person_id: h.persons[0]!.id,
    p_code: code,
  }) as Promise<Rsvp>

const submit = (w: W, h: Household, answers: unknown[], code: string | null = w.code(h)) =>
  rpcAs(t.db, null, 'submit_rsvp', {
    p_household_id: h.id,
    p_person_id: h.persons[0]!.id,
    p_answers: answers,
    p_message: null,
    p_code: code,
  }) as Promise<Rsvp>

/**
 * The usual set-up: the reception takes RSVPs (it becomes the main event), the civil rite too,
 * and the despedida is private to Santos and Reyes.
 */
async function withEvents(w: W, despedidaDeadline: string | null = null) {
  await settings(w.claims, w, w.reception, {})
  await settings(w.claims, w, w.civil, {})
  return settings(w.claims, w, w.despedida, {
    isPrivate: true,
    householdIds: [w.santos.id, w.reyes.id],
    deadline: despedidaDeadline,
  })
}

const byId = (events: ListedEvent[], id: string) => events.find((e) => e.id === id)!
const personOf = (rsvp: Rsvp, id: string) => rsvp.household.persons.find((p) => p.id === id)!
const answerOf = (rsvp: Rsvp, personId: string, eventId: string) =>
  personOf(rsvp, personId).events.find((e) => e.eventId === eventId)

describe('schedule event ids', () => {
  test('every event gets a uuid, kept when the schedule is edited or reordered; a new event gets its own', async () => {
    const w = await eventsWedding()
    for (const id of [w.civil, w.reception, w.despedida]) expect(id).toMatch(UUID)
    const { section } = (await t.rpc(w.claims, 'get_section_content', {
      p_section_id: w.schedule.id,
    })) as {
      section: { data: { events: Required<ScheduleEvent>[] } }
    }
    const [civil, reception, despedida] = section.data.events
    const saved = (await t.rpc(w.claims, 'save_section_content', {
      p_section_id: w.schedule.id,
      p_title: 'Schedule',
      p_data: {
        events: [
          reception,
          { ...civil, venue: 'Bulwagan' },
          { id: ' ', name: 'Lunch', type: 'lunch' },
          despedida,
        ],
      },
    })) as { section: { data: { events: Required<ScheduleEvent>[] } } }
    const ids = saved.section.data.events.map((e) => e.id)
    expect(ids.slice(0, 2)).toEqual([w.reception, w.civil])
    expect(ids[3]).toBe(w.despedida)
    expect(ids[2]).toMatch(UUID)
    expect(new Set(ids).size).toBe(4)
  })

  test('an id that is no uuid, or two events with one id, is invalid_input', async () => {
    const w = await eventsWedding()
    const save = (events: unknown[]) =>
      t.rpc(w.claims, 'save_section_content', {
        p_section_id: w.schedule.id,
        p_title: 'Schedule',
        p_data: { events },
      })
    await expect(save([{ id: 'reception', name: 'Reception' }])).rejects.toThrow('invalid_input')
    await expect(
      save([
        { id: w.civil, name: 'A' },
        { id: w.civil.toUpperCase(), name: 'B' },
      ]),
    ).rejects.toThrow('invalid_input')
    await expect(save([{ id: w.civil, name: 'A' }])).resolves.toBeTruthy()
  })
})

describe('a wedding whose events take no RSVPs', () => {
  test('answers and looks as before: no events, one answer per person, every event listed without RSVPs', async () => {
    const w = await eventsWedding()
    const ana = w.person(w.santos, 'Ana')
    const rsvp = await submit(w, w.santos, [{ personId: ana, isAttending: true, events: null }])
    expect(rsvp.events).toEqual([])
    expect(personOf(rsvp, ana)).toMatchObject({ isAttending: true, events: [] })
    expect(rsvp.wedding.events.map((e) => e.name)).toEqual(SCHEDULE.map((e) => e.name))
    expect(rsvp.wedding.events.map((e) => e.id)).toEqual([w.civil, w.reception, w.despedida])
    // An event answer, or an answer without isAttending, has nothing to answer.
    await expect(
      submit(w, w.santos, [
        { personId: ana, isAttending: true, events: [{ eventId: w.civil, isAttending: true }] },
      ]),
    ).rejects.toThrow('invalid_input')
    await expect(submit(w, w.santos, [{ personId: ana }])).rejects.toThrow('invalid_input')
    const events = await listEvents(w)
    // In the order of their days: the despedida, two days before, first (0029).
    expect(events.map((e) => [e.name, e.takesRsvp, e.isMain, e.isPrivate])).toEqual([
      ['Despedida de soltera', false, false, false],
      ['Civil rite', false, false, false],
      ['Reception', false, false, false],
    ])
    for (const e of events)
      expect(e.counts).toEqual({
        households: 0,
        persons: 0,
        attending: 0,
        declined: 0,
        pending: 0,
        stillToAnswer: 0,
        beyondSeats: 0,
      })
  })

  test('a closed wedding is closed as before', async () => {
    const w = await eventsWedding()
    await t.rpc(w.claims, 'update_rsvp_settings', {
      p_wedding_id: w.wedding.id,
      p_deadline: PAST,
      p_questions: [],
    })
    await expect(
      submit(w, w.santos, [{ personId: w.person(w.santos, 'Ana'), isAttending: true }]),
    ).rejects.toThrow('rsvp_closed')
  })
})

describe('turning events on', () => {
  test('the answers given so far become the main event’s; the first reception is the main one', async () => {
    const w = await eventsWedding()
    const ana = w.person(w.santos, 'Ana')
    const ben = w.person(w.santos, 'Ben')
    await submit(w, w.santos, [
      { personId: ana, isAttending: true },
      { personId: ben, isAttending: false },
    ])
    // The reception first: it is the only RSVP event, so the main one.
    let events = await settings(w.claims, w, w.reception, {})
    expect(byId(events, w.reception)).toMatchObject({
      takesRsvp: true,
      isMain: true,
      deadline: null,
    })
    expect(byId(events, w.reception).counts).toMatchObject({
      households: 3,
      persons: 5,
      attending: 1,
      declined: 1,
      pending: 3,
    })
    events = await settings(w.claims, w, w.civil, {})
    expect(byId(events, w.reception).isMain).toBe(true)
    expect(byId(events, w.civil)).toMatchObject({
      isMain: false,
      counts: { households: 3, persons: 5, attending: 0, declined: 0, pending: 5 },
    })

    const rsvp = await getRsvp(w, w.santos)
    expect(rsvp.events.map((e) => [e.name, e.isMain])).toEqual([
      ['Civil rite', false],
      ['Reception', true],
    ])
    expect(answerOf(rsvp, ana, w.reception)).toMatchObject({ hasAnswered: true, isAttending: true })
    expect(answerOf(rsvp, ben, w.reception)).toMatchObject({
      hasAnswered: true,
      isAttending: false,
    })
    expect(answerOf(rsvp, ana, w.civil)).toMatchObject({
      hasAnswered: false,
      isAttending: null,
      response: [],
    })
  })

  test('with two events turned on from none, the first reception among them is the main one', async () => {
    const w = await eventsWedding()
    // The civil rite alone takes RSVPs: it is the main one.
    let events = await settings(w.claims, w, w.civil, {})
    expect(byId(events, w.civil).isMain).toBe(true)
    // Turned off (the only one), then the reception and the civil rite: the reception is main.
    await settings(w.claims, w, w.civil, { takesRsvp: false })
    events = await settings(w.claims, w, w.reception, {})
    expect(byId(events, w.reception).isMain).toBe(true)
    events = await settings(w.claims, w, w.civil, {})
    expect(events.filter((e) => e.isMain).map((e) => e.id)).toEqual([w.reception])
  })
})

describe('per-event answers and deadlines', () => {
  test('a closed despedida refuses and writes nothing; the open reception still answers', async () => {
    const w = await eventsWedding()
    await withEvents(w, PAST)
    const ana = w.person(w.santos, 'Ana')
    const before = await t.asOwner<{ n: number }>(
      'select count(*)::int as n from kasalan.rsvp_changes where wedding_id = $1',
      [w.wedding.id],
    )
    await expect(
      submit(w, w.santos, [
        { personId: ana, isAttending: true, events: [{ eventId: w.despedida, isAttending: true }] },
      ]),
    ).rejects.toThrow('rsvp_closed')
    let rsvp = await getRsvp(w, w.santos)
    expect(personOf(rsvp, ana).isAttending).toBeNull()
    const after = await t.asOwner<{ n: number }>(
      'select count(*)::int as n from kasalan.rsvp_changes where wedding_id = $1',
      [w.wedding.id],
    )
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n)
    expect(rsvp.events.find((e) => e.id === w.despedida)).toMatchObject({
      deadline: PAST,
      isClosed: true,
      isMain: false,
    })

    rsvp = await submit(w, w.santos, [
      { personId: ana, isAttending: true, events: [{ eventId: w.civil, isAttending: false }] },
    ])
    expect(personOf(rsvp, ana).isAttending).toBe(true)
    expect(answerOf(rsvp, ana, w.reception)).toMatchObject({ isAttending: true })
    expect(answerOf(rsvp, ana, w.civil)).toMatchObject({ hasAnswered: true, isAttending: false })
    expect(answerOf(rsvp, ana, w.despedida)).toMatchObject({ hasAnswered: false })
  })

  test('past the wedding’s deadline the main event refuses, an event with a later deadline of its own still answers', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    await settings(w.claims, w, w.civil, { deadline: FUTURE })
    await t.rpc(w.claims, 'update_rsvp_settings', {
      p_wedding_id: w.wedding.id,
      p_deadline: PAST,
      p_questions: [],
    })
    const ana = w.person(w.santos, 'Ana')
    await expect(submit(w, w.santos, [{ personId: ana, isAttending: true }])).rejects.toThrow(
      'rsvp_closed',
    )
    // The main event named by its id is the same answer, and as closed.
    await expect(
      submit(w, w.santos, [
        { personId: ana, events: [{ eventId: w.reception, isAttending: true }] },
      ]),
    ).rejects.toThrow('rsvp_closed')
    const rsvp = await submit(w, w.santos, [
      { personId: ana, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    expect(answerOf(rsvp, ana, w.civil)).toMatchObject({ isAttending: true })
    expect(personOf(rsvp, ana).isAttending).toBeNull()
    const listed = await listEvents(w)
    expect(byId(listed, w.civil)).toMatchObject({
      deadline: FUTURE,
      effectiveDeadline: FUTURE,
      isClosed: false,
    })
    expect(byId(listed, w.reception)).toMatchObject({
      deadline: null,
      effectiveDeadline: PAST,
      isClosed: true,
    })
    expect(byId(listed, w.despedida)).toMatchObject({
      deadline: null,
      effectiveDeadline: PAST,
      isClosed: true,
    })
  })

  test('declining one event declines nothing else', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const ana = w.person(w.santos, 'Ana')
    const ben = w.person(w.santos, 'Ben')
    await submit(w, w.santos, [
      {
        personId: ana,
        isAttending: true,
        events: [
          { eventId: w.civil, isAttending: true },
          { eventId: w.despedida, isAttending: true },
        ],
      },
      { personId: ben, isAttending: true, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    // Ana says no to the despedida only; Ben no to the reception only.
    const rsvp = await submit(w, w.santos, [
      { personId: ana, events: [{ eventId: w.despedida, isAttending: false }] },
      { personId: ben, isAttending: false },
    ])
    expect(personOf(rsvp, ana).isAttending).toBe(true)
    expect(answerOf(rsvp, ana, w.civil)).toMatchObject({ isAttending: true })
    expect(answerOf(rsvp, ana, w.despedida)).toMatchObject({ isAttending: false })
    expect(personOf(rsvp, ben).isAttending).toBe(false)
    expect(answerOf(rsvp, ben, w.civil)).toMatchObject({ isAttending: true })
    expect(answerOf(rsvp, ben, w.despedida)).toMatchObject({
      hasAnswered: false,
      isAttending: null,
    })
  })

  test('an entry answers something; an event answered twice, or the main event twice, is invalid_input', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const ana = w.person(w.santos, 'Ana')
    await expect(submit(w, w.santos, [{ personId: ana }])).rejects.toThrow('invalid_input')
    await expect(submit(w, w.santos, [{ personId: ana, events: null }])).rejects.toThrow(
      'invalid_input',
    )
    await expect(
      submit(w, w.santos, [{ personId: ana, events: { eventId: w.civil } }]),
    ).rejects.toThrow('invalid_input')
    await expect(
      submit(w, w.santos, [{ personId: ana, isAttending: true, events: null }]),
    ).resolves.toBeTruthy()
    await expect(submit(w, w.santos, [{ personId: ana, events: [] }])).rejects.toThrow(
      'invalid_input',
    )
    await expect(
      submit(w, w.santos, [
        {
          personId: ana,
          events: [
            { eventId: w.civil, isAttending: true },
            { eventId: w.civil, isAttending: false },
          ],
        },
      ]),
    ).rejects.toThrow('invalid_input')
    await expect(
      submit(w, w.santos, [
        {
          personId: ana,
          isAttending: true,
          events: [{ eventId: w.reception, isAttending: false }],
        },
      ]),
    ).rejects.toThrow('invalid_input')
    await expect(
      submit(w, w.santos, [{ personId: ana, events: [{ eventId: w.civil }] }]),
    ).rejects.toThrow('invalid_input')
  })

  test('questions per event: the reception’s meal only with the reception, the despedida’s only with it', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    await expect(
      t.rpc(w.claims, 'update_rsvp_settings', {
        p_wedding_id: w.wedding.id,
        p_deadline: null,
        p_questions: [
          { id: 'meal', question: 'Ulam?', kind: 'text', eventId: crypto.randomUUID() },
        ],
      }),
    ).rejects.toThrow('invalid_input')
    await expect(
      t.rpc(w.claims, 'update_rsvp_settings', {
        p_wedding_id: w.wedding.id,
        p_deadline: null,
        p_questions: [{ id: 'meal', question: 'Ulam?', kind: 'text', eventId: 'reception' }],
      }),
    ).rejects.toThrow('invalid_input')
    await t.rpc(w.claims, 'update_rsvp_settings', {
      p_wedding_id: w.wedding.id,
      p_deadline: null,
      p_questions: [
        {
          id: 'meal',
          question: 'Anong ulam?',
          kind: 'choice',
          options: ['Kare-kare', 'Manok'],
          eventId: w.reception,
        },
        { id: 'song', question: 'Kantang request?', kind: 'text', eventId: w.despedida },
        { id: 'diet', question: 'Allergies?', kind: 'text', eventId: null },
      ],
    })
    const ana = w.person(w.santos, 'Ana')
    const asked = (await getRsvp(w, w.santos)).wedding.rsvpQuestions
    expect(asked.map((q) => [q.id, q.eventId ?? null])).toEqual([
      ['meal', w.reception],
      ['song', w.despedida],
      ['diet', null],
    ])
    // The meal is not a question of the civil rite, the song not of the reception.
    await expect(
      submit(w, w.santos, [
        {
          personId: ana,
          events: [
            {
              eventId: w.civil,
              isAttending: true,
              response: [{ questionId: 'meal', answer: 'Manok' }],
            },
          ],
        },
      ]),
    ).rejects.toThrow('rsvp_invalid_answer')
    await expect(
      submit(w, w.santos, [
        { personId: ana, isAttending: true, response: [{ questionId: 'song', answer: 'Buwan' }] },
      ]),
    ).rejects.toThrow('rsvp_invalid_answer')
    const rsvp = await submit(w, w.santos, [
      {
        personId: ana,
        isAttending: true,
        response: [
          { questionId: 'meal', answer: 'Manok' },
          { questionId: 'diet', answer: 'Walang hipon' },
        ],
        events: [
          {
            eventId: w.despedida,
            isAttending: true,
            response: [{ questionId: 'song', answer: 'Buwan' }],
          },
        ],
      },
    ])
    expect(
      personOf(rsvp, ana)
        .events.find((e) => e.eventId === w.reception)!
        .response.map((a) => a.answer),
    ).toEqual(['Manok', 'Walang hipon'])
    expect(answerOf(rsvp, ana, w.despedida)!.response.map((a) => a.answer)).toEqual(['Buwan'])
    // The couple recording the main answer is held to the main event's questions too.
    const ben = w.person(w.santos, 'Ben')
    const recordMain = (answer: { questionId: string; answer: string }) =>
      t.rpc(w.claims, 'record_reply', {
        p_wedding_id: w.wedding.id,
        p_person_id: ben,
        p_is_attending: true,
        p_response: [answer],
      })
    await expect(recordMain({ questionId: 'song', answer: 'Buwan' })).rejects.toThrow(
      'rsvp_invalid_answer',
    )
    await expect(recordMain({ questionId: 'meal', answer: 'Kare-kare' })).resolves.toBeTruthy()
    // The Cruz household, not invited to the despedida, is not asked its question.
    expect((await getRsvp(w, w.cruz)).wedding.rsvpQuestions.map((q) => q.id)).toEqual([
      'meal',
      'diet',
    ])
  })

  test('under the name search only whether each answered is shown, per event too', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const ana = w.person(w.santos, 'Ana')
    await submit(w, w.santos, [
      { personId: ana, isAttending: true, events: [{ eventId: w.civil, isAttending: false }] },
    ])
    const rsvp = await getRsvp(w, w.santos, null)
    expect(rsvp.household.access).toBe('guest_search')
    expect(answerOf(rsvp, ana, w.civil)).toEqual({
      eventId: w.civil,
      hasAnswered: true,
      recordedByCouple: false,
      isAttending: null,
      response: [],
      respondedAt: null,
    })
    expect(answerOf(rsvp, ana, w.reception)).toMatchObject({ hasAnswered: true, isAttending: null })
  })
})

describe('a private event, for a household it does not invite', () => {
  let w: W
  const secret = (value: unknown, ...needles: string[]) => {
    const text = JSON.stringify(value)
    for (const needle of needles) expect(text).not.toContain(needle)
  }

  beforeAll(async () => {
    w = await eventsWedding()
    await withEvents(w)
    await t.rpc(w.claims, 'update_rsvp_settings', {
      p_wedding_id: w.wedding.id,
      p_deadline: null,
      p_questions: [
        {
          id: 'song',
          question: 'Kantang request sa despedida?',
          kind: 'text',
          eventId: w.despedida,
        },
      ],
    })
  })

  test('is not in its RSVP page, by its code or by the name search: not in the events, the schedule, the questions', async () => {
    for (const code of [w.code(w.cruz), null]) {
      const rsvp = await getRsvp(w, w.cruz, code)
      expect(rsvp.events.map((e) => e.name)).toEqual(['Civil rite', 'Reception'])
      expect(rsvp.wedding.events.map((e) => e.name)).toEqual(['Civil rite', 'Reception'])
      expect(rsvp.wedding.rsvpQuestions).toEqual([])
      expect(rsvp.household.persons[0]!.events.map((e) => e.eventId)).toEqual([
        w.civil,
        w.reception,
      ])
      secret(rsvp, w.despedida, 'Despedida', 'Bahay ni Lola', 'Kantang')
    }
    // The households it invites see it everywhere.
    const invited = await getRsvp(w, w.reyes)
    expect(invited.events.map((e) => e.name)).toEqual([
      'Despedida de soltera',
      'Civil rite',
      'Reception',
    ])
    expect(invited.wedding.events.map((e) => e.id)).toContain(w.despedida)
    expect(invited.wedding.rsvpQuestions.map((q) => q.id)).toEqual(['song'])
  })

  // (This one adds a lunch, taking no RSVPs, to the schedule.)
  test('an answer to it fails exactly as one to an unknown event or to one taking no RSVPs', async () => {
    const elena = w.person(w.cruz, 'Elena')
    const attempt = (eventId: string, code: string | null = w.code(w.cruz)) =>
      failure(
        submit(w, w.cruz, [{ personId: elena, events: [{ eventId, isAttending: true }] }], code),
      )
    const unknown = await attempt(crypto.randomUUID())
    expect(unknown.message).toBe('invalid_input')
    expect(await attempt(w.despedida)).toEqual(unknown)
    expect(await attempt(w.despedida, null)).toEqual(unknown)
    // An event of the schedule that takes no RSVPs.
    const { section } = (await t.rpc(w.claims, 'get_section_content', {
      p_section_id: w.schedule.id,
    })) as {
      section: { data: { events: ScheduleEvent[] } }
    }
    const saved = (await t.rpc(w.claims, 'save_section_content', {
      p_section_id: w.schedule.id,
      p_title: 'Schedule',
      p_data: { events: [...section.data.events, { name: 'Lunch', type: 'lunch' }] },
    })) as { section: { data: { events: Required<ScheduleEvent>[] } } }
    expect(await attempt(saved.section.data.events[3]!.id)).toEqual(unknown)
    // Closed, it still fails the same way for them (and rsvp_closed for a household it invites).
    await settings(w.claims, w, w.despedida, {
      isPrivate: true,
      householdIds: [w.santos.id, w.reyes.id],
      deadline: PAST,
    })
    expect(await attempt(w.despedida)).toEqual(unknown)
    await expect(
      submit(w, w.santos, [
        {
          personId: w.person(w.santos, 'Ana'),
          events: [{ eventId: w.despedida, isAttending: true }],
        },
      ]),
    ).rejects.toThrow('rsvp_closed')
    await settings(w.claims, w, w.despedida, {
      isPrivate: true,
      householdIds: [w.santos.id, w.reyes.id],
    })
  })

  test('is not in the site for anyone, nor in the search, the invitation link or the link preview', async () => {
    for (const claims of [null, w.claims]) {
      const site = (await rpcAs(t.db, claims, 'get_site', { p_slug: w.wedding.slug })) as {
        sections: { type: string; data: { events?: { id: string; name: string }[] } }[]
      }
      expect(
        site.sections.find((s) => s.type === 'schedule')!.data.events!.map((e) => e.name),
      ).toEqual(['Civil rite', 'Reception', 'Lunch'])
      secret(site, w.despedida, 'Despedida', 'Bahay ni Lola')
    }
    // The couple's editor keeps it.
    const content = (await t.rpc(w.claims, 'get_section_content', {
      p_section_id: w.schedule.id,
    })) as {
      section: { data: { events: { id: string }[] } }
    }
    expect(content.section.data.events.map((e) => e.id)).toContain(w.despedida)

    secret(
      await rpcAs(
        t.db,
        null,
        'search_persons',
        { p_slug: w.wedding.slug, p_query: 'elena cruz' },
        { 'cf-connecting-ip': newVisitor() },
      ),
      w.despedida,
      'Despedida',
    )
    const opened = await rpcAs(t.db, null, 'open_invitation', { p_token: w.token(w.cruz) })
    expect(opened).toMatchObject({ householdId: w.cruz.id })
    secret(opened, w.despedida, 'Despedida')
    for (const args of [
      { p_slug: w.wedding.slug, p_token: null },
      { p_slug: null, p_token: w.token(w.cruz) },
    ]) {
      const preview = await rpcAs(t.db, null, 'get_link_preview', args)
      expect(preview).toMatchObject({ slug: w.wedding.slug })
      secret(preview, w.despedida, 'Despedida', 'Bahay ni Lola')
    }
  })

  test('a public event left private by nobody: turning private off shows it to everyone again', async () => {
    const other = await eventsWedding()
    await withEvents(other)
    await settings(other.claims, other, other.despedida, { isPrivate: false })
    expect((await getRsvp(other, other.cruz)).events.map((e) => e.name)).toContain(
      'Despedida de soltera',
    )
    // And back: the list chosen before comes back with it.
    const events = await settings(other.claims, other, other.despedida, {
      isPrivate: true,
      householdIds: [other.santos.id, other.reyes.id],
    })
    expect(byId(events, other.despedida).householdIds.sort()).toEqual(
      [other.santos.id, other.reyes.id].sort(),
    )
    expect((await getRsvp(other, other.cruz)).events.map((e) => e.name)).not.toContain(
      'Despedida de soltera',
    )
  })
})

describe('counts per event, on a list with known answers', () => {
  test('each event counts the persons it invites, from its own answers', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const [ana, ben] = [w.person(w.santos, 'Ana'), w.person(w.santos, 'Ben')]
    const [carla, dani] = [w.person(w.reyes, 'Carla'), w.person(w.reyes, 'Dani')]
    const elena = w.person(w.cruz, 'Elena')
    // Santos: Ana yes to everything; Ben no to the reception, yes to the civil rite, no despedida answer.
    await submit(w, w.santos, [
      {
        personId: ana,
        isAttending: true,
        events: [
          { eventId: w.civil, isAttending: true },
          { eventId: w.despedida, isAttending: true },
        ],
      },
      { personId: ben, isAttending: false, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    // Reyes (one seat): Carla yes to the reception and the despedida, Dani no to the despedida.
    await submit(w, w.reyes, [
      { personId: carla, isAttending: true, events: [{ eventId: w.despedida, isAttending: true }] },
      {
        personId: dani,
        isAttending: false,
        events: [{ eventId: w.despedida, isAttending: false }],
      },
    ])
    // Cruz: Elena no to the civil rite only.
    await submit(w, w.cruz, [
      { personId: elena, events: [{ eventId: w.civil, isAttending: false }] },
    ])

    // Worked out by hand:
    //   civil (all 3 households, 5 persons): yes Ana, Ben = 2; no Elena = 1; pending Carla, Dani = 2.
    //   reception (main, 3 households, 5 persons): yes Ana, Carla = 2; no Ben, Dani = 2; pending Elena = 1.
    //   despedida (Santos and Reyes, 4 persons): yes Ana, Carla = 2; no Dani = 1; pending Ben = 1.
    // Still to answer counts Reyes (one seat) once: at the civil rite Carla and Dani have no reply
    // and one seat left, so one of them is beyond the seats.
    const events = await listEvents(w)
    expect(events.map((e) => [e.name, e.counts])).toEqual([
      [
        'Despedida de soltera',
        {
          households: 2,
          persons: 4,
          attending: 2,
          declined: 1,
          pending: 1,
          stillToAnswer: 1,
          beyondSeats: 0,
        },
      ],
      [
        'Civil rite',
        {
          households: 3,
          persons: 5,
          attending: 2,
          declined: 1,
          pending: 2,
          stillToAnswer: 1,
          beyondSeats: 1,
        },
      ],
      [
        'Reception',
        {
          households: 3,
          persons: 5,
          attending: 2,
          declined: 2,
          pending: 1,
          stillToAnswer: 1,
          beyondSeats: 0,
        },
      ],
    ])
    expect(byId(events, w.despedida).householdIds.sort()).toEqual([w.santos.id, w.reyes.id].sort())

    // A family helper of the groom's side counts the Reyes household only.
    const helper = await t.signUp('helper')
    const { token } = (await t.rpc(w.claims, 'create_member_invitation', {
      p_wedding_id: w.wedding.id,
      p_role: 'family_helper',
      p_side: 'groom',
    })) as { token: string }
    await t.rpc(helper, 'accept_member_invitation', { p_token: token, p_display_name: 'Tita Nena' })
    const helperView = await listEvents(w, helper)
    expect(helperView.map((e) => [e.name, e.counts])).toEqual([
      [
        'Despedida de soltera',
        {
          households: 1,
          persons: 2,
          attending: 1,
          declined: 1,
          pending: 0,
          stillToAnswer: 0,
          beyondSeats: 0,
        },
      ],
      [
        'Civil rite',
        {
          households: 1,
          persons: 2,
          attending: 0,
          declined: 0,
          pending: 2,
          stillToAnswer: 1,
          beyondSeats: 1,
        },
      ],
      [
        'Reception',
        {
          households: 1,
          persons: 2,
          attending: 1,
          declined: 1,
          pending: 0,
          stillToAnswer: 0,
          beyondSeats: 0,
        },
      ],
    ])
    expect(byId(helperView, w.despedida).householdIds).toEqual([w.reyes.id])
    const replies = (await t.rpc(helper, 'list_replies', { p_wedding_id: w.wedding.id })) as {
      personId: string
      eventId: string
    }[]
    expect(replies.map((r) => [r.eventId, r.personId]).sort()).toEqual(
      [
        [w.despedida, carla],
        [w.despedida, dani],
      ].sort(),
    )
    // The helper may read, not change the settings.
    await expect(settings(helper, w, w.civil, {})).rejects.toThrow('wedding_not_found')

    // The couple's replies list: the non-main events' replies of invited persons.
    const all = (await t.rpc(w.claims, 'list_replies', { p_wedding_id: w.wedding.id })) as {
      eventId: string
      personId: string
      isAttending: boolean
      recordedBy: string
    }[]
    expect(
      all
        .map(
          (r) => `${r.eventId === w.civil ? 'civil' : 'despedida'}:${r.personId}:${r.isAttending}`,
        )
        .sort(),
    ).toEqual(
      [
        `civil:${ana}:true`,
        `civil:${ben}:true`,
        `civil:${elena}:false`,
        `despedida:${ana}:true`,
        `despedida:${carla}:true`,
        `despedida:${dani}:false`,
      ].sort(),
    )
    expect(all.every((r) => r.recordedBy === 'guest')).toBe(true)

    // Replies of a household no longer invited are kept and ignored: Santos off the despedida.
    await settings(w.claims, w, w.despedida, { isPrivate: true, householdIds: [w.reyes.id] })
    expect(byId(await listEvents(w), w.despedida).counts).toEqual({
      households: 1,
      persons: 2,
      attending: 1,
      declined: 1,
      pending: 0,
      stillToAnswer: 0,
      beyondSeats: 0,
    })
    await settings(w.claims, w, w.despedida, {
      isPrivate: true,
      householdIds: [w.reyes.id, w.santos.id],
    })
    expect(byId(await listEvents(w), w.despedida).counts).toEqual({
      households: 2,
      persons: 4,
      attending: 2,
      declined: 1,
      pending: 1,
      stillToAnswer: 1,
      beyondSeats: 0,
    })
    // An event turned off counts nothing, and its replies come back with it.
    expect(
      byId(await settings(w.claims, w, w.civil, { takesRsvp: false }), w.civil).counts,
    ).toEqual({
      households: 0,
      persons: 0,
      attending: 0,
      declined: 0,
      pending: 0,
      stillToAnswer: 0,
      beyondSeats: 0,
    })
    expect(byId(await settings(w.claims, w, w.civil, {}), w.civil).counts.attending).toBe(2)
  })

  test('an usher, a stranger and a visitor are refused', async () => {
    const w = await eventsWedding()
    const usher = await t.signUp('usher')
    const { token } = (await t.rpc(w.claims, 'create_member_invitation', {
      p_wedding_id: w.wedding.id,
      p_role: 'usher',
    })) as { token: string }
    await t.rpc(usher, 'accept_member_invitation', { p_token: token, p_display_name: 'Kuya Jun' })
    const stranger = (await t.couple('Rosa', 'Pedro')).claims
    for (const claims of [usher, stranger]) {
      await expect(listEvents(w, claims)).rejects.toThrow('wedding_not_found')
      await expect(t.rpc(claims, 'list_replies', { p_wedding_id: w.wedding.id })).rejects.toThrow(
        'wedding_not_found',
      )
      await expect(settings(claims, w, w.civil, {})).rejects.toThrow('wedding_not_found')
    }
    await expect(t.rpc(null, 'list_events', { p_wedding_id: w.wedding.id })).rejects.toThrow()
  })
})

describe('the couple’s settings', () => {
  test('refuse an unknown event, a private main event, bad input, and turning off the main while others take RSVPs', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    await expect(settings(w.claims, w, crypto.randomUUID(), {})).rejects.toThrow('event_not_found')
    await expect(
      settings(w.claims, w, w.reception, { isMain: true, isPrivate: true }),
    ).rejects.toThrow('event_main_private')
    await expect(settings(w.claims, w, w.reception, { takesRsvp: false })).rejects.toThrow(
      'event_main_required',
    )
    await expect(settings(w.claims, w, w.reception, { isMain: false })).rejects.toThrow(
      'event_main_required',
    )
    await expect(settings(w.claims, w, w.civil, { takesRsvp: 'yes' })).rejects.toThrow(
      'invalid_input',
    )
    await expect(settings(w.claims, w, w.civil, { deadline: 'soon' })).rejects.toThrow(
      'invalid_input',
    )
    await expect(
      settings(w.claims, w, w.civil, { isMain: true, takesRsvp: false }),
    ).rejects.toThrow('invalid_input')
    const elsewhere = await eventsWedding()
    await expect(
      settings(w.claims, w, w.despedida, { isPrivate: true, householdIds: [elsewhere.cruz.id] }),
    ).rejects.toThrow('invalid_input')
    // The last RSVP events off: the main one may go last, and the wedding answers as one again.
    // Until then the only event taking RSVPs stays the main one, and is not private.
    await settings(w.claims, w, w.civil, { takesRsvp: false })
    await settings(w.claims, w, w.despedida, {
      takesRsvp: false,
      isPrivate: true,
      householdIds: [w.santos.id],
    })
    expect(
      byId(await settings(w.claims, w, w.reception, { isMain: false }), w.reception),
    ).toMatchObject({ isMain: true, takesRsvp: true })
    await expect(
      settings(w.claims, w, w.reception, { isPrivate: true, householdIds: [w.santos.id] }),
    ).rejects.toThrow('event_main_private')
    const events = await settings(w.claims, w, w.reception, { takesRsvp: false })
    expect(events.every((e) => !e.takesRsvp && !e.isMain)).toBe(true)
    expect((await getRsvp(w, w.cruz)).events).toEqual([])
    // The despedida, still private, stays out of the Cruz household's schedule.
    expect((await getRsvp(w, w.cruz)).wedding.events.map((e) => e.name)).toEqual([
      'Civil rite',
      'Reception',
    ])
  })

  test('making another event main swaps the answers, and swapping back brings them back', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const [ana, ben] = [w.person(w.santos, 'Ana'), w.person(w.santos, 'Ben')]
    const elena = w.person(w.cruz, 'Elena')
    await submit(w, w.santos, [
      { personId: ana, isAttending: true, events: [{ eventId: w.civil, isAttending: false }] },
      { personId: ben, isAttending: false, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    await submit(w, w.cruz, [
      { personId: elena, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    const before = await listEvents(w)

    const swapped = await settings(w.claims, w, w.civil, { isMain: true })
    expect(swapped.filter((e) => e.isMain).map((e) => e.id)).toEqual([w.civil])
    // The counts of each event do not move with the swap.
    expect(swapped.map((e) => e.counts)).toEqual(before.map((e) => e.counts))
    const own = Object.fromEntries(
      (await seatedReplies(t, { weddingId: w.wedding.id })).map((r) => [r.personId, r.isAttending]),
    )
    expect([own[ana], own[ben], own[elena]]).toEqual([false, true, true])
    const rsvp = await getRsvp(w, w.santos)
    expect(answerOf(rsvp, ana, w.reception)).toMatchObject({ isAttending: true })
    expect(answerOf(rsvp, ana, w.civil)).toMatchObject({ isAttending: false })
    expect(rsvp.events.find((e) => e.isMain)!.id).toBe(w.civil)

    const back = await settings(w.claims, w, w.reception, { isMain: true })
    expect(back.map((e) => [e.id, e.isMain, e.counts])).toEqual(
      before.map((e) => [e.id, e.isMain, e.counts]),
    )
    const again = await getRsvp(w, w.santos)
    expect(personOf(again, ana).isAttending).toBe(true)
    expect(personOf(again, ben).isAttending).toBe(false)
    expect(answerOf(again, ben, w.civil)).toMatchObject({ isAttending: true })
  })
})

describe('seat caps per event', () => {
  test('a household of one seat has one yes per event, however it answers', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const [carla, dani] = [w.person(w.reyes, 'Carla'), w.person(w.reyes, 'Dani')]
    await expect(
      submit(w, w.reyes, [
        { personId: carla, events: [{ eventId: w.despedida, isAttending: true }] },
        { personId: dani, events: [{ eventId: w.despedida, isAttending: true }] },
      ]),
    ).rejects.toThrow('rsvp_over_seat_cap')
    // One yes to each event: the reception, the civil rite and the despedida each hold one.
    await submit(w, w.reyes, [
      { personId: carla, isAttending: true, events: [{ eventId: w.despedida, isAttending: true }] },
      { personId: dani, isAttending: false, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    await expect(
      submit(w, w.reyes, [
        { personId: dani, events: [{ eventId: w.despedida, isAttending: true }] },
      ]),
    ).rejects.toThrow('rsvp_over_seat_cap')
    await expect(
      t.rpc(w.claims, 'record_reply', {
        p_wedding_id: w.wedding.id,
        p_event_id: w.despedida,
        p_person_id: dani,
        p_is_attending: true,
        p_response: [],
      }),
    ).rejects.toThrow('rsvp_over_seat_cap')
    // Santos, without a cap, are not limited; a cap below an event's yeses is refused.
    const [ana, ben] = [w.person(w.santos, 'Ana'), w.person(w.santos, 'Ben')]
    await submit(w, w.santos, [
      { personId: ana, events: [{ eventId: w.despedida, isAttending: true }] },
      { personId: ben, events: [{ eventId: w.despedida, isAttending: true }] },
    ])
    await expect(
      t.asOwner('update kasalan.households set seat_cap = 1 where id = $1', [w.santos.id]),
    ).rejects.toThrow('seat_cap_below_attending')
  })
})

describe('the couple records a reply, the history restores it', () => {
  test('record_reply writes the history; restore_rsvp puts the reply back', async () => {
    const w = await eventsWedding()
    await withEvents(w, PAST)
    const carla = w.person(w.reyes, 'Carla')
    const elena = w.person(w.cruz, 'Elena')
    const record = (eventId: string, personId: string, isAttending: boolean | null) =>
      t
        .rpc(w.claims, 'record_reply', {
          p_wedding_id: w.wedding.id,
          p_event_id: eventId,
          p_person_id: personId,
          p_is_attending: isAttending,
          p_response: [],
        })
        .then(
          (answer) =>
            (
              answer as {
                reply: {
                  eventId: string
                  personId: string
                  householdId: string
                  isAttending: boolean | null
                  recordedBy: string | null
                }
              }
            ).reply,
        )
    // The despedida is closed, yet the couple records a phone call.
    expect(await record(w.despedida, carla, true)).toMatchObject({
      eventId: w.despedida,
      personId: carla,
      householdId: w.reyes.id,
      isAttending: true,
      recordedBy: 'couple',
    })
    await expect(record(w.despedida, elena, true)).rejects.toThrow('invalid_input')
    // The main event named by its id is the person's own answer, as with no id (before 0036 it was
    // refused: record_event_reply answered only the other events).
    expect(await record(w.reception, elena, true)).toMatchObject({
      eventId: w.reception,
      isAttending: true,
    })
    await expect(record(crypto.randomUUID(), elena, true)).rejects.toThrow('event_not_found')
    expect(await record(w.despedida, carla, false)).toMatchObject({ isAttending: false })

    // A guest searching by name may not change what the couple recorded.
    await settings(w.claims, w, w.despedida, {
      isPrivate: true,
      householdIds: [w.santos.id, w.reyes.id],
      deadline: FUTURE,
    })
    await expect(
      submit(
        w,
        w.reyes,
        [{ personId: carla, events: [{ eventId: w.despedida, isAttending: true }] }],
        null,
      ),
    ).rejects.toThrow('rsvp_recorded_by_couple')

    const { changes } = (await t.rpc(w.claims, 'list_rsvp_changes', {
      p_wedding_id: w.wedding.id,
    })) as {
      changes: {
        id: string
        personId: string
        previous: Record<string, unknown>
        current: Record<string, unknown>
      }[]
    }
    const latest = changes[0]!
    expect(latest).toMatchObject({
      personId: carla,
      previous: { eventId: w.despedida, isAttending: true },
      current: { eventId: w.despedida, isAttending: false },
    })
    await t.rpc(w.claims, 'restore_rsvp', { p_wedding_id: w.wedding.id, p_change_id: latest.id })
    const rsvp = await getRsvp(w, w.reyes)
    expect(answerOf(rsvp, carla, w.despedida)).toMatchObject({ isAttending: true })
    // The first change (from no reply): restoring it clears the reply.
    const first = changes.find((c) => c.previous.isAttending === null && c.personId === carla)!
    await t.rpc(w.claims, 'restore_rsvp', { p_wedding_id: w.wedding.id, p_change_id: first.id })
    expect(answerOf(await getRsvp(w, w.reyes), carla, w.despedida)).toMatchObject({
      hasAnswered: false,
      isAttending: null,
    })
    // The activity log names the event of such a reply.
    const activity = await t.asOwner<{
      details: { persons: { name: string; eventId?: string }[] }
    }>(
      "select details from kasalan.wedding_activity where wedding_id = $1 and action = 'reply_recorded' and household_id = $2",
      [w.wedding.id, w.reyes.id],
    )
    expect(
      activity.rows.flatMap((r) => r.details.persons).every((p) => p.eventId === w.despedida),
    ).toBe(true)
    expect(activity.rows.length).toBeGreaterThan(0)
    // Clearing records null.
    await record(w.despedida, carla, true)
    expect(await record(w.despedida, carla, null)).toMatchObject({
      isAttending: null,
      recordedBy: null,
    })
  })
})

describe('the forecast per event', () => {
  test('null or the main event as before; another event over its invited persons and replies, with its questions', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    await t.rpc(w.claims, 'update_rsvp_settings', {
      p_wedding_id: w.wedding.id,
      p_deadline: null,
      p_questions: [
        {
          id: 'meal',
          question: 'Anong ulam?',
          kind: 'choice',
          options: ['Kare-kare', 'Manok'],
          eventId: w.reception,
        },
        {
          id: 'drink',
          question: 'Inumin?',
          kind: 'choice',
          options: ['Lambanog', 'Juice'],
          eventId: w.despedida,
        },
      ],
    })
    const [ana, ben] = [w.person(w.santos, 'Ana'), w.person(w.santos, 'Ben')]
    const [carla, dani] = [w.person(w.reyes, 'Carla'), w.person(w.reyes, 'Dani')]
    await submit(w, w.santos, [
      {
        personId: ana,
        isAttending: true,
        response: [{ questionId: 'meal', answer: 'Manok' }],
        events: [
          {
            eventId: w.despedida,
            isAttending: true,
            response: [{ questionId: 'drink', answer: 'Lambanog' }],
          },
        ],
      },
      { personId: ben, isAttending: true, events: [{ eventId: w.despedida, isAttending: false }] },
    ])
    await submit(w, w.reyes, [
      {
        personId: dani,
        events: [
          {
            eventId: w.despedida,
            isAttending: true,
            response: [{ questionId: 'drink', answer: 'Juice' }],
          },
        ],
      },
    ])
    type F = {
      households: { total: number; answered: number; pending: number }
      confirmed: { adults: number; children: number; total: number }
      declined: number
      pending: number
      questions: { id: string; counts: { answer: string; count: number }[] }[]
    }
    const forecast = (eventId: string | null) =>
      t.rpc(w.claims, 'get_pax_forecast', {
        p_wedding_id: w.wedding.id,
        p_event_id: eventId,
      }) as Promise<F>
    const main = await forecast(null)
    expect(await forecast(w.reception)).toEqual(main)
    // Reception: Ana, Ben yes (2 adults); Carla, Dani, Elena pending; Reyes' one seat counts 1 pending.
    expect(main).toMatchObject({
      households: { total: 3, answered: 1, pending: 2 },
      confirmed: { adults: 2, children: 0, total: 2 },
      declined: 0,
      pending: 2,
    })
    expect(main.questions.map((q) => q.id)).toEqual(['meal'])
    // Despedida (Santos, Reyes): Ana yes, Ben no, Dani yes (a child), Carla pending but Reyes' seat is taken.
    const despedida = await forecast(w.despedida)
    expect(despedida).toMatchObject({
      households: { total: 2, answered: 2, pending: 0 },
      confirmed: { adults: 1, children: 1, total: 2 },
      declined: 1,
      pending: 0,
    })
    expect(despedida.questions).toMatchObject([
      {
        id: 'drink',
        counts: [
          { answer: 'Lambanog', count: 1 },
          { answer: 'Juice', count: 1 },
        ],
      },
    ])
    void carla
    await expect(forecast(crypto.randomUUID())).rejects.toThrow('event_not_found')
  })
})

describe('the wedding file', () => {
  test('carries the events, who a private one invites and the replies; an older file still imports', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const ana = w.person(w.santos, 'Ana')
    const carla = w.person(w.reyes, 'Carla')
    await submit(w, w.santos, [
      {
        personId: ana,
        isAttending: true,
        events: [
          { eventId: w.despedida, isAttending: true },
          { eventId: w.civil, isAttending: false },
        ],
      },
    ])
    await submit(w, w.reyes, [
      { personId: carla, events: [{ eventId: w.despedida, isAttending: false }] },
    ])
    const file = (await t.rpc(w.claims, 'export_wedding', {
      p_wedding_id: w.wedding.id,
    })) as Record<string, unknown[]>
    expect(file.events).toHaveLength(3)
    expect(file.eventGuests).toHaveLength(2)
    // Every answer is an event's reply, the main event's (Ana's reception) too.
    expect(file.eventReplies).toHaveLength(4)
    const before = await listEvents(w)

    // Into another couple's new wedding, in this database: the households get new ids, the
    // invitations and replies follow them.
    const other = await t.couple('Liza', 'Enrique')
    await t.rpc(other.claims, 'import_wedding', { p_wedding_id: other.wedding.id, p_file: file })
    const after = (await t.rpc(other.claims, 'list_events', {
      p_wedding_id: other.wedding.id,
    })) as ListedEvent[]
    const strip = (events: ListedEvent[]) =>
      events.map(({ householdIds, ...rest }) => ({ ...rest, invited: householdIds.length }))
    expect(strip(after)).toEqual(strip(before))
    const { rows } = await t.asOwner<{ n: number }>(
      `select count(*)::int as n from kasalan.event_guests eg join kasalan.households g on g.id = eg.household_id
        where eg.wedding_id = $1 and g.wedding_id = $1`,
      [other.wedding.id],
    )
    expect(rows[0]!.n).toBe(2)
    const replies = (await t.rpc(other.claims, 'list_replies', {
      p_wedding_id: other.wedding.id,
    })) as unknown[]
    expect(replies).toHaveLength(3)

    // An older file, without the events' lists.
    const third = await t.couple('Mila', 'Jose')
    const { events: _e, eventGuests: _g, eventReplies: _r, ...older } = file
    await t.rpc(third.claims, 'import_wedding', { p_wedding_id: third.wedding.id, p_file: older })
    const listed = (await t.rpc(third.claims, 'list_events', {
      p_wedding_id: third.wedding.id,
    })) as ListedEvent[]
    expect(listed.map((e) => [e.name, e.takesRsvp])).toEqual([
      ['Despedida de soltera', false],
      ['Civil rite', false],
      ['Reception', false],
    ])

    // A reply naming a person of another wedding is refused.
    const fourth = await t.couple('Nora', 'Leo')
    const hostile = {
      ...file,
      eventReplies: [
        {
          ...(file.eventReplies![0] as Record<string, unknown>),
          person_id: w.person(w.cruz, 'Elena'),
        },
      ],
    }
    await expect(
      t.rpc(fourth.claims, 'import_wedding', { p_wedding_id: fourth.wedding.id, p_file: hostile }),
    ).rejects.toThrow('invalid_input')
  })
})

describe.runIf(ENGINE === 'postgres')('at once, on real PostgreSQL', () => {
  async function both(
    first: (s: Session) => Promise<unknown>,
    second: (s: Session) => Promise<unknown>,
    claims: [Claims, Claims],
  ) {
    const a = await t.session()
    const b = await t.session()
    try {
      await a.begin(claims[0])
      await first(a)
      await b.begin(claims[1])
      let settled = false
      const secondDone = (async () => {
        try {
          const value = await second(b)
          await b.commit()
          return { value }
        } catch (error) {
          await b.rollback().catch(() => undefined)
          return { error: (error as Error).message }
        } finally {
          settled = true
        }
      })()
      await t.waitUntilBlocked(b.pid, () => settled)
      await a.commit()
      return await secondDone
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  }

  test('two phones of one household answering the despedida at once: one after the other, the seat held', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const [carla, dani] = [w.person(w.reyes, 'Carla'), w.person(w.reyes, 'Dani')]
    const answer = (personId: string) => (s: Session) =>
      s.rpc('submit_rsvp', {
        p_household_id: w.reyes.id,
        p_person_id: carla,
        p_answers: [{ personId, events: [{ eventId: w.despedida, isAttending: true }] }],
        p_message: null,
        p_code: w.code(w.reyes),
      })
    // Reyes has one seat: Carla's phone and Dani's phone both say yes.
    const second = await both(answer(carla), answer(dani), [null, null])
    expect(second).toEqual({ error: 'rsvp_over_seat_cap' })
    const { rows } = await t.asOwner<{ person_id: string; is_attending: boolean }>(
      'select person_id, is_attending from kasalan.event_replies where household_id = $1',
      [w.reyes.id],
    )
    expect(rows).toEqual([{ person_id: carla, is_attending: true }])

    // Santos, without a cap: both phones answer Ana at once; the later answer stands, each in the history.
    const ana = w.person(w.santos, 'Ana')
    const santos = (isAttending: boolean) => (s: Session) =>
      s.rpc('submit_rsvp', {
        p_household_id: w.santos.id,
        p_person_id: ana,
        p_answers: [{ personId: ana, events: [{ eventId: w.despedida, isAttending }] }],
        p_message: null,
        p_code: w.code(w.santos),
      })
    expect(await both(santos(true), santos(false), [null, null])).toHaveProperty('value')
    const rsvp = await getRsvp(w, w.santos)
    expect(answerOf(rsvp, ana, w.despedida)).toMatchObject({ isAttending: false })
    const history = await t.asOwner<{ n: number }>(
      "select count(*)::int as n from kasalan.rsvp_changes where person_id = $1 and current ->> 'eventId' = $2",
      [ana, w.despedida],
    )
    expect(history.rows[0]!.n).toBe(2)
  })

  test('a main swap racing a guest’s answer ends with every answer where it belongs', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const ana = w.person(w.santos, 'Ana')
    const ben = w.person(w.santos, 'Ben')
    await submit(w, w.santos, [
      { personId: ben, isAttending: false, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    const guest = (s: Session) =>
      s.rpc('submit_rsvp', {
        p_household_id: w.santos.id,
        p_person_id: ana,
        p_answers: [{ personId: ana, events: [{ eventId: w.civil, isAttending: true }] }],
        p_message: null,
        p_code: w.code(w.santos),
      })
    const swap = (s: Session) =>
      s.rpc('save_event_settings', {
        p_wedding_id: w.wedding.id,
        p_event_id: w.civil,
        p_settings: {
          takesRsvp: true,
          deadline: null,
          isPrivate: false,
          isMain: true,
          householdIds: [],
        },
      })
    // The guest first, the swap waits for the household; then the swap first, the guest waits.
    expect(await both(guest, swap, [null, w.claims])).toHaveProperty('value')
    let rsvp = await getRsvp(w, w.santos)
    expect(rsvp.events.find((e) => e.isMain)!.id).toBe(w.civil)
    expect(answerOf(rsvp, ana, w.civil)).toMatchObject({ isAttending: true })
    expect(personOf(rsvp, ana).isAttending).toBe(true)
    expect(answerOf(rsvp, ben, w.reception)).toMatchObject({ isAttending: false })
    expect(answerOf(rsvp, ben, w.civil)).toMatchObject({ isAttending: true })

    const back = (s: Session) =>
      s.rpc('save_event_settings', {
        p_wedding_id: w.wedding.id,
        p_event_id: w.reception,
        p_settings: {
          takesRsvp: true,
          deadline: null,
          isPrivate: false,
          isMain: true,
          householdIds: [],
        },
      })
    const guestReception = (s: Session) =>
      s.rpc('submit_rsvp', {
        p_household_id: w.santos.id,
        p_person_id: ana,
        p_answers: [{ personId: ana, events: [{ eventId: w.reception, isAttending: true }] }],
        p_message: null,
        p_code: w.code(w.santos),
      })
    // The swap holds the households; the guest's answer to the reception (now the main event again) lands on Ana.
    expect(await both(back, guestReception, [w.claims, null])).toHaveProperty('value')
    rsvp = await getRsvp(w, w.santos)
    expect(rsvp.events.find((e) => e.isMain)!.id).toBe(w.reception)
    expect(personOf(rsvp, ana).isAttending).toBe(true)
    expect(answerOf(rsvp, ana, w.civil)).toMatchObject({ isAttending: true })
    expect(answerOf(rsvp, ben, w.civil)).toMatchObject({ isAttending: true })
    expect(personOf(rsvp, ben).isAttending).toBe(false)
    // The persons' answers are the reception's replies, each once.
    const { rows } = await t.asOwner<{ person_id: string; is_attending: boolean }>(
      'select person_id, is_attending from kasalan.event_replies where wedding_id = $1 and event_id = $2',
      [w.wedding.id, w.reception],
    )
    expect(Object.fromEntries(rows.map((r) => [r.person_id, r.is_attending]))).toEqual({
      [ana]: true,
      [ben]: false,
    })
  })
})

describe.runIf(ENGINE === 'pglite')('a database with answers from before events', () => {
  test(
    'keeps every answer through 0023, its events gain ids, and the answers become the main event’s',
    { timeout: 120_000 },
    async () => {
      const files = readSqlFiles()
      const db = await PGlite.create({ extensions: { pgcrypto, unaccent, pg_trgm } })
      try {
        // The demo wedding as the seed made it then: its answers on the persons.
        const seed = readFileSync(
          new URL('./fixtures/seed-before-0035.sql', import.meta.url),
          'utf8',
        )
        await bootstrap(db, {
          ...files,
          seed,
          migrations: files.migrations.filter(({ version }) => version < '0023'),
        })
        // The demo wedding's guests answer: the first person of each household yes with a meal, the others no.
        await db.query(
          `update kasalan.persons set is_attending = (position = 0), responded_at = now(), rsvp_recorded_by = 'guest',
           response = case when position = 0 then '[{"questionId": "meal", "question": "Ulam?", "answer": "Manok"}]'::jsonb else '[]'::jsonb end
         where wedding_id = $1`,
          [DEMO.weddingId],
        )
        const answers = () =>
          db.query<{ id: string; is_attending: boolean; response: unknown }>(
            'select id, is_attending, response from kasalan.persons where wedding_id = $1 order by id',
            [DEMO.weddingId],
          )
        const schedule = () =>
          db.query<{ events: Record<string, unknown>[] }>(
            "select data -> 'events' as events from kasalan.sections where wedding_id = $1 and type = 'schedule'",
            [DEMO.weddingId],
          )
        const before = {
          answers: (await answers()).rows,
          events: (await schedule()).rows[0]!.events,
        }
        expect(before.events.length).toBe(4)
        expect(before.events.some((e) => 'id' in e)).toBe(false)

        expect(
          await bootstrap(db, {
            ...files,
            migrations: files.migrations.filter(({ version }) => version < '0035'),
          }),
        ).toContain('0023_event_rsvps')
        expect((await answers()).rows).toEqual(before.answers)
        const events = (await schedule()).rows[0]!.events
        expect(events.map(({ id: _id, ...rest }) => rest)).toEqual(before.events)
        for (const event of events) expect(event.id).toMatch(UUID)
        expect(new Set(events.map((e) => e.id)).size).toBe(4)

        // Single-event until the couple says otherwise: no events in the guests' answer.
        const household = await db.query<{ household_id: string; id: string }>(
          'select household_id, id from kasalan.persons where wedding_id = $1 and position = 0 limit 1',
          [DEMO.weddingId],
        )
        const { household_id: householdId, id: personId } = household.rows[0]!
        const rsvp = (await callRpc(db, DEMO_CLAIMS, 'get_rsvp', {
          p_household_id: householdId,
          p_person_id: personId,
        })) as Rsvp
        expect(rsvp.events).toEqual([])
        expect(personOf(rsvp, personId).isAttending).toBe(true)

        // The ceremony and the first reception (Salu-salo) take RSVPs: the reception is the main one, with the answers.
        const set = (eventId: unknown) =>
          callRpc(db, DEMO_CLAIMS, 'save_event_settings', {
            p_wedding_id: DEMO.weddingId,
            p_event_id: eventId,
            p_settings: {
              takesRsvp: true,
              deadline: null,
              isPrivate: false,
              isMain: false,
              householdIds: [],
            },
          }) as Promise<ListedEvent[]>
        await set(events[2]!.id)
        const listed = await set(events[0]!.id)
        const yes = before.answers.filter((a) => a.is_attending).length
        const no = before.answers.filter((a) => !a.is_attending).length
        expect(byId(listed, events[2]!.id as string)).toMatchObject({
          name: 'Salu-salo',
          isMain: true,
          counts: { persons: before.answers.length, attending: yes, declined: no, pending: 0 },
        })
        expect(byId(listed, events[0]!.id as string)).toMatchObject({
          isMain: false,
          counts: { attending: 0, pending: before.answers.length },
        })
        const after = (await callRpc(db, DEMO_CLAIMS, 'get_rsvp', {
          p_household_id: householdId,
          p_person_id: personId,
        })) as Rsvp
        expect(answerOf(after, personId, events[2]!.id as string)).toMatchObject({
          isAttending: true,
          response: [{ answer: 'Manok' }],
        })
        expect((await answers()).rows).toEqual(before.answers)

        // 0035: every answer an event's reply. The persons' answers are the reception's replies, and
        // nothing the guest or the couple reads changes.
        const listedBefore = await callRpc(db, DEMO_CLAIMS, 'list_events', {
          p_wedding_id: DEMO.weddingId,
        })
        expect(await bootstrap(db, files)).toContain('0035_one_rsvp_model')
        const replies = await db.query<{ id: string; is_attending: boolean; response: unknown }>(
          `select person_id as id, is_attending, response from kasalan.event_replies
            where wedding_id = $1 and event_id = $2 order by person_id`,
          [DEMO.weddingId, events[2]!.id],
        )
        expect(replies.rows).toEqual(before.answers)
        expect(
          await callRpc(db, DEMO_CLAIMS, 'get_rsvp', {
            p_household_id: householdId,
            p_person_id: personId,
          }),
        ).toEqual(after)
        expect(
          await callRpc(db, DEMO_CLAIMS, 'list_events', { p_wedding_id: DEMO.weddingId }),
        ).toEqual(listedBefore)
      } finally {
        await db.close()
      }
    },
  )
})

describe('fixes after review', () => {
  const seatedRows = async (w: W) =>
    Object.fromEntries(
      (await seatedReplies(t, { weddingId: w.wedding.id })).map((r) => [r.personId, r.isAttending]),
    )
  const replyRows = async (w: W, eventId: string) => {
    const { rows } = await t.asOwner<{ person_id: string; is_attending: boolean }>(
      'select person_id, is_attending from kasalan.event_replies where wedding_id = $1 and event_id = $2',
      [w.wedding.id, eventId],
    )
    return Object.fromEntries(rows.map((r) => [r.person_id, r.is_attending]))
  }
  const withoutEvent = async (w: W, eventId: string) => {
    const { section } = (await t.rpc(w.claims, 'get_section_content', {
      p_section_id: w.schedule.id,
    })) as { section: { data: { events: { id: string }[] } } }
    await t.rpc(w.claims, 'save_section_content', {
      p_section_id: w.schedule.id,
      p_title: 'Schedule',
      p_data: { events: section.data.events.filter((e) => e.id !== eventId) },
    })
    return async () =>
      t.rpc(w.claims, 'save_section_content', {
        p_section_id: w.schedule.id,
        p_title: 'Schedule',
        p_data: { events: section.data.events },
      })
  }

  test('the last RSVP event turned off keeps the main mark: turning events on again loses no answer', async () => {
    const w = await eventsWedding()
    await settings(w.claims, w, w.reception, {})
    await settings(w.claims, w, w.civil, {})
    const [ana, ben] = [w.person(w.santos, 'Ana'), w.person(w.santos, 'Ben')]
    // Reception (main): Ana yes, Ben no. Civil: Ana no, Ben yes.
    await submit(w, w.santos, [
      { personId: ana, isAttending: true, events: [{ eventId: w.civil, isAttending: false }] },
      { personId: ben, isAttending: false, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    // Civil's RSVPs off, then the reception's (the last): the wedding answers as one again.
    await settings(w.claims, w, w.civil, { takesRsvp: false })
    const off = await settings(w.claims, w, w.reception, { takesRsvp: false })
    expect(off.filter((e) => e.isMain || e.takesRsvp)).toEqual([])
    expect((await getRsvp(w, w.santos)).events).toEqual([])
    expect(await replyRows(w, w.civil)).toEqual({ [ana]: false, [ben]: true })
    // The event whose answers are on the persons is not made private, even with RSVPs off.
    expect(
      await failure(
        settings(w.claims, w, w.reception, {
          takesRsvp: false,
          isPrivate: true,
          householdIds: [w.santos.id],
        }),
      ),
    ).toMatchObject({ message: 'event_main_private' })

    // Civil on again: it becomes the main one, its replies the persons' own answers; the
    // reception's stay its replies.
    const on = await settings(w.claims, w, w.civil, {})
    expect(on.filter((e) => e.isMain).map((e) => e.id)).toEqual([w.civil])
    expect((await seatedRows(w))[ana]).toBe(false)
    expect((await seatedRows(w))[ben]).toBe(true)
    expect(await replyRows(w, w.reception)).toEqual({ [ana]: true, [ben]: false })
    expect(await replyRows(w, w.civil)).toEqual({ [ana]: false, [ben]: true })

    // The reception on again and main again: every answer where it was.
    await settings(w.claims, w, w.reception, {})
    const back = await settings(w.claims, w, w.reception, { isMain: true })
    expect(back.filter((e) => e.isMain).map((e) => e.id)).toEqual([w.reception])
    const rsvp = await getRsvp(w, w.santos)
    expect(answerOf(rsvp, ana, w.reception)?.isAttending).toBe(true)
    expect(answerOf(rsvp, ana, w.civil)?.isAttending).toBe(false)
    expect(answerOf(rsvp, ben, w.reception)?.isAttending).toBe(false)
    expect(answerOf(rsvp, ben, w.civil)?.isAttending).toBe(true)
    expect(byId(back, w.reception).counts).toMatchObject({ attending: 1, declined: 1 })
    expect(byId(back, w.civil).counts).toMatchObject({ attending: 1, declined: 1 })
  })

  test('restore_rsvp after a main swap puts an answer back into the event it answered, both ways', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const ana = w.person(w.santos, 'Ana')
    // Ana: reception (main) no -> yes; civil no -> yes.
    await submit(w, w.santos, [
      { personId: ana, isAttending: false, events: [{ eventId: w.civil, isAttending: false }] },
    ])
    await submit(w, w.santos, [
      { personId: ana, isAttending: true, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    const changes = async () =>
      (
        await t.asOwner<{
          id: string
          current: Record<string, unknown>
          previous: Record<string, unknown>
        }>(
          'select id, current, previous from kasalan.rsvp_changes where person_id = $1 order by changed_at desc, id',
          [ana],
        )
      ).rows
    const rows = await changes()
    const mainChange = rows.find(
      (r) => r.current.mainEventId === w.reception && r.current.isAttending === true,
    )!
    expect(mainChange).toBeDefined()
    expect(mainChange.current).not.toHaveProperty('eventId')
    expect(mainChange.previous.mainEventId).toBe(w.reception)
    const civilChange = rows.find(
      (r) => r.current.eventId === w.civil && r.current.isAttending === true,
    )!

    // The civil rite becomes the main event.
    await settings(w.claims, w, w.civil, { isMain: true })
    const show = async () => {
      const r = await getRsvp(w, w.santos)
      return [answerOf(r, ana, w.reception)?.isAttending, answerOf(r, ana, w.civil)?.isAttending]
    }
    expect(await show()).toEqual([true, true])
    // Undo the reception's yes (given while it was the main event): back in its replies.
    await t.rpc(w.claims, 'restore_rsvp', {
      p_wedding_id: w.wedding.id,
      p_change_id: mainChange.id,
    })
    expect(await show()).toEqual([false, true])
    expect((await seatedRows(w))[ana]).toBe(true)
    // Undo the civil yes (given while it was a reply): back on the person, the main event's answer.
    await t.rpc(w.claims, 'restore_rsvp', {
      p_wedding_id: w.wedding.id,
      p_change_id: civilChange.id,
    })
    expect(await show()).toEqual([false, false])
    expect((await seatedRows(w))[ana]).toBe(false)
    expect(await replyRows(w, w.civil)).toEqual({ [ana]: false })
    const restored = (await changes())[0]!
    expect(restored.current).toMatchObject({ isAttending: false, mainEventId: w.civil })
    expect(restored.current).not.toHaveProperty('eventId')

    // A change from before the key (no eventId, no mainEventId) is the person's own answer, as always.
    await t.asOwner(
      "update kasalan.rsvp_changes set previous = previous - 'mainEventId', current = current - 'mainEventId' where id = $1",
      [mainChange.id],
    )
    await t.rpc(w.claims, 'restore_rsvp', {
      p_wedding_id: w.wedding.id,
      p_change_id: mainChange.id,
    })
    expect(await show()).toEqual([false, false])
    expect((await seatedRows(w))[ana]).toBe(false)
    expect(await replyRows(w, w.reception)).toMatchObject({ [ana]: false })
  })

  test('a private event takes RSVPs only beside a public main event', async () => {
    const w = await eventsWedding()
    expect(
      await failure(
        settings(w.claims, w, w.despedida, { isPrivate: true, householdIds: [w.santos.id] }),
      ),
    ).toMatchObject({ message: 'event_main_required' })
    expect((await listEvents(w)).filter((e) => e.takesRsvp)).toEqual([])
    // Private without RSVPs is fine; with a public main, it takes them.
    await settings(w.claims, w, w.despedida, {
      takesRsvp: false,
      isPrivate: true,
      householdIds: [w.santos.id],
    })
    await settings(w.claims, w, w.reception, {})
    const saved = await settings(w.claims, w, w.despedida, {
      isPrivate: true,
      householdIds: [w.santos.id],
    })
    expect(byId(saved, w.despedida)).toMatchObject({
      takesRsvp: true,
      isPrivate: true,
      isMain: false,
    })
  })

  test('an uninvited household is told the same whether a hidden event takes RSVPs or not', async () => {
    // a: the despedida, private to Santos and Reyes, is the only event left taking RSVPs (the main
    // reception left the schedule); b: the same wedding without the private event taking RSVPs.
    const told = async (hidden: boolean) => {
      const w = await eventsWedding()
      await withEvents(w)
      await settings(w.claims, w, w.civil, { takesRsvp: false })
      if (!hidden) {
        await settings(w.claims, w, w.despedida, {
          takesRsvp: false,
          isPrivate: true,
          householdIds: [w.santos.id],
        })
      }
      await withoutEvent(w, w.reception)
      const out = []
      for (const deadline of [PAST, FUTURE]) {
        await t.rpc(w.claims, 'update_rsvp_settings', {
          p_wedding_id: w.wedding.id,
          p_deadline: deadline,
          p_questions: [],
        })
        out.push(await failure(submit(w, w.cruz, [])))
        out.push(
          await failure(submit(w, w.cruz, [{ personId: crypto.randomUUID(), isAttending: true }])),
        )
        out.push(
          await failure(
            submit(w, w.cruz, [
              {
                personId: w.person(w.cruz, 'Elena'),
                events: [{ eventId: w.despedida, isAttending: true }],
              },
            ]),
          ),
        )
      }
      return { w, out }
    }
    const a = await told(true)
    const b = await told(false)
    expect(a.out).toEqual(b.out)
    expect(a.out[0]).toEqual({ message: 'rsvp_closed', detail: null })
    expect((await getRsvp(a.w, a.w.cruz)).events).toEqual([])
    // Santos, invited, still answers the despedida.
    const santos = await submit(a.w, a.w.santos, [
      {
        personId: a.w.person(a.w.santos, 'Ana'),
        events: [{ eventId: a.w.despedida, isAttending: true }],
      },
    ])
    expect(answerOf(santos, a.w.person(a.w.santos, 'Ana'), a.w.despedida)?.isAttending).toBe(true)
  })

  test('with the main event out of the schedule, an answer for the wedding is refused and the kept answers stay', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const ana = w.person(w.santos, 'Ana')
    await submit(w, w.santos, [{ personId: ana, isAttending: true }])
    const putBack = await withoutEvent(w, w.reception)
    expect((await getRsvp(w, w.santos)).events.map((e) => [e.id, e.isMain])).toEqual([
      [w.despedida, false],
      [w.civil, false],
    ])
    expect(
      await failure(submit(w, w.santos, [{ personId: ana, isAttending: false }])),
    ).toMatchObject({
      message: 'invalid_input',
    })
    expect(
      await failure(
        t.rpc(w.claims, 'record_reply', {
          p_wedding_id: w.wedding.id,
          p_person_id: ana,
          p_is_attending: false,
          p_response: [],
        }),
      ),
    ).toMatchObject({ message: 'invalid_input' })
    expect(
      await failure(
        t.rpc(w.claims, 'record_reply', {
          p_wedding_id: w.wedding.id,
          p_person_id: ana,
          p_is_attending: null,
          p_response: [],
        }),
      ),
    ).toMatchObject({ message: 'invalid_input' })
    expect((await seatedRows(w))[ana]).toBe(true)
    // The other events still answer.
    await submit(w, w.santos, [
      { personId: ana, events: [{ eventId: w.civil, isAttending: false }] },
    ])
    await putBack()
    const page = await getRsvp(w, w.santos)
    expect(answerOf(page, ana, w.reception)?.isAttending).toBe(true)
    expect(answerOf(page, ana, w.civil)?.isAttending).toBe(false)
  })

  test('a swap keeps the new main event’s own deadline, ignored while it is main', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    await settings(w.claims, w, w.civil, { deadline: '2030-06-01' })
    const asMain = await settings(w.claims, w, w.civil, { isMain: true })
    expect(byId(asMain, w.civil)).toMatchObject({ isMain: true, deadline: null })
    expect(byId(asMain, w.civil).effectiveDeadline).toBe(
      byId(asMain, w.reception).effectiveDeadline,
    )
    const back = await settings(w.claims, w, w.reception, { isMain: true })
    expect(byId(back, w.civil)).toMatchObject({
      isMain: false,
      deadline: '2030-06-01',
      effectiveDeadline: '2030-06-01',
    })
  })

  test('a swap there and back keeps who recorded a reply: the member and their account', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const coordinator = await t.signUp('coordinator')
    const { token } = (await t.rpc(w.claims, 'create_member_invitation', {
      p_wedding_id: w.wedding.id,
      p_role: 'coordinator',
      p_side: null,
    })) as { token: string }
    await t.rpc(coordinator, 'accept_member_invitation', {
      p_token: token,
      p_display_name: 'Ate Joy',
    })
    const [ana, ben] = [w.person(w.santos, 'Ana'), w.person(w.santos, 'Ben')]
    const record = (claims: Claims, personId: string, isAttending: boolean) =>
      t.rpc(claims, 'record_reply', {
        p_wedding_id: w.wedding.id,
        p_event_id: w.civil,
        p_person_id: personId,
        p_is_attending: isAttending,
        p_response: [],
      })
    await record(coordinator, ana, true)
    await record(w.claims, ben, false)
    const civilReplies = async () =>
      (
        await t.asOwner<{
          person_id: string
          recorded_by: string
          recorded_by_user: string | null
        }>(
          'select person_id, recorded_by, recorded_by_user from kasalan.event_replies where wedding_id = $1 and event_id = $2 order by person_id',
          [w.wedding.id, w.civil],
        )
      ).rows
    const before = await civilReplies()
    expect(before).toEqual(
      expect.arrayContaining([
        { person_id: ana, recorded_by: 'member', recorded_by_user: coordinator!.sub },
        { person_id: ben, recorded_by: 'couple', recorded_by_user: w.claims!.sub },
      ]),
    )
    await settings(w.claims, w, w.civil, { isMain: true })
    await settings(w.claims, w, w.reception, { isMain: true })
    expect(await civilReplies()).toEqual(before)
  })

  test('a full household’s seat cap tells a guest no numbers, the couple the numbers', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const [carla, dani] = [w.person(w.reyes, 'Carla'), w.person(w.reyes, 'Dani')]
    await submit(w, w.reyes, [
      { personId: carla, isAttending: true, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    // By the code and by the name search, for another event and for the main one.
    for (const code of [w.code(w.reyes), null]) {
      expect(
        await failure(
          submit(
            w,
            w.reyes,
            [{ personId: dani, events: [{ eventId: w.civil, isAttending: true }] }],
            code,
          ),
        ),
      ).toEqual({ message: 'rsvp_over_seat_cap', detail: null })
      expect(
        await failure(submit(w, w.reyes, [{ personId: dani, isAttending: true }], code)),
      ).toEqual({
        message: 'rsvp_over_seat_cap',
        detail: null,
      })
    }
    // The couple is told how many.
    expect(
      await failure(
        t.rpc(w.claims, 'record_reply', {
          p_wedding_id: w.wedding.id,
          p_person_id: dani,
          p_is_attending: true,
          p_response: [],
        }),
      ),
    ).toEqual({ message: 'rsvp_over_seat_cap', detail: '2 attending, 1 seats' })
    expect(
      await failure(
        t.rpc(w.claims, 'record_reply', {
          p_wedding_id: w.wedding.id,
          p_event_id: w.civil,
          p_person_id: dani,
          p_is_attending: true,
          p_response: [],
        }),
      ),
    ).toEqual({ message: 'rsvp_over_seat_cap', detail: '2 attending, 1 seats' })
  })
})

describe('one model: every answer an event’s reply (0035)', () => {
  const WHOLE_WEDDING = '00000000-0000-0000-0000-000000000000'
  const repliesByEvent = async (w: W) => {
    const { rows } = await t.asOwner<{
      event_id: string
      person_id: string
      is_attending: boolean
    }>(
      `select event_id, person_id, is_attending from kasalan.event_replies
        where wedding_id = $1 order by event_id, person_id`,
      [w.wedding.id],
    )
    return rows
  }
  const mainRows = async (w: W) =>
    (
      await t.asOwner<{ event_id: string }>(
        'select event_id from kasalan.wedding_events where wedding_id = $1 and is_main',
        [w.wedding.id],
      )
    ).rows.map((r) => r.event_id)
  const answersOnTheList = async (w: W) =>
    (
      (await t.rpc(w.claims, 'list_households', { p_wedding_id: w.wedding.id })) as {
        persons: { id: string; isAttending: boolean | null; response: unknown }[]
      }[]
    ).flatMap((h) => h.persons.map((p) => [p.id, p.isAttending, p.response]))

  test('a new wedding answers as one: its main event is the whole wedding, in no schedule', async () => {
    const w = await eventsWedding()
    expect(await mainRows(w)).toEqual([WHOLE_WEDDING])
    expect((await listEvents(w)).map((e) => e.id)).not.toContain(WHOLE_WEDDING)
    const ana = w.person(w.santos, 'Ana')
    await submit(w, w.santos, [
      { personId: ana, isAttending: true },
      { personId: w.person(w.santos, 'Ben'), isAttending: false },
    ])
    expect(await repliesByEvent(w)).toEqual(
      expect.arrayContaining([{ event_id: WHOLE_WEDDING, person_id: ana, is_attending: true }]),
    )
    expect(await repliesByEvent(w)).toHaveLength(2)
    // Nobody can name the whole wedding as a schedule event.
    const { section } = (await t.rpc(w.claims, 'get_section_content', {
      p_section_id: w.schedule.id,
    })) as { section: { data: { events: ScheduleEvent[] } } }
    expect(
      await failure(
        t.rpc(w.claims, 'save_section_content', {
          p_section_id: w.schedule.id,
          p_title: 'Schedule',
          p_data: { events: [...section.data.events, { id: WHOLE_WEDDING, name: 'X', type: 'x' }] },
        }),
      ),
    ).toMatchObject({ message: 'invalid_input' })
  })

  test('the first event made the main one takes the whole wedding’s answers; nothing the couple or a guest reads changes', async () => {
    const w = await eventsWedding()
    const [ana, ben] = [w.person(w.santos, 'Ana'), w.person(w.santos, 'Ben')]
    await submit(w, w.santos, [
      { personId: ana, isAttending: true },
      { personId: ben, isAttending: false },
    ])
    const listed = await answersOnTheList(w)
    const seated = await seatedReplies(t, { weddingId: w.wedding.id })
    await settings(w.claims, w, w.reception, {})
    expect(await mainRows(w)).toEqual([w.reception])
    expect(await answersOnTheList(w)).toEqual(listed)
    expect(await seatedReplies(t, { weddingId: w.wedding.id })).toEqual(seated)
    expect((await repliesByEvent(w)).map((r) => r.event_id)).toEqual([w.reception, w.reception])
    expect(answerOf(await getRsvp(w, w.santos), ana, w.reception)).toMatchObject({
      isAttending: true,
    })
  })

  test('changing the main event moves no reply, and every event’s counts stay', async () => {
    const w = await eventsWedding()
    await withEvents(w)
    const [ana, ben] = [w.person(w.santos, 'Ana'), w.person(w.santos, 'Ben')]
    await submit(w, w.santos, [
      { personId: ana, isAttending: true, events: [{ eventId: w.civil, isAttending: false }] },
      { personId: ben, isAttending: false, events: [{ eventId: w.civil, isAttending: true }] },
    ])
    const replies = await repliesByEvent(w)
    const counts = (events: ListedEvent[]) => events.map((e) => [e.id, e.counts])
    const before = counts(await listEvents(w))
    const after = await settings(w.claims, w, w.civil, { isMain: true })
    expect(after.filter((e) => e.isMain).map((e) => e.id)).toEqual([w.civil])
    expect(await repliesByEvent(w)).toEqual(replies)
    expect(counts(after)).toEqual(before)
    // The persons' own answers are the civil rite's now.
    expect(
      Object.fromEntries(
        (await seatedReplies(t, { householdId: w.santos.id })).map((r) => [
          r.personId,
          r.isAttending,
        ]),
      ),
    ).toEqual({ [ana]: false, [ben]: true })
  })
})

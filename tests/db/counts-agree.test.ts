// Counts that agree (0029): every figure that speaks of who may come reads one count per household
// (kasalan_private.household_tally), so the forecast's "still to answer", the Events page's counts,
// the door's "expected" and the budget's "everyone invited" agree on a list with seat caps, each
// saying what it counts. A private event's forecast adds no walk-ins. And the schedule's events are
// listed in the order of their days: a despedida the day before first, wherever it was written.
import { beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'

let t: TestDb

interface Household {
  id: string
  persons: { id: string; firstName: string }[]
}
interface Counts {
  households: number
  persons: number
  attending: number
  declined: number
  pending: number
  stillToAnswer: number
  beyondSeats: number
}
interface ListedEvent {
  id: string
  name: string
  isMain: boolean
  counts: Counts
}
interface Forecast {
  confirmed: { total: number }
  declined: number
  pending: number
  noReply: number
  beyondSeats: number
  mayCome: number
  isPrivate: boolean
  expectedFromPending: number
  noShows: number
  walkIns: number
  low: number
  high: number
}

beforeAll(async () => {
  t = await createTestDb()
})

/**
 * A wedding whose schedule lists the church rite, the reception and, last, a private despedida two
 * days before; the reception is the seated (main) event. Five households, worked out by hand:
 *   Aquino   5 persons, 2 seats, nobody answered   -> 2 still to answer, 3 beyond the seats
 *   Bautista 3 persons, 2 seats, 1 yes             -> 1 still to answer, 1 beyond
 *   Cruz     2 persons, 2 seats, 2 yes             -> 0 still to answer
 *   Dizon    3 persons, no cap, 1 no               -> 2 still to answer
 *   Estrada  4 persons, 2 seats, 2 yes             -> 0 still to answer, 2 beyond
 * Persons 17, yes 5, no 1, no reply 11 (still to answer 5, beyond the seats 6), may come 10;
 * invited within the seats: 2 + 2 + 2 + 3 + 2 = 11.
 */
async function wedding() {
  const { claims, wedding } = await t.couple('Lorna', 'Ramon')
  const schedule = (wedding.sections as { id: string; type: string }[]).find(
    (s) => s.type === 'schedule',
  )!
  const saved = (await t.rpc(claims, 'save_section_content', {
    p_section_id: schedule.id,
    p_title: 'Pagtitipon',
    p_data: {
      events: [
        { name: 'Church rite', type: 'ceremony', date: '2027-02-14', startTime: '15:00' },
        { name: 'Reception', type: 'reception', date: '2027-02-14', startTime: '18:00' },
        { name: 'Despedida', type: 'party', date: '2027-02-12', startTime: '19:00' },
      ],
    },
  })) as { section: { data: { events: { id: string }[] } } }
  const [church, reception, despedida] = saved.section.data.events.map((e) => e.id) as [
    string,
    string,
    string,
  ]
  const add = async (lastName: string, firstNames: string[], seatCap: number | null) =>
    (await t.rpc(claims, 'save_household', {
      p_wedding_id: wedding.id,
      p_household: {
        relationshipSide: 'bride',
        seatCap,
        persons: firstNames.map((firstName) => ({ firstName, lastName, type: 'adult' })),
      },
    })) as Household
  const aquino = await add('Aquino', ['Ana', 'Ben', 'Cora', 'Dan', 'Eva'], 2)
  const bautista = await add('Bautista', ['Fe', 'Gil', 'Hilda'], 2)
  const cruz = await add('Cruz', ['Ivy', 'Jun'], 2)
  const dizon = await add('Dizon', ['Kaye', 'Leo', 'Mila'], null)
  const estrada = await add('Estrada', ['Nena', 'Oscar', 'Pia', 'Quino'], 2)
  const record = (h: Household, index: number, isAttending: boolean) =>
    t.rpc(claims, 'record_reply', {
      p_wedding_id: wedding.id,
      p_person_id: h.persons[index]!.id,
      p_is_attending: isAttending,
      p_response: [],
    })
  await record(bautista, 0, true)
  await record(cruz, 0, true)
  await record(cruz, 1, true)
  await record(dizon, 0, false)
  await record(estrada, 0, true)
  await record(estrada, 1, true)
  const settings = (eventId: string, s: Record<string, unknown> = {}) =>
    t.rpc(claims, 'save_event_settings', {
      p_wedding_id: wedding.id,
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
  await settings(reception)
  await settings(church)
  await settings(despedida, { isPrivate: true, householdIds: [aquino.id, bautista.id] })
  await t.rpc(claims, 'save_pax_forecast_settings', {
    p_wedding_id: wedding.id,
    p_expected_pct: 83,
    p_no_show_pct: 15,
    p_walk_ins: 5,
  })
  return { claims, wedding, church, reception, despedida }
}

type W = Awaited<ReturnType<typeof wedding>>
const forecast = (w: W, eventId: string | null = null) =>
  t.rpc(w.claims, 'get_pax_forecast', {
    p_wedding_id: w.wedding.id,
    p_event_id: eventId,
  }) as Promise<Forecast>
const listEvents = (w: W, claims: Claims = w.claims) =>
  t.rpc(claims, 'list_events', { p_wedding_id: w.wedding.id }) as Promise<ListedEvent[]>

describe('counts that agree', () => {
  test('the forecast and the Events page count the same persons still to answer, and say how many the seats leave out', async () => {
    const w = await wedding()
    const main = await forecast(w)
    expect(main).toMatchObject({
      confirmed: { total: 5 },
      declined: 1,
      pending: 5,
      noReply: 11,
      beyondSeats: 6,
      mayCome: 10,
      isPrivate: false,
    })
    const reception = (await listEvents(w)).find((e) => e.id === w.reception)!
    expect(reception.isMain).toBe(true)
    expect(reception.counts).toEqual({
      households: 5,
      persons: 17,
      attending: 5,
      declined: 1,
      pending: 11,
      stillToAnswer: 5,
      beyondSeats: 6,
    })
    // The same figures under the same names, on both.
    expect(reception.counts.stillToAnswer).toBe(main.pending)
    expect(reception.counts.pending).toBe(main.noReply)
    expect(reception.counts.beyondSeats).toBe(main.beyondSeats)
    // The private despedida invites Aquino (2 seats, 5 with no reply) and Bautista (2 seats, 3 with
    // no reply: its yes was to the reception).
    const byName = Object.fromEntries((await listEvents(w)).map((e) => [e.name, e.counts]))
    expect(byName.Despedida).toMatchObject({
      households: 2,
      persons: 8,
      pending: 8,
      stillToAnswer: 4,
      beyondSeats: 4,
    })
  })

  test('the door expects whom the forecast says may come, and the budget prices everyone invited within their seats', async () => {
    const w = await wedding()
    const main = await forecast(w)
    const roster = (await t.rpc(w.claims, 'get_checkin_roster', {
      p_wedding_id: w.wedding.id,
    })) as {
      households: { id: string; mayCome: number; persons: unknown[] }[]
    }
    // Aquino: its 2 seats; Bautista: 1 yes and 1 seat left; Cruz and Estrada: their 2 yeses;
    // Dizon: the 2 who did not say no.
    expect(roster.households.map((h) => [h.persons.length, h.mayCome])).toEqual([
      [5, 2],
      [3, 2],
      [2, 2],
      [3, 2],
      [4, 2],
    ])
    expect(roster.households.reduce((sum, h) => sum + h.mayCome, 0)).toBe(main.mayCome)

    const budget = (await t.rpc(w.claims, 'get_budget', { p_wedding_id: w.wedding.id })) as {
      guests: { attending: number; invited: number }
    }
    expect(budget.guests).toEqual({ attending: main.confirmed.total, invited: 11 })
  })

  test('a private event adds no walk-ins; the wedding and a public event do', async () => {
    const w = await wedding()
    const main = await forecast(w)
    expect(main.walkIns).toBe(5)
    expect(main.high).toBe(main.confirmed.total + main.expectedFromPending + 5)
    const church = await forecast(w, w.church)
    expect(church).toMatchObject({ isPrivate: false, walkIns: 5 })
    const despedida = await forecast(w, w.despedida)
    expect(despedida).toMatchObject({ isPrivate: true, walkIns: 0 })
    expect(despedida.high).toBe(despedida.confirmed.total + despedida.expectedFromPending)
  })

  test('events are listed in the order of their days: the despedida two days before comes first', async () => {
    const w = await wedding()
    expect((await listEvents(w)).map((e) => e.name)).toEqual([
      'Despedida',
      'Church rite',
      'Reception',
    ])
  })
})

// One reading of a date the couple types (0032): the wedding's date, an event's RSVP deadline, a
// checklist item's due and issue dates, a gift's day, a payment's due and paid dates (0034) and a
// schedule event's date in the site's content all take a real day written YYYY-MM-DD, from 1900
// to 2200, and nothing else; a blank one is no date. Each place used to check it its own way, and
// the schedule let 2027-02-30 through.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'

let t: TestDb
let claims: NonNullable<Claims>
let weddingId: string
let scheduleId: string
let eventId: string
let lineId: string

/** What a call gave: 'ok', or its code and detail. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    const { message, details } = error as { message: string; details?: string }
    return details ? `${message}: ${details}` : message
  }
}

beforeAll(async () => {
  t = await createTestDb()
  const couple = await t.couple()
  claims = couple.claims
  weddingId = couple.wedding.id
  scheduleId = (couple.wedding.sections as { id: string; type: string }[]).find(
    (s) => s.type === 'schedule',
  )!.id
  const saved = (await t.rpc(claims, 'save_section_content', {
    p_section_id: scheduleId,
    p_title: 'Schedule',
    p_data: { events: [{ name: 'Reception', type: 'reception', date: '2027-02-14' }] },
  })) as { section: { data: { events: { id: string }[] } } }
  eventId = saved.section.data.events[0]!.id
  lineId = (await t.rpc(claims, 'save_budget_line', {
    p_wedding_id: weddingId,
    p_line: { id: null, category: 'venue', name: 'Hardin', quoteCentavos: 100_000 },
  })) as string
})

afterAll(async () => {
  await t?.close()
})

/** Each place a date is typed, as a call with that date in it. */
const places: Record<string, (date: unknown) => Promise<unknown>> = {
  date: (date) =>
    t.rpc(claims, 'update_wedding_details', {
      p_wedding_id: weddingId,
      p_details: {
        bride: { firstName: 'Maria', lastName: 'Reyes' },
        groom: { firstName: 'Juan', lastName: 'Cruz' },
        date,
        location: null,
        contact: null,
        siteLanguage: 'fil',
      },
    }),
  deadline: (deadline) =>
    t.rpc(claims, 'save_event_settings', {
      p_wedding_id: weddingId,
      p_event_id: eventId,
      p_settings: { takesRsvp: true, deadline, isPrivate: false, isMain: false, householdIds: [] },
    }),
  dueDate: (dueDate) =>
    t.rpc(claims, 'save_checklist_item', {
      p_wedding_id: weddingId,
      p_item: { title: 'Kumuha ng CENOMAR', dueDate },
    }),
  issuedOn: (issuedOn) =>
    t.rpc(claims, 'save_checklist_item', {
      p_wedding_id: weddingId,
      p_item: { title: 'Binyag', issuedOn, validDays: 180 },
    }),
  receivedOn: (receivedOn) =>
    t.rpc(claims, 'save_gift', {
      p_wedding_id: weddingId,
      p_gift: { id: null, kind: 'cash', giverName: 'Tita Baby', receivedOn },
    }),
  dueOn: (dueOn) =>
    t.rpc(claims, 'save_budget_payment', {
      p_wedding_id: weddingId,
      p_payment: { id: null, lineId, kind: 'down_payment', amountCentavos: 50_000, dueOn },
    }),
  paidOn: (paidOn) =>
    t.rpc(claims, 'save_budget_payment', {
      p_wedding_id: weddingId,
      p_payment: { id: null, lineId, kind: 'balance', amountCentavos: 50_000, paid: true, paidOn },
    }),
}

describe('a date the couple types', () => {
  test.each(Object.keys(places))(
    '%s: a real day is taken; 30 February, another form or another century is refused, naming the field',
    async (field) => {
      const save = places[field]!
      expect(await outcome(save('2027-02-14'))).toBe('ok')
      expect(await outcome(save(null))).toBe('ok')
      for (const wrong of [
        '2027-02-30',
        '2027-2-14',
        '14/02/2027',
        '1850-06-01',
        '2300-01-01',
        20270214,
      ]) {
        expect(await outcome(save(wrong)), JSON.stringify(wrong)).toBe(
          `invalid_input: ${field} must be a date (YYYY-MM-DD)`,
        )
      }
    },
  )

  test('a blank date is no date, and a saved one reads back as the day typed', async () => {
    await places.date!('  ')
    const { rows } = await t.asOwner<{ date: string | null }>(
      'select date::text as date from kasalan.weddings where id = $1',
      [weddingId],
    )
    expect(rows[0]!.date).toBeNull()
    const item = (await places.dueDate!('2027-01-31')) as { dueDate: string }
    expect(item.dueDate).toBe('2027-01-31')
  })

  test("a schedule event's date in the site's content: 30 February is not a date there either", async () => {
    const save = (date: string) =>
      t.rpc(claims, 'save_section_content', {
        p_section_id: scheduleId,
        p_title: 'Schedule',
        p_data: { events: [{ id: eventId, name: 'Reception', type: 'reception', date }] },
      })
    expect(await outcome(save('2027-02-28'))).toBe('ok')
    expect(await outcome(save('2027-02-30'))).toBe(
      'section_data_invalid: events.0.date: not_a_date',
    )
  })
})

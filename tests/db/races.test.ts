// Two devices at once, on real PostgreSQL (PGlite has one connection, so nothing can race there).
// Each test holds the first call's transaction open, starts the second on another connection, lets
// it run until it waits for the first (or finishes), then commits the first. Every race must end in
// a stable error code or a correct merge, never in one device silently overwriting the other.

import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, ENGINE, seatedReplies, type Session, type TestDb } from './harness'

let t: TestDb

beforeAll(async () => {
  if (ENGINE === 'postgres') t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

type Outcome =
  | { value: unknown; error?: undefined }
  | { value?: undefined; error: { message: string; code: string } }

interface Call {
  claims: Claims
  name: string
  args: Record<string, unknown>
}

/**
 * Runs `first` and leaves its transaction open, runs `second` (with its commit) on another
 * connection until it waits for `first` or is done, then commits `first`. Returns both outcomes.
 */
async function twoAtOnce(first: Call, second: Call): Promise<{ first: unknown; second: Outcome }> {
  const a: Session = await t.session()
  const b: Session = await t.session()
  try {
    await a.begin(first.claims)
    const firstValue = await a.rpc(first.name, first.args)

    await b.begin(second.claims)
    let settled = false
    const secondOutcome: Promise<Outcome> = (async () => {
      try {
        const value = await b.rpc(second.name, second.args)
        await b.commit()
        return { value }
      } catch (error) {
        await b.rollback().catch(() => undefined)
        const { message, code } = error as { message: string; code: string }
        return { error: { message, code } }
      } finally {
        settled = true
      }
    })()

    await t.waitUntilBlocked(b.pid, () => settled)
    await a.commit()
    return { first: firstValue, second: await secondOutcome }
  } finally {
    await Promise.all([a.close(), b.close()])
  }
}

const layout = (tableName: string) => ({
  tables: [{ id: 't1', name: tableName, x: 0, y: 0, width: 120, height: 120, type: 'round' }],
  seats: [],
})

interface SavedLayout {
  layout: { tables: { name: string }[] }
  updatedAt: string
}

describe.skipIf(ENGINE !== 'postgres')('two devices at once (real PostgreSQL)', () => {
  test('the first seating save from two devices: the second is told of the conflict, the first is kept', async () => {
    const { claims, wedding } = await t.couple()
    const save = (name: string): Call => ({
      claims,
      name: 'save_seating_layout',
      args: { p_wedding_id: wedding.id, p_layout: layout(name), p_base_updated_at: '-infinity' },
    })

    const { second } = await twoAtOnce(save('Phone'), save('Laptop'))

    expect(second.error).toMatchObject({ message: 'seating_layout_conflict', code: 'P0001' })
    const saved = (await t.rpc(claims, 'get_seating_layout', {
      p_wedding_id: wedding.id,
    })) as SavedLayout
    expect(saved.layout.tables.map((table) => table.name)).toEqual(['Phone'])
  })

  test('two saves from the same saved layout: the second is told of the conflict', async () => {
    const { claims, wedding } = await t.couple()
    const base = (await t.rpc(claims, 'save_seating_layout', {
      p_wedding_id: wedding.id,
      p_layout: layout('Start'),
      p_base_updated_at: '-infinity',
    })) as SavedLayout
    const save = (name: string): Call => ({
      claims,
      name: 'save_seating_layout',
      args: { p_wedding_id: wedding.id, p_layout: layout(name), p_base_updated_at: base.updatedAt },
    })

    const { second } = await twoAtOnce(save('Phone'), save('Laptop'))

    expect(second.error).toMatchObject({ message: 'seating_layout_conflict' })
    const saved = (await t.rpc(claims, 'get_seating_layout', {
      p_wedding_id: wedding.id,
    })) as SavedLayout
    expect(saved.layout.tables.map((table) => table.name)).toEqual(['Phone'])
  })

  test('two couples signing up with the same names at once get two different addresses', async () => {
    const [first, second] = [await t.signUp('race'), await t.signUp('race')]
    const create = (claims: Claims): Call => ({
      claims,
      name: 'create_my_wedding',
      args: {
        p_bride: { firstName: 'Karylle', lastName: 'Uno' },
        p_groom: { firstName: 'Yael', lastName: 'Dos' },
        p_date: null,
      },
    })

    const result = await twoAtOnce(create(first), create(second))

    expect(result.second.error).toBeUndefined()
    const slugs = [
      (result.first as { slug: string }).slug,
      (result.second.value as { slug: string }).slug,
    ]
    expect(slugs[0]).toMatch(/^karylle-and-yael(-\d+)?$/)
    expect(slugs[1]).toMatch(/^karylle-and-yael-\d+$/)
    expect(new Set(slugs).size).toBe(2)
  })

  test('two phones of one household answering at once: both answers are kept', async () => {
    const { claims, wedding } = await t.couple()
    await t.asOwner('update kasalan.weddings set is_published = true where id = $1', [wedding.id])
    const household = (await t.rpc(claims, 'save_household', {
      p_wedding_id: wedding.id,
      p_household: {
        persons: [
          { firstName: 'Lola', lastName: 'Basyang', type: 'adult' },
          { firstName: 'Lolo', lastName: 'Basyang', type: 'adult' },
        ],
      },
    })) as { id: string; persons: { id: string }[] }
    const [lola, lolo] = household.persons.map((person) => person.id) as [string, string]
    const answer = (personId: string, isAttending: boolean, message: string | null): Call => ({
      claims: null,
      name: 'submit_rsvp',
      args: {
        p_household_id: household.id,
        p_person_id: personId,
        p_answers: [{ personId, isAttending, response: [] }],
        p_message: message,
      },
    })

    const { second } = await twoAtOnce(answer(lola, true, 'Salamat po!'), answer(lolo, false, null))

    expect(second.error).toBeUndefined()
    const replies = await seatedReplies(t, { householdId: household.id })
    expect(replies.map((r) => [r.personId, r.isAttending])).toEqual([
      [lola, true],
      [lolo, false],
    ])
    const { rows } = await t.asOwner<{ message: string }>(
      'select rsvp_message as message from kasalan.households where id = $1',
      [household.id],
    )
    expect(rows).toEqual([{ message: 'Salamat po!' }])
  })

  test('the first event made the main one while a spreadsheet of replies is imported: every reply is kept, on that event', async () => {
    // Either order: the import first (the change waits for it), or the change first (the import waits).
    for (const importFirst of [true, false]) {
      const { claims, wedding } = await t.couple()
      const schedule = (wedding.sections as { id: string; type: string }[]).find(
        (s) => s.type === 'schedule',
      )!
      const saved = (await t.rpc(claims, 'save_section_content', {
        p_section_id: schedule.id,
        p_title: 'Schedule',
        p_data: { events: [{ name: 'Reception', type: 'reception' }] },
      })) as { section: { data: { events: { id: string }[] } } }
      const reception = saved.section.data.events[0]!.id
      const importing: Call = {
        claims,
        name: 'import_households',
        args: {
          p_wedding_id: wedding.id,
          p_households: [
            {
              relationshipSide: 'bride',
              persons: [
                {
                  firstName: 'Ana',
                  lastName: 'Santos',
                  type: 'adult',
                  reply: { isAttending: true },
                },
                {
                  firstName: 'Ben',
                  lastName: 'Santos',
                  type: 'adult',
                  reply: { isAttending: false },
                },
              ],
            },
          ],
        },
      }
      const mainEvent: Call = {
        claims,
        name: 'save_event_settings',
        args: {
          p_wedding_id: wedding.id,
          p_event_id: reception,
          p_settings: {
            takesRsvp: true,
            deadline: null,
            isPrivate: false,
            isMain: false,
            householdIds: [],
          },
        },
      }
      const { second } = importFirst
        ? await twoAtOnce(importing, mainEvent)
        : await twoAtOnce(mainEvent, importing)
      expect(second.error).toBeUndefined()
      const { rows } = await t.asOwner<{ event_id: string; is_attending: boolean }>(
        'select event_id, is_attending from kasalan.event_replies where wedding_id = $1 order by is_attending',
        [wedding.id],
      )
      expect(rows).toEqual([
        { event_id: reception, is_attending: false },
        { event_id: reception, is_attending: true },
      ])
    }
  })

  test('a guest answering while the couple makes the first event the main one: the answer lands on it', async () => {
    const { claims, wedding } = await t.couple()
    const schedule = (wedding.sections as { id: string; type: string }[]).find(
      (s) => s.type === 'schedule',
    )!
    const saved = (await t.rpc(claims, 'save_section_content', {
      p_section_id: schedule.id,
      p_title: 'Schedule',
      p_data: { events: [{ name: 'Reception', type: 'reception' }] },
    })) as { section: { data: { events: { id: string }[] } } }
    const reception = saved.section.data.events[0]!.id
    const household = (await t.rpc(claims, 'save_household', {
      p_wedding_id: wedding.id,
      p_household: { persons: [{ firstName: 'Lola', lastName: 'Reyes', type: 'adult' }] },
    })) as { id: string; persons: { id: string }[] }
    const lola = household.persons[0]!.id
    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
    const { second } = await twoAtOnce(
      {
        claims,
        name: 'save_event_settings',
        args: {
          p_wedding_id: wedding.id,
          p_event_id: reception,
          p_settings: {
            takesRsvp: true,
            deadline: null,
            isPrivate: false,
            isMain: false,
            householdIds: [],
          },
        },
      },
      {
        claims: null,
        name: 'submit_rsvp',
        args: {
          p_household_id: household.id,
          p_person_id: lola,
          p_answers: [{ personId: lola, isAttending: true, response: [] }],
          p_message: null,
        },
      },
    )
    expect(second.error).toBeUndefined()
    const { rows } = await t.asOwner<{ event_id: string }>(
      'select event_id from kasalan.event_replies where wedding_id = $1',
      [wedding.id],
    )
    expect(rows).toEqual([{ event_id: reception }])
  })
})

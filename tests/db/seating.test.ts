// The seating chart: get_seating_layout and save_seating_layout.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, DEMO, DEMO_CLAIMS, type TestDb } from './harness'

interface Layout {
  tables: Array<{
    id: string
    name: string
    x: number
    y: number
    width: number
    height: number
    type: string
  }>
  seats: Array<{
    id: string
    tableId: string
    x: number
    y: number
    householdId: string | null
    personId: string | null
  }>
}
interface Saved {
  weddingId: string
  layout: Layout
  updatedAt: string | null
}
interface Household {
  id: string
  persons: Array<{ id: string; firstName: string }>
}

let t: TestDb
let owner: NonNullable<Claims>
let weddingId: string
let stranger: NonNullable<Claims>
let strangerWeddingId: string
let household: Household

beforeAll(async () => {
  t = await createTestDb()
  const a = await t.couple('Mayumi', 'Datu')
  const b = await t.couple('Hiraya', 'Kidlat')
  owner = a.claims
  weddingId = a.wedding.id
  stranger = b.claims
  strangerWeddingId = b.wedding.id
  household = (await t.rpc(owner, 'save_household', {
    p_wedding_id: weddingId,
    p_household: {
      email: null,
      phone: null,
      address: {},
      relationshipSide: 'bride',
      relationshipType: 'family',
      notes: null,
      persons: [
        { firstName: 'Lorna', lastName: 'Dizon', type: 'adult' },
        { firstName: 'Pepe', lastName: 'Dizon', type: 'adult' },
        { firstName: 'Nene', lastName: 'Dizon', type: 'child' },
      ],
    },
  })) as Household
})

afterAll(async () => {
  await t?.close()
})

const get = (who: Claims = owner, wedding = weddingId) =>
  t.rpc(who, 'get_seating_layout', { p_wedding_id: wedding }) as Promise<Saved>
const save = (layout: unknown, who: Claims = owner, wedding = weddingId, base?: string | null) =>
  t.rpc(who, 'save_seating_layout', {
    p_wedding_id: wedding,
    p_layout: layout,
    ...(base === undefined ? {} : { p_base_updated_at: base }),
  }) as Promise<Saved>

function layoutWith(
  personIds: Array<string | null>,
  householdId: string | null = household.id,
): Layout {
  return {
    tables: [
      {
        id: 'table-1',
        name: 'Ninong at Ninang',
        x: 200,
        y: 200,
        width: 96,
        height: 96,
        type: 'round',
      },
      { id: 'table-2', name: 'Barkada', x: 480, y: 240.5, width: 136, height: 56, type: '2-sided' },
    ],
    seats: personIds.map((personId, index) => ({
      id: `seat-${index + 1}`,
      tableId: index < 2 ? 'table-1' : 'table-2',
      x: -17.5 + index,
      y: -48,
      householdId: personId ? householdId : null,
      personId,
    })),
  }
}

describe('get_seating_layout', () => {
  test('an empty layout before the first save, with no updatedAt', async () => {
    expect(await get()).toEqual({ weddingId, layout: { tables: [], seats: [] }, updatedAt: null })
  })

  test('refuses another couple and visitors', async () => {
    await expect(get(stranger)).rejects.toThrow('wedding_not_found')
    await expect(get(null)).rejects.toThrow(/permission denied/)
  })
})

describe('save_seating_layout', () => {
  test('saves for the owner and loads back exactly', async () => {
    const [lorna, pepe] = household.persons
    const layout = layoutWith([lorna!.id, null, pepe!.id])
    const saved = await save(layout)
    expect(saved.layout).toEqual(layout)
    expect(saved.updatedAt).toEqual(expect.any(String))
    const loaded = await get()
    // Every field, number and the order of tables and seats come back as they went in.
    expect(loaded).toEqual(saved)
    expect(loaded.layout.tables.map((table) => table.id)).toEqual(['table-1', 'table-2'])
    expect(loaded.layout.seats.map((seat) => seat.id)).toEqual(['seat-1', 'seat-2', 'seat-3'])
  })

  test('another couple and visitors can neither save nor read it', async () => {
    const before = await get()
    await expect(save(layoutWith([]), stranger)).rejects.toThrow('wedding_not_found')
    await expect(save(layoutWith([]), null)).rejects.toThrow(/permission denied/)
    expect(await get()).toEqual(before)
    // Nor reach the table directly.
    const rows = await t.asRole('authenticated', stranger, 'select * from kasalan.seating_layouts')
    expect(rows.rows).toEqual([])
    await expect(t.asRole('anon', null, 'select * from kasalan.seating_layouts')).rejects.toThrow(
      /permission denied/,
    )
  })

  test('each couple keeps their own layout', async () => {
    await save(layoutWith([]), stranger, strangerWeddingId)
    expect((await get(stranger, strangerWeddingId)).layout.seats).toHaveLength(0)
    expect((await get()).layout.seats).toHaveLength(3)
  })

  test('a seat records the person and their real household, whatever the client sent', async () => {
    const [lorna] = household.persons
    const saved = await save(layoutWith([lorna!.id], '00000000-0000-4000-8000-000000000000'))
    expect(saved.layout.seats[0]).toMatchObject({ personId: lorna!.id, householdId: household.id })
    const empty = await save({
      ...layoutWith([null]),
      seats: [{ ...layoutWith([null]).seats[0], householdId: household.id }],
    })
    expect(empty.layout.seats[0]).toMatchObject({ personId: null, householdId: null })
  })

  test('a person removed from the guest list disappears from their seat', async () => {
    const [lorna, pepe, nene] = household.persons
    await save(layoutWith([lorna!.id, pepe!.id, nene!.id]))
    // Pepe leaves the household (the guest form saves it without him).
    await t.rpc(owner, 'save_household', {
      p_wedding_id: weddingId,
      p_household: {
        id: household.id,
        email: null,
        phone: null,
        address: {},
        relationshipSide: 'bride',
        relationshipType: 'family',
        notes: null,
        persons: [
          { id: lorna!.id, firstName: 'Lorna', lastName: 'Dizon', type: 'adult' },
          { id: nene!.id, firstName: 'Nene', lastName: 'Dizon', type: 'child' },
        ],
      },
    })
    const loaded = await get()
    expect(loaded.layout.seats.map((seat) => seat.personId)).toEqual([lorna!.id, null, nene!.id])
    expect(loaded.layout.seats[1]).toMatchObject({ id: 'seat-2', householdId: null })
    // Someone else's guest cannot be seated in this wedding either.
    const demoGuests = (await t.rpc(DEMO_CLAIMS, 'list_households', {
      p_wedding_id: DEMO.weddingId,
    })) as Household[]
    const outsider = demoGuests[0]!.persons[0]!.id
    const saved = await save(layoutWith([outsider]))
    expect(saved.layout.seats[0]!.personId).toBeNull()
  })

  test('refuses a layout of the wrong shape, and keeps the saved one', async () => {
    const before = await get()
    const table = layoutWith([]).tables[0]!
    const seat = { id: 's1', tableId: 'table-1', x: 0, y: -48, householdId: null, personId: null }
    const bad: Array<[unknown, string]> = [
      [[], 'layout must be an object'],
      [{ tables: {}, seats: [] }, 'tables and seats must be lists'],
      [
        { tables: [{ ...table, type: 'oval' }], seats: [] },
        'a table type must be round, 1-sided, 2-sided or 4-sided',
      ],
      [
        { tables: [{ ...table, name: '   ' }], seats: [] },
        'a table needs a name of at most 100 characters',
      ],
      [{ tables: [{ ...table, x: '200' }], seats: [] }, 'a table needs an x and y'],
      [
        { tables: [{ ...table, width: 0 }], seats: [] },
        'a table needs a width and height from 1 to 10000',
      ],
      [
        { tables: [{ ...table, id: 'a b' }], seats: [] },
        'a table id must be 1 to 64 letters, digits, - or _',
      ],
      [
        { tables: [table], seats: [{ ...seat, tableId: 'table-9' }] },
        'a seat belongs to a table that is not in the layout',
      ],
      [
        { tables: [table], seats: [{ ...seat, personId: 'maria' }] },
        'a seat personId must be an id or null',
      ],
      [{ tables: [table, table], seats: [] }, 'two tables or two seats have the same id'],
      [
        {
          tables: [table],
          seats: [
            seat,
            { ...seat, id: 's2', personId: household.persons[0]!.id },
            { ...seat, id: 's3', personId: household.persons[0]!.id },
          ],
        },
        'a person has two seats',
      ],
    ]
    for (const [layout, detail] of bad) {
      const error = await save(layout).then(
        () => null,
        (caught: { message: string; details?: string }) => caught,
      )
      expect(error, detail).toMatchObject({ message: 'invalid_input', details: detail })
    }
    expect(await get()).toEqual(before)
  })

  test('keeps only the known fields', async () => {
    const layout = layoutWith([])
    const saved = await save({
      ...layout,
      extra: true,
      tables: layout.tables.map((table) => ({
        ...table,
        colour: 'red',
        name: `  ${table.name}  `,
      })),
    })
    expect(saved.layout).toEqual(layout)
  })

  test('refuses a save based on an older layout, so two devices never overwrite each other', async () => {
    const first = await save(layoutWith([]))
    const second = await save(layoutWith([null]), owner, weddingId, first.updatedAt)
    expect(second.updatedAt).not.toBe(first.updatedAt)
    // A device that still has the first version cannot save over the second.
    await expect(save(layoutWith([null, null]), owner, weddingId, first.updatedAt)).rejects.toThrow(
      'seating_layout_conflict',
    )
    expect((await get()).layout.seats).toHaveLength(1)
    // Without a base (the couple chose to keep theirs) it saves.
    expect(
      (await save(layoutWith([null, null]), owner, weddingId, null)).layout.seats,
    ).toHaveLength(2)
  })

  test("'-infinity' as the base means: only if nothing was saved yet", async () => {
    const fresh = await t.couple('Tala', 'Bayani')
    const saved = await save(layoutWith([]), fresh.claims, fresh.wedding.id, '-infinity')
    expect(saved.updatedAt).toEqual(expect.any(String))
    await expect(save(layoutWith([]), fresh.claims, fresh.wedding.id, '-infinity')).rejects.toThrow(
      'seating_layout_conflict',
    )
  })

  test('only the owner and authenticated users may call the functions', async () => {
    const { rows } = await t.asOwner<{
      name: string
      anon: boolean
      authenticated: boolean
      definer: boolean
    }>(`
      select p.proname as name,
        has_function_privilege('anon', p.oid, 'execute') as anon,
        has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
        p.prosecdef as definer
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('kasalan', 'kasalan_private') and p.proname in ('get_seating_layout', 'save_seating_layout',
        'checked_seating_layout', 'seating_layout_for_guest_list')
      order by 1`)
    expect(rows).toHaveLength(4)
    // The layout is saved as the owner after the caller's check (0026); the checkers are private (0030).
    for (const row of rows)
      expect(row, row.name).toMatchObject({
        anon: false,
        definer: row.name === 'save_seating_layout',
      })
    expect(rows.filter((row) => row.authenticated).map((row) => row.name)).toEqual(
      expect.arrayContaining(['get_seating_layout', 'save_seating_layout']),
    )
  })
})

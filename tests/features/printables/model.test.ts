// @vitest-environment node
import { describe, expect, test } from 'vitest'
import {
  escorts,
  insertBlocks,
  pages,
  surnameFirst,
  tableCards,
  type PrintHousehold,
  type SeatingLayout,
} from '@/features/printables/model'
import type { Entourage } from '@/lib/site-content'

const person = (
  id: string,
  firstName: string,
  lastName: string | null,
  extra: Partial<{ title: string; suffix: string; isAttending: boolean | null }> = {},
) => ({
  id,
  firstName,
  lastName,
  title: extra.title ?? null,
  suffix: extra.suffix ?? null,
  isAttending: extra.isAttending === undefined ? true : extra.isAttending,
})

const households: PrintHousehold[] = [
  {
    id: 'h1',
    persons: [
      person('p1', 'antonio', 'dela cruz', { title: 'dr.', suffix: 'jr.' }),
      person('p2', 'Teresita', 'Dela Cruz'),
    ],
  },
  { id: 'h2', persons: [person('p3', 'Ñora', 'Peña'), person('p4', 'Ana', 'Pena')] },
  {
    id: 'h3',
    persons: [
      person('p5', 'Lola Pacing', null),
      person('p6', 'Ben', 'Abad', { isAttending: false }),
      person('p7', 'Cora', 'Zamora', { isAttending: null }),
    ],
  },
]

const seat = (id: string, tableId: string, personId: string | null) => ({
  id,
  tableId,
  x: 0,
  y: 0,
  personId,
  householdId: personId ? 'h' : null,
})
const table = (id: string, name: string) => ({
  id,
  name,
  x: 0,
  y: 0,
  width: 100,
  height: 100,
  type: 'round' as const,
})

const layout: SeatingLayout = {
  tables: [table('t1', 'Table 1'), table('t2', 'Mesa ng Ninong'), table('t3', 'Table 3')],
  seats: [
    seat('s1', 't1', 'p2'),
    seat('s2', 't1', 'p1'),
    seat('s3', 't1', null),
    seat('s4', 't2', 'p4'),
    seat('s5', 't2', 'p3'),
    seat('s6', 't2', 'p5'),
    // Someone since deleted from the guest list: not printed.
    seat('s7', 't2', 'gone'),
  ],
}

describe('escort cards and list', () => {
  test('everyone seated, by surname then first name, accents and case aside; the unseated apart', () => {
    const result = escorts(households, layout)
    expect(result.entries.map((entry) => [entry.sortedName, entry.table])).toEqual([
      ['dela Cruz, Dr. Antonio Jr.', 'Table 1'],
      ['Dela Cruz, Teresita', 'Table 1'],
      // No surname: sorted by the first name, shown alone.
      ['Lola Pacing', 'Mesa ng Ninong'],
      ['Pena, Ana', 'Mesa ng Ninong'],
      ['Peña, Ñora', 'Mesa ng Ninong'],
    ])
    expect(result.entries[0]!.name).toBe('Dr. Antonio dela Cruz Jr.')
    // Cora has not answered and has no seat: listed for the couple. Ben declined: not waiting for one.
    expect(result.unseated).toEqual([{ personId: 'p7', name: 'Cora Zamora' }])
  })

  test('a guest who declined and is still seated gets no card: listed apart, with the table, for the couple', () => {
    const withBen = { ...layout, seats: [...layout.seats, seat('s8', 't3', 'p6')] }
    const result = escorts(households, withBen)
    expect(result.entries.map((entry) => entry.sortedName)).not.toContain('Abad, Ben')
    expect(result.declined).toEqual([{ personId: 'p6', name: 'Ben Abad', table: 'Table 3' }])
    expect(escorts(households, layout).declined).toEqual([])
  })

  test('surname first keeps title and suffix with the first name', () => {
    expect(
      surnameFirst({
        firstName: 'juan miguel ii',
        lastName: 'de los santos',
        title: null,
        suffix: null,
      }),
    ).toBe('de los Santos, Juan Miguel II')
    expect(surnameFirst({ firstName: 'Maria', lastName: '', title: 'Gng.', suffix: null })).toBe(
      'Gng. Maria',
    )
  })

  test('pages of a fixed size, and one empty page for nothing', () => {
    expect(pages([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(pages([], 10)).toEqual([[]])
    expect(
      pages(
        Array.from({ length: 20 }, (_, index) => index),
        10,
      ),
    ).toHaveLength(2)
  })
})

describe('table cards', () => {
  test('a guest who declined and is still seated is not named on the table card', () => {
    const withBen = { ...layout, seats: [...layout.seats, seat('s8', 't3', 'p6')] }
    expect(tableCards(households, withBen).find((card) => card.tableId === 't3')?.guests).toEqual(
      [],
    )
  })

  test('one per table in the chart order, the names in seat order, the gone and the free left out', () => {
    expect(tableCards(households, layout)).toEqual([
      {
        tableId: 't1',
        name: 'Table 1',
        guests: ['Teresita Dela Cruz', 'Dr. Antonio dela Cruz Jr.'],
      },
      { tableId: 't2', name: 'Mesa ng Ninong', guests: ['Ana Pena', 'Ñora Peña', 'Lola Pacing'] },
      { tableId: 't3', name: 'Table 3', guests: [] },
    ])
  })
})

const m = (name: string, role?: string) => ({ name, role })
const entourage = (overrides: Partial<Entourage> = {}): Entourage => ({
  parentsOfGroom: [],
  parentsOfBride: [],
  candle: [],
  veil: [],
  cord: [],
  flowerGirls: [],
  ...overrides,
})

describe('the entourage insert', () => {
  test('in the order of the march, principal sponsors in left/right pairs, secondary sponsors together', () => {
    const blocks = insertBlocks(
      entourage({
        flowerGirls: [m('Sofia'), m('Mia')],
        coinBearer: m('Lucas Reyes', 'Coin Bearer'),
        ringBearer: m('Enzo Santos', 'Ring Bearer'),
        cord: [m('Mark Gonzales', 'Kordon'), m('Patricia Gonzales', 'Kordon')],
        candle: [m('Carlo Mercado', 'Kandila'), m('Bea Mercado', 'Kandila')],
        secondarySponsors: {
          bestMan: m('Paolo Reyes'),
          maidOfHonor: m('Andrea Dela Cruz'),
          groomsmen: [m('Jerome Tan')],
          bridesmaid: [m('Katrina Tan'), m('Bea Mercado')],
        },
        principalSponsors: {
          left: [m('Dr. Eduardo Villanueva', 'Ninong'), m('Engr. Rolando Bautista', 'Ninong')],
          right: [m('Dra. Rosario Villanueva', 'Ninang')],
        },
        parentsOfBride: [m('Antonio Dela Cruz')],
        parentsOfGroom: [m('Ramon Santos'), m('Lourdes Santos')],
        officiatingPriest: m('Rev. Fr. Emmanuel Villareal', 'Officiating Priest'),
      }),
    )
    const outline = blocks.map((block) =>
      block.kind === 'heading'
        ? `# ${block.label}`
        : block.kind === 'row'
          ? block.groups.map((group) => group.label).join(' | ')
          : 'sponsors',
    )
    expect(outline).toEqual([
      'officiatingPriest',
      'parentsOfGroom | parentsOfBride',
      '# principalSponsors',
      'sponsors',
      '# secondarySponsors',
      'bestMan | maidOfHonor',
      'candle | cord',
      // The attendants under a heading of their own, not the secondary sponsors'.
      '# attendants',
      'groomsmen | bridesmaids',
      'ringBearer | coinBearer',
      'flowerGirls',
    ])
    const sponsors = blocks[3]
    expect(sponsors).toEqual({
      kind: 'sponsors',
      leftLabel: 'Ninong',
      rightLabel: 'Ninang',
      rows: [
        [
          { name: 'Dr. Eduardo Villanueva', role: null },
          { name: 'Dra. Rosario Villanueva', role: null },
        ],
        [{ name: 'Engr. Rolando Bautista', role: null }, null],
      ],
    })
  })

  test("a role the whole group shares is the heading's; roles that differ are shown with each name", () => {
    const [, candle] = insertBlocks(
      entourage({
        candle: [m('Carlo', 'Ninong sa Kandila'), m('Bea', 'Ninang sa Kandila'), m('Lito')],
      }),
    )
    expect(candle).toEqual({
      kind: 'row',
      groups: [
        {
          label: 'candle',
          names: [
            { name: 'Carlo', role: 'Ninong sa Kandila' },
            { name: 'Bea', role: 'Ninang sa Kandila' },
            { name: 'Lito', role: null },
          ],
        },
      ],
    })
    const [priest] = insertBlocks(
      entourage({ officiatingPriest: m('Fr. Jun', 'Officiating Priest') }),
    )
    expect(priest).toEqual({
      kind: 'row',
      groups: [{ label: 'officiatingPriest', names: [{ name: 'Fr. Jun', role: null }] }],
    })
  })

  test('a side alone stands alone, and an empty entourage gives nothing to print', () => {
    expect(insertBlocks(entourage({ parentsOfBride: [m('Teresita')] }))).toEqual([
      {
        kind: 'row',
        groups: [{ label: 'parentsOfBride', names: [{ name: 'Teresita', role: null }] }],
      },
    ])
    expect(insertBlocks(entourage())).toEqual([])
    expect(insertBlocks(undefined)).toEqual([])
    // Groomsmen without a best man: no "secondary sponsors" heading over nothing, their own heading.
    expect(
      insertBlocks(
        entourage({ secondarySponsors: { groomsmen: [m('Jerome')], bridesmaid: [] } }),
      ).map((block) => (block.kind === 'heading' ? block.label : block.kind)),
    ).toEqual(['attendants', 'row'])
  })
})

// @vitest-environment node
// The seating model: tables, seats and their geometry, called directly with no DOM.
import { describe, expect, test } from 'vitest'
import {
  addTable,
  changeType,
  CANVAS_HEIGHT,
  DEFAULT_SEAT_COUNT,
  deleteTable,
  DUPLICATE_OFFSET,
  duplicateTable,
  emptyLayout,
  GRID_SIZE,
  GRID_SNAP,
  layoutBounds,
  MAX_SEATS_PER_TABLE,
  MIN_ROUND_TABLE_RADIUS,
  moveTable,
  NEW_TABLE_POSITION,
  renameTable,
  resizeSeats,
  SEAT_RADIUS,
  SEAT_SPACING,
  seatAt,
  seatCountOrDefault,
  seatsByTable,
  seatsFor,
  seatsOfTable,
  snapToGrid,
  TABLE_TYPES,
  type NewId,
  type Point,
  type SeatingLayout,
} from '@/features/seating/model'

function counter(prefix = 'id'): NewId {
  let n = 0
  return () => `${prefix}-${++n}`
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

function withTable(
  options: Partial<Parameters<typeof addTable>[1]> = {},
  layout: SeatingLayout = emptyLayout,
) {
  return addTable(layout, {
    name: 'Table 1',
    newId: counter(`t${layout.tables.length}`),
    ...options,
  })
}

describe('the constants of the spec', () => {
  test('are the spec’s numbers', () => {
    expect(GRID_SNAP).toBe(20)
    expect(SEAT_RADIUS).toBe(14)
    expect(NEW_TABLE_POSITION).toEqual({ x: 200, y: 200 })
    expect(DEFAULT_SEAT_COUNT).toBe(8)
    expect(MIN_ROUND_TABLE_RADIUS).toBe(28)
    expect(SEAT_SPACING).toBe(34)
    expect(CANVAS_HEIGHT).toBe(1000)
    expect(GRID_SIZE).toBe(2000)
    expect(DUPLICATE_OFFSET).toBe(40)
    expect(TABLE_TYPES).toEqual(['round', '1-sided', '2-sided', '4-sided'])
  })
})

describe('snapToGrid', () => {
  test.each([
    [0, 0],
    [9, 0],
    [10, 20],
    [29.9, 20],
    [30, 40],
    [213, 220],
    [-9, 0],
    [-11, -20],
  ])('%d snaps to %d', (value, snapped) => {
    expect(snapToGrid(value)).toBe(snapped)
  })

  test('never gives -0', () => {
    expect(Object.is(snapToGrid(-4), 0)).toBe(true)
  })
})

describe('seatCountOrDefault', () => {
  test.each([
    [6, 6],
    ['10', 10],
    [1, 1],
    [0, 8],
    [-3, 8],
    [2.5, 8],
    ['', 8],
    ['six', 8],
    [Number.NaN, 8],
    [undefined, 8],
    [null, 8],
    [500, MAX_SEATS_PER_TABLE],
  ])('%s gives %d seats', (value, count) => {
    expect(seatCountOrDefault(value)).toBe(count)
  })
})

describe('seatsFor', () => {
  test.each(
    TABLE_TYPES.flatMap((type) => [1, 2, 3, 5, 8, 12, 40].map((count) => [type, count] as const)),
  )(
    '%s table with %d seats: that many seats, none overlapping, all outside the table top',
    (type, count) => {
      const { width, height, seats } = seatsFor(type, count)
      expect(seats).toHaveLength(count)
      for (let a = 0; a < seats.length; a++) {
        for (let b = a + 1; b < seats.length; b++) {
          expect(distance(seats[a]!, seats[b]!)).toBeGreaterThanOrEqual(SEAT_SPACING - 0.02)
        }
        const seat = seats[a]!
        if (type === 'round') {
          expect(Math.hypot(seat.x, seat.y)).toBeGreaterThanOrEqual(width / 2 + SEAT_RADIUS)
        } else {
          const outside =
            Math.abs(seat.x) >= width / 2 + SEAT_RADIUS ||
            Math.abs(seat.y) >= height / 2 + SEAT_RADIUS
          expect(outside).toBe(true)
        }
      }
    },
  )

  test('round: radius at least 28, and the table grows with its seats, 34 px apart around it', () => {
    const small = seatsFor('round', 4)
    expect(small.width).toBe(2 * MIN_ROUND_TABLE_RADIUS)
    expect(small.height).toBe(small.width)
    const big = seatsFor('round', 20)
    expect(big.width).toBeGreaterThan(small.width)
    // Neighbouring seats are one seat spacing apart.
    expect(distance(big.seats[0]!, big.seats[1]!)).toBeCloseTo(SEAT_SPACING, 1)
    // The first seat is at the top, then clockwise.
    expect(big.seats[0]!.x).toBeCloseTo(0)
    expect(big.seats[0]!.y).toBeLessThan(0)
    expect(big.seats[1]!.x).toBeGreaterThan(0)
  })

  test('1-sided: every seat along one long side', () => {
    const { width, height, seats } = seatsFor('1-sided', 6)
    expect(width).toBe(6 * SEAT_SPACING)
    expect(height).toBe(2 * MIN_ROUND_TABLE_RADIUS)
    expect(new Set(seats.map((seat) => seat.y)).size).toBe(1)
    expect(seats.map((seat) => seat.x)).toEqual([-85, -51, -17, 17, 51, 85])
    expect(seats[0]!.y).toBe(-(height / 2 + 20))
  })

  test('2-sided: half on each long side, clockwise', () => {
    const { width, seats } = seatsFor('2-sided', 7)
    expect(width).toBe(4 * SEAT_SPACING)
    const top = seats.filter((seat) => seat.y < 0)
    const bottom = seats.filter((seat) => seat.y > 0)
    expect(top).toHaveLength(4)
    expect(bottom).toHaveLength(3)
    // Top left to right, then bottom right to left.
    expect(seats.slice(4).map((seat) => seat.x)).toEqual([34, 0, -34])
  })

  test('4-sided: seats on every side, long sides first', () => {
    const { width, height, seats } = seatsFor('4-sided', 10)
    const side = (test: (p: Point) => boolean) => seats.filter(test).length
    expect(side((p) => p.y < -height / 2)).toBe(3)
    expect(side((p) => p.y > height / 2)).toBe(3)
    expect(side((p) => p.x > width / 2)).toBe(2)
    expect(side((p) => p.x < -width / 2)).toBe(2)
    expect(width).toBe(3 * SEAT_SPACING)
    expect(height).toBe(2 * SEAT_SPACING)
  })

  test('a short side is never shorter than a round table is wide', () => {
    expect(seatsFor('1-sided', 1).width).toBe(2 * MIN_ROUND_TABLE_RADIUS)
    expect(seatsFor('4-sided', 4)).toMatchObject({ width: 56, height: 56 })
  })
})

describe('addTable', () => {
  test('a new round table at 200,200 with 8 seats', () => {
    const layout = withTable()
    expect(layout.tables).toEqual([
      {
        id: 't0-1',
        name: 'Table 1',
        x: 200,
        y: 200,
        width: seatsFor('round', 8).width,
        height: seatsFor('round', 8).height,
        type: 'round',
      },
    ])
    expect(layout.seats).toHaveLength(8)
    expect(
      layout.seats.every(
        (seat) => seat.tableId === 't0-1' && seat.personId === null && seat.householdId === null,
      ),
    ).toBe(true)
    expect(layout.seats.map((seat) => ({ x: seat.x, y: seat.y }))).toEqual(
      seatsFor('round', 8).seats,
    )
  })

  test.each([[0], [-2], ['abc'], [1.5]])('an invalid seat count (%s) gives 8', (seatCount) => {
    expect(withTable({ seatCount }).seats).toHaveLength(8)
  })

  test('a valid seat count and type are used', () => {
    const layout = withTable({ seatCount: '12', type: '2-sided' })
    expect(layout.seats).toHaveLength(12)
    expect(layout.tables[0]!.type).toBe('2-sided')
  })

  test('a second new table does not hide the first: it goes to the first free place to the right', () => {
    const one = withTable()
    const two = withTable({ name: 'Table 2' }, one)
    const [first, second] = two.tables
    expect(second!.y).toBe(200)
    expect(second!.x).toBeGreaterThan(200)
    expect(second!.x % GRID_SNAP).toBe(0)
    // Seats included, the two do not overlap.
    const a = layoutBounds({ tables: [first!], seats: seatsOfTable(two, first!.id) })!
    const b = layoutBounds({ tables: [second!], seats: seatsOfTable(two, second!.id) })!
    expect(b.x).toBeGreaterThanOrEqual(a.x + a.width)
  })

  test('a full row continues on the next free row', () => {
    let layout = emptyLayout
    for (let i = 0; i < 14; i++) layout = withTable({ name: `T${i}` }, layout)
    expect(new Set(layout.tables.map((table) => `${table.x},${table.y}`)).size).toBe(14)
    expect(layout.tables.every((table) => table.x <= GRID_SIZE && table.y <= GRID_SIZE)).toBe(true)
    expect(Math.max(...layout.tables.map((table) => table.y))).toBeGreaterThan(200)
  })

  test('a banquet hall of 100 tables fills straight rows and columns, none overlapping, all on the grid', () => {
    let layout = emptyLayout
    for (let i = 0; i < 100; i++) layout = withTable({ name: `Table ${i + 1}` }, layout)
    const columns = new Set(layout.tables.map((table) => table.x))
    const rows = new Set(layout.tables.map((table) => table.y))
    // Every row starts in the first table's column: one regular grid, not rows shifted against each other.
    expect(Math.min(...columns)).toBe(200)
    expect(columns.size).toBeLessThanOrEqual(12)
    expect(rows.size).toBeLessThanOrEqual(10)
    const boxes = layout.tables.map((table) =>
      layoutBounds({ tables: [table], seats: seatsOfTable(layout, table.id) })!,
    )
    for (const [index, a] of boxes.entries()) {
      expect(a.x).toBeGreaterThanOrEqual(0)
      expect(a.y + a.height).toBeLessThanOrEqual(GRID_SIZE)
      for (const b of boxes.slice(index + 1)) {
        const apart =
          b.x >= a.x + a.width ||
          a.x >= b.x + b.width ||
          b.y >= a.y + a.height ||
          a.y >= b.y + b.height
        expect(apart).toBe(true)
      }
    }
  })

  test('a table dragged into the way is stepped round', () => {
    let layout = withTable({ position: { x: 360, y: 200 } })
    layout = withTable({ name: 'T2' }, layout)
    layout = withTable({ name: 'T3' }, layout)
    expect(layout.tables.map((table) => [table.x, table.y])).toEqual([
      [360, 200],
      [200, 200],
      [520, 200],
    ])
    // Nothing free from the bottom-right corner on: the first free place from the top left.
    const corner = withTable({ position: { x: 1900, y: 1900 } })
    expect(
      withTable({ name: 'T2', position: { x: 1900, y: 1900 } }, corner).tables[1],
    ).toMatchObject({ x: 80, y: 80 })
  })

  test('snaps a given position to the grid', () => {
    expect(withTable({ position: { x: 311, y: 95 } }).tables[0]).toMatchObject({ x: 320, y: 100 })
  })

  test('a blank name becomes the table’s number', () => {
    expect(withTable({ name: '   ' }).tables[0]!.name).toBe('1')
  })
})

describe('moveTable', () => {
  test('snaps to the 20 px grid', () => {
    const layout = moveTable(withTable(), 't0-1', { x: 433.7, y: 151 })
    expect(layout.tables[0]).toMatchObject({ x: 440, y: 160 })
  })

  test('stays inside the grid', () => {
    const layout = moveTable(withTable(), 't0-1', { x: -300, y: 5000 })
    expect(layout.tables[0]).toMatchObject({ x: 0, y: GRID_SIZE })
  })

  test('a drop on the same grid point changes nothing (the same layout comes back)', () => {
    const layout = withTable()
    expect(moveTable(layout, 't0-1', { x: 204, y: 196 })).toBe(layout)
    expect(moveTable(layout, 'nope', { x: 400, y: 400 })).toBe(layout)
  })

  test('moves the table only: seats are relative to it', () => {
    const layout = withTable()
    expect(moveTable(layout, 't0-1', { x: 600, y: 600 }).seats).toBe(layout.seats)
  })
})

describe('renameTable', () => {
  test('renames, trimmed', () => {
    expect(renameTable(withTable(), 't0-1', '  Ninong  at Ninang ').tables[0]!.name).toBe(
      'Ninong at Ninang',
    )
  })

  test.each([[''], ['   '], ['Table 1']])('an empty (or unchanged) name %j is ignored', (name) => {
    const layout = withTable()
    expect(renameTable(layout, 't0-1', name)).toBe(layout)
  })
})

describe('changeType and resizeSeats', () => {
  const seated = (layout: SeatingLayout) =>
    layout.seats.map((seat, index) =>
      index < 3 ? { ...seat, personId: `p${index}`, householdId: 'g1' } : seat,
    )

  test('changing the type lays the seats out again and keeps everyone seated', () => {
    const start = withTable()
    const layout = { ...start, seats: seated(start) }
    const next = changeType(layout, 't0-1', '4-sided')
    expect(next.tables[0]).toMatchObject({
      type: '4-sided',
      ...(({ width, height }) => ({ width, height }))(seatsFor('4-sided', 8)),
    })
    expect(next.seats.map((seat) => seat.id)).toEqual(layout.seats.map((seat) => seat.id))
    expect(next.seats.map((seat) => seat.personId)).toEqual(
      layout.seats.map((seat) => seat.personId),
    )
    expect(next.seats.map(({ x, y }) => ({ x, y }))).toEqual(seatsFor('4-sided', 8).seats)
    expect(changeType(next, 't0-1', '4-sided')).toBe(next)
  })

  test('more seats: new ones at the end, the table grows', () => {
    const layout = resizeSeats(withTable(), 't0-1', 12, counter('new'))
    expect(seatsOfTable(layout, 't0-1')).toHaveLength(12)
    expect(layout.seats.slice(8).map((seat) => seat.id)).toEqual([
      'new-1',
      'new-2',
      'new-3',
      'new-4',
    ])
    expect(layout.tables[0]!.width).toBe(seatsFor('round', 12).width)
  })

  test('fewer seats: a person whose seat goes away moves to a free seat that stays', () => {
    const start = withTable()
    const layout = {
      ...start,
      seats: start.seats.map((seat, index) =>
        index === 7 ? { ...seat, personId: 'p7', householdId: 'g' } : seat,
      ),
    }
    const next = resizeSeats(layout, 't0-1', 4)
    expect(next.seats).toHaveLength(4)
    expect(next.seats[0]).toMatchObject({
      id: layout.seats[0]!.id,
      personId: 'p7',
      householdId: 'g',
    })
  })

  test('fewer seats than people: those without a seat return to the guest list', () => {
    const start = withTable()
    const layout = {
      ...start,
      seats: start.seats.map((seat, index) => ({
        ...seat,
        personId: `p${index}`,
        householdId: 'g',
      })),
    }
    const next = resizeSeats(layout, 't0-1', 3)
    expect(next.seats.map((seat) => seat.personId)).toEqual(['p0', 'p1', 'p2'])
  })

  test.each([[0], [''], ['x'], [8]])(
    'an invalid or unchanged count (%j) changes nothing',
    (count) => {
      const layout = withTable()
      expect(resizeSeats(layout, 't0-1', count)).toBe(layout)
    },
  )
})

describe('duplicateTable', () => {
  test('a copy 40 px down and right, same type and seats, seats empty', () => {
    const start = withTable({ type: '2-sided', seatCount: 6 })
    const layout = {
      ...start,
      seats: start.seats.map((seat) => ({ ...seat, personId: 'p', householdId: 'g' })),
    }
    const next = duplicateTable(layout, 't0-1', { newId: counter('copy'), name: 'Table 1 (copy)' })
    const copy = next.tables[1]!
    expect(copy).toMatchObject({
      id: 'copy-1',
      name: 'Table 1 (copy)',
      type: '2-sided',
      x: 240,
      y: 240,
    })
    expect(copy.x - next.tables[0]!.x).toBe(DUPLICATE_OFFSET)
    expect(copy.y - next.tables[0]!.y).toBe(DUPLICATE_OFFSET)
    const seats = seatsOfTable(next, 'copy-1')
    expect(seats).toHaveLength(6)
    expect(seats.every((seat) => seat.personId === null && seat.householdId === null)).toBe(true)
    expect(seats.map(({ x, y }) => ({ x, y }))).toEqual(
      seatsOfTable(next, 't0-1').map(({ x, y }) => ({ x, y })),
    )
    expect(new Set(next.seats.map((seat) => seat.id)).size).toBe(12)
  })

  test('keeps the name when none is given', () => {
    expect(duplicateTable(withTable(), 't0-1').tables[1]!.name).toBe('Table 1')
  })
})

describe('deleteTable', () => {
  test('removes the table and its seats', () => {
    const two = withTable({ name: 'Table 2', position: { x: 600, y: 600 } }, withTable())
    const next = deleteTable(two, 't0-1')
    expect(next.tables.map((table) => table.id)).toEqual(['t1-1'])
    expect(next.seats.every((seat) => seat.tableId === 't1-1')).toBe(true)
    expect(deleteTable(next, 't0-1')).toBe(next)
  })
})

describe('seatAt', () => {
  test('finds the seat under a point on the grid, and nothing between seats', () => {
    const layout = withTable()
    const first = layout.seats[0]!
    const table = layout.tables[0]!
    expect(seatAt(layout, { x: table.x + first.x + 5, y: table.y + first.y - 5 })?.id).toBe(
      first.id,
    )
    expect(seatAt(layout, { x: table.x, y: table.y })).toBeUndefined()
  })
})

describe('layoutBounds and seatsByTable', () => {
  test('bounds hold every table and seat', () => {
    expect(layoutBounds(emptyLayout)).toBeNull()
    const layout = withTable({ type: '1-sided', seatCount: 2 })
    // 1-sided, 2 seats: a 68 x 56 table at 200,200 with seats 48 px above its centre.
    expect(layoutBounds(layout)).toEqual({
      x: 166,
      y: 200 - 48 - 14,
      width: 68,
      height: 14 + 48 + 28,
    })
  })

  test('keeps a table’s seat list when its seats did not change', () => {
    const two = withTable({ name: 'Table 2', position: { x: 600, y: 600 } }, withTable())
    const before = seatsByTable(two)
    const after = seatsByTable(resizeSeats(two, 't1-1', 4), before)
    expect(after.get('t0-1')).toBe(before.get('t0-1'))
    expect(after.get('t1-1')).not.toBe(before.get('t1-1'))
    expect(after.get('t1-1')).toHaveLength(4)
  })
})

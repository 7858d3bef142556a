// The seating layout: tables and their seats, as plain read-only data. Every function returns a new
// layout (sharing what did not change) or the very same layout when nothing changed, so callers can
// tell "no change" by identity and undo never records a step that does nothing.

import {
  DEFAULT_SEAT_COUNT,
  DUPLICATE_OFFSET,
  GRID_SIZE,
  GRID_SNAP,
  MAX_SEATS_PER_TABLE,
  MAX_TABLE_NAME_LENGTH,
  MIN_ROUND_TABLE_RADIUS,
  NEW_TABLE_POSITION,
  RECT_TABLE_DEPTH,
  SEAT_GAP,
  SEAT_RADIUS,
  SEAT_SPACING,
  TABLE_TYPES,
} from './constants'

export type TableType = (typeof TABLE_TYPES)[number]

export interface Point {
  readonly x: number
  readonly y: number
}

/** A table: (x, y) is its centre on the grid; width × height is the table top, seats not included. */
export interface Table {
  readonly id: string
  readonly name: string
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  readonly type: TableType
}

/**
 * A seat: (x, y) is its centre relative to its table's centre, so moving a table never touches its
 * seats. `personId` is who sits there and `householdId` their household; both null when it is free.
 */
export interface Seat {
  readonly id: string
  readonly tableId: string
  readonly x: number
  readonly y: number
  readonly householdId: string | null
  readonly personId: string | null
}

export interface SeatingLayout {
  readonly tables: readonly Table[]
  readonly seats: readonly Seat[]
}

export const emptyLayout: SeatingLayout = { tables: [], seats: [] }

/** Makes ids for new tables and seats; tests pass a counter. */
export type NewId = () => string

export function newId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  // randomUUID exists only in secure contexts; a dev server on a LAN address is not one.
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function isTableType(value: unknown): value is TableType {
  return (TABLE_TYPES as readonly unknown[]).includes(value)
}

/** The nearest grid line: tables always land on the 20 px grid. */
export function snapToGrid(value: number, grid = GRID_SNAP): number {
  return Math.round(value / grid) * grid + 0 // + 0 turns -0 into 0
}

function clampToGrid(value: number) {
  return Math.min(Math.max(value, 0), GRID_SIZE)
}

/** Where a table may stand: on the grid lines, inside the grid. */
export function snapPoint(point: Point): Point {
  return { x: clampToGrid(snapToGrid(point.x)), y: clampToGrid(snapToGrid(point.y)) }
}

/** A seat count as typed: a whole number from 1 up (at most 40); anything else gives the default 8. */
export function seatCountOrDefault(value: unknown): number {
  const count = parseSeatCount(value)
  return count ?? DEFAULT_SEAT_COUNT
}

/** A whole number of seats from 1 up, capped at 40; null when the value is not one. */
export function parseSeatCount(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) return null
  return Math.min(number, MAX_SEATS_PER_TABLE)
}

export function cleanTableName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').slice(0, MAX_TABLE_NAME_LENGTH).trim()
}

const round2 = (value: number) => Math.round(value * 100) / 100 + 0

export interface TableShape {
  readonly width: number
  readonly height: number
  /** Seat centres relative to the table's centre, clockwise from the top left. */
  readonly seats: readonly Point[]
}

/** A row of n seats centred on x = 0, SEAT_SPACING apart, left to right. */
function row(count: number, y: number): Point[] {
  return Array.from({ length: count }, (_, index) => ({
    x: (index - (count - 1) / 2) * SEAT_SPACING,
    y,
  }))
}

/** A column of n seats centred on y = 0, top to bottom. */
function column(count: number, x: number): Point[] {
  return Array.from({ length: count }, (_, index) => ({
    x,
    y: (index - (count - 1) / 2) * SEAT_SPACING,
  }))
}

const sideLength = (seatsOnSide: number) => Math.max(seatsOnSide * SEAT_SPACING, RECT_TABLE_DEPTH)
/** How far a seat's centre stands from the edge of the table. */
const seatOffset = SEAT_RADIUS + SEAT_GAP

/**
 * The size of a table of this type with this many seats, and where its seats go:
 * - round: seats on a circle, SEAT_SPACING apart; the table's radius at least 28, larger with more seats.
 * - 1-sided: a long table with every seat along one side (a head table facing the room).
 * - 2-sided: a banquet table, half the seats on each long side.
 * - 4-sided: seats shared around all four sides, long sides first.
 */
export function seatsFor(type: TableType, seatCount: number): TableShape {
  const count = Math.max(1, Math.floor(seatCount))
  let width: number
  let height: number
  let seats: Point[]

  switch (type) {
    case 'round': {
      // Neighbouring seats SEAT_SPACING apart in a straight line (the chord between them).
      const spaced = count > 1 ? SEAT_SPACING / (2 * Math.sin(Math.PI / count)) : 0
      const ringRadius = Math.max(MIN_ROUND_TABLE_RADIUS + seatOffset, spaced)
      width = height = 2 * (ringRadius - seatOffset)
      seats = Array.from({ length: count }, (_, index) => {
        const angle = -Math.PI / 2 + (2 * Math.PI * index) / count
        return { x: ringRadius * Math.cos(angle), y: ringRadius * Math.sin(angle) }
      })
      break
    }
    case '1-sided': {
      width = sideLength(count)
      height = RECT_TABLE_DEPTH
      seats = row(count, -(height / 2 + seatOffset))
      break
    }
    case '2-sided': {
      const top = Math.ceil(count / 2)
      const bottom = count - top
      width = sideLength(top)
      height = RECT_TABLE_DEPTH
      seats = [
        ...row(top, -(height / 2 + seatOffset)),
        ...row(bottom, height / 2 + seatOffset).reverse(),
      ]
      break
    }
    case '4-sided': {
      const base = Math.floor(count / 4)
      const extra = count % 4
      const top = base + (extra > 0 ? 1 : 0)
      const bottom = base + (extra > 1 ? 1 : 0)
      const right = base + (extra > 2 ? 1 : 0)
      const left = base
      width = sideLength(Math.max(top, bottom))
      height = sideLength(Math.max(left, right))
      seats = [
        ...row(top, -(height / 2 + seatOffset)),
        ...column(right, width / 2 + seatOffset),
        ...row(bottom, height / 2 + seatOffset).reverse(),
        ...column(left, -(width / 2 + seatOffset)).reverse(),
      ]
      break
    }
  }
  return {
    width: round2(width),
    height: round2(height),
    seats: seats.map((seat) => ({ x: round2(seat.x), y: round2(seat.y) })),
  }
}

/** The seats of one table, in seat order. */
export function seatsOfTable(layout: SeatingLayout, tableId: string): Seat[] {
  return layout.seats.filter((seat) => seat.tableId === tableId)
}

export function findTable(layout: SeatingLayout, tableId: string): Table | undefined {
  return layout.tables.find((table) => table.id === tableId)
}

/** Swaps one table's seats for new ones, keeping every other seat (and the order) as it was. */
function replaceSeatsOf(
  seats: readonly Seat[],
  tableId: string,
  replacement: readonly Seat[],
): Seat[] {
  const first = seats.findIndex((seat) => seat.tableId === tableId)
  const others = seats.filter((seat) => seat.tableId !== tableId)
  if (first === -1) return [...others, ...replacement]
  const before = seats.slice(0, first).filter((seat) => seat.tableId !== tableId)
  return [...before, ...replacement, ...others.slice(before.length)]
}

function replaceTable(tables: readonly Table[], next: Table): Table[] {
  return tables.map((table) => (table.id === next.id ? next : table))
}

/**
 * Seats for a table of this type and count. Existing seats keep their ids and who sits there, in
 * order; a seat moves only if its position changed.
 */
function placeSeats(
  tableId: string,
  shape: TableShape,
  existing: readonly Seat[],
  makeId: NewId,
): Seat[] {
  return shape.seats.map((point, index) => {
    const before = existing[index]
    if (before && before.x === point.x && before.y === point.y) return before
    return {
      id: before?.id ?? makeId(),
      tableId,
      x: point.x,
      y: point.y,
      householdId: before?.householdId ?? null,
      personId: before?.personId ?? null,
    }
  })
}

export interface AddTableOptions {
  /** The table's name as shown; the caller words it ("Table 3"). */
  name: string
  type?: TableType
  /** As typed: anything but a whole number from 1 gives 8 seats. */
  seatCount?: unknown
  /** Where it goes; 200,200 unless given. */
  position?: Point
  id?: string
  newId?: NewId
}

/** Half the width and height a table takes with its seats, from its centre. */
export function halfExtent(shape: {
  width: number
  height: number
  seats: readonly Point[]
}): Point {
  let x = shape.width / 2
  let y = shape.height / 2
  for (const seat of shape.seats) {
    x = Math.max(x, Math.abs(seat.x) + SEAT_RADIUS)
    y = Math.max(y, Math.abs(seat.y) + SEAT_RADIUS)
  }
  return { x, y }
}

/** Room kept between a new table and the tables already there. */
const TABLE_MARGIN = GRID_SNAP

/**
 * The first free place for a new table: `start` if nothing stands there, else the nearest grid
 * point after it, reading left to right from `start`'s column and then down, where the table and
 * its seats overlap no other table's. Every row starts in the same column, so tables added one
 * after another fill a banquet hall in straight rows and columns. Falls back to `start` when the
 * grid is full.
 */
function freePlace(layout: SeatingLayout, start: Point, shape: TableShape): Point {
  const size = halfExtent(shape)
  const seats = seatsByTable(layout)
  const taken = layout.tables.map((table) => {
    const half = halfExtent({
      width: table.width,
      height: table.height,
      seats: seats.get(table.id) ?? [],
    })
    return {
      x: table.x,
      y: table.y,
      halfX: half.x + size.x + TABLE_MARGIN,
      halfY: half.y + size.y + TABLE_MARGIN,
    }
  })
  const free = (x: number, y: number) =>
    taken.every(
      (other) => Math.abs(other.x - x) >= other.halfX || Math.abs(other.y - y) >= other.halfY,
    )
  if (free(start.x, start.y)) return start
  const firstColumn = Math.max(start.x, snapToGrid(size.x + GRID_SNAP / 2))
  for (let y = start.y; y + size.y <= GRID_SIZE; y += GRID_SNAP) {
    for (let x = y === start.y ? start.x : firstColumn; x + size.x <= GRID_SIZE; x += GRID_SNAP) {
      if (free(x, y)) return { x, y }
    }
  }
  // No room from there on: anywhere on the grid rather than on top of another table.
  for (let y = snapToGrid(size.y + GRID_SNAP / 2); y + size.y <= GRID_SIZE; y += GRID_SNAP) {
    for (let x = snapToGrid(size.x + GRID_SNAP / 2); x + size.x <= GRID_SIZE; x += GRID_SNAP) {
      if (free(x, y)) return { x, y }
    }
  }
  return start
}

/**
 * Adds a table at 200,200 (or the given point) with its seats. If another table is in the way, the
 * new one goes to the first free place after it (to the right, then further down), so a new table
 * is never hidden under another.
 */
export function addTable(layout: SeatingLayout, options: AddTableOptions): SeatingLayout {
  const makeId = options.newId ?? newId
  const type = options.type && isTableType(options.type) ? options.type : 'round'
  const shape = seatsFor(type, seatCountOrDefault(options.seatCount))
  const position = freePlace(layout, snapPoint(options.position ?? NEW_TABLE_POSITION), shape)
  const table: Table = {
    id: options.id ?? makeId(),
    name: cleanTableName(options.name) || String(layout.tables.length + 1),
    x: position.x,
    y: position.y,
    width: shape.width,
    height: shape.height,
    type,
  }
  return {
    tables: [...layout.tables, table],
    seats: [...layout.seats, ...placeSeats(table.id, shape, [], makeId)],
  }
}

/** Moves a table to a point, snapped to the grid and kept inside it. */
export function moveTable(layout: SeatingLayout, tableId: string, to: Point): SeatingLayout {
  const table = findTable(layout, tableId)
  if (!table) return layout
  const { x, y } = snapPoint(to)
  if (table.x === x && table.y === y) return layout
  return { ...layout, tables: replaceTable(layout.tables, { ...table, x, y }) }
}

/** Renames a table; a blank name (or the same name) changes nothing. */
export function renameTable(layout: SeatingLayout, tableId: string, name: string): SeatingLayout {
  const table = findTable(layout, tableId)
  const cleaned = cleanTableName(name)
  if (!table || cleaned === '' || cleaned === table.name) return layout
  return { ...layout, tables: replaceTable(layout.tables, { ...table, name: cleaned }) }
}

/** Changes a table's type; the seats are laid out again and everyone keeps their seat. */
export function changeType(layout: SeatingLayout, tableId: string, type: TableType): SeatingLayout {
  const table = findTable(layout, tableId)
  if (!table || !isTableType(type) || table.type === type) return layout
  const existing = seatsOfTable(layout, tableId)
  const shape = seatsFor(type, existing.length)
  return {
    tables: replaceTable(layout.tables, {
      ...table,
      type,
      width: shape.width,
      height: shape.height,
    }),
    seats: replaceSeatsOf(layout.seats, tableId, placeSeats(tableId, shape, existing, newId)),
  }
}

/**
 * Gives a table a new number of seats (a whole number from 1, at most 40; anything else changes
 * nothing). Seats are added or taken from the end; a person whose seat goes away moves to a free
 * seat that stays, and only returns to the guest list when the table is full.
 */
export function resizeSeats(
  layout: SeatingLayout,
  tableId: string,
  seatCount: unknown,
  makeId: NewId = newId,
): SeatingLayout {
  const table = findTable(layout, tableId)
  const count = parseSeatCount(seatCount)
  if (!table || count === null) return layout
  const existing = seatsOfTable(layout, tableId)
  if (existing.length === count) return layout

  let kept = existing.slice(0, count)
  const displaced = existing.slice(count).filter((seat) => seat.personId !== null)
  for (const from of displaced) {
    const free = kept.findIndex((seat) => seat.personId === null)
    if (free === -1) break
    kept = kept.map((seat, index) =>
      index === free ? { ...seat, personId: from.personId, householdId: from.householdId } : seat,
    )
  }
  const shape = seatsFor(table.type, count)
  return {
    tables: replaceTable(layout.tables, { ...table, width: shape.width, height: shape.height }),
    seats: replaceSeatsOf(layout.seats, tableId, placeSeats(tableId, shape, kept, makeId)),
  }
}

export interface DuplicateOptions {
  /** The copy's name; the table's own name when not given. */
  name?: string
  id?: string
  newId?: NewId
}

/**
 * Copies a table 40 px down and to the right, with the same type and number of seats. The copy's
 * seats are empty: a person sits in one seat only.
 */
export function duplicateTable(
  layout: SeatingLayout,
  tableId: string,
  options: DuplicateOptions = {},
): SeatingLayout {
  const table = findTable(layout, tableId)
  if (!table) return layout
  const makeId = options.newId ?? newId
  const copy: Table = {
    ...table,
    id: options.id ?? makeId(),
    name: cleanTableName(options.name ?? '') || table.name,
    ...snapPoint({ x: table.x + DUPLICATE_OFFSET, y: table.y + DUPLICATE_OFFSET }),
  }
  const seats = seatsOfTable(layout, tableId).map((seat) => ({
    ...seat,
    id: makeId(),
    tableId: copy.id,
    householdId: null,
    personId: null,
  }))
  return { tables: [...layout.tables, copy], seats: [...layout.seats, ...seats] }
}

/** Removes a table and its seats; whoever sat there returns to the guest list. */
export function deleteTable(layout: SeatingLayout, tableId: string): SeatingLayout {
  if (!findTable(layout, tableId)) return layout
  return {
    tables: layout.tables.filter((table) => table.id !== tableId),
    seats: layout.seats.filter((seat) => seat.tableId !== tableId),
  }
}

/**
 * The seat under a point on the grid: the nearest seat whose centre is within `tolerance` (the
 * seat's radius unless given), or undefined.
 */
export function seatAt(
  layout: SeatingLayout,
  point: Point,
  tolerance = SEAT_RADIUS,
): Seat | undefined {
  const tables = new Map(layout.tables.map((table) => [table.id, table]))
  let best: Seat | undefined
  let bestDistance = tolerance * tolerance
  for (const seat of layout.seats) {
    const table = tables.get(seat.tableId)
    if (!table) continue
    const dx = table.x + seat.x - point.x
    const dy = table.y + seat.y - point.y
    const distance = dx * dx + dy * dy
    if (distance <= bestDistance) {
      best = seat
      bestDistance = distance
    }
  }
  return best
}

export interface Bounds {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** The rectangle around every table and seat, or null for an empty chart. */
export function layoutBounds(layout: SeatingLayout): Bounds | null {
  if (layout.tables.length === 0) return null
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  const tables = new Map(layout.tables.map((table) => [table.id, table]))
  for (const table of layout.tables) {
    minX = Math.min(minX, table.x - table.width / 2)
    maxX = Math.max(maxX, table.x + table.width / 2)
    minY = Math.min(minY, table.y - table.height / 2)
    maxY = Math.max(maxY, table.y + table.height / 2)
  }
  for (const seat of layout.seats) {
    const table = tables.get(seat.tableId)
    if (!table) continue
    minX = Math.min(minX, table.x + seat.x - SEAT_RADIUS)
    maxX = Math.max(maxX, table.x + seat.x + SEAT_RADIUS)
    minY = Math.min(minY, table.y + seat.y - SEAT_RADIUS)
    maxY = Math.max(maxY, table.y + seat.y + SEAT_RADIUS)
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY }
}

/**
 * Seats grouped by table. Pass the previous result to keep each table's list the same array when
 * its seats did not change, so a view redraws only the tables that did.
 */
export function seatsByTable(
  layout: SeatingLayout,
  previous?: ReadonlyMap<string, readonly Seat[]>,
): Map<string, readonly Seat[]> {
  const grouped = new Map<string, Seat[]>()
  for (const table of layout.tables) grouped.set(table.id, [])
  for (const seat of layout.seats) grouped.get(seat.tableId)?.push(seat)
  const result = new Map<string, readonly Seat[]>()
  for (const [tableId, seats] of grouped) {
    const before = previous?.get(tableId)
    const same =
      before &&
      before.length === seats.length &&
      before.every((seat, index) => seat === seats[index])
    result.set(tableId, same ? before : seats)
  }
  return result
}

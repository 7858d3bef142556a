// @vitest-environment node
// Who sits where, and undo/redo, called directly with no DOM.
import { describe, expect, test } from 'vitest'
import {
  addTable,
  assignSeat,
  canRedo,
  canUndo,
  commit,
  createHistory,
  emptyLayout,
  HISTORY_LIMIT,
  mapHistory,
  moveTable,
  movePerson,
  pruneMissingPersons,
  redo,
  renameTable,
  seatedPersonIds,
  seatOfPerson,
  seatTogether,
  undo,
  unassign,
  type SeatingLayout,
} from '@/features/seating/model'

let n = 0
const ids = () => `id-${++n}`
const table = (layout: SeatingLayout = emptyLayout, name = 'Table') =>
  addTable(layout, {
    name,
    seatCount: 4,
    newId: ids,
    position: { x: 200 + layout.tables.length * 400, y: 200 },
  })

const lola = { personId: 'p-lola', householdId: 'g-reyes' }
const lolo = { personId: 'p-lolo', householdId: 'g-reyes' }
const apo = { personId: 'p-apo', householdId: 'g-reyes' }
const tito = { personId: 'p-tito', householdId: 'g-cruz' }

describe('assignSeat', () => {
  test('records the person and their household on the seat', () => {
    const layout = table()
    const seat = layout.seats[1]!
    const next = assignSeat(layout, seat.id, lola)
    expect(next.seats[1]).toEqual({ ...seat, personId: 'p-lola', householdId: 'g-reyes' })
    expect(next.seats.filter((s) => s.personId)).toHaveLength(1)
    expect(seatedPersonIds(next)).toEqual(new Set(['p-lola']))
  })

  test('the same person on the same seat changes nothing; an unknown seat neither', () => {
    const layout = assignSeat(table(), table().seats[0]!.id, lola)
    const seated = assignSeat(layout, layout.seats[0]!.id, lola)
    expect(assignSeat(seated, seated.seats[0]!.id, lola)).toBe(seated)
    expect(assignSeat(seated, 'nope', tito)).toBe(seated)
  })

  test('someone from the guest list dropped on a taken seat takes it; the other returns to the list', () => {
    let layout = table()
    const seat = layout.seats[0]!.id
    layout = assignSeat(layout, seat, lola)
    layout = assignSeat(layout, seat, tito)
    expect(seatOfPerson(layout, 'p-tito')?.id).toBe(seat)
    expect(seatOfPerson(layout, 'p-lola')).toBeUndefined()
  })

  test('a seated person moves instead of taking two seats', () => {
    let layout = table()
    const [a, b] = layout.seats
    layout = assignSeat(layout, a!.id, lola)
    layout = assignSeat(layout, b!.id, lola)
    expect(seatOfPerson(layout, 'p-lola')?.id).toBe(b!.id)
    expect(layout.seats.filter((s) => s.personId === 'p-lola')).toHaveLength(1)
  })
})

describe('movePerson and unassign', () => {
  test('moving to a free seat, at another table too', () => {
    let layout = table(table())
    const first = layout.seats[0]!
    const other = layout.seats.find((seat) => seat.tableId !== first.tableId)!
    layout = assignSeat(layout, first.id, lola)
    layout = movePerson(layout, 'p-lola', other.id)
    expect(seatOfPerson(layout, 'p-lola')).toMatchObject({ id: other.id, householdId: 'g-reyes' })
    expect(layout.seats[0]).toMatchObject({ personId: null, householdId: null })
  })

  test('moving onto a taken seat trades places', () => {
    let layout = table()
    const [a, b] = layout.seats
    layout = assignSeat(assignSeat(layout, a!.id, lola), b!.id, tito)
    layout = movePerson(layout, 'p-lola', b!.id)
    expect(seatOfPerson(layout, 'p-lola')?.id).toBe(b!.id)
    expect(seatOfPerson(layout, 'p-tito')).toMatchObject({ id: a!.id, householdId: 'g-cruz' })
  })

  test('moving someone without a seat, or to their own seat, changes nothing', () => {
    const layout = assignSeat(table(), table().seats[0]!.id, lola)
    expect(movePerson(layout, 'p-tito', layout.seats[1]!.id)).toBe(layout)
    expect(movePerson(layout, 'p-lola', layout.seats[0]!.id)).toBe(layout)
  })

  test('unassign returns a person to the guest list', () => {
    const layout = assignSeat(table(), table().seats[0]!.id, lola)
    const next = unassign(layout, 'p-lola')
    expect(seatedPersonIds(next).size).toBe(0)
    expect(next.seats[0]).toMatchObject({ personId: null, householdId: null })
    expect(unassign(next, 'p-lola')).toBe(next)
  })
})

describe('seatTogether', () => {
  test('seats a household on the chosen seat and the free ones after it, wrapping round the table', () => {
    let layout = table()
    const [s0, s1, s2, s3] = layout.seats
    layout = assignSeat(layout, s3!.id, tito)
    layout = seatTogether(layout, s2!.id, [lola, lolo, apo])
    expect(layout.seats.map((seat) => seat.personId)).toEqual([
      'p-lolo',
      'p-apo',
      'p-lola',
      'p-tito',
    ])
    expect([s0, s1].every(Boolean)).toBe(true)
  })

  test('starts at the next free seat when the chosen one is taken, and leaves out who does not fit', () => {
    let layout = table()
    layout = assignSeat(layout, layout.seats[0]!.id, tito)
    layout = assignSeat(layout, layout.seats[2]!.id, { personId: 'p-x', householdId: 'g-x' })
    layout = seatTogether(layout, layout.seats[0]!.id, [lola, lolo, apo])
    expect(layout.seats.map((seat) => seat.personId)).toEqual(['p-tito', 'p-lola', 'p-x', 'p-lolo'])
    expect(seatOfPerson(layout, 'p-apo')).toBeUndefined()
  })

  test('people who already have a seat keep it', () => {
    let layout = table(table())
    const other = layout.seats.find((seat) => seat.tableId === layout.tables[1]!.id)!
    layout = assignSeat(layout, other.id, lola)
    layout = seatTogether(layout, layout.seats[0]!.id, [lola, lolo])
    expect(seatOfPerson(layout, 'p-lola')?.id).toBe(other.id)
    expect(seatOfPerson(layout, 'p-lolo')?.id).toBe(layout.seats[0]!.id)
  })
})

describe('pruneMissingPersons', () => {
  test('a person removed from the guest list disappears from their seat; households are brought up to date', () => {
    let layout = table()
    layout = seatTogether(layout, layout.seats[0]!.id, [lola, lolo, tito])
    const households = new Map([
      ['p-lola', 'g-reyes'],
      ['p-tito', 'g-new'],
    ])
    const next = pruneMissingPersons(layout, households)
    expect(next.seats.map((seat) => [seat.personId, seat.householdId])).toEqual([
      ['p-lola', 'g-reyes'],
      [null, null],
      ['p-tito', 'g-new'],
      [null, null],
    ])
    expect(next.seats[0]).toBe(layout.seats[0])
    expect(pruneMissingPersons(next, households)).toBe(next)
  })
})

describe('history', () => {
  const start = table()
  const renamed = renameTable(start, start.tables[0]!.id, 'Ninong')

  test('a new history has nothing to undo or redo (loading a layout is no step)', () => {
    const history = createHistory(start)
    expect(history.present).toBe(start)
    expect(canUndo(history)).toBe(false)
    expect(canRedo(history)).toBe(false)
  })

  test('undo and redo whole layouts', () => {
    let history = commit(createHistory(start), renamed)
    expect(canUndo(history)).toBe(true)
    history = undo(history)
    expect(history.present).toBe(start)
    expect(canRedo(history)).toBe(true)
    history = redo(history)
    expect(history.present).toBe(renamed)
    expect(undo(undo(history)).present).toBe(start)
    expect(redo(history)).toBe(history)
  })

  test('a drag is one step: only its end is committed', () => {
    const tableId = start.tables[0]!.id
    let history = createHistory(start)
    // The view moves the table on screen while dragging and commits once, on drag end.
    history = commit(history, moveTable(history.present, tableId, { x: 640, y: 380 }))
    expect(history.past).toHaveLength(1)
    expect(undo(history).present.tables[0]).toMatchObject({ x: 200, y: 200 })
  })

  test('redo is cleared only when the layout really changes', () => {
    let history = undo(commit(createHistory(start), renamed))
    // A change that changes nothing (a drop on the same grid point, a blank rename) keeps redo.
    history = commit(history, moveTable(history.present, start.tables[0]!.id, { x: 203, y: 198 }))
    history = commit(history, renameTable(history.present, start.tables[0]!.id, '  '))
    expect(canRedo(history)).toBe(true)
    history = commit(history, renameTable(history.present, start.tables[0]!.id, 'Barkada'))
    expect(canRedo(history)).toBe(false)
  })

  test(`remembers ${HISTORY_LIMIT} steps`, () => {
    let history = createHistory(start)
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) {
      history = commit(history, renameTable(history.present, start.tables[0]!.id, `Name ${i}`))
    }
    expect(history.past).toHaveLength(HISTORY_LIMIT)
  })

  test('mapHistory corrects every step without adding one', () => {
    let history = createHistory(assignSeat(start, start.seats[0]!.id, lola))
    history = commit(history, renamed)
    history = mapHistory(history, (layout) => pruneMissingPersons(layout, new Map()))
    expect(history.past).toHaveLength(1)
    expect(seatedPersonIds(history.past[0]!).size).toBe(0)
    expect(mapHistory(history, (layout) => layout)).toBe(history)
  })
})

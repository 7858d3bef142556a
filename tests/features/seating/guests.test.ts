// @vitest-environment node
// Who the seating chart offers to seat: those who may come (pending and accepted), declined apart.
import { describe, expect, test } from 'vitest'
import {
  addTable,
  assignSeat,
  declinedUnseated,
  emptyLayout,
  occupantOf,
  panelRows,
  seatingCounts,
  unseatedGroups,
  waitingToSeat,
  type RosterHousehold,
  type RosterPerson,
} from '@/features/seating/model'

const person = (
  id: string,
  householdId: string,
  isAttending: boolean | null,
  firstName = id,
): RosterPerson => ({
  id,
  householdId,
  firstName,
  lastName: 'Santos',
  type: 'adult',
  isAttending,
})

const santos: RosterHousehold = {
  id: 'h1',
  persons: [
    person('ramon', 'h1', true, 'Ramon'),
    person('lourdes', 'h1', null, 'Lourdes'),
    person('tito', 'h1', false, 'Tito'),
  ],
}
const reyes: RosterHousehold = { id: 'h2', persons: [person('paolo', 'h2', false, 'Paolo')] }
const households = [santos, reyes]

let n = 0
const layout = addTable(emptyLayout, {
  name: 'Table 1',
  type: 'round',
  seatCount: 4,
  newId: () => `id-${++n}`,
})

describe('declined guests are apart from those waiting for a seat', () => {
  test('the panel lists the accepted and the pending, never the declined', () => {
    const groups = unseatedGroups(households, layout)
    expect(groups.map((group) => group.persons.map((p) => p.id))).toEqual([['ramon', 'lourdes']])
    expect(declinedUnseated(households, layout).map((p) => p.id)).toEqual(['tito', 'paolo'])
  })

  test('"not seated" counts only those who may come; the declined are counted on their own', () => {
    expect(seatingCounts(households, layout)).toEqual({
      seated: 0,
      unseated: 2,
      declined: 2,
      total: 4,
    })
    const seatedOne = assignSeat(layout, layout.seats[0]!.id, occupantOf(santos.persons[0]!))
    expect(seatingCounts(households, seatedOne)).toEqual({
      seated: 1,
      unseated: 1,
      declined: 2,
      total: 4,
    })
  })

  test('a declined guest seated before they answered still counts as seated, not as declined', () => {
    const seated = assignSeat(layout, layout.seats[0]!.id, occupantOf(santos.persons[2]!))
    expect(seatingCounts(households, seated)).toEqual({
      seated: 1,
      unseated: 2,
      declined: 1,
      total: 4,
    })
  })

  test('seating a whole household together seats only those who may come', () => {
    expect(waitingToSeat(santos, layout).map((p) => p.id)).toEqual(['ramon', 'lourdes'])
  })
})

describe('the guest panel’s lines', () => {
  test('a household of several gets a line to seat them together, then one line per person', () => {
    const groups = unseatedGroups(
      [
        {
          id: 'h1',
          persons: [
            { id: 'a', householdId: 'h1', firstName: 'Ana', type: 'adult', isAttending: null },
            { id: 'b', householdId: 'h1', firstName: 'Ben', type: 'child', isAttending: true },
          ],
        },
        {
          id: 'h2',
          persons: [
            { id: 'c', householdId: 'h2', firstName: 'Cora', type: 'adult', isAttending: null },
          ],
        },
      ],
      emptyLayout,
    )
    expect(
      panelRows(groups).map((row) => [row.kind, row.key, row.kind === 'person' && row.inHousehold]),
    ).toEqual([
      ['household', 'h:h1', false],
      ['person', 'p:a', true],
      ['person', 'p:b', true],
      ['person', 'p:c', false],
    ])
  })
})

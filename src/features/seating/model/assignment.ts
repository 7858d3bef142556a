// Who sits where. A person sits in at most one seat; a seat records the person and their household.

import type { Seat, SeatingLayout } from './layout'

/** A person as the chart needs them: their id and their household's. */
export interface Occupant {
  readonly personId: string
  readonly householdId: string
}

function withSeats(layout: SeatingLayout, change: (seat: Seat) => Seat): SeatingLayout {
  let changed = false
  const seats = layout.seats.map((seat) => {
    const next = change(seat)
    if (next !== seat) changed = true
    return next
  })
  return changed ? { ...layout, seats } : layout
}

const seatWith = (seat: Seat, occupant: Occupant | null): Seat =>
  seat.personId === (occupant?.personId ?? null) &&
  seat.householdId === (occupant?.householdId ?? null)
    ? seat
    : { ...seat, personId: occupant?.personId ?? null, householdId: occupant?.householdId ?? null }

export function seatOfPerson(layout: SeatingLayout, personId: string): Seat | undefined {
  return layout.seats.find((seat) => seat.personId === personId)
}

/** The ids of everyone who has a seat. */
export function seatedPersonIds(layout: SeatingLayout): Set<string> {
  const ids = new Set<string>()
  for (const seat of layout.seats) if (seat.personId) ids.add(seat.personId)
  return ids
}

/**
 * Seats a person. Someone already seated moves (see movePerson). Someone from the guest list who
 * is dropped on a taken seat takes it, and the person sitting there returns to the guest list.
 */
export function assignSeat(
  layout: SeatingLayout,
  seatId: string,
  occupant: Occupant,
): SeatingLayout {
  const target = layout.seats.find((seat) => seat.id === seatId)
  if (!target) return layout
  if (seatOfPerson(layout, occupant.personId)) return movePerson(layout, occupant.personId, seatId)
  return withSeats(layout, (seat) => (seat.id === seatId ? seatWith(seat, occupant) : seat))
}

/**
 * Moves a seated person to another seat. If that seat is taken, the two trade places, so nobody
 * loses a seat by being bumped.
 */
export function movePerson(
  layout: SeatingLayout,
  personId: string,
  toSeatId: string,
): SeatingLayout {
  const from = seatOfPerson(layout, personId)
  const to = layout.seats.find((seat) => seat.id === toSeatId)
  if (!from || !to || from.id === to.id) return layout
  const moving: Occupant = { personId, householdId: from.householdId ?? '' }
  const bumped: Occupant | null = to.personId
    ? { personId: to.personId, householdId: to.householdId ?? '' }
    : null
  return withSeats(layout, (seat) => {
    if (seat.id === to.id) return seatWith(seat, moving)
    if (seat.id === from.id) return seatWith(seat, bumped)
    return seat
  })
}

/** Returns a person to the guest list. */
export function unassign(layout: SeatingLayout, personId: string): SeatingLayout {
  return withSeats(layout, (seat) => (seat.personId === personId ? seatWith(seat, null) : seat))
}

/**
 * Seats several people (a household) at one table together: the first on the chosen seat (or the
 * next free one after it, if it is taken), the others on the free seats that follow around the
 * table. People who already have a seat, and people for whom the table has no room, are left as
 * they are.
 */
export function seatTogether(
  layout: SeatingLayout,
  seatId: string,
  occupants: readonly Occupant[],
): SeatingLayout {
  const start = layout.seats.find((seat) => seat.id === seatId)
  if (!start) return layout
  const seated = new Set(layout.seats.flatMap((seat) => (seat.personId ? [seat.personId] : [])))
  const waiting = occupants.filter((occupant) => !seated.has(occupant.personId))
  const tableSeats = layout.seats.filter((seat) => seat.tableId === start.tableId)
  const startIndex = tableSeats.indexOf(start)
  const order = [...tableSeats.slice(startIndex), ...tableSeats.slice(0, startIndex)]
  const plan = new Map<string, Occupant>()
  for (const seat of order) {
    if (plan.size === waiting.length) break
    if (seat.personId === null) plan.set(seat.id, waiting[plan.size]!)
  }
  return withSeats(layout, (seat) => {
    const occupant = plan.get(seat.id)
    return occupant ? seatWith(seat, occupant) : seat
  })
}

/**
 * Empties the seats of people who are no longer on the guest list, and brings each seat's household
 * up to date (`households` maps a person's id to their household's id).
 */
export function pruneMissingPersons(
  layout: SeatingLayout,
  households: ReadonlyMap<string, string>,
): SeatingLayout {
  return withSeats(layout, (seat) => {
    if (seat.personId === null) return seat.householdId === null ? seat : seatWith(seat, null)
    const householdId = households.get(seat.personId)
    if (householdId === undefined) return seatWith(seat, null)
    return seatWith(seat, { personId: seat.personId, householdId })
  })
}

// The guest list as the seating chart sees it: households of persons, who is seated, who is not.

import { displayFullName, foldText } from '@/lib/names'
import type { Occupant } from './assignment'
import type { SeatingLayout } from './layout'

/** What the chart needs of a person (a guest-list Person fits). */
export interface RosterPerson {
  readonly id: string
  readonly householdId: string
  readonly firstName: string
  readonly lastName?: string | null
  readonly type: 'adult' | 'child'
  readonly isAttending: boolean | null
}

/** What the chart needs of a household (a guest-list Household fits). */
export interface RosterHousehold {
  readonly id: string
  readonly persons: readonly RosterPerson[]
  /** Who last changed it (the guest list's lastChange), shown as the panel's tooltip. */
  readonly lastChange?: {
    readonly actorKind: 'member' | 'guest' | 'system'
    readonly actorName: string
    readonly isMe: boolean
    readonly action: string
    readonly at: string
  } | null
}

/** A guest's name as the chart shows it: the one rule in `@/lib/names` (stored as typed). */
export function fullName(person: Pick<RosterPerson, 'firstName' | 'lastName'>): string {
  return displayFullName(person)
}

/** Up to two letters for a seat: first and last name's initials. */
export function initials(person: Pick<RosterPerson, 'firstName' | 'lastName'>): string {
  const letters = [person.firstName, person.lastName ?? '']
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('')
  return letters.toLocaleUpperCase()
}

export const occupantOf = (person: RosterPerson): Occupant => ({
  personId: person.id,
  householdId: person.householdId,
})

/** Each person's household, by person id: what pruneMissingPersons checks seats against. */
export function householdsByPerson(households: readonly RosterHousehold[]): Map<string, string> {
  const map = new Map<string, string>()
  for (const household of households)
    for (const person of household.persons) map.set(person.id, household.id)
  return map
}

export function personsById(households: readonly RosterHousehold[]): Map<string, RosterPerson> {
  const map = new Map<string, RosterPerson>()
  for (const household of households)
    for (const person of household.persons) map.set(person.id, person)
  return map
}

/** Who the chart seats: those who accepted or have not answered. A declined guest is kept apart. */
export const mayCome = (person: Pick<RosterPerson, 'isAttending'>): boolean =>
  person.isAttending !== false

function seatedIds(layout: SeatingLayout): Set<string> {
  const seated = new Set<string>()
  for (const seat of layout.seats) if (seat.personId) seated.add(seat.personId)
  return seated
}

/** A household's persons still waiting for a seat: who "seat all together" seats. */
export function waitingToSeat(household: RosterHousehold, layout: SeatingLayout): RosterPerson[] {
  const seated = seatedIds(layout)
  return household.persons.filter((person) => mayCome(person) && !seated.has(person.id))
}

/** Declined guests without a seat, in guest-list order: listed apart, not offered a seat. */
export function declinedUnseated(
  households: readonly RosterHousehold[],
  layout: SeatingLayout,
): RosterPerson[] {
  const seated = seatedIds(layout)
  return households.flatMap((household) =>
    household.persons.filter((person) => !mayCome(person) && !seated.has(person.id)),
  )
}

export interface UnseatedGroup {
  readonly household: RosterHousehold
  /** The household's persons without a seat (those matching the search, when there is one). */
  readonly persons: readonly RosterPerson[]
}

/**
 * Households with the persons who may come and have no seat yet, in guest-list order. A search keeps the
 * persons each of whose typed words starts a word of their name ("ma san" finds Maria Santos).
 */
export function unseatedGroups(
  households: readonly RosterHousehold[],
  layout: SeatingLayout,
  query = '',
): UnseatedGroup[] {
  const seated = seatedIds(layout)
  const words = foldText(query).split(/\s+/).filter(Boolean)
  const matches = (person: RosterPerson) => {
    if (words.length === 0) return true
    const name = foldText(fullName(person)).split(/[\s-]+/)
    return words.every((word) => name.some((part) => part.startsWith(word)))
  }
  const groups: UnseatedGroup[] = []
  for (const household of households) {
    const persons = household.persons.filter(
      (person) => mayCome(person) && !seated.has(person.id) && matches(person),
    )
    if (persons.length > 0) groups.push({ household, persons })
  }
  return groups
}

export interface SeatingCounts {
  readonly seated: number
  /** Those who may come (accepted or not answered yet) without a seat. */
  readonly unseated: number
  /** Those who declined and have no seat: not waiting for one. */
  readonly declined: number
  readonly total: number
}

export function seatingCounts(
  households: readonly RosterHousehold[],
  layout: SeatingLayout,
): SeatingCounts {
  const seatedSet = seatedIds(layout)
  let seated = 0
  let unseated = 0
  let declined = 0
  for (const person of households.flatMap((household) => household.persons)) {
    if (seatedSet.has(person.id)) seated++
    else if (mayCome(person)) unseated++
    else declined++
  }
  return { seated, unseated, declined, total: seated + unseated + declined }
}

/** One line of the guest panel: a household to seat all together, or one person. */
export type PanelRow =
  | { readonly kind: 'household'; readonly key: string; readonly group: UnseatedGroup }
  | {
      readonly kind: 'person'
      readonly key: string
      readonly person: RosterPerson
      readonly inHousehold: boolean
    }

/**
 * The guest panel's lines, flat so the panel can render only those in view and move through them with
 * the arrow keys: a household of several gets a line to seat them all together, then one per person.
 */
export function panelRows(groups: readonly UnseatedGroup[]): PanelRow[] {
  const rows: PanelRow[] = []
  for (const group of groups) {
    const together = group.persons.length > 1
    if (together) rows.push({ kind: 'household', key: `h:${group.household.id}`, group })
    for (const person of group.persons)
      rows.push({ kind: 'person', key: `p:${person.id}`, person, inHousehold: together })
  }
  return rows
}

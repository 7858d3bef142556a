// Pure helpers of the check-in screens: finding a household by a few letters or by its scanned
// invitation, what the door shows of it, the counts, and the after-the-day figures.

import { displayFullName, displayName, foldText } from '@/lib/names'

// What these functions read of the door's list (the API's CheckinRoster fits it: src/lib/api/checkin.ts).
export interface CheckinPerson {
  id: string
  firstName: string
  lastName: string
  type: 'adult' | 'child'
  attending: boolean | null
  tableId?: string | null
  seat?: number | null
}
export interface CheckinHousehold {
  id: string
  side: 'bride' | 'groom' | 'both' | null
  tokenKey: string
  /** Its persons who may come, as the forecast counts them (missing from a roster kept from before). */
  mayCome?: number
  persons: CheckinPerson[]
}
export interface CheckinTable {
  id: string
  name: string
  seats: number
  seated: number
}
export interface WalkIn {
  id: string
  tableId: string
  name: string
}
export interface CheckinRoster {
  households: CheckinHousehold[]
  tables: CheckinTable[]
}
export type CheckinAction =
  | { id: string; kind: 'arrive' | 'unarrive'; personIds: string[] }
  | { id: string; kind: 'walkIn'; tableId: string; name?: string }
  | { id: string; kind: 'removeWalkIn'; walkInId: string }

/**
 * A name as the search compares it, as the database's search_text does: lower case, no accents
 * (Peña → pena), apostrophes dropped (D'Souza → dsouza), every other run of punctuation or space
 * one space.
 */
export function searchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

export interface IndexedHousehold {
  household: CheckinHousehold
  /** Every word of every person's first and last name, normalised. */
  words: string[]
  /** The first person's surname, normalised, and the card's title: the order of the results. */
  surname: string
  title: string
}

/** The words each household is found by; built once per roster. */
export function indexHouseholds(households: readonly CheckinHousehold[]): IndexedHousehold[] {
  return households.map((household) => ({
    household,
    words: [
      ...new Set(
        household.persons
          .flatMap((person) => searchText(`${person.firstName} ${person.lastName}`).split(' '))
          .filter(Boolean),
      ),
    ],
    surname: searchText(household.persons[0]?.lastName ?? ''),
    title: searchText(householdTitle(household)),
  }))
}

/** The fewest letters typed before the door's search answers. */
export const MIN_LETTERS = 2
/** The most households one search shows (a phone's screen holds two or three): more means "type another letter". */
export const MAX_RESULTS = 10

/**
 * The households whose names hold every typed word as the start of a name word ("san" finds
 * Santos, "ana san" Ana Santos), best first: those whose surname starts with the first word, then
 * by surname. Nothing under two letters.
 */
export function findHouseholds(
  index: readonly IndexedHousehold[],
  query: string,
): { households: CheckinHousehold[]; more: boolean } {
  const words = searchText(query).split(' ').filter(Boolean)
  if (words.join('').length < MIN_LETTERS) return { households: [], more: false }
  const found: IndexedHousehold[] = []
  for (const entry of index) {
    if (words.every((word) => entry.words.some((name) => name.startsWith(word)))) found.push(entry)
  }
  const first = words[0]!
  // Normalised keys compared as plain strings: no collation needed for a-z and digits.
  const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
  found.sort((a, b) => {
    const byStart = Number(!a.surname.startsWith(first)) - Number(!b.surname.startsWith(first))
    return byStart || compare(a.surname, b.surname) || compare(a.title, b.title)
  })
  return {
    households: found.slice(0, MAX_RESULTS).map((entry) => entry.household),
    more: found.length > MAX_RESULTS,
  }
}

/**
 * The household's surnames ("Santos", "Santos · Reyes"), for its card's title: shown by the one
 * name rule (`@/lib/names`), as the seating chart and the printables show them, so "dimaculangan"
 * typed reads "Dimaculangan"; "santos" and "Santos" are one surname.
 */
export function householdTitle(household: CheckinHousehold): string {
  const surnames = new Map<string, string>()
  for (const person of household.persons) {
    const surname = displayName(person.lastName)
    if (surname && !surnames.has(foldText(surname))) surnames.set(foldText(surname), surname)
  }
  return surnames.size
    ? [...surnames.values()].join(' · ')
    : household.persons.map((person) => displayName(person.firstName)).join(', ')
}

/** "Lorna Dimaculangan": a person's name at the door, by the one name rule. */
export function personName(person: Pick<CheckinPerson, 'firstName' | 'lastName'>): string {
  return displayFullName(person)
}

/** The token of a household's invitation link read from a QR code (`…/i/<token>`), or null. */
export function tokenFromScan(text: string): string | null {
  const match = /\/i\/([A-Za-z0-9_-]{22})(?:[/?#]|$)/.exec(text.trim())
  return match ? match[1]! : null
}

/** What the database's roster calls the token: the first 32 hex digits of its SHA-256. */
export async function tokenKey(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 32)
}

/** The door's state: what the server said, with the phone's own actions not yet sent laid over it. */
export interface DoorState {
  arrived: ReadonlySet<string>
  walkIns: ReadonlyMap<string, WalkIn>
}

/** The server's state with the queued actions applied in order, as the screen shows it. */
export function withQueued(server: DoorState, queue: readonly CheckinAction[]): DoorState {
  if (queue.length === 0) return server
  const arrived = new Set(server.arrived)
  const walkIns = new Map(server.walkIns)
  for (const action of queue) {
    if (action.kind === 'arrive') for (const id of action.personIds) arrived.add(id)
    else if (action.kind === 'unarrive') for (const id of action.personIds) arrived.delete(id)
    else if (action.kind === 'walkIn')
      walkIns.set(action.id, { id: action.id, tableId: action.tableId, name: action.name ?? '' })
    else if (action.kind === 'removeWalkIn') walkIns.delete(action.walkInId)
  }
  return { arrived, walkIns }
}

/** Whether a person is expected at the door: everyone on the list but those who sent regrets. */
export const isExpected = (person: CheckinPerson) => person.attending !== false

export interface TableCount {
  table: CheckinTable
  expected: number
  arrived: number
  walkIns: number
  free: number
}

export interface DoorCounts {
  expected: number
  arrived: number
  /** Arrived though they sent regrets or had not answered. */
  walkIns: number
  tables: TableCount[]
}

/**
 * The live counts: arrived against expected, by table, and the walk-ins. The whole door expects
 * what the forecast says may come (each household's `mayCome`, the database's count: the yeses and
 * those still to answer within its seats); a table, the persons seated there who did not send
 * regrets. A roster kept from before `mayCome` was sent counts everyone who did not send regrets.
 */
export function doorCounts(roster: CheckinRoster, state: DoorState): DoorCounts {
  const byTable = new Map(
    roster.tables.map((table) => [
      table.id,
      { table, expected: 0, arrived: 0, walkIns: 0, free: 0 },
    ]),
  )
  let expected = 0
  let arrived = 0
  for (const household of roster.households) {
    if (household.mayCome !== undefined) expected += household.mayCome
    for (const person of household.persons) {
      const came = state.arrived.has(person.id)
      const row = person.tableId ? byTable.get(person.tableId) : undefined
      if (isExpected(person)) {
        if (household.mayCome === undefined) expected += 1
        if (row) row.expected += 1
      }
      if (came) {
        arrived += 1
        if (row) row.arrived += 1
      }
    }
  }
  for (const walkIn of state.walkIns.values()) {
    const row = byTable.get(walkIn.tableId)
    if (row) row.walkIns += 1
  }
  for (const row of byTable.values())
    row.free = Math.max(0, row.table.seats - row.table.seated - row.walkIns)
  return { expected, arrived, walkIns: state.walkIns.size, tables: [...byTable.values()] }
}

/** A new id for an action, made on the phone: the server applies each id once. */
export function newActionId(): string {
  return crypto.randomUUID()
}

export type Side = 'bride' | 'groom' | 'both' | 'none'

export interface AfterRow {
  key: string
  saidYes: number
  came: number
  cameOfYes: number
}

export interface AfterTheDay {
  saidYes: number
  came: number
  cameOfYes: number
  /** Came without having said yes (no answer, or regrets). */
  cameUnexpected: number
  walkIns: number
  bySide: AfterRow[]
  byTable: AfterRow[]
  thanks: { household: CheckinHousehold; came: CheckinPerson[]; regrets: CheckinPerson[] }[]
}

/** Who came against who said yes, by side and by table, and the thank-you list. */
export function afterTheDay(roster: CheckinRoster, state: DoorState, noTable: string): AfterTheDay {
  const bySide = new Map<string, AfterRow>()
  const byTable = new Map<string, AfterRow>(
    roster.tables.map((table) => [
      table.id,
      { key: table.name, saidYes: 0, came: 0, cameOfYes: 0 },
    ]),
  )
  const row = (map: Map<string, AfterRow>, key: string, label = key) => {
    let found = map.get(key)
    if (!found) map.set(key, (found = { key: label, saidYes: 0, came: 0, cameOfYes: 0 }))
    return found
  }
  const result: AfterTheDay = {
    saidYes: 0,
    came: 0,
    cameOfYes: 0,
    cameUnexpected: 0,
    walkIns: state.walkIns.size,
    bySide: [],
    byTable: [],
    thanks: [],
  }
  for (const household of roster.households) {
    const came: CheckinPerson[] = []
    const regrets: CheckinPerson[] = []
    for (const person of household.persons) {
      const yes = person.attending === true
      const arrived = state.arrived.has(person.id)
      for (const target of [
        row(bySide, household.side ?? 'none'),
        row(byTable, person.tableId ?? '', noTable),
      ]) {
        if (yes) target.saidYes += 1
        if (arrived) target.came += 1
        if (yes && arrived) target.cameOfYes += 1
      }
      if (yes) result.saidYes += 1
      if (arrived) {
        result.came += 1
        came.push(person)
        if (yes) result.cameOfYes += 1
        else result.cameUnexpected += 1
      } else if (person.attending === false) {
        regrets.push(person)
      }
    }
    if (came.length || regrets.length) result.thanks.push({ household, came, regrets })
  }
  const sides: string[] = ['bride', 'groom', 'both', 'none']
  result.bySide = sides.flatMap((side) => {
    const found = bySide.get(side)
    return found && (found.saidYes || found.came) ? [found] : []
  })
  result.byTable = [...byTable.values()].filter((found) => found.saidYes || found.came)
  return result
}

// What the printables print, as plain data: who sits at which table (escort cards and the escort
// list), each table with its guests (table cards), and the entourage in the order of the march.
// The page draws these; the tests check them without a browser.

import { displayName, displayPersonName, foldText } from '@/lib/names'
import type { Entourage, PartyMember } from '@/lib/site-content'

/** What the printables read of the seating chart (the saved layout fits). */
export interface SeatingLayout {
  readonly tables: readonly { readonly id: string; readonly name: string }[]
  readonly seats: readonly { readonly tableId: string; readonly personId: string | null }[]
}

/** Who may come: accepted or not answered yet (as the seating chart counts them). */
const mayCome = (person: Pick<PrintPerson, 'isAttending'>) => person.isAttending !== false

/** A guest as the printables need them: the guest list's Person fits. */
export interface PrintPerson {
  readonly id: string
  readonly firstName: string
  readonly lastName?: string | null
  readonly title?: string | null
  readonly suffix?: string | null
  readonly isAttending: boolean | null
}

export interface PrintHousehold {
  readonly id: string
  readonly persons: readonly PrintPerson[]
}

export const printKinds = ['escortCards', 'escortList', 'tableCards', 'entourage'] as const
export type PrintKind = (typeof printKinds)[number]

export const paperSizes = ['A4', 'letter'] as const
export type PaperSize = (typeof paperSizes)[number]

/** Escort cards per sheet: two columns of five 90 × 50 mm cards fit A4 and letter alike. */
export const ESCORT_CARDS_PER_PAGE = 10

/** Escort list lines per column, two columns a sheet: what fits the shorter letter page too. */
export const ESCORT_LINES_PER_COLUMN = 34

export interface EscortEntry {
  readonly personId: string
  /** "Dr. Antonio dela Cruz Jr.": the whole name, for a card. */
  readonly name: string
  /** "dela Cruz, Dr. Antonio Jr.": surname first, for the alphabetical list. */
  readonly sortedName: string
  readonly table: string
}

export interface Escorts {
  /** Everyone seated, by surname then first name. */
  readonly entries: readonly EscortEntry[]
  /** Those who may come and have no seat: shown on screen so the couple seats them, never printed. */
  readonly unseated: readonly { readonly personId: string; readonly name: string }[]
  /**
   * Those who sent regrets and still have a seat: never printed (no card, no name on a table card),
   * shown on screen so the couple frees the seat.
   */
  readonly declined: readonly {
    readonly personId: string
    readonly name: string
    readonly table: string
  }[]
}

const collator = new Intl.Collator('fil', { sensitivity: 'base', numeric: true })

/** "dela Cruz, Dr. Antonio Jr." (or the first name alone for a guest without a surname). */
export function surnameFirst(person: Omit<PrintPerson, 'id' | 'isAttending'>): string {
  const last = displayName(person.lastName)
  const rest = displayPersonName({
    title: person.title,
    firstName: person.firstName,
    suffix: person.suffix,
  })
  return last ? `${last}, ${rest}` : rest
}

/**
 * Who sits where, in the alphabetical order an usher looks names up by: surname, then first name,
 * accents and case aside ("Peña" beside "Pena"). A seat whose person left the guest list is skipped.
 */
export function escorts(households: readonly PrintHousehold[], layout: SeatingLayout): Escorts {
  const tables = new Map(layout.tables.map((table) => [table.id, table.name]))
  const tableOf = new Map<string, string>()
  for (const seat of layout.seats) {
    const table = tables.get(seat.tableId)
    if (seat.personId && table !== undefined) tableOf.set(seat.personId, table)
  }
  const seated: Array<EscortEntry & { key: [string, string] }> = []
  const unseated: Array<{ personId: string; name: string }> = []
  const declined: Array<{ personId: string; name: string; table: string }> = []
  for (const household of households) {
    for (const person of household.persons) {
      const table = tableOf.get(person.id)
      if (table !== undefined && !mayCome(person)) {
        declined.push({ personId: person.id, name: displayPersonName(person), table })
      } else if (table !== undefined) {
        seated.push({
          personId: person.id,
          name: displayPersonName(person),
          sortedName: surnameFirst(person),
          table,
          key: [foldText(person.lastName || person.firstName), foldText(person.firstName)],
        })
      } else if (mayCome(person)) {
        unseated.push({ personId: person.id, name: displayPersonName(person) })
      }
    }
  }
  seated.sort(
    (a, b) =>
      collator.compare(a.key[0], b.key[0]) ||
      collator.compare(a.key[1], b.key[1]) ||
      collator.compare(a.table, b.table),
  )
  return { entries: seated.map(({ key: _key, ...entry }) => entry), unseated, declined }
}

export interface TableCard {
  readonly tableId: string
  readonly name: string
  /** The names seated at it, in seat order. */
  readonly guests: readonly string[]
}

/** One card per table, in the chart's order, with the names seated at it (not those who sent regrets). */
export function tableCards(
  households: readonly PrintHousehold[],
  layout: SeatingLayout,
): TableCard[] {
  const persons = new Map<string, PrintPerson>()
  for (const household of households)
    for (const person of household.persons) if (mayCome(person)) persons.set(person.id, person)
  return layout.tables.map((table) => ({
    tableId: table.id,
    name: table.name,
    guests: layout.seats
      .filter((seat) => seat.tableId === table.id && seat.personId && persons.has(seat.personId))
      .map((seat) => displayPersonName(persons.get(seat.personId!))),
  }))
}

/** `items` in pages of `size` (at least one page, which may be empty). */
export function pages<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = []
  for (let index = 0; index < items.length; index += size)
    result.push(items.slice(index, index + size))
  return result.length > 0 ? result : [[]]
}

/** The keys of the entourage's labels (the site's `party.*` words). */
export type PartyLabel =
  | 'officiatingPriest'
  | 'parentsOfGroom'
  | 'parentsOfBride'
  | 'principalSponsors'
  | 'secondarySponsors'
  | 'attendants'
  | 'bestMan'
  | 'maidOfHonor'
  | 'candle'
  | 'veil'
  | 'cord'
  | 'groomsmen'
  | 'bridesmaids'
  | 'ringBearer'
  | 'bibleBearer'
  | 'coinBearer'
  | 'flowerGirls'

export interface InsertName {
  readonly name: string
  /** The role the couple wrote for this one person, when it says more than the heading. */
  readonly role: string | null
}

export interface InsertGroup {
  readonly label: PartyLabel
  readonly names: readonly InsertName[]
}

/**
 * One block of the insert, in the march's order:
 * - `row`: one to three groups side by side (the groom's side left, the bride's right; the candle,
 *   veil and cord sponsors; the bearers);
 * - `sponsors`: the principal sponsors in pairs, each row a left and a right as the section keeps them;
 * - `heading`: a title over the blocks that follow (the principal and the secondary sponsors, the
 *   attendants).
 */
export type InsertBlock =
  | { readonly kind: 'row'; readonly groups: readonly InsertGroup[] }
  | {
      readonly kind: 'sponsors'
      /** The column headings, when every sponsor of a column has the same role ("Ninong", "Ninang"). */
      readonly leftLabel: string | null
      readonly rightLabel: string | null
      readonly rows: ReadonlyArray<readonly [InsertName | null, InsertName | null]>
    }
  | { readonly kind: 'heading'; readonly label: PartyLabel }

const one = (member: PartyMember | undefined) => (member ? [member] : [])

/** The role all of them share (trimmed), or null. */
function sharedRole(members: readonly PartyMember[]): string | null {
  const roles = new Set(members.map((member) => (member.role ?? '').trim()))
  const [role] = roles
  return roles.size === 1 && role ? role : null
}

/**
 * A group's names. A role every one of them shares only repeats the heading ("Kandila" under
 * "Candle"), so it is left out; where the roles differ, each person's is shown.
 */
function names(members: readonly PartyMember[]): InsertName[] {
  const shared = sharedRole(members)
  return members.map((member) => {
    const role = (member.role ?? '').trim()
    return { name: member.name.trim(), role: role && role !== shared ? role : null }
  })
}

/**
 * The entourage in the order of the march at a Filipino church wedding: the officiating priest; the
 * parents of the groom and of the bride; the principal sponsors in pairs; the secondary sponsors
 * (best man and maid of honor, then the candle, veil and cord sponsors); then, under a heading of
 * their own (not the secondary sponsors'), the attendants: the groomsmen and bridesmaids, the
 * bearers of the ring, the bible and the coins, the flower girls. Empty groups are left out; an
 * entourage with nobody in it gives no blocks.
 */
export function insertBlocks(entourage: Entourage | undefined): InsertBlock[] {
  if (!entourage) return []
  const blocks: InsertBlock[] = []
  const row = (...groups: Array<[PartyLabel, readonly PartyMember[]]>) => {
    const filled = groups.filter(([, members]) => members.length > 0)
    if (filled.length > 0)
      blocks.push({
        kind: 'row',
        groups: filled.map(([label, members]) => ({ label, names: names(members) })),
      })
  }

  row(['officiatingPriest', one(entourage.officiatingPriest)])
  row(['parentsOfGroom', entourage.parentsOfGroom], ['parentsOfBride', entourage.parentsOfBride])

  const principal = entourage.principalSponsors
  if (principal && principal.left.length + principal.right.length > 0) {
    const left = names(principal.left)
    const right = names(principal.right)
    const rows: Array<[InsertName | null, InsertName | null]> = []
    for (let index = 0; index < Math.max(left.length, right.length); index++)
      rows.push([left[index] ?? null, right[index] ?? null])
    blocks.push({ kind: 'heading', label: 'principalSponsors' })
    blocks.push({
      kind: 'sponsors',
      leftLabel: sharedRole(principal.left),
      rightLabel: sharedRole(principal.right),
      rows,
    })
  }

  const secondary = entourage.secondarySponsors
  const secondaryCount =
    (secondary?.bestMan ? 1 : 0) +
    (secondary?.maidOfHonor ? 1 : 0) +
    entourage.candle.length +
    entourage.veil.length +
    entourage.cord.length
  if (secondaryCount > 0) {
    blocks.push({ kind: 'heading', label: 'secondarySponsors' })
    row(['bestMan', one(secondary?.bestMan)], ['maidOfHonor', one(secondary?.maidOfHonor)])
    row(['candle', entourage.candle], ['veil', entourage.veil], ['cord', entourage.cord])
  }
  const attendants =
    (secondary?.groomsmen?.length ?? 0) +
    (secondary?.bridesmaid?.length ?? 0) +
    (entourage.ringBearer ? 1 : 0) +
    (entourage.bibleBearer ? 1 : 0) +
    (entourage.coinBearer ? 1 : 0) +
    entourage.flowerGirls.length
  if (attendants > 0) blocks.push({ kind: 'heading', label: 'attendants' })
  row(['groomsmen', secondary?.groomsmen ?? []], ['bridesmaids', secondary?.bridesmaid ?? []])
  row(
    ['ringBearer', one(entourage.ringBearer)],
    ['bibleBearer', one(entourage.bibleBearer)],
    ['coinBearer', one(entourage.coinBearer)],
  )
  row(['flowerGirls', entourage.flowerGirls])
  return blocks
}

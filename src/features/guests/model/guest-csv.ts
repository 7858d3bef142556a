import { relationLabel } from './relation'
import type { HouseholdRecord, PersonRecord } from './types'

/** The export's fixed columns, word for word from the spec; question columns follow them. */
export const guestCsvColumns = [
  'Last Name',
  'First Name',
  'Contact Number',
  'RSVP Status',
  'Relation',
  'Adult/Child',
] as const

/**
 * After the questions, which household each person belongs to (1, 2, 3…): without it, two
 * households of one relation and last name, or a household listed child first, could not be told
 * apart when the file is imported back.
 */
export const householdColumn = 'Household'

/** Last, the seats reserved for the household (blank: no cap), on each of its persons' rows. */
export const seatCapColumn = 'Seats Reserved'

export function guestCsvFileName(date: string): string {
  return `guests-${date}.csv`
}

export function rsvpStatusLabel(isAttending: boolean | null): 'Accepted' | 'Declined' | 'Pending' {
  if (isAttending === true) return 'Accepted'
  if (isAttending === false) return 'Declined'
  return 'Pending'
}

/**
 * One column per distinct RSVP question: the wedding's questions in their order, then any other
 * question a guest answered (a question since removed keeps its answers in the file).
 */
export function questionColumns(
  questions: ReadonlyArray<{ question: string }>,
  households: ReadonlyArray<HouseholdRecord>,
): string[] {
  const columns: string[] = []
  const seen = new Set<string>()
  const add = (question: string) => {
    const key = question.trim()
    if (key && !seen.has(key)) {
      seen.add(key)
      columns.push(key)
    }
  }
  questions.forEach((q) => add(q.question))
  for (const household of households) {
    for (const person of household.persons)
      person.response.forEach((answer) => add(answer.question))
  }
  return columns
}

function answerTo(person: PersonRecord, question: string): string {
  return person.response.find((answer) => answer.question.trim() === question)?.answer ?? ''
}

/** An event guests answer for, as the export needs it (list_events' answer fits it). */
export interface CsvEvent {
  readonly id: string
  readonly name?: string | null
  readonly takesRsvp: boolean
  readonly isMain: boolean
  readonly isPrivate: boolean
  readonly householdIds: ReadonlyArray<string>
}

/** A reply to an event other than the main one (list_replies' answer fits it). */
export interface CsvEventReply {
  readonly eventId: string
  readonly personId: string
  readonly isAttending: boolean | null
  readonly response: ReadonlyArray<{ readonly question: string; readonly answer: string }>
}

/** Where a household was not invited to a private event. */
export const notInvitedLabel = 'Not invited'

/** An event's column: "RSVP: " and its name (two events of one name are told apart by a number). */
export function eventColumns(events: ReadonlyArray<CsvEvent>): string[] {
  const seen = new Map<string, number>()
  return events
    .filter((event) => event.takesRsvp)
    .map((event) => {
      const base = `RSVP: ${event.name?.trim() || 'Event'}`
      const times = (seen.get(base) ?? 0) + 1
      seen.set(base, times)
      return times === 1 ? base : `${base} (${times})`
    })
}

/**
 * The export: the header row, then one row per person, household by household, numbered. When
 * events take RSVPs, one column per event follows the fixed ones (the seated event's is also the
 * RSVP Status), and each event's questions are answered from that event's replies.
 */
export function guestCsvRows(
  households: ReadonlyArray<HouseholdRecord>,
  questions: ReadonlyArray<{ question: string }>,
  events: { events: ReadonlyArray<CsvEvent>; replies: ReadonlyArray<CsvEventReply> } = {
    events: [],
    replies: [],
  },
): string[][] {
  const taking = events.events.filter((event) => event.takesRsvp)
  const byPerson = new Map<string, Map<string, CsvEventReply>>()
  for (const reply of events.replies) {
    let replies = byPerson.get(reply.personId)
    if (!replies) byPerson.set(reply.personId, (replies = new Map()))
    replies.set(reply.eventId, reply)
  }
  const invited = (event: CsvEvent, householdId: string) =>
    !event.isPrivate || event.householdIds.includes(householdId)
  // Each person with the answers of every event they are asked about, the main one's first.
  const withEvents = (household: HouseholdRecord, person: PersonRecord): PersonRecord => {
    if (taking.length === 0) return person
    const replies = byPerson.get(person.id)
    const response = [...person.response]
    for (const event of taking) {
      const reply =
        event.isMain || !invited(event, household.id) ? undefined : replies?.get(event.id)
      if (reply?.isAttending) response.push(...reply.response)
    }
    return { ...person, response }
  }
  const people = households.map((household) => ({
    ...household,
    persons: household.persons.map((person) => withEvents(household, person)),
  }))
  const extra = questionColumns(questions, people)
  const eventHeader = eventColumns(taking)
  const rows: string[][] = [
    [...guestCsvColumns, ...eventHeader, ...extra, householdColumn, seatCapColumn],
  ]
  for (const [index, household] of people.entries()) {
    const relation = relationLabel(household.relationshipSide, household.relationshipType)
    for (const person of household.persons) {
      rows.push([
        person.lastName ?? '',
        person.firstName,
        household.phone ?? '',
        rsvpStatusLabel(person.isAttending),
        relation,
        person.type === 'child' ? 'Child' : 'Adult',
        ...taking.map((event) =>
          !invited(event, household.id)
            ? notInvitedLabel
            : rsvpStatusLabel(
                event.isMain
                  ? person.isAttending
                  : (byPerson.get(person.id)?.get(event.id)?.isAttending ?? null),
              ),
        ),
        ...extra.map((question) => answerTo(person, question)),
        String(index + 1),
        household.seatCap == null ? '' : String(household.seatCap),
      ])
    }
  }
  return rows
}

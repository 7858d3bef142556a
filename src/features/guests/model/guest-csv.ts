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
    for (const person of household.persons) person.response.forEach((answer) => add(answer.question))
  }
  return columns
}

function answerTo(person: PersonRecord, question: string): string {
  return person.response.find((answer) => answer.question.trim() === question)?.answer ?? ''
}

/** The export: the header row, then one row per person, household by household, numbered. */
export function guestCsvRows(
  households: ReadonlyArray<HouseholdRecord>,
  questions: ReadonlyArray<{ question: string }>,
): string[][] {
  const extra = questionColumns(questions, households)
  const rows: string[][] = [[...guestCsvColumns, ...extra, householdColumn, seatCapColumn]]
  for (const [index, household] of households.entries()) {
    const relation = relationLabel(household.relationshipSide, household.relationshipType)
    for (const person of household.persons) {
      rows.push([
        person.lastName ?? '',
        person.firstName,
        household.phone ?? '',
        rsvpStatusLabel(person.isAttending),
        relation,
        person.type === 'child' ? 'Child' : 'Adult',
        ...extra.map((question) => answerTo(person, question)),
        String(index + 1),
        household.seatCap == null ? '' : String(household.seatCap),
      ])
    }
  }
  return rows
}

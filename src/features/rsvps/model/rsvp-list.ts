/**
 * The couple's view of the replies: counts and the status filter, over plain data.
 */
import { replyStatus, type ReplyStatus } from '@/lib/rsvp/rsvp-form'

export type StatusFilter = 'all' | ReplyStatus
export const statusFilters: readonly StatusFilter[] = ['all', 'accepted', 'declined', 'pending']

interface PersonReply {
  firstName: string
  lastName?: string | null
  isAttending: boolean | null
}

interface HouseholdReplies<P extends PersonReply> {
  persons: P[]
}

export interface ReplyCounts {
  all: number
  responded: number
  accepted: number
  declined: number
  pending: number
}

export function countReplies(households: readonly HouseholdReplies<PersonReply>[]): ReplyCounts {
  const counts: ReplyCounts = { all: 0, responded: 0, accepted: 0, declined: 0, pending: 0 }
  for (const household of households) {
    for (const person of household.persons) {
      counts.all += 1
      counts[replyStatus(person.isAttending)] += 1
    }
  }
  counts.responded = counts.accepted + counts.declined
  return counts
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

// Each person's name folded once, not on every keystroke: a list of 5,000 persons is searched as the
// couple types. A reply replaces the person object, so its entry is simply left for the collector.
const foldedNames = new WeakMap<PersonReply, string>()
function foldedName(person: PersonReply): string {
  let name = foldedNames.get(person)
  if (name === undefined) {
    name = fold(`${person.firstName} ${person.lastName ?? ''}`)
    foldedNames.set(person, name)
  }
  return name
}

/**
 * The households with only the persons that match the status and the name typed (accent- and
 * case-blind); households left with nobody are dropped. A household kept whole is the same object,
 * so a list row that shows it need not render again.
 */
export function filterReplies<P extends PersonReply, H extends HouseholdReplies<P>>(
  households: readonly H[],
  status: StatusFilter,
  name = '',
): Array<H & { persons: P[] }> {
  const words = fold(name).split(/\s+/).filter(Boolean)
  const keeps = (person: P) => {
    if (status !== 'all' && replyStatus(person.isAttending) !== status) return false
    if (words.length === 0) return true
    const full = foldedName(person)
    return words.every((word) => full.includes(word))
  }
  const shown: Array<H & { persons: P[] }> = []
  for (const household of households) {
    const persons = household.persons.filter(keeps)
    if (persons.length === household.persons.length) shown.push(household)
    else if (persons.length > 0) shown.push({ ...household, persons })
  }
  return shown
}

/**
 * The couple's view of the replies: counts and the status filter, over plain data.
 */
import { replyStatus, type ReplyStatus } from './rsvp-form'

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

/**
 * The households with only the persons that match the status and the name typed (accent- and
 * case-blind); households left with nobody are dropped.
 */
export function filterReplies<P extends PersonReply, H extends HouseholdReplies<P>>(
  households: readonly H[],
  status: StatusFilter,
  name = '',
): Array<H & { persons: P[] }> {
  const words = fold(name).split(/\s+/).filter(Boolean)
  return households
    .map((household) => ({
      ...household,
      persons: household.persons.filter((person) => {
        if (status !== 'all' && replyStatus(person.isAttending) !== status) return false
        const full = fold(`${person.firstName} ${person.lastName ?? ''}`)
        return words.every((word) => full.includes(word))
      }),
    }))
    .filter((household) => household.persons.length > 0)
}

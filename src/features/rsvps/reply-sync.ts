/**
 * Keeping the RSVPs tab's replies up to date without reading every household again: a household
 * saved on the guest list, and the reply changes guests made meanwhile (the changes feed the tab
 * reads anyway), are applied to the list already loaded.
 */
import type { Household, RsvpChange, RsvpHousehold } from '@/lib/api'
import type { RsvpDetails } from '@/lib/api/rsvp-details'

type RsvpPerson = RsvpHousehold['persons'][number]

const sameAnswers = (
  a: readonly { question: string; answer: string }[],
  b: readonly { question: string; answer: string }[],
) =>
  a.length === b.length &&
  a.every((item, index) => item.question === b[index]!.question && item.answer === b[index]!.answer)

/** A person of the shared list as the RSVPs tab shows them, with what only the tab knows. */
function rsvpPerson(
  person: Household['persons'][number],
  known: Pick<RsvpPerson, 'response' | 'recordedBy' | 'recordedByName'>,
): RsvpPerson {
  return {
    id: person.id,
    householdId: person.householdId,
    firstName: person.firstName,
    lastName: person.lastName,
    type: person.type,
    isAttending: person.isAttending,
    respondedAt: person.respondedAt,
    response: known.response,
    recordedBy: known.recordedBy,
    recordedByName: known.recordedByName,
  }
}

/**
 * A household as the guest list saved it, as the RSVPs tab shows it. What only the tab knows (the
 * household's message, who recorded each reply, answers with their question ids) is kept from
 * `previous` while the reply itself is unchanged.
 */
export function rsvpHouseholdFromGuest(
  household: Household,
  previous?: RsvpHousehold,
): RsvpHousehold {
  const before = new Map(previous?.persons.map((person) => [person.id, person]))
  return {
    id: household.id,
    email: household.email,
    message: previous?.message ?? null,
    messageAt: previous?.messageAt ?? null,
    persons: household.persons.map((person): RsvpPerson => {
      const old = before.get(person.id)
      const sameReply =
        old !== undefined &&
        old.isAttending === person.isAttending &&
        old.respondedAt === person.respondedAt &&
        sameAnswers(old.response, person.response)
      return sameReply
        ? rsvpPerson(person, old)
        : rsvpPerson(person, { response: person.response, recordedBy: null, recordedByName: null })
    }),
  }
}

/**
 * The RSVPs tab's households from the shared guest list (which has every reply) and the few details
 * only the tab shows: each household's message and who recorded each reply. The same lines
 * `list_rsvps` gives, without reading every household again.
 */
export function rsvpHouseholdsFromList(
  households: readonly Household[],
  details: RsvpDetails,
): RsvpHousehold[] {
  const messages = new Map(details.messages.map((message) => [message.householdId, message]))
  const recorded = new Map(details.recorded.map((person) => [person.personId, person]))
  return households.map((household) => {
    const message = messages.get(household.id)
    return {
      id: household.id,
      email: household.email,
      message: message?.message ?? null,
      messageAt: message?.messageAt ?? null,
      persons: household.persons.map((person): RsvpPerson => {
        const by = recorded.get(person.id)
        return rsvpPerson(person, {
          response: person.response,
          recordedBy: by?.recordedBy ?? null,
          recordedByName: by?.recordedByName ?? null,
        })
      }),
    }
  })
}

/** The feed holds the latest 100 changes; a full page may not reach back to what the list has. */
export const REPLY_FEED_LIMIT = 100

/**
 * Whether the changes feed reaches back to `syncedTo` (the newest change the list already has):
 * false when the feed is a full page whose oldest change is newer, so changes may be missing and
 * the list must be read again.
 */
export function feedCovers(changes: readonly RsvpChange[], syncedTo: string): boolean {
  if (changes.length < REPLY_FEED_LIMIT) return true
  return Date.parse(changes.at(-1)!.changedAt) <= Date.parse(syncedTo)
}

/**
 * Applies the reply changes newer than `syncedTo` (all of them when null), oldest first, so each
 * person ends with their latest reply (to the wedding, or the main event: replies to other events
 * are left out). Returns the same array when nothing changed, and the ids of
 * the households that did.
 */
export function applyReplyChanges(
  households: RsvpHousehold[],
  changes: readonly RsvpChange[],
  syncedTo: string | null,
): { households: RsvpHousehold[]; changed: Set<string> } {
  const after = syncedTo === null ? -Infinity : Date.parse(syncedTo)
  const news = changes.filter((change) => Date.parse(change.changedAt) > after).reverse()
  const changed = new Set<string>()
  if (news.length === 0) return { households, changed }
  const index = new Map(households.map((household, position) => [household.id, position]))
  const next = [...households]
  for (const change of news) {
    const position = index.get(change.householdId)
    const household = position === undefined ? undefined : next[position]
    if (position === undefined || !household) continue
    const current = change.current
    // A reply to another event than the main one: not the person's own answer (the events' replies
    // are read on their own).
    if (current.eventId || change.previous.eventId) continue
    if (change.personId === null) {
      if (
        household.message === (current.message ?? null) &&
        household.messageAt === (current.messageAt ?? null)
      )
        continue
      next[position] = {
        ...household,
        message: current.message ?? null,
        messageAt: current.messageAt ?? null,
      }
      changed.add(household.id)
      continue
    }
    const persons = household.persons.map((person) => {
      if (person.id !== change.personId) return person
      const reply = {
        isAttending: current.isAttending ?? null,
        response: current.response ?? [],
        respondedAt: current.respondedAt ?? null,
        recordedBy:
          current.recordedBy === 'member' ? ('couple' as const) : (current.recordedBy ?? null),
      }
      if (
        person.isAttending === reply.isAttending &&
        person.respondedAt === reply.respondedAt &&
        (person.recordedBy ?? null) === reply.recordedBy &&
        sameAnswers(person.response, reply.response)
      ) {
        return person
      }
      return { ...person, ...reply, recordedByName: null }
    })
    if (persons.every((person, i) => person === household.persons[i])) continue
    next[position] = { ...household, persons }
    changed.add(household.id)
  }
  return changed.size === 0 ? { households, changed } : { households: next, changed }
}

/**
 * The replies of one event, over plain data. While no event takes RSVPs the wedding has one answer
 * per person (`isAttending`, `response`) and nothing here changes what the tab shows. Once events
 * take RSVPs, the main event's answers are still those; every other RSVP event's answers are its
 * own replies, and a private event counts only the households invited to it.
 */

import { foldText } from '@/lib/names'

/** What the tab needs to know of an event (list_events' answer fits it). */
export interface ReplyEvent {
  id: string
  name?: string | null
  takesRsvp: boolean
  isMain: boolean
  isPrivate: boolean
  householdIds: readonly string[]
  deadline?: string | null
  effectiveDeadline?: string | null
}

/** One person's reply to a non-main event (list_replies' answer fits it). */
export interface EventReplyLike {
  eventId: string
  personId: string
  isAttending: boolean | null
  response: ReadonlyArray<{ questionId?: string; question: string; answer: string }>
  respondedAt?: string | null
  recordedBy?: string | null
}

interface PersonLike {
  id: string
  isAttending: boolean | null
  response: ReadonlyArray<{ questionId?: string; question: string; answer: string }>
  respondedAt?: string | null
}

interface HouseholdLike<P extends PersonLike> {
  id: string
  persons: P[]
}

/** The events guests answer for, in the schedule's order. */
export function rsvpEvents<E extends ReplyEvent>(events: readonly E[]): E[] {
  return events.filter((event) => event.takesRsvp)
}

/** The event the replies are shown for by default: the main one (the seated one). */
export function defaultEvent<E extends ReplyEvent>(events: readonly E[]): E | null {
  const taking = rsvpEvents(events)
  return taking.find((event) => event.isMain) ?? taking[0] ?? null
}

/** Whether a household is asked about an event: every household, or the chosen ones if private. */
export function isInvited(event: ReplyEvent, householdId: string): boolean {
  return !event.isPrivate || event.householdIds.includes(householdId)
}

export type ReplyIndex = ReadonlyMap<string, EventReplyLike>

const replyKey = (eventId: string, personId: string) => `${eventId}:${personId}`

/** The non-main replies by event and person, read once per load. */
export function indexReplies(replies: readonly EventReplyLike[]): ReplyIndex {
  return new Map(replies.map((reply) => [replyKey(reply.eventId, reply.personId), reply]))
}

/** One person's reply to an event: the main one is the person's own; another event's, its reply (or none yet). */
export function replyTo(
  event: ReplyEvent,
  person: PersonLike,
  replies: ReplyIndex,
): EventReplyLike {
  if (event.isMain) {
    return {
      eventId: event.id,
      personId: person.id,
      isAttending: person.isAttending,
      response: person.response,
      respondedAt: person.respondedAt ?? null,
    }
  }
  return (
    replies.get(replyKey(event.id, person.id)) ?? {
      eventId: event.id,
      personId: person.id,
      isAttending: null,
      response: [],
      respondedAt: null,
      recordedBy: null,
    }
  )
}

/**
 * The households invited to an event, each person carrying that event's reply in place of the
 * wedding's (`isAttending`, `response`, `respondedAt`; `recordedBy` too for another event), so the
 * counts, the filters and the list read them as they read a single-event wedding. With no event
 * (null) the households are given back as they are.
 */
export function householdsForEvent<P extends PersonLike, H extends HouseholdLike<P>>(
  households: readonly H[],
  event: ReplyEvent | null,
  replies: ReplyIndex,
): H[] {
  if (!event || event.isMain) {
    return event
      ? households.filter((household) => isInvited(event, household.id))
      : [...households]
  }
  const shown: H[] = []
  for (const household of households) {
    if (!isInvited(event, household.id)) continue
    shown.push({
      ...household,
      persons: household.persons.map((person) => {
        const reply = replyTo(event, person, replies)
        return {
          ...person,
          isAttending: reply.isAttending,
          response: reply.response,
          respondedAt: reply.respondedAt ?? null,
          recordedBy: reply.recordedBy === 'guest' ? 'guest' : reply.recordedBy ? 'couple' : null,
          recordedByName: null,
        }
      }),
    })
  }
  return shown
}

interface QuestionLike {
  id: string
  eventId?: string | null
}

/**
 * The questions asked with an event's answer: those asked for it, and for the main event those
 * asked with the main answer (no event). With no event taking RSVPs, every question.
 */
export function questionsFor<Q extends QuestionLike>(
  questions: readonly Q[],
  event: { id: string; isMain?: boolean | null } | null,
): Q[] {
  if (!event) return [...questions]
  return questions.filter((question) =>
    question.eventId ? question.eventId === event.id : Boolean(event.isMain),
  )
}

/** The households whose name matches every word typed (accent- and case-blind), for the picker. */
export function matchHouseholds<
  H extends { persons: ReadonlyArray<{ firstName: string; lastName?: string | null }> },
>(households: readonly H[], query: string): H[] {
  const words = foldText(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...households]
  return households.filter((household) => {
    const names = foldText(
      household.persons.map((person) => `${person.firstName} ${person.lastName ?? ''}`).join(' '),
    )
    return words.every((word) => names.includes(word))
  })
}

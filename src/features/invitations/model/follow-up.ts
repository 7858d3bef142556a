// Where everyone stands: counts of the invitation states, and the households to chase.

import { manilaDateTime, todayInManila } from '@/lib/dates'
import { daysSince } from '@/lib/invitations/state'
import type { HouseholdInvitation, State as InvitationState } from '@/lib/invitations/types'

export { daysSince }

/** Households invited, that opened their link, that answered (each counted once per fact). */
export function invitationCounts(households: ReadonlyArray<HouseholdInvitation>) {
  const count = (test: (h: HouseholdInvitation) => boolean) => households.filter(test).length
  return {
    households: households.length,
    invited: count((h) => Boolean(h.invitedAt)),
    opened: count((h) => Boolean(h.openedAt)),
    answered: count((h) => h.answered),
    notInvited: count((h) => h.state === 'not_invited'),
  }
}

/** What the household list may be filtered by: every household, a state, or those needing a new card. */
export type HouseholdFilter = InvitationState | 'all' | 'new_card'

/** Whether the link the household was sent no longer opens, so it needs a new card. */
export function needsNewCard(household: HouseholdInvitation): boolean {
  return Boolean(household.linkReplacedAt)
}

/** Whether a household is in what the list is filtered by ('all' keeps every one). */
export function matchesState(household: HouseholdInvitation, filter: HouseholdFilter): boolean {
  if (filter === 'new_card') return needsNewCard(household)
  return filter === 'all' || household.state === filter
}

/** Whole days from today (Manila) to the deadline: 0 on the day itself, negative once past. */
export function daysToDeadline(
  deadline: string | null | undefined,
  now: Date = new Date(),
): number | null {
  const end = manilaDateTime(deadline)
  const today = manilaDateTime(todayInManila(now))
  return end && today ? end.diff(today, 'day') : null
}

/**
 * The follow-up list: invited households that have not answered. All share the wedding's deadline,
 * so the most urgent are those waited on longest: the oldest last message first, then the oldest
 * invitation, then those who never opened their link.
 */
export function followUpList<H extends HouseholdInvitation>(households: ReadonlyArray<H>): H[] {
  const time = (at: string | null | undefined) => (at ? Date.parse(at) : 0)
  return households
    .filter((h) => Boolean(h.invitedAt) && !h.answered)
    .sort(
      (a, b) =>
        time(a.lastSentAt) - time(b.lastSentAt) ||
        time(a.invitedAt) - time(b.invitedAt) ||
        Number(Boolean(a.openedAt)) - Number(Boolean(b.openedAt)) ||
        a.householdId.localeCompare(b.householdId),
    )
}

/** An event that takes its own RSVPs, as the follow-up needs it (list_events' answer fits it). */
export interface FollowUpEvent {
  id: string
  isMain: boolean
  isPrivate: boolean
  householdIds: ReadonlyArray<string>
}

/**
 * The follow-up list for one event other than the main one: invited households asked about it
 * (all of them, or the chosen ones of a private event) where someone has not answered it yet,
 * most urgent first as for the wedding. `answered` holds `eventId:personId` of each reply given.
 */
export function eventFollowUpList<
  H extends HouseholdInvitation & { persons: ReadonlyArray<{ id: string; firstName: string }> },
>(households: ReadonlyArray<H>, event: FollowUpEvent, answered: ReadonlySet<string>): H[] {
  const waiting = households.filter(
    (h) =>
      (!event.isPrivate || event.householdIds.includes(h.householdId)) &&
      (h.persons as ReadonlyArray<{ id: string }>).some(
        (person) => !answered.has(`${event.id}:${person.id}`),
      ),
  )
  // Each one waiting is, for this event, a household that has not answered.
  const byId = new Map(waiting.map((h) => [h.householdId, h]))
  return followUpList(waiting.map((h) => ({ ...h, answered: false }))).map((h) =>
    byId.get(h.householdId)!,
  )
}

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
export function daysToDeadline(deadline: string | null | undefined, now: Date = new Date()): number | null {
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

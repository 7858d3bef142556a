// Each household's invitation state, shared by every screen that shows it (the guest list, the
// RSVPs tab, the Invitations screen). Built once per list load into a map by household id, so a
// row looks its state up instead of calling anything.

import { dayjs, manilaDateTime, todayInManila } from '@/lib/dates'
import type { Channel, State } from './types'

export const invitationStateFilters = [
  'not_invited',
  'invited',
  'opened',
  'answered',
] as const satisfies readonly State[]

export interface InvitationStatus {
  state: State
  invitedAt?: string | null
  invitedVia?: Channel | null
  openedAt?: string | null
}

export type InvitationStatuses = ReadonlyMap<string, InvitationStatus>

export const notInvited: InvitationStatus = { state: 'not_invited' }

/** The households of `list_invitations` by id, keeping only what a state badge needs. */
export function indexInvitationStatuses(
  households: ReadonlyArray<InvitationStatus & { householdId: string }>,
): Map<string, InvitationStatus> {
  const map = new Map<string, InvitationStatus>()
  for (const { householdId, state, invitedAt, invitedVia, openedAt } of households) {
    map.set(householdId, { state, invitedAt, invitedVia, openedAt })
  }
  return map
}

/** A household's state; one the map does not know (added since it loaded) is not invited yet. */
export function statusOf(statuses: InvitationStatuses, householdId: string): InvitationStatus {
  return statuses.get(householdId) ?? notInvited
}

/** Households invited, that opened their link, that answered (each counted once per fact). */
export function countInvitationStates(statuses: Iterable<InvitationStatus>) {
  const counts = { households: 0, invited: 0, opened: 0, answered: 0, notInvited: 0 }
  for (const status of statuses) {
    counts.households += 1
    if (status.invitedAt) counts.invited += 1
    if (status.openedAt) counts.opened += 1
    if (status.state === 'answered') counts.answered += 1
    if (status.state === 'not_invited') counts.notInvited += 1
  }
  return counts
}

/** Whole days since a time, in Manila days. */
export function daysSince(at: string | null | undefined, now: Date = new Date()): number | null {
  if (!at) return null
  const then = manilaDateTime(
    dayjs(at)
      .utcOffset(8 * 60)
      .format('YYYY-MM-DD'),
  )
  const today = manilaDateTime(todayInManila(now))
  return then && today ? today.diff(then, 'day') : null
}

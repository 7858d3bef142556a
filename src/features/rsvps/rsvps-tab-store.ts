import { create } from 'zustand'
import {
  listRsvpChanges,
  markRsvpChangesSeen,
  restoreRsvp,
  updateRsvpSettings,
  type RsvpChanges,
  type RsvpHousehold,
  type RsvpQuestion,
  type Wedding,
} from '@/lib/api'
import { recordReply } from '@/lib/api/events'
import { isAccessLost } from '@/lib/errors'
import { listInvitationStates } from '@/lib/api/invitations'
import { listRsvpDetails } from '@/lib/api/rsvp-details'
import { useGuestListStore, type PersonReply } from '@/lib/guest-list'
import { indexInvitationStatuses, type InvitationStatuses } from '@/lib/invitations/state'
import { useSessionStore } from '@/lib/session'
import {
  applyReplyChanges,
  feedCovers,
  rsvpHouseholdFromGuest,
  rsvpHouseholdsFromList,
} from './reply-sync'

type Status = 'idle' | 'loading' | 'ready' | 'error'

interface RsvpsTabState {
  weddingId: string | null
  households: RsvpHousehold[]
  /** Each household's invitation state by id, read beside the replies; empty if it failed to load. */
  invitations: InvitationStatuses
  status: Status
  error: unknown
  /**
   * The newest reply change the list already holds (null: not known yet). Opening the tab applies
   * the changes after it from the changes feed instead of reading every household again.
   */
  syncedTo: string | null
  /**
   * Shows every household's replies from the shared guest list (read now if no screen has yet), with
   * the messages and who recorded each reply read beside it: once per wedding, again with `force`
   * (the guest list is then read again too). Later openings bring it up to date through
   * `loadChanges`. Invitation states are read every time.
   */
  load(weddingId: string, options?: { force?: boolean }): Promise<void>
  /** Records or corrects one person's reply; the household in the list is replaced. Throws on failure. */
  record(
    personId: string,
    isAttending: boolean | null,
    response: Array<{ questionId: string; answer: string }>,
  ): Promise<void>
  /** Saves the deadline and questions; the session's wedding is updated. Throws on failure. */
  saveSettings(deadline: string | null, questions: RsvpQuestion[]): Promise<Wedding>
  /** The latest reply changes and probes, or null before they load (or when they failed to). */
  changes: RsvpChanges | null
  /**
   * When the couple last looked, as it was when this visit began: changes after it are new. Kept
   * for the whole visit, so marking them seen does not hide them while the couple is here.
   */
  since: { weddingId: string; at: string | null } | null
  /**
   * Loads the reply changes, applies those the list does not have yet (or reads the list again if
   * there were more than the feed holds), then marks them seen for the next visit.
   */
  loadChanges(weddingId: string): Promise<void>
  /** Puts a reply back to what it was before one change. Throws on failure. */
  restore(changeId: string): Promise<RsvpHousehold>
}

/** The invitation states; a failure keeps the ones already here. */
function readInvitations(
  weddingId: string,
  fallback: InvitationStatuses,
): Promise<InvitationStatuses> {
  return listInvitationStates(weddingId).then(
    (households) => indexInvitationStatuses(households),
    () => fallback,
  )
}

/** The couple's RSVPs tab: the replies of every household. */
export const useRsvpsTabStore = create<RsvpsTabState>((set, get) => ({
  weddingId: null,
  households: [],
  invitations: new Map(),
  status: 'idle',
  error: null,
  syncedTo: null,
  async load(weddingId, options) {
    const state = get()
    const kept = state.weddingId === weddingId && state.status === 'ready'
    if (!options?.force && kept) {
      // Sent from another screen meanwhile: the invitation states are read on every opening.
      const invitations = await readInvitations(weddingId, state.invitations)
      if (get().weddingId === weddingId) set({ invitations })
      return
    }
    if (!options?.force && state.weddingId === weddingId && state.status === 'loading') return
    set({
      weddingId,
      status: 'loading',
      error: null,
      households: state.weddingId === weddingId ? state.households : [],
      invitations: state.weddingId === weddingId ? state.invitations : new Map(),
    })
    try {
      const list = useGuestListStore.getState()
      // A list another screen read earlier may lack replies the changes feed already here has.
      const readNow = options?.force || list.weddingId !== weddingId || list.status !== 'ready'
      const [, details, invitations] = await Promise.all([
        options?.force ? list.refresh(weddingId) : list.load(weddingId),
        listRsvpDetails(weddingId),
        readInvitations(weddingId, get().invitations),
      ])
      const shared = useGuestListStore.getState()
      if (shared.weddingId !== weddingId || shared.status !== 'ready')
        throw shared.error ?? new Error('The guest list did not load')
      if (get().weddingId === weddingId) {
        set({
          households: rsvpHouseholdsFromList(shared.households, details),
          invitations,
          status: 'ready',
          syncedTo: readNow ? feedMark(weddingId) : null,
        })
        const { since, changes } = get()
        if (!readNow && since?.weddingId === weddingId && changes) catchUp(weddingId, changes)
      }
    } catch (error) {
      if (get().weddingId === weddingId) set({ status: 'error', error })
    }
  },
  async record(personId, isAttending, response) {
    const { weddingId } = get()
    if (!weddingId) throw new Error('No wedding is loaded')
    const { reply: _reply, ...household } = await recordReply(
      weddingId,
      null,
      personId,
      isAttending,
      response,
    )
    if (get().weddingId !== weddingId) return
    set((state) => ({
      households: state.households.map((item) => (item.id === household.id ? household : item)),
    }))
    shareReplies(household)
  },
  changes: null,
  since: null,
  async loadChanges(weddingId) {
    try {
      const changes = await listRsvpChanges(weddingId)
      const { since } = get()
      set({
        changes,
        since: since?.weddingId === weddingId ? since : { weddingId, at: changes.lastSeenAt },
      })
      catchUp(weddingId, changes)
      const newest = changes.changes[0]?.changedAt
      if (newest && newest !== changes.lastSeenAt) await markRsvpChangesSeen(weddingId, newest)
    } catch (error) {
      // The replies themselves still show; the changes are a convenience on top. But a member
      // removed meanwhile is told at once, rather than left reading what they may no longer see.
      if (isAccessLost(error) && get().weddingId === weddingId)
        set({ changes: null, status: 'error', error, households: [] })
      else set({ changes: null })
    }
  },
  async restore(changeId) {
    const { weddingId } = get()
    if (!weddingId) throw new Error('No wedding is loaded')
    const household = await restoreRsvp(weddingId, changeId)
    if (get().weddingId !== weddingId) return household
    set((state) => ({
      households: state.households.map((item) => (item.id === household.id ? household : item)),
    }))
    shareReplies(household)
    await get().loadChanges(weddingId)
    return household
  },
  async saveSettings(deadline, questions) {
    const { weddingId } = get()
    if (!weddingId) throw new Error('No wedding is loaded')
    const wedding = await updateRsvpSettings(weddingId, deadline, questions)
    useSessionStore.getState().setWedding(wedding)
    return wedding
  },
}))

/** A reply recorded here shows on the guest list and the seating chart too, without a read. */
function shareReplies(household: RsvpHousehold) {
  const replies = new Map<string, PersonReply>(
    household.persons.map((person) => [
      person.id,
      {
        isAttending: person.isAttending,
        response: person.response.map(({ question, answer }) => ({ question, answer })),
        respondedAt: person.respondedAt,
      },
    ]),
  )
  useGuestListStore.getState().setReplies(household.id, replies)
}

/** Before any reply change: what the list holds when the feed was empty. */
const NO_CHANGES = '1970-01-01T00:00:00Z'

/**
 * The newest change in the feed already here, when the list was read: the list (read at the same
 * time or later) holds it. Null when no feed is here yet.
 */
function feedMark(weddingId: string): string | null {
  const { since, changes } = useRsvpsTabStore.getState()
  if (since?.weddingId !== weddingId || !changes) return null
  return changes.changes[0]?.changedAt ?? NO_CHANGES
}

/** Brings the loaded replies up to the changes feed: applies what is newer, or reads again. */
function catchUp(weddingId: string, changes: RsvpChanges) {
  const state = useRsvpsTabStore.getState()
  if (state.weddingId !== weddingId || state.status !== 'ready') return
  // Null: the list was read with this feed (applying it again changes nothing that is current).
  if (state.syncedTo !== null && !feedCovers(changes.changes, state.syncedTo)) {
    void state.load(weddingId, { force: true })
    return
  }
  const { households, changed } = applyReplyChanges(
    state.households,
    changes.changes,
    state.syncedTo,
  )
  const syncedTo = changes.changes[0]?.changedAt ?? state.syncedTo ?? NO_CHANGES
  useRsvpsTabStore.setState(changed.size > 0 ? { households, syncedTo } : { syncedTo })
  for (const household of households) if (changed.has(household.id)) shareReplies(household)
}

/** Follows the shared guest list: a household saved or deleted there changes its line here. */
useGuestListStore.subscribe((list, previous) => {
  const change = list.lastChange
  const state = useRsvpsTabStore.getState()
  if (
    !change ||
    change === previous.lastChange ||
    list.weddingId !== state.weddingId ||
    state.status === 'idle'
  )
    return
  switch (change.kind) {
    case 'saved': {
      const before = state.households.find((household) => household.id === change.household.id)
      const updated = rsvpHouseholdFromGuest(change.household, before)
      useRsvpsTabStore.setState({
        households: before
          ? state.households.map((household) => (household === before ? updated : household))
          : [...state.households, updated],
      })
      break
    }
    case 'removed':
      useRsvpsTabStore.setState({
        households: state.households.filter((household) => household.id !== change.householdId),
      })
      break
    case 'read': {
      // Read again (an import, or another screen's refresh): every line from the new list, keeping
      // what only this tab knows where the reply is unchanged. The first read changes nothing here.
      if (!change.again || state.status !== 'ready') break
      const before = new Map(state.households.map((household) => [household.id, household]))
      useRsvpsTabStore.setState({
        households: list.households.map((household) =>
          rsvpHouseholdFromGuest(household, before.get(household.id)),
        ),
      })
      break
    }
    case 'replied':
      break
  }
})

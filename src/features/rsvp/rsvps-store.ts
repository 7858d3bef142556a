import { create } from 'zustand'
import {
  listRsvpChanges,
  listRsvps,
  markRsvpChangesSeen,
  recordRsvp,
  restoreRsvp,
  updateRsvpSettings,
  type RsvpChanges,
  type RsvpHousehold,
  type RsvpQuestion,
  type Wedding,
} from '@/lib/api'
import { listInvitations } from '@/lib/api/invitations'
import { indexInvitationStatuses, type InvitationStatuses } from '@/lib/invitations/state'
import { useSessionStore } from '@/lib/session'

type Status = 'idle' | 'loading' | 'ready' | 'error'

interface RsvpsState {
  weddingId: string | null
  households: RsvpHousehold[]
  /** Each household's invitation state by id, read beside the replies; empty if it failed to load. */
  invitations: InvitationStatuses
  status: Status
  error: unknown
  /** Loads every household's replies (again with `force`). */
  load(weddingId: string, options?: { force?: boolean }): Promise<void>
  /** Records or corrects one person's reply; the household in the list is replaced. Throws on failure. */
  record(personId: string, isAttending: boolean | null, response: Array<{ questionId: string; answer: string }>): Promise<void>
  /** Saves the deadline and questions; the session's wedding is updated. Throws on failure. */
  saveSettings(deadline: string | null, questions: RsvpQuestion[]): Promise<Wedding>
  /** The latest reply changes and probes, or null before they load (or when they failed to). */
  changes: RsvpChanges | null
  /**
   * When the couple last looked, as it was when this visit began: changes after it are new. Kept
   * for the whole visit, so marking them seen does not hide them while the couple is here.
   */
  since: { weddingId: string; at: string | null } | null
  /** Loads the reply changes, then marks them seen for the next visit. */
  loadChanges(weddingId: string): Promise<void>
  /** Puts a reply back to what it was before one change. Throws on failure. */
  restore(changeId: string): Promise<RsvpHousehold>
}

/** The couple's RSVPs tab: the replies of every household. */
export const useRsvpsStore = create<RsvpsState>((set, get) => ({
  weddingId: null,
  households: [],
  invitations: new Map(),
  status: 'idle',
  error: null,
  async load(weddingId, options) {
    const state = get()
    if (!options?.force && state.weddingId === weddingId && state.status !== 'error' && state.status !== 'idle') return
    set({
      weddingId,
      status: 'loading',
      error: null,
      households: state.weddingId === weddingId ? state.households : [],
      invitations: state.weddingId === weddingId ? state.invitations : new Map(),
    })
    try {
      const [households, invitations] = await Promise.all([
        listRsvps(weddingId),
        listInvitations(weddingId).then(
          (result) => indexInvitationStatuses(result.households),
          () => get().invitations,
        ),
      ])
      if (get().weddingId === weddingId) set({ households, invitations, status: 'ready' })
    } catch (error) {
      if (get().weddingId === weddingId) set({ status: 'error', error })
    }
  },
  async record(personId, isAttending, response) {
    const { weddingId } = get()
    if (!weddingId) throw new Error('No wedding is loaded')
    const household = await recordRsvp(weddingId, personId, isAttending, response)
    if (get().weddingId !== weddingId) return
    set((state) => ({ households: state.households.map((item) => (item.id === household.id ? household : item)) }))
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
      const newest = changes.changes[0]?.changedAt
      if (newest && newest !== changes.lastSeenAt) await markRsvpChangesSeen(weddingId, newest)
    } catch {
      // The replies themselves still show; the changes are a convenience on top.
      set({ changes: null })
    }
  },
  async restore(changeId) {
    const { weddingId } = get()
    if (!weddingId) throw new Error('No wedding is loaded')
    const household = await restoreRsvp(weddingId, changeId)
    if (get().weddingId !== weddingId) return household
    set((state) => ({ households: state.households.map((item) => (item.id === household.id ? household : item)) }))
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

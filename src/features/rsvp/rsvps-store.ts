import { create } from 'zustand'
import { listRsvps, recordRsvp, updateRsvpSettings, type RsvpHousehold, type RsvpQuestion, type Wedding } from '@/lib/api'
import { useSessionStore } from '@/lib/session'

type Status = 'idle' | 'loading' | 'ready' | 'error'

interface RsvpsState {
  weddingId: string | null
  households: RsvpHousehold[]
  status: Status
  error: unknown
  /** Loads every household's replies (again with `force`). */
  load(weddingId: string, options?: { force?: boolean }): Promise<void>
  /** Records or corrects one person's reply; the household in the list is replaced. Throws on failure. */
  record(personId: string, isAttending: boolean | null, response: Array<{ questionId: string; answer: string }>): Promise<void>
  /** Saves the deadline and questions; the session's wedding is updated. Throws on failure. */
  saveSettings(deadline: string | null, questions: RsvpQuestion[]): Promise<Wedding>
}

/** The couple's RSVPs tab: the replies of every household. */
export const useRsvpsStore = create<RsvpsState>((set, get) => ({
  weddingId: null,
  households: [],
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
    })
    try {
      const households = await listRsvps(weddingId)
      if (get().weddingId === weddingId) set({ households, status: 'ready' })
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
  async saveSettings(deadline, questions) {
    const { weddingId } = get()
    if (!weddingId) throw new Error('No wedding is loaded')
    const wedding = await updateRsvpSettings(weddingId, deadline, questions)
    useSessionStore.getState().setWedding(wedding)
    return wedding
  },
}))

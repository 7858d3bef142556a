import { create } from 'zustand'
import { listHouseholds, type Household, type Person } from '@/lib/api'

export type GuestListStatus = 'idle' | 'loading' | 'ready' | 'error'

/**
 * What last changed, for screens that keep something of their own beside the list (the RSVPs tab
 * keeps each household's replies):
 * - `read`: the whole list was read; `again` when it was read back after a change (an import);
 * - `saved` / `removed`: one household was created or edited, or deleted;
 * - `replied`: persons' replies changed (the household's other details did not).
 */
export type GuestListChange =
  | { kind: 'read'; again: boolean }
  | { kind: 'saved'; household: Household }
  | { kind: 'removed'; householdId: string }
  | { kind: 'replied'; householdId: string }

/** A person's reply, as the list keeps it. */
export type PersonReply = Pick<Person, 'isAttending' | 'response' | 'respondedAt'>

interface GuestListState {
  weddingId: string | null
  households: Household[]
  status: GuestListStatus
  /** Why the first read failed (the screens offer a retry); null while all is well. */
  error: unknown
  lastChange: GuestListChange | null

  /**
   * Reads the wedding's list once: later calls (another screen opening) return at once with the
   * list already here, unless `force`. A failed read leaves status `error` and does not throw.
   */
  load(weddingId: string, options?: { force?: boolean }): Promise<void>
  /** Reads the list again, keeping the one on screen if that fails (and throwing the failure). */
  refresh(weddingId: string): Promise<void>
  /** A household as a save returned it: replaces its line, or adds it at the end. */
  put(household: Household): void
  remove(householdId: string): void
  /** Sets some persons' replies in one household (a reply recorded on the RSVPs tab). */
  setReplies(householdId: string, replies: ReadonlyMap<string, PersonReply>): void
}

// Only the newest read may write the list: an older answer arriving late must not undo a change.
let readCounter = 0
let reading: { weddingId: string; promise: Promise<void> } | null = null

/**
 * The wedding's households with their persons, read once and shared by the guest list, the RSVPs
 * tab and the seating chart: at 2,000 households a read is 2.5 MB and most of a second, so a screen
 * opening uses the list already here, and a change replaces only the household it touched.
 */
export const useGuestListStore = create<GuestListState>((set, get) => {
  async function read(weddingId: string, keepOnError: boolean) {
    const counter = ++readCounter
    try {
      const households = await listHouseholds(weddingId)
      if (counter === readCounter && get().weddingId === weddingId) {
        set({
          households,
          status: 'ready',
          error: null,
          lastChange: { kind: 'read', again: keepOnError },
        })
      }
    } catch (error) {
      if (counter !== readCounter || get().weddingId !== weddingId) return
      if (keepOnError) throw error
      set({ status: 'error', error })
    }
  }

  return {
    weddingId: null,
    households: [],
    status: 'idle',
    error: null,
    lastChange: null,

    async load(weddingId, { force = false } = {}) {
      const state = get()
      const same = state.weddingId === weddingId
      if (same && !force && state.status === 'ready') return
      if (same && !force && reading?.weddingId === weddingId) return reading.promise
      if (!same) set({ weddingId, households: [], lastChange: null })
      set({ status: 'loading', error: null })
      const promise = read(weddingId, false)
      reading = { weddingId, promise }
      await promise
      if (reading?.promise === promise) reading = null
    },

    async refresh(weddingId) {
      if (get().weddingId !== weddingId) return get().load(weddingId)
      await read(weddingId, true)
    },

    put(household) {
      const { households } = get()
      const index = households.findIndex((item) => item.id === household.id)
      const next = index === -1 ? [...households, household] : households.with(index, household)
      set({ households: next, lastChange: { kind: 'saved', household } })
    },

    remove(householdId) {
      const { households } = get()
      const next = households.filter((household) => household.id !== householdId)
      if (next.length === households.length) return
      set({ households: next, lastChange: { kind: 'removed', householdId } })
    },

    setReplies(householdId, replies) {
      const { households } = get()
      const index = households.findIndex((household) => household.id === householdId)
      const household = households[index]
      if (!household) return
      let changed = false
      const persons = household.persons.map((person) => {
        const reply = replies.get(person.id)
        if (!reply) return person
        if (
          person.isAttending === reply.isAttending &&
          person.respondedAt === reply.respondedAt &&
          JSON.stringify(person.response) === JSON.stringify(reply.response)
        ) {
          return person
        }
        changed = true
        return { ...person, ...reply }
      })
      if (!changed) return
      set({
        households: households.with(index, { ...household, persons }),
        lastChange: { kind: 'replied', householdId },
      })
    },
  }
})

import { create } from 'zustand'
import {
  deleteHousehold,
  importHouseholds,
  listGuests,
  saveHousehold,
  type Household,
  type HouseholdInput,
  type ImportResult,
} from '@/lib/api'
import { listInvitations } from '@/lib/api/invitations'
import { BackendError } from '@/lib/backend'
import { indexInvitationStatuses, type InvitationStatuses } from '@/lib/invitations/state'
import type { State as InvitationState } from '@/lib/invitations/types'
import { buildSearchIndex, noFilters, type GuestFilters, type MissingFilter, type RelationFilter } from './model/guest-list'

export type GuestsStatus = 'idle' | 'loading' | 'ready' | 'error'

interface GuestsState {
  weddingId: string | null
  households: Household[]
  /** buildSearchIndex(households), rebuilt only when the list changes. */
  searchIndex: string[]
  /**
   * Each household's invitation state by id, read with the list (one call, not one per row). Empty
   * when it could not be read: the list still shows, every household as not invited.
   */
  invitations: InvitationStatuses
  status: GuestsStatus
  /** Why the list could not be loaded (shown with a retry); null while all is well. */
  error: unknown
  /** A change was saved but reading the list back failed: the list may be behind. */
  syncError: unknown
  filters: GuestFilters

  /** Loads the wedding's list (again when `force`, or for another wedding). */
  load(weddingId: string, options?: { force?: boolean }): Promise<void>
  /** Reads the list back from the database; called after every change. */
  sync(): Promise<void>
  save(input: HouseholdInput): Promise<Household>
  remove(householdId: string): Promise<void>
  importMany(households: HouseholdInput[]): Promise<ImportResult>

  setQuery(query: string): void
  setRelation(relation: RelationFilter | null): void
  toggleMissing(field: MissingFilter): void
  setInvitation(state: InvitationState | null): void
  clearFilters(): void
}

// Only the newest read may write the list: an older answer arriving late must not undo a change.
let readCounter = 0

function withList(households: Household[]) {
  return { households, searchIndex: buildSearchIndex(households) }
}

/** The invitation states, read beside the list; a failure leaves them empty rather than failing the list. */
async function readInvitations(weddingId: string): Promise<InvitationStatuses> {
  try {
    return indexInvitationStatuses((await listInvitations(weddingId)).households)
  } catch {
    return new Map()
  }
}

function requireWedding(weddingId: string | null): string {
  if (!weddingId) throw new Error('The guest list has no wedding yet.')
  return weddingId
}

/**
 * The couple's guest list: loaded once per wedding. A create, edit or delete changes only that
 * household, from what the call returned: re-reading 2,000 households (2.5 MB) after each one cost
 * most of a second. An import, and opening the screen, read the whole list again.
 */
export const useGuestsStore = create<GuestsState>((set, get) => ({
  weddingId: null,
  households: [],
  searchIndex: [],
  invitations: new Map(),
  status: 'idle',
  error: null,
  syncError: null,
  filters: noFilters,

  async load(weddingId, { force = false } = {}) {
    const state = get()
    const sameWedding = state.weddingId === weddingId
    if (sameWedding && !force && state.status === 'loading') return
    if (sameWedding && !force && state.status === 'ready') {
      // The list is kept, but invitations are sent from another screen: their states are read again.
      const invitations = await readInvitations(weddingId)
      if (get().weddingId === weddingId && invitations.size > 0) set({ invitations })
      return
    }
    if (!sameWedding) set({ weddingId, ...withList([]), invitations: new Map(), filters: noFilters })
    set({ status: 'loading', error: null })
    const read = ++readCounter
    try {
      const [households, invitations] = await Promise.all([listGuests(weddingId), readInvitations(weddingId)])
      if (read === readCounter) set({ ...withList(households), invitations, status: 'ready', syncError: null })
    } catch (error) {
      if (read === readCounter) set({ status: 'error', error })
    }
  },

  async sync() {
    const weddingId = requireWedding(get().weddingId)
    const read = ++readCounter
    try {
      const [households, invitations] = await Promise.all([listGuests(weddingId), readInvitations(weddingId)])
      if (read === readCounter) set({ ...withList(households), invitations, status: 'ready', error: null, syncError: null })
    } catch (error) {
      if (read === readCounter) set({ syncError: error })
    }
  },

  async save(input) {
    const weddingId = requireWedding(get().weddingId)
    const saved = await saveHousehold(weddingId, input)
    const { households } = get()
    const exists = households.some((household) => household.id === saved.id)
    set(withList(exists ? households.map((h) => (h.id === saved.id ? saved : h)) : [...households, saved]))
    return saved
  },

  async remove(householdId) {
    try {
      await deleteHousehold(householdId)
    } catch (error) {
      // Already gone (deleted in another tab): what the couple asked for is done.
      if (!(error instanceof BackendError && error.message === 'household_not_found')) throw error
    }
    set(withList(get().households.filter((household) => household.id !== householdId)))
  },

  async importMany(households) {
    const weddingId = requireWedding(get().weddingId)
    const result = await importHouseholds(weddingId, households)
    await get().sync()
    return result
  },

  setQuery(query) {
    set({ filters: { ...get().filters, query } })
  },
  setRelation(relation) {
    set({ filters: { ...get().filters, relation } })
  },
  toggleMissing(field) {
    const { missing } = get().filters
    set({
      filters: {
        ...get().filters,
        missing: missing.includes(field) ? missing.filter((f) => f !== field) : [...missing, field],
      },
    })
  },
  setInvitation(invitation) {
    set({ filters: { ...get().filters, invitation } })
  },
  clearFilters() {
    set({ filters: noFilters })
  },
}))

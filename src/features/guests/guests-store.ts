import { create } from 'zustand'
import {
  deleteHousehold,
  importHouseholds,
  saveHousehold,
  type Household,
  type HouseholdInput,
  type ImportResult,
} from '@/lib/api'
import { listInvitationStates } from '@/lib/api/invitations'
import { BackendError } from '@/lib/backend'
import { useGuestListStore } from '@/lib/guest-list'
import { indexInvitationStatuses, type InvitationStatuses } from '@/lib/invitations/state'
import type { State as InvitationState } from '@/lib/invitations/types'
import {
  buildSearchIndex,
  noFilters,
  type GuestFilters,
  type MissingFilter,
  type RelationFilter,
} from './model/guest-list'

export type GuestsStatus = 'idle' | 'loading' | 'ready' | 'error'

interface GuestsState {
  weddingId: string | null
  /** The shared guest list's households (the same array), while it is this wedding's. */
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
  /** Reads the list back from the database (after an import, or when asked to). */
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

let lastIndex: { households: Household[]; searchIndex: string[] } | null = null

/** The list with its search index, built once per list whichever way it arrives. */
function withList(households: Household[]) {
  if (lastIndex?.households !== households)
    lastIndex = { households, searchIndex: buildSearchIndex(households) }
  return lastIndex
}

/** The invitation states, read beside the list; a failure leaves them empty rather than failing the list. */
async function readInvitations(weddingId: string): Promise<InvitationStatuses> {
  try {
    return indexInvitationStatuses(await listInvitationStates(weddingId))
  } catch {
    return new Map()
  }
}

function requireWedding(weddingId: string | null): string {
  if (!weddingId) throw new Error('The guest list has no wedding yet.')
  return weddingId
}

/**
 * The couple's guest list screen: the shared list (`@/lib/guest-list`, read once per wedding and
 * also used by the RSVPs tab and the seating chart), with this screen's filters and invitation
 * states. A create, edit or delete changes only that household, from what the call returned:
 * re-reading 2,000 households (2.5 MB) after each one cost most of a second. An import reads the
 * whole list again.
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
    const list = useGuestListStore.getState()
    if (get().weddingId !== weddingId)
      set({ weddingId, ...withList([]), invitations: new Map(), filters: noFilters })
    if (force || list.weddingId !== weddingId || list.status !== 'ready')
      set({ status: 'loading', error: null })
    else followList(list) // already read by another screen: shown at once
    // The list is kept between screens, but invitations are sent from another screen: their
    // states are read on every visit.
    const [, invitations] = await Promise.all([
      useGuestListStore.getState().load(weddingId, { force }),
      readInvitations(weddingId),
    ])
    if (get().weddingId !== weddingId) return
    if (invitations.size > 0 || get().invitations.size === 0) set({ invitations })
    followList(useGuestListStore.getState())
  },

  async sync() {
    const weddingId = requireWedding(get().weddingId)
    try {
      const [, invitations] = await Promise.all([
        useGuestListStore.getState().refresh(weddingId),
        readInvitations(weddingId),
      ])
      if (get().weddingId === weddingId) set({ invitations, syncError: null })
    } catch (error) {
      if (get().weddingId === weddingId) set({ syncError: error })
    }
  },

  async save(input) {
    const weddingId = requireWedding(get().weddingId)
    const saved = await saveHousehold(weddingId, input)
    if (useGuestListStore.getState().weddingId === weddingId)
      useGuestListStore.getState().put(saved)
    return saved
  },

  async remove(householdId) {
    try {
      await deleteHousehold(householdId)
    } catch (error) {
      // Already gone (deleted in another tab): what the couple asked for is done.
      if (!(error instanceof BackendError && error.message === 'household_not_found')) throw error
    }
    useGuestListStore.getState().remove(householdId)
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

/** Keeps this screen's view of the shared list (households, search index, status) in step with it. */
function followList(list: ReturnType<typeof useGuestListStore.getState>) {
  const state = useGuestsStore.getState()
  if (!state.weddingId || list.weddingId !== state.weddingId) return
  const status: GuestsStatus = list.status
  if (list.households !== state.households)
    useGuestsStore.setState({ ...withList(list.households), status, error: list.error })
  else if (status !== state.status || list.error !== state.error)
    useGuestsStore.setState({ status, error: list.error })
}

useGuestListStore.subscribe(followList)

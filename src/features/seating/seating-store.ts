import { create } from 'zustand'
import { getSeatingLayout, saveSeatingLayout, type Household } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import { useGuestListStore } from '@/lib/guest-list'
import { readDraft, removeDraft, writeDraft } from './draft-storage'
import {
  canRedo,
  canUndo,
  commit,
  createHistory,
  emptyLayout,
  householdsByPerson,
  mapHistory,
  pruneMissingPersons,
  redo,
  seatsByTable,
  undo,
  type History,
  type Seat,
  type SeatingLayout,
} from './model'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/**
 * - `saved`: the database has what is on screen.
 * - `pending`: changed; the save waits for a pause in the editing.
 * - `saving`: a save is on its way.
 * - `error`: the last save failed; the draft is safe in this browser and a retry is offered.
 * - `conflict`: another device saved since this one loaded; the couple chooses which to keep.
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'conflict'

/** Who the couple has chosen to seat (keyboard, tap, or a seated person picked up to move). */
export type Pick =
  { kind: 'person'; personId: string } | { kind: 'household'; householdId: string } | null

/**
 * - `restored`: this browser had changes the database never got; they are back (one undo away
 *   from the saved layout) and being saved.
 * - `draftConflict`: this browser had unsaved changes, but the chart was saved elsewhere since;
 *   the saved chart is shown and the couple may bring theirs back.
 */
export type Notice =
  { kind: 'restored' } | { kind: 'draftConflict'; layout: SeatingLayout; changedAt: string } | null

interface SeatingState {
  weddingId: string | null
  loadStatus: LoadStatus
  loadError: unknown
  /** The shared guest list's households (the same array), while it is this wedding's. */
  households: Household[]
  history: History
  /** The saved layout's updatedAt that the layout on screen builds on. */
  updatedAt: string | null
  saveStatus: SaveStatus
  saveError: unknown
  notice: Notice
  pick: Pick
  /** The table whose menu is open. */
  selectedTableId: string | null
  /** The last thing that happened, read out to screen readers. */
  announcement: string

  /**
   * Loads the layout, and the shared guest list unless another screen already has; a second visit
   * reads nothing (the shared list follows every change made on the other screens).
   */
  load(weddingId: string, options?: { force?: boolean }): Promise<void>
  /** The guest list as it now is: whoever is no longer on it leaves their seat (not an undo step). */
  setHouseholds(households: Household[]): void
  /** Applies a change to the layout as one undo step and saves it. */
  apply(change: (layout: SeatingLayout) => SeatingLayout): void
  undo(): void
  redo(): void
  /** Saves now rather than after the pause (leaving the page, retry). */
  saveNow(): Promise<void>
  /** After a conflict: keep this device's layout (saves over the other) or load the saved one. */
  resolveConflict(keep: 'mine' | 'theirs'): Promise<void>
  restoreDraft(): void
  dismissNotice(): void
  setPick(pick: Pick): void
  selectTable(tableId: string | null): void
  announce(message: string): void
}

/** How long editing must pause before the layout is saved. */
export const AUTOSAVE_DELAY_MS = 800

let loadCounter = 0
/** How long a layout read ahead of time stays good for the screen's first show. */
export const PREFETCH_MAX_AGE_MS = 10 * 60_000
type SavedLayout = Awaited<ReturnType<typeof getSeatingLayout>>
let prefetched: { weddingId: string; at: number; promise: Promise<SavedLayout> } | null = null

/**
 * Reads the saved layout ahead of the screen (management does it once its first screen has shown),
 * so that opening the seating chart does not wait on the database. Only the read: nothing is shown,
 * reconciled or saved until the screen opens and takes it.
 */
export function prefetchSeatingLayout(weddingId: string): void {
  const state = useSeatingStore.getState()
  if (state.weddingId === weddingId && state.loadStatus !== 'idle' && state.loadStatus !== 'error')
    return
  if (prefetched?.weddingId === weddingId && Date.now() - prefetched.at < PREFETCH_MAX_AGE_MS)
    return
  const promise = getSeatingLayout(weddingId)
  // A failed read ahead is forgotten: the screen reads again and shows its own error.
  promise.catch(() => {
    if (prefetched?.promise === promise) prefetched = null
  })
  prefetched = { weddingId, at: Date.now(), promise }
}

/** The layout read ahead for this wedding, once, if it is recent (and not `fresh`); else a read now. */
function takeSavedLayout(weddingId: string, fresh: boolean): Promise<SavedLayout> {
  const ahead = prefetched
  prefetched = null
  if (!fresh && ahead?.weddingId === weddingId && Date.now() - ahead.at < PREFETCH_MAX_AGE_MS)
    return ahead.promise
  return getSeatingLayout(weddingId)
}
let saveTimer: ReturnType<typeof setTimeout> | undefined
let saving: Promise<void> | null = null
/** Set by "keep mine": the next save overwrites whatever the database has. */
let overwriteNext = false

/**
 * What to do with this browser's draft when the chart opens (the database is the source of truth):
 * - `restore` the draft when it holds work the database does not have and nobody saved since it
 *   began: changes whose save failed or never ran (the tab closed first), or a save the database
 *   has lost (the embedded database writes to disk a moment after it answers);
 * - `ask` when the draft has unsaved changes but the chart was saved elsewhere since;
 * - else `useSaved`.
 */
export function reconcile(
  draft: { layout: SeatingLayout; baseUpdatedAt: string | null; dirty: boolean },
  saved: { layout: SeatingLayout; updatedAt: string | null },
): 'restore' | 'ask' | 'useSaved' {
  if (JSON.stringify(draft.layout) === JSON.stringify(saved.layout)) return 'useSaved'
  const base = draft.baseUpdatedAt ? Date.parse(draft.baseUpdatedAt) : -Infinity
  const current = saved.updatedAt ? Date.parse(saved.updatedAt) : -Infinity
  if (base > current) return 'restore'
  if (!draft.dirty) return 'useSaved'
  return base === current ? 'restore' : 'ask'
}

const isConflict = (error: unknown) =>
  error instanceof BackendError && error.message === 'seating_layout_conflict'

export const useSeatingStore = create<SeatingState>((set, get) => {
  function remember(layout: SeatingLayout, dirty: boolean) {
    const { weddingId, updatedAt } = get()
    if (!weddingId) return
    writeDraft(weddingId, {
      layout,
      baseUpdatedAt: updatedAt,
      dirty,
      changedAt: new Date().toISOString(),
    })
  }

  function scheduleSave(delay = AUTOSAVE_DELAY_MS) {
    clearTimeout(saveTimer)
    saveTimer = setTimeout(() => void save(), delay)
  }

  /** One save at a time; changes made meanwhile are saved right after. */
  async function save(): Promise<void> {
    clearTimeout(saveTimer)
    if (saving) {
      await saving
      if (get().saveStatus === 'pending') return save()
      return
    }
    const { weddingId, history, updatedAt, saveStatus } = get()
    if (!weddingId || saveStatus === 'saved' || saveStatus === 'conflict') return
    const layout = history.present
    const base = overwriteNext ? null : (updatedAt ?? '-infinity')
    set({ saveStatus: 'saving', saveError: null })
    saving = (async () => {
      try {
        const saved = await saveSeatingLayout(
          weddingId,
          { tables: [...layout.tables], seats: [...layout.seats] },
          base,
        )
        overwriteNext = false
        if (get().weddingId !== weddingId) return
        const current = get().history.present
        set({ updatedAt: saved.updatedAt, saveStatus: current === layout ? 'saved' : 'pending' })
        remember(current, current !== layout)
      } catch (error) {
        if (get().weddingId !== weddingId) return
        set({ saveStatus: isConflict(error) ? 'conflict' : 'error', saveError: error })
      }
    })()
    await saving
    saving = null
    if (get().saveStatus === 'pending') scheduleSave(0)
  }

  function change(history: History) {
    if (history === get().history) return
    set({ history, saveStatus: get().saveStatus === 'conflict' ? 'conflict' : 'pending' })
    remember(history.present, true)
    if (get().saveStatus === 'pending') scheduleSave()
  }

  return {
    weddingId: null,
    loadStatus: 'idle',
    loadError: null,
    households: [],
    history: createHistory(emptyLayout),
    updatedAt: null,
    saveStatus: 'saved',
    saveError: null,
    notice: null,
    pick: null,
    selectedTableId: null,
    announcement: '',

    async load(weddingId, { force = false } = {}) {
      const state = get()
      const load = ++loadCounter
      if (state.weddingId === weddingId && !force && state.loadStatus === 'ready') {
        await useGuestListStore.getState().load(weddingId)
        if (load === loadCounter) followList(useGuestListStore.getState())
        return
      }

      clearTimeout(saveTimer)
      overwriteNext = false
      set({
        weddingId,
        loadStatus: 'loading',
        loadError: null,
        notice: null,
        pick: null,
        selectedTableId: null,
        ...(state.weddingId === weddingId
          ? {}
          : { households: [], history: createHistory(emptyLayout), updatedAt: null }),
      })
      try {
        const [, saved] = await Promise.all([
          useGuestListStore.getState().load(weddingId),
          takeSavedLayout(weddingId, force),
        ])
        if (load !== loadCounter) return
        const list = useGuestListStore.getState()
        if (list.weddingId !== weddingId || list.status !== 'ready')
          throw list.error ?? new Error('The guest list did not load.')
        const households = list.households
        const roster = householdsByPerson(households)
        const server = pruneMissingPersons(saved.layout, roster)
        const draft = readDraft(weddingId)
        let history = createHistory(server)
        let notice: Notice = null
        let saveStatus: SaveStatus = 'saved'
        switch (draft ? reconcile(draft, saved) : 'useSaved') {
          case 'restore':
            history = commit(history, pruneMissingPersons(draft!.layout, roster))
            notice = { kind: 'restored' }
            saveStatus = 'pending'
            break
          case 'ask':
            notice = {
              kind: 'draftConflict',
              layout: pruneMissingPersons(draft!.layout, roster),
              changedAt: draft!.changedAt,
            }
            break
          case 'useSaved':
            break
        }
        set({
          households,
          history,
          updatedAt: saved.updatedAt,
          saveStatus,
          saveError: null,
          notice,
          loadStatus: 'ready',
        })
        if (saveStatus === 'pending') {
          remember(history.present, true)
          scheduleSave(0)
        } else if (notice === null) {
          remember(server, false)
        }
      } catch (error) {
        if (load === loadCounter) set({ loadStatus: 'error', loadError: error })
      }
    },

    setHouseholds(households) {
      const roster = householdsByPerson(households)
      const history = mapHistory(get().history, (layout) => pruneMissingPersons(layout, roster))
      set({ households })
      change(history)
    },

    apply(update) {
      const { history } = get()
      change(commit(history, update(history.present)))
    },
    undo() {
      if (canUndo(get().history)) change(undo(get().history))
    },
    redo() {
      if (canRedo(get().history)) change(redo(get().history))
    },
    saveNow: save,

    async resolveConflict(keep) {
      const { weddingId } = get()
      if (!weddingId) return
      if (keep === 'mine') {
        overwriteNext = true
        set({ saveStatus: 'pending' })
        await save()
      } else {
        removeDraft(weddingId)
        await get().load(weddingId, { force: true })
      }
    },

    restoreDraft() {
      const { notice, history } = get()
      if (notice?.kind !== 'draftConflict') return
      set({ notice: null })
      change(commit(history, notice.layout))
    },
    dismissNotice() {
      const { notice, history, saveStatus } = get()
      set({ notice: null })
      // Declining the old draft: this browser now follows the saved chart.
      if (notice?.kind === 'draftConflict' && saveStatus === 'saved')
        remember(history.present, false)
    },

    setPick(pick) {
      set({ pick })
    },
    selectTable(tableId) {
      set({ selectedTableId: tableId })
    },
    announce(message) {
      set({ announcement: message })
    },
  }
})

/**
 * Follows the shared guest list once the chart is open: a household saved, deleted or imported on
 * the guest list shows in the guest panel, and a person who is gone leaves their seat.
 */
function followList(list: ReturnType<typeof useGuestListStore.getState>) {
  const state = useSeatingStore.getState()
  if (state.loadStatus !== 'ready' || list.weddingId !== state.weddingId || list.status !== 'ready')
    return
  if (list.households === state.households) return
  state.setHouseholds(list.households)
}

useGuestListStore.subscribe(followList)

let lastGrouping: { layout: SeatingLayout; seats: ReadonlyMap<string, readonly Seat[]> } | null =
  null

/**
 * The layout's seats grouped by table, each table's list kept the same array while its seats do not
 * change: the chart and the table list then redraw only the tables that changed.
 */
export function groupedSeats(layout: SeatingLayout): ReadonlyMap<string, readonly Seat[]> {
  if (lastGrouping?.layout !== layout) {
    lastGrouping = { layout, seats: seatsByTable(layout, lastGrouping?.seats) }
  }
  return lastGrouping.seats
}

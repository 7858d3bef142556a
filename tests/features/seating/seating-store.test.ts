// The seating store: loading, autosave, the offline draft and conflicts, with the API mocked.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Household, SavedSeatingLayout, SeatingLayoutRecord } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import { useGuestListStore } from '@/lib/guest-list'
import { draftKey, readDraft, writeDraft } from '@/features/seating/draft-storage'
import { addTable, assignSeat, canUndo, emptyLayout, renameTable } from '@/features/seating/model'
import {
  AUTOSAVE_DELAY_MS,
  prefetchSeatingLayout,
  PREFETCH_MAX_AGE_MS,
  reconcile,
  useSeatingStore,
} from '@/features/seating/seating-store'

const api = vi.hoisted(() => ({
  listHouseholds: vi.fn(),
  getSeatingLayout: vi.fn(),
  saveSeatingLayout: vi.fn(),
}))

vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }))

const WEDDING = 'w-1'
const initialState = useSeatingStore.getState()
const initialList = useGuestListStore.getState()

const person = (id: string, householdId: string, firstName: string) => ({
  id,
  householdId,
  firstName,
  lastName: 'Reyes',
  type: 'adult' as const,
  title: null,
  suffix: null,
  notes: null,
  isAttending: true,
  response: [],
  respondedAt: null,
  position: 0,
})

const households = [
  {
    id: 'g-1',
    weddingId: WEDDING,
    userId: 'couple',
    createdAt: '2026-01-01T00:00:00Z',
    email: null,
    phone: null,
    address: { address1: null, address2: null, city: null, state: null, zip: null, country: null },
    relationshipSide: null,
    relationshipType: null,
    notes: null,
    persons: [person('p-1', 'g-1', 'Lorna'), person('p-2', 'g-1', 'Pepe')],
  },
] satisfies Household[]

let counter = 0
const newId = () => `id-${++counter}`
const oneTable = addTable(emptyLayout, { name: 'Table 1', seatCount: 4, newId })
const seated = assignSeat(oneTable, oneTable.seats[0]!.id, { personId: 'p-1', householdId: 'g-1' })

const record = (layout: typeof emptyLayout): SeatingLayoutRecord =>
  JSON.parse(JSON.stringify(layout))
function saved(layout: typeof emptyLayout, updatedAt: string | null): SavedSeatingLayout {
  return { weddingId: WEDDING, layout: record(layout), updatedAt }
}

/** The next save answers with the layout it got and a later time. */
function savesSucceed() {
  let n = 0
  api.saveSeatingLayout.mockImplementation(async (_wedding: string, layout: SeatingLayoutRecord) =>
    saved(layout, `2026-03-01T00:00:0${++n}.000000+00:00`),
  )
}

beforeEach(() => {
  vi.useFakeTimers()
  localStorage.clear()
  useSeatingStore.setState(initialState, true)
  useGuestListStore.setState(initialList, true)
  api.listHouseholds.mockResolvedValue(households)
  api.getSeatingLayout.mockResolvedValue(saved(emptyLayout, null))
  savesSucceed()
})

afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

const store = () => useSeatingStore.getState()

describe('loading', () => {
  test('shows the saved layout with nothing to undo, and keeps a clean copy in this browser', async () => {
    api.getSeatingLayout.mockResolvedValue(saved(seated, '2026-02-01T00:00:00.000000+00:00'))
    await store().load(WEDDING)
    expect(store().loadStatus).toBe('ready')
    expect(store().history.present).toEqual(seated)
    expect(canUndo(store().history)).toBe(false)
    expect(store().saveStatus).toBe('saved')
    expect(readDraft(WEDDING)).toMatchObject({
      dirty: false,
      baseUpdatedAt: '2026-02-01T00:00:00.000000+00:00',
      layout: seated,
    })
    expect(localStorage.getItem(draftKey(WEDDING))).not.toBeNull()
  })

  test('a person no longer on the guest list loses their seat', async () => {
    const gone = assignSeat(seated, seated.seats[1]!.id, { personId: 'p-gone', householdId: 'g-1' })
    api.getSeatingLayout.mockResolvedValue(saved(gone, '2026-02-01T00:00:00Z'))
    await store().load(WEDDING)
    expect(store().history.present.seats.map((seat) => seat.personId)).toEqual([
      'p-1',
      null,
      null,
      null,
    ])
  })

  test('a failed load says so', async () => {
    api.getSeatingLayout.mockRejectedValue(new BackendError('wedding_not_found', 'P0001'))
    await store().load(WEDDING)
    expect(store().loadStatus).toBe('error')
  })
})

describe('reading the layout ahead of the screen', () => {
  test('a read ahead shows and saves nothing; the chart opening takes it instead of reading again', async () => {
    api.getSeatingLayout.mockResolvedValue(saved(seated, '2026-02-01T00:00:00Z'))
    prefetchSeatingLayout(WEDDING)
    prefetchSeatingLayout(WEDDING)
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2)
    expect(api.getSeatingLayout).toHaveBeenCalledTimes(1)
    expect(store().loadStatus).toBe('idle')
    expect(localStorage.getItem(draftKey(WEDDING))).toBeNull()

    await store().load(WEDDING)
    expect(api.getSeatingLayout).toHaveBeenCalledTimes(1)
    expect(store().history.present).toEqual(seated)
    expect(api.saveSeatingLayout).not.toHaveBeenCalled()
    // Taken once: a later read (after a conflict, "Load the saved chart") goes to the database.
    await store().load(WEDDING, { force: true })
    expect(api.getSeatingLayout).toHaveBeenCalledTimes(2)
  })

  test('an old read ahead, another wedding’s or a failed one is not used: the chart reads again', async () => {
    prefetchSeatingLayout(WEDDING)
    vi.setSystemTime(Date.now() + PREFETCH_MAX_AGE_MS + 1)
    api.getSeatingLayout.mockResolvedValue(saved(seated, '2026-02-01T00:00:00Z'))
    await store().load(WEDDING)
    expect(api.getSeatingLayout).toHaveBeenCalledTimes(2)
    expect(store().history.present).toEqual(seated)

    useSeatingStore.setState(initialState, true)
    prefetchSeatingLayout('w-other')
    await store().load(WEDDING)
    expect(api.getSeatingLayout).toHaveBeenLastCalledWith(WEDDING)

    useSeatingStore.setState(initialState, true)
    api.getSeatingLayout.mockRejectedValueOnce(new BackendError('wedding_not_found', 'P0001'))
    prefetchSeatingLayout(WEDDING)
    await vi.advanceTimersByTimeAsync(0)
    await store().load(WEDDING)
    expect(store().loadStatus).toBe('ready')
    expect(store().history.present).toEqual(seated)
  })

  test('nothing is read ahead once the chart is open', async () => {
    await store().load(WEDDING)
    prefetchSeatingLayout(WEDDING)
    expect(api.getSeatingLayout).toHaveBeenCalledTimes(1)
  })
})

describe('autosave', () => {
  test('saves once editing pauses, with the draft kept until the database has it', async () => {
    await store().load(WEDDING)
    store().apply(() => oneTable)
    expect(store().saveStatus).toBe('pending')
    expect(readDraft(WEDDING)).toMatchObject({ dirty: true, layout: oneTable })
    store().apply((layout) => renameTable(layout, layout.tables[0]!.id, 'Ninong'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100)
    expect(api.saveSeatingLayout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(200)
    expect(api.saveSeatingLayout).toHaveBeenCalledTimes(1)
    // The first save of a wedding expects that nothing was saved before.
    expect(api.saveSeatingLayout).toHaveBeenCalledWith(
      WEDDING,
      record(store().history.present),
      '-infinity',
    )
    expect(store().saveStatus).toBe('saved')
    expect(readDraft(WEDDING)).toMatchObject({
      dirty: false,
      baseUpdatedAt: '2026-03-01T00:00:01.000000+00:00',
    })
    // The next save builds on the one before.
    store().apply((layout) => renameTable(layout, layout.tables[0]!.id, 'Ninang'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(api.saveSeatingLayout).toHaveBeenLastCalledWith(
      WEDDING,
      expect.anything(),
      '2026-03-01T00:00:01.000000+00:00',
    )
  })

  test('a failed save keeps the draft and says "Not saved"; retry saves it', async () => {
    await store().load(WEDDING)
    api.saveSeatingLayout.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    store().apply(() => oneTable)
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(store().saveStatus).toBe('error')
    expect(store().history.present).toBe(oneTable)
    expect(readDraft(WEDDING)).toMatchObject({ dirty: true, layout: oneTable })
    await store().saveNow()
    expect(store().saveStatus).toBe('saved')
    expect(readDraft(WEDDING)?.dirty).toBe(false)
  })

  test('changes made while a save is on its way are saved right after it', async () => {
    await store().load(WEDDING)
    let finish: (value: SavedSeatingLayout) => void = () => {}
    api.saveSeatingLayout.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
    store().apply(() => oneTable)
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(store().saveStatus).toBe('saving')
    store().apply((layout) => renameTable(layout, layout.tables[0]!.id, 'Ninong'))
    finish(saved(oneTable, '2026-03-01T00:00:00Z'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(api.saveSeatingLayout).toHaveBeenCalledTimes(2)
    expect(api.saveSeatingLayout.mock.calls[1]![1].tables[0].name).toBe('Ninong')
    expect(api.saveSeatingLayout.mock.calls[1]![2]).toBe('2026-03-01T00:00:00Z')
    expect(store().saveStatus).toBe('saved')
  })

  test('a layout saved on another device meanwhile is never overwritten without asking', async () => {
    await store().load(WEDDING)
    api.saveSeatingLayout.mockRejectedValueOnce(
      new BackendError('seating_layout_conflict', 'P0001'),
    )
    store().apply(() => oneTable)
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(store().saveStatus).toBe('conflict')
    // Further edits wait too.
    store().apply((layout) => renameTable(layout, layout.tables[0]!.id, 'Ninong'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2)
    expect(api.saveSeatingLayout).toHaveBeenCalledTimes(1)
    // "Keep mine" saves over it.
    await store().resolveConflict('mine')
    expect(api.saveSeatingLayout).toHaveBeenLastCalledWith(WEDDING, expect.anything(), null)
    expect(store().saveStatus).toBe('saved')
  })

  test('"Load the saved chart" after a conflict brings the database’s layout', async () => {
    await store().load(WEDDING)
    api.saveSeatingLayout.mockRejectedValueOnce(
      new BackendError('seating_layout_conflict', 'P0001'),
    )
    store().apply(() => oneTable)
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    api.getSeatingLayout.mockResolvedValue(saved(seated, '2026-04-01T00:00:00Z'))
    await store().resolveConflict('theirs')
    expect(store().history.present).toEqual(seated)
    expect(store().saveStatus).toBe('saved')
  })
})

describe('the offline draft on load', () => {
  test('unsaved changes from this browser come back, one undo away from the saved layout, and are saved', async () => {
    api.getSeatingLayout.mockResolvedValue(saved(oneTable, '2026-02-01T00:00:00Z'))
    writeDraft(WEDDING, {
      layout: seated,
      baseUpdatedAt: '2026-02-01T00:00:00Z',
      dirty: true,
      changedAt: '2026-02-02T00:00:00Z',
    })
    await store().load(WEDDING)
    expect(store().notice).toEqual({ kind: 'restored' })
    expect(store().history.present).toEqual(seated)
    expect(store().history.past).toEqual([oneTable])
    await vi.advanceTimersByTimeAsync(10)
    expect(api.saveSeatingLayout).toHaveBeenCalledWith(
      WEDDING,
      record(seated),
      '2026-02-01T00:00:00Z',
    )
  })

  test('unsaved changes older than a save from another device: the saved chart shows, and the couple may bring theirs back', async () => {
    api.getSeatingLayout.mockResolvedValue(saved(oneTable, '2026-02-05T00:00:00Z'))
    writeDraft(WEDDING, {
      layout: seated,
      baseUpdatedAt: '2026-02-01T00:00:00Z',
      dirty: true,
      changedAt: '2026-02-02T00:00:00Z',
    })
    await store().load(WEDDING)
    expect(store().history.present).toEqual(oneTable)
    expect(store().notice).toMatchObject({
      kind: 'draftConflict',
      changedAt: '2026-02-02T00:00:00Z',
    })
    store().restoreDraft()
    expect(store().history.present).toEqual(seated)
    expect(store().notice).toBeNull()
    expect(canUndo(store().history)).toBe(true)
  })

  test('reconcile: the database is the source of truth unless the draft holds work it lacks', () => {
    const at = (time: string | null) => time
    const draft = (dirty: boolean, base: string | null) => ({
      layout: seated,
      baseUpdatedAt: base,
      dirty,
    })
    expect(
      reconcile(draft(true, at('2026-01-01T00:00:00Z')), saved(seated, '2026-01-01T00:00:00Z')),
    ).toBe('useSaved')
    expect(
      reconcile(draft(true, at('2026-01-01T00:00:00Z')), saved(oneTable, '2026-01-01T00:00:00Z')),
    ).toBe('restore')
    expect(reconcile(draft(true, null), saved(oneTable, null))).toBe('restore')
    expect(
      reconcile(draft(true, at('2026-01-01T00:00:00Z')), saved(oneTable, '2026-01-02T00:00:00Z')),
    ).toBe('ask')
    expect(
      reconcile(draft(false, at('2026-01-01T00:00:00Z')), saved(oneTable, '2026-01-02T00:00:00Z')),
    ).toBe('useSaved')
    // A save the database confirmed but no longer has (it lost its last write): the draft wins.
    expect(
      reconcile(draft(false, at('2026-01-03T00:00:00Z')), saved(oneTable, '2026-01-02T00:00:00Z')),
    ).toBe('restore')
    expect(reconcile(draft(false, at('2026-01-03T00:00:00Z')), saved(emptyLayout, null))).toBe(
      'restore',
    )
  })
})

describe('undo and redo', () => {
  test('undo and redo are saved like any change', async () => {
    await store().load(WEDDING)
    store().apply(() => oneTable)
    store().undo()
    expect(store().history.present).toEqual(emptyLayout)
    store().redo()
    expect(store().history.present).toBe(oneTable)
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(api.saveSeatingLayout).toHaveBeenCalledTimes(1)
    expect(api.saveSeatingLayout.mock.calls[0]![1]).toEqual(record(oneTable))
  })

  test('a change that changes nothing is no step and no save', async () => {
    await store().load(WEDDING)
    const before = store().history
    store().apply((layout) => layout)
    expect(store().history).toBe(before)
    expect(store().saveStatus).toBe('saved')
  })
})

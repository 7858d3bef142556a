// Management's read-ahead: the other tabs' code and the seating layout, once the first screen's list has settled.
import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { readFirstScreen, usePreloadManagement } from '@/app/preload-management'
import { useGuestListStore } from '@/lib/guest-list'

const loaded = vi.hoisted(() => ({ prefetch: vi.fn(), strings: vi.fn(), modules: [] as string[] }))

vi.mock('@/features/guests/routes/guests-page', () => (loaded.modules.push('guests'), {}))
vi.mock('@/features/rsvps/routes/rsvps-tab-page', () => (loaded.modules.push('rsvps'), {}))
vi.mock('@/features/seating/routes/seating-page', () => (loaded.modules.push('seating'), {}))
vi.mock('@/features/seating/components/seating-canvas', () => (loaded.modules.push('canvas'), {}))
vi.mock('@/features/seating/seating-store', () => ({ prefetchSeatingLayout: loaded.prefetch }))
vi.mock('@/lib/i18n/i18next', () => ({ startI18next: loaded.strings }))

const initialList = useGuestListStore.getState()

beforeEach(() => {
  vi.useFakeTimers()
  useGuestListStore.setState(initialList, true)
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

describe('usePreloadManagement', () => {
  test('waits for the first screen’s list, then reads the seating layout ahead once the browser is idle', async () => {
    useGuestListStore.setState({ status: 'loading' })
    const { unmount } = renderHook(() => usePreloadManagement('w-1', true))
    await vi.advanceTimersByTimeAsync(1000)
    expect(loaded.prefetch).not.toHaveBeenCalled()

    useGuestListStore.setState({ status: 'ready' })
    await vi.advanceTimersByTimeAsync(1000)
    await vi.dynamicImportSettled()
    expect(loaded.prefetch).toHaveBeenCalledTimes(1)
    expect(loaded.prefetch).toHaveBeenCalledWith('w-1')
    expect(loaded.strings).toHaveBeenCalledWith(['guests', 'seating', 'rsvps', 'rsvp'])
    expect(loaded.modules).toEqual(expect.arrayContaining(['guests', 'rsvps', 'seating', 'canvas']))

    // A later change to the list reads nothing more.
    useGuestListStore.setState({ status: 'loading' })
    useGuestListStore.setState({ status: 'ready' })
    await vi.advanceTimersByTimeAsync(5000)
    await vi.dynamicImportSettled()
    expect(loaded.prefetch).toHaveBeenCalledTimes(1)
    unmount()
  })

  test('a screen that never reads the list lets it wait a few seconds at most', async () => {
    renderHook(() => usePreloadManagement('w-1', true, 3000))
    await vi.advanceTimersByTimeAsync(2900)
    expect(loaded.prefetch).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(500)
    await vi.dynamicImportSettled()
    expect(loaded.prefetch).toHaveBeenCalledWith('w-1')
  })

  test('a helper without the seating chart gets only the guest list read ahead; leaving first reads nothing', async () => {
    useGuestListStore.setState({ status: 'ready' })
    renderHook(() => usePreloadManagement('w-1', false))
    await vi.advanceTimersByTimeAsync(1000)
    await vi.dynamicImportSettled()
    expect(loaded.prefetch).not.toHaveBeenCalled()
    expect(loaded.strings).toHaveBeenCalledWith(['guests'])

    vi.clearAllMocks()
    const { unmount } = renderHook(() => usePreloadManagement('w-2', true))
    unmount()
    await vi.advanceTimersByTimeAsync(5000)
    await vi.dynamicImportSettled()
    expect(loaded.prefetch).not.toHaveBeenCalled()
    expect(loaded.strings).not.toHaveBeenCalled()
  })
})

describe('readFirstScreen', () => {
  const load = vi.fn(() => Promise.resolve())
  beforeEach(() => {
    useGuestListStore.setState({ load })
    localStorage.clear()
    localStorage.setItem('kasalan.lastWedding', 'w-1')
    localStorage.setItem('kasalan.local.session', JSON.stringify({ user: { id: 'u-1' } }))
  })
  afterEach(() => localStorage.clear())

  test('a page load of the guest list or the RSVPs tab asks for the last wedding’s list at once', async () => {
    readFirstScreen('/manage/guests')
    readFirstScreen('/manage/rsvps')
    await vi.dynamicImportSettled()
    expect(load.mock.calls).toEqual([['w-1'], ['w-1']])
    expect(loaded.prefetch).not.toHaveBeenCalled()
  })

  test('the seating chart’s asks for its saved layout too', async () => {
    readFirstScreen('/manage/seating')
    await vi.dynamicImportSettled()
    expect(load).toHaveBeenCalledWith('w-1')
    expect(loaded.prefetch).toHaveBeenCalledWith('w-1')
  })

  test('nothing for other screens, without a session, or without a wedding opened before', async () => {
    readFirstScreen('/manage/plan')
    readFirstScreen('/manage/rsvps/forecast')
    readFirstScreen('/wedding/isabel-and-miguel')
    localStorage.removeItem('kasalan.local.session')
    readFirstScreen('/manage/guests')
    localStorage.setItem('kasalan.local.session', JSON.stringify({ user: { id: 'u-1' } }))
    localStorage.removeItem('kasalan.lastWedding')
    readFirstScreen('/manage/seating')
    await vi.dynamicImportSettled()
    expect(load).not.toHaveBeenCalled()
    expect(loaded.prefetch).not.toHaveBeenCalled()
  })
})

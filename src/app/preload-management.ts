import { useEffect } from 'react'
import { holdsStoredSession } from '@/lib/backend/session-storage'
import { useGuestListStore } from '@/lib/guest-list'
import { lastWeddingId } from '@/lib/session'

/**
 * A page load of the guest list, the RSVPs tab or the seating chart asks for the wedding's guest
 * list (and the chart for its saved layout) as soon as the page runs, for the wedding this browser
 * opened last: the read waits for the database with the session's own check, rather than after the
 * session, the wedding and the screen's first render, each a round trip to the database's worker.
 * The screen then takes the read under way (the shared list's `load`, `prefetchSeatingLayout`). A
 * read for a wedding the account no longer has fails quietly; the screen reads its own.
 */
export function readFirstScreen(pathname: string): void {
  const weddingId = lastWeddingId()
  if (!weddingId || !holdsStoredSession()) return
  if (!/^\/manage\/(guests|rsvps|seating)\/?$/.test(pathname)) return
  void useGuestListStore.getState().load(weddingId)
  if (pathname.startsWith('/manage/seating')) {
    void import('@/features/seating/seating-store').then((m) => m.prefetchSeatingLayout(weddingId))
  }
}

/**
 * What management's tabs need before they are clicked, fetched once the first screen has shown:
 * each tab's code and strings (the chart with Konva too), and the saved seating layout, so that a tab switch
 * costs only drawing the screen. Management only: none of it is on the public site's path.
 */
export function preloadManagement(weddingId: string, { seating }: { seating: boolean }): void {
  void import('@/features/guests/routes/guests-page')
  void import('@/lib/i18n/i18next').then((m) =>
    m.startI18next(seating ? ['guests', 'seating', 'rsvps', 'rsvp'] : ['guests']),
  )
  if (!seating) return
  void import('@/features/rsvps/routes/rsvps-tab-page')
  void import('@/features/seating/routes/seating-page')
  void import('@/features/seating/components/seating-canvas')
  void import('@/features/seating/seating-store').then((m) => m.prefetchSeatingLayout(weddingId))
}

/** Runs `task` when the browser is idle (soon, where it cannot tell); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 200)
  return () => clearTimeout(id)
}

/**
 * Preloads management once per wedding, after the shared guest list has finished its read (the
 * first screen's own data comes first) and the browser is idle. A screen that never reads the list
 * (the website builder) lets it wait no longer than `settleMs`.
 */
export function usePreloadManagement(
  weddingId: string | undefined,
  seating: boolean,
  settleMs = 3000,
): void {
  useEffect(() => {
    if (!weddingId) return
    let cancelIdle: (() => void) | undefined
    let done = false
    const start = () => {
      if (done) return
      done = true
      unsubscribe()
      clearTimeout(timer)
      cancelIdle = whenIdle(() => preloadManagement(weddingId, { seating }))
    }
    const settled = () =>
      useGuestListStore.getState().status !== 'loading' &&
      useGuestListStore.getState().status !== 'idle'
    const unsubscribe = useGuestListStore.subscribe(() => {
      if (settled()) start()
    })
    const timer = setTimeout(start, settleMs)
    if (settled()) start()
    return () => {
      done = true
      unsubscribe()
      clearTimeout(timer)
      cancelIdle?.()
    }
  }, [weddingId, seating, settleMs])
}

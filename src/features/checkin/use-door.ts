import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { DoorSync, POLL_MS, ROSTER_MS } from './door-sync'

/**
 * The door's list of one wedding on this phone (door-sync.ts): loaded once, sent and asked again
 * as the connection comes and goes, and every few seconds while the screen is shown; the whole list
 * again every few minutes. Leaving the screen stops this instance's sends and polls.
 */
export function useDoor(weddingId: string) {
  const sync = useMemo(() => new DoorSync(weddingId), [weddingId])
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot)

  useEffect(() => {
    void sync.load()
    const changed = () => sync.connectionChanged()
    window.addEventListener('online', changed)
    window.addEventListener('offline', changed)
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return
      void (sync.getSnapshot().waiting > 0 ? sync.flush() : sync.poll())
    }, POLL_MS)
    const rosterTimer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void sync.reloadRoster()
    }, ROSTER_MS)
    return () => {
      window.removeEventListener('online', changed)
      window.removeEventListener('offline', changed)
      window.clearInterval(timer)
      window.clearInterval(rosterTimer)
      sync.stop()
    }
  }, [sync])

  return { sync, ...snapshot }
}

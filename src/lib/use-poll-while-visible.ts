import { useEffect } from 'react'

/**
 * Calls `poll` every `intervalMs` while the page is in view (a hidden tab or a locked phone asks
 * nothing), one call at a time: the next waits for the last to settle. For what changes on other
 * people's devices, which nothing here would otherwise hear of until the page is opened again.
 */
export function usePollWhileVisible(poll: () => Promise<unknown> | void, intervalMs: number) {
  useEffect(() => {
    let timer: number | undefined
    let stopped = false
    const schedule = () => {
      timer = window.setTimeout(async () => {
        if (document.visibilityState === 'visible')
          await Promise.resolve(poll()).catch(() => undefined)
        if (!stopped) schedule()
      }, intervalMs)
    }
    schedule()
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [poll, intervalMs])
}

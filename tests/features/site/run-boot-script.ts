import { onTestFinished, vi } from 'vitest'

// Node's own, taken before any test replaces it.
const nodeSetTimeout = globalThis.setTimeout

/**
 * Runs the HTML's inline first-screen script (scripts/boot-hero-plugin.ts) as a page runs it. The
 * script leaves timers behind, as it may in a page (its 1.5 s fallback, its release polling); in a
 * test, one that fired after the file's window was gone threw "window is not defined" and failed
 * the whole run on a busy machine. So the timers set while the test runs are cleared when it ends.
 */
export function runBootScript(script: string) {
  const timers: ReturnType<typeof setTimeout>[] = []
  const timeouts = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    ...args: Parameters<typeof setTimeout>
  ) => {
    const timer = nodeSetTimeout(...args)
    timers.push(timer)
    return timer
  }) as typeof setTimeout)
  onTestFinished(() => {
    timeouts.mockRestore()
    timers.forEach((timer) => clearTimeout(timer))
  })
  new Function(script)()
}

/// <reference lib="webworker" />

/**
 * What the database's worker reports as an error in the console, and what it does not.
 *
 * The tab that leads the embedded database answers every other tab's calls, and PGlite logs each
 * call that fails there with console.error. Most such failures are refusals the app raised on
 * purpose (`raise exception 'wedding_not_found'`, SQLSTATE P0001, a snake_case code) and the asking
 * tab gets them and shows them as a message; logged in the leading tab too they read as faults,
 * in a tab that did nothing wrong. And a tab that closed (or reloaded) while one of its calls ran
 * has closed its channel: the answer has no one to go to, and posting it throws. Neither is a
 * fault. Everything else is still logged as before.
 */

interface MaybeDatabaseError {
  code?: unknown
  message?: unknown
  name?: unknown
}

/** An error the app raised on purpose: SQLSTATE P0001 with a stable snake_case code. */
export function isRefusal(error: unknown): boolean {
  const { code, message } = (error ?? {}) as MaybeDatabaseError
  return code === 'P0001' && typeof message === 'string' && /^[a-z][a-z0-9_]*$/.test(message)
}

/** Posting an answer on the channel of a tab that has gone. */
export function isClosedChannel(error: unknown): boolean {
  const { name, message } = (error ?? {}) as MaybeDatabaseError
  return name === 'InvalidStateError' && typeof message === 'string' && /closed/i.test(message)
}

export function quietExpectedFailures(scope: Pick<WorkerGlobalScope, 'addEventListener'> & { console: Console }) {
  const log = scope.console.error.bind(scope.console)
  scope.console.error = (...args: unknown[]) => {
    if (args.length === 1 && (isRefusal(args[0]) || isClosedChannel(args[0]))) return
    log(...args)
  }
  scope.addEventListener('unhandledrejection', (event) => {
    if (isClosedChannel(event.reason)) event.preventDefault()
  })
}

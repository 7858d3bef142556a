/** The auth service was not reached (or failed on its side): no answer about the session. */
export function onTheNetwork(error: { status?: number; name?: string }) {
  return error.name === 'AuthRetryableFetchError' || error.status === 0
}

/** The browser says it has no network at all: nothing sent now would arrive. */
export function browserOffline() {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/**
 * A failed backend call. `message` is the stable code the SQL function raised
 * (`wedding_not_found`, …) or the auth service's message; `code` is the SQLSTATE or HTTP status.
 */
export class BackendError extends Error {
  readonly code: string

  constructor(message: string, code = 'unknown') {
    super(message)
    this.name = 'BackendError'
    this.code = code
  }
}

/** Network failures look different in every browser; this tells them apart from a refusal. */
export function isNetworkError(error: unknown) {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message)
}

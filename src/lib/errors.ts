import type { TFunction } from '@/lib/i18n'
import { BackendError, isNetworkError } from '@/lib/backend'

/**
 * The message for a failed call, in the reader's language: the SQL function's stable code when
 * `common:errors` knows it (or the caller's own namespace does), else a plain generic message.
 */
export function errorMessage(error: unknown, t: TFunction, namespace = 'common'): string {
  if (isNetworkError(error)) return t('common:error.network')
  if (error instanceof BackendError) {
    for (const key of [`${namespace}:errors.${error.message}`, `common:errors.${error.message}`]) {
      const message = t(key, { defaultValue: '' })
      if (message) return message
    }
  }
  reportUnexpected(error)
  return t('common:error.generic')
}

const reported = new WeakSet<object>()

/**
 * A failure the app has no words for is shown as the generic message; what it was goes to the
 * console once (a screen redraws the message many times), so that it can be found and named.
 */
function reportUnexpected(error: unknown) {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return
    reported.add(error)
  }
  console.warn('Unexpected failure:', error)
}

/**
 * The call was refused because this account can no longer reach the wedding (removed as a member,
 * or the wedding is gone): a screen showing what it read earlier must say so, not carry on.
 */
export function isAccessLost(error: unknown): boolean {
  return error instanceof BackendError && error.message === 'wedding_not_found'
}

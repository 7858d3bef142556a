import type { TFunction } from 'i18next'
import { BackendError, isNetworkError } from '@/lib/backend'

/**
 * Errors from the auth service, in the couple's words. The embedded database raises Supabase's
 * codes as the message (`invalid_credentials`); Supabase gives its code separately and an English
 * message. A known code gets our own wording in both languages.
 */
const knownCodes = new Set([
  'invalid_credentials',
  'user_already_exists',
  'email_exists',
  'weak_password',
  'invalid_email',
  'email_address_invalid',
  'email_not_confirmed',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
  'signup_disabled',
  'same_password',
  'sign_up_failed',
  'user_not_found',
  'provider_unavailable',
  'email_unavailable',
  'session_not_found',
  'not_authenticated',
])

/** The known auth code of an error, or null. */
export function authErrorCode(error: unknown): string | null {
  if (!(error instanceof BackendError)) return null
  if (knownCodes.has(error.message)) return error.message
  if (knownCodes.has(error.code)) return error.code
  return null
}

/** A message written for people (the service's own), as opposed to a bare code like `invalid_input`. */
function isReadable(message: string) {
  return /\s/.test(message.trim())
}

/**
 * What to tell the couple: our wording for a known code, the service's own message otherwise,
 * and `fallbackKey` (e.g. "Sign up failed.") when it gave none.
 */
export function authErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  if (isNetworkError(error)) return t('common:error.network')
  const code = authErrorCode(error)
  if (code) return t(`auth:errors.${code}`)
  if (error instanceof BackendError && isReadable(error.message)) return error.message
  return t(fallbackKey)
}

/**
 * Which sign-up field an error belongs under (spec, section 8): the password field when it is
 * about the password, else the e-mail field (about the user or e-mail, or anything else).
 */
export function signUpErrorField(error: unknown): 'email' | 'password' {
  const text = error instanceof BackendError ? `${error.message} ${error.code}` : ''
  return /password/i.test(text) ? 'password' : 'email'
}

import type { OAuthProvider } from '@/lib/backend'
import { usesSupabase } from '@/lib/env'
import { paths } from '@/lib/paths'
import { useLoad } from '@/lib/use-load'
import { authPort } from './session-store'

export type AuthCapabilities = { oauth: boolean; email: boolean }

/**
 * What the auth backend can do, from its port once loaded. Until then, what this build's adapter
 * is known to offer (hosted Supabase sends e-mail and has Google and Apple; the embedded database
 * has neither), so the buttons do not flicker while the port loads.
 */
export function useAuthCapabilities(): AuthCapabilities {
  return useLoad(authPort, []).data?.capabilities ?? { oauth: usesSupabase, email: usesSupabase }
}

/** Leaves for Google's or Apple's sign-in; they send the couple back to sign-in, then `returnTo`. */
export async function signInWithProvider(provider: OAuthProvider, returnTo: string) {
  const auth = await authPort()
  const back = `${window.location.origin}${paths.auth.login}?returnTo=${encodeURIComponent(returnTo)}`
  await auth.signInWithProvider(provider, back)
}

/** E-mails a link that opens the page where a new password is set. */
export async function requestPasswordReset(email: string) {
  const auth = await authPort()
  await auth.requestPasswordReset(
    email.trim(),
    `${window.location.origin}${paths.auth.updatePassword}`,
  )
}

/** Sets a new password for the signed-in account (the reset link signs the couple in). */
export async function updatePassword(password: string) {
  const auth = await authPort()
  await auth.updatePassword(password)
}

import { BackendError } from '../errors'
import type { KasalanSupabaseClient } from './client'

/**
 * Calls an Edge Function as the signed-in user. A function's answer carries its stable code as
 * `{error}`; anything else (relay, network) is a call that did not happen.
 */
export async function invoke(
  client: KasalanSupabaseClient,
  name: string,
  body: Record<string, unknown>,
) {
  const { data, error } = await client.functions.invoke(name, { body })
  if (!error) return data as unknown
  const response = (error as { context?: unknown }).context
  if (response instanceof Response) {
    const answer = (await response.json().catch(() => null)) as { error?: unknown } | null
    throw new BackendError(
      typeof answer?.error === 'string' ? answer.error : 'email_send_failed',
      String(response.status),
    )
  }
  throw new BackendError('email_send_failed', error.name)
}

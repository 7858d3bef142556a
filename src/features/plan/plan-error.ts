import type { TFunction } from '@/lib/i18n'
import { BackendError } from '@/lib/backend'
import { errorMessage } from '@/lib/errors'

/** A failed call's message for one part of the plan (`budget`, `suppliers`): its own words first. */
export function planError(error: unknown, t: TFunction, part: 'budget' | 'suppliers'): string {
  if (error instanceof BackendError) {
    const own = t(`plan:${part}.errors.${error.message}`, { defaultValue: '' })
    if (own) return own
  }
  return errorMessage(error, t, 'plan')
}

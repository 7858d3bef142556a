import type { ReactNode } from 'react'
import { RetryAlert } from './retry-alert'

/** A screen whose data could not be loaded: what went wrong, and a way to try again. */
export function LoadFailed(props: { title?: ReactNode; message: ReactNode; onRetry(): void }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <RetryAlert {...props} />
    </div>
  )
}

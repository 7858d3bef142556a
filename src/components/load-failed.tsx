import { RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from './alert'

/** A screen whose data could not be loaded: what went wrong, and a way to try again. */
export function LoadFailed({
  title,
  message,
  onRetry,
}: {
  title?: ReactNode
  message: ReactNode
  onRetry(): void
}) {
  const { t } = useTranslation()
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Alert tone="error">
        {title && <p className="font-semibold">{title}</p>}
        <p className={title ? 'mt-1' : undefined}>{message}</p>
        <button type="button" className="btn btn-secondary mt-3" onClick={onRetry}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('common:actions.retry')}
        </button>
      </Alert>
    </div>
  )
}

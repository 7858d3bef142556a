import { RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from './alert'

/** Something could not be read: what went wrong, and a button to try again. */
export function RetryAlert({
  title,
  message,
  onRetry,
  className,
}: {
  title?: ReactNode
  message: ReactNode
  onRetry(): void
  className?: string
}) {
  const { t } = useTranslation('common')
  return (
    <Alert tone="error" {...(className ? { className } : {})}>
      {title && <p className="font-semibold">{title}</p>}
      <p className={title ? 'mt-1' : undefined}>{message}</p>
      <button type="button" className="btn btn-secondary mt-3" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('actions.retry')}
      </button>
    </Alert>
  )
}

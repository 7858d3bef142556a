import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Wedding } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { useMyWedding } from '@/lib/session'
import { LoadFailed } from './load-failed'
import { PageSpinner } from './page-spinner'

/**
 * A management screen once the couple's wedding is known: a spinner until then, and the error
 * with a retry if it cannot be loaded. `namespace` is the screen's, for its own error wording.
 */
export function MyWeddingGate({
  namespace,
  failedTitle,
  children,
}: {
  namespace: string
  failedTitle?: ReactNode
  children(wedding: Wedding): ReactNode
}) {
  const { t } = useTranslation(namespace)
  const { wedding, status, error, reload } = useMyWedding()
  if (wedding) return children(wedding)
  if (status === 'error') {
    return (
      <LoadFailed
        title={failedTitle}
        message={errorMessage(error, t, namespace)}
        onRetry={() => void reload()}
      />
    )
  }
  return <PageSpinner />
}

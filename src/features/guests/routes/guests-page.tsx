import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { PageSpinner } from '@/components/page-spinner'
import { errorMessage } from '@/lib/errors'
import { useMyWedding } from '@/lib/session'
import { GuestListScreen } from '../components/guest-list-screen'

/** /manage/guests: the couple's guest list, once their wedding is known. */
export function GuestsPage() {
  const { t } = useTranslation('guests')
  const { wedding, status, error, reload } = useMyWedding()

  if (wedding) return <GuestListScreen wedding={wedding} />
  if (status === 'error') {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <Alert tone="error">
          <p className="font-semibold">{t('list.weddingFailed')}</p>
          <p>{errorMessage(error, t, 'guests')}</p>
          <button type="button" className="btn btn-secondary mt-3" onClick={() => void reload()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('common:actions.retry')}
          </button>
        </Alert>
      </div>
    )
  }
  return <PageSpinner />
}

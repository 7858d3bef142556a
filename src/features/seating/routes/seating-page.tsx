import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { PageSpinner } from '@/components/page-spinner'
import { errorMessage } from '@/lib/errors'
import { useMyWedding } from '@/lib/session'
import { SeatingScreen } from '../components/seating-screen'
import { useSeatingStore } from '../seating-store'

/** /manage/seating: the couple's seating chart, saved with their wedding. */
export function SeatingPage() {
  const { t } = useTranslation('seating')
  const { wedding, status, error, reload } = useMyWedding()
  const loadStatus = useSeatingStore((state) => state.loadStatus)
  const loadError = useSeatingStore((state) => state.loadError)
  const loadedWedding = useSeatingStore((state) => state.weddingId)
  const load = useSeatingStore((state) => state.load)

  useEffect(() => {
    if (wedding) void load(wedding.id)
  }, [wedding, load])

  const failure = status === 'error' ? error : wedding && loadStatus === 'error' ? loadError : null
  if (failure) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <Alert tone="error">
          <p className="font-semibold">{t('loadError')}</p>
          <p className="mt-1">{errorMessage(failure, t, 'seating')}</p>
          <button
            type="button"
            className="btn btn-secondary mt-3"
            onClick={() => (wedding ? void load(wedding.id, { force: true }) : void reload())}
          >
            {t('common:actions.retry')}
          </button>
        </Alert>
      </div>
    )
  }
  if (!wedding || loadedWedding !== wedding.id || loadStatus !== 'ready') return <PageSpinner />
  return <SeatingScreen wedding={wedding} />
}

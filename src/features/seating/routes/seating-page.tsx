import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '@/components/load-failed'
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
      <LoadFailed
        title={t('loadError')}
        message={errorMessage(failure, t, 'seating')}
        onRetry={() => (wedding ? void load(wedding.id, { force: true }) : void reload())}
      />
    )
  }
  if (!wedding || loadedWedding !== wedding.id || loadStatus !== 'ready') return <PageSpinner />
  return <SeatingScreen wedding={wedding} />
}

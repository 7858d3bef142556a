import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { errorMessage } from '@/lib/errors'
import { useSeatingStore } from '../seating-store'

/** What the couple should know about saving: a restored draft, a failed save, a conflict. */
export function SeatingNotices() {
  const { t, i18n } = useTranslation('seating')
  const notice = useSeatingStore((state) => state.notice)
  const saveStatus = useSeatingStore((state) => state.saveStatus)
  const saveError = useSeatingStore((state) => state.saveError)
  const dismissNotice = useSeatingStore((state) => state.dismissNotice)
  const restoreDraft = useSeatingStore((state) => state.restoreDraft)
  const resolveConflict = useSeatingStore((state) => state.resolveConflict)

  return (
    <div className="space-y-3 empty:hidden">
      {saveStatus === 'conflict' && (
        <Alert tone="error">
          <p className="font-semibold">{t('conflict.title')}</p>
          <p className="mt-1">{t('conflict.body')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void resolveConflict('mine')}
            >
              {t('conflict.keepMine')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void resolveConflict('theirs')}
            >
              {t('conflict.loadSaved')}
            </button>
          </div>
        </Alert>
      )}
      {saveStatus === 'error' && (
        <Alert tone="error">
          <p className="font-semibold">{t('save.failedTitle')}</p>
          <p className="mt-1">
            {errorMessage(saveError, t, 'seating')} {t('save.keptHere')}
          </p>
        </Alert>
      )}
      {notice?.kind === 'restored' && (
        <Alert tone="info">
          <p>{t('draft.restored')}</p>
          <button
            type="button"
            className="mt-2 font-semibold underline underline-offset-2"
            onClick={dismissNotice}
          >
            {t('draft.ok')}
          </button>
        </Alert>
      )}
      {notice?.kind === 'draftConflict' && (
        <Alert tone="info">
          <p className="font-semibold">{t('draft.conflictTitle')}</p>
          <p className="mt-1">
            {t('draft.conflictBody', {
              when: new Date(notice.changedAt).toLocaleString(
                i18n.language === 'fil' ? 'fil-PH' : 'en-PH',
                {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                },
              ),
            })}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={restoreDraft}>
              {t('draft.useMine')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={dismissNotice}>
              {t('draft.discard')}
            </button>
          </div>
        </Alert>
      )}
    </div>
  )
}

import { Check, CloudOff, Loader2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSeatingStore } from '../seating-store'

/** Saved / Saving… / Not saved — retry, always in view beside the title. */
export function SaveStatus() {
  const { t } = useTranslation('seating')
  const status = useSeatingStore((state) => state.saveStatus)
  const saveNow = useSeatingStore((state) => state.saveNow)

  return (
    <div
      role="status"
      className="flex min-h-9 items-center gap-2 text-sm"
      data-save-status={status}
    >
      {status === 'saved' && (
        <span className="flex items-center gap-1.5 text-emerald-800">
          <Check aria-hidden="true" className="size-4" />
          {t('save.saved')}
        </span>
      )}
      {(status === 'pending' || status === 'saving') && (
        <span className="flex items-center gap-1.5 text-muted">
          <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          {t('save.saving')}
        </span>
      )}
      {(status === 'error' || status === 'conflict') && (
        <span className="flex items-center gap-1.5 font-semibold text-red-800">
          <CloudOff aria-hidden="true" className="size-4" />
          {t('save.notSaved')}
          {status === 'error' && (
            <>
              <span aria-hidden="true">—</span>
              <button
                type="button"
                className="underline underline-offset-2 hover:text-red-900"
                onClick={() => void saveNow()}
              >
                {t('save.retry')}
              </button>
            </>
          )}
        </span>
      )}
    </div>
  )
}

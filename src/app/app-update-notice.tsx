import { RefreshCw } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { applyUpdate, subscribeUpdate, updateWaiting } from '@/lib/pwa'

/**
 * A new deploy is installed and waits (src/lib/pwa.ts): said at the foot of the screen, and taken
 * only when the couple chooses, so nothing they are typing is lost to a reload.
 */
export function AppUpdateNotice() {
  const { t } = useTranslation('app')
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting)
  if (!waiting) return null
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 print:hidden">
      <div
        role="status"
        className="flex w-full max-w-md items-center gap-3 rounded-xl bg-ink px-4 py-3 text-sm text-white shadow-lg"
      >
        <p className="flex-1">{t('update.body')}</p>
        <button type="button" className="btn btn-secondary shrink-0" onClick={applyUpdate}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('update.reload')}
        </button>
      </div>
    </div>
  )
}

import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'

/** Asks before leaving the builder with unsaved changes: another screen in the app, or the tab. */
export function LeaveGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('builder')
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname)

  useEffect(() => {
    if (!when) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [when])

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset()
      }}
      title={t('leave.title')}
      description={t('leave.body')}
      confirmLabel={t('leave.confirm')}
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  )
}

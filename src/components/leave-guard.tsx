import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'

interface LeaveGuardProps {
  /** True while there are unsaved changes. */
  when: boolean
  title: string
  /** Says exactly what happens to the changes on Leave: `onLeave` drops them. */
  description: string
  confirmLabel: string
  /** Drops the unsaved changes, before the app goes on to the next screen. */
  onLeave(): void
  /** Also asks before a reload or a closed tab (when the changes would not survive it). */
  beforeUnload?: boolean
}

/**
 * Asks before leaving a screen with unsaved changes for another screen in the app. Leave means the
 * changes are dropped, so coming back shows what is saved; Stay keeps them. One rule for the
 * builder and the content editor (docs/decisions.md).
 */
export function LeaveGuard({
  when,
  title,
  description,
  confirmLabel,
  onLeave,
  beforeUnload = false,
}: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  )

  useEffect(() => {
    if (!when || !beforeUnload) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [when, beforeUnload])

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset()
      }}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={() => {
        if (blocker.state !== 'blocked') return
        onLeave()
        blocker.proceed()
      }}
    />
  )
}

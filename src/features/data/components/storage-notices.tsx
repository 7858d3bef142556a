import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { DatabaseBackup, Smartphone, Upload } from 'lucide-react'
import { Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { formatShortDate } from '@/components/last-change-text'
import { mayOpen } from '@/lib/access'
import { getBackend } from '@/lib/backend'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { runsInstalled } from '@/lib/pwa'
import { useSessionStore } from '@/lib/session'
import { FileButton } from './file-button'
import { storageGuard } from '../storage-guard'
import { daysSince, isAppleMobile } from '../storage-guard-model'

/**
 * What sign-in and management say about the embedded database's safety (nothing on hosted
 * Supabase): that it was deleted since the last visit, with a restore; on an iPhone or iPad in the
 * browser, once, to install or back up; and a reminder when the last backup is a week old.
 */
export function StorageNotices() {
  return (
    <Suspense fallback={null}>
      <Notices />
    </Suspense>
  )
}

function useGuard() {
  const guard = useSyncExternalStore(storageGuard.subscribe, storageGuard.getState)
  useEffect(() => void storageGuard.check(), [])
  return guard
}

function Notices() {
  const { i18n } = useTranslation('data')
  const guard = useGuard()
  const wedding = useSessionStore((state) => state.wedding)
  const mayBackUp = wedding ? mayOpen(wedding.myRole, paths.manage.data) : false

  // A member opened a wedding here: the marker says so, for the next start's check.
  useEffect(() => {
    if (guard.ready && guard.local && wedding) storageGuard.seen()
  }, [guard.ready, guard.local, wedding])

  useEffect(() => {
    if (!guard.ready || !wedding || !mayBackUp) return
    storageGuard.decideAdvice({
      appleMobile: isAppleMobile(navigator.userAgent, navigator.maxTouchPoints ?? 0),
      installed: runsInstalled(),
    })
  }, [guard.ready, wedding, mayBackUp])

  if (!guard.ready || !guard.local) return null
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  if (guard.marker?.lostSince)
    return (
      <LossDialog
        lastSeen={guard.marker.lostSince}
        backupAt={guard.marker.backupAt}
        language={language}
      />
    )
  if (guard.advice === 'ios') return <IosAdvice onDone={storageGuard.dismissAdvice} />
  if (guard.advice === 'reminder' && guard.marker)
    return <BackupReminder backupAt={guard.marker.backupAt} onDone={storageGuard.dismissAdvice} />
  return null
}

function Banner({
  label,
  icon,
  children,
  actions,
}: {
  label: string
  icon: ReactNode
  children: ReactNode
  actions: ReactNode
}) {
  return (
    <section aria-label={label} className="mx-auto mt-4 max-w-7xl px-4 sm:px-6 print:hidden">
      <div className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 sm:flex-row sm:items-center">
        <p className="flex flex-1 items-start gap-3">
          {icon}
          <span>{children}</span>
        </p>
        <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
      </div>
    </section>
  )
}

function BackupReminder({ backupAt, onDone }: { backupAt: string | null; onDone(): void }) {
  const { t } = useTranslation('data')
  return (
    <Banner
      label={t('guard.reminder.label')}
      icon={<DatabaseBackup aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
      actions={
        <>
          <Link to={paths.manage.data} className="btn btn-primary" onClick={onDone}>
            {t('guard.reminder.action')}
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => storageGuard.snooze()}>
            {t('guard.reminder.later')}
          </button>
        </>
      }
    >
      {backupAt
        ? t('guard.reminder.old', { count: daysSince(backupAt, new Date()) })
        : t('guard.reminder.none')}
    </Banner>
  )
}

function IosAdvice({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('data')
  return (
    <Banner
      label={t('guard.ios.label')}
      icon={<Smartphone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
      actions={
        <>
          <Link to={paths.manage.data} className="btn btn-primary" onClick={onDone}>
            {t('guard.ios.action')}
          </Link>
          <button type="button" className="btn btn-secondary" onClick={onDone}>
            {t('guard.ios.ok')}
          </button>
        </>
      }
    >
      {t('guard.ios.body')}
    </Banner>
  )
}

/** The database this browser held is gone: said at once, with the restore of a backup file. */
function LossDialog({
  lastSeen,
  backupAt,
  language,
}: {
  lastSeen: string
  backupAt: string | null
  language: 'fil' | 'en'
}) {
  const { t } = useTranslation('data')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)

  async function restore(file: File) {
    setBusy(true)
    setFailure(null)
    try {
      const backend = await getBackend()
      await backend.localData!.restore(file)
      storageGuard.lossAnswered()
      window.location.reload()
    } catch (error) {
      setFailure(error)
      setBusy(false)
    }
  }

  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/30" />
        <AlertDialog.Content
          // The restore first: going on without it is the choice that gives the wedding up.
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            ;(event.currentTarget as HTMLElement)
              .querySelector<HTMLInputElement>('input[type="file"]')
              ?.focus()
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="font-display text-xl text-ink">
            {t('guard.lost.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-ink">
            {t('guard.lost.body', { date: formatShortDate(lastSeen, language) })}
          </AlertDialog.Description>
          <div className="mt-3 space-y-2 text-sm text-muted">
            <p>{t('guard.lost.restoreHint')}</p>
            <p className="font-medium text-ink">
              {backupAt
                ? t('guard.lost.lastBackup', { date: formatShortDate(backupAt, language) })
                : t('guard.lost.noBackup')}
            </p>
            <p>{t('guard.lost.weddingFile')}</p>
          </div>
          {failure !== null && (
            <Alert tone="error" className="mt-4">
              {errorMessage(failure, t, 'data')}
            </Alert>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => storageGuard.lossAnswered()}
            >
              {t('guard.lost.goOn')}
            </AlertDialog.Cancel>
            <FileButton
              label={busy ? t('guard.lost.restoring') : t('guard.lost.restore')}
              accept=".gz,.tgz,.tar,application/gzip,application/x-gzip,application/x-tar"
              disabled={busy}
              primary
              icon={<Upload aria-hidden="true" className="size-4" />}
              onFile={(file) => void restore(file)}
            />
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

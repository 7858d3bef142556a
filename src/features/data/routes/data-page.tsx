import { DatabaseBackup, Download, Eraser, HardDrive, Upload } from 'lucide-react'
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { formatShortDate } from '@/components/last-change-text'
import { LoadFailed } from '@/components/load-failed'
import { PageSpinner } from '@/components/page-spinner'
import { can } from '@/lib/access'
import { emptyWedding, exportWedding, importWedding } from '@/lib/api/data'
import { getBackend } from '@/lib/backend'
import { downloadFile } from '@/lib/csv'
import { errorMessage } from '@/lib/errors'
import { useGuestListStore } from '@/lib/guest-list'
import { useMyWedding } from '@/lib/session'
import { useLoad } from '@/lib/use-load'
import { FileButton } from '../components/file-button'
import {
  backupFileName,
  readWeddingFile,
  weddingFileHouseholds,
  weddingFileName,
} from '../data-model'
import { storageGuard } from '../storage-guard'
import { daysSince } from '../storage-guard-model'

type Notice = { tone: 'success' | 'error' | 'info'; text: string } | null

function Card({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 className="flex items-center gap-2 font-display text-xl text-ink">
        {icon}
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm text-ink">{children}</div>
    </section>
  )
}

/** /manage/data: where the couple's wedding lives, backups of the embedded database, and moving it. */
export function DataPage() {
  const { t, i18n } = useTranslation('data')
  const guard = useSyncExternalStore(storageGuard.subscribe, storageGuard.getState)
  useEffect(() => void storageGuard.check(), [])
  const { wedding, status, error, reload } = useMyWedding()
  const backend = useLoad(getBackend, []).data ?? null
  const local = backend?.localData
  const stored = useLoad(() => local?.persisted() ?? null, [local])
  const persisted = stored.data ?? null
  const setPersisted = stored.setData
  const [busy, setBusy] = useState(false)
  const [storageNotice, setStorageNotice] = useState<Notice>(null)
  const [backupNotice, setBackupNotice] = useState<Notice>(null)
  const [moveNotice, setMoveNotice] = useState<Notice>(null)
  const [restoreFile, setRestoreFile] = useState<File | null>(null)
  const [importFile, setImportFile] = useState<{
    name: string
    content: Record<string, unknown>
  } | null>(null)
  const [emptyNotice, setEmptyNotice] = useState<Notice>(null)
  const [confirmingEmpty, setConfirmingEmpty] = useState(false)

  if (status === 'error')
    return <LoadFailed message={errorMessage(error, t, 'data')} onRetry={() => void reload()} />
  if (!wedding || !backend) return <PageSpinner />
  const localData = backend.localData
  const backupAt = guard.marker?.backupAt ?? null

  const fail = (set: (notice: Notice) => void) => (failure: unknown) =>
    set({ tone: 'error', text: errorMessage(failure, t, 'data') })

  async function askToPersist() {
    if (!localData) return
    const granted = await localData.persist()
    setPersisted(granted || (await localData.persisted()))
    setStorageNotice(granted ? null : { tone: 'info', text: t('storage.denied') })
  }

  async function downloadBackup() {
    if (!localData) return
    setBusy(true)
    try {
      downloadFile(backupFileName(new Date()), await localData.backup(), 'application/gzip')
      storageGuard.backedUp()
      setBackupNotice({ tone: 'success', text: t('backup.downloaded') })
    } catch (failure) {
      fail(setBackupNotice)(failure)
    } finally {
      setBusy(false)
    }
  }

  async function restore(file: File) {
    if (!localData) return
    setBusy(true)
    try {
      await localData.restore(file)
      storageGuard.lossAnswered()
      setRestoreFile(null)
      setBackupNotice({ tone: 'success', text: t('backup.restored') })
      window.location.reload()
    } catch (failure) {
      setRestoreFile(null)
      fail(setBackupNotice)(failure)
      setBusy(false)
    }
  }

  async function downloadWeddingFile() {
    setBusy(true)
    try {
      const file = await exportWedding(wedding!.id)
      downloadFile(
        weddingFileName(wedding!.slug, new Date()),
        JSON.stringify(file, null, 2),
        'application/json',
      )
      setMoveNotice({ tone: 'success', text: t('move.exported') })
    } catch (failure) {
      fail(setMoveNotice)(failure)
    } finally {
      setBusy(false)
    }
  }

  async function pickWeddingFile(file: File) {
    const read = readWeddingFile(await file.text())
    if ('error' in read) {
      setMoveNotice({ tone: 'error', text: t(`errors.${read.error}`) })
      return
    }
    setMoveNotice(null)
    setImportFile({ name: file.name, content: read.file })
  }

  async function importPicked() {
    if (!importFile) return
    setBusy(true)
    try {
      await importWedding(wedding!.id, importFile.content)
      // All of the file or nothing: its households are the list's. The screens' shared list is read
      // again meanwhile (it may hold this wedding's list from before the import).
      void useGuestListStore.getState().load(wedding!.id, { force: true })
      setMoveNotice({
        tone: 'success',
        text: t('move.imported', { households: weddingFileHouseholds(importFile.content) }),
      })
      await reload()
    } catch (failure) {
      fail(setMoveNotice)(failure)
    } finally {
      setImportFile(null)
      setBusy(false)
    }
  }

  async function emptyHere() {
    setBusy(true)
    try {
      await emptyWedding(wedding!.id)
      setEmptyNotice({ tone: 'success', text: t('empty.done') })
      setMoveNotice(null)
    } catch (failure) {
      fail(setEmptyNotice)(failure)
    } finally {
      setConfirmingEmpty(false)
      setBusy(false)
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header>
        <h1 className="font-display text-3xl text-ink">{t('title')}</h1>
        <p className="mt-2 text-muted">{t(localData ? 'intro.local' : 'intro.supabase')}</p>
      </header>

      {localData && (
        <Card
          title={t('storage.title')}
          icon={<HardDrive aria-hidden="true" className="size-5 text-brand-600" />}
        >
          <p>
            {t(
              persisted === null
                ? 'storage.unknown'
                : persisted
                  ? 'storage.persisted'
                  : 'storage.notPersisted',
            )}
          </p>
          {persisted === false && (
            <button type="button" className="btn btn-secondary" onClick={() => void askToPersist()}>
              {t('storage.ask')}
            </button>
          )}
          {storageNotice && <Alert tone={storageNotice.tone}>{storageNotice.text}</Alert>}
        </Card>
      )}

      {localData && (
        <Card
          title={t('backup.title')}
          icon={<DatabaseBackup aria-hidden="true" className="size-5 text-brand-600" />}
        >
          <p>{t('backup.body')}</p>
          <p className="font-medium" data-testid="last-backup">
            {backupAt
              ? t('backup.last.date', {
                  date: formatShortDate(backupAt, i18n.language === 'fil' ? 'fil' : 'en'),
                  age:
                    daysSince(backupAt, new Date()) === 0
                      ? t('backup.last.today')
                      : t('backup.last.daysAgo', { count: daysSince(backupAt, new Date()) }),
                })
              : t('backup.last.none')}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void downloadBackup()}
            >
              <Download aria-hidden="true" className="size-4" />
              {t('backup.download')}
            </button>
            <FileButton
              label={t('backup.restore')}
              accept=".gz,.tgz,.tar,application/gzip,application/x-gzip,application/x-tar"
              disabled={busy}
              icon={<Upload aria-hidden="true" className="size-4" />}
              onFile={setRestoreFile}
            />
          </div>
          {backupNotice && <Alert tone={backupNotice.tone}>{backupNotice.text}</Alert>}
        </Card>
      )}

      <Card
        title={t('move.title')}
        icon={<Upload aria-hidden="true" className="size-5 text-brand-600" />}
      >
        <p>{t('move.body')}</p>
        {localData && <p className="text-muted">{t('move.when')}</p>}
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void downloadWeddingFile()}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('move.export')}
          </button>
          <FileButton
            label={t('move.import')}
            accept=".json,application/json"
            disabled={busy}
            icon={<Upload aria-hidden="true" className="size-4" />}
            onFile={(file) => void pickWeddingFile(file)}
          />
        </div>
        {moveNotice && <Alert tone={moveNotice.tone}>{moveNotice.text}</Alert>}
      </Card>

      {can(wedding.myRole, 'delete_wedding') && (
        <Card
          title={t('empty.title')}
          icon={<Eraser aria-hidden="true" className="size-5 text-brand-600" />}
        >
          <p>{t('empty.body')}</p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => setConfirmingEmpty(true)}
          >
            {t('empty.start')}
          </button>
          {emptyNotice && <Alert tone={emptyNotice.tone}>{emptyNotice.text}</Alert>}
        </Card>
      )}

      <ConfirmDialog
        open={restoreFile !== null}
        onOpenChange={(open) => !open && !busy && setRestoreFile(null)}
        title={t('backup.confirmTitle')}
        description={t('backup.confirmBody', { name: restoreFile?.name ?? '' })}
        confirmLabel={t('backup.confirm')}
        busy={busy}
        onConfirm={() => restoreFile && void restore(restoreFile)}
      />
      <ConfirmDialog
        open={importFile !== null}
        onOpenChange={(open) => !open && !busy && setImportFile(null)}
        title={t('move.confirmTitle')}
        description={t('move.confirmBody', { name: importFile?.name ?? '' })}
        confirmLabel={t('move.confirm')}
        tone="default"
        busy={busy}
        onConfirm={() => void importPicked()}
      />
      <ConfirmDialog
        open={confirmingEmpty}
        onOpenChange={(open) => !open && !busy && setConfirmingEmpty(false)}
        title={t('empty.confirmTitle')}
        description={t('empty.confirmBody')}
        confirmLabel={t('empty.confirm')}
        busy={busy}
        onConfirm={() => void emptyHere()}
      />
    </div>
  )
}

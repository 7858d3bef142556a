import { Download, FileUp, Plus, SearchX, Tags, Users } from 'lucide-react'
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { RetryAlert } from '@/components/retry-alert'
import { can, householdSides, mayDeleteHousehold } from '@/lib/access'
import type { Household, Wedding } from '@/lib/api'
import { listEvents, listReplies } from '@/lib/api/events'
import { downloadFile, toCsv } from '@/lib/csv'
import { todayInManila } from '@/lib/dates'
import { errorMessage } from '@/lib/errors'
import { displayCouple } from '@/lib/names'
import { paths } from '@/lib/paths'
import { useSessionStore } from '@/lib/session'
import { useGuestsStore } from '../guests-store'
import { guestCsvFileName, guestCsvRows } from '../model/guest-csv'
import {
  countGuests,
  filterHouseholds,
  hasActiveFilters,
  householdLabel,
} from '../model/guest-list'
import { GuestCountCards } from './guest-counts'
import { GuestTable } from './guest-table'
import { GuestToolbar } from './guest-toolbar'
import { HouseholdDrawer, type DrawerTab } from './household-drawer'
import { NicknamesDrawer } from './nicknames-drawer'

interface DrawerState {
  open: boolean
  household: Household | null
  tab: DrawerTab
}

/** The guest list screen: counts, search and filters, the households, and the Add Guest drawer. */
export function GuestListScreen({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('guests')
  const load = useGuestsStore((state) => state.load)
  const sync = useGuestsStore((state) => state.sync)
  const households = useGuestsStore((state) => state.households)
  const searchIndex = useGuestsStore((state) => state.searchIndex)
  const invitations = useGuestsStore((state) => state.invitations)
  const status = useGuestsStore((state) => state.status)
  const loadError = useGuestsStore((state) => state.error)
  const syncError = useGuestsStore((state) => state.syncError)
  const filters = useGuestsStore((state) => state.filters)
  const remove = useGuestsStore((state) => state.remove)
  const clearFilters = useGuestsStore((state) => state.clearFilters)
  const myUserId = useSessionStore((state) => state.user?.id)
  // What this member may do to the list: a family helper adds on their side, without importing,
  // and deletes only the households they added.
  const canImport = can(wedding.myRole, 'guests')
  const sides = householdSides(wedding.myRole, wedding.mySide)
  const mayDelete = useCallback(
    (household: Household) => mayDeleteHousehold(wedding.myRole, myUserId, household),
    [wedding.myRole, myUserId],
  )

  const [drawer, setDrawer] = useState<DrawerState>({ open: false, household: null, tab: 'manual' })
  const [nicknamesOpen, setNicknamesOpen] = useState(false)
  const [toDelete, setToDelete] = useState<Household | null>(null)
  const [deleting, setDeleting] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [csvFailed, setCsvFailed] = useState(false)
  const [csvWithoutEvents, setCsvWithoutEvents] = useState(false)
  const [exporting, setExporting] = useState(false)
  // Kept as a message and its name, so it follows a change of language while it is shown.
  const [notice, setNotice] = useState<{
    key: 'delete.done' | 'form.updated' | 'form.created'
    name: string
  } | null>(null)

  useEffect(() => void load(wedding.id), [load, wedding.id])

  // Typing stays instant; the (fast) filtering follows a frame behind when the list is long.
  const deferredFilters = useDeferredValue(filters)
  const counts = useMemo(() => countGuests(households), [households])
  const shown = useMemo(
    () => filterHouseholds(households, deferredFilters, searchIndex, invitations),
    [households, deferredFilters, searchIndex, invitations],
  )

  const rsvpHref = useCallback(
    (household: Household) => {
      const person = household.persons[0]
      return person ? paths.site.rsvp(wedding.slug, household.id, person.id) : null
    },
    [wedding.slug],
  )
  const openEdit = useCallback((household: Household) => {
    setNotice(null)
    setDrawer({ open: true, household, tab: 'manual' })
  }, [])
  const askDelete = useCallback((household: Household) => {
    setDeleteError(null)
    setToDelete(household)
  }, [])

  function openAdd(tab: DrawerTab) {
    setNotice(null)
    setDrawer({ open: true, household: null, tab })
  }

  async function confirmDelete() {
    if (!toDelete) return
    setDeleting(true)
    setDeleteError(null)
    try {
      await remove(toDelete.id)
      setNotice({ key: 'delete.done', name: householdLabel(toDelete).name })
      setToDelete(null)
    } catch (error) {
      setDeleteError(errorMessage(error, t, 'guests'))
    } finally {
      setDeleting(false)
    }
  }

  async function downloadCsv() {
    setCsvFailed(false)
    setCsvWithoutEvents(false)
    setExporting(true)
    try {
      // One column per event that takes RSVPs, read now so the file has the latest replies. If they
      // cannot be read the list is still given, and the couple is told what it lacks.
      const read = await Promise.all([listEvents(wedding.id), listReplies(wedding.id)]).catch(
        () => null,
      )
      const events = read ? { events: read[0], replies: read[1] } : undefined
      const csv = await toCsv(guestCsvRows(households, wedding.rsvpQuestions, events))
      if (!read) setCsvWithoutEvents(true)
      downloadFile(guestCsvFileName(todayInManila()), csv)
    } catch (error) {
      console.error(error)
      setCsvFailed(true)
    } finally {
      setExporting(false)
    }
  }

  const ready = status === 'ready' || (status === 'loading' && households.length > 0)
  const empty = ready && households.length === 0

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl text-ink sm:text-4xl">{t('title')}</h1>
          <p className="mt-1 text-muted">
            {wedding.title
              ? t('subtitle', { couple: displayCouple(wedding.bride, wedding.groom) })
              : t('subtitleNoCouple')}
          </p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:gap-3">
          <button
            type="button"
            className="btn btn-secondary flex-1 whitespace-nowrap px-3 text-sm sm:flex-none sm:px-4 sm:text-[0.9375rem]"
            onClick={() => void downloadCsv()}
            disabled={!ready || exporting || households.length === 0}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('actions.downloadCsv')}
          </button>
          <button
            type="button"
            className="btn btn-secondary flex-1 whitespace-nowrap px-3 text-sm sm:flex-none sm:px-4 sm:text-[0.9375rem]"
            onClick={() => setNicknamesOpen(true)}
          >
            <Tags aria-hidden="true" className="size-4" />
            {t('actions.nicknames')}
          </button>
          <button
            type="button"
            className="btn btn-primary flex-1 whitespace-nowrap px-3 text-sm sm:flex-none sm:px-4 sm:text-[0.9375rem]"
            onClick={() => openAdd('manual')}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('actions.addGuest')}
          </button>
        </div>
      </div>

      {csvFailed && <Alert tone="error">{t('csv.failed')}</Alert>}
      {csvWithoutEvents && <Alert tone="info">{t('csv.withoutEvents')}</Alert>}
      {notice && <Alert tone="success">{t(notice.key, { name: notice.name })}</Alert>}
      {syncError != null && (
        <Alert tone="info">
          {t('list.syncFailed')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void sync()}>
            {t('common:actions.retry')}
          </button>
        </Alert>
      )}

      {status === 'error' && (
        <RetryAlert
          title={t('list.loadFailed')}
          message={errorMessage(loadError, t, 'guests')}
          onRetry={() => void load(wedding.id, { force: true })}
        />
      )}

      {!ready && status !== 'error' && <ListSkeleton label={t('list.loading')} />}

      {empty && (
        <section
          className="rounded-2xl border border-line bg-white px-6 py-14 text-center shadow-sm"
          aria-labelledby="guests-empty-title"
        >
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Users aria-hidden="true" className="size-6" />
          </span>
          <h2 id="guests-empty-title" className="mt-5 font-display text-2xl text-ink">
            {t('empty.title')}
          </h2>
          <p className="mx-auto mt-2 max-w-md text-muted">
            {t(canImport ? 'empty.body' : 'empty.bodyOneSide')}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <button type="button" className="btn btn-primary" onClick={() => openAdd('manual')}>
              <Plus aria-hidden="true" className="size-4" />
              {t('empty.add')}
            </button>
            {canImport && (
              <button type="button" className="btn btn-secondary" onClick={() => openAdd('import')}>
                <FileUp aria-hidden="true" className="size-4" />
                {t('empty.import')}
              </button>
            )}
          </div>
        </section>
      )}

      {ready && !empty && (
        <>
          <GuestCountCards counts={counts} />
          <GuestToolbar shown={shown.length} total={households.length} />
          {shown.length === 0 && hasActiveFilters(filters) ? (
            <div className="rounded-2xl border border-line bg-white px-6 py-12 text-center">
              <SearchX aria-hidden="true" className="mx-auto size-8 text-muted" />
              <p className="mt-3 font-semibold text-ink">{t('list.noMatches')}</p>
              <button type="button" className="btn btn-secondary mt-4" onClick={clearFilters}>
                {t('toolbar.clear')}
              </button>
            </div>
          ) : (
            <GuestTable
              households={shown}
              invitations={invitations}
              rsvpHref={rsvpHref}
              onEdit={openEdit}
              onDelete={askDelete}
              mayDelete={mayDelete}
            />
          )}
        </>
      )}

      <NicknamesDrawer
        weddingId={wedding.id}
        open={nicknamesOpen}
        onOpenChange={setNicknamesOpen}
      />
      <HouseholdDrawer
        // A fresh form each time the drawer opens, for the household it opens on.
        key={drawer.open ? (drawer.household?.id ?? 'new') : 'closed'}
        open={drawer.open}
        household={drawer.household}
        tab={drawer.tab}
        onTabChange={(tab) => setDrawer((current) => ({ ...current, tab }))}
        existing={households}
        questions={wedding.rsvpQuestions}
        canImport={canImport}
        sides={sides}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        onSaved={(saved, intent) => {
          const name = householdLabel(saved).name
          if (intent === 'close') {
            setNotice({ key: drawer.household ? 'form.updated' : 'form.created', name })
            setDrawer((current) => ({ ...current, open: false }))
          }
        }}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setToDelete(null)
        }}
        title={t('delete.title')}
        description={
          <>
            {toDelete &&
              t('delete.body', {
                name: householdLabel(toDelete).name,
                count: toDelete.persons.length,
              })}
            {deleteError && (
              <span role="alert" className="mt-3 block font-medium text-red-800">
                {deleteError}
              </span>
            )}
          </>
        }
        confirmLabel={deleting ? t('delete.deleting') : t('delete.confirm')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  )
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      <div className="grid gap-3 md:grid-cols-3 md:gap-4">
        {[0, 1, 2].map((i) => (
          <div
            key={i}
            className="h-36 motion-safe:animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-line"
          />
        ))}
      </div>
      <div className="h-11 motion-safe:animate-pulse rounded-lg bg-white ring-1 ring-line" />
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          className="h-20 motion-safe:animate-pulse rounded-xl bg-white ring-1 ring-line"
        />
      ))}
    </div>
  )
}

import { Check, QrCode, Search, UserPlus, Wifi, WifiOff, X } from 'lucide-react'
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { LoadFailed } from '@/components/load-failed'
import { PageSpinner } from '@/components/page-spinner'
import { useDocumentTitle } from '@/components/use-document-title'
import { can } from '@/lib/access'
import type { MemberRole } from '@/lib/api/schemas'
import { isNetworkError } from '@/lib/backend'
import type { CheckinHousehold, CheckinPerson, CheckinRoster } from '@/lib/api/checkin'
import { errorMessage } from '@/lib/errors'
import { displayName } from '@/lib/names'
import { paths } from '@/lib/paths'
import { useMyWedding } from '@/lib/session'
import {
  doorCounts,
  findHouseholds,
  householdTitle,
  indexHouseholds,
  newActionId,
  personName,
  tokenFromScan,
  tokenKey,
  type DoorCounts,
  type DoorState,
} from '../checkin-model'
import { ScanDrawer } from '../components/scan-drawer'
import { WalkInDrawer } from '../components/walk-in-drawer'
import { keptDoorWedding, type DoorSync } from '../door-sync'
import { prefetchScanner } from '../scanner'
import { useDoor } from '../use-door'

/** A name or code not found is checked against the list read again, at most this often. */
const RECHECK_MS = 15_000

/** /manage/checkin: the door, on a phone held in one hand. */
export function CheckinPage() {
  const { t } = useTranslation('checkin')
  useDocumentTitle(t('title'))
  const { wedding, status, error, reload } = useMyWedding()
  if (status === 'error') {
    // On hosted Supabase, a reload with no network cannot ask which wedding is open: the door this
    // phone kept opens, with its list and its queue (the check-ins are sent when the signal returns).
    const kept = isNetworkError(error) ? keptDoorWedding() : null
    if (kept) return <Door key={kept} weddingId={kept} role={undefined} />
    return <LoadFailed message={errorMessage(error, t, 'checkin')} onRetry={() => void reload()} />
  }
  if (!wedding) return <PageSpinner />
  return <Door key={wedding.id} weddingId={wedding.id} role={wedding.myRole} />
}

function Door({ weddingId, role }: { weddingId: string; role: MemberRole | undefined }) {
  const { t } = useTranslation('checkin')
  const door = useDoor(weddingId)
  const { roster, state } = door
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const [scanned, setScanned] = useState<CheckinHousehold | null>(null)
  const [scanOpen, setScanOpen] = useState(false)
  const [scanMessage, setScanMessage] = useState<string | null>(null)
  const [walkInOpen, setWalkInOpen] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const searchId = useId()

  const index = useMemo(() => (roster ? indexHouseholds(roster.households) : []), [roster])
  const byKey = useMemo(
    () => new Map(roster?.households.map((household) => [household.tokenKey, household]) ?? []),
    [roster],
  )
  const tableNames = useMemo(
    () => new Map(roster?.tables.map((table) => [table.id, table.name]) ?? []),
    [roster],
  )
  const counts = useMemo(() => (roster ? doorCounts(roster, state) : null), [roster, state])
  const found = useMemo(() => findHouseholds(index, deferredQuery), [index, deferredQuery])
  const online = door.online
  const searched = deferredQuery.trim()
  // A name not found while online: the list is read again once (a household added or re-seated on
  // the day) before the usher is told it is not on the list.
  const [rechecked, setRechecked] = useState<string | null>(null)
  const rechecking =
    !scanned &&
    searched.length >= 2 &&
    found.households.length === 0 &&
    online &&
    rechecked !== searched
  useEffect(() => {
    if (!rechecking) return
    let live = true
    void door.sync.reloadRoster(RECHECK_MS).then(() => {
      if (live) setRechecked(searched)
    })
    return () => {
      live = false
    }
  }, [rechecking, searched, door.sync])
  // The scanner, once the list is shown and while the signal lasts: the first scan may come offline.
  useEffect(() => {
    if (!online) return
    const timer = window.setTimeout(prefetchScanner, 1500)
    return () => window.clearTimeout(timer)
  }, [online])

  if (!roster) {
    if (door.error)
      return (
        <LoadFailed
          message={errorMessage(door.error, t, 'checkin')}
          onRetry={() => void door.sync.load()}
        />
      )
    // Offline before this phone ever read the list: nothing to search yet; it loads when the signal returns.
    if (!door.online)
      return (
        <Alert className="mx-auto mt-6 max-w-xl" tone="info">
          {t('status.noList')}
        </Alert>
      )
    return <PageSpinner />
  }

  async function onScanText(text: string) {
    const token = tokenFromScan(text)
    if (!token) {
      setScanMessage(t('scan.notInvitation'))
      return
    }
    const key = await tokenKey(token)
    let household = byKey.get(key)
    if (!household && door.sync.getSnapshot().online) {
      setScanMessage(t('search.checking'))
      await door.sync.reloadRoster(RECHECK_MS)
      household = door.sync.getSnapshot().roster?.households.find((item) => item.tokenKey === key)
    }
    if (!household) {
      setScanMessage(t('scan.notOnList'))
      return
    }
    setScanMessage(null)
    setScanned(household)
    setScanOpen(false)
    setAnnouncement(t('announce.scanned', { name: householdTitle(household) }))
  }

  function mark(household: CheckinHousehold, persons: CheckinPerson[], arrived: boolean) {
    void door.sync.do({
      id: newActionId(),
      kind: arrived ? 'arrive' : 'unarrive',
      personIds: persons.map((person) => person.id),
    })
    setAnnouncement(
      persons.length === 1
        ? t(arrived ? 'announce.arrived' : 'announce.undone', { name: personName(persons[0]!) })
        : t('announce.household', { name: householdTitle(household), count: persons.length }),
    )
  }

  function addWalkIn(tableId: string, name: string) {
    void door.sync.do({ id: newActionId(), kind: 'walkIn', tableId, name: name || undefined })
    setWalkInOpen(false)
    setAnnouncement(t('walkIn.added', { table: tableNames.get(tableId) ?? '' }))
  }

  const shown = scanned ? [scanned] : found.households
  const typed = deferredQuery.trim().length > 0

  return (
    <div className="mx-auto max-w-xl px-4 pb-16 pt-4">
      <h1 className="sr-only">{t('title')}</h1>
      <StatusBar door={door} counts={counts!} />

      {/* Both named in words, on a phone too (one above the other there): an usher new to the door
          reads what a button does. */}
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          className="btn btn-primary min-h-14 text-lg leading-tight"
          style={{ textWrap: 'balance' }}
          onClick={() => {
            setScanMessage(null)
            setScanOpen(true)
          }}
        >
          <QrCode aria-hidden="true" className="size-6 shrink-0" />
          {t('scan.open')}
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-12 text-lg leading-tight"
          style={{ textWrap: 'balance' }}
          onClick={() => setWalkInOpen(true)}
        >
          <UserPlus aria-hidden="true" className="size-6 shrink-0" />
          {t('walkIn.open')}
        </button>
      </div>

      {scanned ? (
        <div className="mt-4 flex items-center justify-between gap-3">
          <p className="text-lg font-semibold text-ink">{t('scan.scanned')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => setScanned(null)}>
            {t('scan.back')}
          </button>
        </div>
      ) : (
        <div className="mt-4">
          <label htmlFor={searchId} className="field-label text-lg">
            {t('search.label')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-4 top-1/2 size-6 -translate-y-1/2 text-muted"
            />
            <input
              id={searchId}
              type="search"
              className="field-input min-h-14 pl-12 text-xl"
              placeholder={t('search.placeholder')}
              value={query}
              autoComplete="off"
              autoCapitalize="words"
              spellCheck={false}
              aria-describedby={`${searchId}-hint`}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <p id={`${searchId}-hint`} className="mt-1.5 text-sm text-muted">
            {t('search.hint')}
          </p>
        </div>
      )}

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <section
        aria-label={t('search.label')}
        className="mt-4 space-y-4"
        data-query={scanned ? undefined : deferredQuery}
      >
        {shown.map((household) => (
          <HouseholdCard
            key={household.id}
            household={household}
            state={state}
            tableNames={tableNames}
            onMark={mark}
          />
        ))}
        {!scanned && found.more && <Alert tone="info">{t('search.more')}</Alert>}
        {rechecking && <p className="text-lg text-muted">{t('search.checking')}</p>}
        {!scanned && typed && shown.length === 0 && searched.length >= 2 && !rechecking && (
          <div className="rounded-2xl border border-line bg-white p-4">
            <p className="text-lg text-ink">{t('search.notOnList')}</p>
            <button
              type="button"
              className="btn btn-secondary mt-3 min-h-12"
              onClick={() => setWalkInOpen(true)}
            >
              <UserPlus aria-hidden="true" className="size-5" />
              {t('walkIn.open')}
            </button>
          </div>
        )}
      </section>

      <TableCounts counts={counts!} />
      <WalkInList roster={roster} state={state} tableNames={tableNames} sync={door.sync} />

      {can(role, 'guests') && (
        <p className="mt-6">
          <Link to={paths.manage.checkinAfter} className="font-semibold text-brand-700 underline">
            {t('after.link')}
          </Link>
        </p>
      )}

      {scanOpen && (
        <ScanDrawer
          open
          onOpenChange={setScanOpen}
          onText={(text) => void onScanText(text)}
          message={scanMessage}
        />
      )}
      {walkInOpen && (
        <WalkInDrawer
          open
          onOpenChange={setWalkInOpen}
          tables={counts!.tables}
          onAdd={addWalkIn}
          initialName={scanned || !typed || shown.length ? '' : query.trim()}
        />
      )}
    </div>
  )
}

function StatusBar({ door, counts }: { door: ReturnType<typeof useDoor>; counts: DoorCounts }) {
  const { t } = useTranslation('checkin')
  return (
    <div className="sticky top-0 z-10 -mx-4 border-b border-line bg-white px-4 py-3 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-sm" role="status" aria-live="polite">
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-semibold ${
            door.online ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'
          }`}
        >
          {door.online ? (
            <Wifi aria-hidden="true" className="size-4" />
          ) : (
            <WifiOff aria-hidden="true" className="size-4" />
          )}
          {door.online ? t('status.online') : t('status.offline')}
        </span>
        <span className="font-semibold text-ink" data-testid="checkin-waiting">
          {door.waiting > 0 ? t('status.waiting', { count: door.waiting }) : t('status.allSent')}
        </span>
      </div>
      {door.error != null && (
        <Alert tone="error" className="mt-2">
          {errorMessage(door.error, t, 'checkin')}
        </Alert>
      )}
      {door.refused.length > 0 && (
        <div className="mt-2">
          <Alert tone="error">
            <p className="font-semibold">{t('refused.title')}</p>
            <ul className="mt-1 list-disc pl-4">
              {door.refused.map(({ action, code }) => (
                <li key={action.id}>
                  {t(`refused.${code ?? 'person_not_found'}`, {
                    name: action.kind === 'walkIn' ? action.name || t('walkIn.unnamed') : '',
                  })}
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="btn btn-secondary mt-2"
              onClick={() => door.sync.dismissRefused()}
            >
              {t('refused.dismiss')}
            </button>
          </Alert>
        </div>
      )}
      <dl className="mt-2 flex items-end gap-6" aria-label={t('counts.label')}>
        <div>
          <dt className="text-sm text-muted">{t('counts.arrived')}</dt>
          <dd className="text-3xl font-semibold text-ink">
            <span data-testid="checkin-arrived">{counts.arrived}</span>{' '}
            <span className="text-base font-normal text-muted">
              {t('counts.ofExpected', { count: counts.expected })}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('counts.walkIns')}</dt>
          <dd className="text-3xl font-semibold text-ink" data-testid="checkin-walk-ins">
            {counts.walkIns}
          </dd>
        </div>
      </dl>
    </div>
  )
}

function HouseholdCard({
  household,
  state,
  tableNames,
  onMark,
}: {
  household: CheckinHousehold
  state: DoorState
  tableNames: ReadonlyMap<string, string>
  onMark(household: CheckinHousehold, persons: CheckinPerson[], arrived: boolean): void
}) {
  const { t } = useTranslation('checkin')
  const title = householdTitle(household)
  const notYet = household.persons.filter(
    (person) => !state.arrived.has(person.id) && person.attending !== false,
  )
  return (
    <article className="rounded-2xl border border-line bg-white p-4 shadow-sm" aria-label={title}>
      {/* "Mark all" goes under the surnames when they need the line, rather than breaking one. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 className="min-w-0 font-display text-2xl text-ink">{title}</h2>
        {notYet.length > 1 && (
          <button
            type="button"
            className="btn btn-primary min-h-12 shrink-0"
            onClick={() => onMark(household, notYet, true)}
          >
            <Check aria-hidden="true" className="size-5" />
            {t('household.markAll', { count: notYet.length })}
          </button>
        )}
      </div>
      <ul className="mt-3 divide-y divide-line">
        {household.persons.map((person) => {
          const arrived = state.arrived.has(person.id)
          const name = personName(person)
          const table = person.tableId ? tableNames.get(person.tableId) : undefined
          return (
            <li key={person.id} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-lg font-semibold text-ink">
                  {name}
                  {person.type === 'child' && (
                    <span className="ml-2 text-sm font-normal text-muted">
                      {t('household.child')}
                    </span>
                  )}
                </p>
                <p className="text-lg text-ink">
                  {table && person.seat
                    ? t('household.seat', { table, seat: person.seat })
                    : t('household.noSeat')}
                </p>
                {person.attending === false && (
                  <p className="mt-1 inline-block rounded-full bg-amber-50 px-3 py-0.5 text-sm font-semibold text-amber-900">
                    {t('household.declined')}
                  </p>
                )}
                {person.attending === null && (
                  <p className="text-sm text-muted">{t('household.pending')}</p>
                )}
              </div>
              {arrived ? (
                <div className="flex flex-col items-end gap-1">
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-3 py-1 font-semibold text-emerald-900">
                    <Check aria-hidden="true" className="size-5" />
                    {t('household.arrived')}
                  </span>
                  <button
                    type="button"
                    className="text-sm font-semibold text-brand-700 underline"
                    aria-label={t('household.undo', { name })}
                    onClick={() => onMark(household, [person], false)}
                  >
                    {t('household.undoShort')}
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  // Narrower on a phone, so a long surname beside it keeps its line ("Dimaculangan").
                  className="btn btn-secondary min-h-12 shrink-0 px-3 text-base sm:px-4"
                  aria-label={t('household.markArrived', { name })}
                  onClick={() => onMark(household, [person], true)}
                >
                  {t('household.markShort')}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </article>
  )
}

function TableCounts({ counts }: { counts: DoorCounts }) {
  const { t } = useTranslation('checkin')
  return (
    <details className="mt-6 rounded-2xl border border-line bg-white p-4">
      <summary className="cursor-pointer text-lg font-semibold text-ink">
        {t('counts.byTable')}
      </summary>
      {counts.tables.length === 0 ? (
        <p className="mt-3 text-muted">{t('counts.noTables')}</p>
      ) : (
        <table className="mt-3 w-full break-words text-left">
          <thead className="text-sm text-muted">
            <tr>
              <th scope="col" className="py-1 font-semibold">
                {t('counts.table')}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t('counts.arrivedShort')}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t('counts.walkInsShort')}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t('counts.free')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line text-lg">
            {counts.tables.map((row) => (
              <tr key={row.table.id}>
                <th scope="row" className="py-2 font-semibold text-ink">
                  {row.table.name}
                </th>
                <td className="py-2 text-right">
                  {row.arrived} / {row.expected}
                </td>
                <td className="py-2 text-right">{row.walkIns}</td>
                <td className="py-2 text-right">{row.free}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  )
}

function WalkInList({
  roster,
  state,
  tableNames,
  sync,
}: {
  roster: CheckinRoster
  state: DoorState
  tableNames: ReadonlyMap<string, string>
  sync: DoorSync
}) {
  const { t } = useTranslation('checkin')
  const walkIns = [...state.walkIns.values()]
  if (walkIns.length === 0 || roster.tables.length === 0) return null
  return (
    <section
      className="mt-4 rounded-2xl border border-line bg-white p-4"
      aria-labelledby="walk-ins-heading"
    >
      <h2 id="walk-ins-heading" className="text-lg font-semibold text-ink">
        {t('walkIn.listHeading')}
      </h2>
      <ul className="mt-2 divide-y divide-line">
        {walkIns.map((walkIn) => {
          const name = displayName(walkIn.name) || t('walkIn.unnamed')
          return (
            <li key={walkIn.id} className="flex items-center justify-between gap-3 py-2">
              <span className="text-lg text-ink">
                {name} · {tableNames.get(walkIn.tableId) ?? ''}
              </span>
              <button
                type="button"
                className="rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink"
                aria-label={t('walkIn.remove', { name })}
                onClick={() =>
                  void sync.do({ id: newActionId(), kind: 'removeWalkIn', walkInId: walkIn.id })
                }
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

import { useVirtualizer } from '@tanstack/react-virtual'
import type { TFunction } from 'i18next'
import { GripVertical, Search, Users } from 'lucide-react'
import { memo, useId, useMemo, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLastChangeText } from '@/components/last-change-text'
import { paths } from '@/lib/paths'
import {
  declinedUnseated,
  fullName,
  panelRows,
  seatingCounts,
  seatOfPerson,
  unseatedGroups,
  type PanelRow,
  type UnseatedGroup,
} from '../model'
import { useSeatingStore, type Pick } from '../seating-store'
import { useSeatingActions } from '../use-seating-actions'
import { isOurDrag, readDrag, startDrag } from './drag-data'

/**
 * Everyone who may come (accepted or not answered yet) without a seat, by household, with a search;
 * those who declined are listed apart and not offered a seat. Drag a person (or a whole household) onto
 * a seat, or choose them here and then choose a seat. Dropping a seated person here unseats them.
 */
export function GuestPanel() {
  const { t } = useTranslation('seating')
  const households = useSeatingStore((state) => state.households)
  const seats = useSeatingStore((state) => state.history.present.seats)
  const pick = useSeatingStore((state) => state.pick)
  const actions = useSeatingActions()
  const [query, setQuery] = useState('')
  const [dropping, setDropping] = useState(false)
  const [showDeclined, setShowDeclined] = useState(false)
  const ids = useId()

  const layout = useMemo(() => ({ tables: [], seats }), [seats])
  const groups = useMemo(
    () => unseatedGroups(households, layout, query),
    [households, layout, query],
  )
  const rows = useMemo(() => panelRows(groups), [groups])
  // State, not a ref: the list below is rendered inside this box, before a ref to it would be set.
  const [scrollBox, setScrollBox] = useState<HTMLDivElement | null>(null)
  const counts = useMemo(() => seatingCounts(households, layout), [households, layout])
  const declined = useMemo(() => declinedUnseated(households, layout), [households, layout])

  return (
    <section
      aria-labelledby={`${ids}-title`}
      data-seating-unseat
      className={`flex min-h-0 flex-col rounded-xl border bg-white transition-colors ${dropping ? 'border-brand-500 bg-brand-50' : 'border-line'}`}
      onDragOver={(event) => {
        if (!isOurDrag(event)) return
        event.preventDefault()
        setDropping(true)
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false)
      }}
      onDrop={(event) => {
        setDropping(false)
        const payload = readDrag(event)
        if (payload?.kind !== 'person') return
        event.preventDefault()
        if (seatOfPerson(useSeatingStore.getState().history.present, payload.id))
          actions.unseat(payload.id)
      }}
    >
      <div className="border-b border-line p-4">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={`${ids}-title`} className="font-display text-xl">
            {t('guests.title')}
          </h2>
          <p className="text-sm text-muted">{t('guests.total', { count: counts.total })}</p>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
          <div className="rounded-lg bg-brand-50 px-2 py-1.5">
            <dt className="text-xs font-medium text-muted">{t('guests.seated')}</dt>
            <dd
              className="text-lg font-semibold tabular-nums text-brand-700"
              data-testid="seated-count"
            >
              {t('common:number', { value: counts.seated })}
            </dd>
          </div>
          <div className="rounded-lg bg-canvas px-2 py-1.5">
            <dt className="text-xs font-medium text-muted">{t('guests.unseated')}</dt>
            <dd
              className="text-lg font-semibold tabular-nums text-ink"
              data-testid="unseated-count"
            >
              {t('common:number', { value: counts.unseated })}
            </dd>
          </div>
        </dl>
        <label htmlFor="seating-guest-search" className="field-label mt-3">
          {t('guests.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          />
          <input
            id="seating-guest-search"
            type="search"
            className="field-input pl-9"
            placeholder={t('guests.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </div>
        <p className="mt-2 text-xs text-muted">{t('guests.hint')}</p>
      </div>

      <div ref={setScrollBox} className="min-h-0 flex-1 overflow-y-auto p-2">
        {rows.length === 0 ? (
          <p className="p-4 text-center text-sm text-muted">
            {counts.total === 0 ? (
              <>
                {t('guests.noGuests')}{' '}
                <Link className="font-semibold text-brand-700 underline" to={paths.manage.guests}>
                  {t('guests.goToGuestList')}
                </Link>
              </>
            ) : query.trim() ? (
              t('guests.noMatch', { query: query.trim() })
            ) : (
              t('guests.allSeated')
            )}
          </p>
        ) : (
          <GuestListbox
            rows={rows}
            pick={pick}
            scrollBox={scrollBox}
            labelId={`${ids}-list`}
            label={t('guests.listLabel')}
          />
        )}
        {declined.length > 0 && (
          <details
            className="mt-2 rounded-lg border border-line/70 px-3 py-2 text-sm"
            onToggle={(event) => setShowDeclined(event.currentTarget.open)}
          >
            <summary className="cursor-pointer text-xs font-semibold text-muted">
              {t('guests.declinedApart', { count: declined.length })}
            </summary>
            <p className="mt-1 text-xs text-muted">{t('guests.declinedHint')}</p>
            {/* Rendered only when opened: a long list of names nobody looked at weighs on every change. */}
            {showDeclined && (
              <ul className="mt-1 space-y-0.5" aria-label={t('guests.declinedList')}>
                {declined.map((person) => (
                  <li key={person.id} className="break-words text-muted">
                    {fullName(person)}
                  </li>
                ))}
              </ul>
            )}
          </details>
        )}
      </div>
      {dropping && (
        <p className="border-t border-brand-200 p-2 text-center text-xs font-semibold text-brand-700">
          {t('guests.dropToUnseat')}
        </p>
      )}
    </section>
  )
}

interface GuestListboxProps {
  rows: PanelRow[]
  pick: Pick
  scrollBox: HTMLDivElement | null
  labelId: string
  label: string
}

/**
 * The guests without a seat as one listbox: a single tab stop, the arrow keys (and Home, End, Page Up,
 * Page Down) move through households and persons, Enter or Space chooses one (then a seat). Only the
 * lines in view are rendered, so 5,000 guests cost what 50 do.
 */
function GuestListbox({ rows, pick, scrollBox, labelId, label }: GuestListboxProps) {
  const { t } = useTranslation('seating')
  const setPick = useSeatingStore((state) => state.setPick)
  const announce = useSeatingStore((state) => state.announce)
  const [activeKey, setActiveKey] = useState<string | null>(null)
  const found = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey)
  // A line that left the list (seated, or filtered out) hands the focus to the one now in its place.
  const active = Math.min(Math.max(found, 0), rows.length - 1)
  // Not compiler-memoised, and need not be: each line is a memo component of plain props.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollBox,
    estimateSize: (index) => (rows[index]!.kind === 'household' ? 40 : 34),
    overscan: 8,
    getItemKey: (index) => rows[index]!.key,
    useFlushSync: false,
  })

  const optionId = (row: PanelRow) => `${labelId}-${row.key}`
  const rowLabel = (row: PanelRow) =>
    row.kind === 'household' ? householdLabel(t, row.group) : fullName(row.person)

  function choose(row: PanelRow) {
    if (row.kind === 'household') {
      const picked = pick?.kind === 'household' && pick.householdId === row.group.household.id
      setPick(picked ? null : { kind: 'household', householdId: row.group.household.id })
      if (!picked) announce(t('announce.chooseSeatForHousehold', { name: rowLabel(row) }))
    } else {
      const picked = pick?.kind === 'person' && pick.personId === row.person.id
      setPick(picked ? null : { kind: 'person', personId: row.person.id })
      if (!picked) announce(t('announce.chooseSeatFor', { name: rowLabel(row) }))
    }
  }

  function moveTo(index: number) {
    const next = Math.min(Math.max(index, 0), rows.length - 1)
    setActiveKey(rows[next]!.key)
    virtualizer.scrollToIndex(next, { align: 'auto' })
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const page = Math.max(1, Math.floor((scrollBox?.clientHeight ?? 340) / 34) - 1)
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: rows.length - 1,
      PageDown: active + page,
      PageUp: active - page,
    }
    if (event.key in moves) moveTo(moves[event.key]!)
    else if (event.key === 'Enter' || event.key === ' ') choose(rows[active]!)
    else return
    event.preventDefault()
  }

  const activeRow = rows[active]
  return (
    <div
      role="listbox"
      id={labelId}
      tabIndex={0}
      aria-label={label}
      aria-activedescendant={activeRow ? optionId(activeRow) : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (activeKey === null && activeRow) setActiveKey(activeRow.key)
      }}
      className="group/list relative rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!
        const picked =
          row.kind === 'household'
            ? pick?.kind === 'household' && pick.householdId === row.group.household.id
            : pick?.kind === 'person' && pick.personId === row.person.id
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute left-0 top-0 w-full"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <PanelOption
              id={optionId(row)}
              row={row}
              label={rowLabel(row)}
              picked={picked}
              active={item.index === active}
              onChoose={() => {
                setActiveKey(row.key)
                choose(row)
              }}
            />
          </div>
        )
      })}
    </div>
  )
}

function householdLabel(t: TFunction<'seating'>, group: UnseatedGroup): string {
  const head = group.household.persons[0]
  return t('guests.household', { name: head ? fullName(head) : '' })
}

interface PanelOptionProps {
  id: string
  row: PanelRow
  label: string
  picked: boolean
  active: boolean
  onChoose(): void
}

const PanelOption = memo(function PanelOption({
  id,
  row,
  label,
  picked,
  active,
  onChoose,
}: PanelOptionProps) {
  const { t } = useTranslation('seating')
  const lastChangeText = useLastChangeText()
  const ring = active
    ? 'group-focus-visible/list:ring-2 group-focus-visible/list:ring-brand-500 group-focus-visible/list:ring-inset'
    : ''
  if (row.kind === 'household') {
    return (
      <div
        id={id}
        role="option"
        aria-selected={picked}
        draggable
        onDragStart={(event) =>
          startDrag(event, { kind: 'household', id: row.group.household.id }, label)
        }
        onClick={onChoose}
        title={lastChangeText(row.group.household.lastChange) ?? undefined}
        className={`mt-1 flex cursor-grab items-center justify-between gap-2 rounded-md px-2 py-1.5 active:cursor-grabbing ${ring} ${
          picked ? 'bg-brand-600 text-white' : 'hover:bg-brand-50'
        }`}
      >
        {/* The whole name, on two lines if need be (rows are measured): "Ramon Dimaculangan's h…" named no one. */}
        <span className={`min-w-0 text-xs font-semibold ${picked ? 'text-white' : 'text-muted'}`}>
          {label}
        </span>
        {/* The option's name reads "…'s household Seat all 3", not the two run together. */}{' '}
        <span
          className={`flex shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-semibold ${
            picked ? 'border-white/60 text-white' : 'border-line text-brand-700'
          }`}
        >
          <Users aria-hidden="true" className="size-3.5" />
          {t('guests.seatTogether', { count: row.group.persons.length })}
        </span>
      </div>
    )
  }
  const { person } = row
  return (
    <div
      id={id}
      role="option"
      aria-selected={picked}
      draggable
      onDragStart={(event) => startDrag(event, { kind: 'person', id: person.id }, label)}
      onClick={onChoose}
      className={`group flex cursor-grab items-center gap-2 rounded-md px-2 py-1.5 text-sm active:cursor-grabbing ${row.inHousehold ? 'pl-4' : ''} ${ring} ${
        picked ? 'bg-brand-600 text-white' : 'hover:bg-brand-50'
      }`}
    >
      <GripVertical
        aria-hidden="true"
        className={`size-4 shrink-0 ${picked ? 'text-white/80' : 'text-muted/60 group-hover:text-muted'}`}
      />
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {person.type === 'child' && (
        <span
          className={`shrink-0 rounded-full px-1.5 py-0.5 text-[0.6875rem] font-semibold ${picked ? 'bg-white/20 text-white' : 'bg-canvas text-muted'}`}
        >
          {t('guests.child')}
        </span>
      )}
    </div>
  )
})

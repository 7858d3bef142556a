import { GripVertical, Search, Users } from 'lucide-react'
import { memo, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import {
  declinedUnseated,
  fullName,
  seatingCounts,
  seatOfPerson,
  unseatedGroups,
  type RosterPerson,
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
  const ids = useId()

  const layout = useMemo(() => ({ tables: [], seats }), [seats])
  const groups = useMemo(() => unseatedGroups(households, layout, query), [households, layout, query])
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
        if (seatOfPerson(useSeatingStore.getState().history.present, payload.id)) actions.unseat(payload.id)
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
            <dd className="text-lg font-semibold tabular-nums text-brand-700" data-testid="seated-count">
              {counts.seated}
            </dd>
          </div>
          <div className="rounded-lg bg-canvas px-2 py-1.5">
            <dt className="text-xs font-medium text-muted">{t('guests.unseated')}</dt>
            <dd className="text-lg font-semibold tabular-nums text-ink" data-testid="unseated-count">
              {counts.unseated}
            </dd>
          </div>
        </dl>
        <label htmlFor={`${ids}-search`} className="field-label mt-3">
          {t('guests.search')}
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
          <input
            id={`${ids}-search`}
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

      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {groups.length === 0 ? (
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
          <ul className="space-y-2" aria-label={t('guests.listLabel')}>
            {groups.map((group) => (
              <HouseholdGroup key={group.household.id} group={group} pick={pick} />
            ))}
          </ul>
        )}
        {declined.length > 0 && (
          <details className="mt-2 rounded-lg border border-line/70 px-3 py-2 text-sm">
            <summary className="cursor-pointer text-xs font-semibold text-muted">
              {t('guests.declinedApart', { count: declined.length })}
            </summary>
            <p className="mt-1 text-xs text-muted">{t('guests.declinedHint')}</p>
            <ul className="mt-1 space-y-0.5" aria-label={t('guests.declinedList')}>
              {declined.map((person) => (
                <li key={person.id} className="break-words text-muted">
                  {fullName(person)}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      {dropping && <p className="border-t border-brand-200 p-2 text-center text-xs font-semibold text-brand-700">{t('guests.dropToUnseat')}</p>}
    </section>
  )
}

const HouseholdGroup = memo(function HouseholdGroup({ group, pick }: { group: UnseatedGroup; pick: Pick }) {
  const { t } = useTranslation('seating')
  const setPick = useSeatingStore((state) => state.setPick)
  const announce = useSeatingStore((state) => state.announce)
  const head = group.household.persons[0]
  const label = t('guests.household', { name: head ? fullName(head) : '' })
  const householdPicked = pick?.kind === 'household' && pick.guestId === group.household.id

  return (
    <li className="rounded-lg border border-line/70 bg-white">
      <div className="flex items-start justify-between gap-2 px-2 pt-2">
        <h3 className="min-w-0 text-xs font-semibold text-muted">{label}</h3>
        {group.persons.length > 1 && (
          <button
            type="button"
            draggable
            aria-pressed={householdPicked}
            aria-label={t('guests.seatTogetherLabel', { household: label, count: group.persons.length })}
            className={`flex shrink-0 cursor-grab items-center gap-1 rounded-md border px-2 py-1 text-xs font-semibold active:cursor-grabbing ${
              householdPicked ? 'border-brand-600 bg-brand-600 text-white' : 'border-line text-brand-700 hover:bg-brand-50'
            }`}
            onDragStart={(event) => startDrag(event, { kind: 'household', id: group.household.id }, label)}
            onClick={() => {
              setPick(householdPicked ? null : { kind: 'household', guestId: group.household.id })
              if (!householdPicked) announce(t('announce.chooseSeatForHousehold', { name: label }))
            }}
          >
            <Users aria-hidden="true" className="size-3.5" />
            {t('guests.seatTogether', { count: group.persons.length })}
          </button>
        )}
      </div>
      <ul className="p-1">
        {group.persons.map((person) => (
          <PersonItem key={person.id} person={person} picked={pick?.kind === 'person' && pick.personId === person.id} />
        ))}
      </ul>
    </li>
  )
})

function PersonItem({ person, picked }: { person: RosterPerson; picked: boolean }) {
  const { t } = useTranslation('seating')
  const setPick = useSeatingStore((state) => state.setPick)
  const announce = useSeatingStore((state) => state.announce)
  const name = fullName(person)
  const notes = person.type === 'child' ? [t('guests.child')] : []
  return (
    <li>
      <button
        type="button"
        draggable
        aria-pressed={picked}
        className={`group flex w-full cursor-grab items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm active:cursor-grabbing ${
          picked ? 'bg-brand-600 text-white' : 'hover:bg-brand-50'
        }`}
        onDragStart={(event) => startDrag(event, { kind: 'person', id: person.id }, name)}
        onClick={() => {
          setPick(picked ? null : { kind: 'person', personId: person.id })
          if (!picked) announce(t('announce.chooseSeatFor', { name }))
        }}
      >
        <GripVertical aria-hidden="true" className={`size-4 shrink-0 ${picked ? 'text-white/80' : 'text-muted/60 group-hover:text-muted'}`} />
        <span className="min-w-0 flex-1 truncate">{name}</span>
        {notes.map((note) => (
          <span
            key={note}
            className={`shrink-0 rounded-full px-1.5 py-0.5 text-[0.6875rem] font-semibold ${picked ? 'bg-white/20 text-white' : 'bg-canvas text-muted'}`}
          >
            {note}
          </span>
        ))}
      </button>
    </li>
  )
}

import { Settings2, X } from 'lucide-react'
import { memo, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fullName, personsById, type RosterPerson, type Seat, type Table } from '../model'
import { groupedSeats, useSeatingStore } from '../seating-store'
import { useSeatingActions } from '../use-seating-actions'
import { isOurDrag, readDrag, startDrag } from './drag-data'
import { TableTypeIcon } from './table-type-icon'

/**
 * Every table with its seats, as buttons: the chart for keyboards and screen readers (choose a
 * guest, then a seat here), and a plain overview of who sits where.
 */
export function TableList({ onShowTable }: { onShowTable(tableId: string): void }) {
  const { t } = useTranslation('seating')
  const layout = useSeatingStore((state) => state.history.present)
  const households = useSeatingStore((state) => state.households)
  const pick = useSeatingStore((state) => state.pick)
  const ids = useId()
  const persons = useMemo(() => personsById(households), [households])
  const seatsByTable = useMemo(() => groupedSeats(layout), [layout])

  return (
    <section
      id="seating-tables"
      aria-labelledby={`${ids}-title`}
      tabIndex={-1}
      className="mt-8 scroll-mt-4 focus:outline-none"
    >
      <h2 id={`${ids}-title`} className="font-display text-2xl">
        {t('tables.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('tables.hint')}</p>
      {layout.tables.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-line bg-white p-6 text-center text-sm text-muted">
          {t('tables.empty')}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {layout.tables.map((table) => (
            <TableCard
              key={table.id}
              table={table}
              seats={seatsByTable.get(table.id) ?? []}
              persons={persons}
              pickActive={pick !== null}
              onShowTable={onShowTable}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

interface TableCardProps {
  table: Table
  seats: readonly Seat[]
  persons: ReadonlyMap<string, RosterPerson>
  pickActive: boolean
  onShowTable(tableId: string): void
}

const TableCard = memo(function TableCard({
  table,
  seats,
  persons,
  pickActive,
  onShowTable,
}: TableCardProps) {
  const { t } = useTranslation('seating')
  const selectTable = useSeatingStore((state) => state.selectTable)
  const actions = useSeatingActions()
  const [target, setTarget] = useState<string | null>(null)
  const seated = seats.filter((seat) => seat.personId && persons.has(seat.personId)).length

  return (
    <li className="rounded-xl border border-line bg-white p-3" aria-label={table.name}>
      <div className="flex items-center gap-2">
        <TableTypeIcon type={table.type} />
        <h3 className="min-w-0 flex-1 truncate font-semibold">{table.name}</h3>
        <span className="text-xs tabular-nums text-muted">
          {t('tables.seatedOf', { seated, total: seats.length })}
        </span>
        <button
          type="button"
          className="rounded-md p-1.5 text-muted hover:bg-brand-50 hover:text-ink"
          aria-label={t('tables.options', { name: table.name })}
          onClick={() => {
            onShowTable(table.id)
            selectTable(table.id)
          }}
        >
          <Settings2 aria-hidden="true" className="size-4" />
        </button>
      </div>
      <ol className="mt-2 grid grid-cols-1 gap-1 min-[420px]:grid-cols-2">
        {seats.map((seat, index) => {
          const person = seat.personId ? persons.get(seat.personId) : undefined
          const name = person ? fullName(person) : null
          const label = t('seatLabel', { table: table.name, number: index + 1 })
          return (
            <li key={seat.id} className="flex min-w-0 items-center">
              <button
                type="button"
                draggable={Boolean(person)}
                aria-label={
                  name
                    ? t('tables.seatTaken', { seat: label, name })
                    : t('tables.seatFree', { seat: label })
                }
                className={`flex min-w-0 flex-1 items-center gap-2 rounded-md border px-2 py-1 text-left text-sm ${
                  target === seat.id
                    ? 'border-teal-700 bg-teal-50'
                    : person
                      ? 'border-transparent hover:bg-brand-50'
                      : pickActive
                        ? 'border-dashed border-brand-500 bg-brand-50/60 hover:bg-brand-50'
                        : 'border-transparent text-muted hover:bg-canvas'
                }`}
                onClick={() => actions.chooseSeat(seat)}
                onDragStart={(event) =>
                  person && name && startDrag(event, { kind: 'person', id: person.id }, name)
                }
                onDragOver={(event) => {
                  if (!isOurDrag(event)) return
                  event.preventDefault()
                  setTarget(seat.id)
                }}
                onDragLeave={() => setTarget(null)}
                onDrop={(event) => {
                  setTarget(null)
                  const payload = readDrag(event)
                  if (!payload) return
                  event.preventDefault()
                  if (payload.kind === 'person') actions.seatPerson(payload.id, seat.id)
                  else actions.seatHousehold(payload.id, seat.id)
                }}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-6 shrink-0 items-center justify-center rounded-full text-[0.6875rem] font-semibold tabular-nums ${
                    person ? 'bg-brand-600 text-white' : 'border border-line bg-white text-muted'
                  }`}
                >
                  {index + 1}
                </span>
                {/* A space, so the seat reads "3 Ramon Santos" (as its name has it), not "3Ramon Santos". */}{' '}
                <span className="min-w-0 flex-1 truncate">{name ?? t('tables.free')}</span>
              </button>
              {person && name && (
                <button
                  type="button"
                  className="ml-0.5 shrink-0 rounded-md p-1 text-muted hover:bg-red-50 hover:text-red-800"
                  aria-label={t('tables.unseat', { name })}
                  onClick={() => actions.unseat(person.id)}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              )}
            </li>
          )
        })}
      </ol>
    </li>
  )
})

import * as Popover from '@radix-ui/react-popover'
import { Copy, Minus, Plus, Trash2, X } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '@/components/confirm-dialog'
import {
  changeType,
  deleteTable,
  duplicateTable,
  MAX_SEATS_PER_TABLE,
  parseSeatCount,
  renameTable,
  resizeSeats,
  SEAT_RADIUS,
  TABLE_TYPES,
  toScreen,
  type Seat,
  type Table,
  type View,
} from '../model'
import { useSeatingStore } from '../seating-store'
import { TableTypeIcon } from './table-type-icon'

interface TableMenuProps {
  table: Table
  seats: readonly Seat[]
  view: View
}

/** Where the table (with its seats) is on screen, for the menu to stand beside it. */
function screenBox(table: Table, seats: readonly Seat[], view: View) {
  let left = -table.width / 2
  let right = table.width / 2
  let top = -table.height / 2
  let bottom = table.height / 2
  for (const seat of seats) {
    left = Math.min(left, seat.x - SEAT_RADIUS)
    right = Math.max(right, seat.x + SEAT_RADIUS)
    top = Math.min(top, seat.y - SEAT_RADIUS)
    bottom = Math.max(bottom, seat.y + SEAT_RADIUS)
  }
  const corner = toScreen(view, { x: table.x + left, y: table.y + top })
  return {
    left: corner.x,
    top: corner.y,
    width: (right - left) * view.scale,
    height: (bottom - top) * view.scale,
  }
}

/**
 * The menu of one table, beside it on the chart: rename, seats, type, duplicate, delete. It closes
 * on a click outside it or Escape; every change is one undo step.
 */
export function TableMenu({ table, seats, view }: TableMenuProps) {
  const { t } = useTranslation('seating')
  const apply = useSeatingStore((state) => state.apply)
  const selectTable = useSeatingStore((state) => state.selectTable)
  const [name, setName] = useState(table.name)
  const [seatCount, setSeatCount] = useState(String(seats.length))
  const [confirming, setConfirming] = useState(false)
  const ids = useId()
  const seated = seats.filter((seat) => seat.personId).length

  function commitName() {
    apply((layout) => renameTable(layout, table.id, name))
    // A blank name is ignored: the field shows the table's name again.
    if (name.trim() === '') setName(table.name)
  }

  function commitSeats(value: string | number) {
    const count = parseSeatCount(value)
    if (count === null) return setSeatCount(String(seats.length))
    apply((layout) => resizeSeats(layout, table.id, count))
    setSeatCount(String(count))
  }

  function duplicate() {
    apply((layout) =>
      duplicateTable(layout, table.id, { name: t('copyName', { name: table.name }) }),
    )
    const copy = useSeatingStore.getState().history.present.tables.at(-1)
    if (copy) selectTable(copy.id)
  }

  /** Closing keeps what was typed: the fields may still have focus when a click lands outside. */
  function close() {
    if (name.trim() !== '') apply((layout) => renameTable(layout, table.id, name))
    const count = parseSeatCount(seatCount)
    if (count !== null) apply((layout) => resizeSeats(layout, table.id, count))
    selectTable(null)
  }

  const box = screenBox(table, seats, view)

  return (
    <Popover.Root open onOpenChange={(open) => !open && close()}>
      <Popover.Anchor asChild>
        <div aria-hidden="true" className="pointer-events-none absolute" style={box} />
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          // Beside the table where there is room; on a phone, below it.
          side={window.matchMedia?.('(max-width: 639px)').matches ? 'bottom' : 'right'}
          align="center"
          sideOffset={10}
          collisionPadding={12}
          aria-labelledby={`${ids}-title`}
          className="z-40 w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border border-line bg-white p-4 text-ink shadow-xl"
          // The delete confirmation is a dialog of its own; the menu waits behind it.
          onInteractOutside={(event) => confirming && event.preventDefault()}
        >
          <div className="mb-3 flex items-start justify-between gap-2">
            <h2 id={`${ids}-title`} className="break-words font-display text-lg leading-tight">
              {table.name}
            </h2>
            <Popover.Close
              className="-m-1 rounded-md p-1 text-muted hover:bg-brand-50 hover:text-ink"
              aria-label={t('menu.close')}
            >
              <X aria-hidden="true" className="size-4" />
            </Popover.Close>
          </div>

          <label className="field-label" htmlFor={`${ids}-name`}>
            {t('menu.name')}
          </label>
          <input
            id={`${ids}-name`}
            className="field-input"
            value={name}
            maxLength={60}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            onBlur={commitName}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                commitName()
              }
            }}
          />

          <label className="field-label mt-3" htmlFor={`${ids}-seats`}>
            {t('menu.seats')}
          </label>
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="btn btn-secondary px-3"
              aria-label={t('menu.fewerSeats')}
              disabled={seats.length <= 1}
              onClick={() => commitSeats(seats.length - 1)}
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <input
              id={`${ids}-seats`}
              className="field-input text-center tabular-nums"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SEATS_PER_TABLE}
              value={seatCount}
              onChange={(event) => setSeatCount(event.target.value)}
              onBlur={() => commitSeats(seatCount)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault()
                  commitSeats(seatCount)
                }
              }}
            />
            <button
              type="button"
              className="btn btn-secondary px-3"
              aria-label={t('menu.moreSeats')}
              disabled={seats.length >= MAX_SEATS_PER_TABLE}
              onClick={() => commitSeats(seats.length + 1)}
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </div>

          <fieldset className="mt-3">
            <legend className="field-label">{t('menu.type')}</legend>
            <div className="grid grid-cols-2 gap-2">
              {TABLE_TYPES.map((type) => (
                <label
                  key={type}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-2.5 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`${ids}-type`}
                    value={type}
                    checked={table.type === type}
                    onChange={() => apply((layout) => changeType(layout, table.id, type))}
                  />
                  <TableTypeIcon type={type} />
                  {t(`types.${type}`)}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="mt-4 flex gap-2">
            <button type="button" className="btn btn-secondary flex-1" onClick={duplicate}>
              <Copy aria-hidden="true" className="size-4" />
              {t('menu.duplicate')}
            </button>
            <button
              type="button"
              className="btn btn-secondary flex-1 text-red-800 hover:!border-red-200 hover:!bg-red-50"
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('menu.delete')}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('delete.title')}
        description={seated > 0 ? t('delete.seated', { count: seated }) : t('delete.empty')}
        confirmLabel={t('delete.confirm')}
        onConfirm={() => {
          setConfirming(false)
          selectTable(null)
          apply((layout) => deleteTable(layout, table.id))
          useSeatingStore.getState().announce(t('announce.deleted', { name: table.name }))
        }}
      />
    </Popover.Root>
  )
}

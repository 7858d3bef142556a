import { IdCard, ImageDown, Plus, Printer, Redo2, Undo2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import {
  addTable,
  canRedo,
  canUndo,
  DEFAULT_SEAT_COUNT,
  MAX_SEATS_PER_TABLE,
  seatCountOrDefault,
  TABLE_TYPES,
  type TableType,
} from '../model'
import { useSeatingStore } from '../seating-store'

interface SeatingToolbarProps {
  onDownloadImage(): void
  onPrint(): void
}

/** Add a table (type and seats), undo and redo, and the venue's copies: image and printout. */
export function SeatingToolbar({ onDownloadImage, onPrint }: SeatingToolbarProps) {
  const { t } = useTranslation('seating')
  const ids = useId()
  const history = useSeatingStore((state) => state.history)
  const apply = useSeatingStore((state) => state.apply)
  const undo = useSeatingStore((state) => state.undo)
  const redo = useSeatingStore((state) => state.redo)
  const announce = useSeatingStore((state) => state.announce)
  const [type, setType] = useState<TableType>('round')
  const [seatCount, setSeatCount] = useState(String(DEFAULT_SEAT_COUNT))
  const hasTables = history.present.tables.length > 0

  function add(event: FormEvent) {
    event.preventDefault()
    const { tables } = useSeatingStore.getState().history.present
    let number = tables.length + 1
    while (tables.some((table) => table.name === t('defaultTableName', { number }))) number++
    const name = t('defaultTableName', { number })
    const count = seatCountOrDefault(seatCount)
    apply((layout) => addTable(layout, { name, type, seatCount: count }))
    setSeatCount(String(count))
    announce(t('announce.added', { name, count }))
  }

  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <form
        onSubmit={add}
        noValidate
        className="flex flex-wrap items-end gap-2"
        aria-label={t('toolbar.addTableForm')}
      >
        <div>
          <label htmlFor={`${ids}-type`} className="field-label">
            {t('toolbar.tableType')}
          </label>
          <select
            id={`${ids}-type`}
            className="field-input py-2"
            value={type}
            onChange={(event) => setType(event.target.value as TableType)}
          >
            {TABLE_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-seats`} className="field-label">
            {t('toolbar.seats')}
          </label>
          <input
            id={`${ids}-seats`}
            className="field-input w-20 py-2 tabular-nums"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEATS_PER_TABLE}
            value={seatCount}
            onChange={(event) => setSeatCount(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          <Plus aria-hidden="true" className="size-4" />
          {t('toolbar.addTable')}
        </button>
      </form>

      <div className="flex gap-1" aria-label={t('toolbar.history')} role="group">
        <button
          type="button"
          className="btn btn-secondary px-3"
          onClick={undo}
          disabled={!canUndo(history)}
          title={t('toolbar.undoShortcut')}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          <Undo2 aria-hidden="true" className="size-4" />
          <span>{t('toolbar.undo')}</span>
        </button>
        <button
          type="button"
          className="btn btn-secondary px-3"
          onClick={redo}
          disabled={!canRedo(history)}
          title={t('toolbar.redoShortcut')}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
        >
          <Redo2 aria-hidden="true" className="size-4" />
          <span>{t('toolbar.redo')}</span>
        </button>
      </div>

      <div
        className="flex w-full flex-col gap-2 min-[420px]:w-auto min-[420px]:flex-row min-[420px]:gap-1 sm:ml-auto"
        role="group"
        aria-label={t('toolbar.forVenue')}
      >
        <button
          type="button"
          className="btn btn-secondary whitespace-nowrap px-3"
          onClick={onDownloadImage}
          disabled={!hasTables}
        >
          <ImageDown aria-hidden="true" className="size-4" />
          {t('toolbar.downloadImage')}
        </button>
        <button
          type="button"
          className="btn btn-secondary whitespace-nowrap px-3"
          onClick={onPrint}
          disabled={!hasTables}
        >
          <Printer aria-hidden="true" className="size-4" />
          {t('toolbar.print')}
        </button>
        <Link to={paths.manage.print} className="btn btn-secondary whitespace-nowrap px-3">
          <IdCard aria-hidden="true" className="size-4" />
          {t('toolbar.printables')}
        </Link>
      </div>
    </div>
  )
}

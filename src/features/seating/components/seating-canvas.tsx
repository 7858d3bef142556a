// The chart on screen: sizes the Konva stage to its box, keeps the view (zoom and pan), takes guests
// dropped from the lists, and shows the menu of the table that was clicked. Loaded lazily with
// Konva, so the rest of the screen does not wait for it.

import type Konva from 'konva/lib/Core'
import { Maximize, Minus, Plus } from 'lucide-react'
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import {
  centreOn,
  fitView,
  isInView,
  layoutBounds,
  MAX_ZOOM,
  MIN_ZOOM,
  moveTable,
  personsById,
  SEAT_RADIUS,
  seatAt,
  toGrid,
  zoomAt,
  ZOOM_STEP,
  type Size,
  type View,
} from '../model'
import { groupedSeats, useSeatingStore } from '../seating-store'
import { useSeatingActions } from '../use-seating-actions'
import { isOurDrag, readDrag } from './drag-data'
import { SeatingStage, type StageActions } from './seating-stage'
import { TableMenu } from './table-menu'

export interface CanvasHandle {
  /** The whole chart as a PNG data URL (white background, twice the resolution), or null if empty. */
  exportImage(): string | null
  /** Brings a table into view on the chart, and the chart into view on the page if asked. */
  showTable(tableId: string, scrollPage?: boolean): void
}

/** The first view: the whole chart when there is one, else the top-left corner where tables start. */
function initialView(bounds: ReturnType<typeof layoutBounds>, size: Size): View {
  return bounds ? fitView(bounds, size) : { scale: 1, x: 0, y: 0 }
}

export function SeatingCanvas({ ref }: { ref?: Ref<CanvasHandle> }) {
  const { t } = useTranslation('seating')
  const layout = useSeatingStore((state) => state.history.present)
  const households = useSeatingStore((state) => state.households)
  const pick = useSeatingStore((state) => state.pick)
  const selectedTableId = useSeatingStore((state) => state.selectedTableId)
  const actions = useSeatingActions()

  const box = useRef<HTMLDivElement>(null)
  const stage = useRef<Konva.Stage | null>(null)
  const [size, setSize] = useState<Size | null>(null)
  const [view, setView] = useState<View | null>(null)
  const [targetSeatId, setTargetSeatId] = useState<string | null>(null)
  // While the chart is drawn into a picture at 100%, its writing is sized for 100% too.
  const [exporting, setExporting] = useState(false)

  // The first view is fitted once, when the box has a size; after that it is the couple's.
  if (view === null && size) setView(initialView(layoutBounds(layout), size))

  useEffect(() => {
    const element = box.current
    if (!element) return
    const observer = new ResizeObserver(() => {
      setSize((before) => {
        const next = { width: element.clientWidth, height: element.clientHeight }
        return before && before.width === next.width && before.height === next.height
          ? before
          : next
      })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const persons = useMemo(() => personsById(households), [households])
  const seatsByTable = useMemo(() => groupedSeats(layout), [layout])

  const sizeRef = useRef(size)
  const viewRef = useRef(view)
  useEffect(() => {
    sizeRef.current = size
    viewRef.current = view
  }, [size, view])

  const showTable = useCallback((tableId: string, scrollPage = false) => {
    const table = useSeatingStore.getState().history.present.tables.find((t) => t.id === tableId)
    const current = viewRef.current
    const stageSize = sizeRef.current
    if (!table || !current || !stageSize) return
    if (!isInView(current, stageSize, table, 60)) setView(centreOn(table, stageSize, current.scale))
    // From the table list far below: bring the chart (and so the table's menu) on screen.
    if (scrollPage) box.current?.scrollIntoView({ block: 'nearest' })
  }, [])

  // A new table (added or duplicated) comes into view.
  const tableCount = layout.tables.length
  const lastTableId = layout.tables.at(-1)?.id
  const seenTables = useRef(tableCount)
  useEffect(() => {
    if (tableCount > seenTables.current && lastTableId) showTable(lastTableId)
    seenTables.current = tableCount
  }, [tableCount, lastTableId, showTable])

  useImperativeHandle(
    ref,
    () => ({
      showTable,
      exportImage() {
        const node = stage.current
        const bounds = layoutBounds(useSeatingStore.getState().history.present)
        if (!node || !bounds) return null
        const margin = 40
        flushSync(() => setExporting(true))
        const saved = { scale: node.scaleX(), x: node.x(), y: node.y() }
        const grid = node.getLayers()[0]
        grid?.visible(false)
        node.scale({ x: 1, y: 1 })
        node.position({ x: 0, y: 0 })
        const area = {
          x: bounds.x - margin,
          y: bounds.y - margin,
          width: bounds.width + 2 * margin,
          height: bounds.height + 2 * margin,
        }
        const chart = node.toCanvas({ ...area, pixelRatio: 2 })
        node.scale({ x: saved.scale, y: saved.scale })
        node.position({ x: saved.x, y: saved.y })
        grid?.visible(true)
        flushSync(() => setExporting(false))
        node.batchDraw()
        const image = document.createElement('canvas')
        image.width = chart.width
        image.height = chart.height
        const context = image.getContext('2d')
        if (!context) return null
        context.fillStyle = '#ffffff'
        context.fillRect(0, 0, image.width, image.height)
        context.drawImage(chart, 0, 0)
        return image.toDataURL('image/png')
      },
    }),
    [showTable],
  )

  const stageActions = useMemo<StageActions>(() => {
    const store = () => useSeatingStore.getState()
    return {
      selectTable(tableId) {
        const { pick } = store()
        if (pick) return // while seating someone, a click on a table is not for its menu
        store().selectTable(tableId)
      },
      moveTable(tableId, to) {
        store().apply((current) => moveTable(current, tableId, to))
      },
      activateSeat(seat) {
        const outcome = actions.chooseSeat(seat)
        if (outcome === 'nothing') store().selectTable(seat.tableId)
      },
      dropSeated(personId, client) {
        const element = document.elementFromPoint(client.x, client.y)
        if (element?.closest('[data-seating-unseat]')) return actions.unseat(personId)
        const rect = box.current?.getBoundingClientRect()
        const current = viewRef.current
        if (!rect || !current || !box.current?.contains(element)) return
        const point = toGrid(current, { x: client.x - rect.left, y: client.y - rect.top })
        const seat = seatAt(store().history.present, point, SEAT_RADIUS + 4)
        // Onto another seat: the two trade places if it is taken.
        if (seat && seat.personId !== personId) actions.seatPerson(personId, seat.id)
      },
      clearSelection() {
        store().selectTable(null)
      },
      changeView(next) {
        setView(next)
      },
    }
  }, [actions])

  /** The seat under a point of the window, if any. */
  function seatUnder(clientX: number, clientY: number) {
    const rect = box.current?.getBoundingClientRect()
    if (!rect || !view) return undefined
    const point = toGrid(view, { x: clientX - rect.left, y: clientY - rect.top })
    return seatAt(layout, point, SEAT_RADIUS + 4)
  }

  function zoomBy(factor: number) {
    if (!view || !size) return
    setView(zoomAt(view, { x: size.width / 2, y: size.height / 2 }, view.scale * factor))
  }

  const selectedTable = layout.tables.find((table) => table.id === selectedTableId)

  return (
    <div className="relative">
      <div
        ref={box}
        role="region"
        aria-roledescription={t('canvas.roleDescription')}
        aria-label={t('canvas.label')}
        aria-describedby="seating-canvas-help"
        className="relative h-[min(1000px,calc(100dvh-14rem))] min-h-[22rem] touch-none overflow-hidden rounded-xl border border-line bg-canvas lg:min-h-[32rem]"
        data-testid="seating-canvas"
        onDragOver={(event) => {
          if (!isOurDrag(event)) return
          event.preventDefault()
          event.dataTransfer.dropEffect = 'move'
          const seat = seatUnder(event.clientX, event.clientY)
          setTargetSeatId((before) => (before === (seat?.id ?? null) ? before : (seat?.id ?? null)))
        }}
        onDragLeave={(event) => {
          if (!box.current?.contains(event.relatedTarget as Node | null)) setTargetSeatId(null)
        }}
        onDrop={(event) => {
          const payload = readDrag(event)
          if (!payload) return
          event.preventDefault()
          setTargetSeatId(null)
          const seat = seatUnder(event.clientX, event.clientY)
          if (!seat) return useSeatingStore.getState().announce(t('announce.missedSeat'))
          if (payload.kind === 'person') actions.seatPerson(payload.id, seat.id)
          else actions.seatHousehold(payload.id, seat.id)
        }}
      >
        {size && view && (
          <SeatingStage
            stageRef={stage}
            layout={layout}
            seatsByTable={seatsByTable}
            persons={persons}
            width={size.width}
            height={size.height}
            view={view}
            labelScale={exporting ? 1 : view.scale}
            selectedTableId={selectedTableId}
            pickActive={pick !== null}
            pickedPersonId={pick?.kind === 'person' ? pick.personId : null}
            targetSeatId={targetSeatId}
            actions={stageActions}
          />
        )}
        {layout.tables.length === 0 && (
          <p className="pointer-events-none absolute inset-x-4 top-1/2 mx-auto max-w-sm -translate-y-1/2 rounded-xl bg-white/90 p-4 text-center text-sm text-muted shadow-sm">
            {t('canvas.empty')}
          </p>
        )}
        {selectedTable && view && (
          <TableMenu
            key={selectedTable.id}
            table={selectedTable}
            view={view}
            seats={seatsByTable.get(selectedTable.id) ?? []}
          />
        )}
      </div>
      <p id="seating-canvas-help" className="sr-only">
        {t('canvas.help')}
      </p>
      <div className="absolute bottom-3 right-3 flex items-center gap-1 rounded-lg border border-line bg-white p-1 shadow-sm">
        <button
          type="button"
          className="rounded-md p-2 text-ink hover:bg-brand-50 disabled:opacity-40"
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          disabled={!view || view.scale <= MIN_ZOOM}
          aria-label={t('canvas.zoomOut')}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <output
          className="min-w-12 text-center text-xs font-semibold tabular-nums text-muted"
          aria-live="off"
        >
          {t('canvas.zoom', { percent: Math.round((view?.scale ?? 1) * 100) })}
        </output>
        <button
          type="button"
          className="rounded-md p-2 text-ink hover:bg-brand-50 disabled:opacity-40"
          onClick={() => zoomBy(ZOOM_STEP)}
          disabled={!view || view.scale >= MAX_ZOOM}
          aria-label={t('canvas.zoomIn')}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className="rounded-md p-2 text-ink hover:bg-brand-50"
          onClick={() => size && setView(initialView(layoutBounds(layout), size))}
          aria-label={t('canvas.fit')}
          title={t('canvas.fit')}
        >
          <Maximize aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  )
}

export default SeatingCanvas

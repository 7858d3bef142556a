// The Konva drawing of the chart. It draws from data and reports gestures; the rules (snapping,
// who may sit where) are the model's. Three layers: the grid (static, redrawn only when the view
// moves), the tables, and a drag layer that holds whatever is being dragged, so a drag frame
// redraws one table instead of all of them. Each table is memoised on its own data, so a change to
// one table re-renders that table only.

import Konva from 'konva/lib/Core'
import 'konva/lib/shapes/Circle'
import 'konva/lib/shapes/Rect'
import 'konva/lib/shapes/Text'
import { memo, useMemo, useRef, type Ref, type RefObject } from 'react'
import { Circle, Group, Layer, Rect, Shape, Stage, Text } from 'react-konva/lib/ReactKonvaCore'
import {
  GRID_SIZE,
  GRID_SNAP,
  halfExtent,
  initials,
  labelSizes,
  type LabelSizes,
  SEAT_RADIUS,
  snapPoint,
  zoomAt,
  type Point,
  type RosterPerson,
  type Seat,
  type SeatingLayout,
  type Table,
  type View,
} from '../model'
import { chartColours } from './chart-colours'

// A click that wanders a few pixels is still a click, not a drag.
Konva.dragDistance = 4

const FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'
/** Line height of the overview labels, as a share of the font size. */
const LINE = 1.2

let measuring: CanvasRenderingContext2D | null | undefined
/** How wide a line of bold text is drawn, to size the box behind an overview label. */
function textWidth(text: string, size: number): number {
  if (measuring === undefined) measuring = document.createElement('canvas').getContext('2d')
  if (!measuring) return text.length * size * 0.6
  measuring.font = `bold ${size}px ${FONT}`
  return measuring.measureText(text).width
}

export interface StageActions {
  selectTable(tableId: string): void
  moveTable(tableId: string, to: Point): void
  activateSeat(seat: Seat): void
  /** A seated person was dragged off their seat and let go at this point of the window. */
  dropSeated(personId: string, client: Point): void
  clearSelection(): void
  changeView(view: View): void
}

export interface SeatingStageProps {
  layout: SeatingLayout
  seatsByTable: ReadonlyMap<string, readonly Seat[]>
  persons: ReadonlyMap<string, RosterPerson>
  width: number
  height: number
  view: View
  /** The zoom the writing is sized for: the view's, but 1 while the chart is drawn into a picture. */
  labelScale?: number
  selectedTableId: string | null
  /** A person (or household) is chosen and waits for a seat: free seats are marked. */
  pickActive: boolean
  /** The seated person picked up to move, if any. */
  pickedPersonId: string | null
  /** The seat under a guest being dragged from the list. */
  targetSeatId: string | null
  actions: StageActions
  stageRef?: Ref<Konva.Stage>
}

/** The pointer over the chart shows what a press would do: move a table, pick up a guest, pan. */
function cursorFor(target: Konva.Node): string {
  const seat = target.findAncestor('.seat', true)
  if (seat) return (seat as Konva.Group).draggable() ? 'grab' : 'pointer'
  if (target.findAncestor('.table', true)) return 'move'
  return 'grab'
}

/** The native event's position in the window, for mouse, pen and touch alike. */
function clientPoint(event: Event): Point | null {
  if ('changedTouches' in event) {
    const touch = (event as TouchEvent).changedTouches[0]
    return touch ? { x: touch.clientX, y: touch.clientY } : null
  }
  if ('clientX' in event)
    return { x: (event as MouseEvent).clientX, y: (event as MouseEvent).clientY }
  return null
}

/** The 2000 px grid: fine lines every 20 px, stronger ones every 100 px. One shape, drawn once. */
const Grid = memo(function Grid() {
  return (
    <Shape
      listening={false}
      perfectDrawEnabled={false}
      sceneFunc={(context) => {
        context.fillStyle = chartColours.paper
        context.fillRect(0, 0, GRID_SIZE, GRID_SIZE)
        for (const [step, colour] of [
          [GRID_SNAP, chartColours.gridMinor],
          [GRID_SNAP * 5, chartColours.gridMajor],
        ] as const) {
          context.beginPath()
          for (let at = 0; at <= GRID_SIZE; at += step) {
            context.moveTo(at, 0)
            context.lineTo(at, GRID_SIZE)
            context.moveTo(0, at)
            context.lineTo(GRID_SIZE, at)
          }
          context.strokeStyle = colour
          context.lineWidth = 1
          context.stroke()
        }
      }}
    />
  )
})

interface SeatNodeProps {
  seat: Seat
  person: RosterPerson | undefined
  /** Too small to read when zoomed far out: the seat's colour says it is taken. */
  showInitials: boolean
  pickActive: boolean
  picked: boolean
  target: boolean
  actions: StageActions
  dragLayer: RefObject<Konva.Layer | null>
}

const SeatNode = memo(function SeatNode({
  seat,
  person,
  showInitials,
  pickActive,
  picked,
  target,
  actions,
  dragLayer,
}: SeatNodeProps) {
  const home = useRef<Konva.Container | null>(null)
  const occupied = Boolean(person)
  return (
    <Group
      id={`seat-${seat.id}`}
      name="seat"
      x={seat.x}
      y={seat.y}
      draggable={occupied}
      onClick={(event) => {
        event.cancelBubble = true
        actions.activateSeat(seat)
      }}
      onTap={(event) => {
        event.cancelBubble = true
        actions.activateSeat(seat)
      }}
      onDragStart={(event) => {
        event.cancelBubble = true
        const node = event.target
        home.current = node.getParent()
        const at = node.absolutePosition()
        if (dragLayer.current) node.moveTo(dragLayer.current)
        node.absolutePosition(at)
      }}
      onDragMove={(event) => {
        event.cancelBubble = true
      }}
      onDragEnd={(event) => {
        event.cancelBubble = true
        const node = event.target
        if (home.current) node.moveTo(home.current)
        node.position({ x: seat.x, y: seat.y })
        const client = clientPoint(event.evt)
        if (person && client) actions.dropSeated(person.id, client)
      }}
    >
      <Circle
        radius={SEAT_RADIUS}
        fill={occupied ? (picked ? chartColours.picked : chartColours.seated) : chartColours.seat}
        stroke={
          target
            ? chartColours.target
            : picked
              ? chartColours.picked
              : occupied
                ? chartColours.seated
                : chartColours.seatStroke
        }
        strokeWidth={target ? 3 : pickActive && !occupied ? 2 : 1.25}
        dash={pickActive && !occupied && !target ? [4, 3] : undefined}
        perfectDrawEnabled={false}
        shadowForStrokeEnabled={false}
      />
      {person && showInitials && (
        <Text
          text={initials(person)}
          x={-SEAT_RADIUS}
          y={-SEAT_RADIUS}
          width={SEAT_RADIUS * 2}
          height={SEAT_RADIUS * 2}
          align="center"
          verticalAlign="middle"
          fontSize={10}
          fontStyle="bold"
          fontFamily={FONT}
          fill={chartColours.seatedText}
          listening={false}
          perfectDrawEnabled={false}
        />
      )}
    </Group>
  )
})

interface TableNodeProps {
  table: Table
  seats: readonly Seat[]
  persons: ReadonlyMap<string, RosterPerson>
  /** Passed as numbers, not the object, so each table redraws only when a size really changes. */
  overview: boolean
  nameSize: number
  countSize: number
  showInitials: boolean
  selected: boolean
  pickActive: boolean
  pickedPersonId: string | null
  targetSeatId: string | null
  actions: StageActions
  dragLayer: RefObject<Konva.Layer | null>
}

const TableNode = memo(function TableNode({
  table,
  seats,
  persons,
  overview,
  nameSize,
  countSize,
  showInitials,
  selected,
  pickActive,
  pickedPersonId,
  targetSeatId,
  actions,
  dragLayer,
}: TableNodeProps) {
  const home = useRef<Konva.Container | null>(null)
  const seated = seats.filter((seat) => seat.personId && persons.has(seat.personId)).length
  const count = `${seated}/${seats.length}`
  const select = (event: Konva.KonvaEventObject<Event>) => {
    event.cancelBubble = true
    actions.selectTable(table.id)
  }
  return (
    <Group
      id={`table-${table.id}`}
      name="table"
      x={table.x}
      y={table.y}
      draggable
      onClick={select}
      onTap={select}
      onDragStart={(event) => {
        if (event.target !== event.currentTarget) return
        const node = event.target
        home.current = node.getParent()
        if (dragLayer.current) node.moveTo(dragLayer.current)
      }}
      onDragMove={(event) => {
        if (event.target !== event.currentTarget) return
        event.target.position(snapPoint(event.target.position()))
      }}
      onDragEnd={(event) => {
        if (event.target !== event.currentTarget) return
        const node = event.target
        if (home.current) node.moveTo(home.current)
        const to = snapPoint(node.position())
        node.position(to)
        actions.moveTable(table.id, to)
      }}
    >
      {table.type === 'round' ? (
        <Circle
          radius={table.width / 2}
          fill={chartColours.table}
          stroke={selected ? chartColours.selected : chartColours.tableStroke}
          strokeWidth={selected ? 2.5 : 1.25}
          perfectDrawEnabled={false}
          shadowForStrokeEnabled={false}
        />
      ) : (
        <Rect
          x={-table.width / 2}
          y={-table.height / 2}
          width={table.width}
          height={table.height}
          cornerRadius={6}
          fill={chartColours.table}
          stroke={selected ? chartColours.selected : chartColours.tableStroke}
          strokeWidth={selected ? 2.5 : 1.25}
          perfectDrawEnabled={false}
          shadowForStrokeEnabled={false}
        />
      )}
      {!overview && (
        <>
          <Text
            text={table.name}
            x={-table.width / 2 + 4}
            y={-table.height / 2 + 4}
            width={table.width - 8}
            height={table.height - 20}
            align="center"
            verticalAlign="middle"
            fontSize={nameSize}
            fontStyle="bold"
            fontFamily={FONT}
            fill={chartColours.ink}
            wrap="word"
            ellipsis
            listening={false}
            perfectDrawEnabled={false}
          />
          <Text
            text={count}
            x={-table.width / 2}
            y={table.height / 2 - 17}
            width={table.width}
            align="center"
            fontSize={countSize}
            fontFamily={FONT}
            fill={chartColours.muted}
            listening={false}
            perfectDrawEnabled={false}
          />
        </>
      )}
      {seats.map((seat) => (
        <SeatNode
          key={seat.id}
          seat={seat}
          person={seat.personId ? persons.get(seat.personId) : undefined}
          showInitials={showInitials}
          pickActive={pickActive}
          picked={pickedPersonId !== null && seat.personId === pickedPersonId}
          target={seat.id === targetSeatId}
          actions={actions}
          dragLayer={dragLayer}
        />
      ))}
      {overview && (
        <OverviewLabel
          table={table}
          seats={seats}
          name={table.name}
          count={count}
          nameSize={nameSize}
          countSize={countSize}
        />
      )}
    </Group>
  )
})

interface OverviewLabelProps {
  table: Table
  seats: readonly Seat[]
  name: string
  count: string
  nameSize: number
  countSize: number
}

/**
 * Zoomed out, a table's name and count over its middle on a light box, one line each and sized for
 * the screen: at 30% a name drawn at its own 11 px would be 3 px tall. The box is as wide as the
 * text, at most the table with its seats and the gap to the next one, so neighbours never collide.
 */
function OverviewLabel({ table, seats, name, count, nameSize, countSize }: OverviewLabelProps) {
  const extent = halfExtent({ width: table.width, height: table.height, seats })
  const widest = 2 * extent.x + GRID_SNAP
  const padding = countSize / 2
  const nameWidth = textWidth(name, nameSize) + padding
  // A name too long for one line ("Table 12" at 30%) takes two rather than losing its number.
  const nameLines = nameWidth > widest ? 2 : 1
  const width = Math.min(widest, Math.max(nameWidth, textWidth(count, countSize) + 2 * padding))
  const height = (nameLines * nameSize + countSize) * LINE + padding
  return (
    <Group listening={false} y={-height / 2}>
      <Rect
        x={-width / 2}
        width={width}
        height={height}
        cornerRadius={padding}
        fill={chartColours.paper}
        opacity={0.88}
        perfectDrawEnabled={false}
      />
      <Text
        text={name}
        x={-width / 2 + padding / 2}
        y={padding / 2}
        width={width - padding}
        height={nameLines * nameSize * LINE}
        align="center"
        fontSize={nameSize}
        lineHeight={LINE}
        fontStyle="bold"
        fontFamily={FONT}
        fill={chartColours.ink}
        wrap={nameLines === 1 ? 'none' : 'word'}
        ellipsis
        perfectDrawEnabled={false}
      />
      <Text
        text={count}
        x={-width / 2}
        y={padding / 2 + nameLines * nameSize * LINE}
        width={width}
        align="center"
        fontSize={countSize}
        lineHeight={LINE}
        fontFamily={FONT}
        fill={chartColours.muted}
        perfectDrawEnabled={false}
      />
    </Group>
  )
}

/** Where each seat is: which table a person or a seat belongs to, to pass highlights to one table. */
function useSeatIndex(layout: SeatingLayout) {
  return useMemo(() => {
    const tableOfPerson = new Map<string, string>()
    const tableOfSeat = new Map<string, string>()
    for (const seat of layout.seats) {
      tableOfSeat.set(seat.id, seat.tableId)
      if (seat.personId) tableOfPerson.set(seat.personId, seat.tableId)
    }
    return { tableOfPerson, tableOfSeat }
  }, [layout.seats])
}

export function SeatingStage({
  layout,
  seatsByTable,
  persons,
  width,
  height,
  view,
  labelScale = view.scale,
  selectedTableId,
  pickActive,
  pickedPersonId,
  targetSeatId,
  actions,
  stageRef,
}: SeatingStageProps) {
  const dragLayer = useRef<Konva.Layer | null>(null)
  const { tableOfPerson, tableOfSeat } = useSeatIndex(layout)
  const labels: LabelSizes = labelSizes(labelScale)
  const pickedTable = pickedPersonId ? tableOfPerson.get(pickedPersonId) : undefined
  const targetTable = targetSeatId ? tableOfSeat.get(targetSeatId) : undefined

  return (
    <Stage
      ref={stageRef}
      width={width}
      height={height}
      scaleX={view.scale}
      scaleY={view.scale}
      x={view.x}
      y={view.y}
      draggable
      onDragEnd={(event) => {
        const stage = event.target
        if (stage !== event.currentTarget) return
        actions.changeView({ scale: stage.scaleX(), x: stage.x(), y: stage.y() })
      }}
      onWheel={(event) => {
        event.evt.preventDefault()
        const stage = event.currentTarget as Konva.Stage
        const pointer = stage.getPointerPosition()
        if (!pointer) return
        const current = { scale: stage.scaleX(), x: stage.x(), y: stage.y() }
        actions.changeView(
          zoomAt(current, pointer, current.scale * Math.exp(-event.evt.deltaY * 0.0015)),
        )
      }}
      onMouseMove={(event) => {
        const container = event.currentTarget.getStage()?.container()
        const cursor = cursorFor(event.target)
        if (container && container.style.cursor !== cursor) container.style.cursor = cursor
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) actions.clearSelection()
      }}
      onTap={(event) => {
        if (event.target === event.currentTarget) actions.clearSelection()
      }}
    >
      <Layer listening={false}>
        <Grid />
      </Layer>
      <Layer>
        {layout.tables.map((table) => (
          <TableNode
            key={table.id}
            table={table}
            seats={seatsByTable.get(table.id) ?? []}
            persons={persons}
            overview={labels.overview}
            nameSize={labels.name}
            countSize={labels.count}
            showInitials={labels.initials}
            selected={table.id === selectedTableId}
            pickActive={pickActive}
            pickedPersonId={pickedTable === table.id ? pickedPersonId : null}
            targetSeatId={targetTable === table.id ? targetSeatId : null}
            actions={actions}
            dragLayer={dragLayer}
          />
        ))}
      </Layer>
      <Layer ref={dragLayer} />
    </Stage>
  )
}

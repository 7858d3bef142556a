/**
 * The seating chart at 60 tables and 600 seats, everyone seated: `npm run bench:seating`.
 *
 * 1. The model, in Node: the median time of each layout change the chart makes (a drag's drop,
 *    seating a person, a household, moving one, resizing, duplicating, deleting a table, one undo
 *    step, and grouping seats by table for the view).
 * 2. The stage, in Chromium with a real (software) canvas: builds a small page that renders the
 *    app's own SeatingStage component at that size, serves it with `vite preview`, and prints the
 *    median time to mount it, to commit a layout change through React, to draw every layer, to
 *    draw the tables layer, and to draw one drag frame (the drag layer holding the dragged table)
 *    against the same frame drawn without a drag layer.
 *
 * Chromium: CHROME_PATH, else /usr/bin/chromium, else Playwright's own.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build, preview } from 'vite'
import {
  addTable,
  assignSeat,
  commit,
  createHistory,
  deleteTable,
  duplicateTable,
  emptyLayout,
  movePerson,
  moveTable,
  pruneMissingPersons,
  resizeSeats,
  seatsByTable,
  seatTogether,
  undo,
  type Occupant,
  type SeatingLayout,
} from '../src/features/seating/model'

const TABLES = 60
const SEATS_PER_TABLE = 10
const RUNS = 200
const BROWSER_RUNS = 40

const root = fileURLToPath(new URL('../', import.meta.url))

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const format = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`)

/** 60 tables in rows across the 2000 px grid, round and 2-sided, 10 seats each, all taken. */
export function benchLayout(): { layout: SeatingLayout; occupants: Occupant[] } {
  let n = 0
  const newId = () => `b${++n}`
  let layout: SeatingLayout = emptyLayout
  for (let i = 0; i < TABLES; i++) {
    layout = addTable(layout, {
      name: `Table ${i + 1}`,
      type: i % 3 === 2 ? '2-sided' : 'round',
      seatCount: SEATS_PER_TABLE,
      position: { x: 120 + (i % 10) * 190, y: 120 + Math.floor(i / 10) * 170 },
      newId,
    })
  }
  const occupants = layout.seats.map((_, index) => ({
    personId: `p${index}`,
    householdId: `g${Math.floor(index / 4)}`,
  }))
  layout = {
    ...layout,
    seats: layout.seats.map((seat, index) => ({ ...seat, ...occupants[index]! })),
  }
  return { layout, occupants }
}

function time(run: () => unknown, runs = RUNS) {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    run()
    samples.push(performance.now() - start)
  }
  return median(samples)
}

function benchModel() {
  const { layout, occupants } = benchLayout()
  const table = layout.tables[37]!
  const emptied = {
    ...layout,
    seats: layout.seats.map((seat, index) =>
      index >= 400 ? { ...seat, personId: null, householdId: null } : seat,
    ),
  }
  const free = emptied.seats[450]!
  const roster = new Map(occupants.slice(0, 590).map((o) => [o.personId, o.householdId]))
  let history = createHistory(layout)
  for (let i = 0; i < 50; i++)
    history = commit(history, moveTable(history.present, table.id, { x: 100 + i * 20, y: 900 }))
  const grouped = seatsByTable(layout)

  const results: Array<[string, number]> = [
    [
      'drop a dragged table (moveTable + one undo step)',
      time(() => commit(history, moveTable(history.present, table.id, { x: 1500, y: 1900 }))),
    ],
    ['seat a person (assignSeat)', time(() => assignSeat(emptied, free.id, occupants[599]!))],
    [
      'seat a household of 4 (seatTogether)',
      time(() => seatTogether(emptied, free.id, occupants.slice(596, 600))),
    ],
    [
      'move a seated person, trading places (movePerson)',
      time(() => movePerson(layout, 'p3', layout.seats[500]!.id)),
    ],
    ['resize a table to 12 seats (resizeSeats)', time(() => resizeSeats(layout, table.id, 12))],
    ['duplicate a table (duplicateTable)', time(() => duplicateTable(layout, table.id))],
    ['delete a table (deleteTable)', time(() => deleteTable(layout, table.id))],
    ['undo one step (undo)', time(() => undo(history))],
    [
      'drop people who left the guest list (pruneMissingPersons)',
      time(() => pruneMissingPersons(layout, roster)),
    ],
    [
      'group seats by table for the view (seatsByTable, reused)',
      time(() => seatsByTable(moveTable(layout, table.id, { x: 1500, y: 1900 }), grouped)),
    ],
    ['the save payload (JSON.stringify)', time(() => JSON.stringify(layout))],
  ]
  return results
}

const benchPage = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Seating bench</title></head>
  <body style="margin:0"><div id="root"></div><script type="module" src="./main.tsx"></script></body>
</html>
`

const benchEntry = `
import Konva from 'konva/lib/Core'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { SeatingStage, type StageActions } from '@/features/seating/components/seating-stage'
import { addTable, emptyLayout, moveTable, seatsByTable, type SeatingLayout } from '@/features/seating/model'

const TABLES = ${TABLES}
const SEATS = ${SEATS_PER_TABLE}
let n = 0
const newId = () => 'b' + ++n
let start: SeatingLayout = emptyLayout
for (let i = 0; i < TABLES; i++) {
  start = addTable(start, { name: 'Table ' + (i + 1), type: i % 3 === 2 ? '2-sided' : 'round', seatCount: SEATS,
    position: { x: 120 + (i % 10) * 190, y: 120 + Math.floor(i / 10) * 170 }, newId })
}
start = { ...start, seats: start.seats.map((seat, i) => ({ ...seat, personId: 'p' + i, householdId: 'g' + Math.floor(i / 4) })) }
const persons = new Map(start.seats.map((seat, i) => ['p' + i, { id: 'p' + i, householdId: 'g' + Math.floor(i / 4), firstName: 'Maria' + i, lastName: 'Santos', type: 'adult' as const, isAttending: true }]))
const actions: StageActions = { selectTable() {}, moveTable() {}, activateSeat() {}, dropSeated() {}, clearSelection() {}, changeView() {} }
const view = { scale: 0.7, x: 0, y: 0 }

let setLayout: (layout: SeatingLayout) => void = () => {}
let current = start
let grouped = seatsByTable(start)
function App() {
  const [layout, set] = useState(start)
  setLayout = (next) => { current = next; grouped = seatsByTable(next, grouped); set(next) }
  return <SeatingStage layout={layout} seatsByTable={grouped} persons={persons} width={1400} height={1000} view={view}
    selectedTableId={null} pickActive={false} pickedPersonId={null} targetSeatId={null} actions={actions} />
}

const rootElement = document.getElementById('root')!
const median = (v: number[]) => { const s = [...v].sort((a, b) => a - b); const m = Math.floor(s.length / 2); return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2 }
function measure(runs: number, run: () => void) { const out: number[] = []; for (let i = 0; i < runs; i++) { const t = performance.now(); run(); out.push(performance.now() - t) } return median(out) }

let root = createRoot(rootElement)
const stage = () => Konva.stages[Konva.stages.length - 1]!

;(window as any).bench = {
  mount(runs: number) {
    const out: number[] = []
    for (let i = 0; i < runs; i++) {
      root.unmount(); root = createRoot(rootElement)
      const t = performance.now()
      flushSync(() => root.render(<App />))
      stage().draw()
      out.push(performance.now() - t)
    }
    return median(out)
  },
  commitChange(runs: number) {
    const table = current.tables[37]!
    let step = 0
    return measure(runs, () => flushSync(() => setLayout(moveTable(current, table.id, { x: 200 + (++step % 40) * 40, y: 1900 }))))
  },
  drawAll: (runs: number) => measure(runs, () => stage().draw()),
  drawTables: (runs: number) => measure(runs, () => stage().getLayers()[1]!.draw()),
  dragFrame(runs: number, withDragLayer: boolean) {
    const [, tables, dragLayer] = stage().getLayers()
    const group = tables!.find('.table')[20]!
    if (withDragLayer) group.moveTo(dragLayer!)
    let step = 0
    const result = measure(runs, () => {
      group.position({ x: 400 + (++step % 20) * 20, y: 400 })
      ;(withDragLayer ? dragLayer! : tables!).draw()
    })
    if (withDragLayer) group.moveTo(tables!)
    return result
  },
}
flushSync(() => root.render(<App />))
;(window as any).benchReady = stage().find('.seat').length
`

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

async function benchStage() {
  const dir = `${root}node_modules/.cache/bench-seating/`
  const outDir = `${dir}dist`
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}index.html`, benchPage)
  writeFileSync(`${dir}main.tsx`, benchEntry)
  const config = {
    root: dir,
    configFile: false as const,
    logLevel: 'warn' as const,
    plugins: [react()],
    resolve: { alias: { '@': `${root}src` } },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  }
  await build(config)
  const port = await freePort()
  const server = await preview({
    ...config,
    preview: { port, strictPort: true, host: '127.0.0.1' },
  })
  const executablePath =
    process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
    await page.goto(`http://127.0.0.1:${port}/`)
    const seats = await page
      .waitForFunction(() => (window as unknown as { benchReady?: number }).benchReady)
      .then((h) => h.jsonValue())
    type Bench = {
      mount(runs: number): number
      commitChange(runs: number): number
      drawAll(runs: number): number
      drawTables(runs: number): number
      dragFrame(runs: number, withDragLayer: boolean): number
    }
    const run = <K extends keyof Bench>(name: K, ...args: Parameters<Bench[K]>) =>
      page.evaluate(
        ({ name, args }) =>
          (window as unknown as { bench: Record<string, (...a: unknown[]) => number> }).bench[
            name
          ]!(...args),
        { name, args: args as unknown[] },
      )
    // Warm up, then measure.
    await run('drawAll', 5)
    const results: Array<[string, number]> = [
      ['mount the stage and draw it (first render)', await run('mount', 8)],
      [
        'commit a layout change through React (one table moved)',
        await run('commitChange', BROWSER_RUNS),
      ],
      ['draw every layer (grid, tables, drag)', await run('drawAll', BROWSER_RUNS)],
      ['draw the tables layer', await run('drawTables', BROWSER_RUNS)],
      [
        'one drag frame, dragged table in the drag layer',
        await run('dragFrame', BROWSER_RUNS, true),
      ],
      [
        'one drag frame without a drag layer (for comparison)',
        await run('dragFrame', BROWSER_RUNS, false),
      ],
    ]
    return { seats: seats as number, results }
  } finally {
    await browser.close()
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  console.log(
    `Seating chart benchmark: ${TABLES} tables, ${TABLES * SEATS_PER_TABLE} seats, everyone seated.\n`,
  )
  console.log(`Layout changes (model, Node ${process.version}), median of ${RUNS}:`)
  for (const [name, ms] of benchModel()) console.log(`  ${name.padEnd(60)} ${format(ms)}`)
  console.log(
    `\nThe stage (react-konva in Chromium, software canvas, 1400×1000 at 70%), median of ${BROWSER_RUNS}:`,
  )
  const { seats, results } = await benchStage()
  for (const [name, ms] of results) console.log(`  ${name.padEnd(60)} ${format(ms)}`)
  console.log(`\n  (${seats} seats drawn; a frame at 60 fps has 16.7 ms.)`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})

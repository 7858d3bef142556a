/**
 * How long the embedded database takes to start in Chromium, and when the couple's names show:
 * on a first visit (a new, empty browser profile) and on a reload (the database is in IndexedDB);
 * then how long a save takes, from "Save & close" on a new household to the notice that it was
 * added (the write and its storing in IndexedDB), signed in as the demo couple.
 * Serves the build in dist-e2e (`npm run test:e2e` or `vite build --outDir dist-e2e` makes it) and
 * prints the medians of several runs.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { signInAsDemo } from '../e2e/support/session'

const runs = Number(process.env.RUNS ?? 5)
// PORT=4196 when 4195 is taken (another server there would be measured instead: the script refuses).
const port = Number(process.env.PORT ?? 4195)
const outDir = process.env.E2E_DIST ?? 'dist-e2e'
if (!existsSync(`${outDir}/index.html`)) {
  console.error(
    `No build in ${outDir}: run \`VITE_SUPABASE_URL= npx vite build --outDir ${outDir}\` first.`,
  )
  process.exit(1)
}

const baseUrl = `http://127.0.0.1:${port}/`
try {
  await fetch(baseUrl)
  console.error(`Port ${port} is taken: set PORT to a free one.`)
  process.exit(1)
} catch {
  // Free: the server started here will answer there.
}

const server = spawn(
  'npx',
  [
    'vite',
    'preview',
    '--outDir',
    outDir,
    '--port',
    String(port),
    '--strictPort',
    '--host',
    '127.0.0.1',
  ],
  {
    stdio: 'ignore',
    // Its own process group: npx leaves vite running when only npx is killed.
    detached: true,
  },
)
const stopServer = () => {
  try {
    process.kill(-server.pid!)
  } catch {
    // Already gone.
  }
}
let exited = false
server.on('exit', () => (exited = true))
for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(baseUrl)).ok) break
  } catch {
    if (attempt > 100 || exited) throw new Error('the preview server did not start')
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
}

const browser = await chromium.launch({
  executablePath:
    process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})

async function measure(page: Page, load: () => Promise<unknown>) {
  const started = Date.now()
  await load()
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 120_000 })
  const namesMs = Date.now() - started
  // A first visit shows the names before the database is ready: wait for it too, so that the reload
  // finds the database in IndexedDB.
  await page.waitForFunction(
    () => performance.getEntriesByName('kasalan:db-ready').length > 0,
    undefined,
    { timeout: 120_000 },
  )
  const dbMs = await page.evaluate(
    () => performance.getEntriesByName('kasalan:db-ready')[0]!.duration,
  )
  return { dbMs, namesMs }
}

/** Milliseconds from "Save & close" on a new household to the guest list's notice, `count` times. */
async function saves(page: Page, run: number, count: number) {
  await signInAsDemo(page)
  await page.goto(`${baseUrl}manage/guests`)
  await page.getByRole('table', { name: 'Households' }).waitFor({ timeout: 120_000 })
  const millis: number[] = []
  for (let i = 0; i < count; i++) {
    const lastName = `Benchsave${run}x${i}`
    await page.getByRole('button', { name: 'Add Guest' }).click()
    const drawer = page.getByRole('dialog', { name: 'Add Guest' })
    await drawer.getByLabel('First name').fill('Bench')
    await drawer.getByLabel('Last name').fill(lastName)
    const started = performance.now()
    await drawer.getByRole('button', { name: 'Save & close' }).click()
    await page.getByText(`Added the household of Bench ${lastName}.`).waitFor({ timeout: 60_000 })
    millis.push(performance.now() - started)
  }
  return millis
}

const first: Array<{ dbMs: number; namesMs: number }> = []
const reload: Array<{ dbMs: number; namesMs: number }> = []
const saved: number[] = []
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    first.push(await measure(page, () => page.goto(baseUrl)))
    reload.push(await measure(page, () => page.reload()))
    saved.push(...(await saves(page, run, 4)))
    await context.close()
  }
} finally {
  await browser.close()
  stopServer()
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
const row = (label: string, samples: typeof first) =>
  console.log(
    `${label.padEnd(22)} database ready ${(median(samples.map((s) => s.dbMs)) / 1000).toFixed(2)} s, ` +
      `names shown ${(median(samples.map((s) => s.namesMs)) / 1000).toFixed(2)} s`,
  )
console.log(`Embedded database in Chromium, median of ${runs}:`)
row('first visit (empty)', first)
row('reload (in IndexedDB)', reload)
console.log(
  `${'a household saved'.padEnd(22)} ${Math.round(median(saved))} ms to the notice (median of ${saved.length})`,
)

/**
 * A big wedding in management, on the embedded database: `npm run bench:manage`.
 *
 * Serves the app built for the embedded database and measures in Chromium what a wedding of 2,031
 * households costs (the demo's 31 and 2,000 from a spreadsheet, about 5,100 persons), each figure
 * the median of RUNS (5) with the machine's load average (1 minute, sampled at each run):
 * - the spreadsheet import of 2,000 households, from the click on "Import" to the list behind the
 *   drawer counting them, and to the drawer's "Imported" notice; each run in a new browser;
 * - a reload of the guest list to its first rows and to the whole list counted, of the RSVPs tab to
 *   its list, and of the seating chart to its canvas, timed from the navigation's start (the
 *   database's start beside them), at desktop (1280×900) and phone (360×740) width;
 * - that wedding's file (downloaded on Your data) imported on Your data into a new account's
 *   wedding, from the click on "Import" to "Wedding imported": first in a new browser (no id of the
 *   file is taken there, as when moving to another device), then in the same browser into a second
 *   new account (every id, link and code is taken, so each gets a fresh one); at 2,031 households,
 *   and at 5,000 (the same file grown with copies of its households).
 * `BENCH_HOSTED=1` measures the same on the hosted stack (scripts/hosted-stack: the Data API, Auth
 * and PostgreSQL 15 on this machine) with the app's Supabase-mode build, where a reload starts no
 * database but crosses the network: the demo account signs in through the sign-in page; each
 * spreadsheet run after the first starts again from the demo's 31 households (the imported ones
 * deleted on the server); the wedding file goes into a new account only (the wedding it came from is
 * on the same server, so every id is taken). The stack is on loopback: add a phone network's round
 * trips to its figures.
 * `--screens` adds the older per-screen figures: tab switches, keystrokes, the RSVPs tab's filters,
 * seating a household, adding a table, DOM nodes.
 *
 * Environment: BENCH_DIST=<dir> measures that build as it is (for example one of an older commit,
 * `VITE_SUPABASE_URL= npx vite build --outDir <dir>`); otherwise the app is built first. Two builds,
 * BENCH_DIST=<before>,<after>, are measured run by run in turn, so that both meet the same load on a
 * shared machine, and the table has a column for each. RUNS (5),
 * IMPORT_SIZES (2031,5000), VIEWPORTS (desktop,phone), PARTS (csv,reload,file, and own: reloads in a newly signed-up couple's wedding made from the file; which to run; the wedding file's
 * import still makes the big wedding by one spreadsheet import), PORT (else a free one and the next), CHROME_PATH (else /usr/bin/chromium, else
 * Playwright's own). It is a benchmark, not a test: it fails nothing, and a figure whose run failed
 * says so.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { basename, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import pg from 'pg'
import { preview } from 'vite'
import { startHostedStack, type Stack } from './hosted-stack/stack'
import { buildSupabaseMode, supabaseHostRule } from './lib/supabase-mode'

const HOUSEHOLDS = 2000
const RUNS = Number(process.env.RUNS ?? 5)
const IMPORT_SIZES = (process.env.IMPORT_SIZES ?? '2031,5000').split(',').map(Number)
const DETAILED = process.argv.includes('--screens')
/** Which parts to run: csv (the spreadsheet import), reload, file (the wedding file's import); all by default. */
const PARTS = new Set((process.env.PARTS ?? 'csv,reload,file').split(','))
/** Which sizes the reloads are timed at (desktop, phone). */
const VIEWPORTS = new Set((process.env.VIEWPORTS ?? 'desktop,phone').split(','))
/** On the hosted stack (BENCH_HOSTED=1) rather than the embedded database. */
const HOSTED = process.env.BENCH_HOSTED === '1'
/** The hosted stack, when HOSTED: started by main. */
let stack: Stack | null = null
/** Typed one key at a time, then cleared: 42 keystrokes and 8 clears. */
const SEARCHES = ['pena', 'maria', 'cruz12', 'santos', 'jose', 'reyes1', 'ana', 'bautista']
const root = fileURLToPath(new URL('../', import.meta.url))
// BENCH_OUT_DIR: another build place, so that two checkouts sharing node_modules do not overwrite each other's build.
const outDirs = process.env.BENCH_DIST
  ? process.env.BENCH_DIST.split(',').map((dir) => resolve(dir))
  : [
      process.env.BENCH_OUT_DIR ??
        `${root}node_modules/.cache/bench-manage${HOSTED ? '-hosted' : ''}`,
    ]
/** Each build measured: its folder's name labels its column. */
const builds = outDirs.map((dir) => ({ dir, label: basename(dir), baseURL: '' }))

const seed = JSON.parse(readFileSync(`${root}supabase/seed-data/demo-wedding.json`, 'utf8')) as {
  account: { id: string; email: string; userMetadata: Record<string, unknown> }
  wedding: { id: string }
  households: unknown[]
}
const TOTAL = HOUSEHOLDS + seed.households.length

/** 2,000 households of 2 or 3 (5,000 persons), as a spreadsheet a couple would import. */
function bigCsv() {
  const first = ['Maria', 'Jose', 'Ana', 'Juan', 'Rosa', 'Pedro', 'Liza', 'Ramon']
  const last = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Peña', 'Garcia', 'Mendoza', 'Ibañez']
  const lines = ['Household,First name,Last name,Type,Phone,Side,Relationship']
  let persons = 0
  for (let h = 0; h < HOUSEHOLDS; h += 1) {
    const size = 2 + (h % 2)
    for (let p = 0; p < size; p += 1) {
      persons += 1
      lines.push(
        [
          h,
          first[(h + p) % 8],
          `${last[h % 8]}${h}`,
          p === 2 ? 'Child' : 'Adult',
          p === 0 ? `0917 ${String(h).padStart(7, '0')}` : '',
          ['Bride', 'Groom', 'Both'][h % 3],
          ['Family', 'Friend'][h % 2],
        ].join(','),
      )
    }
  }
  return { csv: lines.join('\n'), persons }
}

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

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN
}
const line = (label: string, values: number[], unit = 'ms') =>
  console.log(
    `    ${label.padEnd(50)} median ${quantile(values, 0.5).toFixed(0).padStart(6)} ${unit}   p95 ${quantile(values, 0.95).toFixed(0).padStart(6)} ${unit}   (n=${values.length})`,
  )

/** One figure of the table for one build: its runs' milliseconds (NaN for a run that failed) and the load at each. */
interface Figure {
  label: string
  build: string
  ms: number[]
  loads: number[]
  note?: string
}
const figures: Figure[] = []
const load = () => loadavg()[0]!

function figure(build: string, label: string): Figure {
  const found = figures.find((f) => f.label === label && f.build === build)
  if (found) return found
  const made: Figure = { label, build, ms: [], loads: [] }
  figures.push(made)
  return made
}

/** Adds one run's time to a figure, and prints it at once (a long benchmark shows its progress). */
function record(build: string, label: string, ms: number, note?: string) {
  const f = figure(build, label)
  f.ms.push(ms)
  f.loads.push(load())
  if (note) f.note = note
  const shown = Number.isNaN(ms)
    ? `failed${note ? ` (${note})` : ''}`
    : `${(ms / 1000).toFixed(2)} s`
  console.log(
    `  ${builds.length > 1 ? `[${build}] ` : ''}${label}: ${shown}   load ${load().toFixed(1)}`,
  )
}

/** A figure's cell: its median, then each run (— for a failed one) and the load average over them. */
function cell(f: Figure | undefined) {
  if (!f) return '—'
  const done = f.ms.filter((ms) => !Number.isNaN(ms))
  const median = done.length
    ? `**${(quantile(done, 0.5) / 1000).toFixed(2)} s**`
    : `failed${f.note ? ` (${f.note})` : ''}`
  const runs = f.ms.map((ms) => (Number.isNaN(ms) ? '—' : (ms / 1000).toFixed(1))).join(', ')
  return `${median} (${runs}; load ${Math.min(...f.loads).toFixed(1)}–${Math.max(...f.loads).toFixed(1)})`
}

function printTable() {
  const labels = [...new Set(figures.map((f) => f.label))]
  console.log(
    `\nMedians of up to ${RUNS} runs, each run's time in seconds and the 1-minute load average over them:\n`,
  )
  console.log(`| figure | ${builds.map((b) => b.label).join(' | ')} |`)
  console.log(`|---|${builds.map(() => '---').join('|')}|`)
  for (const label of labels)
    console.log(
      `| ${label} | ${builds.map((b) => cell(figures.find((f) => f.label === label && f.build === b.label))).join(' | ')} |`,
    )
}

interface Screen {
  name: string
  path: string
  nav: string
  /** A CSS selector present once the screen shows the whole list. */
  ready: string
  search: string | null
}

const screens: Screen[] = [
  {
    name: 'Guest list',
    path: '/manage/guests',
    nav: 'Guest List',
    ready: `[role="table"][aria-rowcount="${TOTAL + 1}"] [role="rowgroup"] [role="row"]`,
    search: '#guest-search',
  },
  {
    name: 'RSVPs tab',
    path: '/manage/rsvps',
    nav: 'RSVPs',
    ready: 'ul[aria-label="Replies by household"] > li',
    search: 'input[type="search"]',
  },
  {
    name: 'Seating chart',
    path: '/manage/seating',
    nav: 'Seating Chart',
    ready: '[role="listbox"] [role="option"]',
    search: '#seating-guest-search',
  },
]

/** What a reload of each screen waits for, each timed from the navigation's start. */
const reloads: Array<{ path: string; marks: Array<[label: string, selector: string]> }> = [
  {
    path: '/manage/guests',
    marks: [
      ['guest list: its first rows', '[role="table"] [role="rowgroup"] [role="row"]'],
      [`guest list: all ${TOTAL.toLocaleString('en')} households counted`, screens[0]!.ready],
    ],
  },
  { path: '/manage/rsvps', marks: [['RSVPs tab: its list', screens[1]!.ready]] },
  {
    path: '/manage/seating',
    marks: [
      ['seating chart: the canvas', '#seating-chart canvas'],
      ['seating chart: its guest panel', screens[2]!.ready],
    ],
  },
  {
    path: '/manage/rsvps/forecast',
    marks: [['forecast: its range', '[data-testid="forecast-range"]']],
  },
  { path: '/manage/invitations', marks: [['invitations: their counts', '#invitation-counts']] },
  {
    path: '/manage/checkin',
    marks: [['the door: who arrived', '[data-testid="checkin-arrived"]']],
  },
]

/**
 * Before the app's scripts run: notes when each selector first matches (checked once per
 * animation frame while the page changes), so a reload is timed in the page, not over the wire.
 */
function watchScreens(selectors: string[]) {
  const seen: Record<string, number> = {}
  ;(window as unknown as { seen: typeof seen }).seen = seen
  let queued = false
  const check = () => {
    queued = false
    for (const selector of selectors)
      if (!(selector in seen) && document.querySelector(selector))
        seen[selector] = performance.now()
  }
  new MutationObserver(() => {
    if (!queued) {
      queued = true
      requestAnimationFrame(check)
    }
  }).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-rowcount'],
  })
}

async function newContext(
  browser: Browser,
  baseURL: string,
  options: { demo: boolean; viewport?: { width: number; height: number } },
) {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: true,
  })
  if (options.demo && !HOSTED) {
    const { id, email, userMetadata } = seed.account
    await context.addInitScript(
      ({ session }) => {
        localStorage.setItem('kasalan.remember', '1')
        if (!localStorage.getItem('kasalan.local.session'))
          localStorage.setItem('kasalan.local.session', JSON.stringify(session))
      },
      { session: { user: { id, email, userMetadata } } },
    )
  }
  // tsx names functions with a helper that the page does not have.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn' })
  await context.addInitScript(watchScreens, [
    ...new Set([
      ...screens.map((s) => s.ready),
      ...reloads.flatMap((r) => r.marks.map(([, selector]) => selector)),
    ]),
  ])
  return context
}

/**
 * A page of a context holding the demo wedding: on the embedded database the session is put in
 * the browser's storage beforehand (newContext); on the hosted stack the demo couple signs in.
 */
async function openDemo(context: BrowserContext) {
  const page = await context.newPage()
  if (HOSTED) await signInOnPage(page, seed.account.email, 'kasalan-demo')
  return page
}

/** Signs in through the sign-in page ("Remember me" as it comes, ticked); resolves once management opens. */
async function signInOnPage(page: Page, email: string, password: string) {
  await page.goto('/auth/login?returnTo=%2Fmanage%2Fguests')
  await page.getByLabel('Email').fill(email, { timeout: 120_000 })
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/manage\/guests$/, { timeout: 120_000 })
}

/** Milliseconds from the navigation's start to each selector, and to the database being ready. */
async function timeReload(page: Page, path: string, selectors: string[]) {
  await page.goto(path)
  for (const selector of selectors)
    await page.waitForSelector(selector, { timeout: 120_000, state: 'attached' })
  // The watcher notes a selector on the frame after it appears.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  return page.evaluate((selectors) => {
    const start = performance.getEntriesByName('kasalan:db-start')[0]
    const ready = performance.getEntriesByName('kasalan:db-ready')[0]
    const seen = (window as unknown as { seen: Record<string, number> }).seen
    return {
      shown: selectors.map((selector) => seen[selector] ?? NaN),
      dbReady: (start?.startTime ?? 0) + (ready?.duration ?? 0),
    }
  }, selectors)
}

/** The spreadsheet import through the guest list's drawer: click to the list counting them, and to "Imported". */
async function timeCsvImport(page: Page) {
  await page.goto('/manage/guests')
  await page.getByRole('button', { name: 'Add Guest' }).click({ timeout: 180_000 })
  const drawer = page.getByRole('dialog', { name: 'Add Guest' })
  await drawer.getByRole('tab', { name: 'Import' }).click()
  const { csv, persons } = bigCsv()
  await drawer
    .locator('input[type="file"]')
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await drawer.getByRole('button', { name: 'Review households' }).click()
  const button = drawer.getByRole('button', {
    name: `Import ${HOUSEHOLDS} households (${persons} guests)`,
  })
  await button.waitFor()
  const times = await page.evaluate(
    async ({ label, list }) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
      const target = [
        ...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button'),
      ].find((b) => b.textContent?.trim() === label)!
      const start = performance.now()
      target.click()
      let listed = NaN
      let notice = NaN
      while (Number.isNaN(listed) || Number.isNaN(notice)) {
        await frame()
        if (Number.isNaN(listed) && document.querySelector(list)) listed = performance.now() - start
        if (
          Number.isNaN(notice) &&
          document.querySelector('[role="dialog"]')?.textContent?.includes('Imported ')
        )
          notice = performance.now() - start
        if (performance.now() - start > 600_000) break
      }
      return { listed, notice }
    },
    { label: `Import ${HOUSEHOLDS} households (${persons} guests)`, list: screens[0]!.ready },
  )
  await drawer.getByRole('button', { name: 'Done' }).click()
  return times
}

/** Signs a new couple up in this browser (signing out whoever was in): the page ends on their guest list. */
async function signUp(page: Page) {
  if (HOSTED) return signUpHosted(page)
  if (page.url().startsWith('http'))
    await page.evaluate(() => localStorage.removeItem('kasalan.local.session'))
  await page.goto('/auth/register')
  await page.getByLabel("Bride's first name").fill('Liza', { timeout: 120_000 })
  await page.getByLabel("Bride's last name").fill('Soberano')
  await page.getByLabel("Groom's first name").fill('Enrique')
  await page.getByLabel("Groom's last name").fill('Gil')
  await page.getByLabel("We're still deciding").check()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Email').fill(`bench-${randomUUID()}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill('sampaguita-2027')
  await page.getByRole('button', { name: "Let's go" }).click()
  await page.waitForURL(/\/manage\/guests$/, { timeout: 180_000 })
}

/**
 * On the hosted stack: a new couple signed up and confirmed by the e-mail's link, their wedding
 * made as the sign-up page makes it (over HTTP, as the app calls the stack), then signed in on the
 * page (whoever was in signed out first).
 */
async function signUpHosted(page: Page) {
  const { url, anonKey } = stack!
  const email = `bench-${randomUUID()}@example.com`
  const password = 'sampaguita-2027'
  const call = async (path: string, body: unknown, token = anonKey) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Content-Profile': 'kasalan',
      },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<Record<string, unknown>>
  }
  await call('/auth/v1/signup', { email, password, data: { name: 'Liza & Enrique' } })
  const [mail] = stack!.outbox.messages.filter((message) => message.to.includes(email))
  if (!mail) throw new Error('no confirmation e-mail')
  await fetch(mail.links[0]!, { redirect: 'manual' })
  const { access_token: token } = await call('/auth/v1/token?grant_type=password', {
    email,
    password,
  })
  await call(
    '/rest/v1/rpc/create_my_wedding',
    {
      p_bride: { firstName: 'Liza', lastName: 'Soberano' },
      p_groom: { firstName: 'Enrique', lastName: 'Gil' },
      p_date: null,
    },
    token as string,
  )
  if (page.url().startsWith('http'))
    await page.evaluate(() => {
      localStorage.clear()
      sessionStorage.clear()
    })
  await signInOnPage(page, email, password)
}

/** On the hosted stack: deletes the demo wedding's households but those it had first (`kept`). */
async function resetDemoWedding(kept: Set<string> | null) {
  const client = new pg.Client({
    host: stack!.db.host,
    port: stack!.db.port,
    database: stack!.db.database,
    user: 'supabase_admin',
  })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from kasalan.households where wedding_id = $1',
      [seed.wedding.id],
    )
    if (!kept) return new Set(rows.map((row) => row.id))
    await client.query('delete from kasalan.households where id = any($1::uuid[])', [
      rows.map((row) => row.id).filter((id) => !kept.has(id)),
    ])
    return kept
  } finally {
    await client.end()
  }
}

/** On Your data: picks the wedding file and imports it; from the click on "Import" to the notice. */
async function timeWeddingImport(page: Page, file: Buffer) {
  await page.evaluate(() => {
    window.history.pushState(null, '', '/manage/data')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await page.getByRole('heading', { name: 'Your data', level: 1 }).waitFor({ timeout: 120_000 })
  await page
    .getByLabel('Import a wedding file')
    .setInputFiles({ name: 'wedding.json', mimeType: 'application/json', buffer: file })
  await page
    .getByRole('alertdialog', { name: 'Import this wedding?' })
    .getByRole('button', { name: 'Import' })
    .waitFor()
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
    const button = [
      ...document.querySelectorAll<HTMLButtonElement>('[role="alertdialog"] button'),
    ].find((b) => b.textContent?.trim() === 'Import')!
    const notices = () =>
      [...document.querySelectorAll('[role="status"], [role="alert"]')].map(
        (n) => n.textContent ?? '',
      )
    const before = new Set(notices())
    const start = performance.now()
    button.click()
    for (;;) {
      await frame()
      // "Wedding imported: …", or the error the page shows instead.
      const notice = notices().find(
        (text) => text.startsWith('Wedding imported') || (!before.has(text) && text.trim() !== ''),
      )
      if (notice && !document.querySelector('[role="alertdialog"]'))
        return { ms: performance.now() - start, notice }
      if (performance.now() - start > 600_000) return { ms: NaN, notice: 'no answer in 10 minutes' }
    }
  })
}

/** The couple's wedding file, as Your data downloads it. */
async function downloadWeddingFile(page: Page) {
  await page.goto('/manage/data')
  await page.getByRole('heading', { name: 'Your data', level: 1 }).waitFor({ timeout: 120_000 })
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Download wedding file' }).click(),
  ])
  return JSON.parse(readFileSync((await download.path())!, 'utf8')) as WeddingFile
}

interface WeddingFile {
  households: Array<Record<string, unknown> & { id: string }>
  persons: Array<Record<string, unknown> & { id: string; household_id: string }>
  [list: string]: unknown
}

const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'
const CODE_CHARS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const randomText = (chars: string, length: number) =>
  Array.from({ length }, () => chars[Math.floor(Math.random() * chars.length)]).join('')

/** The file grown to `households` with copies of its own households and persons (fresh ids, links and codes). */
function grownFile(file: WeddingFile, households: number): WeddingFile {
  const grown = { ...file, households: [...file.households], persons: [...file.persons] }
  const personsOf = new Map<string, WeddingFile['persons']>()
  for (const person of file.persons)
    personsOf.set(person.household_id, [...(personsOf.get(person.household_id) ?? []), person])
  while (grown.households.length < households) {
    for (const household of file.households) {
      if (grown.households.length >= households) break
      const id = randomUUID()
      grown.households.push({
        ...household,
        id,
        invitation_token: randomText(TOKEN_CHARS, 22),
        invitation_code: randomText(CODE_CHARS, 8),
      })
      for (const person of personsOf.get(household.id) ?? [])
        grown.persons.push({ ...person, id: randomUUID(), household_id: id })
    }
  }
  return grown
}

/**
 * Opens `from`, waits until its list shows and then `pause` ms more (a couple glancing at it, or
 * reading it while its other reads finish), clicks `to`'s tab: from the click to `to`'s list painted.
 */
async function timeTabSwitch(page: Page, from: Screen, to: Screen, pause: number) {
  await page.goto(from.path)
  await page.waitForSelector(from.ready, { timeout: 120_000 })
  await page.waitForTimeout(pause)
  return page.evaluate(
    async ({ nav, selector }) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
      const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === nav)!
      const start = performance.now()
      link.click()
      while (!document.querySelector(selector)) await frame()
      await frame()
      return performance.now() - start
    },
    { nav: to.nav, selector: to.ready },
  )
}

/** Types into the search one key at a time, then clears it: each time to the painted result. */
async function timeKeystrokes(page: Page, selector: string, words: string[]) {
  return page.evaluate(
    async ({ selector, words }) => {
      const input = document.querySelector<HTMLInputElement>(selector)!
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
      const type = async (text: string) => {
        const start = performance.now()
        setter.call(input, text)
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await frame()
        await frame()
        return performance.now() - start
      }
      const keys: number[] = []
      const clears: number[] = []
      for (const word of words) {
        for (let i = 1; i <= word.length; i++) keys.push(await type(word.slice(0, i)))
        clears.push(await type(''))
      }
      return { keys, clears }
    },
    { selector, words },
  )
}

type Action = 'filter:No reply yet' | 'filter:Attending' | 'filter:All' | 'add table' | 'seat'

/** Does one action in the page and waits until its result has painted. */
function timeAction(page: Page, action: Action) {
  return page.evaluate(async (action) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
    const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('button')]
    let target: HTMLElement | undefined
    let changed = (): boolean => true
    if (action.startsWith('filter:')) {
      const label = action.slice('filter:'.length)
      target = buttons().find(
        (b) => b.hasAttribute('aria-pressed') && b.textContent?.startsWith(`${label} (`),
      )
    } else if (action === 'add table') {
      const tables = () => document.querySelectorAll('#seating-tables li[aria-label]').length
      const before = tables()
      target = buttons().find((b) => b.textContent?.trim() === 'Add table')
      changed = () => tables() !== before
    } else {
      const seated = () => document.querySelector('[data-testid="seated-count"]')?.textContent
      const before = seated()
      ;[...document.querySelectorAll<HTMLElement>('[role="option"]')]
        .find((o) => /Seat all \d+$/.test(o.textContent ?? ''))
        ?.click()
      await frame()
      target = buttons().find((b) => /seat 1: free$/.test(b.getAttribute('aria-label') ?? ''))
      changed = () => seated() !== before
    }
    if (!target) return NaN
    const start = performance.now()
    target.click()
    while (!changed()) await frame()
    await frame()
    await frame()
    return performance.now() - start
  }, action)
}

const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length)

/** The older per-screen figures (`--screens`), on the page holding the big wedding. */
async function detailedScreens(page: Page) {
  const timeShown = async (screen: Screen) => {
    const { shown, dbReady } = await timeReload(page, screen.path, [screen.ready])
    return shown[0]! - dbReady
  }
  for (const viewport of [
    { name: 'desktop 1280×900', width: 1280, height: 900 },
    { name: 'phone 360×740', width: 360, height: 740 },
  ]) {
    await page.setViewportSize(viewport)
    console.log(`\n  ${viewport.name}`)
    for (const screen of screens) {
      console.log(`  ${screen.name}`)
      const shown: number[] = []
      for (let run = 0; run < 3; run++) shown.push(await timeShown(screen))
      line('show after a reload (from database ready)', shown)
      const other = screens.find((s) => s !== screen)!
      for (const pause of [300, 2000]) {
        const switches: number[] = []
        for (let run = 0; run < 3; run++)
          switches.push(await timeTabSwitch(page, other, screen, pause))
        line(`tab switch from ${other.name}, ${pause / 1000} s after its list`, switches)
      }
      line('DOM nodes', [await domNodes(page)], 'nodes')

      if (screen.search) {
        const { keys, clears } = await timeKeystrokes(page, screen.search, SEARCHES)
        line('keystroke to painted result', keys)
        line('clear the search to painted result', clears)
      }
      if (screen.name === 'RSVPs tab') {
        const filters: number[] = []
        for (let run = 0; run < 5; run++) {
          for (const action of ['filter:No reply yet', 'filter:Attending', 'filter:All'] as const)
            filters.push(await timeAction(page, action))
        }
        line('status filter to painted result', filters)
      }
      if (screen.name === 'Seating chart') {
        const tables: number[] = []
        for (let run = 0; run < 5; run++) tables.push(await timeAction(page, 'add table'))
        line('add a table to painted result', tables)
        const seats: number[] = []
        for (let run = 0; run < 5; run++) seats.push(await timeAction(page, 'seat'))
        line('seat a household (chosen, then a seat)', seats)
        line('DOM nodes after seating', [await domNodes(page)], 'nodes')
      }
    }
  }
}

/** Runs `fn`, recording NaN under `label` (with why) when it throws, so one failed run does not end the benchmark. */
async function attempt(build: string, label: string, fn: () => Promise<void>) {
  try {
    await fn()
  } catch (error) {
    record(
      build,
      label,
      NaN,
      (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 80),
    )
  }
}

async function main() {
  console.log(
    `A wedding of ${TOTAL.toLocaleString('en')} households in Chromium, on the built app with ${HOSTED ? 'the hosted stack (PostgreSQL on loopback)' : 'the embedded database'}; medians of ${RUNS}.`,
  )
  if (process.env.BENCH_DIST) {
    for (const { dir } of builds)
      if (!existsSync(`${dir}/index.html`)) throw new Error(`No build in ${dir}.`)
    console.log(
      `The builds in ${outDirs.join(', ')}${builds.length > 1 ? ', run by run in turn' : ''}.\n`,
    )
  } else if (HOSTED) {
    rmSync(outDirs[0]!, { recursive: true, force: true })
    await buildSupabaseMode(outDirs[0]!)
  } else {
    rmSync(outDirs[0]!, { recursive: true, force: true })
    execFileSync('npx', ['vite', 'build', '--outDir', outDirs[0]!, '--logLevel', 'error'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' },
    })
  }
  if (HOSTED) stack = await startHostedStack({ port: 0, jwtExpiry: 3600 })
  const servers = []
  for (const [index, build] of builds.entries()) {
    const port = process.env.PORT ? Number(process.env.PORT) + index : await freePort()
    servers.push(
      await preview({
        root,
        logLevel: 'error',
        build: { outDir: build.dir },
        preview: { port, strictPort: true, host: '127.0.0.1' },
      }),
    )
    build.baseURL = `http://127.0.0.1:${port}`
  }
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
      ...(stack ? [supabaseHostRule(Number(new URL(stack.url).port))] : []),
    ],
  })
  /** On the hosted stack: the demo wedding's own households, kept when a spreadsheet run starts again. */
  let demoHouseholds: Set<string> | null = HOSTED ? await resetDemoWedding(null) : null
  /** Each build's browser holding the big wedding: the last spreadsheet import's. */
  const big = new Map<string, BrowserContext>()
  try {
    // The spreadsheet import, each run in a new browser (the demo wedding); the last one's wedding is measured next.
    for (let run = 0; run < (PARTS.has('csv') ? RUNS : 1); run++) {
      for (const build of builds) {
        if (HOSTED && run > 0) demoHouseholds = await resetDemoWedding(demoHouseholds)
        const context = await newContext(browser, build.baseURL, { demo: true })
        const page = await openDemo(context)
        await attempt(
          build.label,
          'spreadsheet import, 2,000 households: click to the list',
          async () => {
            const { listed, notice } = await timeCsvImport(page)
            record(build.label, 'spreadsheet import, 2,000 households: click to the list', listed)
            record(build.label, 'spreadsheet import, 2,000 households: click to "Imported"', notice)
          },
        )
        await big.get(build.label)?.close()
        big.set(build.label, context)
      }
    }

    for (const viewport of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'phone', width: 360, height: 740 },
    ].filter((size) => VIEWPORTS.has(size.name))) {
      if (!PARTS.has('reload')) break
      for (const { path, marks } of reloads) {
        for (let run = 0; run < RUNS; run++) {
          for (const build of builds) {
            const page = big.get(build.label)!.pages()[0]!
            await page.setViewportSize(viewport)
            await attempt(build.label, `reload, ${viewport.name}: ${marks[0]![0]}`, async () => {
              const { shown, dbReady } = await timeReload(
                page,
                path,
                marks.map(([, selector]) => selector),
              )
              marks.forEach(([label], index) =>
                record(build.label, `reload, ${viewport.name}: ${label}`, shown[index]!),
              )
              if (!HOSTED)
                record(build.label, `reload, ${viewport.name}: the database ready`, dbReady)
            })
          }
        }
      }
    }

    // The couple's own file, as the first build's Your data downloads it: every build imports the same.
    const file = await downloadWeddingFile(big.get(builds[0]!.label)!.pages()[0]!)
    if (DETAILED) {
      for (const build of builds) {
        console.log(`\n  ${build.label}`)
        await detailedScreens(big.get(build.label)!.pages()[0]!)
      }
    }
    for (const context of big.values()) await context.close()
    big.clear()

    // A newly signed-up couple's own wedding, from the couple's file: the reads planned by the
    // statistics of a wedding the build's demo never had.
    if (PARTS.has('own')) {
      const own = new Map<string, Page>()
      for (const build of builds) {
        const context = await newContext(browser, build.baseURL, { demo: false })
        const page = await context.newPage()
        await signUp(page)
        await timeWeddingImport(page, Buffer.from(JSON.stringify(file)))
        own.set(build.label, page)
      }
      for (const { path, marks } of reloads) {
        for (let run = 0; run < RUNS; run++) {
          for (const build of builds) {
            const label = `a new couple's wedding, reload: ${marks[0]![0]}`
            await attempt(build.label, label, async () => {
              const { shown } = await timeReload(
                own.get(build.label)!,
                path,
                marks.map(([, selector]) => selector),
              )
              record(build.label, label, shown[0]!)
            })
          }
        }
      }
      for (const page of own.values()) await page.context().close()
    }

    for (const size of PARTS.has('file') ? IMPORT_SIZES : []) {
      if (size < file.households.length) {
        console.log(
          `  (no wedding file of ${size} households: the couple's own has ${file.households.length})`,
        )
        continue
      }
      const sized = Buffer.from(JSON.stringify(grownFile(file, size)))
      const label = `wedding file, ${size.toLocaleString('en')} households`
      for (let run = 0; run < RUNS; run++) {
        for (const build of builds) {
          const context = await newContext(browser, build.baseURL, { demo: false })
          const page = await context.newPage()
          for (const where of HOSTED
            ? ['into a new account, every id taken']
            : ['into a new browser', 'into a second account, every id taken']) {
            await attempt(build.label, `${label}: ${where}`, async () => {
              await signUp(page)
              const { ms, notice } = await timeWeddingImport(page, sized)
              const imported = notice.startsWith('Wedding imported')
              record(
                build.label,
                `${label}: ${where}`,
                imported ? ms : NaN,
                imported ? undefined : `${notice.slice(0, 60)} after ${(ms / 1000).toFixed(0)} s`,
              )
            })
          }
          await context.close()
        }
      }
    }
  } finally {
    printTable()
    for (const context of big.values()) await context.close()
    await browser.close()
    for (const server of servers)
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
    await stack?.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

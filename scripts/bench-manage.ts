/**
 * The three management screens at 2,000 households: `npm run bench:manage`.
 *
 * Builds the app for the embedded database, serves it, and in Chromium signs in as the demo couple,
 * imports 2,000 households (5,000 persons) through the guest list's own import, then measures the
 * guest list, the RSVPs tab and the seating chart at desktop (1280×900) and phone (360×740) width:
 * time to show after a reload (from the moment the database is ready) and after a tab switch (timed
 * as a couple does it: the previous screen has shown its list, then the tab is clicked, 0.3 s later
 * and 2 s later; from the click to the next screen's list painted), a keystroke in the screen's
 * search to its painted result (over 40 keys, so that one slow frame does not decide the p95), the RSVPs tab's filters, seating a
 * household and adding a table, and how many DOM nodes the screen holds. Prints medians and p95s; it
 * is a benchmark, not a test, and fails nothing.
 *
 * Chromium: CHROME_PATH, else /usr/bin/chromium, else Playwright's own.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { preview } from 'vite'

const HOUSEHOLDS = 2000
const RUNS = 5
/** Typed one key at a time, then cleared: 42 keystrokes and 8 clears. */
const SEARCHES = ['pena', 'maria', 'cruz12', 'santos', 'jose', 'reyes1', 'ana', 'bautista']
const root = fileURLToPath(new URL('../', import.meta.url))
// BENCH_OUT_DIR: another build place, so that two checkouts sharing node_modules do not overwrite each other's build.
const outDir = process.env.BENCH_OUT_DIR ?? `${root}node_modules/.cache/bench-manage`

const seed = JSON.parse(readFileSync(`${root}supabase/seed-data/demo-wedding.json`, 'utf8')) as {
  account: { id: string; email: string; userMetadata: Record<string, unknown> }
  households: unknown[]
}

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
      lines.push([h, first[(h + p) % 8], `${last[h % 8]}${h}`, p === 2 ? 'Child' : 'Adult', p === 0 ? `0917 ${String(h).padStart(7, '0')}` : '', ['Bride', 'Groom', 'Both'][h % 3], ['Family', 'Friend'][h % 2]].join(','))
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
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
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

interface Screen {
  name: string
  path: string
  nav: string
  /** A CSS selector present once the screen shows the whole list. */
  ready: string
  search: string | null
}

const screens: Screen[] = [
  { name: 'Guest list', path: '/manage/guests', nav: 'Guest List', ready: `[role="table"][aria-rowcount="${HOUSEHOLDS + seed.households.length + 1}"] [role="rowgroup"] [role="row"]`, search: '#guest-search' },
  { name: 'RSVPs tab', path: '/manage/rsvps', nav: 'RSVPs', ready: 'ul[aria-label="Replies by household"] > li', search: 'input[type="search"]' },
  { name: 'Seating chart', path: '/manage/seating', nav: 'Seating Chart', ready: '[role="listbox"] [role="option"]', search: '#seating-guest-search' },
]

/**
 * Before the app's scripts run: notes when each screen's list first appears (checked once per
 * animation frame while the page changes), so a reload is timed in the page, not over the wire.
 */
function watchScreens(selectors: string[]) {
  const seen: Record<string, number> = {}
  ;(window as unknown as { seen: typeof seen }).seen = seen
  let queued = false
  const check = () => {
    queued = false
    for (const selector of selectors) if (!(selector in seen) && document.querySelector(selector)) seen[selector] = performance.now()
  }
  new MutationObserver(() => {
    if (!queued) {
      queued = true
      requestAnimationFrame(check)
    }
  }).observe(document, { childList: true, subtree: true })
}

async function timeReload(page: Page, screen: Screen) {
  await page.goto(screen.path)
  await page.waitForSelector(screen.ready, { timeout: 120_000 })
  return page.evaluate((selector) => {
    const start = performance.getEntriesByName('kasalan:db-start')[0]
    const ready = performance.getEntriesByName('kasalan:db-ready')[0]
    const dbReadyAt = (start?.startTime ?? 0) + (ready?.duration ?? 0)
    return (window as unknown as { seen: Record<string, number> }).seen[selector]! - dbReadyAt
  }, screen.ready)
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
      target = buttons().find((b) => b.hasAttribute('aria-pressed') && b.textContent?.startsWith(`${label} (`))
    } else if (action === 'add table') {
      const tables = () => document.querySelectorAll('#seating-tables li[aria-label]').length
      const before = tables()
      target = buttons().find((b) => b.textContent?.trim() === 'Add table')
      changed = () => tables() !== before
    } else {
      const seated = () => document.querySelector('[data-testid="seated-count"]')?.textContent
      const before = seated()
      ;[...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => /Seat all \d+$/.test(o.textContent ?? ''))?.click()
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

async function main() {
  console.log(`Management screens at ${HOUSEHOLDS.toLocaleString('en')} households, in Chromium on the built app (embedded database).\n`)
  rmSync(outDir, { recursive: true, force: true })
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' },
  })
  const port = await freePort()
  const server = await preview({ root, logLevel: 'error', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1' } })
  const executablePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  try {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1280, height: 900 } })
    const { id, email, userMetadata } = seed.account
    await context.addInitScript(
      ({ session }) => {
        localStorage.setItem('kasalan.remember', '1')
        if (!localStorage.getItem('kasalan.local.session')) localStorage.setItem('kasalan.local.session', JSON.stringify(session))
      },
      { session: { user: { id, email, userMetadata } } },
    )
    // tsx names functions with a helper that the page does not have.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn' })
    await context.addInitScript(watchScreens, screens.map((screen) => screen.ready))
    const page = await context.newPage()

    // The list, through the app's own import.
    await page.goto('/manage/guests')
    await page.getByRole('button', { name: 'Add Guest' }).click({ timeout: 120_000 })
    const drawer = page.getByRole('dialog', { name: 'Add Guest' })
    await drawer.getByRole('tab', { name: 'Import' }).click()
    const { csv, persons } = bigCsv()
    await drawer.locator('input[type="file"]').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await drawer.getByRole('button', { name: 'Review households' }).click()
    const importStart = Date.now()
    await drawer.getByRole('button', { name: `Import ${HOUSEHOLDS} households (${persons} guests)` }).click()
    await drawer.getByText(`Imported ${HOUSEHOLDS} households`).waitFor({ timeout: 300_000 })
    console.log(`  import: ${HOUSEHOLDS} households, ${persons} persons in ${Date.now() - importStart} ms (click to "Imported")\n`)
    await drawer.getByRole('button', { name: 'Done' }).click()

    for (const viewport of [
      { name: 'desktop 1280×900', width: 1280, height: 900 },
      { name: 'phone 360×740', width: 360, height: 740 },
    ]) {
      await page.setViewportSize(viewport)
      console.log(`  ${viewport.name}`)
      for (const screen of screens) {
        console.log(`  ${screen.name}`)
        const reloads: number[] = []
        for (let run = 0; run < 3; run++) reloads.push(await timeReload(page, screen))
        line('show after a reload (from database ready)', reloads)
        const other = screens.find((s) => s !== screen)!
        for (const pause of [300, 2000]) {
          const switches: number[] = []
          for (let run = 0; run < 3; run++) switches.push(await timeTabSwitch(page, other, screen, pause))
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
          for (let run = 0; run < RUNS; run++) {
            for (const action of ['filter:No reply yet', 'filter:Attending', 'filter:All'] as const) filters.push(await timeAction(page, action))
          }
          line('status filter to painted result', filters)
        }
        if (screen.name === 'Seating chart') {
          const tables: number[] = []
          for (let run = 0; run < RUNS; run++) tables.push(await timeAction(page, 'add table'))
          line('add a table to painted result', tables)
          const seats: number[] = []
          for (let run = 0; run < RUNS; run++) seats.push(await timeAction(page, 'seat'))
          line('seat a household (chosen, then a seat)', seats)
          line('DOM nodes after seating', [await domNodes(page)], 'nodes')
        }
      }
      console.log('')
    }
  } finally {
    await browser.close()
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

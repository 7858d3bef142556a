/**
 * How much a 300-household wedding takes in the browser on the embedded database:
 * `npm run bench:storage`.
 *
 * Builds the app for the embedded database, serves it, and in Chromium (a profile on disk, as a
 * phone's browser keeps one; the service worker allowed) signs in as the demo couple, then imports
 * 300 households (750 persons) through the guest list's own import. Before and after, it prints
 * `navigator.storage.estimate()` (Chromium splits it into IndexedDB, the service worker's caches and
 * its registration), the bytes of the files PGlite keeps in IndexedDB (the database itself, counted
 * file by file), and the size of a backup downloaded from Your data. It also prints what
 * `navigator.storage.persist()` answered. A measurement, not a test: it fails nothing.
 *
 * Chromium: CHROME_PATH, else /usr/bin/chromium, else Playwright's own.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { preview } from 'vite'

const HOUSEHOLDS = 300
const root = fileURLToPath(new URL('../', import.meta.url))
const outDir = process.env.BENCH_OUT_DIR ?? `${root}node_modules/.cache/measure-storage`
const seed = JSON.parse(readFileSync(`${root}supabase/seed-data/demo-wedding.json`, 'utf8')) as {
  account: { id: string; email: string; userMetadata: Record<string, unknown> }
}

/** 300 households of 2 or 3 (750 persons), with phones and e-mails, as a couple's spreadsheet. */
function weddingCsv() {
  const first = [
    'Maria',
    'Jose',
    'Ana',
    'Juan',
    'Rosa',
    'Pedro',
    'Liza',
    'Ramon',
    'Teresita',
    'Andres',
  ]
  const last = [
    'Santos',
    'Reyes',
    'Cruz',
    'Bautista',
    'Peña',
    'Garcia',
    'Mendoza',
    'Ibañez',
    'Villanueva',
    'Dela Rosa',
  ]
  const lines = ['Household,First name,Last name,Type,Email,Phone,Side,Relationship']
  let persons = 0
  for (let h = 0; h < HOUSEHOLDS; h += 1) {
    const size = h % 2 === 0 ? 2 : 3
    for (let p = 0; p < size; p += 1) {
      persons += 1
      const lastName = `${last[h % 10]} ${String.fromCharCode(65 + (h % 26))}${h}`
      lines.push(
        [
          h,
          first[(h + p) % 10],
          lastName,
          p === 2 ? 'Child' : 'Adult',
          p === 0 ? `guest${h}@example.com` : '',
          p === 0 ? `+63 917 555 ${String(h).padStart(4, '0')}` : '',
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

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`

interface Figures {
  usage: number
  indexedDB: number | null
  caches: number | null
  serviceWorker: number | null
  databaseFiles: number
  files: number
}

/** The browser's estimate, and the bytes of every file PGlite keeps in its IndexedDB database. */
async function measure(page: Page): Promise<Figures> {
  return page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: Record<string, number>
    }
    const name = `/pglite/${(localStorage.getItem('kasalan.db.dataDir') ?? 'idb://kasalan').replace('idb://', '')}`
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    // Every byte array or string found in the stored records (a file's contents and its metadata).
    const sizeOf = (value: unknown): number => {
      if (value instanceof ArrayBuffer) return value.byteLength
      if (ArrayBuffer.isView(value)) return value.byteLength
      if (value instanceof Blob) return value.size
      if (typeof value === 'string') return value.length
      if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + sizeOf(item), 0)
      if (value && typeof value === 'object')
        return Object.values(value).reduce((sum: number, item) => sum + sizeOf(item), 0)
      return 0
    }
    let bytes = 0
    let files = 0
    for (const store of [...db.objectStoreNames]) {
      await new Promise<void>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).openCursor()
        request.onsuccess = () => {
          const cursor = request.result
          if (!cursor) return resolve()
          bytes += sizeOf(cursor.value)
          files += 1
          cursor.continue()
        }
        request.onerror = () => reject(request.error)
      })
    }
    db.close()
    return {
      usage: estimate.usage ?? 0,
      indexedDB: estimate.usageDetails?.indexedDB ?? null,
      caches: estimate.usageDetails?.caches ?? null,
      serviceWorker: estimate.usageDetails?.serviceWorkerRegistrations ?? null,
      databaseFiles: bytes,
      files,
    }
  })
}

function print(label: string, figures: Figures, backupBytes: number) {
  console.log(`\n${label}`)
  console.log(`  navigator.storage.estimate().usage          ${mb(figures.usage)}`)
  if (figures.indexedDB !== null)
    console.log(`    of which IndexedDB                        ${mb(figures.indexedDB)}`)
  if (figures.caches !== null)
    console.log(`    of which the service worker's caches      ${mb(figures.caches)}`)
  if (figures.serviceWorker !== null)
    console.log(`    of which the service worker's registration ${mb(figures.serviceWorker)}`)
  console.log(
    `  the database's files in IndexedDB           ${mb(figures.databaseFiles)} (${figures.files} records)`,
  )
  console.log(`  a backup downloaded from Your data          ${mb(backupBytes)} (.tar.gz)`)
}

async function backupSize(page: Page) {
  await page.goto('/manage/data')
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 180_000 }),
    page.getByRole('button', { name: 'Download a backup' }).click({ timeout: 120_000 }),
  ])
  return statSync((await download.path())!).size
}

async function main() {
  console.log(
    `Embedded storage of a ${HOUSEHOLDS}-household wedding, in Chromium on the built app (embedded database).`,
  )
  rmSync(outDir, { recursive: true, force: true })
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' },
  })
  const port = await freePort()
  const server = await preview({
    root,
    logLevel: 'error',
    build: { outDir },
    preview: { port, strictPort: true, host: '127.0.0.1' },
  })
  const profile = mkdtempSync(join(tmpdir(), 'kasalan-storage-'))
  const executablePath =
    process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  })
  try {
    const { id, email, userMetadata } = seed.account
    await context.addInitScript(
      ({ session }) => {
        localStorage.setItem('kasalan.remember', '1')
        if (!localStorage.getItem('kasalan.local.session'))
          localStorage.setItem('kasalan.local.session', JSON.stringify(session))
      },
      { session: { user: { id, email, userMetadata } } },
    )
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn' })
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/manage/guests')
    await page.getByRole('table', { name: 'Households' }).waitFor({ timeout: 120_000 })
    await page.evaluate(() => navigator.serviceWorker.ready)
    const persisted = await page.evaluate(async () => ({
      persist: await navigator.storage.persist(),
      persisted: await navigator.storage.persisted(),
    }))
    console.log(
      `\nnavigator.storage.persist() answered ${persisted.persist}; persisted() ${persisted.persisted}`,
    )
    // The worker's precache is complete once it is ready; a reload reads everything back from storage.
    await page.reload()
    await page.getByRole('table', { name: 'Households' }).waitFor({ timeout: 120_000 })
    print(
      'The demo wedding (31 households) after one visit:',
      await measure(page),
      await backupSize(page),
    )

    await page.goto('/manage/guests')
    await page.getByRole('button', { name: 'Add Guest' }).click({ timeout: 120_000 })
    const drawer = page.getByRole('dialog', { name: 'Add Guest' })
    await drawer.getByRole('tab', { name: 'Import' }).click()
    const { csv, persons } = weddingCsv()
    await drawer
      .locator('input[type="file"]')
      .setInputFiles({ name: 'wedding.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await drawer.getByRole('button', { name: 'Review households' }).click()
    await drawer
      .getByRole('button', { name: `Import ${HOUSEHOLDS} households (${persons} guests)` })
      .click()
    await drawer.getByText(`Imported ${HOUSEHOLDS} households`).waitFor({ timeout: 300_000 })
    await drawer.getByRole('button', { name: 'Done' }).click()
    await page.reload()
    await page.getByRole('table', { name: 'Households' }).waitFor({ timeout: 120_000 })
    print(
      `With ${HOUSEHOLDS} households (${persons} guests) imported, after a reload:`,
      await measure(page),
      await backupSize(page),
    )
  } finally {
    await context.close()
    await server.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

await main()

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { openInApp } from './support/navigation'
import { signInAsDemo, signInTabAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'

// The installed management app and the embedded data's safety, on a 360 px phone: the service
// worker (vite.config.ts) opens management and the door with no network after one visit, the
// guests' pages neither register it nor need it, and a deleted embedded database is noticed.
// The other browser tests block service workers (playwright.config.ts); these allow them.

const slug = 'isabel-and-miguel'
const markerKey = 'kasalan.local.marker'
const DAY = 24 * 3600 * 1000
const fullChromium = process.env.CHROME_FULL_PATH ?? '/usr/bin/chromium'

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, serviceWorkers: 'allow' })

/** Waits until the service worker is installed with its precache and controls the page. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    )
  })
}

/** Finds one guest by `search` and marks them arrived: the door then counts `arrived`. */
async function markArrived(usher: Page, search: string, name: string, arrived: number) {
  await usher.getByRole('searchbox', { name: 'Find a guest' }).fill(search)
  await usher.getByRole('button', { name: `Mark ${name} arrived` }).click()
  await expect(usher.getByTestId('checkin-arrived')).toHaveText(String(arrived))
}

test('an usher offline checks in 5, reloads with no network, checks in 2 more: 7 arrive once each', async ({
  page: couple,
  context,
}) => {
  test.setTimeout(300_000)
  await signInTabAsDemo(couple)
  await couple.goto('/manage/members')
  await expect(couple.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible({
    timeout: 120_000,
  })
  // Management is installable: the manifest is linked here (never on the guests' pages).
  await expect(couple.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  )
  await couple.getByLabel('Role', { exact: true }).selectOption({ label: 'Usher' })
  await couple.getByRole('button', { name: 'Create invitation link' }).click()
  const link = await couple.getByRole('textbox', { name: 'Invitation link' }).inputValue()

  const usher = await context.newPage()
  await usher.goto(link)
  await expect(usher.getByRole('heading', { name: "You're invited" })).toBeVisible({
    timeout: 120_000,
  })
  await usher.getByLabel('Your name').fill('Kuya Jun')
  await usher.getByLabel('E-mail').fill(`jun-${Date.now()}@example.com`)
  await usher.getByLabel('Password').fill('usher-pass-123')
  await usher.getByRole('button', { name: 'Create account' }).click()
  await expect(usher.getByText('as Usher')).toBeVisible()
  await usher.evaluate(() =>
    sessionStorage.setItem(
      'kasalan.local.session',
      localStorage.getItem('kasalan.local.session') ?? '',
    ),
  )
  await usher.getByRole('button', { name: 'Accept and open the wedding' }).click()
  await expect(usher).toHaveURL(/\/manage\/checkin$/, { timeout: 60_000 })
  await expect(usher.getByTestId('checkin-arrived')).toHaveText('0', { timeout: 60_000 })
  // One visit is enough: the worker has kept the app shell and the database's engine.
  await waitForServiceWorker(usher)

  await context.setOffline(true)
  await expect(usher.getByText('Offline: check-ins are kept on this phone')).toBeVisible()
  // The worker's own requests fail too: a picture it has never kept cannot be fetched now.
  expect(
    await usher.evaluate(() =>
      fetch('/images/site/preview-modern.png').then(
        () => 'fetched',
        () => 'failed',
      ),
    ),
  ).toBe('failed')

  await markArrived(usher, 'Dela Rosa', 'Juan Dela Rosa', 1)
  await markArrived(usher, 'Mendoza', 'Nena Mendoza', 2)
  await markArrived(usher, 'Ramos', 'Jessa Ramos', 3)
  await markArrived(usher, 'Kevin', 'Kevin Cruz', 4)
  await markArrived(usher, 'Lopez', 'Hannah Lopez', 5)
  await expect(usher.getByTestId('checkin-arrived')).toHaveText('5')
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('5 check-ins waiting to send')

  // A reload with no network: the page, its scripts and the database's engine come from the worker.
  const reloaded = await usher.reload()
  expect(reloaded?.fromServiceWorker()).toBe(true)
  await expect(usher.getByRole('searchbox', { name: 'Find a guest' })).toBeVisible({
    timeout: 60_000,
  })
  await expect(usher.getByText('Offline: check-ins are kept on this phone')).toBeVisible()
  await expect(usher.getByTestId('checkin-arrived')).toHaveText('5')
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('5 check-ins waiting to send')
  await expectNoSeriousA11yViolations(usher)

  await markArrived(usher, 'Villareal', 'Emmanuel Villareal', 6)
  await markArrived(usher, 'Salazar', 'Victor Salazar', 7)
  await expect(usher.getByTestId('checkin-arrived')).toHaveText('7')
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('7 check-ins waiting to send')
  await keepScreenshot(usher, 'offline-door-reloaded-en.png', { fullPage: true })

  // The signal returns: the seven are sent, once each.
  await context.setOffline(false)
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('All check-ins sent', {
    timeout: 30_000,
  })
  await expect(usher.getByTestId('checkin-arrived')).toHaveText('7')

  // The couple's door and the after-the-day page count the same seven.
  await couple.bringToFront()
  await openInApp(couple, '/manage/checkin')
  await expect(couple.getByTestId('checkin-arrived')).toHaveText('7', { timeout: 60_000 })
  await couple.getByRole('link', { name: 'After the day' }).click()
  await expect(couple.getByTestId('after-came')).toHaveText('7')
  // Nothing is waiting in either tab's storage.
  expect(
    await usher.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('kasalan.checkin.queue.'))
        .map((key) => JSON.parse(localStorage.getItem(key)!).length),
    ),
  ).toEqual([0])
})

test('management is installable: Chromium finds no installability error', async ({ baseURL }) => {
  // Only the full browser checks installability (the headless shell answers none for any page), and
  // not in a private window, which every test's context is: a profile of its own, in Debian's Chromium.
  test.skip(!existsSync(fullChromium), `${fullChromium} is needed to check installability`)
  const profile = mkdtempSync(join(tmpdir(), 'kasalan-install-'))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: fullChromium,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    baseURL,
    viewport: { width: 360, height: 780 },
  })
  try {
    const page = browser.pages()[0] ?? (await browser.newPage())
    const cdp = await browser.newCDPSession(page)
    // A guest's page offers nothing to install.
    await page.goto(`/wedding/${slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Isabel', {
      timeout: 60_000,
    })
    const guests = await cdp.send('Page.getInstallabilityErrors')
    expect(guests.installabilityErrors.map((error) => error.errorId)).toContain('no-manifest')

    await signInAsDemo(page)
    await page.goto('/manage/guests')
    await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 120_000 })
    await waitForServiceWorker(page)
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/)
    expect(manifest.errors).toEqual([])
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
  } finally {
    await browser.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('management opens with no network after one visit; the guests pages are never served by the worker', async ({
  page,
  context,
}) => {
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 120_000 })
  await waitForServiceWorker(page)

  await context.setOffline(true)
  const offline = await page.goto('/manage/seating')
  expect(offline?.fromServiceWorker()).toBe(true)
  await expect(page.getByRole('heading', { name: 'Seating Chart', level: 1 })).toBeVisible({
    timeout: 60_000,
  })
  await openInApp(page, '/manage/guests')
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('row', { name: /^Lola Pacita Dela Cruz/ })).toBeVisible()

  // A guest's page always comes from the host, as if there were no worker: offline, it does not open.
  await expect(page.goto(`/wedding/${slug}`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
  await context.setOffline(false)
  const online = await page.goto(`/wedding/${slug}`)
  expect(online?.fromServiceWorker()).toBe(false)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Isabel', { timeout: 60_000 })
})

/**
 * The app as the test server serves it, through a host of its own on another port whose `/sw.js`
 * can become the next deploy's: the browser's own update check (which no page route sees) then finds
 * a worker that differs by a byte.
 */
async function hostWithNextDeploy(origin: string) {
  let deployed = false
  const server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', origin))
      const headers: Record<string, string> = {}
      for (const name of ['content-type', 'cache-control']) {
        const value = upstream.headers.get(name)
        if (value) headers[name] = value
      }
      let body = Buffer.from(await upstream.arrayBuffer())
      if (request.url === '/sw.js' && deployed)
        body = Buffer.concat([body, Buffer.from('\n// the next deploy\n')])
      response.writeHead(upstream.status, headers).end(body)
    })().catch(() => response.writeHead(502).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: () => void (deployed = true),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

test('a new deploy waits for the Reload the couple chooses', async ({ page, baseURL }) => {
  const host = await hostWithNextDeploy(baseURL!)
  try {
    await signInAsDemo(page)
    await page.goto(`${host.url}/manage/guests`)
    await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 120_000 })
    await waitForServiceWorker(page)
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'A new version of Kasalan is ready.' })
    await expect(notice).toHaveCount(0)

    host.deploy()
    // What the app does every hour and whenever the page is shown again.
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
    )
    await expect(notice).toBeVisible({ timeout: 60_000 })
    await expectNoSeriousA11yViolations(page)
    await keepScreenshot(page, 'update-notice-en-360.png')
    await page.getByRole('button', { name: /^Filipino/ }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'May bagong bersyon ng Kasalan.' }),
    ).toBeVisible()
    await keepScreenshot(page, 'update-notice-fil-360.png')
    await page.getByRole('button', { name: /^English/ }).click()
    // Nothing changes until asked: the new worker waits. Then it takes over and the page reloads.
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker
          .getRegistration()
          .then((registration) => registration?.waiting?.state),
      ),
    ).toBe('installed')
    await Promise.all([
      page.waitForEvent('load', { timeout: 60_000 }),
      notice.getByRole('button', { name: 'Reload' }).click(),
    ])
    await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 120_000 })
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker
          .getRegistration()
          .then((registration) => registration?.waiting ?? null),
      ),
    ).toBeNull()
    await expect(notice).toHaveCount(0)
  } finally {
    await host.close()
  }
})

test('the guests pages register no worker and work where service workers are blocked', async ({
  browser,
}) => {
  // Messenger's and Facebook's in-app browsers: no service worker at all.
  const blocked = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 360, height: 780 },
  })
  const guest = await blocked.newPage()
  await guest.goto(`/wedding/${slug}`)
  await expect(guest.getByRole('heading', { level: 1 })).toContainText('Isabel', {
    timeout: 60_000,
  })
  await guest
    .getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
    .fill('pacita dela cruz')
  await expect(guest.getByRole('link', { name: /Pacita Dela Cruz/ })).toBeVisible({
    timeout: 60_000,
  })
  await blocked.close()

  // Where workers are allowed, a guest's page still registers none and links no manifest.
  const allowed = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 360, height: 780 },
  })
  const visitor = await allowed.newPage()
  const requested: string[] = []
  visitor.on('request', (request) => requested.push(new URL(request.url()).pathname))
  await visitor.goto(`/wedding/${slug}`)
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Isabel', {
    timeout: 60_000,
  })
  await visitor.waitForLoadState('networkidle')
  expect(
    await visitor.evaluate(() =>
      navigator.serviceWorker.getRegistrations().then((list) => list.length),
    ),
  ).toBe(0)
  expect(requested.filter((path) => /sw\.js|workbox|manifest/.test(path))).toEqual([])
  await expect(visitor.locator('link[rel="manifest"]')).toHaveCount(0)
  await allowed.close()
})

/** The embedded database's IndexedDB is deleted, as a browser evicting the site's storage does. */
async function evictDatabase(context: BrowserContext, page: Page) {
  const dataDir = await page.evaluate(
    () => localStorage.getItem('kasalan.db.dataDir') ?? 'idb://kasalan',
  )
  await page.close()
  // A page of the site that runs none of the app, so nothing holds the database open.
  const blank = await context.newPage()
  await blank.goto('/favicon.svg')
  const deleted = await blank.evaluate(
    (name) =>
      new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase(name)
        request.onsuccess = () => resolve('deleted')
        request.onerror = () => resolve('error')
        request.onblocked = () => resolve('blocked')
      }),
    `/pglite/${dataDir.replace('idb://', '')}`,
  )
  expect(deleted).toBe('deleted')
  await blank.close()
}

test('a deleted embedded database is noticed at the next start, and its backup restores it', async ({
  context,
}) => {
  test.setTimeout(240_000)
  let page = await context.newPage()
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 120_000 })
  await page.getByRole('button', { name: 'Add Guest' }).click()
  const drawer = page.getByRole('dialog', { name: 'Add Guest' })
  await drawer.getByLabel('First name').fill('Teodora')
  await drawer.getByLabel('Last name').fill('Alonso')
  await drawer.getByRole('button', { name: 'Save & close' }).click()
  await expect(page.getByText('Added the household of Teodora Alonso.')).toBeVisible()

  await openInApp(page, '/manage/data')
  await expect(page.getByTestId('last-backup')).toHaveText(
    'No backup has been downloaded in this browser yet.',
  )
  const [backup] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download a backup' }).click(),
  ])
  const backupFile = {
    name: backup.suggestedFilename(),
    mimeType: 'application/gzip',
    buffer: readFileSync(await backup.path()),
  }
  await expect(page.getByTestId('last-backup')).toContainText(/^Last backup: \d+ \w+ \(today\)\.$/)

  await evictDatabase(context, page)
  page = await context.newPage()
  await page.goto('/manage/guests')
  const notice = page.getByRole('alertdialog', {
    name: 'Your wedding is no longer in this browser',
  })
  await expect(notice).toBeVisible({ timeout: 120_000 })
  await expect(notice).toContainText('Your last backup from this browser:')
  await expectNoSeriousA11yViolations(page, '[role="alertdialog"]')
  await keepScreenshot(page, 'storage-lost-en-360.png')

  // Still said after a reload, until answered.
  await page.reload()
  await expect(notice).toBeVisible({ timeout: 120_000 })
  await page.evaluate(() => localStorage.setItem('kasalan.language.app', 'fil'))
  await page.reload()
  const fil = page.getByRole('alertdialog', { name: 'Wala na sa browser na ito ang inyong kasal' })
  await expect(fil).toBeVisible({ timeout: 120_000 })
  await expectNoSeriousA11yViolations(page, '[role="alertdialog"]')
  await keepScreenshot(page, 'storage-lost-fil-360.png')
  await page.evaluate(() => localStorage.setItem('kasalan.language.app', 'en'))
  await page.reload()

  // A file that is not a backup is refused in the notice itself; the backup restores everything.
  await notice.getByLabel('Restore a backup').setInputFiles({
    name: 'notes.tar.gz',
    mimeType: 'application/gzip',
    buffer: Buffer.from('nope'),
  })
  await expect(
    notice.getByText("This file isn't a Kasalan backup. Nothing was changed."),
  ).toBeVisible({ timeout: 60_000 })
  await Promise.all([
    page.waitForEvent('load', { timeout: 60_000 }),
    notice.getByLabel('Restore a backup').setInputFiles(backupFile),
  ])
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 120_000 })
  await page.getByRole('searchbox', { name: 'Search guests' }).fill('Teodora')
  await expect(page.getByRole('row', { name: /^Teodora Alonso/ })).toBeVisible()
  await expect(notice).toHaveCount(0)
  const marker = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), markerKey)
  expect(marker.lostSince).toBeNull()
})

test('a backup a week old is reminded; "later" holds for a day', async ({ page }) => {
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 120_000 })
  // The database is here now; its marker as a browser keeps it after a backup nine days ago.
  const nineDaysAgo = new Date(Date.now() - 9 * DAY).toISOString()
  await page.evaluate(
    ({ key, at }) =>
      localStorage.setItem(key, JSON.stringify({ firstSeenAt: at, seenAt: at, backupAt: at })),
    { key: markerKey, at: nineDaysAgo },
  )
  await page.reload()
  const reminder = page.getByRole('region', { name: 'Backup reminder' })
  await expect(reminder).toContainText('Your last backup was 9 days ago.', { timeout: 120_000 })
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 60_000 })
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'storage-reminder-en-360.png')
  await page.getByRole('button', { name: /^Filipino/ }).click()
  const paalala = page.getByRole('region', { name: 'Paalala sa backup' })
  await expect(paalala).toContainText('9 araw na mula sa huli ninyong backup.')
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'storage-reminder-fil-360.png')
  await page.getByRole('button', { name: /^English/ }).click()

  // "Back up now" leads to Your data, which shows the backup's age.
  await reminder.getByRole('link', { name: 'Back up now' }).click()
  await expect(page.getByTestId('last-backup')).toContainText('(9 days ago)')
  await page.goto('/manage/guests')
  await expect(reminder).toBeVisible({ timeout: 120_000 })
  // "Later": not again today, even after a reload.
  await reminder.getByRole('button', { name: 'Remind me tomorrow' }).click()
  await expect(reminder).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 120_000 })
  await expect(reminder).toHaveCount(0)
  const marker = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), markerKey)
  expect(Date.parse(marker.snoozedUntil) - Date.now()).toBeGreaterThan(23 * 3600 * 1000)
})

test.describe('on an iPhone, in Safari', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  })

  test('installing or a backup is suggested once', async ({ page }) => {
    await signInAsDemo(page)
    await page.goto('/manage/guests')
    const advice = page.getByRole('region', { name: 'Keep your wedding on this iPhone or iPad' })
    await expect(advice).toContainText('Add Kasalan to your Home Screen', { timeout: 120_000 })
    await expectNoSeriousA11yViolations(page)
    await keepScreenshot(page, 'storage-ios-en-360.png')
    await page.getByRole('button', { name: /^Filipino/ }).click()
    const payo = page.getByRole('region', {
      name: 'Itago ang inyong kasal sa iPhone o iPad na ito',
    })
    await expect(payo).toContainText('Idagdag ang Kasalan sa Home Screen')
    await expectNoSeriousA11yViolations(page)
    await keepScreenshot(page, 'storage-ios-fil-360.png')
    await page.getByRole('button', { name: /^English/ }).click()
    await advice.getByRole('button', { name: 'OK' }).click()
    await expect(advice).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 120_000 })
    await expect(advice).toHaveCount(0)
  })
})

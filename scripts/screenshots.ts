/**
 * Full-page screenshots of every screen, to look at: the guest site (home, the name search, a
 * household's RSVP, the thank-you page), sign-in, and each management screen with its tabs, drawers
 * and printables, at 360×780 (a phone) and 1280×800 (a laptop), in Filipino and English, on the
 * embedded database with the demo wedding. Compared with nothing and run by nothing in CI: they
 * are for people to open.
 *
 *   VITE_SUPABASE_URL= VITE_SUPABASE_ANON_KEY= npx vite build --outDir dist-e2e
 *   npm run screenshots
 *
 * E2E_DIST=<dir> takes another build, PORT another port (4197), SHOTS_DIR another folder
 * (/tmp/shots), SHOTS_ONLY=<regex> only the screens whose names match (`guests|drawer`), and
 * SHOTS_VARIANTS=fil-360,en-1280 only those languages and widths. One browser, one tab at a time.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { openInApp } from '../e2e/support/navigation'
import { signInAsDemo } from '../e2e/support/session'

const port = Number(process.env.PORT ?? 4197)
const outDir = process.env.E2E_DIST ?? 'dist-e2e'
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots'
const only = process.env.SHOTS_ONLY ? new RegExp(process.env.SHOTS_ONLY) : null
const variants = (process.env.SHOTS_VARIANTS ?? 'fil-360,fil-1280,en-360,en-1280').split(',')
const slug = 'isabel-and-miguel'
const BOOT = { timeout: 120_000 }

if (!existsSync(`${outDir}/index.html`)) {
  console.error(
    `No build in ${outDir}: run \`VITE_SUPABASE_URL= VITE_SUPABASE_ANON_KEY= npx vite build --outDir ${outDir}\` first.`,
  )
  process.exit(1)
}
const baseUrl = `http://127.0.0.1:${port}`
try {
  await fetch(baseUrl)
  console.error(`Port ${port} is taken: set PORT to a free one.`)
  process.exit(1)
} catch {
  // Free: the server started here answers there.
}

// The browser tests' file server (playwright.config.ts): every address falls back to index.html.
const server = spawn(
  'npx',
  ['sirv', outDir, '--single', '--etag', '--quiet', '--port', String(port), '--host', '127.0.0.1'],
  {
    stdio: 'ignore',
    // Its own process group: npx leaves sirv running when only npx is stopped.
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
for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(baseUrl)).ok) break
  } catch {
    if (attempt > 150) throw new Error('the file server did not start')
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
}

const executablePath =
  process.env.CHROME_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path))
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

/** Waits until the screen has drawn: a heading, nothing still loading, fonts and layout settled. */
async function settle(page: Page) {
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', ...BOOT })
  await page
    .locator('[role="status"]:has(.motion-safe\\:animate-spin)')
    .first()
    .waitFor({ state: 'detached', ...BOOT })
  await page.evaluate(() =>
    document.fonts.ready.then(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    ),
  )
  // Lazy images and late chunks.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
  await page.waitForTimeout(300)
}

let taken = 0
/**
 * A screenshot named `name`, once the screen has settled: of the whole page, or of the window and
 * then of the dialog scrolled to its end when a dialog is open (it is fixed to the window). A long
 * list draws only the rows in the window: `tall` makes the window as tall as the page first.
 */
async function shoot(page: Page, folder: string, name: string, tall = false) {
  await settle(page)
  const path = `${shotsDir}/${folder}/${name}`
  if (await page.getByRole('dialog').count()) {
    await page.screenshot({ path: `${path}.png` })
    const scrolled = await page
      .getByRole('dialog')
      .first()
      .evaluate((dialog) => {
        let moved = false
        for (const box of [dialog, ...dialog.querySelectorAll('*')]) {
          if (
            box.scrollHeight > box.clientHeight + 1 &&
            /auto|scroll/.test(getComputedStyle(box).overflowY)
          ) {
            box.scrollTop = box.scrollHeight
            moved = true
          }
        }
        return moved
      })
    if (scrolled) await page.screenshot({ path: `${path}-end.png` })
  } else if (tall) {
    const size = page.viewportSize()!
    for (let i = 0; i < 4; i++) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      if (height <= page.viewportSize()!.height) break
      await page.setViewportSize({ width: size.width, height })
      await settle(page)
    }
    await page.screenshot({ path: `${path}.png`, fullPage: true })
    await page.setViewportSize(size)
  } else {
    await page.screenshot({ path: `${path}.png`, fullPage: true })
  }
  taken++
  console.log(`${folder}/${name}.png`)
}

/** The screen at `path` (opened inside the app, or loaded afresh with `load`), then `act` on it. */
type Step = {
  name: string
  path?: string
  load?: boolean
  tall?: boolean
  act?: (page: Page) => Promise<void>
}

/** A tab by its place, whatever the language. */
const tab = (page: Page, index: number, within = 'main') =>
  page.locator(within).getByRole('tab').nth(index)

const guestSite: Step[] = [
  { name: 'site-home', path: `/wedding/${slug}`, load: true },
  {
    name: 'site-rsvp-search',
    path: `/wedding/${slug}/rsvp`,
    act: async (page) => {
      const search = page.getByRole('searchbox').first()
      await search.waitFor(BOOT)
      await search.fill('cristina pen')
      await page.locator('a[href*="/rsvp/"]').first().waitFor(BOOT)
    },
  },
  {
    name: 'site-rsvp-household',
    act: async (page) => {
      await page.locator('a[href*="/rsvp/"]').first().click()
      await page.locator('form input[type="radio"]').first().waitFor(BOOT)
    },
  },
  {
    name: 'site-rsvp-thank-you',
    act: async (page) => {
      // The first person comes, with the first of each choice asked; the others send their regrets.
      for (const no of await page.locator('form input[value="no"]').all()) await no.check()
      await page.locator('form input[value="yes"]').first().check()
      const choices = page
        .locator('form fieldset.rsvp-card')
        .first()
        .locator('input[type="radio"]:not([value="yes"]):not([value="no"])')
      if (await choices.count()) await choices.first().check()
      await page.locator('form button[type="submit"]').click()
      await page.waitForURL(/thank-you/, BOOT)
    },
  },
  { name: 'sign-in', path: '/auth/login', load: true },
]

const management: Step[] = [
  { name: 'guests', path: '/manage/guests', load: true, tall: true },
  {
    name: 'guests-drawer',
    act: async (page) => {
      await page.locator('main button.btn-primary').first().click()
      await page.getByRole('dialog').waitFor()
    },
  },
  {
    name: 'guests-drawer-import',
    act: async (page) => {
      await tab(page, 1, '[role="dialog"]').click()
    },
  },
  { name: 'rsvps', path: '/manage/rsvps', tall: true },
  { name: 'rsvps-settings', act: (page) => tab(page, 1).click() },
  { name: 'events', path: '/manage/rsvps/events' },
  { name: 'forecast', path: '/manage/rsvps/forecast' },
  { name: 'email-preview', path: '/manage/email-preview/rsvp' },
  { name: 'seating', path: '/manage/seating' },
  { name: 'website', path: '/manage/website' },
  { name: 'website-theme', act: (page) => tab(page, 1).click() },
  { name: 'website-details', act: (page) => tab(page, 2).click() },
  { name: 'website-address', act: (page) => tab(page, 3).click() },
  { name: 'content', path: '/manage/cms' },
  ...['home', 'our-story', 'schedule', 'wedding-party', 'faqs', 'registry'].map((section) => ({
    name: `content-editor-${section}`,
    path: `/manage/cms/editor?section=${section}`,
  })),
  { name: 'invitations', path: '/manage/invitations', tall: true },
  { name: 'invitations-follow-up', act: (page) => tab(page, 1).click() },
  { name: 'invitations-templates', act: (page) => tab(page, 2).click() },
  { name: 'invitations-print', path: '/manage/invitations/print' },
  { name: 'checkin', path: '/manage/checkin' },
  { name: 'checkin-after', path: '/manage/checkin/after' },
  { name: 'print-escort-cards', path: '/manage/print' },
  {
    name: 'print-escort-list',
    act: (page) => page.locator('main input[type="radio"][name$="-kind"]').nth(1).check(),
  },
  {
    name: 'print-table-cards',
    act: (page) => page.locator('main input[type="radio"][name$="-kind"]').nth(2).check(),
  },
  {
    name: 'print-entourage',
    act: (page) => page.locator('main input[type="radio"][name$="-kind"]').nth(3).check(),
  },
  { name: 'members', path: '/manage/members' },
  { name: 'activity', path: '/manage/activity' },
  { name: 'plan-checklist', path: '/manage/plan' },
  { name: 'plan-budget', path: '/manage/plan/budget' },
  { name: 'plan-suppliers', path: '/manage/plan/suppliers' },
  { name: 'plan-gifts', path: '/manage/plan/gifts' },
  { name: 'data', path: '/manage/data' },
]

/** Goes through `steps` on the page, a screenshot after each; a step that fails is said and skipped. */
async function walk(page: Page, folder: string, steps: Step[], first = 0) {
  for (const [index, step] of steps.entries()) {
    const name = `${String(first + index).padStart(2, '0')}-${step.name}`
    try {
      // A drawer left open closes before the next screen.
      if (step.path && (await page.getByRole('dialog').count())) await page.keyboard.press('Escape')
      if (step.path && step.load) await page.goto(baseUrl + step.path)
      else if (step.path) await openInApp(page, step.path)
      if (step.path) await settle(page)
      await step.act?.(page)
      if (!only || only.test(step.name)) await shoot(page, folder, name, step.tall)
    } catch (error) {
      console.error(`${folder}/${name}: ${(error as Error).message.split('\n')[0]}`)
    }
  }
}

const started = Date.now()
try {
  for (const variant of variants) {
    const [language, width] = variant.split('-') as ['fil' | 'en', string]
    const viewport = { width: Number(width), height: Number(width) < 600 ? 780 : 800 }
    mkdirSync(`${shotsDir}/${variant}`, { recursive: true })
    // A new browser profile for each: a fresh embedded database with the demo wedding.
    const context = await browser.newContext({
      viewport,
      hasTouch: viewport.width < 600,
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    })
    await context.addInitScript((chosen) => {
      localStorage.setItem('kasalan.language.app', chosen)
      localStorage.setItem('kasalan.language.site', chosen)
    }, language)
    // First as a guest (no session: no couple's banner on the site), then as the couple.
    const guest = await context.newPage()
    await walk(guest, variant, guestSite)
    await guest.close()
    const couple = await context.newPage()
    await signInAsDemo(couple)
    await walk(couple, variant, management, guestSite.length)
    await context.close()
  }
} finally {
  await browser.close()
  stopServer()
}
console.log(`${taken} screenshots in ${shotsDir} in ${Math.round((Date.now() - started) / 1000)} s`)

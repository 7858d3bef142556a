import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { openInApp } from './support/navigation'
import { visibleEnglish } from './support/english-words'
import { overruns } from './support/overflow'
import { keepScreenshot } from './support/screenshots'
import { demoAccount, signInAsDemo } from './support/session'
import { callAs } from './support/sql-calls'

// Every management screen and the guest site's pages on a 360 px phone, in Filipino and in English:
// nothing may reach past the right edge of the screen (a button cut in half, a page that scrolls
// sideways). A row that scrolls sideways on purpose, showing that it does (ScrollRow: the tab bars,
// the guest counts), is left to itself; any other box that scrolls sideways counts as running past.
// One start of the app per language; each screen is opened inside the app, as its links do.

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })
test.describe.configure({ timeout: 300_000 })

const BOOT = { timeout: 120_000 }
const WEDDING = '5eed0000-0000-4000-8000-000000000002'
const slug = 'isabel-and-miguel'

/** The management screens, each by its address (the content editor on its two longest sections). */
const screens = [
  '/manage/guests',
  '/manage/seating',
  '/manage/print',
  '/manage/rsvps',
  '/manage/rsvps/events',
  '/manage/rsvps/forecast',
  '/manage/email-preview/rsvp',
  '/manage/invitations',
  '/manage/invitations/print',
  '/manage/plan',
  '/manage/plan/budget',
  '/manage/plan/suppliers',
  '/manage/plan/gifts',
  '/manage/website',
  '/manage/cms',
  '/manage/cms/editor?section=wedding-party',
  '/manage/cms/editor?section=schedule',
  '/manage/members',
  '/manage/activity',
  '/manage/data',
  '/manage/checkin',
  '/manage/checkin/after',
]

/** Waits until the screen has drawn: a main heading, nothing still loading, fonts and layout settled. */
async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeAttached(BOOT)
  await expect(page.locator('[role="status"]:has(.motion-safe\\:animate-spin)')).toHaveCount(
    0,
    BOOT,
  )
  await page.evaluate(() =>
    document.fonts.ready.then(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    ),
  )
}

/** What runs past the screen's edge on the page now, as lines to read; a screenshot when anything does. */
async function pastTheEdge(page: Page, label: string) {
  await settle(page)
  const found = await overruns(page)
  if (found.length)
    await keepScreenshot(page, `${label.replace(/[^a-z0-9]+/gi, '-')}.png`, {
      fullPage: true,
    })
  return found.map((item) => `${label}: ${item.where} “${item.text}” +${item.by}px`)
}

for (const language of ['fil', 'en'] as const) {
  test(`every management screen and the guest site fit a 360 px phone, in ${language === 'fil' ? 'Filipino' : 'English'}`, async ({
    page,
  }) => {
    await page.addInitScript((chosen) => {
      localStorage.setItem('kasalan.language.app', chosen)
      localStorage.setItem('kasalan.language.site', chosen)
    }, language)
    await signInAsDemo(page)
    await page.goto('/manage/guests')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(BOOT)
    // The longest name the household form takes, without a space: it wraps wherever it is shown.
    await callAs(page, demoAccount().id, 'save_household', {
      p_wedding_id: WEDDING,
      p_household: {
        email: null,
        phone: null,
        address: {},
        relationshipSide: 'bride',
        relationshipType: 'friend',
        notes: null,
        persons: [
          {
            firstName: 'Maria'.repeat(20),
            lastName: 'Santos',
            type: 'adult',
            title: null,
            suffix: null,
            notes: null,
          },
        ],
      },
    })
    await page.reload()
    const failures: string[] = []
    const english: string[] = []
    for (const screen of screens) {
      if (screen !== '/manage/guests') await openInApp(page, screen)
      failures.push(...(await pastTheEdge(page, `${language} ${screen}`)))
      // In Filipino, no English word from the team's list (e2e/support/english-words.ts).
      if (language === 'fil')
        english.push(...(await visibleEnglish(page)).map((word) => `${screen}: ${word}`))
      if (language === 'fil' && screen === '/manage/guests') {
        // The household drawer, and its import tab.
        await page.getByRole('button', { name: 'Magdagdag ng Bisita' }).first().click()
        const drawer = page.getByRole('dialog')
        await expect(drawer).toBeVisible()
        english.push(
          ...(await visibleEnglish(page)).map((word) => `${screen}, the drawer: ${word}`),
        )
        const importTab = drawer.getByRole('tab').nth(1)
        await importTab.click()
        english.push(
          ...(await visibleEnglish(page)).map(
            (word) => `${screen}, the drawer's second tab: ${word}`,
          ),
        )
        await page.keyboard.press('Escape')
        await expect(drawer).toBeHidden()
      }
    }
    expect.soft(english, 'English words on the Filipino management screens').toEqual([])

    // The guest site: its home page and each section's page, as the couple sees it (with their banner).
    await page.goto(`/wedding/${slug}`)
    await settle(page)
    const pages = await page
      .locator(`a[href^="/wedding/${slug}/"]`)
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))])
    expect(pages.length).toBeGreaterThan(3)
    for (const address of [`/wedding/${slug}`, ...pages]) {
      if (address !== `/wedding/${slug}`) await openInApp(page, address)
      failures.push(...(await pastTheEdge(page, `${language} ${address}`)))
    }
    expect(failures, 'what reaches past a 360 px screen').toEqual([])
  })
}

/** The box of `target` lies within the 360 px screen, left to right. */
async function expectOnScreen(target: Locator, what: string) {
  const box = (await target.boundingBox())!
  expect.soft(box.x, `${what}: its left edge`).toBeGreaterThanOrEqual(-0.5)
  expect.soft(box.x + box.width, `${what}: its right edge`).toBeLessThanOrEqual(360.5)
}

/** The words of `target` broken across two lines while the box had room for them whole. */
function brokenWords(target: Locator): Promise<string[]> {
  return target.evaluate((root) => {
    const broken: string[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const lines = new Set(
          [...range.getClientRects()]
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        )
        if (
          lines.size > 1 &&
          range.getBoundingClientRect().width <
            (node.parentElement ?? root).getBoundingClientRect().width
        )
          broken.push(match[0])
      }
    }
    return broken
  })
}

/** The hint a sideways-scrolling row shows on the side that has more. */
const hint = (row: Locator, side: 'before' | 'after') =>
  row
    .locator('xpath=ancestor-or-self::*[@data-scrolls-sideways][1]/..')
    .locator(`[data-scroll-hint="${side}"]`)

test('the cramped places on a 360 px phone, in Filipino: whole words, whole buttons, and rows that show they scroll', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('kasalan.language.app', 'fil'))
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await expect(page.getByRole('heading', { level: 1, name: 'Listahan ng Bisita' })).toBeVisible(
    BOOT,
  )
  const tabs = page.getByRole('navigation', { name: 'Pamamahala' })

  // The management tabs: the open one in view, and a hint of those beyond the edge.
  await expectOnScreen(tabs.getByRole('link', { name: 'Listahan ng Bisita' }), 'the open tab')
  await expect.soft(hint(tabs.getByRole('list'), 'after'), 'the tabs’ hint of more').toBeVisible()

  // The guest counts swipe, and say so; the "By side" card comes whole into view.
  const counts = page.getByRole('group', { name: 'Bilang ng bisita' })
  await expect.soft(hint(counts, 'after'), 'the counts’ hint of more').toBeVisible()
  await hint(counts, 'after').click()
  await expect
    .poll(async () => {
      const box = (await counts.getByRole('region', { name: 'Ayon sa panig' }).boundingBox())!
      return box.x >= 0 && box.x + box.width <= 360
    })
    .toBe(true)
  await expect.soft(hint(counts, 'before'), 'the counts’ hint of those before').toBeVisible()
  await keepScreenshot(page, 'guests-fil-360.png')

  // The household drawer's buttons stay on the screen, their words whole.
  await page.getByRole('button', { name: 'Magdagdag ng Bisita' }).click()
  const drawer = page.getByRole('dialog', { name: 'Magdagdag ng Bisita' })
  for (const name of ['I-save at isara', 'I-save at magdagdag pa']) {
    const button = drawer.getByRole('button', { name })
    await expectOnScreen(button, name)
    expect.soft(await brokenWords(button), `${name}: words broken`).toEqual([])
  }
  await keepScreenshot(page, 'household-drawer-fil-360.png')
  // A household typed in lower case, for the seating chart below.
  await drawer.getByLabel('Pangalan', { exact: true }).fill('ramon')
  await drawer.getByLabel('Apelyido', { exact: true }).fill('dimaculangan')
  await drawer.getByRole('button', { name: 'Magdagdag ng adulto' }).click()
  await drawer.getByLabel('Pangalan', { exact: true }).nth(1).fill('lorna')
  await drawer.getByLabel('Apelyido', { exact: true }).nth(1).fill('dimaculangan')
  await drawer.getByRole('button', { name: 'I-save at isara' }).click()
  await expect(drawer).toBeHidden()

  // The seating chart's households are named whole beside "seat all".
  await openInApp(page, '/manage/seating')
  const option = page.getByRole('option', { name: /^Sambahayan ni Ramon Dimaculangan/ })
  await page.getByRole('searchbox', { name: 'Hanapin ang bisita' }).fill('dimaculangan')
  await expect(option).toBeVisible()
  const label = option.getByText('Sambahayan ni Ramon Dimaculangan', { exact: true })
  expect
    .soft(
      await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
      'the household’s name cut',
    )
    .toBe(true)
  await expectOnScreen(option.getByText(/^Paupuin ang 2/), '“Paupuin ang 2”')
  await keepScreenshot(page, 'seating-fil-360.png')

  // The invitations' tabs scroll with a hint; the printed sheet keeps each household's link whole.
  await openInApp(page, '/manage/invitations')
  const invitationTabs = page.getByRole('tablist', { name: 'Mga Imbitasyon' })
  await expect(invitationTabs).toBeVisible(BOOT)
  await expect
    .soft(hint(invitationTabs, 'after'), 'the invitations’ tabs: hint of more')
    .toBeVisible()
  await expectOnScreen(
    invitationTabs.getByRole('tab', { selected: true }),
    'the chosen invitations tab',
  )
  await openInApp(page, '/manage/invitations/print')
  const links = page.getByTestId('print-link')
  await expect(links.first()).toBeVisible(BOOT)
  for (const link of (await links.all()).slice(0, 4)) {
    // The text of each line the link takes, read character by character.
    const lines = await link.evaluate((element) => {
      const byLine = new Map<number, string>()
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (let i = 0; i < text.length; i += 1) {
          const char = document.createRange()
          char.setStart(node, i)
          char.setEnd(node, i + 1)
          const top = Math.round(char.getBoundingClientRect().top)
          byLine.set(top, (byLine.get(top) ?? '') + text[i])
        }
      }
      return { text: element.textContent ?? '', lines: [...byLine.values()] }
    })
    expect
      .soft(
        lines.lines.every((line) => line.length > 3),
        `the link ${lines.text} on lines ${JSON.stringify(lines.lines)}`,
      )
      .toBe(true)
    expect
      .soft(
        lines.lines.some((line) => line.endsWith(lines.text.slice(-22))),
        `the household’s own part of ${lines.text} whole`,
      )
      .toBe(true)
  }
  await keepScreenshot(page, 'invitations-print-fil-360.png')

  // The plan's parts all in sight.
  await openInApp(page, '/manage/plan')
  const planTabs = page.getByRole('navigation', { name: 'Plano' })
  await expect(planTabs.getByRole('link')).toHaveCount(4, BOOT)
  for (const link of await planTabs.getByRole('link').all())
    await expectOnScreen(link, `the plan’s “${await link.textContent()}”`)
  await expectOnScreen(tabs.getByRole('link', { name: 'Plano' }), 'the open tab, Plano')
  await keepScreenshot(page, 'plan-fil-360.png')

  // The builder opens on the phone preview; its panels' tabs scroll with a hint.
  await openInApp(page, '/manage/website')
  await expect(page.getByRole('button', { name: 'Phone' })).toHaveAttribute(
    'aria-pressed',
    'true',
    BOOT,
  )
  await expectOnScreen(tabs.getByRole('link', { name: 'Website' }), 'the open tab, Website')
  await expect
    .soft(hint(tabs.getByRole('list'), 'before'), 'the tabs’ hint of those before')
    .toBeVisible()
  const panels = page.getByRole('tablist', { name: 'Settings ng website' })
  await expect.soft(hint(panels, 'after'), 'the builder’s panels: hint of more').toBeVisible()
  await hint(panels, 'after').click()
  await expect
    .poll(async () => {
      const box = (await panels.getByRole('tab', { name: 'Address' }).boundingBox())!
      return box.x + box.width <= 360
    })
    .toBe(true)
  await keepScreenshot(page, 'builder-fil-360.png', { fullPage: true })
  await expectNoSeriousA11yViolations(page)

  // The wedding party's names and roles get a field each as wide as the screen allows.
  await openInApp(page, '/manage/cms/editor?section=wedding-party')
  const rows = page.locator('li[aria-label]').filter({ has: page.getByLabel('Pangalan') })
  await expect(rows.first()).toBeAttached(BOOT)
  await page
    .locator('details')
    .evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)))
  for (const row of (await rows.all()).slice(0, 12)) {
    for (const field of await row.getByRole('textbox').all()) {
      expect
        .soft(
          (await field.boundingBox())!.width,
          `${await row.getAttribute('aria-label')}: a field’s width`,
        )
        .toBeGreaterThan(200)
    }
    for (const label of await row.locator('label').all()) {
      expect
        .soft(
          await brokenWords(label),
          `${await row.getAttribute('aria-label')}: “${await label.textContent()}”`,
        )
        .toEqual([])
    }
  }
  await keepScreenshot(page, 'wedding-party-fil-360.png', { fullPage: true })
})

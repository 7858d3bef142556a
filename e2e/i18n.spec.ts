import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInAsDemo } from './support/session'

// A guest's pages read their strings without i18next; management keeps it. One language store
// drives both, so the toggle, `<html lang>` and the language saved per area behave as one.

// The embedded database boots in each fresh browser context: slow on a busy machine.
test.describe.configure({ timeout: 300_000 })
const BOOT = { timeout: 120_000 }
// A string only i18next's own code holds.
const I18NEXT = 'hasLoadedNamespace: i18next was not initialized'

test('a guest reads the site and their RSVP in both languages without i18next; management switches both engines', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const scripts: string[] = []
  page.on('response', async (response) => {
    if (!/\.m?js(\?|$)/.test(response.url())) return
    const body = await response.text().catch(() => '')
    if (body.includes(I18NEXT)) scripts.push(new URL(response.url()).pathname)
  })

  // ---- The site, Filipino first, then English on the toggle. ----
  await page.goto('/')
  const search = page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
  await expect(search).toBeVisible(BOOT)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil')
  await page.getByRole('button', { name: /^English/ }).click()
  await expect(page.getByRole('searchbox', { name: 'Find your name' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('button', { name: /^Filipino/ })).toBeVisible()

  // ---- Their RSVP, still in English: plurals and values through the small lookup. ----
  await page
    .getByRole('searchbox', { name: 'Find your name' })
    .pressSequentially('cristina pen', { delay: 40 })
  const result = page.getByRole('link', { name: /Ma\. Cristina dela Cruz Peña/ })
  await expect(result).toContainText('Household of 3')
  await result.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ma. Cristina!' })).toBeVisible()
  await page.getByRole('button', { name: /^Filipino/ }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' }),
  ).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: /^English/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ma. Cristina!' })).toBeVisible()
  expect(scripts, 'scripts with i18next on the guest pages').toEqual([])

  // ---- Management: English by default for this area, i18next loaded with it, both follow the toggle. ----
  await signInAsDemo(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/manage/guests')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guest List', exact: true }),
  ).toBeVisible(BOOT)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  expect(scripts.length, 'management loads i18next').toBeGreaterThan(0)
  await page.getByRole('button', { name: /^Filipino/ }).click()
  // i18next draws the heading; the toggle reads from the store.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Listahan ng Bisita', exact: true }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: /^English/ })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil')
  await expectNoSeriousA11yViolations(page)

  // ---- Each area keeps its own choice: after a reload the site is in English, and moving on to
  // management inside the app brings back its Filipino. ----
  await page.goto('/')
  await expect(page.getByRole('searchbox', { name: 'Find your name' })).toBeVisible(BOOT)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.evaluate(() => {
    history.pushState(null, '', '/manage/guests')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(
    page.getByRole('heading', { level: 1, name: 'Listahan ng Bisita', exact: true }),
  ).toBeVisible(BOOT)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil')
})

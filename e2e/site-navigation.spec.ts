// Moving around the public site as a guest does, in a real browser: its links move without a page
// load, a new page starts at its top, back returns to where the guest was, a reload keeps the
// place, and a wedding's address is case-sensitive.
import { expect, test, type Page } from '@playwright/test'

const names = /Isabel\s*&\s*Miguel/

test.describe.configure({ timeout: 180_000 })

async function siteShown(page: Page, heading: RegExp | string = names) {
  // The embedded database boots in the browser first (seconds on a busy machine).
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: 120_000,
  })
  await expect(page.getByText('Hinihintay ang pahina…')).toBeHidden()
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))
/** How far the page is from `y`: a restored place may land a pixel off on a scaled screen. */
const awayFrom = async (page: Page, y: number) => Math.abs((await scrollY(page)) - y)

test('a new page starts at its top; back and a reload return to where the guest was', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/wedding/isabel-and-miguel')
  await siteShown(page)
  // Marks this document: still there after a move means no page load happened.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

  await page.getByRole('button', { name: 'Buksan ang menu' }).click()
  // Far down the page behind the open drawer (its links need no scrolling to be clicked).
  await page.evaluate(() => window.scrollTo(0, 1500))
  await expect.poll(() => scrollY(page)).toBe(1500)
  await page.getByRole('dialog').getByRole('link', { name: 'Tuluyan' }).click()
  await expect(page).toHaveURL(/\/wedding\/isabel-and-miguel\/travel$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Tuluyan' })).toBeVisible()
  await expect.poll(() => scrollY(page)).toBe(0)

  await page.goBack()
  await expect(page).toHaveURL(/\/wedding\/isabel-and-miguel$/)
  await siteShown(page)
  await expect.poll(() => awayFrom(page, 1500)).toBeLessThanOrEqual(1)
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true)

  await page.evaluate(() => window.scrollTo(0, 900))
  await expect.poll(() => scrollY(page)).toBe(900)
  await page.reload()
  await siteShown(page)
  await expect.poll(() => awayFrom(page, 900)).toBeLessThanOrEqual(1)

  await page.goForward()
  await expect(page).toHaveURL(/\/wedding\/isabel-and-miguel\/travel$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Tuluyan' })).toBeVisible()
  await expect.poll(() => scrollY(page)).toBe(0)
})

test('a wedding’s address is case-sensitive', async ({ page }) => {
  // Not the public site's address at all: management's not-found page.
  await page.goto('/Wedding/isabel-and-miguel')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hindi namin makita ang pahinang ito' }),
  ).toBeVisible({ timeout: 120_000 })
  await expect(page).toHaveURL(/\/Wedding\/isabel-and-miguel$/)
  // Another slug than the couple's: no such wedding.
  await page.goto('/wedding/Isabel-and-Miguel')
  await expect(page).toHaveURL(/\/404$/, { timeout: 120_000 })
  await expect(page.getByText('/wedding/Isabel-and-Miguel')).toBeVisible()
})

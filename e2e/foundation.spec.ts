import { expect, test } from '@playwright/test'

/** The year the seed gives the demo wedding: the next 12 December at least two months away. */
function seededWeddingYear(today = new Date()) {
  const inTwoMonths = new Date(today)
  inTwoMonths.setMonth(inTwoMonths.getMonth() + 2)
  const year = inTwoMonths.getFullYear()
  return inTwoMonths > new Date(year, 11, 12) ? year + 1 : year
}

test('the home page shows the demo wedding from the embedded database', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: /Isabel\s*&\s*Miguel/, level: 1 })).toBeVisible()
  // The built-in fallback says 2025; only the seeded database has the wedding in this year.
  await expect(page.getByText(new RegExp(`12 Disyembre ${seededWeddingYear()}`)).first()).toBeVisible()
  const dbReady = await page.evaluate(
    () => performance.getEntriesByName('kasalan:db-ready')[0]?.duration ?? null,
  )
  expect(dbReady, 'the embedded database reported when it was ready').not.toBeNull()
})

import { expect, test } from '@playwright/test'
import { signInAsDemo } from './support/session'

/** The year the seed gives the demo wedding: the next 12 December at least two months away. */
function seededWeddingYear(today = new Date()) {
  const inTwoMonths = new Date(today)
  inTwoMonths.setMonth(inTwoMonths.getMonth() + 2)
  const year = inTwoMonths.getFullYear()
  return inTwoMonths > new Date(year, 11, 12) ? year + 1 : year
}

// The first visit boots the embedded database in the browser: seconds alone, far more on a machine
// busy with other browsers.
test.describe.configure({ timeout: 180_000 })

test('the home page shows the demo wedding from the embedded database', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: /Isabel\s*&\s*Miguel/, level: 1 })).toBeVisible({
    timeout: 120_000,
  })
  // The built-in fallback says 2025; only the seeded database has the wedding in this year.
  await expect(
    page.getByText(new RegExp(`12 Disyembre ${seededWeddingYear()}`)).first(),
  ).toBeVisible()
  // On a first visit the names come from the build's copy of the seeded database's answer while
  // the database itself starts; it still has to start.
  await expect
    .poll(
      () =>
        page.evaluate(() => performance.getEntriesByName('kasalan:db-ready')[0]?.duration ?? null),
      {
        message: 'the embedded database reported when it was ready',
        timeout: 120_000,
      },
    )
    .not.toBeNull()
})

test('an answer saved on the embedded database survives an immediate reload', async ({ page }) => {
  // Pacita's household from the seed: she had said yes.
  const thankYou =
    /\/rsvp\/5eed0002-0000-4000-8000-000000000003\/5eed0003-0000-4000-8000-000000000005\/thank-you$/
  await page.goto(
    '/rsvp/5eed0002-0000-4000-8000-000000000003/5eed0003-0000-4000-8000-000000000005/',
  )
  const decline = page.getByRole('radio', { name: 'Hindi makakadalo' }).first()
  await expect(decline).toBeVisible({ timeout: 120_000 })
  await decline.check()
  await page.getByRole('button', { name: 'Ipadala ang sagot' }).click()
  await expect(page).toHaveURL(thankYou)
  // No waiting: the write must already be in IndexedDB when the call returned.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 })
  // A visitor without the household's invitation code no longer reads its answers back (0009);
  // the couple does, from the same browser's database.
  await signInAsDemo(page)
  await page.goto('/manage/rsvps')
  const changes = page.getByRole('list', { name: 'Reply changes' })
  await expect(changes.getByRole('listitem').filter({ hasText: 'Pacita Dela Cruz' })).toContainText(
    '→ Not attending',
    {
      timeout: 60_000,
    },
  )
})

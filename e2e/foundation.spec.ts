import { expect, test } from '@playwright/test'
import { signInAsDemo } from './support/session'

// The home page showing the demo wedding from the embedded database (the seeded year, the database
// ready) is checked in e2e/site.spec.ts's first test, on the same first visit as the rest of the site.

// The first visit boots the embedded database in the browser: seconds alone, far more on a machine
// busy with other browsers.
test.describe.configure({ timeout: 180_000 })

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

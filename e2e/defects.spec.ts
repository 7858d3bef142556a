import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInAsDemo } from './support/session'

// Defects found on a tour of the app as a new couple, each checked where only a browser can see it.

// The embedded database boots in each fresh browser context: slow on a busy machine.
test.describe.configure({ timeout: 300_000 })
const BOOT = { timeout: 120_000 }

async function openManagement(page: Page, path: string, heading: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible(BOOT)
}

test('every control is named by what it shows (Label in Name), on each management screen and the public site', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })).toBeVisible(BOOT)
  await expect(page.getByText('Hinihintay ang pahina…')).toBeHidden()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: /^English/ }).click()
  await expect(page.getByRole('link', { name: /^I ?& ?M ?: Isabel & Miguel, site home$/ })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await signInAsDemo(page)
  await openManagement(page, '/manage/guests', 'Guest List')
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await openManagement(page, '/manage/seating', 'Seating Chart')
  await expect(page.getByTestId('seating-canvas').locator('canvas').first()).toBeVisible()
  await expect(page.getByRole('button', { name: /^Seat all \d+: .+, together$/ }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await openManagement(page, '/manage/rsvps', 'RSVPs')
  await expectNoSeriousA11yViolations(page)
})

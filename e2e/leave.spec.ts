import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { watchConsole } from './support/console'
import { signInAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'

// "Leave without saving?" does what it says, in the builder and the content editor alike: Leave
// drops the unsaved changes, so coming back shows what is saved; Stay keeps them. On a phone.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

const BOOT = { timeout: 90_000 }

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Management' }).getByRole('link', { name, exact: true })

test('the builder: hide a section, go to another tab, Leave, and the Website tab shows it again', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const console = watchConsole(page)
  await signInAsDemo(page)
  await page.goto('/manage/website')
  await expect(page.getByRole('heading', { level: 1, name: 'Your website' })).toBeVisible(BOOT)
  const sections = page.getByRole('list', { name: /sections/i })
  // A section shown on the site (not the home page).
  const toggle = sections.getByRole('switch', { checked: true }).nth(1)
  await expect(toggle).toBeVisible()
  const label = (await toggle.getAttribute('aria-label'))!

  // Leave drops it: the Website tab shows the saved site again, nothing unsaved.
  await page.getByRole('switch', { name: label }).click()
  await expect(page.getByRole('switch', { name: label })).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible()
  await tab(page, 'Guest List').click()
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await dialog.getByRole('button', { name: /^Leave/ }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guest List', exact: true }),
  ).toBeVisible()
  await tab(page, 'Website').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your website' })).toBeVisible()
  await expect(page.getByRole('switch', { name: label })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled()

  // The dialog says so; Stay keeps the change.
  await page.getByRole('switch', { name: label }).click()
  await expect(page.getByRole('switch', { name: label })).toHaveAttribute('aria-checked', 'false')
  await tab(page, 'Guest List').click()
  await expect(dialog).toContainText(
    'will be dropped. When you come back you will see what was last saved.',
  )
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'leave-builder-en-360.png')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('switch', { name: label })).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible()
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByRole('switch', { name: label })).toHaveAttribute('aria-checked', 'true')

  // Nothing unsaved: another tab opens without asking.
  await tab(page, 'Guest List').click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guest List', exact: true }),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
  console.expectNoErrors()
})

test('the content editor: Leave drops the draft, also from this browser; Stay keeps it', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const console = watchConsole(page)
  await signInAsDemo(page)
  await page.goto('/manage/cms')
  const faqs = page.locator('a[href^="/manage/cms/editor"]').first()
  await expect(faqs).toBeVisible(BOOT)
  await faqs.click()
  const title = page.getByLabel('Title', { exact: true })
  await expect(title).toBeVisible(BOOT)
  const saved = await title.inputValue()

  await title.fill('Isang bagong pamagat')
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible()
  await page.getByRole('link', { name: 'All sections' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(dialog).toContainText('will be dropped, also from this browser')
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'leave-editor-360.png')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(title).toHaveValue('Isang bagong pamagat')

  await page.getByRole('link', { name: 'All sections' }).click()
  await dialog.getByRole('button', { name: /^Leave/ }).click()
  await expect(page).toHaveURL(/\/manage\/cms$/)
  await page.locator('a[href^="/manage/cms/editor"]').first().click()
  await expect(title).toHaveValue(saved)
  // A reload brings back no draft either: Leave removed it from this browser.
  await page.reload()
  await expect(title).toHaveValue(saved, BOOT)
  await expect(page.getByText(/We brought back|Ibinalik namin/)).toHaveCount(0)
  console.expectNoErrors()
})

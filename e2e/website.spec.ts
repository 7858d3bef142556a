import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'

/**
 * The embedded database boots on first use in each fresh browser context: about 6 s on a quiet
 * 2-core machine, but several times that when the machine is busy.
 */
const dbReady = { timeout: 120_000 }
test.describe.configure({ timeout: 300_000 })

async function signUp(page: Page) {
  await page.goto('/auth/register')
  await page.getByLabel("Bride's first name").fill('maria')
  await page.getByLabel("Bride's last name").fill('santos')
  await page.getByLabel("Groom's first name").fill('juan')
  await page.getByLabel("Groom's last name").fill('reyes')
  await page.getByLabel("We're still deciding").check()
  await page.getByRole('button', { name: 'Next' }).click()
  await page
    .getByLabel('Email')
    .fill(`couple-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill('sampaguita-2027')
  await page.getByRole('button', { name: "Let's go" }).click()
  await expect(page).toHaveURL(/\/manage\/guests$/, dbReady)
}

test('a new couple makes the site their own, publishes it, and finds it at the new and the old address', async ({
  page,
}) => {
  await signUp(page)

  // The Website tab leads to the builder; its address card names the site's current address.
  await page
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'Website' })
    .click()
  await expect(page.getByRole('heading', { name: 'Your website' })).toBeVisible(dbReady)
  await expect(page.getByRole('link', { name: 'Website', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  const oldAddress = (await page.getByTestId('site-address').textContent())!
  const oldSlug = oldAddress.split('/wedding/')[1]!
  expect(oldSlug).toBe('maria-and-juan')
  await expect(
    page.getByRole('status').filter({ hasText: 'Private: only you can see your site' }),
  ).toBeVisible()

  // Details: their names as they write them, and the date they finally chose.
  await page.getByRole('tab', { name: 'Details' }).click()
  await page.getByLabel("Bride's first name").fill('ma. clara')
  await page.getByLabel("Bride's last name").fill('dela cruz')
  await page.getByLabel("We're still deciding").uncheck()
  await page.getByLabel('Wedding date').fill('2027-12-12')
  await page.getByLabel('Venue').fill('Hardin ng Pinagpala')
  await page.getByLabel('City').fill('Tagaytay')
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByText('Your details are saved.')).toBeVisible()
  // The avatar shows the couple's initials.
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('M&J')

  // Sections: Where to Stay moves above Schedule by keyboard drag; Gifts is hidden; a page is added.
  await page.getByRole('tab', { name: 'Sections' }).click()
  const sections = page.getByRole('list', { name: 'Sections of your site, in order' })
  const handle = sections.getByRole('button', { name: 'Move Where to Stay' })
  await handle.focus()
  // dnd-kit measures between key presses: each step waits for its announcement.
  const announced = (text: RegExp) =>
    expect(page.locator('[aria-live]').filter({ hasText: text })).toHaveCount(1)
  await page.keyboard.press('Space')
  // Picked up: over its own place first.
  await announced(/Where to Stay is now at position 4 of/)
  await page.keyboard.press('ArrowUp')
  await announced(/Where to Stay is now at position 3 of/)
  await page.keyboard.press('Space')
  await expect(sections.getByRole('listitem').nth(2)).toContainText('Where to Stay')
  await expect(sections.getByRole('listitem').nth(3)).toContainText('Schedule')
  // And one more step up with the row's own button.
  await sections.getByRole('button', { name: /^Where to Stay/ }).click()
  await sections.getByRole('button', { name: 'Move up' }).click()
  await expect(sections.getByRole('listitem').nth(1)).toContainText('Where to Stay')

  await page.getByRole('switch', { name: 'Show Gifts on the site' }).click()
  await expect(page.getByRole('switch', { name: 'Show Gifts on the site' })).toHaveAttribute(
    'aria-checked',
    'false',
  )
  await page.getByRole('textbox', { name: 'Add a page' }).fill('Paalala sa bisita')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(sections.getByRole('listitem').last()).toContainText('Paalala sa bisita')

  // Theme & Style: modern.
  await page.getByRole('tab', { name: 'Theme & Style' }).click()
  const modern = page.getByRole('radio', { name: 'Modern' })
  await page.locator('label').filter({ has: modern }).click()
  await expect(modern).toBeChecked()
  await expect(page.getByText('Every text colour is easy to read on its background.')).toBeVisible()

  // The live preview already shows the unsaved site.
  const preview = page.frameLocator('iframe[title="Preview of your site on a computer"]')
  await expect(preview.locator('.site')).toHaveAttribute('data-theme', 'modern')

  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('All changes saved')).toBeVisible()

  // Address: a taken or reserved one is refused at once; a free one is taken.
  await page.getByRole('tab', { name: 'Address' }).click()
  const slugField = page.getByLabel('Site address')
  await slugField.fill('admin')
  await expect(page.getByText('Not allowed: this word is reserved.')).toBeVisible()
  await slugField.fill('isabel-and-miguel')
  await expect(page.getByText('Taken: another couple has this address.')).toBeVisible()
  const newSlug = `clara-at-juan-${Date.now().toString(36)}`
  await slugField.fill(newSlug)
  await expect(page.getByText('Available', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Change address' }).click()
  await expect(page.getByText(`Your site is now at /wedding/${newSlug}.`)).toBeVisible()
  await expect(page.getByTestId('site-address')).toHaveText(new RegExp(`/wedding/${newSlug}$`))

  // Publish; the state is always in view.
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Published: guests can see your site' }),
  ).toBeVisible()

  await expectNoSeriousA11yViolations(page)

  // The public site at phone width shows exactly that.
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/wedding/${newSlug}`)
  const site = page.locator('.site')
  await expect(site).toHaveAttribute('data-theme', 'modern', dbReady)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ma\. Clara\s*&\s*Juan/)
  await expect(page.getByText('Linggo, 12 Disyembre 2027').first()).toBeVisible()
  await expect(page.getByText('Hardin ng Pinagpala, Tagaytay')).toBeVisible()
  const headings = page.locator('main h2')
  await expect(headings.filter({ hasText: 'Paalala sa bisita' })).toHaveCount(1)
  await expect(headings.filter({ hasText: 'Handog' })).toHaveCount(0)
  const texts = await headings.allTextContents()
  expect(texts.indexOf('Tuluyan')).toBeGreaterThan(-1)
  expect(texts.indexOf('Tuluyan')).toBeLessThan(texts.indexOf('Pagtitipon'))
  expect(texts.indexOf('Pagtitipon')).toBeLessThan(texts.indexOf('Paalala sa bisita'))
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // The owner's banner leads back to the builder.
  await expect(page.getByRole('link', { name: 'I-edit ang site' })).toHaveAttribute(
    'href',
    '/manage/website',
  )

  // The old address still leads there, section pages too.
  await page.goto(`/wedding/${oldSlug}`)
  await expect(page).toHaveURL(new RegExp(`/wedding/${newSlug}$`), dbReady)
  await page.goto(`/wedding/${oldSlug}/travel`)
  await expect(page).toHaveURL(new RegExp(`/wedding/${newSlug}/travel$`), dbReady)
})

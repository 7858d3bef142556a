import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'

// The "Your site" card on the embedded database, on a phone: it says plainly, in English and in
// Filipino, that link previews in the chat apps need hosted Supabase, and offers no link for chats.
const dbReady = { timeout: 120_000 }
test.describe.configure({ timeout: 300_000 })
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

test('the site card says link previews need hosted Supabase, in both languages', async ({
  page,
}) => {
  await signInAsDemo(page)
  await page.goto('/manage/website')
  const card = page.locator('section[aria-labelledby="your-site-title"]')
  await expect(card.getByRole('heading', { name: 'Your site' })).toBeVisible(dbReady)
  await expect(card.getByTestId('previews-need-supabase')).toHaveText(
    /^Link previews need hosted Supabase too: .*shows only “Kasalan”/,
  )
  await expect(card.getByTestId('chat-link')).toHaveCount(0)
  await card.scrollIntoViewIfNeeded()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(card, 'link-previews-card-en.png')

  await page.getByRole('button', { name: /^Filipino/ }).click()
  await expect(card.getByRole('heading', { name: 'Ang inyong site' })).toBeVisible()
  await expect(card.getByTestId('previews-need-supabase')).toHaveText(
    /^Kailangan din ng hosted Supabase ang link preview: .*“Kasalan” lang ang lalabas/,
  )
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(card, 'link-previews-card-fil.png')
})

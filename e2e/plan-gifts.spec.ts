import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { watchConsole } from './support/console'
import { signInTabAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'

// The gift ledger on a phone: the demo couple records three gifts (a GCash transfer from a household
// found by name, with its reference number; a ninong abroad who is not on the guest list; a registry
// item), sees the totals by kind, sends a thank-you by copying it and sees it marked, downloads the
// CSV and reads it back, and looks at the screen in Filipino. Then a coordinator they invite sees the
// same ledger without a single amount.

const BOOT = { timeout: 120_000 }
const sessionKey = 'kasalan.local.session'

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

/** The whole screen, or only what is in view when a drawer is open over it. */
async function screenshot(page: Page, name: string, fullPage = true) {
  await keepScreenshot(page, `plan-gifts-${name}.png`, { fullPage })
}

test('the couple keeps the gift ledger and thanks a giver; a coordinator sees it without the money', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(300_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  const coupleConsole = watchConsole(page, 'couple')
  await signInTabAsDemo(page)
  await page.goto('/manage/plan/gifts')
  await expect(page.getByRole('heading', { name: 'Gifts', level: 1 })).toBeVisible(BOOT)
  await expect(
    page.getByRole('navigation', { name: 'Plan' }).getByRole('link', { name: 'Gifts' }),
  ).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('No gifts recorded yet.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // A GCash transfer from a household found on the guest list by name.
  await page.getByRole('button', { name: 'Record a gift' }).click()
  let drawer = page.getByRole('dialog', { name: 'Record a gift' })
  // Saving with no giver keeps the drawer open and says what is missing.
  await drawer.getByLabel('Amount in pesos (optional)').fill('5,000')
  await page.getByRole('button', { name: 'Save gift' }).click()
  await expect(drawer.getByText('Search the guest list and choose the household')).toBeVisible()
  await drawer.getByRole('searchbox', { name: 'Find a household by name' }).fill('ramon')
  await drawer.getByRole('radio', { name: 'Ramon Santos, Lourdes Santos' }).check()
  await expect(drawer.getByTestId('chosen-household')).toHaveText(
    'Giver: Ramon Santos, Lourdes Santos',
  )
  await drawer.getByLabel('Kind of gift').selectOption({ label: 'GCash' })
  await drawer.getByLabel('Reference number (optional)').fill('1012 345 6789')
  await expect(drawer.getByLabel('Amount in pesos (optional)')).toHaveValue('5,000')
  await expectNoSeriousA11yViolations(page)
  await screenshot(page, 'record-en', false)
  await page.getByRole('button', { name: 'Save gift' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByText('Gift from Ramon Santos, Lourdes Santos recorded.')).toBeVisible()

  // A ninong abroad, not on the list: cash in an envelope.
  await page.getByRole('button', { name: 'Record a gift' }).click()
  drawer = page.getByRole('dialog', { name: 'Record a gift' })
  await drawer.getByRole('radio', { name: 'Not on the list' }).check()
  await drawer.getByLabel("Giver's name").fill('Ninong Rudy (Toronto)')
  await drawer.getByLabel('Amount in pesos (optional)').fill('₱10,000.50')
  await page.getByRole('button', { name: 'Save gift' }).click()
  await expect(drawer).toBeHidden()

  // A registry item, no amount.
  await page.getByRole('button', { name: 'Record a gift' }).click()
  drawer = page.getByRole('dialog', { name: 'Record a gift' })
  await drawer.getByRole('searchbox', { name: 'Find a household by name' }).fill('antonio dela')
  await drawer.getByRole('radio', { name: /^Antonio Dela Cruz/ }).check()
  await drawer.getByLabel('Kind of gift').selectOption({ label: 'Registry item' })
  await expect(drawer.getByLabel('Reference number (optional)')).toHaveCount(0)
  await drawer.getByLabel('Registry item').fill('Rice cooker')
  await page.getByRole('button', { name: 'Save gift' }).click()
  await expect(drawer).toBeHidden()

  // One recorded by mistake, then deleted; a note added to the ninong's.
  const gifts = page.getByTestId('gift')
  await page.getByRole('button', { name: 'Record a gift' }).click()
  drawer = page.getByRole('dialog', { name: 'Record a gift' })
  await drawer.getByRole('radio', { name: 'Not on the list' }).check()
  await drawer.getByLabel("Giver's name").fill('Mali')
  await drawer.getByLabel('Kind of gift').selectOption({ label: 'Other' })
  await page.getByRole('button', { name: 'Save gift' }).click()
  await expect(drawer).toBeHidden()
  await expect(gifts).toHaveCount(4)
  await page.getByRole('button', { name: 'Delete the gift from Mali' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this gift?' })
  await confirm.getByRole('button', { name: 'Delete gift' }).click()
  await expect(page.getByText('Gift from Mali deleted.')).toBeVisible()
  await page.getByRole('button', { name: 'Edit the gift from Ninong Rudy (Toronto)' }).click()
  drawer = page.getByRole('dialog', { name: 'Edit gift' })
  await expect(drawer.getByLabel('Amount in pesos (optional)')).toHaveValue('10000.50')
  await drawer.getByLabel('Notes (optional)').fill('Padala through Western Union')
  await page.getByRole('button', { name: 'Save gift' }).click()
  await expect(drawer).toBeHidden()
  await expect(gifts.filter({ hasText: 'Ninong Rudy' })).toContainText(
    'Padala through Western Union',
  )

  // The totals, by kind and in all.
  await expect(gifts).toHaveCount(3)
  await expect(page.getByTestId('gift-grand-total')).toHaveText('3 gifts · ₱15,000.50')
  await expect(page.getByTestId('gift-total-cash')).toContainText('1 gift · ₱10,000.50')
  await expect(page.getByTestId('gift-total-gcash')).toContainText('1 gift · ₱5,000.00')
  await expect(page.getByTestId('gift-total-registry')).toHaveText('Registry item1 gift')
  await expect(page.getByText('Thanked: 0 of 3')).toBeVisible()
  const ramon = gifts.filter({ hasText: 'Ramon Santos' })
  await expect(ramon).toContainText('GCash · Ref. 1012 345 6789')
  await expect(ramon).toContainText('₱5,000.00')

  // A thank-you, copied to send by hand, and marked sent.
  await ramon
    .getByRole('button', { name: 'Send a thank-you to Ramon Santos, Lourdes Santos' })
    .click()
  drawer = page.getByRole('dialog', { name: 'Thank-you' })
  await expect(drawer.getByTestId('thank-you-state')).toHaveText('Thank-you not sent yet.')
  const message = drawer.getByLabel('Message')
  // It starts in the site's language (Filipino here), and can be written in English instead.
  await expect(message).toHaveValue(/^Hi Ramon at Lourdes! 💛 Maraming, maraming salamat po/)
  await drawer.getByRole('radio', { name: 'English' }).check()
  await expect(message).toHaveValue(
    /^Hi Ramon and Lourdes! 💛 Thank you so much for your wedding gift\./,
  )
  await drawer.getByRole('radio', { name: 'Filipino' }).check()
  await expect(message).toHaveValue(/^Hi Ramon at Lourdes! 💛 Maraming, maraming salamat po/)
  await expectNoSeriousA11yViolations(page)
  await drawer.getByRole('button', { name: 'Copy message' }).click()
  await expect(drawer.getByRole('status')).toHaveText(
    'Message copied. Marked as thanked through copy and paste.',
  )
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^Hi Ramon at Lourdes! 💛 Maraming, .* — Isabel at Miguel$/,
  )
  await expect(drawer.getByTestId('thank-you-state')).toContainText('through copy and paste')
  await screenshot(page, 'thank-you-en', false)
  await drawer.getByRole('button', { name: 'Done' }).click()
  await expect(drawer).toBeHidden()
  await expect(ramon).toContainText('Thanked on')
  await expect(page.getByText('Thanked: 1 of 3')).toBeVisible()

  // The filter: who still needs a thank-you.
  await page
    .getByLabel('Thank-you', { exact: true })
    .selectOption({ label: 'Thank-you not sent yet' })
  await expect(gifts).toHaveCount(2)
  await expect(page.getByText('Showing 2 of 3 gifts')).toBeVisible()
  await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Registry item' })
  await expect(gifts).toHaveCount(1)
  await expect(gifts).toContainText('Rice cooker')
  await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'All kinds' })
  await page.getByLabel('Thank-you', { exact: true }).selectOption({ label: 'All' })
  await expect(gifts).toHaveCount(3)
  await screenshot(page, 'ledger-en')

  // The CSV, read back.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^gifts-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync(await download.path(), 'utf8')
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe(
    'Giver,On the guest list,Kind,Reference,Description,Amount (PHP),Received,Thank-you,Thanked on,Thanked through,Notes',
  )
  expect(lines).toHaveLength(4)
  expect(lines.find((line) => line.startsWith('"Ramon Santos, Lourdes Santos"'))).toMatch(
    /^"Ramon Santos, Lourdes Santos",Yes,GCash,1012 345 6789,,5000\.00,\d{4}-\d{2}-\d{2},Sent,\d{4}-\d{2}-\d{2},copy and paste,$/,
  )
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^Ninong Rudy \(Toronto\),No,Cash \(envelope\),,,10000\.50,.*,Padala through Western Union$/,
    ),
  )
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^"Antonio Dela Cruz, Teresita Dela Cruz",Yes,Registry item,,Rice cooker,,\d{4}-\d{2}-\d{2},Not yet,,,$/,
    ),
  )

  // The couple's own English wording; the Filipino stays ours.
  await page.getByRole('button', { name: 'Thank-you message' }).click()
  drawer = page.getByRole('dialog', { name: 'Thank-you message' })
  await expect(drawer.getByLabel('In Filipino')).toHaveValue(
    /^Hi {names}! 💛 Maraming, maraming salamat po/,
  )
  await drawer.getByLabel('In English').fill('Thank you so much, {names}! See you soon. — {couple}')
  await expectNoSeriousA11yViolations(page)
  await screenshot(page, 'templates-en', false)
  await page.getByRole('button', { name: 'Save message' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByText('Thank-you message saved.')).toBeVisible()
  await page
    .getByRole('button', { name: 'Send a thank-you to Antonio Dela Cruz, Teresita Dela Cruz' })
    .click()
  drawer = page.getByRole('dialog', { name: 'Thank-you' })
  // The site is in Filipino, so the message starts there; in English it is the couple's own wording.
  await drawer.getByRole('radio', { name: 'English' }).check()
  await expect(drawer.getByLabel('Message')).toHaveValue(
    'Thank you so much, Antonio and Teresita! See you soon. — Isabel & Miguel',
  )
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  // In Filipino.
  await page.evaluate(() => localStorage.setItem('kasalan.language.app', 'fil'))
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Mga Regalo', level: 1 })).toBeVisible(BOOT)
  await expect(page.getByTestId('gift-grand-total')).toHaveText('3 regalo · ₱15,000.50')
  await expect(page.getByText('Napasalamatan: 1 sa 3')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await screenshot(page, 'ledger-fil')
  // A household is thanked as many ("sina"), a giver by name as one ("si").
  await expect(
    page.getByRole('button', { name: 'Pasalamatan sina Ramon Santos, Lourdes Santos' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Pasalamatan si Ninong Rudy (Toronto)' }).click()
  drawer = page.getByRole('dialog', { name: 'Pasasalamat' })
  await expect(drawer.getByLabel('Mensahe')).toHaveValue(/^Hi Ninong Rudy \(Toronto\)! /)
  await expectNoSeriousA11yViolations(page)
  await screenshot(page, 'thank-you-fil', false)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await page.getByRole('button', { name: 'Magtala ng regalo' }).click()
  await expect(page.getByRole('dialog', { name: 'Magtala ng regalo' })).toBeVisible()
  await screenshot(page, 'record-fil', false)
  await page.keyboard.press('Escape')
  await page.evaluate(() => localStorage.setItem('kasalan.language.app', 'en'))

  // A coordinator joins through a link the couple makes.
  await page.goto('/manage/members')
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible(BOOT)
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Coordinator' })
  await page.getByRole('button', { name: 'Create invitation link' }).click()
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue()
  const coordinator = await context.newPage()
  const coordinatorConsole = watchConsole(coordinator, 'coordinator')
  await coordinator.goto(link)
  await expect(coordinator.getByRole('heading', { name: "You're invited" })).toBeVisible(BOOT)
  await coordinator.getByLabel('Your name').fill('Ate Joy')
  await coordinator.getByLabel('E-mail').fill(`joy-gifts-${Date.now()}@example.com`)
  await coordinator.getByLabel('Password').fill('coordinator-pass')
  await coordinator.getByRole('button', { name: 'Create account' }).click()
  await expect(coordinator.getByText('as Coordinator')).toBeVisible()
  await coordinator.evaluate(
    (key) => sessionStorage.setItem(key, localStorage.getItem(key) ?? ''),
    sessionKey,
  )
  await coordinator.getByRole('button', { name: 'Accept and open the wedding' }).click()
  await expect(coordinator.getByRole('heading', { name: 'Guest List', level: 1 })).toBeVisible(BOOT)

  // The ledger and the thank-yous, and not one amount.
  await coordinator
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'Plan' })
    .click()
  await coordinator
    .getByRole('navigation', { name: 'Plan' })
    .getByRole('link', { name: 'Gifts' })
    .click()
  await expect(coordinator.getByRole('heading', { name: 'Gifts', level: 1 })).toBeVisible(BOOT)
  const theirGifts = coordinator.getByTestId('gift')
  await expect(theirGifts).toHaveCount(3)
  await expect(coordinator.getByTestId('gift-grand-total')).toHaveText('3 gifts')
  await expect(
    coordinator.getByText('Amounts are shown only to the couple, and to you if they allow it.'),
  ).toBeVisible()
  await expect(theirGifts.filter({ hasText: 'Ramon Santos' })).toContainText('Thanked on')
  await expect(coordinator.getByRole('main')).not.toContainText('₱')
  await expectNoSeriousA11yViolations(coordinator)
  await screenshot(coordinator, 'coordinator-en')
  await coordinator.getByRole('button', { name: 'Record a gift' }).click()
  const theirDrawer = coordinator.getByRole('dialog', { name: 'Record a gift' })
  await expect(theirDrawer.getByText('Only the couple records the amount.')).toBeVisible()
  await expect(theirDrawer.getByLabel('Amount in pesos (optional)')).toHaveCount(0)
  await coordinator.keyboard.press('Escape')

  // Their CSV has no amount column.
  const [theirDownload] = await Promise.all([
    coordinator.waitForEvent('download'),
    coordinator.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  const theirCsv = readFileSync(await theirDownload.path(), 'utf8')
  expect(theirCsv).not.toContain('Amount')
  expect(theirCsv).not.toContain('5000.00')
  expect(theirCsv).toContain('1012 345 6789')
  coupleConsole.expectNoErrors("errors in the couple's console")
  coordinatorConsole.expectNoErrors("errors in the coordinator's console")
})

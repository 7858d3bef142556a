import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInTabAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'
import { openInApp } from './support/navigation'

// The budget and the suppliers on a phone, on the embedded database: the demo couple adds their
// caterer at ₱2,500 a head for everyone invited (62 on the demo list), with the 10 % service charge
// and 12 % VAT and a 50 % down payment due today, pays it, and books the caterer as a supplier; a
// coordinator they invite sees the suppliers without the money, and the budget once they allow it.
//
// ₱2,500 × 62 = ₱155,000.00; service ₱15,500.00; VAT 12 % of ₱170,500 = ₱20,460.00;
// quote ₱190,960.00; down payment ₱95,480.00.

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true })

const sessionKey = 'kasalan.local.session'

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
}

test('the couple budgets a caterer per head with VAT and service; the coordinator sees the money only when allowed', async ({
  page: couple,
  context,
}) => {
  test.setTimeout(300_000)
  await signInTabAsDemo(couple)
  await couple.goto('/manage/plan/budget')
  await expect(couple.getByRole('heading', { name: 'Budget', level: 1 })).toBeVisible({
    timeout: 120_000,
  })
  await expect(couple.getByText('No budget lines yet.')).toBeVisible()
  await expect(couple.getByRole('navigation', { name: 'Plan' }).getByRole('link')).toHaveText([
    'Checklist',
    'Budget',
    'Suppliers',
    'Gifts',
  ])

  // The caterer, priced per head for everyone invited, with service and VAT.
  await couple.getByRole('button', { name: 'Add a budget line' }).click()
  const lineForm = couple.getByRole('dialog', { name: 'Add a budget line' })
  await lineForm.getByLabel('Category').selectOption({ label: 'Catering' })
  await lineForm.getByLabel('Name', { exact: true }).fill("Josephine's Catering")
  await lineForm.getByLabel('Estimate (₱)').fill('180,000')
  await lineForm.getByRole('radio', { name: 'Per head' }).check()
  // A typing slip is said, and nothing typed is lost.
  await lineForm.getByLabel('Price per guest (₱)').fill('2,500 pesos')
  await lineForm.getByRole('checkbox', { name: 'Add a 10 % service charge' }).check()
  await lineForm.getByRole('checkbox', { name: 'Add 12 % VAT' }).check()
  await lineForm.getByRole('radio', { name: 'Everyone invited (62)' }).check()
  await couple.getByRole('button', { name: 'Save line' }).click()
  await expect(lineForm.getByText('Write an amount in pesos, like 2,500 or 2500.50.')).toBeVisible()
  await expect(lineForm.getByLabel('Name', { exact: true })).toHaveValue("Josephine's Catering")
  await expectNoSeriousA11yViolations(couple)
  await keepScreenshot(couple, 'plan-budget-line-form-en.png')
  await lineForm.getByLabel('Price per guest (₱)').fill('2,500')
  await couple.getByRole('button', { name: 'Save line' }).click()
  await expect(lineForm).toBeHidden()

  const line = couple.getByTestId('budget-line').filter({ hasText: "Josephine's Catering" })
  await expect(line).toContainText('₱2,500.00 × 62 guests = ₱155,000.00')
  await expect(line).toContainText('₱15,500.00')
  await expect(line).toContainText('₱20,460.00')
  await expect(line.getByTestId('line-quote-total')).toHaveText('₱190,960.00')

  // A 50 % down payment due today.
  await line.getByRole('button', { name: "Add a payment to Josephine's Catering" }).click()
  const paymentForm = couple.getByRole('dialog', { name: "Add a payment to Josephine's Catering" })
  await expect(paymentForm.getByLabel('Kind')).toHaveValue('down_payment')
  await expect(paymentForm.getByRole('radio', { name: 'Percentage of the price' })).toBeChecked()
  await paymentForm.getByLabel('Percentage (%)').fill('50')
  const today = await couple.evaluate(() =>
    new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
  )
  await paymentForm.getByLabel('Due date').fill(today)
  await expectNoSeriousA11yViolations(couple)
  await couple.getByRole('button', { name: 'Save payment' }).click()
  await expect(paymentForm).toBeHidden()
  const payment = line.getByTestId('budget-payment')
  await expect(payment).toContainText('Down payment · ₱95,480.00')
  await expect(payment).toContainText('50 % of the price')
  await expect(couple.getByTestId('total-quote')).toHaveText('₱190,960.00')
  await expect(couple.getByTestId('total-estimate')).toHaveText('₱180,000.00')
  await expect(couple.getByTestId('total-due-this-month')).toHaveText('₱95,480.00')
  await expect(couple.getByTestId('total-left')).toHaveText('₱190,960.00')
  await expect(couple.getByTestId('total-cost-per-guest')).toHaveText(/^₱[\d,]+\.\d\d$/)
  await expectNoSeriousA11yViolations(couple)
  await noSidewaysScroll(couple)

  // Paid: the totals move.
  await payment
    .getByRole('button', { name: "Mark Down payment of Josephine's Catering paid" })
    .click()
  await expect(payment).toContainText('Paid ')
  await expect(couple.getByTestId('total-paid')).toHaveText('₱95,480.00')
  await expect(couple.getByTestId('total-left')).toHaveText('₱95,480.00')
  await expect(couple.getByTestId('total-due-this-month')).toHaveText('₱0.00')
  await keepScreenshot(couple, 'plan-budget-en.png', { fullPage: true })

  // The caterer as a supplier, linked to the line: its payments are the schedule.
  await couple
    .getByRole('navigation', { name: 'Plan' })
    .getByRole('link', { name: 'Suppliers' })
    .click()
  await expect(couple.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible()
  await couple.getByRole('button', { name: 'Add a supplier' }).click()
  const supplierForm = couple.getByRole('dialog', { name: 'Add a supplier' })
  await supplierForm.getByLabel('Name', { exact: true }).fill("Josephine's Catering")
  await supplierForm.getByLabel('Service').selectOption({ label: 'Catering' })
  await supplierForm.getByLabel('Mobile number').fill('0917 555 0101')
  await supplierForm.getByLabel('Messenger').fill('josephinescatering')
  await supplierForm.getByLabel('Status').selectOption({ label: 'Booked' })
  await supplierForm.getByLabel('Contract amount (₱)').fill('190,960')
  await supplierForm
    .getByLabel(/^Budget line/)
    .selectOption({ label: "Catering: Josephine's Catering" })
  await supplierForm.getByLabel('Notes').fill('Tasting on Saturday. Ask for the lechon station.')
  await expectNoSeriousA11yViolations(couple)
  await couple.getByRole('button', { name: 'Save supplier' }).click()
  await expect(supplierForm).toBeHidden()
  const caterer = couple.getByTestId('supplier').filter({ hasText: "Josephine's Catering" })
  await expect(caterer).toContainText('Booked')
  await expect(caterer.getByRole('link', { name: "Call Josephine's Catering" })).toHaveAttribute(
    'href',
    'tel:+639175550101',
  )
  await expect(caterer.getByRole('link', { name: "Viber Josephine's Catering" })).toHaveAttribute(
    'href',
    'viber://chat?number=%2B639175550101',
  )
  await expect(
    caterer.getByRole('link', { name: "Message Josephine's Catering on Messenger" }),
  ).toHaveAttribute('href', 'https://m.me/josephinescatering')
  await expect(caterer.getByTestId('supplier-money')).toContainText('₱190,960.00')
  await expect(caterer.getByTestId('supplier-money')).toContainText('₱95,480.00')
  await expectNoSeriousA11yViolations(couple)
  await noSidewaysScroll(couple)
  await keepScreenshot(couple, 'plan-suppliers-en.png', { fullPage: true })

  // The day-of contact sheet on paper (A4's width): names, services, phones, and the contract for the couple.
  await couple.setViewportSize({ width: 794, height: 1123 })
  await couple.emulateMedia({ media: 'print' })
  const sheet = couple.getByTestId('contact-sheet')
  await expect(sheet).toBeVisible()
  await expect(sheet).toContainText('0917 555 0101')
  await expect(sheet).toContainText('₱190,960.00')
  await expect(couple.getByRole('button', { name: 'Add a supplier' })).toBeHidden()
  await keepScreenshot(couple, 'plan-contact-sheet-en.png', { fullPage: true })
  await couple.emulateMedia({ media: 'screen' })
  await couple.setViewportSize({ width: 360, height: 780 })

  // The same screens in Filipino.
  await couple.getByRole('button', { name: /^Filipino/ }).click()
  await expect(couple.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible()
  await expect(caterer).toContainText('Booked')
  await expect(couple.getByRole('button', { name: 'Magdagdag ng supplier' })).toBeVisible()
  await expectNoSeriousA11yViolations(couple)
  await keepScreenshot(couple, 'plan-suppliers-fil.png', { fullPage: true })
  await couple
    .getByRole('navigation', { name: 'Plano' })
    .getByRole('link', { name: 'Budget' })
    .click()
  await expect(couple.getByText('Babayaran pa').first()).toBeVisible()
  await expect(couple.getByTestId('total-left')).toHaveText('₱95,480.00')
  await expectNoSeriousA11yViolations(couple)
  await keepScreenshot(couple, 'plan-budget-fil.png', { fullPage: true })
  await couple.getByRole('button', { name: /^English/ }).click()
  await expect(couple.getByRole('heading', { name: 'Budget', level: 1 })).toBeVisible()

  // A coordinator joins through a link, opened in another tab of the same browser.
  await openInApp(couple, '/manage/members')
  await expect(couple.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible({
    timeout: 60_000,
  })
  const moneySwitch = couple.getByRole('checkbox', {
    name: 'Let the coordinator see the budget and gift amounts',
  })
  await expect(moneySwitch).not.toBeChecked()
  await couple.getByLabel('Role', { exact: true }).selectOption({ label: 'Coordinator' })
  await couple.getByRole('button', { name: 'Create invitation link' }).click()
  const link = await couple.getByRole('textbox', { name: 'Invitation link' }).inputValue()

  const coordinator = await context.newPage()
  await coordinator.goto(link)
  await expect(coordinator.getByRole('heading', { name: "You're invited" })).toBeVisible({
    timeout: 120_000,
  })
  await coordinator.getByLabel('Your name').fill('Ate Joy')
  await coordinator.getByLabel('E-mail').fill(`joy-${Date.now()}@example.com`)
  await coordinator.getByLabel('Password').fill('coordinator-pass')
  await coordinator.getByRole('button', { name: 'Create account' }).click()
  await expect(coordinator.getByText('as Coordinator')).toBeVisible()
  await coordinator.evaluate(
    (key) => sessionStorage.setItem(key, localStorage.getItem(key) ?? ''),
    sessionKey,
  )
  await coordinator.getByRole('button', { name: 'Accept and open the wedding' }).click()
  await expect(coordinator.getByRole('heading', { name: 'Guest List', level: 1 })).toBeVisible({
    timeout: 60_000,
  })

  // The suppliers and their contacts, without the money; the budget is the couple's.
  await openInApp(coordinator, '/manage/plan/suppliers')
  await expect(coordinator.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible({
    timeout: 60_000,
  })
  await expect(coordinator.getByRole('navigation', { name: 'Plan' }).getByRole('link')).toHaveText([
    'Checklist',
    'Suppliers',
    'Gifts',
  ])
  const seen = coordinator.getByTestId('supplier').filter({ hasText: "Josephine's Catering" })
  await expect(seen.getByRole('link', { name: "Call Josephine's Catering" })).toBeVisible()
  await expect(seen.getByTestId('supplier-money')).toHaveCount(0)
  await expect(
    coordinator.getByText('Contract amounts and payments are seen by the couple only.'),
  ).toBeVisible()
  await expect(coordinator.getByText(/₱/)).toHaveCount(0)
  await keepScreenshot(coordinator, 'plan-suppliers-coordinator-en.png', {
    fullPage: true,
  })
  await coordinator.emulateMedia({ media: 'print' })
  await expect(coordinator.getByTestId('contact-sheet')).toContainText('0917 555 0101')
  await expect(coordinator.getByTestId('contact-sheet')).not.toContainText('₱')
  await coordinator.emulateMedia({ media: 'screen' })
  await expectNoSeriousA11yViolations(coordinator)
  await openInApp(coordinator, '/manage/plan/budget')
  await expect(
    coordinator.getByRole('heading', { name: 'This page is for the couple', level: 1 }),
  ).toBeVisible({ timeout: 60_000 })
  await expect(coordinator.getByText('₱190,960.00')).toHaveCount(0)

  // The couple allows it: the coordinator sees the budget and the contract.
  await couple.bringToFront()
  await moneySwitch.check()
  await expect(moneySwitch).toBeChecked()
  // Saved once the switch can be used again.
  await expect(moneySwitch).toBeEnabled()
  await couple.reload()
  await expect(
    couple.getByRole('checkbox', { name: 'Let the coordinator see the budget and gift amounts' }),
  ).toBeChecked({ timeout: 60_000 })
  await expectNoSeriousA11yViolations(couple)
  await couple.getByRole('heading', { name: 'The money' }).scrollIntoViewIfNeeded()
  await keepScreenshot(couple, 'plan-members-money-en.png')

  await coordinator.bringToFront()
  await coordinator.reload()
  await expect(coordinator.getByRole('heading', { name: 'Budget', level: 1 })).toBeVisible({
    timeout: 60_000,
  })
  await expect(coordinator.getByTestId('total-quote')).toHaveText('₱190,960.00')
  await coordinator
    .getByRole('navigation', { name: 'Plan' })
    .getByRole('link', { name: 'Suppliers' })
    .click()
  await expect(seen.getByTestId('supplier-money')).toContainText('₱190,960.00')
})

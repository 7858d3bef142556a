import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInTabAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'
import { openInApp } from './support/navigation'

// The checklist on a phone, on the embedded database: the demo couple sets their wedding date,
// starts from the Filipino timeline (twice: nothing doubles), gives the marriage licence an issue
// date that runs out before the wedding and sees the warning, ticks an item and sees this week's
// summary follow, on the plan and above the guest list; then a coordinator they invite opens the
// checklist and may change it. Screenshots in English and Filipino are kept with its results.

const sessionKey = 'kasalan.local.session'
const dbReady = { timeout: 120_000 }

/** `YYYY-MM-DD`, `days` after today in Manila. */
function manilaDay(days: number) {
  const manila = new Date(Date.now() + 8 * 3_600_000)
  manila.setUTCHours(0, 0, 0, 0)
  return new Date(manila.getTime() + days * 86_400_000).toISOString().slice(0, 10)
}

/** "Saturday, 6 March 2027": a date as the app's date fields show it in English. */
function longDate(iso: string) {
  const day = new Date(`${iso}T00:00:00Z`)
  const part = (options: Intl.DateTimeFormatOptions) =>
    day.toLocaleString('en', { ...options, timeZone: 'UTC' })
  return `${part({ weekday: 'long' })}, ${day.getUTCDate()} ${part({ month: 'long' })} ${day.getUTCFullYear()}`
}

/** Picks `iso` in the app's calendar behind `field`, by its year and month lists and the day. */
async function pickDate(page: Page, field: Locator, iso: string, calendarName: string) {
  await field.click()
  const calendar = page.getByRole('dialog', { name: calendarName })
  const day = new Date(`${iso}T00:00:00Z`)
  await calendar
    .getByLabel('Year', { exact: true })
    .selectOption({ label: String(day.getUTCFullYear()) })
  await calendar
    .getByLabel('Month', { exact: true })
    .selectOption({ label: day.toLocaleString('en', { month: 'long', timeZone: 'UTC' }) })
  await calendar.getByRole('button', { name: new RegExp(longDate(iso)) }).click()
  await expect(calendar).toBeHidden()
  await expect(field).toHaveValue(longDate(iso))
}

test.use({ viewport: { width: 360, height: 780 } })

test('the couple starts from the timeline, catches a licence that expires too soon, ticks an item; their coordinator sees the checklist', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000)
  await signInTabAsDemo(page)
  const wedding = manilaDay(200)

  // The wedding is 200 days away.
  await page.goto('/manage/website')
  await expect(page.getByRole('heading', { name: 'Your website' })).toBeVisible(dbReady)
  await page.getByRole('tab', { name: 'Details' }).click()
  await page.getByLabel('Wedding date').fill(wedding)
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByText('Your details are saved.')).toBeVisible()

  // The Plan tab: nothing yet, and the timeline to start from.
  await page
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'Plan' })
    .click()
  await expect(page.getByRole('heading', { name: 'Plan', level: 1 })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Plan' }).getByRole('link')).toHaveText([
    'Checklist',
    'Budget',
    'Suppliers',
    'Gifts',
  ])
  const week = page.getByRole('region', { name: 'This week' })
  await expect(week).toContainText('Nothing due in the next 7 days.')
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'plan-checklist-empty-en-360.png', { fullPage: true })

  await page.getByRole('button', { name: 'Start from the Filipino timeline' }).click()
  await expect(page.getByText('Your checklist is ready.')).toBeVisible()
  const items = page.getByTestId('checklist-item')
  await expect(items).toHaveCount(25)
  await expect(page.getByRole('button', { name: 'Start from the Filipino timeline' })).toHaveCount(
    0,
  )
  // Seven items were due more than 200 days before the wedding: they are overdue now.
  await expect(week.getByText('7 overdue')).toBeVisible()
  await expect(week).toContainText('Set the date and the budget')

  // Reloaded, the checklist is the same 25: starting is once.
  await page.reload()
  await expect(items).toHaveCount(25, dbReady)

  // The marriage licence, issued 130 days before the wedding, is valid 120 days: 10 short.
  const licence = items.filter({ hasText: 'Marriage licence' })
  await expect(licence).toContainText('No issue date yet · valid for 120 days')
  await licence.getByRole('button', { name: /^Edit “Marriage licence/ }).click()
  const drawer = page.getByRole('dialog', { name: 'Edit item' })
  await expect(drawer.getByLabel('Due date')).toHaveValue(longDate(manilaDay(100)))
  await expect(drawer.getByLabel('Issue date')).toHaveValue('Not issued yet')
  await expect(drawer).toContainText('Follows the wedding date: 100 days before it.')
  await expect(drawer.getByLabel(/This is a document with a validity/)).toBeChecked()
  await expect(drawer.getByLabel('Valid for (days)')).toHaveValue('120')
  await expectNoSeriousA11yViolations(page)
  // Bad input is refused in words, and what was typed stays.
  await drawer.getByLabel('Valid for (days)').fill('0')
  await drawer.getByRole('button', { name: 'Save' }).click()
  await expect(drawer.getByText('Enter a number of days from 1 to 3,650.')).toBeVisible()
  await drawer.getByLabel('Valid for (days)').fill('120')
  await expect(drawer.getByText('Enter a number of days from 1 to 3,650.')).toHaveCount(0)
  await pickDate(page, drawer.getByLabel('Issue date'), manilaDay(70), 'Choose the issue date')
  await drawer.getByLabel('Notes').fill('Kasama ang family planning seminar')
  await keepScreenshot(page, 'plan-checklist-drawer-en-360.png')
  await drawer.getByRole('button', { name: 'Save' }).click()
  await expect(drawer).toBeHidden()
  const warning = licence.getByTestId('validity-warning')
  await expect(warning).toContainText('Expires 10 days before the wedding')

  // An item of their own, for the coordinator, due in three days.
  await page.getByRole('button', { name: 'Add item' }).click()
  const adding = page.getByRole('dialog', { name: 'Add an item' })
  await adding.getByRole('button', { name: 'Save' }).click()
  await expect(adding.getByText('Write what needs doing.')).toBeVisible()
  await adding.getByLabel('What to do').fill('Confirm the lechon with Aling Nena')
  await adding.getByLabel('Category').selectOption({ label: 'Reception' })
  await pickDate(page, adding.getByLabel('Due date'), manilaDay(3), 'Choose the due date')
  await expectNoSeriousA11yViolations(page)
  await adding.getByLabel('Or to everyone who is').selectOption({ label: 'Coordinator' })
  await adding.getByRole('button', { name: 'Save' }).click()
  await expect(adding).toBeHidden()
  await expect(items).toHaveCount(26)
  await expect(week).toContainText('Confirm the lechon with Aling Nena')

  // A tick says who did it, and the week's summary follows.
  const first = items.filter({ hasText: 'Set the date and the budget' })
  await first.getByRole('checkbox', { name: 'Set the date and the budget' }).check()
  await expect(first).toContainText(/Done by .+ · /)
  await expect(week.getByText('6 overdue')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'plan-checklist-en-360.png', { fullPage: true })

  // In Filipino: the screen's words change; the items keep the words they were started in.
  await page.getByRole('button', { name: /^Filipino/ }).click()
  await expect(page.getByRole('heading', { name: 'Plano', level: 1 })).toBeVisible()
  await expect(warning).toContainText('Mag-e-expire 10 araw bago ang kasal')
  await expect(
    page.getByRole('region', { name: 'Ngayong linggo' }).getByText('6 ang lampas na'),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'plan-checklist-fil-360.png', { fullPage: true })

  // Management's first screen carries the week too.
  await page
    .getByRole('navigation', { name: 'Pamamahala' })
    .getByRole('link', { name: 'Listahan ng Bisita' })
    .click()
  const summary = page.getByRole('region', { name: 'Ngayong linggo' })
  await expect(summary).toContainText('6 ang lampas na')
  await expect(summary.getByRole('link', { name: 'Buksan ang plano' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'plan-checklist-guests-fil-360.png')
  await page.getByRole('button', { name: /^English/ }).click()
  await expect(page.getByRole('region', { name: 'This week' })).toContainText('6 overdue')
  await keepScreenshot(page, 'plan-checklist-guests-en-360.png')

  // A coordinator joins through a link, and sees and may change the whole checklist.
  await openInApp(page, '/manage/members')
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Coordinator' })
  await page.getByRole('button', { name: 'Create invitation link' }).click()
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue()
  const coordinator = await context.newPage()
  await coordinator.goto(link)
  await expect(coordinator.getByRole('heading', { name: "You're invited" })).toBeVisible(dbReady)
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
  // Above their guest list, the three most pressing, and how many more.
  const theirWeek = coordinator.getByRole('region', { name: 'This week' })
  await expect(theirWeek).toContainText('6 overdue')
  await expect(theirWeek).toContainText('and 4 more')
  await coordinator
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'Plan' })
    .click()
  // The plan without the money: no budget until the couple allows it.
  await expect(coordinator.getByRole('navigation', { name: 'Plan' }).getByRole('link')).toHaveText([
    'Checklist',
    'Suppliers',
    'Gifts',
  ])
  const theirs = coordinator.getByTestId('checklist-item')
  await expect(theirs).toHaveCount(26)
  await expect(
    theirs.filter({ hasText: 'Marriage licence' }).getByTestId('validity-warning'),
  ).toContainText('Expires 10 days before the wedding')
  await expect(theirs.filter({ hasText: 'Confirm the lechon' })).toContainText('For Coordinator')
  await expect(coordinator.getByRole('button', { name: 'Add item' })).toBeVisible()
  const lechon = theirs.filter({ hasText: 'Confirm the lechon' })
  await lechon.getByRole('checkbox').check()
  await expect(lechon).toContainText('Done by Ate Joy')
  await expectNoSeriousA11yViolations(coordinator)
  await keepScreenshot(coordinator, 'plan-checklist-coordinator-en-360.png', {
    fullPage: true,
  })
})

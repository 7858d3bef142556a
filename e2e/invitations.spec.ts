import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { demoAccount } from './support/session'
import { keepScreenshot } from './support/screenshots'
import { openInApp } from './support/navigation'

// The couple invites a household by copying its message; the guest opens the link in another tab
// (no session there: the couple's lives only in their own tab), answers without searching; the
// couple sees invited → opened → answered, the household leave the follow-up list, and a renewed
// invitation turns the old link into a friendly page, marks the household as needing a new card, and
// the new code typed on the wedding's own site opens the RSVP. Then the printed sheet (in the site's
// language, on white paper), and the invitation e-mail's preview reached from the RSVPs tab.

// The embedded database boots in each fresh browser context: slow on a busy machine.
const BOOT = { timeout: 90_000 }

/** Signs the couple in for this tab only ("Remember me" off), so other tabs are visitors. */
async function signInThisTabOnly(page: Page) {
  const { id, email, userMetadata } = demoAccount()
  await page.addInitScript(
    ({ session }) => {
      localStorage.setItem('kasalan.remember', '0')
      if (!sessionStorage.getItem('kasalan.local.session'))
        sessionStorage.setItem('kasalan.local.session', JSON.stringify(session))
    },
    { session: { user: { id, email, userMetadata } } },
  )
}

/** Loads the invitations screen again (the couple's session lives on in this tab). */
async function reopenInvitations(page: Page) {
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible(BOOT)
}

test('the couple invites a household, the guest opens the link and answers, the couple sees each step', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(300_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await signInThisTabOnly(page)
  await page.goto('/manage/invitations')
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible(BOOT)
  await expect(page.getByTestId('count-invited')).toContainText('0')
  await expectNoSeriousA11yViolations(page)

  // A household nobody has invited yet.
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Not invited' })
  const row = page.getByTestId('invitation-row').first()
  const names = (await row.locator('.font-semibold').first().textContent())!.trim()
  await row.getByRole('button', { name: /^Send/ }).click()

  const drawer = page.getByRole('dialog', { name: 'Send the invitation' })
  await expect(drawer.getByRole('heading', { name: names })).toBeVisible()
  const link = (await drawer.getByTestId('invitation-link').textContent())!.trim()
  // The link carries the household's long token, not the printed code.
  expect(link).toMatch(/\/i\/[A-Za-z0-9_-]{22}$/)
  const message = drawer.getByRole('textbox', { name: 'Message' })
  await expect(message).toHaveValue(/^Hi .+! 💌 Ikakasal na kami/)
  await expect(message).toHaveValue(new RegExp(link.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
  await expectNoSeriousA11yViolations(page, '[role="dialog"]')

  await drawer.getByRole('button', { name: 'Copy message' }).click()
  await expect(drawer.getByRole('status')).toContainText('Message copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(link)
  await drawer.getByRole('button', { name: 'Done' }).click()

  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Every household' })
  const household = page.getByTestId('invitation-row').filter({ hasText: names })
  await expect(household.getByTestId('invitation-state')).toHaveText('Invited')
  await expect(page.getByTestId('count-invited')).toContainText('1')
  await page.getByRole('tab', { name: 'Follow up (1)' }).click()
  await expect(page.getByTestId('follow-up-row').filter({ hasText: names })).toBeVisible()
  await expect(page.getByRole('button', { name: `Copy reminder ${names}` })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'invitations-follow-up.png', { fullPage: true })

  // The guest, in another tab with no session, opens the link and lands on the household's RSVP.
  const guest = await context.newPage()
  await guest.goto(new URL(link).pathname)
  await expect(guest.getByRole('heading', { level: 1, name: /^Kumusta, / })).toBeVisible(BOOT)
  expect(guest.url()).toMatch(/\/wedding\/[^/]+\/rsvp\/[^/]+\/[^/]+\?code=/)
  const slug = new URL(guest.url()).pathname.split('/')[2]!
  await expect(guest.getByRole('searchbox')).toHaveCount(0)

  await reopenInvitations(page)
  await expect(
    page.getByTestId('invitation-row').filter({ hasText: names }).getByTestId('invitation-state'),
  ).toHaveText('Opened')
  await expect(page.getByTestId('count-opened')).toContainText('1')

  for (const radio of await guest.getByRole('radio', { name: 'Hindi makakadalo' }).all())
    await radio.check()
  await guest.getByRole('button', { name: 'Ipadala ang sagot' }).click()
  await expect(guest.getByRole('heading', { level: 1, name: /^Salamat, / })).toBeVisible()

  await reopenInvitations(page)
  const answered = page.getByTestId('invitation-row').filter({ hasText: names })
  await expect(answered.getByTestId('invitation-state')).toHaveText('Answered')
  await expect(page.getByTestId('count-answered')).not.toContainText(/^Answered0$/)
  await page.getByRole('tab', { name: /^Follow up/ }).click()
  await expect(page.getByTestId('follow-up-row').filter({ hasText: names })).toHaveCount(0)
  await expect(page.getByText('Nobody to chase')).toBeVisible()

  // A new link and code: the household, sent the old link, needs a new card.
  await page.getByRole('tab', { name: 'All households' }).click()
  await answered.getByRole('button', { name: /^New code/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make a new code' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'old link and code no longer work' }),
  ).toBeVisible()
  await expect(page.getByText('1 household needs a new card')).toBeVisible()
  await expect(answered.getByText('Needs a new card')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  const notice = page.getByText('1 household needs a new card')
  await notice.evaluate((element) => element.scrollIntoView({ block: 'start' }))
  await page.mouse.wheel(0, -120)
  await keepScreenshot(page, 'invitations-new-card.png')
  await page.setViewportSize({ width: 360, height: 800 })
  await notice.evaluate((element) => element.scrollIntoView({ block: 'start' }))
  await page.mouse.wheel(0, -80)
  await keepScreenshot(page, 'invitations-new-card-360.png')
  await page.setViewportSize({ width: 1280, height: 720 })
  const newCode = (await answered.locator('.font-mono').first().textContent())!.trim()

  // The old link now gives a friendly page.
  await guest.goto(new URL(link).pathname)
  await expect(
    guest.getByRole('heading', { level: 1, name: 'Hindi namin mabuksan ang imbitasyong ito' }),
  ).toBeVisible(BOOT)
  await expectNoSeriousA11yViolations(guest)
  // A link of the old kind (/i/<code>) is not looked up anywhere: the guest is sent to the site.
  await guest.goto('/i/ABCD2345')
  await expect(
    guest.getByRole('heading', { level: 1, name: 'Hindi na bumubukas nang kusa ang link na ito' }),
  ).toBeVisible(BOOT)

  // On the wedding's own address a code is checked within that wedding: a wrong one is said so,
  // the new one opens the RSVP.
  await guest.goto(`/wedding/${slug}/i/ABCD2345`)
  await expect(
    guest.getByRole('heading', { level: 1, name: 'Hindi namin mabuksan ang imbitasyong ito' }),
  ).toBeVisible(BOOT)
  await expect(
    guest.getByRole('link', { name: 'Hanapin ang pangalan ninyo sa wedding site' }),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(guest)
  await guest.getByRole('textbox', { name: 'Invitation code' }).fill('abcd-2345')
  await guest.getByRole('button', { name: 'Buksan ang imbitasyon ko' }).click()
  await expect(guest.getByRole('status')).toHaveText(/Hindi code ng kasal na ito/)
  await guest.getByRole('textbox', { name: 'Invitation code' }).fill(newCode.toLowerCase())
  await guest.getByRole('button', { name: 'Buksan ang imbitasyon ko' }).click()
  await expect(guest.getByRole('heading', { level: 1, name: /^Kumusta, / })).toBeVisible(BOOT)
  expect(guest.url()).toContain(`?code=${newCode.replace('-', '')}`)

  // The printable sheet: a card per household with its QR code and code.
  await openInApp(page, '/manage/invitations/print')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Invitation codes to print' }),
  ).toBeVisible()
  await expect(
    page
      .getByTestId('print-card')
      .first()
      .getByRole('img', { name: /^QR code of http/ }),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  // The cards are the guests': in the site's language (Filipino here), though the screen is English.
  const card = page.getByTestId('print-card').first()
  await expect(card.getByText('Code para sa RSVP', { exact: true })).toBeVisible()
  await expect(card).not.toContainText('RSVP code')
  await keepScreenshot(page, 'invitations-print-sheet.png')
  await page.emulateMedia({ media: 'print' })
  // On white paper even with the browser's "background graphics" on: nothing printed is painted.
  const painted = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('body, body *')]
      .filter((element) => element.checkVisibility())
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}: ${getComputedStyle(element).backgroundColor}`,
      )
      .filter((painted) => !/: (rgba\(0, 0, 0, 0\)|rgb\(255, 255, 255\))$/.test(painted)),
  )
  expect(painted).toEqual([])
  await keepScreenshot(page, 'invitations-print-sheet-print.png')
  await page.emulateMedia({ media: 'screen' })

  // The guest list and the RSVPs tab show the same states, filterable, with the count card.
  await openInApp(page, '/manage/guests')
  await expect(page.getByRole('columnheader', { name: 'Invitation' })).toBeAttached(BOOT)
  await page.getByRole('button', { name: /^Filter/ }).click()
  await page.getByRole('menuitemradio', { name: 'Answered', exact: true }).click()
  await expect(page.getByRole('table').getByTestId('invitation-state').first()).toHaveText(
    'Answered',
  )
  await openInApp(page, '/manage/rsvps')
  await expect(page.getByTestId('rsvp-invitation-answered')).toHaveText(/^Answered[1-9]/, BOOT)
  await page.getByLabel('Invitation', { exact: true }).selectOption('answered')
  await expect(
    page
      .getByRole('list', { name: 'Replies by household' })
      .getByTestId('invitation-state')
      .first(),
  ).toHaveText('Answered')
  await expectNoSeriousA11yViolations(page)

  // The RSVPs tab leads to the e-mail preview, which shows that household's invitation e-mail.
  await page
    .getByRole('navigation', { name: 'Invitations and replies' })
    .getByRole('link', { name: 'E-mail preview' })
    .click()
  await page
    .getByRole('combobox', { name: 'Household', exact: true })
    .selectOption({ label: names })
  await page
    .getByRole('combobox', { name: 'E-mail', exact: true })
    .selectOption({ label: 'Invitation' })
  const email = page.frameLocator('iframe[title="E-mail body"]')
  await expect(email.getByRole('link', { name: 'Sagutin ang RSVP' })).toHaveAttribute(
    'href',
    /\/i\/[A-Za-z0-9_-]{22}$/,
  )
  await expect(page.getByText(/^Imbitasyon sa kasal nina Isabel at Miguel$/)).toBeVisible()
})

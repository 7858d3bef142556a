import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { openInApp } from './support/navigation'
import { demoAccount, signInAsDemo } from './support/session'

/** A fresh address per test (each test also gets a fresh embedded database). */
/**
 * The embedded database boots on first use in each fresh browser context: about 6 s on a quiet
 * 2-core machine, but several times that when the machine is busy.
 */
const dbReady = { timeout: 120_000 }
test.describe.configure({ timeout: 300_000 })

function newEmail() {
  return `couple-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** The date seven days from today, as the picker shows it in English. */
function inAWeek() {
  const date = new Date()
  date.setDate(date.getDate() + 7)
  const weekday = date.toLocaleDateString('en-GB', { weekday: 'long' })
  const month = date.toLocaleDateString('en-GB', { month: 'long' })
  return `${weekday}, ${date.getDate()} ${month} ${date.getFullYear()}`
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  return page.getByRole('menu')
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('a new couple signs up, lands in their own management area, logs out and signs back in', async ({
  page,
}) => {
  const email = newEmail()
  await page.goto('/auth/register')

  // Step 1: the basics. Names typed in lower case are shown capitalised.
  await expect(
    page.getByRole('heading', {
      name: 'Like any great relationship, this one starts with the basics',
    }),
  ).toBeVisible()
  const next = page.getByRole('button', { name: 'Next' })
  await expect(next).toBeDisabled()
  expect((await next.boundingBox())?.height).toBe(56)
  await expect(page.getByRole('button', { name: 'Back' })).toBeHidden()
  await page.getByLabel("Bride's first name").fill('maria clara')
  await page.getByLabel("Bride's last name").fill('dela cruz')
  await page.getByLabel("Groom's first name").fill('juan')
  await page.getByLabel("Groom's last name").fill('reyes')

  // The date picker works from the keyboard: Enter opens it, the arrows move, Enter picks.
  const date = page.getByLabel('Wedding date')
  await expect(date).toHaveAttribute('placeholder', 'Select date')
  await date.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Choose your wedding date' })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(date).toHaveValue(inAWeek())
  await expect(date).toBeFocused()
  await expect(next).toBeEnabled()
  await next.click()

  // Step 2: finish up.
  await expect(
    page.getByRole('heading', { name: "Nice! Before we continue, let's save your details" }),
  ).toBeVisible()
  const letsGo = page.getByRole('button', { name: "Let's go" })
  await expect(letsGo).toBeDisabled()
  expect((await letsGo.boundingBox())?.height).toBe(56)
  expect((await page.getByRole('button', { name: 'Back' }).boundingBox())?.height).toBe(56)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('sampaguita-2027')
  await expect(letsGo).toBeEnabled()
  await letsGo.click()

  // Their own, empty management area.
  await expect(page).toHaveURL(/\/manage\/guests$/, dbReady)
  let menu = await openAccountMenu(page)
  await expect(menu).toContainText('Maria Clara & Juan')
  await expect(menu).toContainText(email)
  await expect(menu).not.toContainText('Isabel')

  // Log out really signs out: management now sends them to sign in.
  await menu.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect(page.getByText("You've been logged out.")).toBeVisible()
  await page.goto('/manage/guests')
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fmanage%2Fguests$/)

  await signIn(page, email, 'sampaguita-2027')
  await expect(page).toHaveURL(/\/manage\/guests$/, dbReady)
  menu = await openAccountMenu(page)
  await expect(menu).toContainText('Maria Clara & Juan')
})

test('a protected page while signed out returns there after signing in', async ({ page }) => {
  const demo = demoAccount()
  await page.goto('/manage/cms/editor?section=faqs')
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fmanage%2Fcms%2Feditor%3Fsection%3Dfaqs$/)
  await signIn(page, demo.email, demo.password)
  await expect(page).toHaveURL(/\/manage\/cms\/editor\?section=faqs$/, dbReady)
  const menu = await openAccountMenu(page)
  await expect(menu).toContainText('Isabel & Miguel')
  await expect(menu).toContainText(demo.email)
})

test('without "Remember me" the session lasts only for this browser tab', async ({
  page,
  context,
}) => {
  const demo = demoAccount()
  await page.goto('/auth/login')
  await page.getByLabel('Remember me').uncheck()
  await signIn(page, demo.email, demo.password)
  await expect(page).toHaveURL(/\/manage\/guests$/, dbReady)
  const stored = await page.evaluate(() => ({
    local: localStorage.getItem('kasalan.local.session'),
    session: sessionStorage.getItem('kasalan.local.session'),
  }))
  expect(stored.local).toBeNull()
  expect(stored.session).toContain(demo.email)

  // A reload keeps it; a new tab (a new browser session's worth of storage) does not.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible(dbReady)
  const other = await context.newPage()
  await other.goto('/manage/guests')
  await expect(other).toHaveURL(/\/auth\/login/, dbReady)
})

test('signInAsDemo opens management straight away', async ({ page }) => {
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible(dbReady)
  const menu = await openAccountMenu(page)
  await expect(menu).toContainText('Isabel & Miguel')
})

// Signed out, and nothing saved until the last part signs in: the pages a couple meets before
// signing in, in one browser, each part moving in the app instead of starting the embedded
// database again (docs/decisions.md). The editor's guard is checked on a load of its address.
test('signed out: the sign-in, sign-up, reset, welcome and update-password pages pass axe; a taken e-mail, the editor’s guard, a wrong password', async ({
  page,
}) => {
  await test.step('sign-in: no serious problems; Google and Apple unavailable here', async () => {
    await page.goto('/auth/login')
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    await expect.soft(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled()
    await expect.soft(page.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled()
    await expect
      .soft(page.getByText("Google and Apple sign-in aren't available on the embedded database."))
      .toBeVisible()
    await expect
      .soft(page.getByRole('link', { name: 'Forgot Password' }))
      .toHaveAttribute('href', '/auth/reset')
    await expect
      .soft(page.getByRole('link', { name: 'Create an account' }))
      .toHaveAttribute('href', '/auth/register')
    await expectNoSeriousA11yViolations(page)
  })

  await test.step('sign-up: no serious problems on either step, or with errors showing', async () => {
    await openInApp(page, '/auth/register')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const first = page.getByLabel("Bride's first name")
    await first.fill('x')
    await first.fill('')
    await expect(page.getByText('First name is required.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await first.fill('Ana')
    await page.getByLabel("Bride's last name").fill('Lim')
    await page.getByLabel("Groom's first name").fill('Ben')
    await page.getByLabel("Groom's last name").fill('Go')
    await page.getByLabel('Wedding date').click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await page.getByLabel("We're still deciding").check()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByLabel('Email').fill('ana@')
    await expect(page.getByText('Enter a valid email.')).toBeVisible()
    const terms = page.getByRole('link', { name: 'Terms' })
    await expect.soft(terms).toHaveAttribute('target', '_blank')
    await expect.soft(terms).toHaveAttribute('rel', /noopener/)
    await expect
      .soft(page.getByRole('link', { name: 'Privacy Policy' }))
      .toHaveAttribute('target', '_blank')
    await expectNoSeriousA11yViolations(page)
  })

  await test.step('reset: explains that the embedded database sends no e-mail', async () => {
    await openInApp(page, '/auth/reset')
    await expect(page.getByRole('heading', { name: 'Password reset needs email' })).toBeVisible()
    await expect.soft(page.getByText("doesn't send email")).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  await test.step('welcome and update-password: no serious problems', async () => {
    await openInApp(page, '/welcome')
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await openInApp(page, '/auth/update-password')
    await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  await test.step('an e-mail already signed up is told so under the e-mail field', async () => {
    await openInApp(page, '/auth/register')
    await page.getByLabel("Bride's first name").fill('Isabel')
    await page.getByLabel("Bride's last name").fill('Dela Cruz')
    await page.getByLabel("Groom's first name").fill('Miguel')
    await page.getByLabel("Groom's last name").fill('Santos')
    await page.getByLabel("We're still deciding").check()
    await expect(page.getByLabel('Wedding date')).toHaveValue('Still deciding')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByLabel('Email').fill(demoAccount().email)
    await page.getByLabel('Password', { exact: true }).fill('another-password')
    await page.getByRole('button', { name: "Let's go" }).click()
    await expect(
      page.getByText("There's already an account with this email. Log in instead."),
    ).toBeVisible(dbReady)
    await expect.soft(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    await expect.soft(page).toHaveURL(/\/auth\/register$/)
  })

  await test.step('the content editor, too, needs a signed-in couple', async () => {
    await page.goto('/manage/cms')
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fmanage%2Fcms$/)
  })

  await test.step('a wrong password says so and keeps the couple on the sign-in page', async () => {
    const demo = demoAccount()
    await openInApp(page, '/auth/login')
    await signIn(page, demo.email, 'not-the-password')
    await expect(page.getByRole('alert')).toHaveText(
      "That email and password don't match. Check your password and try again.",
      dbReady,
    )
    await expect.soft(page).toHaveURL(/\/auth\/login$/)
    await expect.soft(page.getByLabel('Password', { exact: true })).toBeFocused()

    await page.getByLabel('Password', { exact: true }).fill(demo.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/manage\/guests$/, dbReady)
  })
})

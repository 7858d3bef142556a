import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { demoAccount } from './support/session'
import { keepsScreenshots } from './support/screenshots'
import { openInApp } from './support/navigation'

// Every member opens every management address directly, as by typing it, a bookmark or a link
// from another member: the screen with only the actions their role may take, or a short page in
// their language saying what their role can do and whom to ask, never controls that will fail.
//
// The demo couple (the owner) invites a partner, a coordinator and a family helper of each side,
// who join through their links in one browser (one embedded database). Each then works in a tab of
// their own, holding their account in that tab's sessionStorage (read before localStorage). Tabs
// stay open until the end: the tabs share the embedded database through whichever one leads it.

const sessionKey = 'kasalan.local.session'
type Role = 'owner' | 'partner' | 'coordinator' | 'brideHelper' | 'groomHelper'
interface StoredSession {
  user: { id: string; email: string; userMetadata: Record<string, unknown> }
}

const forCouple = 'This page is for the couple'
const forCoordinator = 'This page is for the couple and their coordinator'

/** Each management address, its screen's heading, and what each role meets there instead. */
const addresses: Array<{ path: string; heading: string; others: Partial<Record<Role, string>> }> = [
  { path: '/manage/guests', heading: 'Guest List', others: {} },
  {
    path: '/manage/seating',
    heading: 'Seating Chart',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/rsvps',
    heading: 'RSVPs',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/email-preview/rsvp',
    heading: 'RSVP e-mail preview',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/invitations',
    heading: 'Invitations',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/invitations/print',
    heading: 'Invitation codes to print',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/website',
    heading: 'Your website',
    others: { coordinator: forCouple, brideHelper: forCouple, groomHelper: forCouple },
  },
  {
    path: '/manage/cms',
    heading: 'Website content',
    others: { coordinator: forCouple, brideHelper: forCouple, groomHelper: forCouple },
  },
  {
    path: '/manage/cms/editor',
    heading: 'Section not found',
    others: { coordinator: forCouple, brideHelper: forCouple, groomHelper: forCouple },
  },
  {
    path: '/manage/data',
    heading: 'Your data',
    others: { coordinator: forCouple, brideHelper: forCouple, groomHelper: forCouple },
  },
  { path: '/manage/members', heading: 'Members', others: {} },
  { path: '/manage/activity', heading: 'Who did what', others: {} },
  { path: '/manage/plan', heading: 'Plan', others: {} },
  {
    path: '/manage/plan/budget',
    heading: 'Budget',
    others: { coordinator: forCouple, brideHelper: forCouple, groomHelper: forCouple },
  },
  {
    path: '/manage/plan/suppliers',
    heading: 'Suppliers',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/plan/gifts',
    heading: 'Gifts',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/rsvps/forecast',
    heading: 'Pax forecast',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/print',
    heading: 'Cards and lists to print',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/checkin',
    heading: 'Check-in',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
  {
    path: '/manage/checkin/after',
    heading: 'After the day',
    others: { brideHelper: forCoordinator, groomHelper: forCoordinator },
  },
]

/** The tabs each role has, which are also what the "not for your role" page offers. */
const tabsOf: Record<Role, string[]> = {
  owner: [
    'Guest List',
    'Seating Chart',
    'RSVPs',
    'Invitations',
    'Plan',
    'Website',
    'Members',
    'Check-in',
  ],
  partner: [
    'Guest List',
    'Seating Chart',
    'RSVPs',
    'Invitations',
    'Plan',
    'Website',
    'Members',
    'Check-in',
  ],
  coordinator: [
    'Guest List',
    'Seating Chart',
    'RSVPs',
    'Invitations',
    'Plan',
    'Members',
    'Check-in',
  ],
  brideHelper: ['Guest List', 'Plan', 'Members'],
  groomHelper: ['Guest List', 'Plan', 'Members'],
}
const roleLabel: Record<Role, string> = {
  owner: 'Owner',
  partner: 'Partner',
  coordinator: 'Coordinator',
  brideHelper: "Family helper · Bride's side",
  groomHelper: "Family helper · Groom's side",
}

/** A tab that is this account's for good: the session is put back before each page load. */
async function tabAs(context: BrowserContext, session: StoredSession): Promise<Page> {
  const page = await context.newPage()
  await page.addInitScript(
    ({ key, stored }) => {
      localStorage.setItem('kasalan.remember', '0')
      sessionStorage.setItem(key, JSON.stringify(stored))
    },
    { key: sessionKey, stored: session },
  )
  return page
}

let context: BrowserContext
let couple: Page
const sessions = {} as Record<Role, StoredSession>
let lastLink = ''

/** The couple makes a link for the role; the new member opens it signed out and joins. */
async function join(choice: string, name: string): Promise<StoredSession> {
  await couple.getByLabel('Role', { exact: true }).selectOption(choice)
  await couple.getByRole('button', { name: 'Create invitation link' }).click()
  // The new link, not the one made before it.
  const link = couple.getByRole('textbox', { name: 'Invitation link' })
  await expect(link).toHaveValue(/\/join\//)
  await expect(link).not.toHaveValue(lastLink)
  const address = (lastLink = await link.inputValue())

  const page = await context.newPage()
  // Signed out in this tab: the last member to join is remembered in localStorage.
  await page.addInitScript((key) => {
    if (sessionStorage.getItem('kasalan.e2e.joining')) return
    sessionStorage.setItem('kasalan.e2e.joining', '1')
    localStorage.removeItem(key)
  }, sessionKey)
  await page.goto(address)
  await expect(page.getByRole('heading', { name: "You're invited" })).toBeVisible({
    timeout: 120_000,
  })
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('E-mail').fill(`${choice.replace(':', '-')}-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('member-pass-1')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('button', { name: 'Accept and open the wedding' })).toBeVisible()
  const session = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key)!) as StoredSession,
    sessionKey,
  )
  await page.evaluate(
    (key) => sessionStorage.setItem(key, localStorage.getItem(key) ?? ''),
    sessionKey,
  )
  await page.getByRole('button', { name: 'Accept and open the wedding' }).click()
  await expect(page.getByRole('heading', { name: 'Guest List', level: 1 })).toBeVisible({
    timeout: 60_000,
  })
  return session
}

// Serial: the members join once, then each role opens every address, six tabs on one embedded
// database.
test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(300_000)
  context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const { id, email, userMetadata } = demoAccount()
  sessions.owner = { user: { id, email, userMetadata } }
  couple = await tabAs(context, sessions.owner)
  await couple.goto('/manage/members')
  await expect(couple.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible({
    timeout: 120_000,
  })
  sessions.partner = await join('partner', 'Miguel')
  sessions.coordinator = await join('coordinator', 'Ate Joy')
  sessions.brideHelper = await join('family_helper:bride', 'Tita Carmen')
  sessions.groomHelper = await join('family_helper:groom', 'Tito Ben')
})

test.afterAll(async () => {
  await context?.close()
})

/** The management area's main part, where a screen or the "not for your role" page shows. */
const main = (page: Page) => page.getByRole('main')

/** What a role's screens offer, beyond being there: only the actions the database allows it. */
async function checkActions(page: Page, role: Role, path: string) {
  const m = main(page)
  const keepsWholeList = role === 'owner' || role === 'partner' || role === 'coordinator'
  if (path === '/manage/guests') {
    await expect(m.getByRole('button', { name: 'Add Guest' })).toBeVisible()
    await expect(m.getByRole('table', { name: 'Households' })).toBeVisible()
    // The demo households were added by the couple: a family helper may edit, not delete, them.
    const edits = await m.getByRole('button', { name: /^Edit / }).count()
    expect(edits).toBeGreaterThan(0)
    await expect(m.getByRole('button', { name: /^Delete / })).toHaveCount(
      keepsWholeList ? edits : 0,
    )
    await m.getByRole('button', { name: 'Add Guest' }).click()
    const drawer = page.getByRole('dialog', { name: 'Add Guest' })
    await expect(drawer.getByRole('tab', { name: 'Import' })).toHaveCount(keepsWholeList ? 1 : 0)
    const sides = await drawer.getByLabel('Whose guest').locator('option').allTextContents()
    expect(sides).toEqual(
      role === 'brideHelper'
        ? ["Bride's side"]
        : role === 'groomHelper'
          ? ["Groom's side"]
          : ['Not set', "Bride's side", "Groom's side", 'Both sides'],
    )
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
  }
  if (path === '/manage/rsvps') {
    await expect(m.getByRole('tab', { name: 'Deadline and questions' })).toHaveCount(
      role === 'coordinator' ? 0 : 1,
    )
  }
  if (path === '/manage/plan/budget') {
    await expect(m.getByRole('button', { name: 'Add a budget line' })).toBeVisible()
  }
  if (path === '/manage/plan/suppliers') {
    await expect(m.getByRole('button', { name: 'Add a supplier' })).toBeVisible()
    // The coordinator is told the amounts are the couple's (until the couple allows them).
    await expect(
      m.getByText('Contract amounts and payments are seen by the couple only.'),
    ).toHaveCount(role === 'coordinator' ? 1 : 0)
  }
  if (path === '/manage/members') {
    const manages = role === 'owner' || role === 'partner'
    await expect(m.getByRole('button', { name: 'Create invitation link' })).toHaveCount(
      manages ? 1 : 0,
    )
    // Anyone but the owner and oneself: the owner's four others, the partner's three.
    await expect(m.getByRole('button', { name: /^Remove / })).toHaveCount(
      role === 'owner' ? 4 : role === 'partner' ? 3 : 0,
    )
    await expect(m.getByRole('button', { name: /^Hand over the wedding to / })).toHaveCount(
      role === 'owner' ? 4 : 0,
    )
    await expect(m.getByRole('button', { name: 'Leave this wedding' })).toHaveCount(
      role === 'owner' ? 0 : 1,
    )
  }
}

/** The "not for your role" page: who you are, what you can do (your tabs), whom to ask, no controls. */
async function checkNotForYourRole(page: Page, role: Role) {
  const m = main(page)
  const [roleName, sideName] = roleLabel[role].split(' · ')
  await expect(m.getByText('Your role', { exact: true })).toBeVisible()
  await expect(m.getByText(roleName!, { exact: true })).toBeVisible()
  if (sideName) await expect(m.getByText(sideName, { exact: true })).toBeVisible()
  const can = m.getByRole('list').getByRole('link')
  await expect(can).toHaveCount(tabsOf[role].length)
  for (const [index, tab] of tabsOf[role].entries()) await expect(can.nth(index)).toContainText(tab)
  // The owner and the partner, by the names they chose.
  await expect(m.getByText(/^Ask .+ or Miguel\. They can do it for you/)).toBeVisible()
  await expect(m.getByRole('button')).toHaveCount(0)
  await expect(m.getByRole('textbox')).toHaveCount(0)
}

/** Kept with the test's results, to look at. */
async function screenshot(page: Page, name: string) {
  if (!keepsScreenshots) return
  const path = test.info().outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: true })
  await test.info().attach(name, { path, contentType: 'image/png' })
}

for (const role of ['owner', 'partner', 'coordinator', 'brideHelper', 'groomHelper'] as const) {
  test(`${roleLabel[role]}: every management address opens the screen or says it is not for this role`, async () => {
    test.setTimeout(300_000)
    const page = await tabAs(context, sessions[role])
    let checkedPage = false
    for (const [index, { path, heading, others }] of addresses.entries()) {
      // An address the role may not use is typed, as a bookmark or a shared link opens it, even
      // while the screen before is still reading; the screens it may use are opened inside the app.
      if (index === 0 || others[role]) await page.goto(path)
      else await openInApp(page, path)
      const expected = others[role] ?? heading
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(expected, {
        timeout: 60_000,
      })
      if (others[role]) {
        await checkNotForYourRole(page, role)
        if (!checkedPage) {
          checkedPage = true
          await expectNoSeriousA11yViolations(page)
          await screenshot(page, `not-for-your-role-${role}-1280`)
        }
      } else {
        await checkActions(page, role, path)
      }
    }
    // The tabs and the account menu offer the same screens the addresses open.
    await openInApp(page, '/manage/guests')
    await expect(page.getByRole('navigation', { name: 'Management' }).getByRole('link')).toHaveText(
      tabsOf[role],
    )
    await page.getByRole('button', { name: /account menu$/ }).click()
    await expect(page.getByRole('menuitem', { name: 'Your data' })).toHaveCount(
      role === 'owner' || role === 'partner' ? 1 : 0,
    )
    await page.keyboard.press('Escape')
  })
}

test('a family helper reads the page in Filipino, and on a phone', async () => {
  test.setTimeout(180_000)
  const page = await tabAs(context, sessions.brideHelper)
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/manage/website')
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(forCouple, {
    timeout: 60_000,
  })
  await screenshot(page, 'not-for-your-role-360')
  await page.getByRole('button', { name: /^Filipino/ }).click()
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(
    'Para sa ikakasal ang pahinang ito',
  )
  await expect(main(page).getByText('Katuwang ng pamilya', { exact: true })).toBeVisible()
  await expect(main(page).getByText('Panig ng nobya', { exact: true })).toBeVisible()
  await expect(main(page).getByRole('link', { name: /Listahan ng Bisita/ })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await screenshot(page, 'not-for-your-role-360-fil')
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, 'not-for-your-role-1280-fil')
  // Back to English for whoever comes next in this browser.
  await page.getByRole('button', { name: /^English/ }).click()
})

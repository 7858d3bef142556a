// What a new couple and their guests notice on the site they just made (issue 31): one name per
// section, the hero's button in the theme's colour, a home title that follows the names, Filipino
// labels, nothing squeezed or hidden at 360 px, one Manila-time note per form, members by the name
// rule. Screenshots at 360 and 1280 px in both languages are kept with the test's results.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { signInTabAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'
import { openInApp } from './support/navigation'

const dbReady = { timeout: 120_000 }
test.describe.configure({ timeout: 480_000 })

const shot = (page: Page, name: string) => keepScreenshot(page, `${name}.png`)

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  expect(found, 'the element is drawn').not.toBeNull()
  return found!
}

/** True when one box lies entirely above the other, or beside it: they do not overlap. */
function apart(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return (
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
  )
}

/** How many lines the visible words of an element take (its first text's line boxes). */
const lines = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(
      [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!,
    )
    return new Set(
      [...range.getClientRects()]
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top)),
    ).size
  })

async function signUp(page: Page) {
  await page.goto('/auth/register')
  // Typed as many couples type them: in lower case.
  await page.getByLabel("Bride's first name").fill('maria clara')
  await page.getByLabel("Bride's last name").fill('dela cruz')
  await page.getByLabel("Groom's first name").fill('juan miguel')
  await page.getByLabel("Groom's last name").fill('santos')
  await page.getByLabel("We're still deciding").check()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Email').fill(`polish-${Date.now()}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill('sampaguita-2027')
  await page.getByRole('button', { name: "Let's go" }).click()
  await expect(page).toHaveURL(/\/manage\/guests$/, dbReady)
}

test('a new couple: one name per section, the themed hero button, the title that follows the names, a roomy RSVP page', async ({
  page,
}) => {
  await signUp(page)

  // A household, so that a guest can reach the RSVP page.
  await page.getByRole('button', { name: 'Add Guest' }).click()
  const adding = page.getByRole('dialog', { name: 'Add Guest' })
  await adding.getByLabel('First name').fill('Carmen')
  await adding.getByLabel('Last name').fill('Villanueva')
  await adding.getByLabel('Whose guest').selectOption('bride')
  await adding.getByLabel('Relationship type').selectOption('family')
  await adding.getByRole('button', { name: 'Save & close' }).click()
  await expect(adding).toBeHidden()

  // The builder calls the registry "Gifts", as the editor and the site do.
  await openInApp(page, '/manage/website')
  await expect(page.getByRole('heading', { name: 'Your website' })).toBeVisible(dbReady)
  const sections = page.getByRole('list', { name: 'Sections of your site, in order' })
  await expect(sections).toContainText('Gifts')
  await expect(sections).not.toContainText('Registry')
  await expect(page.getByRole('switch', { name: 'Show Gifts on the site' })).toBeVisible()

  // Modern, with the couple's own colour for links and buttons.
  await page.getByRole('tab', { name: 'Theme & Style' }).click()
  const modern = page.getByRole('radio', { name: 'Modern' })
  await page.locator('label').filter({ has: modern }).click()
  const accent = page.getByRole('textbox', { name: 'Links and buttons', exact: true })
  await accent.fill('#1F6B4A')
  await accent.blur()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('All changes saved')).toBeVisible()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Published: guests can see your site' }),
  ).toBeVisible()
  const slug = (await page.getByTestId('site-address').textContent())!.split('/wedding/')[1]!.trim()

  // The content editor: the same name, and the home title as the names show, capitalised.
  await openInApp(page, '/manage/cms')
  const list = page.getByRole('list').filter({ hasText: 'Gifts' })
  await expect(list.getByRole('link').first()).toContainText('Maria Clara & Juan Miguel', dbReady)
  await expect(list).not.toContainText('maria clara')
  await expect(list.getByRole('link').filter({ hasText: 'Gifts' })).toHaveCount(1)
  await expect(list).not.toContainText('Handog')
  await list.getByRole('link').first().click()
  const title = page.getByRole('textbox', { name: 'Title' })
  await expect(title).toHaveValue('')
  await expect(title).toHaveAttribute('placeholder', 'Maria Clara & Juan Miguel')
  await expect(page.getByText('Leave it empty to use “Maria Clara & Juan Miguel”.')).toBeVisible()

  // The schedule editor says once that its dates and times are Manila's.
  await openInApp(page, '/manage/cms/editor?section=schedule')
  await page.getByRole('button', { name: 'Add event' }).click()
  await page.getByRole('button', { name: 'Add event' }).click()
  await expect(page.getByText(/Asia\/Manila/)).toHaveCount(1)
  const dates = page.locator('input[type="date"], input[type="time"]')
  expect(await dates.count()).toBeGreaterThanOrEqual(4)
  const note = await page.getByTestId('time-note').getAttribute('id')
  for (const field of await dates.all())
    await expect(field).toHaveAttribute('aria-describedby', new RegExp(note!))
  await page.setViewportSize({ width: 360, height: 740 })
  await shot(page, 'schedule-editor-360-en')

  // The site, in Filipino, at 360 and 1280 px: loaded once, then the same page made wider.
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/wedding/${slug}`)
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
    const site = page.locator('.site')
    await expect(site).toHaveAttribute('data-theme', 'modern', dbReady)
    const hero = page.locator('.site-hero-card')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /Maria Clara\s*&\s*Juan Miguel/,
    )
    // The eyebrow says they are getting married, not their names again.
    await expect(hero.locator('.site-eyebrow').first()).toHaveText('Ikakasal na')
    const button = hero.getByRole('link', { name: 'Tumugon sa RSVP' })
    const colours = await button.evaluate((element) => ({
      background: getComputedStyle(element).backgroundColor,
      theme: getComputedStyle(element.closest('.site')!)
        .getPropertyValue('--site-color-link-and-button-text')
        .trim(),
    }))
    expect(colours.theme.toLowerCase()).toBe('#1f6b4a')
    expect(colours.background).toBe('rgb(31, 107, 74)')
    await button.scrollIntoViewIfNeeded()
    await shot(page, `site-hero-${width}-fil`)
  }

  // The drawer and the headings name the gifts "Handog" in Filipino and "Gifts" in English.
  await page.setViewportSize({ width: 360, height: 740 })
  await page.getByRole('button', { name: 'Buksan ang menu' }).click()
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Handog' })).toBeVisible()
  await shot(page, 'site-drawer-360-fil')
  await page.keyboard.press('Escape')
  await page
    .getByRole('button', { name: /^English/ })
    .first()
    .click()
  await expect(page.locator('.site-hero-card .site-eyebrow').first()).toHaveText('Getting married')
  await page.getByRole('button', { name: 'Open the menu' }).click()
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Gifts' })).toBeVisible()
  await shot(page, 'site-drawer-360-en')
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 1280, height: 800 })
  await shot(page, 'site-hero-1280-en')

  // The guest finds their name; the RSVP page's language button stays on one line beside the names.
  await page
    .getByRole('button', { name: /^Filipino/ })
    .first()
    .click()
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 740 })
    await openInApp(page, `/wedding/${slug}/rsvp`)
    const search = page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
    await search.fill('carmen villa')
    await page.getByRole('link', { name: /Carmen Villanueva/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Carmen!' })).toBeVisible()
    const names = page.locator('.rsvp-topbar a.rsvp-names')
    const toggle = page.locator('.rsvp-topbar button')
    for (const language of ['fil', 'en']) {
      await expect(toggle).toHaveText(language === 'fil' ? /English/ : /Filipino/)
      expect(await lines(toggle), `the language button, ${width} px, ${language}`).toBe(1)
      expect(apart(await box(names), await box(toggle))).toBe(true)
      expect((await box(toggle)).x + (await box(toggle)).width).toBeLessThanOrEqual(width)
      await shot(page, `rsvp-${width}-${language}`)
      if (language === 'fil') await toggle.click()
    }
    await toggle.click()
  }
})

const sessionKey = 'kasalan.local.session'

test('the demo couple: the send drawer keeps its hint in view, a helper by the name rule with their own avatar, room for their e-mail', async ({
  page: couple,
  context,
}) => {
  await signInTabAsDemo(couple)

  // The site's entourage speaks Filipino.
  await couple.goto('/wedding/isabel-and-miguel/wedding-party')
  await expect(
    couple.getByRole('heading', { level: 3, name: 'Pangunahing Abay na Lalaki' }),
  ).toBeVisible(dbReady)
  await expect(
    couple.getByRole('heading', { level: 3, name: 'Pangunahing Abay na Babae' }),
  ).toBeVisible()
  await expect(couple.locator('main')).not.toContainText(/Best Man|Maid of Honor/)

  // On a phone, the message's hint comes into view above the drawer's buttons while typing.
  await couple.setViewportSize({ width: 360, height: 740 })
  await couple.goto('/manage/invitations')
  await expect(couple.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible(dbReady)
  await couple.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Not invited' })
  await couple.getByTestId('invitation-row').first().getByRole('button', { name: /^Send/ }).click()
  const drawer = couple.getByRole('dialog', { name: 'Send the invitation' })
  const message = drawer.getByRole('textbox', { name: 'Message' })
  await message.click()
  await message.press('End')
  const hint = drawer.getByText('You can change it for this household before sending.', {
    exact: false,
  })
  await expect(message).toHaveAttribute('aria-describedby', (await hint.getAttribute('id'))!)
  const footer = drawer.getByRole('button', { name: 'Done' })
  await expect
    .poll(async () => (await box(hint)).y + (await box(hint)).height)
    .toBeLessThanOrEqual((await box(footer)).y - 8)
  await shot(couple, 'send-drawer-360-en')
  await couple.keyboard.press('Escape')

  // A family helper joins, typing their name in lower case.
  await couple.setViewportSize({ width: 1280, height: 800 })
  await openInApp(couple, '/manage/members')
  await expect(couple.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible(dbReady)
  await couple
    .getByLabel('Role', { exact: true })
    .selectOption({ label: "Family helper · Bride's side" })
  await couple.getByRole('button', { name: 'Create invitation link' }).click()
  const link = await couple.getByRole('textbox', { name: 'Invitation link' }).inputValue()
  const helper = await context.newPage()
  await helper.goto(link)
  await expect(helper.getByRole('heading', { name: "You're invited" })).toBeVisible(dbReady)
  await helper.getByLabel('Your name').fill('tita carmen')
  const email = `tita.carmen${Date.now() % 100_000}@gmail.com`
  await helper.getByLabel('E-mail').fill(email)
  await helper.getByLabel('Password').fill('family-helper-pass')
  await helper.getByRole('button', { name: 'Create account' }).click()
  await helper.evaluate(
    (key) => sessionStorage.setItem(key, localStorage.getItem(key) ?? ''),
    sessionKey,
  )
  await helper.getByRole('button', { name: 'Accept and open the wedding' }).click()
  await expect(helper.getByRole('heading', { name: 'Guest List', level: 1 })).toBeVisible(dbReady)
  // The helper's avatar is their own, not the couple's.
  await expect(helper.getByRole('button', { name: 'account menu' })).toHaveText('TC')
  await helper.close()

  // The couple sees "Tita Carmen", and her e-mail and joined date each get a line of their own: the
  // list loaded afresh once (she joined in another tab), then the same page made wider.
  await couple.setViewportSize({ width: 360, height: 800 })
  await couple.goto('/manage/members')
  for (const width of [360, 1280]) {
    await couple.setViewportSize({ width, height: 800 })
    const row = couple.getByTestId('member').filter({ hasText: email })
    await expect(row).toContainText('Tita Carmen', dbReady)
    await expect(row).not.toContainText('tita carmen')
    const address = row.getByText(email, { exact: true })
    const joined = row.getByText(/^Joined /)
    expect(await lines(address), `the e-mail at ${width} px`).toBe(1)
    expect(await lines(joined), `the joined date at ${width} px`).toBe(1)
    expect((await box(address)).width, `the column at ${width} px`).toBeGreaterThanOrEqual(250)
    for (const control of await row.locator('select, button').all())
      expect(apart(await box(control), await box(address))).toBe(true)
    await row.scrollIntoViewIfNeeded()
    await shot(couple, `members-${width}-en`)
  }
})

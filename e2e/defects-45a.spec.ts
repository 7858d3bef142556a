import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { watchConsole } from './support/console'
import { openInApp } from './support/navigation'
import { keepScreenshot } from './support/screenshots'
import { demoAccount, signInAsDemo } from './support/session'
import { callAs } from './support/sql-calls'

// What a couple, their usher and their guests tripped on, on a 360 px phone and at 1280 px: the
// owner's banner on their own site, a session that outlived "Remember me", an empty builder after
// "Leave", the door's names and buttons, and the day-of contact sheet on paper.

test.describe.configure({ timeout: 300_000 })
const BOOT = { timeout: 120_000 }
const WEDDING = '5eed0000-0000-4000-8000-000000000002'

/**
 * The words of `target` broken across two lines ("Dimaculan/gan", "Statu s"): each run of
 * non-space characters of its text should sit on one line, unless it alone is wider than the box.
 */
function brokenWords(target: Locator): Promise<string[]> {
  return target.evaluate((root) => {
    const broken: string[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const lines = new Set(
          [...range.getClientRects()]
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        )
        const box = (node.parentElement ?? root).getBoundingClientRect()
        if (lines.size > 1 && range.getBoundingClientRect().width < box.width) broken.push(match[0])
      }
    }
    return broken
  })
}

/** How many lines the text of `target` takes. */
function lineCount(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set(
      [...range.getClientRects()]
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top)),
    ).size
  })
}

test('the owner’s banner on their own site wraps on a 360 px phone, published or not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signInAsDemo(page)
  await page.goto('/wedding/isabel-and-miguel')
  const banner = page.getByRole('complementary', { name: 'Para sa inyo lamang' })
  await expect(banner.getByText('Nakalathala na ang inyong site.')).toBeVisible(BOOT)

  for (const state of ['published', 'private'] as const) {
    const words = banner.getByRole('status')
    // The words take the line beside the icon (296 px of the banner's 328), not a column beside the buttons.
    expect
      .soft((await words.boundingBox())!.width, `${state}: the words' width`)
      .toBeGreaterThan(280)
    expect
      .soft((await banner.boundingBox())!.height, `${state}: the banner's height`)
      .toBeLessThan(300)
    expect.soft(await brokenWords(banner), `${state}: words broken mid-word`).toEqual([])
    await keepScreenshot(page, `owner-banner-${state}-360.png`)
    await page.setViewportSize({ width: 1280, height: 800 })
    expect
      .soft((await banner.boundingBox())!.height, `${state}: one line at 1280 px`)
      .toBeLessThan(120)
    await keepScreenshot(page, `owner-banner-${state}-1280.png`)
    await page.setViewportSize({ width: 360, height: 740 })
    if (state === 'published') {
      await banner.getByRole('button', { name: 'Itago sa mga bisita' }).click()
      await expect(banner.getByText('Pribado pa ang inyong site.')).toBeVisible()
    }
  }
  await expectNoSeriousA11yViolations(page)
  await banner.getByRole('button', { name: 'Ilathala' }).click()
  await expect(banner.getByText('Nakalathala na ang inyong site.')).toBeVisible()
})

test('on a shared laptop: the couple without "Remember me" stays in their tab while an usher joins in another, and the door is the usher’s', async ({
  page: couple,
  context,
}) => {
  const demo = demoAccount()
  const console = watchConsole(couple, 'couple')
  await couple.setViewportSize({ width: 1280, height: 800 })
  await couple.goto('/auth/login')
  await couple.getByLabel('Remember me').uncheck()
  await couple.getByLabel('Email').fill(demo.email)
  await couple.getByLabel('Password', { exact: true }).fill(demo.password)
  await couple.getByRole('button', { name: 'Sign In' }).click()
  await expect(couple).toHaveURL(/\/manage\/guests$/, BOOT)
  await expect(couple.getByRole('heading', { level: 1, name: 'Guest List' })).toBeVisible(BOOT)
  const stored = (page: Page) =>
    page.evaluate(() => ({
      lasting: localStorage.getItem('kasalan.local.session') ?? '',
      tab: sessionStorage.getItem('kasalan.local.session') ?? '',
    }))
  expect((await stored(couple)).lasting).toBe('')

  // A household typed all in lower case, as a helper typed it.
  await callAs(couple, demo.id, 'save_household', {
    p_wedding_id: WEDDING,
    p_household: {
      email: null,
      phone: null,
      address: {},
      relationshipSide: 'groom',
      relationshipType: 'family',
      notes: null,
      persons: ['lorna', 'ramon'].map((firstName) => ({
        firstName,
        lastName: 'dimaculangan',
        type: 'adult',
        title: null,
        suffix: null,
        notes: null,
      })),
    },
  })

  // The couple makes an usher's link; the usher signs up with it in another tab.
  await openInApp(couple, '/manage/members')
  await expect(couple.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible()
  await couple.getByLabel('Role', { exact: true }).selectOption({ label: 'Usher' })
  await couple.getByRole('button', { name: 'Create invitation link' }).click()
  const link = await couple.getByRole('textbox', { name: 'Invitation link' }).inputValue()

  const usher = await context.newPage()
  await usher.setViewportSize({ width: 360, height: 740 })
  await usher.goto(link)
  await expect(usher.getByRole('heading', { name: "You're invited" })).toBeVisible(BOOT)
  await usher.getByLabel('Your name').fill('Kuya Jun')
  await usher.getByLabel('E-mail').fill(`jun-${Date.now()}@example.com`)
  await usher.getByLabel('Password').fill('usher-pass-123')
  await usher.getByRole('button', { name: 'Create account' }).click()
  await expect(usher.getByText('as Usher')).toBeVisible()
  await usher.getByRole('button', { name: 'Accept and open the wedding' }).click()
  await expect(usher).toHaveURL(/\/manage\/checkin$/, { timeout: 60_000 })

  // The couple's tab, reloaded, is still the couple's, and their session is still this tab's alone.
  await couple.reload()
  await expect(couple.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible(BOOT)
  await expect(couple.getByRole('button', { name: 'Account menu' })).toBeVisible()
  const after = await stored(couple)
  expect.soft(after.tab, 'the couple’s session in their tab').toContain(demo.email)
  expect.soft(after.lasting, 'the browser’s lasting storage').not.toContain(demo.email)

  // The members page offers no handover to an usher, who only checks guests in.
  const members = couple.getByRole('region', { name: 'Who has access' })
  await expect(members.getByRole('button', { name: 'Remove Kuya Jun' })).toBeVisible()
  expect
    .soft(
      await members.getByRole('button', { name: /^Hand over the wedding/ }).count(),
      'handover offered to an usher',
    )
    .toBe(0)

  // A new tab opens as whoever chose to be remembered (the usher), never as the couple.
  const later = await context.newPage()
  await later.goto('/manage')
  await expect(
    later.getByRole('heading', { level: 1, name: /^(Check-in|Guest List)$/ }),
  ).toBeAttached(BOOT)
  expect.soft(later.url(), 'a new tab opens as').toMatch(/\/manage\/checkin$/)
  expect.soft((await stored(later)).lasting, 'a new tab’s session').not.toContain(demo.email)
  await later.close()

  // The door on the usher's phone: the names by the one rule, whole; both buttons in words; no marketing.
  const search = usher.getByRole('searchbox')
  await expect(usher.getByRole('searchbox', { name: 'Find a guest' })).toBeVisible()
  expect
    .soft(await usher.getByRole('contentinfo').getByRole('link').count(), 'links under the door')
    .toBe(0)
  const walkIn = usher.getByRole('button', { name: 'Add a walk-in' })
  await expect(walkIn).toHaveText('Add a walk-in')
  expect.soft(await lineCount(walkIn), 'the walk-in button shows its words').toBeGreaterThan(0)
  expect
    .soft((await walkIn.boundingBox())!.width, 'the walk-in button’s width')
    .toBeGreaterThan(100)
  for (const language of ['en', 'fil'] as const) {
    // The placeholder is read whole: its text fits the box beside the magnifier.
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input)
      const context = document.createElement('canvas').getContext('2d')!
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      return { text: input.placeholder, width: context.measureText(input.placeholder).width, room }
    })
    expect
      .soft(fits.width, `${language}: the placeholder "${fits.text}" fits`)
      .toBeLessThanOrEqual(fits.room)
    await search.fill('dima')
    const card = usher.getByRole('article', { name: 'Dimaculangan', exact: true })
    await expect.soft(card, `${language}: the household's title by the name rule`).toBeVisible()
    const any = usher.getByRole('article').first()
    await expect.soft(any).toContainText('Lorna Dimaculangan')
    await expect.soft(any).toContainText('Ramon Dimaculangan')
    expect
      .soft(await brokenWords(any), `${language}: words broken on the household's card`)
      .toEqual([])
    await keepScreenshot(usher, `door-${language}-360.png`, { fullPage: true })
    if (language === 'en') {
      await usher.getByRole('button', { name: /^Filipino/ }).click()
      await expect(usher.getByRole('searchbox', { name: 'Hanapin ang bisita' })).toBeVisible()
      await search.fill('')
    }
  }
  await expect(usher.getByRole('button', { name: 'Magdagdag ng walk-in' })).toHaveText(
    'Magdagdag ng walk-in',
  )
  await expectNoSeriousA11yViolations(usher)

  // The couple's own door at 1280 px, for the screenshots.
  await openInApp(couple, '/manage/checkin')
  await couple.getByRole('searchbox').fill('dima')
  await expect(couple.getByRole('article').first()).toContainText('Lorna Dimaculangan')
  await keepScreenshot(couple, 'door-1280.png', { fullPage: true })
  console.expectNoErrors()
})

test('the builder always comes back with the saved site after "Leave and drop changes", however soon the couple comes back', async ({
  page,
}) => {
  test.setTimeout(360_000)
  const console = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAsDemo(page)
  await page.goto('/manage/website')
  await expect(page.getByRole('heading', { level: 1, name: 'Your website' })).toBeVisible(BOOT)
  const sections = page.getByRole('list', { name: /sections/i })
  const switches = sections.getByRole('switch')
  await expect(switches.first()).toBeVisible(BOOT)
  const count = await switches.count()
  const label = (await sections
    .getByRole('switch', { checked: true })
    .nth(1)
    .getAttribute('aria-label'))!
  const toggle = page.getByRole('switch', { name: label })
  const tab = (name: string) =>
    page.getByRole('navigation', { name: 'Management' }).getByRole('link', { name, exact: true })

  // Each screen's code loads the first time it is opened; on a phone's connection that takes a
  // while. Slowed here, so "come back at once" lands while the next screen is still loading, as
  // the couple's second tap did.
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.continue()
  })
  const others = [
    'Guest List',
    'Seating Chart',
    'RSVPs',
    'Invitations',
    'Plan',
    'Members',
    'Check-in',
  ]
  // Every other screen twice, once coming back at once and once after it has shown: 14 tries, then
  // four more at once on screens already loaded.
  const tries = [
    ...others.map((name) => ({ name, atOnce: true })),
    ...others.map((name) => ({ name, atOnce: false })),
  ]
  tries.push(...others.slice(0, 4).map((name) => ({ name, atOnce: true })))
  const empty: string[] = []
  for (const [index, { name, atOnce }] of tries.entries()) {
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await tab(name).click()
    await page
      .getByRole('alertdialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: /^Leave/ })
      .click()
    if (!atOnce)
      await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible(BOOT)
    await tab('Website').click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your website' })).toBeVisible(BOOT)
    // The saved site: every section, the one hidden shown again, nothing unsaved.
    const shown = await expect(switches)
      .toHaveCount(count, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false)
    if (!shown) {
      empty.push(`try ${index + 1}: ${name}${atOnce ? ', at once' : ''}`)
      await keepScreenshot(page, `builder-empty-${index + 1}.png`)
      // Only a reload brought the site back.
      await page.reload()
      await expect(switches).toHaveCount(count, BOOT)
      continue
    }
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled()
  }
  expect(empty, 'tries that came back to an empty builder').toEqual([])
  console.expectNoErrors()
})

test('the day-of contact sheet keeps amounts, statuses, numbers and links whole on A4 and letter', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await expect(page.getByRole('heading', { level: 1, name: 'Guest List' })).toBeVisible(BOOT)
  const suppliers = [
    {
      name: "Josephine's Catering Services",
      service: 'catering',
      phone: '0917 555 0101',
      messenger: 'https://www.facebook.com/josephinescatering',
      status: 'booked',
      contractCentavos: 42350000,
    },
    {
      name: 'Simbahan ng San Agustin',
      service: 'church',
      phone: '0918 555 0102',
      messenger: 'm.me/sanagustinchurchmanila',
      status: 'paid',
      contractCentavos: 1500000,
    },
    {
      name: 'Studio Liwanag Photography',
      service: 'photo_video',
      phone: '0919 555 0103',
      messenger: 'studioliwanag',
      status: 'considering',
      contractCentavos: 9850050,
    },
  ]
  for (const supplier of suppliers) {
    await callAs(page, demoAccount().id, 'save_supplier', {
      p_wedding_id: WEDDING,
      p_supplier: { id: null, ...supplier },
    })
  }
  await openInApp(page, '/manage/plan/suppliers')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Studio Liwanag Photography' })).toBeVisible()

  const sheet = page.getByTestId('contact-sheet')
  // The paper's width inside its 12 mm margins, in CSS pixels: A4 is 210 mm wide, letter 8.5 in.
  const papers = {
    A4: Math.floor(((210 - 24) / 25.4) * 96),
    letter: Math.floor(((8.5 * 25.4 - 24) / 25.4) * 96),
  }
  for (const language of ['en', 'fil'] as const) {
    for (const [paper, width] of Object.entries(papers)) {
      await page.setViewportSize({ width, height: 1100 })
      await page.emulateMedia({ media: 'print' })
      await expect(sheet).toBeVisible()
      await expect(sheet).toContainText('₱423,500.00')
      await expect(sheet).toContainText('m.me/josephinescatering')
      const where = `${language}, ${paper}`
      expect.soft(await brokenWords(sheet), `${where}: words broken across lines`).toEqual([])
      // A number, a status, a link and an amount each stay on one line, and so do the headings.
      for (const column of [3, 4, 5, 6]) {
        for (const cell of await sheet.locator(`tr > :nth-child(${column})`).all()) {
          expect
            .soft(
              await lineCount(cell),
              `${where}: column ${column}, "${await cell.textContent()}"`,
            )
            .toBeLessThanOrEqual(1)
        }
      }
      const table = (await sheet.locator('table').boundingBox())!
      expect
        .soft(table.x + table.width, `${where}: the table fits the paper`)
        .toBeLessThanOrEqual(width)
      await keepScreenshot(page, `contact-sheet-${language}-${paper}.png`, {
        fullPage: true,
      })
      await page.emulateMedia({ media: 'screen' })
    }
    if (language === 'en') {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.getByRole('button', { name: /^Filipino/ }).click()
      await expect(page.getByText('Sino ang gagawa ng ano sa araw ng kasal')).toBeVisible()
    }
  }
})

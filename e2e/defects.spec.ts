import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'

// Defects found on a tour of the app as a new couple, each checked where only a browser can see it.

// The embedded database boots in each fresh browser context: slow on a busy machine.
test.describe.configure({ timeout: 300_000 })
const BOOT = { timeout: 120_000 }

async function openManagement(page: Page, path: string, heading: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible(
    BOOT,
  )
}

/** Opens another management screen by its tab, without loading the page again. */
async function moveTo(page: Page, tab: string) {
  await page
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: tab, exact: true })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: tab, exact: true })).toBeVisible(BOOT)
}

test('every control is named by what it shows (Label in Name), on each management screen and the public site', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })).toBeVisible(
    BOOT,
  )
  await expect(page.getByText('Hinihintay ang pahina…')).toBeHidden()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: /^English/ }).click()
  await expect(
    page.getByRole('link', { name: /^I ?& ?M ?: Isabel & Miguel, site home$/ }),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await signInAsDemo(page)
  await openManagement(page, '/manage/guests', 'Guest List')
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // On to the other screens inside the app, as the couple moves: one start of the database, not three.
  await moveTo(page, 'Seating Chart')
  await expect(page.getByTestId('seating-canvas').locator('canvas').first()).toBeVisible()
  await expect(page.getByRole('option', { name: /household Seat all \d+$/ }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await moveTo(page, 'RSVPs')
  await expectNoSeriousA11yViolations(page)
})

/** How far the page reaches past the window's right edge (0 when nothing overflows). */
function pageOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
}

test('on a phone: the household form gives Last name room, and a 100-letter name wraps everywhere', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signInAsDemo(page)
  await openManagement(page, '/manage/guests', 'Guest List')
  await page.getByRole('button', { name: 'Add Guest' }).click()
  const drawer = page.getByRole('dialog', { name: 'Add Guest' })
  const lastName = drawer.getByLabel('Last name')
  await lastName.fill('Peñaflor-Villanueva')
  const widths = await Promise.all(
    [drawer.getByLabel('Title'), drawer.getByLabel('First name'), lastName].map(
      async (field) => (await field.boundingBox())!.width,
    ),
  )
  const [title, firstName, last] = widths as [number, number, number]
  // Last name is at least as wide as First name, and far wider than Title.
  expect(last).toBeGreaterThanOrEqual(firstName - 1)
  expect(last).toBeGreaterThan(title * 1.8)
  expect(
    await lastName.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth),
  ).toBe(true)
  await keepScreenshot(page, 'defects-household-form-360.png')

  // The longest name the form takes, without a space: it must wrap, not push the page sideways.
  const long = 'Maria'.repeat(20)
  await drawer.getByLabel('First name').fill(long)
  await lastName.fill('Santos')
  await drawer.getByRole('button', { name: 'Save & close' }).click()
  const toast = page.getByText(`Added the household of ${long} Santos.`)
  await expect(toast).toBeVisible()
  expect(await pageOverflow(page)).toBe(0)
  expect(await toast.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).toBe(true)
  await keepScreenshot(page, 'defects-long-name-toast-360.png')

  await page.getByRole('searchbox', { name: 'Search guests' }).fill('mariamaria')
  const link = page.getByRole('link', { name: /^Open the RSVP page of Maria/ }).first()
  const href = await link.getAttribute('href')
  await page.goto(href!)
  const greeting = page.getByRole('heading', { level: 1, name: `Kumusta, ${long}!` })
  await expect(greeting).toBeVisible(BOOT)
  expect(await pageOverflow(page)).toBe(0)
  for (const element of [greeting, page.getByRole('group', { name: new RegExp(long) })]) {
    expect(await element.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).toBe(true)
  }
  await keepScreenshot(page, 'defects-long-name-rsvp-360.png', { fullPage: true })
})

// Nothing here writes: the guest list's search box, then the seating chart by its tab, on one start
// of the embedded database (docs/decisions.md).
test('the search boxes clear with an "×" in their own colour, and the seating chart reflows from 1280 to 360 px without a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAsDemo(page)
  await openManagement(page, '/manage/guests', 'Guest List')
  await test.step('the search boxes clear with an "×" in their own colour, not the browser’s blue', async () => {
    const search = page.getByRole('searchbox', { name: 'Search guests' })
    await search.fill('santos')
    await search.hover()
    // Kasalan draws its own clear button: the browser's own is off.
    const ownButton = await page.evaluate(() =>
      [...document.styleSheets].some((sheet) => {
        const rules = (list: CSSRuleList): CSSRule[] =>
          [...list].flatMap((rule) =>
            'cssRules' in rule ? [rule, ...rules((rule as CSSGroupingRule).cssRules)] : [rule],
          )
        return rules(sheet.cssRules).some(
          (rule) =>
            rule instanceof CSSStyleRule &&
            rule.selectorText.includes('::-webkit-search-cancel-button') &&
            rule.style.getPropertyValue('appearance') === 'none',
        )
      }),
    )
    expect.soft(ownButton).toBe(true)
    // The clear button sits at the box's right end: look there for blue, which Kasalan never uses.
    const box = (await search.boundingBox())!
    const png = await page.screenshot({
      clip: { x: box.x + box.width - 40, y: box.y, width: 40, height: box.height },
    })
    const bluePixels = await page.evaluate(async (data) => {
      const image = new Image()
      image.src = `data:image/png;base64,${data}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0)
      const { data: pixels } = context.getImageData(0, 0, image.width, image.height)
      let blue = 0
      for (let i = 0; i < pixels.length; i += 4)
        if (pixels[i + 2]! > pixels[i]! + 60 && pixels[i + 2]! > pixels[i + 1]! + 20) blue++
      return blue
    }, png.toString('base64'))
    expect.soft(bluePixels).toBe(0)
    await keepScreenshot(page, 'defects-search-clear.png', {
      clip: { x: box.x, y: box.y - 8, width: box.width, height: box.height + 16 },
    })
  })

  await test.step('the seating chart reflows when the window narrows from 1280 to 360 px, without a reload', async () => {
    // By its tab, in the app: the chart drawn at 1280 px, then the window narrowed.
    await moveTo(page, 'Seating Chart')
    const canvas = page.getByTestId('seating-canvas')
    await expect(canvas.locator('canvas').first()).toBeVisible()
    expect.soft((await canvas.boundingBox())!.width).toBeGreaterThan(700)

    await page.setViewportSize({ width: 360, height: 740 })
    await expect.poll(() => pageOverflow(page)).toBe(0)
    await expect.poll(async () => (await canvas.boundingBox())!.width).toBeLessThanOrEqual(360)
    // Konva's own canvas follows the box, not only the box around it.
    await expect
      .poll(() =>
        canvas
          .locator('canvas')
          .first()
          .evaluate((node) => node.getBoundingClientRect().width),
      )
      .toBeLessThanOrEqual(360)
    await keepScreenshot(page, 'defects-seating-360.png')
  })
})

test('on a phone, the import review counts in words that agree and offers nothing that would import nothing; our own export imports back with its replies', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signInAsDemo(page)
  await openManagement(page, '/manage/guests', 'Guest List')
  await page.getByRole('button', { name: 'Add Guest' }).click()
  const drawer = page.getByRole('dialog', { name: 'Add Guest' })
  await drawer.getByRole('tab', { name: 'Import' }).click()

  async function review(rows: string[]) {
    await drawer.getByLabel('Paste rows from a spreadsheet').fill(rows.join('\n'))
    await drawer.getByRole('button', { name: 'Use these rows' }).click()
    await drawer.getByRole('button', { name: 'Review households' }).click()
  }
  await review(['First Name\tLast Name', 'Tessa\tCruz'])
  await expect(drawer.getByText('1 row makes 1 household with 1 guest.')).toBeVisible()
  await expect(drawer.getByRole('button', { name: /^Import 1 household/ })).toBeVisible()
  expect(await pageOverflow(page)).toBe(0)
  await keepScreenshot(page, 'defects-import-one-row-360.png')

  await drawer.getByRole('button', { name: 'Back' }).click()
  await drawer.getByRole('button', { name: 'Back' }).click()
  await review(['First Name\tLast Name', '\tCruz'])
  await expect(
    drawer.getByText('No household can be imported as it is.', { exact: false }),
  ).toBeVisible()
  await expect(drawer.getByRole('button', { name: /^Import/ })).toHaveCount(0)
  await keepScreenshot(page, 'defects-import-nothing-360.png')
  await drawer.getByRole('button', { name: 'Back' }).click()
  await drawer.getByRole('button', { name: 'Back' }).click()
  await drawer.getByRole('button', { name: 'Cancel' }).click()
  await expect(drawer).toBeHidden()

  // Our own export imports back whole: every person again with the same status and answers.
  await page.setViewportSize({ width: 1280, height: 800 })
  const before = await guestCsv(page)
  await page.getByRole('button', { name: 'Add Guest' }).click()
  await drawer.getByRole('tab', { name: 'Import' }).click()
  await drawer
    .locator('input[type="file"]')
    .setInputFiles({ name: 'guests.csv', mimeType: 'text/csv', buffer: Buffer.from(before) })
  await expect(drawer.getByLabel(/^What column G /)).toHaveValue(/^answer:/)
  await keepScreenshot(page, 'defects-import-reply-columns.png')
  await drawer.getByRole('button', { name: 'Review households' }).click()
  await expect(
    drawer.getByText(/guests' replies \(accepted or declined\) come with them\./),
  ).toBeVisible()
  await keepScreenshot(page, 'defects-import-replies-review.png')
  await drawer.getByRole('checkbox', { name: /^Skip them/ }).uncheck()
  await drawer.getByRole('button', { name: /^Import \d+ households/ }).click()
  await expect(drawer.getByText(/replies were kept, as if you had recorded them\./)).toBeVisible(
    BOOT,
  )
  await drawer.getByRole('button', { name: 'Done' }).click()

  // Rows without the household number (the column before the last, Seats Reserved): each row of the
  // export is there twice, nothing else.
  const rows = (csv: string) =>
    csv
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((row) => row.replace(/,\d+(,\d*)$/, '$1'))
      .sort()
  const after = await guestCsv(page)
  expect(rows(after)).toEqual([...rows(before), ...rows(before)].sort())
  expect(before).toMatch(/,Accepted,/)
  expect(before).toMatch(/,Declined,/)
})

async function guestCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  return readFileSync(await download.path(), 'utf8')
}

test('a mistyped wedding address: the 404 page shows it and finds the couple’s site', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/wedding/isabel-and-migel')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hindi namin makita ang pahinang ito' }),
  ).toBeVisible(BOOT)
  await expect(page.getByText('/wedding/isabel-and-migel')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'defects-404-360.png', { fullPage: true })
  const address = page.getByRole('textbox', { name: 'Address ng wedding site ng ikakasal' })
  await address.fill('Isabel & Miguel')
  await page.getByRole('button', { name: 'Pumunta sa site nila' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Isabel\s*&\s*Miguel/ })).toBeVisible(
    BOOT,
  )
  await expect(page).toHaveURL(/\/wedding\/isabel-and-miguel$/)
})

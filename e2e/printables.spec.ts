// The couple prints what the day needs from what they already entered: escort cards or the
// alphabetical escort list and table cards from the seating chart, and the entourage insert from
// the wedding-party section, in Filipino or English, on A4 or letter. On a 360 px phone, through the
// real app on the embedded database, signed in as the demo couple (whose chart is seated and whose
// wedding party is filled in). Each printable is rendered by Chromium to PDF, kept with the test's results.
import { writeFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { watchConsole } from './support/console'
import { signInAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'

test.describe.configure({ timeout: 300_000 })

/** Chromium's printout of the page, as the page's own @page size asks; saved to look at. */
async function printToPdf(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  writeFileSync(test.info().outputPath(`${name}.pdf`), pdf)
  const text = pdf.toString('latin1')
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0
  const box = text.match(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/)
  return { pages, width: Number(box?.[1]), height: Number(box?.[2]) }
}

/** What the paper shows: the page in print media, only the printout visible, none of the app. */
async function expectOnlyThePrintout(page: Page) {
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('#printables-print')).toBeVisible()
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden()
  await expect(page.getByTestId('unseated-list')).toBeHidden()
  await page.emulateMedia({ media: null })
}

const printout = (page: Page) => page.locator('#printables-print')

test('a couple adds a flower girl and seats two more guests, then prints escort cards, the escort list, table cards and the entourage insert in Filipino and English', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 760 })
  await signInAsDemo(page)
  const console = watchConsole(page)

  // ---- One more flower girl in the wedding-party section, through the content editor. ----
  await page.goto('/manage/cms')
  await page
    .locator('a[href^="/manage/cms/editor"]')
    .filter({ has: page.getByText('Wedding Party', { exact: true }) })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Wedding Party' })).toBeVisible({
    timeout: 120_000,
  })
  // A list of three is folded: open it.
  await page.locator('summary', { hasText: 'Flower girls (3)' }).click()
  await page.getByRole('button', { name: 'Add flower girl' }).click()
  await page
    .getByRole('listitem', { name: 'Flower girl 4' })
    .getByLabel('Name')
    .fill('Bianca Santos')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
    timeout: 30_000,
  })

  // ---- Seat the Gonzales couple at Table 5 (they had no seat). ----
  await page.getByRole('link', { name: 'Seating Chart' }).click()
  await expect(
    page.getByRole('heading', { name: 'Seating Chart', level: 1, exact: true }),
  ).toBeVisible()
  for (const name of ['Mark Gonzales', 'Patricia Gonzales']) {
    await page.getByRole('searchbox', { name: 'Search guests' }).fill(name.split(' ')[0]!)
    await page.getByRole('option', { name, exact: true }).click()
    await page
      .getByRole('button', { name: /^Table 5, seat \d+: free$/ })
      .first()
      .click()
    await expect(
      page.getByRole('button', { name: new RegExp(`^Table 5, seat \\d+: ${name}$`) }),
    ).toBeVisible()
  }
  await expect(page.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'saved')

  // ---- Open Print from the chart's toolbar. ----
  await page.getByRole('link', { name: 'Cards and lists' }).click()
  await expect(page).toHaveURL(/\/manage\/print$/)
  await expect(
    page.getByRole('heading', { name: 'Cards and lists to print', level: 1 }),
  ).toBeVisible()
  // The site's language (Filipino) and A4 are chosen; escort cards first.
  await expect(page.getByRole('radio', { name: 'Filipino' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'A4' })).toBeChecked()
  await expect(page.getByRole('radio', { name: /^Escort cards/ })).toBeChecked()

  // Those who may come and have no seat are listed on screen, not printed: the Gonzales are seated now.
  const unseated = page.getByTestId('unseated-list')
  await expect(page.getByRole('heading', { name: '12 guests have no table yet' })).toBeVisible()
  await expect(unseated.getByRole('listitem')).toHaveCount(12)
  await expect(unseated).toContainText('Maricel Aguilar')
  await expect(unseated).not.toContainText('Gonzales')
  // Declined guests are not waiting for a seat.
  await expect(unseated).not.toContainText('Fernando Aquino')

  // 42 seated guests: five sheets of ten cards, in surname order.
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview.getByTestId('print-sheet')).toHaveCount(5)
  await expect(
    preview.getByText('5 pages. On paper, only the pages print: not this screen.'),
  ).toBeVisible()
  const mark = preview.getByRole('listitem').filter({ hasText: 'Mark Gonzales' })
  await expect(mark).toContainText('Ang inyong mesa')
  await expect(mark).toContainText('Table 5')
  await expect(mark).toContainText('Isabel & Miguel')
  await expect(page.locator('html')).not.toHaveAttribute('style', /overflow/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'screen-escort-cards-en-ui.png', { fullPage: true })
  await keepScreenshot(page, 'screen-escort-cards-en-ui-top.png')

  // The Print button opens the browser's print dialog; only the cards are on paper.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes')
  })
  await page.getByRole('button', { name: 'Print', exact: true }).click()
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes')
  await expectOnlyThePrintout(page)
  await expect(printout(page).getByTestId('print-sheet')).toHaveCount(5)
  let pdf = await printToPdf(page, 'escort-cards-fil-a4')
  expect(pdf.pages).toBe(5)
  // A4 in points.
  expect(Math.round(pdf.width)).toBe(595)
  expect(Math.round(pdf.height)).toBe(842)

  // The same cards on letter, in English: the five rows of cards fit the shorter page.
  await page.getByRole('radio', { name: 'English' }).check()
  await page.getByRole('radio', { name: /^Letter/ }).check()
  await expect(mark).toContainText('Your table')
  pdf = await printToPdf(page, 'escort-cards-en-letter')
  expect(pdf.pages).toBe(5)
  expect(Math.round(pdf.width)).toBe(612)
  expect(Math.round(pdf.height)).toBe(792)
  await page.emulateMedia({ media: 'print' })
  const lastRow = await printout(page)
    .locator('.pt-sheet')
    .first()
    .evaluate((sheet) => {
      const cards = sheet.querySelectorAll('.pt-card')
      const top = sheet.getBoundingClientRect().top
      return {
        sheet: sheet.getBoundingClientRect().bottom - top,
        card: cards[cards.length - 1]!.getBoundingClientRect().bottom - top,
      }
    })
  await page.emulateMedia({ media: null })
  expect(lastRow.card).toBeGreaterThan(900)
  expect(lastRow.card).toBeLessThanOrEqual(lastRow.sheet)

  // ---- The alphabetical escort list, on letter, in English. ----
  await page.getByRole('radio', { name: /^Escort list/ }).check()
  await page.getByRole('radio', { name: 'English' }).check()
  await page.getByRole('radio', { name: /^Letter/ }).check()
  await expect(preview.getByRole('heading', { name: 'Find your table' })).toBeVisible()
  await expect(preview.getByTestId('print-sheet')).toHaveCount(1)
  const lines = preview.locator('.pt-line-name')
  await expect(lines).toHaveCount(42)
  // By surname (a title such as "Tito" or "Engr." after the comma does not count).
  const surnames = (await lines.allTextContents()).map((line) => line.split(',')[0]!)
  expect(surnames).toEqual(
    [...surnames].sort((a, b) => a.localeCompare(b, 'fil', { sensitivity: 'base' })),
  )
  await expect(lines.filter({ hasText: /^Dela Cruz, / })).toHaveText([
    'Dela Cruz, Andrea',
    'Dela Cruz, Antonio',
    'Dela Cruz, Gabriel',
    'Dela Cruz, Tito Jose',
    'Dela Cruz, Tita Marivic',
    'Dela Cruz, Mikaela',
    'Dela Cruz, Lola Pacita',
    'Dela Cruz, Teresita',
  ])
  await expect(preview.locator('.pt-line').filter({ hasText: 'Gonzales, Patricia' })).toContainText(
    'Table 5',
  )
  await expect(page.getByTestId('unseated-list')).toBeVisible()
  pdf = await printToPdf(page, 'escort-list-en-letter')
  expect(pdf.pages).toBe(1)
  expect(Math.round(pdf.width)).toBe(612)
  expect(Math.round(pdf.height)).toBe(792)
  await page.getByRole('radio', { name: 'Filipino' }).check()
  await expect(preview.getByRole('heading', { name: 'Hanapin ang inyong mesa' })).toBeVisible()
  await printToPdf(page, 'escort-list-fil-letter')

  // ---- Table cards: one sheet per table, with who sits there. ----
  await page.getByRole('radio', { name: /^Table cards/ }).check()
  await page.getByRole('radio', { name: 'A4' }).check()
  await expect(page.getByTestId('unseated-list')).toHaveCount(0)
  await expect(preview.getByTestId('print-sheet')).toHaveCount(5)
  const table5 = preview.getByRole('region', { name: 'Table 5' })
  await expect(table5.getByRole('heading', { name: 'Table 5' })).toBeVisible()
  await expect(table5.getByRole('listitem').filter({ hasText: 'Patricia Gonzales' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  pdf = await printToPdf(page, 'table-cards-fil-a4')
  expect(pdf.pages).toBe(5)
  await page.getByRole('radio', { name: 'English' }).check()
  await printToPdf(page, 'table-cards-en-a4')

  // ---- The entourage insert, in the march's order, Filipino then English. ----
  await page.getByRole('radio', { name: /^Entourage insert/ }).check()
  await page.getByRole('radio', { name: 'Filipino' }).check()
  const insert = preview.getByTestId('print-sheet')
  // The section's own title.
  await expect(insert.getByRole('heading', { name: 'Gabay', level: 2 })).toBeVisible()
  const headings = await insert.locator('h3').allTextContents()
  expect(headings).toEqual([
    'Ang Magkakasal',
    'Mga Magulang ng Lalaking Ikakasal',
    'Mga Magulang ng Babaeng Ikakasal',
    'Mga Pangunahing Ninong at Ninang',
    'Mga Abay',
    'Pangunahing Abay na Lalaki',
    'Pangunahing Abay na Babae',
    'Kandila',
    'Belo',
    'Kordon',
    // The attendants under a heading of their own, apart from the sponsors.
    'Mga Abay',
    'Mga Abay na Lalaki',
    'Mga Abay na Babae',
    'Tagadala ng Singsing',
    'Tagadala ng Bibliya',
    'Tagadala ng Arras',
    'Mga Tagasaboy ng Bulaklak',
  ])
  // The principal sponsors in pairs: the section's left beside its right, under its own labels.
  await expect(insert.locator('.pt-sponsors-label')).toHaveText(['Ninong', 'Ninang'])
  const sponsors = await insert
    .locator('.pt-sponsors > div:not(.pt-sponsors-label)')
    .allTextContents()
  expect(sponsors.slice(0, 2)).toEqual(['Dr. Eduardo Villanueva', 'Dra. Rosario Villanueva'])
  await expect(insert).toContainText('Rev. Fr. Emmanuel Villareal')
  // The flower girl just added, last in the march.
  await expect(insert.locator('.pt-row').last()).toContainText('Bianca Santos')
  // In the site's theme: the classic theme's names font.
  expect(
    await insert.locator('.pt-couple').evaluate((element) => getComputedStyle(element).fontFamily),
  ).toContain('Great Vibes')
  await expectNoSeriousA11yViolations(page)
  await expectOnlyThePrintout(page)
  pdf = await printToPdf(page, 'entourage-fil-a4')
  expect(pdf.pages).toBe(1)
  await page.getByRole('radio', { name: 'English' }).check()
  await expect(insert.locator('h3').first()).toHaveText('Officiating Priest')
  await expect(insert.locator('h3', { hasText: 'Principal Sponsors' })).toBeVisible()
  pdf = await printToPdf(page, 'entourage-en-a4')
  expect(pdf.pages).toBe(1)
  await keepScreenshot(page, 'screen-entourage-en-ui.png', { fullPage: true })

  // ---- The screen in Filipino. ----
  await page.getByRole('button', { name: /^Filipino/ }).click()
  await expect(
    page.getByRole('heading', { name: 'Ipi-print na mga card at listahan', level: 1 }),
  ).toBeVisible()
  await page.getByRole('radio', { name: /^Escort cards/ }).check()
  await expect(page.getByRole('heading', { name: '12 bisita ang wala pang mesa' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'screen-escort-cards-fil-ui.png', { fullPage: true })
  await page.getByRole('heading', { name: '12 bisita ang wala pang mesa' }).scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'screen-escort-cards-fil-ui-unseated.png')
  console.expectNoErrors()
})

test('with no tables, escort cards and table cards say what to do first', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 760 })
  await signInAsDemo(page)
  await page.goto('/manage/seating')
  await expect(
    page.getByRole('heading', { name: 'Seating Chart', level: 1, exact: true }),
  ).toBeVisible({ timeout: 120_000 })
  // Delete the demo's tables.
  const options = page.getByRole('button', { name: /^Options for / })
  await expect(options.first()).toBeVisible()
  while ((await options.count()) > 0) {
    await options.first().click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete this table?' })
      .getByRole('button', { name: 'Delete table' })
      .click()
  }
  await expect(page.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'saved')

  await page.getByRole('link', { name: 'Cards and lists' }).click()
  await expect(page.getByRole('heading', { name: 'Seat your guests first' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeDisabled()
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0)
  await page.getByRole('radio', { name: /^Table cards/ }).check()
  await expect(page.getByRole('heading', { name: 'Add your tables first' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Open the seating chart' }).click()
  await expect(page).toHaveURL(/\/manage\/seating$/)
})

import { readFileSync, writeFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { watchConsole } from './support/console'
import { signInAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'

// The pax forecast on a phone: the demo couple opens it from the RSVPs tab's card, sets the no-show
// allowance and the walk-ins (a wrong number is refused in words, what was typed kept), sees the
// range follow, prints the caterer's sheet (its figures are the page's, on one page of A4 and of
// letter, in sans-serif) and downloads its CSV; then reads it all in Filipino.

const BOOT = { timeout: 120_000 }

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

const number = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).locator('dd').innerText()).replace(/,/g, ''))

test('the couple sets the no-show allowance and prints the caterer’s sheet', async ({ page }) => {
  test.setTimeout(300_000)
  const consoleErrors = watchConsole(page, 'couple')
  await signInAsDemo(page)
  await page.goto('/manage/rsvps')
  await expect(page.getByRole('heading', { name: 'RSVPs', level: 1 })).toBeVisible(BOOT)
  const card = page.getByRole('region', { name: 'For the caterer' })
  await expect(card.getByTestId('forecast-card-range')).toHaveText(/^\d+–\d+ pax$/)
  await card.getByRole('link', { name: 'Open the forecast' }).click()

  await expect(page.getByRole('heading', { name: 'Pax forecast', level: 1 })).toBeVisible()
  await expect(page).toHaveURL(/\/manage\/rsvps\/forecast$/)
  await expect(page.getByLabel('No-show allowance on the yeses (%)')).toHaveValue('15')
  await expect(page.getByLabel('Expected to come, of those still to answer (%)')).toHaveValue('83')
  await expectNoSeriousA11yViolations(page)

  const adults = await number(page, 'forecast-confirmedAdults')
  const children = await number(page, 'forecast-confirmedChildren')
  const pending = await number(page, 'forecast-pending')
  const confirmed = adults + children
  const expected = Math.round((pending * 83) / 100)
  expect(await number(page, 'forecast-expectedFromPending')).toBe(expected)
  expect(await number(page, 'forecast-noShows')).toBe(Math.round((confirmed * 15) / 100))

  // A no-show allowance beyond what the database keeps is refused in words; the typed text stays.
  const noShow = page.getByLabel('No-show allowance on the yeses (%)')
  await noShow.fill('60')
  await page.getByRole('button', { name: 'Save assumptions' }).click()
  await expect(page.getByText('Enter a whole number from 0 to 50.')).toBeVisible()
  await expect(noShow).toHaveValue('60')
  await expect(noShow).toHaveAttribute('aria-invalid', 'true')

  await noShow.fill('20')
  await page.getByLabel('Walk-ins (persons)').fill('5')
  await page.getByRole('button', { name: 'Save assumptions' }).click()
  await expect(page.getByText('Saved. The forecast follows your assumptions.')).toBeVisible()
  const noShows = Math.round((confirmed * 20) / 100)
  const low = confirmed - noShows + expected
  const high = confirmed + expected + 5
  await expect(page.getByTestId('forecast-noShows').locator('dd')).toHaveText(String(noShows))
  await expect(page.getByTestId('forecast-walkIns').locator('dd')).toHaveText('5')
  await expect(page.getByTestId('forecast-range')).toHaveText(`${low}–${high} pax`)
  await expect(
    page
      .getByRole('region', { name: 'Give the caterer' })
      .getByText(`less 20% who may not come (${noShows})`),
  ).toBeVisible()
  await expect(noShow).toHaveValue('20')
  await keepScreenshot(page, 'forecast-page-en.png', { fullPage: true })

  // The caterer's sheet: the print button opens the browser's print; on paper only the sheet shows.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes')
  })
  await page.getByRole('button', { name: "Print the caterer's sheet" }).click()
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes')
  await page.emulateMedia({ media: 'print' })
  const sheet = page.getByTestId('caterer-sheet')
  await expect(sheet).toBeVisible()
  await expect(page.getByRole('button', { name: "Print the caterer's sheet" })).toBeHidden()
  await expect(sheet.getByTestId('sheet-range')).toHaveText(`${low}–${high} pax`)
  await expect(sheet.getByTestId('sheet-noShows')).toHaveText(String(noShows))
  await expect(sheet.getByTestId('sheet-walkIns')).toHaveText('5')
  await expect(sheet.getByTestId('sheet-confirmedAdults')).toHaveText(String(adults))
  await expect(sheet.getByTestId('sheet-confirmedChildren')).toHaveText(String(children))
  await expect(sheet.getByText('Pax forecast for the caterer')).toBeVisible()
  // Its title in the app's sans-serif, as the rest of the sheet: not the display face, which on
  // paper falls back to whatever serif the device has.
  const [titleFont, sansFont] = await sheet
    .getByRole('heading', { level: 1 })
    .evaluate((title) => [
      getComputedStyle(title).fontFamily,
      getComputedStyle(document.documentElement).getPropertyValue('--font-sans').trim(),
    ])
  expect(sansFont).toMatch(/sans-serif$/)
  expect(titleFont).toBe(sansFont)
  await keepScreenshot(page, 'forecast-sheet-print-en.png', { fullPage: true })
  // Chromium's print preview, on both papers: the demo's sheet, its song requests included, is one
  // page (not a second holding only the song requests).
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await page.pdf({ format, printBackground: true })
    writeFileSync(test.info().outputPath(`forecast-sheet-${format}.pdf`), pdf)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(
      pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length,
      `pages on ${format}`,
    ).toBe(1)
  }
  await expect(
    sheet.getByRole('heading', { level: 3, name: 'Anong kanta ang magpapasayaw sa iyo?' }),
  ).toBeVisible()
  await page.emulateMedia({ media: 'screen' })

  // The CSV for the caterer.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV for the caterer' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^caterer-pax-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync(await download.path(), 'utf8')
  expect(csv.startsWith('\uFEFF')).toBe(true)
  const lines = csv.slice(1).split('\r\n')
  expect(lines).toContain(`Pax to prepare,${low}–${high} pax`)
  expect(lines).toContain(`Allowed for not showing up,${noShows}`)
  expect(lines).toContain('Walk-ins,5')

  // In Filipino.
  await page.evaluate(() => localStorage.setItem('kasalan.language.app', 'fil'))
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Forecast ng pax', level: 1 })).toBeVisible(BOOT)
  await expect(page.getByTestId('forecast-range')).toHaveText(`${low}–${high} pax`)
  await expect(page.getByLabel('Palugit sa mga nag-oo na hindi sisipot (%)')).toHaveValue('20')
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'forecast-page-fil.png', { fullPage: true })
  await page.emulateMedia({ media: 'print' })
  await expect(
    page.getByTestId('caterer-sheet').getByText('Forecast ng pax para sa caterer'),
  ).toBeVisible()
  await keepScreenshot(page, 'forecast-sheet-print-fil.png', { fullPage: true })
  await page.emulateMedia({ media: 'screen' })

  // Back on the RSVPs tab, the card follows.
  await page.getByRole('link', { name: 'Bumalik sa mga RSVP' }).click()
  await expect(
    page.getByRole('region', { name: 'Para sa caterer' }).getByTestId('forecast-card-range'),
  ).toHaveText(`${low}–${high} pax`)
  await expect(page.getByRole('heading', { name: 'Mga RSVP', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Para sa caterer' })).toBeVisible()
  await page.getByRole('region', { name: 'Para sa caterer' }).scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'forecast-card-fil.png')
  consoleErrors.expectNoErrors()
})

test('a household with two seats reserved: the forecast counts two, its RSVP page says so and refuses a third yes', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signInAsDemo(page)
  await page.goto('/manage/rsvps/forecast')
  await expect(page.getByRole('heading', { name: 'Pax forecast', level: 1 })).toBeVisible(BOOT)
  const pendingBefore = await number(page, 'forecast-pending')

  // The Peña household (three persons, none answered yet) gets two seats on the guest list.
  await page.getByRole('link', { name: 'Guest List' }).click()
  await expect(page.getByRole('heading', { name: 'Guest List', level: 1 })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search guests' }).fill('cristina')
  await page.getByRole('button', { name: /^Edit Ma\. Cristina dela Cruz Peña/ }).click()
  const editor = page.getByRole('dialog', { name: 'Edit household' })
  const seats = editor.getByLabel('Seats reserved')
  await seats.fill('0')
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    editor.getByText('Enter a whole number from 1 to 100, or leave it blank.'),
  ).toBeVisible()
  await seats.fill('2')
  await expectNoSeriousA11yViolations(page)
  await seats.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await keepScreenshot(page, 'forecast-household-seats-en.png')
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(editor).toBeHidden()

  await page.getByRole('link', { name: 'RSVPs' }).click()
  await page.getByRole('link', { name: 'Open the forecast' }).click()
  await expect(page.getByRole('heading', { name: 'Pax forecast', level: 1 })).toBeVisible()
  await expect(page.getByTestId('forecast-pending').locator('dd')).toHaveText(
    String(pendingBefore - 1),
  )

  // The household's RSVP page, in the site's language: two seats, and three yeses refused.
  await page.goto(
    '/wedding/isabel-and-miguel/rsvp/5eed0002-0000-4000-8000-000000000005/5eed0003-0000-4000-8000-000000000010',
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' })).toBeVisible(
    BOOT,
  )
  await expect(page.getByTestId('rsvp-seat-cap')).toHaveText(
    '2 ang upuang nakalaan para sa inyo: hanggang 2 sa inyo ang puwedeng mag-oo.',
  )
  for (const name of [/Ma\. Cristina dela Cruz Peña/, /Rodrigo Peña/]) {
    await page.getByRole('group', { name }).getByRole('radio', { name: 'Dadalo' }).check()
  }
  // The third yes is refused where it is ticked, and why is said beside it.
  const bea = page.getByRole('group', { name: /Bea Peña/ })
  await bea.getByRole('radio', { name: 'Dadalo' }).click()
  await expect(bea.getByRole('radio', { name: 'Dadalo' })).not.toBeChecked()
  await expect(bea.getByRole('alert')).toContainText('2 lang ang upuang nakalaan para sa inyo')
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'forecast-rsvp-seat-cap-fil.png', { fullPage: true })
})

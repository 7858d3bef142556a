import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { watchConsole } from './support/console'
import { signInAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'

// Guests' names as the couple typed them, in lower case, shown by one rule everywhere (src/lib/
// names.ts): "lorna dela cruz" reads "Lorna dela Cruz" on the guest list, in the site's name search
// and on the RSVP page, in Filipino and English, on a phone. Stored as typed. And a name of emoji
// alone is refused with a reason.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

const BOOT = { timeout: 90_000 }

async function addHousehold(page: Page, persons: Array<[string, string]>) {
  await page.getByRole('button', { name: /^(Add Guest|Magdagdag ng Bisita)$/ }).click()
  const drawer = page.getByRole('dialog')
  for (const [index, [first, last]] of persons.entries()) {
    if (index > 0)
      await drawer.getByRole('button', { name: /^(Add adult|Magdagdag ng adulto)$/ }).click()
    await drawer
      .getByLabel(/^(First name|Pangalan)$/)
      .nth(index)
      .fill(first)
    await drawer
      .getByLabel(/^(Last name|Apelyido)$/)
      .nth(index)
      .fill(last)
  }
  await drawer.getByRole('button', { name: /^(Save & close|I-save at isara)$/ }).click()
  await expect(drawer).toBeHidden()
}

test('names typed in lower case read the same on the guest list, the name search and the RSVP page', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const console = watchConsole(page)
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guest List', exact: true }),
  ).toBeVisible(BOOT)

  await addHousehold(page, [
    ['lorna', 'dela cruz'],
    ['teresita', 'de los santos'],
  ])
  const table = page.getByRole('table', { name: /^(Households|Mga sambahayan)$/ })
  // The demo list is long: find them as the couple would.
  await page.getByRole('searchbox', { name: 'Search guests' }).fill('lorna')
  await expect(table.getByText('Lorna dela Cruz', { exact: true })).toBeVisible()
  await expect(table.getByText('Teresita de los Santos', { exact: true })).toBeVisible()
  await expect(table.getByText('lorna dela cruz', { exact: true })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'names-guest-list-en-360.png', { fullPage: true })
  await page.getByRole('button', { name: /^Filipino/ }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Listahan ng Bisita', exact: true }),
  ).toBeVisible()
  await expect(table.getByText('Lorna dela Cruz', { exact: true })).toBeVisible()
  // The notice of the save just made follows the language too.
  await expect(page.getByText('Naidagdag ang sambahayan ni Lorna dela Cruz.')).toBeVisible()
  // The longer Filipino labels wrap rather than run past the phone's edge.
  for (const name of ['I-download ang CSV', 'Magdagdag ng Bisita']) {
    const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(360)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await keepScreenshot(page, 'names-guest-list-fil-360.png', { fullPage: true })

  // Stored as typed: the edit form shows what the couple wrote.
  await table.getByRole('button', { name: /^I-edit si Lorna dela Cruz/ }).click()
  const editor = page.getByRole('dialog')
  await expect(editor.getByLabel('Pangalan', { exact: true }).first()).toHaveValue('lorna')
  await expect(editor.getByLabel('Apelyido', { exact: true }).first()).toHaveValue('dela cruz')
  await page.keyboard.press('Escape')
  await expect(editor).toBeHidden()

  // ---- The public site's name search, as a guest sees it: Filipino, then English. ----
  await page.goto('/')
  const search = page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
  await expect(search).toBeVisible(BOOT)
  // As a guest types it: first name and the start of the surname, in lower case.
  await search.pressSequentially('lorna dela c', { delay: 40 })
  const lorna = page.getByRole('link', { name: /Lorna dela Cruz/ })
  await expect(lorna).toContainText('2 katao sa grupo')
  await expect(page.getByText('lorna dela cruz', { exact: true })).toHaveCount(0)
  await lorna.scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'names-search-fil-360.png')
  await page.getByRole('button', { name: /^English/ }).click()
  await expect(lorna).toContainText('Household of 2')
  await expect(page.getByRole('link', { name: /Lorna dela Cruz/ })).toBeVisible()
  await lorna.scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'names-search-en-360.png')

  // A name the list does not have: the guest is told what to try and how to reach the couple, in
  // English and in Filipino.
  const searchBox = page.getByRole('searchbox', {
    name: /^(Find your name|Hanapin ang iyong pangalan)$/,
  })
  await searchBox.fill('')
  await searchBox.pressSequentially('xiomara quebral', { delay: 20 })
  await expect(page.getByText("Sorry, we couldn't find your name.", { exact: false })).toBeVisible()
  await expect(
    page.getByText(
      'Try your full first name rather than a nickname, and your surname as it is on your invitation.',
    ),
  ).toBeVisible()
  await expect(page.getByText('Or ask Isabel at Miguel:')).toBeVisible()
  const status = page.getByRole('status').filter({ hasText: 'Or ask' })
  await expect(status.getByRole('link', { name: 'isabelatmiguel@example.com' })).toHaveAttribute(
    'href',
    'mailto:isabelatmiguel@example.com',
  )
  await expect(status.getByRole('link', { name: '+63 917 555 0142' })).toHaveAttribute(
    'href',
    'tel:+639175550142',
  )
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: /^Filipino/ }).click()
  await expect(
    page.getByText('Paumanhin, hindi namin natagpuan ang iyong pangalan.', { exact: false }),
  ).toBeVisible()
  await expect(
    page.getByText(
      'Subukan ang buo mong pangalan sa halip na palayaw, at ang apelyido mo gaya ng nakasulat sa imbitasyon.',
    ),
  ).toBeVisible()
  await expect(page.getByText('O magtanong kina Isabel at Miguel:')).toBeVisible()
  await expect(page.getByRole('link', { name: 'isabelatmiguel@example.com' }).first()).toBeVisible()
  await keepScreenshot(page, 'names-search-none-fil-360.png')
  await page.getByRole('button', { name: /^English/ }).click()
  await searchBox.fill('')
  await searchBox.pressSequentially('lorna dela c', { delay: 20 })
  await expect(lorna).toBeVisible()

  // ---- The RSVP page: the greeting and each person. ----
  await lorna.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Lorna!' })).toBeVisible()
  await expect(page.getByRole('group', { name: /Lorna dela Cruz/ })).toBeVisible()
  await expect(page.getByRole('group', { name: /Teresita de los Santos/ })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'names-rsvp-en-360.png', { fullPage: true })
  await page.getByRole('button', { name: /^Filipino/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Lorna!' })).toBeVisible()
  await expect(page.getByRole('group', { name: /Teresita de los Santos/ })).toBeVisible()
  await keepScreenshot(page, 'names-rsvp-fil-360.png', { fullPage: true })

  console.expectNoErrors()
})

test('a name of emoji alone is refused, saying why, in both languages', async ({ page }) => {
  test.setTimeout(240_000)
  const console = watchConsole(page)
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guest List', exact: true }),
  ).toBeVisible(BOOT)
  // Counted once the list has drawn its rows (the heading comes first).
  const rows = page.getByRole('table', { name: 'Households' }).getByRole('row')
  await expect(rows.nth(1)).toBeVisible(BOOT)
  const before = await rows.count()
  expect(before).toBeGreaterThan(1)

  const languages: Array<[language: string, add: string, save: string, message: string]> = [
    ['en', 'Add Guest', 'Save & close', 'A name needs at least one letter, in any alphabet'],
    [
      'fil',
      'Magdagdag ng Bisita',
      'I-save at isara',
      'Kailangan ng kahit isang titik ang pangalan, sa anumang alpabeto',
    ],
  ]
  for (const [language, add, save, message] of languages) {
    if (language === 'fil') await page.getByRole('button', { name: /^Filipino/ }).click()
    await page.getByRole('button', { name: add }).click()
    const drawer = page.getByRole('dialog')
    await drawer
      .getByLabel(language === 'en' ? 'First name' : 'Pangalan', { exact: true })
      .fill('🌸🌸🌸')
    await drawer.getByRole('button', { name: save }).click()
    await expect(drawer.getByText(message)).toBeVisible()
    await expect(drawer).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await keepScreenshot(page, `names-emoji-${language}-360.png`, { fullPage: true })
    await page.keyboard.press('Escape')
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: language === 'en' ? 'Discard' : 'Itapon' })
      .click()
    await expect(drawer).toBeHidden()
  }
  await expect(page.getByRole('table', { name: 'Mga sambahayan' }).getByRole('row')).toHaveCount(
    before,
  )

  console.expectNoErrors()
})

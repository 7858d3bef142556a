import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import Papa from 'papaparse'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInAsDemo } from './support/session'

const fixture = fileURLToPath(
  new URL('../tests/features/guests/fixtures/guest-list-with-title.csv', import.meta.url),
)
const seed = JSON.parse(
  readFileSync(new URL('../supabase/seed-data/demo-wedding.json', import.meta.url), 'utf8'),
) as {
  wedding: { slug: string; rsvpQuestions: { question: string }[] }
  households: { persons: { firstName: string; lastName: string }[] }[]
}

async function openGuestList(page: Page) {
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  // The embedded database's first start in a fresh browser takes a few seconds (more on a busy machine).
  await expect(page.getByRole('heading', { name: 'Guest List', level: 1 })).toBeVisible({
    timeout: 60_000,
  })
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible()
}

function search(page: Page, text: string) {
  return page.getByRole('searchbox', { name: 'Search guests' }).fill(text)
}

test('add a household with a child, edit it, open its RSVP link, delete it', async ({
  page,
  context,
}) => {
  await openGuestList(page)
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Add Guest' }).click()
  const drawer = page.getByRole('dialog', { name: 'Add Guest' })
  await expect(drawer.getByRole('tab', { name: 'Manually' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expectNoSeriousA11yViolations(page, '[role="dialog"]')

  await drawer.getByLabel('First name').fill('Andres')
  await drawer.getByLabel('Last name').fill('Villanueva')
  await drawer.getByRole('button', { name: 'Add child' }).click()
  await drawer.getByLabel('First name').nth(1).fill('Lia')
  await drawer.getByLabel('Last name').nth(1).fill('Villanueva')
  await drawer.getByLabel('Whose guest').selectOption('groom')
  await drawer.getByLabel('Relationship type').selectOption('family')
  await drawer.getByRole('button', { name: 'Save & close' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByText('Added the household of Andres Villanueva.')).toBeVisible()

  await search(page, 'villanueva')
  const row = page.getByRole('row').filter({ hasText: 'Andres Villanueva' })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('Lia Villanueva')).toBeVisible()
  await expect(row.getByText('Child')).toBeVisible()

  // Edit: the same form, with the household in it.
  await row.getByRole('button', { name: 'Edit Andres Villanueva and 1 other' }).click()
  const editor = page.getByRole('dialog', { name: 'Edit household' })
  await expect(editor.getByLabel('First name').nth(1)).toHaveValue('Lia')
  await editor.getByLabel('Phone').fill('0917 111 2222')
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(editor).toBeHidden()
  await expect(row.getByText('0917 111 2222')).toBeVisible()

  // The RSVP link opens the household's RSVP page on the couple's site, in a new tab.
  const [rsvpPage] = await Promise.all([
    context.waitForEvent('page'),
    row.getByRole('link', { name: /Open the RSVP page of Andres Villanueva/ }).click(),
  ])
  await rsvpPage.waitForLoadState()
  expect(new URL(rsvpPage.url()).pathname).toMatch(
    new RegExp(`^/wedding/${seed.wedding.slug}/rsvp/[0-9a-f-]{36}/[0-9a-f-]{36}$`),
  )
  await rsvpPage.close()

  // Delete, only after confirming.
  await row.getByRole('button', { name: 'Delete Andres Villanueva and 1 other' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this household?' })
  await expect(confirm).toContainText(
    'Andres Villanueva and everyone in their household (2 guests)',
  )
  await expectNoSeriousA11yViolations(page, '[role="alertdialog"]')
  await confirm.getByRole('button', { name: 'Delete household' }).click()
  await expect(page.getByText('Deleted the household of Andres Villanueva.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Andres Villanueva' })).toHaveCount(0)
  // Gone from the database too: another tab reads the same embedded database afresh.
  const other = await context.newPage()
  await other.goto('/manage/guests')
  await expect(other.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 60_000 })
  await search(other, 'andres villanueva')
  await expect(other.getByText('No households match your search and filters.')).toBeVisible()
})

test('download the CSV: a real file, one row per person, Excel-ready', async ({ page }) => {
  await openGuestList(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^guests-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = readFileSync(await download.path())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])

  const rows = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { skipEmptyLines: true }).data
  const questions = seed.wedding.rsvpQuestions.map((q) => q.question)
  expect(rows[0]).toEqual([
    'Last Name',
    'First Name',
    'Contact Number',
    'RSVP Status',
    'Relation',
    'Adult/Child',
    ...questions,
    'Household',
    'Seats Reserved',
  ])
  const persons = seed.households.flatMap((h) => h.persons)
  expect(rows).toHaveLength(1 + persons.length)
  expect(rows.slice(1).map((r) => `${r[1]} ${r[0]}`)).toEqual(
    persons.map((p) => `${p.firstName} ${p.lastName}`),
  )
  for (const row of rows.slice(1)) {
    expect(['Accepted', 'Declined', 'Pending']).toContain(row[3])
    expect(['Adult', 'Child']).toContain(row[5])
    // A phone like "+63 917 …" would run as a formula: it is written as text.
    expect(row.every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true)
  }
  expect(rows.find((r) => r[1] === 'Ramon' && r[0] === 'Santos')).toEqual([
    'Santos',
    'Ramon',
    "'+63 917 555 0101",
    'Accepted',
    "groom's Family",
    'Adult',
    'Kare-kare',
    'Ikaw ni Yeng Constantino',
    '1',
    '',
  ])
})

test('import a spreadsheet with a title row, then the same file again', async ({ page }) => {
  await openGuestList(page)
  await page.getByRole('button', { name: 'Add Guest' }).click()
  const drawer = page.getByRole('dialog', { name: 'Add Guest' })
  await drawer.getByRole('tab', { name: 'Import' }).click()
  await expectNoSeriousA11yViolations(page, '[role="dialog"]')
  await drawer.locator('input[type="file"]').setInputFiles(fixture)

  // The header is found on row 4, below the title rows, and each column guessed.
  await expect(drawer.getByLabel('Column names are on')).toHaveValue('3')
  await expect(drawer.getByLabel('What column A (Pamilya) holds')).toHaveValue('household')
  await expect(drawer.getByLabel('What column B (Pangalan) holds')).toHaveValue('firstName')
  await expect(drawer.getByLabel('What column G (Adult/Child) holds')).toHaveValue('personType')
  await expectNoSeriousA11yViolations(page, '[role="dialog"]')
  await drawer.getByRole('button', { name: 'Review households' }).click()

  await expect(drawer.getByText('No first name.')).toBeVisible()
  const submit = drawer.getByRole('button', { name: 'Import 3 households (6 guests)' })
  await expect(submit).toBeDisabled()
  await drawer.getByLabel('Import without this household').check()
  await expectNoSeriousA11yViolations(page, '[role="dialog"]')
  await submit.click()
  await expect(drawer.getByText('Imported 3 households')).toBeVisible()
  await drawer.getByRole('button', { name: 'Done' }).click()
  await expect(drawer).toBeHidden()

  await search(page, 'villanueva')
  const row = page.getByRole('row').filter({ hasText: 'Andres Villanueva' })
  await expect(row.getByText('Clarita Villanueva')).toBeVisible()
  await expect(row.getByText('Lia Villanueva')).toBeVisible()
  await search(page, 'ibanez')
  await expect(page.getByRole('row').filter({ hasText: 'Rosario Bautista-Ibañez' })).toHaveCount(1)

  // The same file again: a warning about the duplicates instead of a doubled list.
  await page.getByRole('button', { name: 'Add Guest' }).click()
  await drawer.getByRole('tab', { name: 'Import' }).click()
  await drawer.locator('input[type="file"]').setInputFiles(fixture)
  await drawer.getByRole('button', { name: 'Review households' }).click()
  await expect(
    drawer.getByText("3 households look like they're already on your guest list."),
  ).toBeVisible()
  await drawer.getByLabel('Import without this household').check()
  // Nothing left to import: no "Import 0 households", but a word on why.
  await expect(
    drawer.getByText('Every household here is already on your list.', { exact: false }),
  ).toBeVisible()
  await expect(drawer.getByRole('button', { name: /^Import \d/ })).toHaveCount(0)
})

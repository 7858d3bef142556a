import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInAsDemo } from './support/session'

const BOOT = { timeout: 90_000 }
const seed = JSON.parse(
  readFileSync(new URL('../supabase/seed-data/demo-wedding.json', import.meta.url), 'utf8'),
) as {
  households: { persons: unknown[] }[]
}
const HOUSEHOLDS = 2000

/** 2,000 households of 2 or 3, numbered so the file's order can be checked in the list. */
function bigCsv() {
  const lines = ['Household,First name,Last name,Type']
  let persons = 0
  for (let h = 0; h < HOUSEHOLDS; h += 1) {
    for (let p = 0; p < 2 + (h % 2); p += 1) {
      persons += 1
      lines.push(
        [
          h,
          ['Maria', 'Jose', 'Ana'][p],
          `Sunod${String(h).padStart(4, '0')}`,
          p === 2 ? 'Child' : 'Adult',
        ].join(','),
      )
    }
  }
  return { csv: lines.join('\n'), persons }
}

const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length)

test('2,000 households: imported in file order, then the RSVPs tab and the seating chart stay small and keyboard-friendly', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await page.getByRole('button', { name: 'Add Guest' }).click(BOOT)
  const drawer = page.getByRole('dialog', { name: 'Add Guest' })
  await drawer.getByRole('tab', { name: 'Import' }).click()
  const { csv, persons } = bigCsv()
  await drawer
    .locator('input[type="file"]')
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await drawer.getByRole('button', { name: 'Review households' }).click()
  await drawer
    .getByRole('button', { name: `Import ${HOUSEHOLDS} households (${persons} guests)` })
    .click()
  await expect(drawer.getByText(`Imported ${HOUSEHOLDS} households`)).toBeVisible({
    timeout: 120_000,
  })
  await drawer.getByRole('button', { name: 'Done' }).click()

  // The file's order, kept: the first imported households follow the demo's, one after another.
  // Read again until the list has followed the search (the rows are read at once, not awaited).
  await page.getByRole('searchbox', { name: 'Search guests' }).fill('sunod')
  const rows = page.getByRole('row').filter({ hasText: /Sunod\d{4}/ })
  const firstNumbers = async () =>
    (await rows.allTextContents()).slice(0, 8).map((text) => Number(text.match(/Sunod(\d{4})/)![1]))
  await expect.poll(firstNumbers, { timeout: 30_000 }).toEqual([0, 1, 2, 3, 4, 5, 6, 7])

  // RSVPs: only the households in view; counts with separators; the settings on their own tab.
  const totalPersons =
    persons + seed.households.reduce((sum, household) => sum + household.persons.length, 0)
  await page.getByRole('link', { name: 'RSVPs' }).click()
  const replies = page.getByRole('list', { name: 'Replies by household' })
  await expect(replies).toBeVisible(BOOT)
  const filters = page.getByRole('group', { name: 'Show replies' })
  await expect(
    filters.getByRole('button', { name: `All (${totalPersons.toLocaleString('en')})` }),
  ).toBeVisible()
  expect(await domNodes(page)).toBeLessThan(5000)
  await page.getByRole('searchbox', { name: 'Find a guest' }).fill('sunod1999')
  await expect(replies.getByText('Maria Sunod1999')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Find a guest' }).fill('')
  await filters.getByRole('button', { name: /^No reply yet/ }).click()
  await expect(filters.getByRole('button', { name: /^No reply yet/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('tab', { name: 'Deadline and questions' }).click()
  // The settings sit right under the tabs, not below 2,000 households' replies (590,000 px before).
  const settings = page.getByRole('form', { name: 'Deadline and questions' })
  await expect(settings).toBeVisible()
  const top = await settings.evaluate((form) => form.getBoundingClientRect().top + window.scrollY)
  expect(top).toBeLessThan(3 * page.viewportSize()!.height)

  // Seating: the guest panel is one tab stop, with the arrow keys inside; skip links reach the rest.
  await page.getByRole('link', { name: 'Seating Chart' }).click()
  const guestList = page.getByRole('listbox', { name: 'Guests without a seat, by household' })
  await expect(guestList.getByRole('option').first()).toBeVisible(BOOT)
  expect(await domNodes(page)).toBeLessThan(5000)
  expect(await guestList.getByRole('option').count()).toBeLessThan(80)
  await page.getByRole('searchbox', { name: 'Search guests' }).focus()
  await page.keyboard.press('Tab')
  await expect(guestList).toBeFocused()
  await page.keyboard.press('End')
  const last = page.getByRole('option', { name: /^Ana Sunod1999/ })
  await expect(last).toBeVisible()
  await expect(guestList).toHaveAttribute('aria-activedescendant', (await last.getAttribute('id'))!)
  await page.keyboard.press('Tab')
  await expect(guestList).not.toBeFocused()
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('link', { name: 'Seating Chart' }).focus()
  await page.keyboard.press('Tab')
  const skipToTables = page.getByRole('link', { name: 'Skip to the tables and seats' })
  for (
    let step = 0;
    step < 12 && !(await skipToTables.evaluate((link) => link === document.activeElement));
    step++
  )
    await page.keyboard.press('Tab')
  await expect(skipToTables).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: 'Tables and seats' })).toBeFocused()
})

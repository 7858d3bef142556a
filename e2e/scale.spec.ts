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

/**
 * 2,000 households of 2 or 3, numbered so the file's order can be checked in the list, with a phone
 * for each household's first person, a side and a relationship, as a couple's own list has.
 */
function bigCsv() {
  const lines = ['Household,First Name,Last Name,Adult/Child,Phone,Side,Relationship']
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
          p === 0 ? `0917 ${String(h).padStart(7, '0')}` : '',
          ['Bride', 'Groom', 'Both'][h % 3],
          ['Family', 'Friend'][h % 2],
        ].join(','),
      )
    }
  }
  return { csv: lines.join('\n'), persons }
}

const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length)

// One import of 2,000 households for every check at that size: the import timed, the file's order,
// the list read back after a reload, scrolled, searched and filtered, then the RSVPs tab and the
// seating chart (docs/decisions.md).
test('2,000 households: imported in file order, read back after a reload, scrolled, searched and filtered without lag; the RSVPs tab and the seating chart stay small and keyboard-friendly', async ({
  page,
}, testInfo) => {
  test.setTimeout(360_000)
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
  const importStart = Date.now()
  await drawer
    .getByRole('button', { name: `Import ${HOUSEHOLDS} households (${persons} guests)` })
    .click()
  await expect(drawer.getByText(`Imported ${HOUSEHOLDS} households`)).toBeVisible({
    timeout: 120_000,
  })
  const importMs = Date.now() - importStart
  await drawer.getByRole('button', { name: 'Done' }).click()

  // The file's order, kept: the first imported households follow the demo's, one after another.
  // Read again until the list has followed the search (the rows are read at once, not awaited).
  await page.getByRole('searchbox', { name: 'Search guests' }).fill('sunod')
  const rows = page.getByRole('row').filter({ hasText: /Sunod\d{4}/ })
  const firstNumbers = async () =>
    (await rows.allTextContents()).slice(0, 8).map((text) => Number(text.match(/Sunod(\d{4})/)![1]))
  await expect.poll(firstNumbers, { timeout: 30_000 }).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  await page.getByRole('searchbox', { name: 'Search guests' }).fill('')

  // Load: a reload starts the embedded database again and reads all 2,031 households back.
  await page.reload()
  await expect(page.getByRole('table', { name: 'Households' })).toHaveAttribute(
    'aria-rowcount',
    String(HOUSEHOLDS + seed.households.length + 1),
    { timeout: 60_000 },
  )
  const { loadMs, dbReadyMs } = await page.evaluate(() => ({
    loadMs: performance.now(),
    dbReadyMs: performance.getEntriesByName('kasalan:db-ready')[0]?.duration ?? null,
  }))

  // Only the rows in view are in the page.
  const rendered = await page.getByRole('row').count()
  expect(rendered).toBeLessThan(60)

  const figures = await page.evaluate(async () => {
    const longTasks: number[] = []
    const observer = new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => longTasks.push(entry.duration)),
    )
    observer.observe({ type: 'longtask', buffered: false })
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))

    // Scroll the whole list in steps, one frame each, timing the frames.
    const frameTimes: number[] = []
    const bottom = document.documentElement.scrollHeight
    for (let y = 0; y < bottom; y += 900) {
      const start = performance.now()
      window.scrollTo(0, y)
      await frame()
      frameTimes.push(performance.now() - start)
    }
    window.scrollTo(0, 0)
    await frame()

    // Type a search, one key at a time, and time until the list shows the result.
    const input = document.querySelector<HTMLInputElement>('#guest-search')!
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    const keyTimes: number[] = []
    // Each key narrows hundreds of the imported households: 'sunod1' leaves Sunod1000–Sunod1999.
    for (const text of ['s', 'su', 'sun', 'sunod', 'sunod1']) {
      const start = performance.now()
      setter.call(input, text)
      input.dispatchEvent(new Event('input', { bubbles: true }))
      await frame()
      await frame()
      keyTimes.push(performance.now() - start)
    }
    observer.disconnect()
    const sorted = [...frameTimes].sort((a, b) => a - b)
    return {
      scrollFrames: frameTimes.length,
      scrollFrameMedianMs: sorted[Math.floor(sorted.length / 2)]!,
      scrollFrameMaxMs: sorted[sorted.length - 1]!,
      searchKeyMaxMs: Math.max(...keyTimes),
      longTasks: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks),
    }
  })
  await expect(page.getByText(/^Showing [\d,]+ of 2,031 households$/)).toBeVisible()
  await expect(page.getByText('Showing 1,000 of 2,031 households')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Sunod1000' }).first()).toBeVisible()

  const filterStart = Date.now()
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await page.getByRole('menuitemradio', { name: 'Common Friends' }).click()
  await expect(page.getByText(/^Showing [\d,]+ of 2,031 households$/)).toBeVisible()
  const filterMs = Date.now() - filterStart

  const report = { importMs, loadMs, dbReadyMs, rendered, filterMs, ...figures }
  console.log('guest list at 2,000 households:', JSON.stringify(report))
  testInfo.annotations.push({ type: 'figures', description: JSON.stringify(report) })
  // "Without visible lag". Generous bounds, because this machine may be shared; the figures
  // themselves are printed above (on an idle 2-core machine: see the guest list's README notes).
  expect(figures.scrollFrameMedianMs).toBeLessThan(100)
  expect(figures.searchKeyMaxMs).toBeLessThan(500)

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

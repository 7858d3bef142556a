import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInAsDemo } from './support/session'

// The seating chart on the embedded database, signed in as the demo couple.

interface Point {
  x: number
  y: number
}

type KonvaWindow = Window & {
  Konva: {
    stages: Array<{
      find(selector: string): Array<{
        id(): string
        x(): number
        y(): number
        getClientRect(): { x: number; y: number; width: number; height: number }
      }>
      container(): HTMLElement
    }>
  }
}

async function openSeating(page: Page) {
  await page.goto('/manage/seating')
  // The embedded database starts in the page first: slow on a busy machine.
  await expect(
    page.getByRole('heading', { name: 'Seating Chart', level: 1, exact: true }),
  ).toBeVisible({ timeout: 120_000 })
  await expect(page.getByTestId('seating-canvas').locator('canvas').first()).toBeVisible()
  await page.getByTestId('seating-canvas').scrollIntoViewIfNeeded()
}

/**
 * The demo wedding comes with its chart already seated; these tests build one from scratch, so
 * they first delete the demo's tables (each deletion saved like any other change).
 */
async function openEmptySeating(page: Page) {
  await openSeating(page)
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
  await expect(page.getByTestId('seated-count')).toHaveText('0')
  await waitForSaved(page)
}

async function addTable(page: Page, type: string, seats: number) {
  await page.getByLabel('Table type').selectOption({ label: type })
  await page.getByRole('spinbutton', { name: 'Seats' }).fill(String(seats))
  await page.getByRole('button', { name: 'Add table' }).click()
}

/** The centre, in page coordinates, of a Konva node found by selector (".table", ".seat"). */
async function nodeCentre(page: Page, selector: string, index = 0): Promise<Point> {
  return page.evaluate(
    ({ selector, index }) => {
      const stage = (window as unknown as KonvaWindow).Konva.stages[0]!
      const node = stage.find(selector)[index]!
      const rect = node.getClientRect()
      const box = stage.container().getBoundingClientRect()
      return { x: box.left + rect.x + rect.width / 2, y: box.top + rect.y + rect.height / 2 }
    },
    { selector, index },
  )
}

async function tablePositions(page: Page) {
  return page.evaluate(() =>
    (window as unknown as KonvaWindow).Konva.stages[0]!.find('.table').map((node) => ({
      x: node.x(),
      y: node.y(),
    })),
  )
}

const tableCard = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Tables and seats' })
    .getByRole('listitem', { name, exact: true })

async function waitForSaved(page: Page) {
  await expect(page.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'saved')
}

// Each test starts the embedded database in the browser, some twice: slow on a busy machine.
test.describe.configure({ timeout: 300_000 })

test('a couple builds the chart: a table, a household dragged on, rename, duplicate, delete, undo — and it is all there after a reload', async ({
  page,
}) => {
  await signInAsDemo(page)
  await openEmptySeating(page)
  await expectNoSeriousA11yViolations(page)

  await addTable(page, 'Round', 8)
  await expect(tableCard(page, 'Table 1')).toBeVisible()
  await expect(
    tableCard(page, 'Table 1').getByRole('button', { name: /seat \d+: free/ }),
  ).toHaveCount(8)

  // Drag a whole household from the guest panel onto the table's first seat on the canvas.
  const household = page.getByRole('option', { name: /household Seat all \d+$/ }).first()
  const size = Number((await household.textContent())!.match(/Seat all (\d+)$/)![1])
  const before = Number(await page.getByTestId('unseated-count').textContent())
  const canvas = page.getByTestId('seating-canvas')
  const canvasBox = (await canvas.boundingBox())!
  const seat = await nodeCentre(page, '.seat', 0)
  await household.dragTo(canvas, {
    targetPosition: { x: seat.x - canvasBox.x, y: seat.y - canvasBox.y },
  })
  await expect(page.getByTestId('seated-count')).toHaveText(String(size))
  await expect(page.getByTestId('unseated-count')).toHaveText(String(before - size))
  await expect(
    tableCard(page, 'Table 1').getByRole('button', { name: /seat \d+: free/ }),
  ).toHaveCount(8 - size)
  const seatedNames = await tableCard(page, 'Table 1')
    .getByRole('button', { name: /^Table 1, seat \d+: (?!free)/ })
    .evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label')!.replace(/^.*: /, '')),
    )
  expect(seatedNames).toHaveLength(size)

  // Drag the table: it lands on the 20 px grid.
  const table = await nodeCentre(page, '.table', 0)
  await page.mouse.move(table.x, table.y)
  await page.mouse.down()
  await page.mouse.move(table.x + 67, table.y + 33, { steps: 8 })
  await page.mouse.up()
  const [moved] = await tablePositions(page)
  expect(moved!.x % 20).toBe(0)
  expect(moved!.y % 20).toBe(0)
  expect(moved).not.toEqual({ x: 200, y: 200 })

  // Click the table: its menu opens beside it. Rename it; an empty name is ignored.
  const centre = await nodeCentre(page, '.table', 0)
  await page.mouse.click(centre.x, centre.y)
  const menu = page.getByRole('dialog', { name: 'Table 1' })
  await expect(menu).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await menu.getByLabel('Table name').fill('   ')
  await menu.getByLabel('Table name').press('Enter')
  await expect(menu.getByLabel('Table name')).toHaveValue('Table 1')
  await menu.getByLabel('Table name').fill('Ninong at Ninang')
  await menu.getByLabel('Table name').press('Enter')
  await expect(tableCard(page, 'Ninong at Ninang')).toBeVisible()

  // Duplicate: a copy with the same seats, empty; its menu opens.
  await page
    .getByRole('dialog', { name: 'Ninong at Ninang' })
    .getByRole('button', { name: 'Duplicate' })
    .click()
  const copy = tableCard(page, 'Ninong at Ninang (copy)')
  await expect(copy).toBeVisible()
  await expect(copy.getByRole('button', { name: /seat \d+: free/ })).toHaveCount(8)
  const positions = await tablePositions(page)
  expect(positions[1]).toEqual({ x: moved!.x + 40, y: moved!.y + 40 })

  // Delete the copy, after "Delete this table?".
  await page
    .getByRole('dialog', { name: 'Ninong at Ninang (copy)' })
    .getByRole('button', { name: 'Delete' })
    .click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this table?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(copy).toBeVisible()
  await page
    .getByRole('dialog', { name: 'Ninong at Ninang (copy)' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await page
    .getByRole('alertdialog', { name: 'Delete this table?' })
    .getByRole('button', { name: 'Delete table' })
    .click()
  await expect(copy).toHaveCount(0)

  // Undo brings it back; Ctrl+Z undoes the duplicate; Ctrl+Shift+Z redoes it.
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(copy).toBeVisible()
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Control+z')
  await expect(copy).toHaveCount(0)
  await page.keyboard.press('Control+Shift+z')
  await expect(copy).toBeVisible()

  await waitForSaved(page)
  await page.reload()
  await openSeating(page)
  await expect(tableCard(page, 'Ninong at Ninang')).toBeVisible()
  await expect(copy).toBeVisible()
  await expect(page.getByTestId('seated-count')).toHaveText(String(size))
  for (const name of seatedNames) {
    await expect(
      tableCard(page, 'Ninong at Ninang').getByRole('button', { name: new RegExp(`: ${name}$`) }),
    ).toBeVisible()
  }
  expect(await tablePositions(page)).toEqual([moved, { x: moved!.x + 40, y: moved!.y + 40 }])
})

test('seating by keyboard, then the chart comes back from the database after local storage is cleared', async ({
  page,
}) => {
  await signInAsDemo(page)
  await openEmptySeating(page)
  await addTable(page, '2-sided', 6)
  await expect(tableCard(page, 'Table 1')).toBeVisible()

  // Choose a guest, then a seat — keyboard only.
  await page.getByRole('searchbox', { name: 'Search guests' }).fill('ramon')
  // From the search, one Tab reaches the guest list (one tab stop); the arrow keys move inside it.
  const ramon = page.getByRole('option', { name: 'Ramon Santos', exact: true })
  await page.keyboard.press('Tab')
  const guestList = page.getByRole('listbox', { name: 'Guests without a seat, by household' })
  await expect(guestList).toBeFocused()
  for (
    let step = 0;
    step < 6 &&
    (await guestList.getAttribute('aria-activedescendant')) !== (await ramon.getAttribute('id'));
    step++
  ) {
    await page.keyboard.press('ArrowDown')
  }
  await expect(guestList).toHaveAttribute(
    'aria-activedescendant',
    (await ramon.getAttribute('id'))!,
  )
  await page.keyboard.press('Enter')
  await expect(ramon).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Choose a seat for Ramon Santos.').first()).toBeVisible()
  await page.getByRole('button', { name: 'Table 1, seat 3: free' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Table 1, seat 3: Ramon Santos' })).toBeVisible()
  await expect(page.getByRole('option', { name: 'Ramon Santos', exact: true })).toHaveCount(0)

  // Move him by keyboard: choose his seat, then another.
  await page.getByRole('button', { name: 'Table 1, seat 3: Ramon Santos' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Choose a new seat for Ramon Santos.').first()).toBeVisible()
  await page.getByRole('button', { name: 'Table 1, seat 5: free' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Table 1, seat 5: Ramon Santos' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Table 1, seat 3: free' })).toBeVisible()

  await waitForSaved(page)
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).some((key) => key.startsWith('kasalan.seatingLayout.')),
    ),
  ).toBe(true)

  // Clear the browser's storage but keep the session: the chart is in the database.
  await page.evaluate(() => {
    const keep = ['kasalan.remember', 'kasalan.local.session'].map(
      (key) => [key, localStorage.getItem(key)] as const,
    )
    localStorage.clear()
    for (const [key, value] of keep) if (value !== null) localStorage.setItem(key, value)
  })
  await page.reload()
  await openSeating(page)
  await expect(page.getByRole('button', { name: 'Table 1, seat 5: Ramon Santos' })).toBeVisible()
  await expect(page.getByTestId('seated-count')).toHaveText('1')
})

test('on the chart, a seated guest is dragged to another seat, and back to the guest list', async ({
  page,
}) => {
  await signInAsDemo(page)
  await openEmptySeating(page)
  await addTable(page, 'Round', 8)
  await page.getByRole('searchbox', { name: 'Search guests' }).fill('ramon')
  await page.getByRole('option', { name: 'Ramon Santos', exact: true }).click()
  await page.getByRole('button', { name: 'Table 1, seat 1: free' }).click()
  await expect(page.getByRole('button', { name: 'Table 1, seat 1: Ramon Santos' })).toBeVisible()
  await page.getByTestId('seating-canvas').scrollIntoViewIfNeeded()

  async function drag(from: Point, to: Point) {
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(to.x, to.y, { steps: 10 })
    await page.mouse.up()
  }

  // Seat 1 onto seat 4.
  await drag(await nodeCentre(page, '.seat', 0), await nodeCentre(page, '.seat', 3))
  await expect(page.getByRole('button', { name: 'Table 1, seat 4: Ramon Santos' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Table 1, seat 1: free' })).toBeVisible()

  // Seat 4 back onto the guest list. (A dragged seat returns to the end of its table's nodes,
  // so it is found by what it is: the one draggable, taken seat.)
  const panel = (await page.getByRole('region', { name: 'Guests' }).boundingBox())!
  const taken = await page.evaluate(() => {
    const stage = (window as unknown as KonvaWindow).Konva.stages[0]!
    return stage
      .find('.seat')
      .findIndex((node) => (node as unknown as { draggable(): boolean }).draggable())
  })
  await drag(await nodeCentre(page, '.seat', taken), {
    x: panel.x + panel.width / 2,
    y: panel.y + panel.height / 2,
  })
  await expect(page.getByRole('button', { name: 'Table 1, seat 4: free' })).toBeVisible()
  await expect(page.getByTestId('seated-count')).toHaveText('0')
  await expect(page.getByRole('option', { name: 'Ramon Santos', exact: true })).toBeVisible()
})

test('exports the chart as an image and prints the tables with their guests', async ({ page }) => {
  await signInAsDemo(page)
  await openEmptySeating(page)
  await addTable(page, '4-sided', 8)
  await page
    .getByRole('option', { name: /household Seat all \d+$/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Table 1, seat 1: free' }).click()
  await expect(page.getByTestId('seated-count')).not.toHaveText('0')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download image' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^seating-chart-.+\.png$/)
  const png = readFileSync((await download.path())!)
  expect(png.subarray(1, 4).toString()).toBe('PNG')
  expect(png.length).toBeGreaterThan(2000)

  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes')
  })
  await page.getByRole('button', { name: 'Print' }).click()
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes')
  const printout = page.locator('#seating-print')
  await expect(printout.locator('h2', { hasText: 'Table 1' })).toBeAttached()
  await expect(printout.locator('img')).toHaveAttribute('src', /^data:image\/png/)
  await page.emulateMedia({ media: 'print' })
  await expect(printout).toBeVisible()
  await expect(
    page.getByRole('heading', { name: 'Seating Chart', level: 1, exact: true }),
  ).toBeHidden()
})

test('on a phone the guest list stacks above the chart and nothing overflows sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signInAsDemo(page)
  await openEmptySeating(page)
  await addTable(page, 'Round', 10)
  await expect(tableCard(page, 'Table 1')).toBeVisible()
  const panel = (await page.getByRole('region', { name: 'Guests' }).boundingBox())!
  const canvas = (await page.getByTestId('seating-canvas').boundingBox())!
  expect(panel.y + panel.height).toBeLessThanOrEqual(canvas.y)
  expect(canvas.width).toBeLessThanOrEqual(360)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // Tap a guest, tap a seat on the chart.
  await page
    .getByRole('option', { name: /household Seat all \d+$/ })
    .first()
    .click()
  await page.getByTestId('seating-canvas').scrollIntoViewIfNeeded()
  const seat = await nodeCentre(page, '.seat', 2)
  await page.mouse.click(seat.x, seat.y)
  await expect(page.getByTestId('seated-count')).not.toHaveText('0')
  await expectNoSeriousA11yViolations(page)
})

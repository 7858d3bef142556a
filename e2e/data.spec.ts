import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'
import { openInApp } from './support/navigation'

async function openGuestList(page: Page) {
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  // The embedded database's first start in a fresh browser takes a few seconds (more on a busy machine).
  await expect(page.getByRole('heading', { name: 'Guest List', level: 1 })).toBeVisible({
    timeout: 60_000,
  })
  await expect(page.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 60_000 })
}

/** The whole guest list as the couple's CSV export gives it: every household and person. */
async function guestListCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  return readFileSync(await download.path(), 'utf8')
}

async function openYourData(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Your data' }).click()
  await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible()
}

test('back up, clear the browser, restore: the guest list is identical', async ({
  page,
  browser,
}) => {
  // Two browsers each start an embedded database, and the restore opens a third.
  test.setTimeout(300_000)
  await openGuestList(page)
  // Something the seed does not have, so a fresh database cannot pass for the restored one.
  await page.getByRole('button', { name: 'Add Guest' }).click()
  const drawer = page.getByRole('dialog', { name: 'Add Guest' })
  await drawer.getByLabel('First name').fill('Teodora')
  await drawer.getByLabel('Last name').fill('Alonso')
  await drawer.getByRole('button', { name: 'Save & close' }).click()
  await expect(page.getByText('Added the household of Teodora Alonso.')).toBeVisible()
  const before = await guestListCsv(page)
  expect(before).toContain('Teodora')

  await openYourData(page)
  await expect(page.getByText('Your wedding is kept in this browser only')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  const [backup] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download a backup' }).click(),
  ])
  expect(backup.suggestedFilename()).toMatch(/^kasalan-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/)
  const backupPath = await backup.path()
  await expect(page.getByText('Backup downloaded.')).toBeVisible()

  // A browser with nothing stored: what clearing the site's data leaves.
  const cleared = await browser.newContext()
  const fresh = await cleared.newPage()
  await openGuestList(fresh)
  expect(await guestListCsv(fresh)).not.toContain('Teodora')

  // A file that is not a backup changes nothing.
  await openYourData(fresh)
  await fresh.getByLabel('Restore a backup').setInputFiles({
    name: 'notes.tar.gz',
    mimeType: 'application/gzip',
    buffer: Buffer.from('not a backup'),
  })
  let confirm = fresh.getByRole('alertdialog', { name: 'Restore this backup?' })
  await expect(confirm).toContainText('notes.tar.gz')
  await confirm.getByRole('button', { name: 'Restore' }).click()
  await expect(
    fresh.getByText("This file isn't a Kasalan backup. Nothing was changed."),
  ).toBeVisible({ timeout: 30_000 })

  await fresh.getByLabel('Restore a backup').setInputFiles(backupPath)
  confirm = fresh.getByRole('alertdialog', { name: 'Restore this backup?' })
  await expectNoSeriousA11yViolations(fresh, '[role="alertdialog"]')
  await Promise.all([
    fresh.waitForEvent('load', { timeout: 60_000 }),
    confirm.getByRole('button', { name: 'Restore' }).click(),
  ])

  await fresh.goto('/manage/guests')
  await expect(fresh.getByRole('table', { name: 'Households' })).toBeVisible({ timeout: 60_000 })
  expect(await guestListCsv(fresh)).toBe(before)
  await cleared.close()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('download the wedding file to move it: the plan travels with the guest list, and an emptied wedding takes it back', async ({
    page,
  }) => {
    await signInAsDemo(page)
    // A checklist started from the timeline: the file must carry it.
    await page.goto('/manage/plan')
    await expect(page.getByRole('heading', { name: 'Plan', level: 1 })).toBeVisible({
      timeout: 60_000,
    })
    await page.getByRole('button', { name: 'Start from the Filipino timeline' }).click()
    await expect(page.getByText('Your checklist is ready.')).toBeVisible()

    await openInApp(page, '/manage/data')
    await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible({
      timeout: 60_000,
    })
    await expect(
      page.getByText(
        'the seating chart, and your plan (checklist, budget and payments, suppliers, gifts and thank-you messages)',
      ),
    ).toBeVisible()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download wedding file' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^kasalan-isabel-and-miguel-\d{4}-\d{2}-\d{2}\.json$/,
    )
    const weddingFile = {
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: readFileSync(await download.path()),
    }
    const file = JSON.parse(weddingFile.buffer.toString('utf8')) as {
      format: string
      version: number
      persons: unknown[]
      checklistItems: { title: string; template_key: string | null }[]
    }
    expect(file).toMatchObject({
      format: 'kasalan-wedding',
      version: 1,
      budgetLines: [],
      suppliers: [],
      gifts: expect.any(Array),
    })
    expect(file.persons.length).toBeGreaterThan(10)
    expect(file.checklistItems).toHaveLength(25)
    expect(
      file.checklistItems.every((item) => item.template_key !== null && item.title !== ''),
    ).toBe(true)

    // The demo wedding has guests, so importing into it is refused and nothing changes.
    await page.getByLabel('Import a wedding file').setInputFiles(weddingFile)
    const confirm = page.getByRole('alertdialog', { name: 'Import this wedding?' })
    await expect(confirm).toContainText(
      'no guests, seating chart, checklist, budget, suppliers or gifts yet',
    )
    await expectNoSeriousA11yViolations(page, '[role="alertdialog"]')
    await keepScreenshot(page, 'data-import-confirm-en-360.png')
    await confirm.getByRole('button', { name: 'Import' }).click()
    await expect(
      page.getByText(
        'Your wedding here already has guests, a seating chart or a plan (checklist, budget, suppliers or gifts), so nothing was imported.',
      ),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await keepScreenshot(page, 'data-move-en-360.png', { fullPage: true })

    // Emptied under "Start over", the same wedding takes the file, guests, plan and all.
    await page.getByRole('button', { name: 'Empty this wedding' }).click()
    const emptying = page.getByRole('alertdialog', { name: 'Empty this wedding?' })
    await expect(emptying).toContainText('deleted for good')
    await expectNoSeriousA11yViolations(page, '[role="alertdialog"]')
    await keepScreenshot(page, 'data-empty-confirm-en-360.png')
    await emptying.getByRole('button', { name: 'Empty it' }).click()
    await expect(
      page.getByText('Your wedding is empty. You can import a wedding file into it now.'),
    ).toBeVisible()
    await page.getByLabel('Import a wedding file').setInputFiles(weddingFile)
    await page
      .getByRole('alertdialog', { name: 'Import this wedding?' })
      .getByRole('button', { name: 'Import' })
      .click()
    await expect(
      page.getByText(/Wedding imported: [\d,]+ households are on your guest list\./),
    ).toBeVisible({ timeout: 30_000 })
    await openInApp(page, '/manage/plan')
    await expect(page.getByRole('heading', { name: 'Plan', level: 1 })).toBeVisible({
      timeout: 60_000,
    })
    await expect(
      page.getByRole('button', { name: 'Start from the Filipino timeline' }),
    ).toHaveCount(0)
    await openInApp(page, '/manage/data')
    await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible({
      timeout: 60_000,
    })

    // In Filipino.
    await page.evaluate(() => localStorage.setItem('kasalan.language.app', 'fil'))
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Ang inyong data', level: 1 })).toBeVisible({
      timeout: 60_000,
    })
    await expect(
      page.getByText(
        'at ang plano ninyo (checklist, budget at mga bayad, suppliers, mga regalo at thank-you messages)',
      ),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await keepScreenshot(page, 'data-move-fil-360.png', { fullPage: true })
    await page.getByLabel('Mag-import ng wedding file').setInputFiles(weddingFile)
    await expect(
      page.getByRole('alertdialog', { name: 'I-import ang kasal na ito?' }),
    ).toContainText('checklist, budget, suppliers o regalo')
    await keepScreenshot(page, 'data-import-confirm-fil-360.png')
  })
})

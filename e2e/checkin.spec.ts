import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInTabAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'
import { openInApp } from './support/navigation'

// The door on the embedded database, on a 360 px phone: the demo couple invites an usher, who joins
// through the link in another tab, sees only the check-in, loses the signal, checks in three
// households by name and one by a photo of its invitation's QR code (the printed sheet's own
// code), adds a walk-in, and gets the signal back: what waited is sent, and the couple's counts
// and the after-the-day figures match. Both tabs share the browser's one database; each keeps its
// own account in sessionStorage.

const sessionKey = 'kasalan.local.session'

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true })

test('an usher checks guests in offline, by name and by QR, and the couple sees the same counts', async ({
  page: couple,
  context,
}) => {
  test.setTimeout(300_000)
  await signInTabAsDemo(couple)

  // The couple's printed invitation of the Aguilar household, its QR code as a phone photographs it.
  await couple.goto('/manage/invitations/print')
  await expect(
    couple.getByRole('heading', { level: 1, name: 'Invitation codes to print' }),
  ).toBeVisible({ timeout: 120_000 })
  const qr = couple
    .getByTestId('print-card')
    .filter({ hasText: 'Maricel Aguilar' })
    .getByRole('img')
  // A phone's photo is 12 MP (4032 × 3024): the card on a desk, its code filling most of the height.
  const photo = Buffer.from(
    await qr.evaluate(async (image: HTMLImageElement) => {
      const canvas = document.createElement('canvas')
      canvas.width = 4032
      canvas.height = 3024
      const context = canvas.getContext('2d')!
      context.fillStyle = '#cfc8bc'
      context.fillRect(0, 0, canvas.width, canvas.height)
      context.fillStyle = '#fffdf8'
      context.fillRect(900, 250, 2500, 2550)
      context.drawImage(image, 1050, 400, 2200, 2200)
      const jpeg = await new Promise<Blob>((done) =>
        canvas.toBlob((blob) => done(blob!), 'image/jpeg', 0.9),
      )
      return [...new Uint8Array(await jpeg.arrayBuffer())]
    }),
  )

  // An usher's invitation link, from the members page.
  await openInApp(couple, '/manage/members')
  await expect(couple.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible()
  await couple.getByLabel('Role', { exact: true }).selectOption({ label: 'Usher' })
  await expect(couple.getByText('Checks guests in at the door')).toBeVisible()
  await couple.getByRole('button', { name: 'Create invitation link' }).click()
  const link = await couple.getByRole('textbox', { name: 'Invitation link' }).inputValue()

  const usher = await context.newPage()
  await usher.goto(link)
  await expect(usher.getByRole('heading', { name: "You're invited" })).toBeVisible({
    timeout: 120_000,
  })
  await usher.getByLabel('Your name').fill('Kuya Jun')
  await usher.getByLabel('E-mail').fill(`jun-${Date.now()}@example.com`)
  await usher.getByLabel('Password').fill('usher-pass-123')
  await usher.getByRole('button', { name: 'Create account' }).click()
  await expect(usher.getByText('as Usher')).toBeVisible()
  await usher.evaluate(
    (key) => sessionStorage.setItem(key, localStorage.getItem(key) ?? ''),
    sessionKey,
  )
  await usher.getByRole('button', { name: 'Accept and open the wedding' }).click()

  // The usher lands on the door, and it is the only tab.
  await expect(usher).toHaveURL(/\/manage\/checkin$/, { timeout: 60_000 })
  await expect(usher.getByRole('navigation', { name: 'Management' }).getByRole('link')).toHaveText([
    'Check-in',
  ])
  const search = usher.getByRole('searchbox', { name: 'Find a guest' })
  await expect(search).toBeVisible()
  await expect(usher.getByTestId('checkin-arrived')).toHaveText('0')
  await expectNoSeriousA11yViolations(usher)
  // No other screen opens for an usher: the guest list sends them back to the door, which fetches
  // the QR reader while the signal lasts.
  const reader = usher.waitForResponse(/qr-scanner-worker/)
  await usher.goto('/manage/guests')
  await expect(usher).toHaveURL(/\/manage\/checkin$/)
  await expect(search).toBeVisible({ timeout: 60_000 })
  await reader

  // The signal goes.
  await context.setOffline(true)
  await expect(usher.getByText('Offline: check-ins are kept on this phone')).toBeVisible()

  // Three households by name: the whole household at once, or one person.
  await search.fill('pas')
  const pascual = usher.getByRole('article', { name: 'Pascual' })
  await expect(pascual).toContainText('Table 5 · seat 4')
  await pascual.getByRole('button', { name: 'Mark all 2 arrived' }).click()
  await expect(pascual.getByText('Arrived', { exact: true })).toHaveCount(2)

  await search.fill('nav')
  const navarro = usher.getByRole('article', { name: 'Navarro' })
  await expect(navarro).toContainText('Table 4')
  await navarro
    .getByRole('button', { name: /^Mark (?!all ).+ arrived$/ })
    .first()
    .click()
  await expect(navarro.getByText('Arrived', { exact: true })).toHaveCount(1)

  await search.fill('dom')
  const domingo = usher.getByRole('article', { name: 'Domingo' })
  // A child who sent regrets is marked as such, and is not offered to "mark all".
  await expect(domingo.getByText('Sent regrets')).toBeVisible()
  const domingoAll = domingo.getByRole('button', { name: /^Mark all \d arrived$/ })
  const domingoCount = Number((await domingoAll.textContent())!.match(/\d/)![0])
  await domingoAll.click()
  await expect(domingo.getByText('Arrived', { exact: true })).toHaveCount(domingoCount)
  await expectNoSeriousA11yViolations(usher)

  // One by its invitation's QR code: no camera here, so a photo of the code.
  await usher.getByRole('button', { name: 'Scan invitation QR' }).click()
  const scanner = usher.getByRole('dialog', { name: "Scan the invitation's QR code" })
  await expect(scanner.getByText('The camera could not be opened')).toBeVisible()
  await expectNoSeriousA11yViolations(usher)
  await scanner
    .getByLabel('Take or choose a photo of the QR code')
    .setInputFiles({ name: 'IMG_0412.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(scanner).toBeHidden()
  const aguilar = usher.getByRole('article', { name: 'Aguilar' })
  await expect(aguilar).toContainText('Maricel Aguilar')
  await expect(aguilar).toContainText('No seat yet')
  await aguilar.getByRole('button', { name: 'Mark Maricel Aguilar arrived' }).click()
  await usher.getByRole('button', { name: 'Back to search' }).click()

  // A walk-in in two taps: the button, then a table with a free seat.
  await usher.getByRole('button', { name: 'Add a walk-in' }).click()
  const walkIn = usher.getByRole('dialog', { name: 'Add a walk-in' })
  await expectNoSeriousA11yViolations(usher)
  await walkIn.getByRole('button', { name: /^Table 5/ }).click()
  await expect(walkIn).toBeHidden()

  const arrived = 2 + 1 + domingoCount + 1
  await expect(usher.getByTestId('checkin-arrived')).toHaveText(String(arrived))
  await expect(usher.getByTestId('checkin-walk-ins')).toHaveText('1')
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('5 check-ins waiting to send')
  await keepScreenshot(usher, 'checkin-usher-offline-en.png', { fullPage: true })

  // The signal returns: everything waiting is sent, once.
  await context.setOffline(false)
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('All check-ins sent', {
    timeout: 30_000,
  })
  await expect(usher.getByTestId('checkin-arrived')).toHaveText(String(arrived))

  // The door in Filipino, by the language toggle.
  await usher.getByRole('button', { name: /^Filipino/ }).click()
  const hanapin = usher.getByRole('searchbox', { name: 'Hanapin ang bisita' })
  await hanapin.fill('pas')
  await expect(usher.getByRole('article', { name: 'Pascual' })).toContainText('Table 5 · upuan 4')
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('Naipadala na lahat ng check-in')
  await expectNoSeriousA11yViolations(usher)
  await keepScreenshot(usher, 'checkin-usher-fil.png', { fullPage: true })
  await usher.getByRole('button', { name: /^English/ }).click()
  await expect(search).toBeVisible()

  // The couple's door shows the same counts, and the after-the-day figures match.
  await couple.bringToFront()
  await openInApp(couple, '/manage/checkin')
  await expect(couple.getByTestId('checkin-arrived')).toHaveText(String(arrived), {
    timeout: 60_000,
  })
  await expect(couple.getByTestId('checkin-walk-ins')).toHaveText('1')
  await couple.getByRole('link', { name: 'After the day' }).click()
  await expect(couple.getByRole('heading', { name: 'After the day', level: 1 })).toBeVisible()
  await expect(couple.getByTestId('after-came')).toHaveText(String(arrived))
  await expect(couple.getByTestId('after-walkIns')).toHaveText('1')
  const thanks = couple.getByRole('region', { name: 'Thank-you list' })
  await expect(thanks).toContainText('Maricel Aguilar')
  await expectNoSeriousA11yViolations(couple)
  const download = couple.waitForEvent('download')
  await couple.getByRole('button', { name: 'Download the thank-you list (CSV)' }).click()
  expect((await download).suggestedFilename()).toMatch(/^thank-you-list-\d{4}-\d{2}-\d{2}\.csv$/)
  await keepScreenshot(couple, 'checkin-after-en.png', { fullPage: true })

  // The couple's page in Filipino, by the language toggle.
  await couple.getByRole('button', { name: /^Filipino/ }).click()
  await expect(couple.getByRole('heading', { name: 'Pagkatapos ng kasal', level: 1 })).toBeVisible()
  await expectNoSeriousA11yViolations(couple)
  // Its tables fit the phone in Filipino's longer words, nothing scrolls sideways.
  expect(await couple.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await keepScreenshot(couple, 'checkin-after-fil.png', { fullPage: true })
})

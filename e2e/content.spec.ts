// A new couple writes their site's content from the editor (schedule, entourage, an FAQ, gifts
// with a GCash QR code and a photo), publishes, and a guest sees all of it on a phone. A hostile
// embed is refused, photos lose their EXIF, and the editor passes axe.
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { openInApp } from './support/navigation'

const dbReady = { timeout: 120_000 }

test.describe.configure({ timeout: 480_000 })

async function signUp(page: Page) {
  await page.goto('/auth/register')
  await page.getByLabel("Bride's first name").fill('Liza')
  await page.getByLabel("Bride's last name").fill('Soberano')
  await page.getByLabel("Groom's first name").fill('Enrique')
  await page.getByLabel("Groom's last name").fill('Gil')
  await page.getByLabel("We're still deciding").check()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Email').fill(`cms-${Date.now()}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill('sampaguita-2027')
  await page.getByRole('button', { name: "Let's go" }).click()
  await expect(page).toHaveURL(/\/manage\/guests$/, dbReady)
}

/** A photo as a phone takes it: a JPEG with an EXIF block that holds GPS coordinates. */
async function phonePhoto(page: Page, width: number, height: number, colour: string) {
  const base64 = await page.evaluate(
    async ({ width, height, colour }) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')!
      // A gradient with grain, which compresses about as a real photo does (a flat colour would not).
      const gradient = context.createLinearGradient(0, 0, width, height)
      gradient.addColorStop(0, colour)
      gradient.addColorStop(1, '#f5e6c8')
      context.fillStyle = gradient
      context.fillRect(0, 0, width, height)
      const pixels = context.getImageData(0, 0, width, height)
      for (let index = 0; index < pixels.data.length; index += 4) {
        const grain = (Math.random() - 0.5) * 40
        for (const channel of [0, 1, 2])
          pixels.data[index + channel] = pixels.data[index + channel]! + grain
      }
      context.putImageData(pixels, 0, 0)
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9),
      )
      const jpeg = new Uint8Array(await blob.arrayBuffer())
      // APP1 "Exif" segment with a GPS marker, right after the start-of-image marker.
      const payload = new TextEncoder().encode(
        'Exif\0\0MM\0*GPSLatitude 14.5995 N GPSLongitude 120.9842 E',
      )
      const segment = new Uint8Array([
        0xff,
        0xe1,
        (payload.length + 2) >> 8,
        (payload.length + 2) & 0xff,
        ...payload,
      ])
      const bytes = new Uint8Array(jpeg.length + segment.length)
      bytes.set(jpeg.subarray(0, 2))
      bytes.set(segment, 2)
      bytes.set(jpeg.subarray(2), 2 + segment.length)
      // Back as base64: a plain array of every byte is slow to pass out of the page.
      let binary = ''
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
      return btoa(binary)
    },
    { width, height, colour },
  )
  return Buffer.from(base64, 'base64')
}

async function openSection(page: Page, title: string) {
  await openInApp(page, '/manage/cms')
  // The list's own links (a page elsewhere may link to #faqs by the same name).
  await page
    .locator('a[href^="/manage/cms/editor"]')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(dbReady)
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
    timeout: 30_000,
  })
}

test('a new couple writes their site from the editor, publishes it, and a guest sees it on a phone', async ({
  page,
}) => {
  await signUp(page)

  // The list: every section with its type, title, visibility and how complete it is.
  await openInApp(page, '/manage/cms')
  const schedule = page.getByRole('link', { name: /^Schedule/ })
  await expect(schedule).toContainText('Schedule', dbReady)
  await expect(schedule).toContainText('No events yet')
  await expect(page.getByRole('link', { name: /^Where to Stay/ })).toContainText('No hotels yet')
  await expect(page.getByRole('link', { name: 'Design' })).toHaveAttribute(
    'href',
    '/manage/website',
  )

  // Schedule: one event.
  await schedule.click()
  await expect(page).toHaveURL(/\/manage\/cms\/editor\?section=schedule$/)
  await page.getByRole('button', { name: 'Add event' }).click()
  const event = page.getByRole('listitem').filter({ hasText: 'Event 1' })
  await event.getByLabel('Name', { exact: true }).fill('Seremonya ng Kasal')
  await event.getByLabel('Type').selectOption('ceremony')
  await event.getByLabel('Date').fill('2027-02-14')
  await event.getByLabel('Starts').fill('15:00')
  await event.getByLabel('Ends').fill('16:00')
  await event.getByLabel('Venue').fill('Simbahan ng San Agustin')
  await expectNoSeriousA11yViolations(page, 'main')
  await save(page)

  // Wedding party: the priest and a ninong.
  await openSection(page, 'Wedding Party')
  await page
    .getByRole('group', { name: 'Officiating priest' })
    .getByLabel('Name')
    .fill('Rev. Fr. Jose Dizon')
  await page.getByRole('button', { name: 'Add ninong' }).click()
  await page
    .getByRole('listitem', { name: 'Ninong 1' })
    .getByLabel('Name')
    .fill('Ninong Ramon Bautista')
  await save(page)

  // FAQs: one question.
  await openSection(page, 'FAQs')
  await page.getByRole('button', { name: 'Add question' }).click()
  await page.getByLabel('Question', { exact: true }).fill('May dress code ba?')
  await page.getByLabel('Answer', { exact: true }).fill('Pormal o Filipiniana po.')
  await save(page)

  // Gifts: GCash with its QR code, and a photo in the header; both taken "from a phone".
  await openSection(page, 'Gifts')
  await page.getByLabel('Note to guests').fill('Salamat sa inyong pagmamahal!')
  await page.getByRole('button', { name: 'Add payment option' }).click()
  const gcash = page.getByRole('listitem').filter({ hasText: 'Payment option 1' })
  await gcash.getByLabel('Bank or e-wallet').fill('GCash')
  await gcash.getByLabel('Account name').fill('Liza Soberano')
  await gcash.getByLabel('Account number').fill('0917 123 4567')
  await gcash.getByLabel('QR code', { exact: true }).setInputFiles({
    name: 'gcash-qr.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(page, 600, 600, '#1d4ed8'),
  })
  await expect(gcash.getByRole('button', { name: /^Replace photo/ })).toBeVisible({
    timeout: 30_000,
  })
  const header = page.getByRole('group', { name: 'Section header' })
  await header.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(page, 2400, 1600, '#b45309'),
  })
  await expect(header.getByRole('button', { name: /^Replace photo/ })).toBeVisible({
    timeout: 30_000,
  })
  await header.getByLabel('Describe the photo').fill('Sina Liza at Enrique sa Tagaytay')
  // Not an image: refused with the reason, nothing else changes.
  await gcash
    .getByLabel('QR code', { exact: true })
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(gcash.getByRole('alert')).toHaveText(
    "That file isn't a photo. Choose a JPEG, PNG, WebP or HEIC image.",
  )
  await expectNoSeriousA11yViolations(page, 'main')
  await save(page)

  // Things to do: a hostile embed is refused, the place is not lost.
  await openSection(page, 'Things to Do')
  await page.getByRole('button', { name: 'Add place' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Intramuros')
  await page
    .getByLabel('Video embed')
    .fill(
      '<iframe src="https://evil.example/embed/x" onload="alert(1)"></iframe><script>alert(1)</script>',
    )
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Not saved: please fix the fields marked below.')).toBeVisible()
  await expect(page.getByLabel('Video embed')).toHaveAccessibleDescription(
    /Only YouTube, Vimeo, Facebook or TikTok video embeds are allowed/,
  )
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Intramuros')

  // Publish from the owner banner on their site.
  const siteHref = await page.getByRole('link', { name: /^Open your site/ }).getAttribute('href')
  expect(siteHref).toMatch(/^\/wedding\/[a-z0-9-]+$/)
  await page.goto(siteHref!)
  await page.getByRole('button', { name: 'Ilathala' }).click()
  await expect(page.getByText('Nakalathala na ang inyong site.')).toBeVisible({ timeout: 30_000 })

  // A guest on a phone. The embedded database lives in this browser, so the guest is this same
  // browser once the couple has logged out.
  await page.goto('/manage/guests')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth\/login/, dbReady)
  await page.setViewportSize({ width: 360, height: 780 })
  const phone = page
  await phone.goto(`${siteHref}/schedule`)
  await expect(phone.getByRole('heading', { name: 'Seremonya ng Kasal' })).toBeVisible(dbReady)
  await expect(phone.getByText('Simbahan ng San Agustin')).toBeVisible()
  await expect(phone.getByText(/3:00 PM – 4:00 PM/)).toBeVisible()

  await openInApp(phone, `${siteHref}/wedding-party`)
  await expect(phone.getByText('Rev. Fr. Jose Dizon')).toBeVisible(dbReady)
  await expect(phone.getByText('Ninong Ramon Bautista')).toBeVisible()

  await openInApp(phone, `${siteHref}/faqs`)
  await phone.getByText('May dress code ba?').click()
  await expect(phone.getByText('Pormal o Filipiniana po.')).toBeVisible()

  await openInApp(phone, `${siteHref}/registry`)
  await expect(phone.getByText('Salamat sa inyong pagmamahal!')).toBeVisible(dbReady)
  await expect(phone.getByText('Liza Soberano')).toBeVisible()
  const qr = phone.getByRole('img', { name: /GCash/ })
  await qr.scrollIntoViewIfNeeded()
  await expect(qr).toHaveJSProperty('complete', true)
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  const photo = phone.getByRole('img', { name: 'Sina Liza at Enrique sa Tagaytay' })
  await expect(photo).toHaveAttribute('width', '1600')
  await expect(photo).toHaveAttribute('height', '1067')
  await expect(photo).toHaveAttribute('srcset', /800w, .* 1600w$/)
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0)

  // What the phone loaded is the small WebP, with no EXIF or GPS left in it.
  const served = await photo.evaluate(async (image: HTMLImageElement) => {
    const blob = await (await fetch(image.currentSrc)).blob()
    const bytes = new Uint8Array(await blob.arrayBuffer())
    const text = new TextDecoder('latin1').decode(bytes)
    // naturalWidth is scaled by srcset's density; the file's own width is what was served.
    const width = (await createImageBitmap(blob)).width
    return {
      size: bytes.length,
      width,
      riff: text.slice(0, 4),
      webp: text.slice(8, 12),
      exif: text.includes('Exif'),
      gps: text.includes('GPS'),
    }
  })
  expect(served).toMatchObject({ width: 800, riff: 'RIFF', webp: 'WEBP', exif: false, gps: false })
  const largest = await photo.evaluate(async (image: HTMLImageElement) => {
    const big = image.srcset.split(', ').at(-1)!.split(' ')[0]!
    return (await (await fetch(big)).arrayBuffer()).byteLength
  })
  console.log(`site photo: phone variant ${served.size} bytes, largest variant ${largest} bytes`)
  expect(largest).toBeLessThan(2 * 1024 * 1024)
  await expect(phone.getByRole('complementary', { name: 'Para sa inyo lamang' })).toBeHidden()
})

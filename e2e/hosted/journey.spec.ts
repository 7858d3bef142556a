import { expect, test, type Browser, type Page } from '@playwright/test'
import { stackPort } from '../../playwright.hosted.config'
import { expectNoSeriousA11yViolations } from '../support/axe'

// On the hosted stack, each person on their own phone (a browser context each, 360 px wide): a
// couple signs up and confirms by the e-mail's link, adds a household and publishes; a guest finds
// their name on the site and answers; the couple's RSVPs tab, open all along, shows the reply.
const stack = `http://127.0.0.1:${stackPort}`
const phone = { viewport: { width: 360, height: 740 }, hasTouch: true }
const READY = { timeout: 30_000 }

interface OutboxMessage {
  to: string[]
  subject: string
  links: string[]
}

async function mailTo(email: string): Promise<OutboxMessage[]> {
  return (await fetch(`${stack}/__outbox?to=${encodeURIComponent(email)}`)).json() as Promise<OutboxMessage[]>
}

async function newPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext(phone)
  return context.newPage()
}

/** A couple signs up on their phone and opens the confirmation e-mail's link; on the guest list. */
async function signUpByEmailLink(browser: Browser): Promise<{ couple: Page; bride: string }> {
  const run = `${Date.now()}`.slice(-6) + Math.floor(Math.random() * 10)
  const email = `couple-${run}@example.com`
  const bride = `Liza${run}`
  const couple = await newPhone(browser)
  await couple.goto('/auth/register')
  await couple.getByLabel("Bride's first name").fill(bride)
  await couple.getByLabel("Bride's last name").fill('Soberano')
  await couple.getByLabel("Groom's first name").fill('Enrique')
  await couple.getByLabel("Groom's last name").fill('Gil')
  await couple.getByLabel("We're still deciding").check()
  await couple.getByRole('button', { name: 'Next' }).click()
  await couple.getByLabel('Email').fill(email)
  await couple.getByLabel('Password', { exact: true }).fill('sampaguita-2027')
  await couple.getByRole('button', { name: "Let's go" }).click()
  await expect(couple.getByRole('heading', { name: 'Check your email' })).toBeVisible(READY)
  await expect(couple.getByText(`We've sent a link to ${email}.`, { exact: false })).toBeVisible()
  await expectNoSeriousA11yViolations(couple)

  // The confirmation e-mail's link, opened on the same phone: confirmed and signed in.
  await expect.poll(async () => (await mailTo(email)).length).toBe(1)
  const [mail] = await mailTo(email)
  await couple.goto(mail!.links[0]!)
  await expect(couple.getByRole('heading', { level: 1, name: `Welcome to Kasalan, ${bride} & Enrique!` })).toBeVisible(READY)
  await expectNoSeriousA11yViolations(couple)
  await couple.getByRole('link', { name: 'Go to your guest list' }).click()
  await expect(couple).toHaveURL(/\/manage\/guests$/, READY)

  return { couple, bride }
}

test('a couple signs up by e-mail link and publishes; a guest answers on another phone; the couple sees it', async ({ browser }) => {
  test.setTimeout(180_000)
  // ---- The couple signs up. ----
  const { couple } = await signUpByEmailLink(browser)

  // ---- A household with the guest, and the site published. ----
  await couple.getByRole('button', { name: 'Add Guest' }).click()
  const drawer = couple.getByRole('dialog', { name: 'Add Guest' })
  await drawer.getByLabel('First name').fill('Andres')
  await drawer.getByLabel('Last name').fill('Villanueva')
  await drawer.getByRole('button', { name: 'Save & close' }).click()
  await expect(couple.getByText('Added the household of Andres Villanueva.')).toBeVisible(READY)

  await couple.goto('/manage/website')
  await expect(couple.getByRole('heading', { name: 'Your website' })).toBeVisible(READY)
  const address = (await couple.getByTestId('site-address').textContent())!
  const slug = address.split('/wedding/')[1]!.trim()
  await couple.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(couple.getByRole('status').filter({ hasText: 'Published: guests can see your site' })).toBeVisible(READY)

  // The couple opens the RSVPs tab and leaves it open.
  await couple.goto('/manage/rsvps')
  const replies = couple.getByRole('list', { name: 'Replies by household' })
  await expect(replies).toBeVisible(READY)
  await expect(replies.getByRole('listitem').filter({ hasText: 'Andres Villanueva' }).first()).not.toContainText('Attending')

  // ---- The guest, on another phone, finds their name and answers. ----
  const guest = await newPhone(browser)
  await guest.goto(`/wedding/${slug}`)
  const search = guest.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
  await expect(search).toBeVisible(READY)
  await search.pressSequentially('andres villa', { delay: 40 })
  await guest.getByRole('link', { name: /Andres Villanueva/ }).click()
  await expect(guest.getByRole('heading', { level: 1, name: 'Kumusta, Andres!' })).toBeVisible(READY)
  await expectNoSeriousA11yViolations(guest)
  await guest.getByRole('radio', { name: 'Dadalo' }).check()
  await guest.getByRole('button', { name: 'Ipadala ang sagot' }).click()
  await expect(guest.getByRole('heading', { level: 1, name: 'Salamat, Andres!' })).toBeVisible(READY)
  const answered = Date.now()

  // ---- The couple's open tab shows it, without a reload. ----
  await expect(replies.getByRole('listitem').filter({ hasText: 'Andres Villanueva' }).first()).toContainText('Attending', { timeout: 90_000 })
  const shownAfter = Date.now() - answered
  await expectNoSeriousA11yViolations(couple)
  test.info().annotations.push({ type: 'reply shown on the open RSVPs tab after', description: `${shownAfter} ms` })
  console.log(`The reply showed on the couple's open RSVPs tab ${(shownAfter / 1000).toFixed(1)} s after the guest sent it`)
})

test("a photo taken on the couple's phone reaches a guest's phone through Storage", async ({ browser }) => {
  test.setTimeout(180_000)
  const { couple } = await signUpByEmailLink(browser)

  // The Gifts section's header photo, "from the phone", and the site published.
  await couple.goto('/manage/cms')
  await couple.locator('a[href^="/manage/cms/editor"]').filter({ has: couple.getByText('Gifts', { exact: true }) }).first().click()
  await expect(couple.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible(READY)
  const photo = await couple.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 1600
    canvas.height = 1000
    const context = canvas.getContext('2d')!
    const gradient = context.createLinearGradient(0, 0, 1600, 1000)
    gradient.addColorStop(0, '#b45309')
    gradient.addColorStop(1, '#f5e6c8')
    context.fillStyle = gradient
    context.fillRect(0, 0, 1600, 1000)
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9))
    return [...new Uint8Array(await blob.arrayBuffer())]
  })
  const header = couple.getByRole('group', { name: 'Section header' })
  await header.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo) })
  await expect(header.getByRole('button', { name: /^Replace photo/ })).toBeVisible(READY)
  await header.getByLabel('Describe the photo').fill('Sina Liza at Enrique sa Tagaytay')
  await couple.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(couple.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible(READY)

  await couple.goto('/manage/website')
  const address = (await couple.getByTestId('site-address').textContent())!
  const slug = address.split('/wedding/')[1]!.trim()
  await couple.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(couple.getByRole('status').filter({ hasText: 'Published: guests can see your site' })).toBeVisible(READY)

  // The guest's phone loads it from Storage by a signed address, as a visitor.
  const guest = await newPhone(browser)
  await guest.goto(`/wedding/${slug}/registry`)
  const image = guest.getByRole('img', { name: 'Sina Liza at Enrique sa Tagaytay' })
  await image.scrollIntoViewIfNeeded(READY)
  await expect(image).toHaveJSProperty('complete', true)
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0)
  expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
    new RegExp(`^${stack}/storage/v1/object/sign/site-media/[0-9a-f-]{36}/`),
  )
  await expectNoSeriousA11yViolations(guest)
})

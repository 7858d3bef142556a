import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { openInApp } from './support/navigation'
import { keepScreenshot } from './support/screenshots'
import { demoAccount, signInAsDemo } from './support/session'
import { callAs } from './support/sql-calls'

// What guests and the door met, on a 360 px phone in Filipino: the Messenger contact the Details form
// promised, a third "Dadalo" in a two-seat household, a reply the couple recorded told as the
// household's own, a full-size phone photo of a printed QR code, and a ninang's double surname
// split at its hyphen on the site. One start of the app.

test.describe.configure({ timeout: 300_000 })
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })
const BOOT = { timeout: 120_000 }
const WEDDING = '5eed0000-0000-4000-8000-000000000002'

interface Invitation {
  householdId: string
  token: string
  persons: Array<{ id: string; firstName: string }>
}

async function addHousehold(
  page: Page,
  lastName: string,
  firstNames: string[],
  seatCap: number | null,
) {
  const { id } = await callAs<{ id: string }>(page, demoAccount().id, 'save_household', {
    p_wedding_id: WEDDING,
    p_household: {
      email: null,
      phone: null,
      address: {},
      relationshipSide: 'bride',
      relationshipType: 'family',
      notes: null,
      seatCap,
      persons: firstNames.map((firstName) => ({
        firstName,
        lastName,
        type: 'adult',
        title: null,
        suffix: null,
        notes: null,
      })),
    },
  })
  const { households } = await callAs<{ households: Invitation[] }>(
    page,
    demoAccount().id,
    'list_invitations',
    { p_wedding_id: WEDDING },
  )
  return households.find((invitation) => invitation.householdId === id)!
}

/** The text of each line an element's words take on screen, read character by character. */
function linesOf(page: Page, text: string) {
  return page.getByText(text, { exact: true }).evaluate((element) => {
    const byLine = new Map<number, string>()
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
        const char = document.createRange()
        char.setStart(node, i)
        char.setEnd(node, i + 1)
        const top = Math.round(char.getBoundingClientRect().top)
        byLine.set(top, (byLine.get(top) ?? '') + node.textContent![i])
      }
    }
    return [...byLine.values()].map((line) => line.trim())
  })
}

/**
 * A 4032 × 3024 (12 MP) JPEG, as a phone's camera gives it, of the printed QR code `code` (a PNG):
 * the card on a table, turned a little, the code about 1,900 px wide, lit unevenly, with grain.
 */
function phonePhoto(page: Page, code: Buffer) {
  return page.evaluate(async (png) => {
    const image = await createImageBitmap(
      await (await fetch(`data:image/png;base64,${png}`)).blob(),
    )
    const canvas = document.createElement('canvas')
    canvas.width = 4032
    canvas.height = 3024
    const context = canvas.getContext('2d')!
    context.fillStyle = '#8a7a66'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.save()
    context.translate(2016, 1512)
    context.rotate((4 * Math.PI) / 180)
    context.fillStyle = '#f4f1ea'
    context.fillRect(-1350, -1150, 2700, 2300)
    context.imageSmoothingEnabled = false
    context.drawImage(image, -950, -950, 1900, 1900)
    context.restore()
    // Light from one side, and the camera's grain.
    const light = context.createLinearGradient(0, 0, canvas.width, canvas.height)
    light.addColorStop(0, 'rgba(255,255,255,0.18)')
    light.addColorStop(1, 'rgba(0,0,0,0.28)')
    context.fillStyle = light
    context.fillRect(0, 0, canvas.width, canvas.height)
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height)
    let seed = 45
    for (let i = 0; i < pixels.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const grain = (seed % 25) - 12
      for (let channel = i; channel < i + 3; channel++)
        pixels.data[channel] = pixels.data[channel]! + grain
    }
    context.putImageData(pixels, 0, 0)
    const blob = await new Promise<Blob>((done) =>
      canvas.toBlob((made) => done(made!), 'image/jpeg', 0.9),
    )
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(binary)
  }, code.toString('base64'))
}

test('guests see the Messenger contact, a third "Dadalo" for two seats is refused as it is ticked, a recorded reply is not called theirs, and the door reads a 12 MP photo of a printed QR', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('kasalan.language.app', 'fil')
    localStorage.setItem('kasalan.language.site', 'fil')
  })
  await signInAsDemo(page)
  await page.goto('/manage/guests')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(BOOT)
  const couple = demoAccount().id

  // The couple's Details: one person to ask, and a Messenger link.
  const wedding = await callAs<
    Record<string, unknown> & { contact: Record<string, string | null> }
  >(page, couple, 'get_my_wedding', {
    p_wedding_id: WEDDING,
  })
  await callAs(page, couple, 'update_wedding_details', {
    p_wedding_id: WEDDING,
    p_details: {
      bride: wedding.bride,
      groom: wedding.groom,
      date: wedding.date,
      location: wedding.location ?? null,
      hashtag: wedding.hashtag ?? '',
      siteLanguage: 'fil',
      contact: {
        ...wedding.contact,
        names: 'Tita Carmen',
        messenger: 'https://m.me/isabelatmiguel',
      },
    },
  })
  const capped = await addHousehold(page, 'Dimaculangan', ['Lorna', 'Ramon', 'Nilo'], 2)
  const recorded = await addHousehold(page, 'Salonga', ['Celia'], null)
  await callAs(page, couple, 'record_reply', {
    p_wedding_id: WEDDING,
    p_person_id: recorded.persons[0]!.id,
    p_is_attending: false,
    p_response: [],
  })

  // A ninang with a double surname, in the principal sponsors' narrow right-hand column.
  const PARTY = '5eed0001-0000-4000-8000-000000000005'
  type Party = {
    section: {
      title: string
      data: { entourage: { principalSponsors: { right: Array<{ name: string }> } } }
    }
    contentUpdatedAt: string
  }
  const party = await callAs<Party>(page, couple, 'get_section_content', { p_section_id: PARTY })
  const { entourage } = party.section.data
  const right = entourage.principalSponsors.right.map((sponsor) =>
    /Marites Aquino/.test(sponsor.name)
      ? { ...sponsor, name: 'Atty. Corazon Aquino-Reyes' }
      : sponsor,
  )
  await callAs(page, couple, 'save_section_content', {
    p_section_id: PARTY,
    p_title: party.section.title,
    p_data: {
      ...party.section.data,
      entourage: { ...entourage, principalSponsors: { ...entourage.principalSponsors, right } },
    },
    p_base_content_updated_at: party.contentUpdatedAt,
  })

  // On the site, the double surname is kept whole on its line, not "Aquino-" above "Reyes".
  await page.goto('/wedding/isabel-and-miguel')
  const contact = page.getByRole('region', { name: 'Makipag-ugnayan' })
  await expect(contact).toBeVisible(BOOT)
  const ninang = await linesOf(page, 'Atty. Corazon Aquino-Reyes')
  expect(ninang.length, `the ninang on ${JSON.stringify(ninang)}`).toBeGreaterThan(1)
  expect(ninang, 'the double surname on one line').toContain('Aquino-Reyes')

  // The site's contact section: the Messenger link, and one person named in the singular.
  await expect(contact.getByRole('link', { name: 'm.me/isabelatmiguel' })).toHaveAttribute(
    'href',
    'https://m.me/isabelatmiguel',
  )
  await expect(contact).toContainText('Ikagagalak ni Tita Carmen')
  await expect(contact).not.toContainText('Ikagagalak nina')
  await contact.scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'contact-messenger-360.png')

  // The two-seat household: the third "Dadalo" does not take, and says why where it was ticked.
  await openInApp(page, `/i/${capped.token}`)
  const person = (name: string) =>
    page.getByRole('group', { name: new RegExp(`${name} Dimaculangan`) })
  await expect(person('Lorna')).toBeVisible(BOOT)
  await person('Lorna').getByRole('radio', { name: 'Dadalo' }).check()
  await person('Ramon').getByRole('radio', { name: 'Dadalo' }).check()
  await person('Nilo').getByRole('radio', { name: 'Dadalo' }).click()
  await expect(person('Nilo').getByRole('radio', { name: 'Dadalo' })).not.toBeChecked()
  await expect(person('Nilo').getByRole('alert')).toContainText(
    '2 lang ang upuang nakalaan para sa inyo',
  )
  await expect(page.getByText(/magkasintahan/)).toHaveCount(0)
  await keepScreenshot(page, 'over-cap-360.png')
  await expectNoSeriousA11yViolations(page)
  // Once one of the others is not coming, the third "Dadalo" takes.
  await person('Ramon').getByRole('radio', { name: 'Hindi makakadalo' }).check()
  await person('Nilo').getByRole('radio', { name: 'Dadalo' }).check()
  await expect(person('Nilo').getByRole('radio', { name: 'Dadalo' })).toBeChecked()
  await expect(person('Nilo').getByRole('alert')).toHaveCount(0)

  // The household whose reply the couple recorded: not "received from you", not asked to answer.
  await openInApp(page, `/i/${recorded.token}`)
  await expect(page.getByRole('group', { name: /Celia Salonga/ })).toBeVisible(BOOT)
  await expect(
    page.getByText(/Naitala na nina Isabel at Miguel ang sagot ng inyong grupo/),
  ).toBeVisible()
  await expect(page.getByText(/Natanggap namin ang inyong sagot/)).toHaveCount(0)
  await expect(page.getByText(/^Pakisagot/)).toHaveCount(0)
  await keepScreenshot(page, 'recorded-reply-360.png')

  // The door, given a 12 MP phone photo of the household's printed QR code.
  await openInApp(page, '/manage/invitations/print')
  const card = page.getByTestId('print-card').filter({ hasText: 'Lorna Dimaculangan' })
  await expect(card).toBeVisible(BOOT)
  const code = await card.getByRole('img').evaluate(async (image: HTMLImageElement) => {
    // The printed code as a PNG of its own (the sheet's SVG, drawn at 330 px).
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 330
    const context = canvas.getContext('2d')!
    context.fillStyle = '#fff'
    context.fillRect(0, 0, 330, 330)
    const drawn = new Image()
    drawn.src = image.src
    await drawn.decode()
    context.drawImage(drawn, 0, 0, 330, 330)
    return canvas.toDataURL('image/png').split(',')[1]!
  })
  const photo = Buffer.from(await phonePhoto(page, Buffer.from(code, 'base64')), 'base64')
  test.info().annotations.push({
    type: 'photo',
    description: `4032 × 3024 JPEG, ${(photo.length / 1e6).toFixed(1)} MB`,
  })
  await openInApp(page, '/manage/checkin')
  await page.getByRole('button', { name: 'I-scan ang QR ng imbitasyon' }).click()
  const scanner = page.getByRole('dialog')
  await scanner
    .getByLabel('Kumuha o pumili ng litrato ng QR code')
    .setInputFiles({ name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(scanner).toBeHidden({ timeout: 30_000 })
  await expect(page.getByRole('article', { name: 'Dimaculangan' })).toContainText(
    'Lorna Dimaculangan',
  )
})

import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInAsDemo } from './support/session'
import { openInApp } from './support/navigation'

// A guest on a phone: the demo site, their name, their household's answers, the thank-you page.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

const household = (page: Page, name: RegExp) => page.getByRole('group', { name })

// The embedded database boots in each fresh browser context: slow on a busy machine.
const BOOT = { timeout: 90_000 }

test('a guest finds their name, answers for the household, changes one answer, and the couple sees it', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000)
  await page.goto('/')
  const search = page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
  await expect(search).toBeVisible(BOOT)

  // ---- The phone journey: from the search box to the thank-you page, timed. ----
  const started = Date.now()
  await search.scrollIntoViewIfNeeded()
  // Accent-free, the surname still being typed, as a guest would type it.
  await search.pressSequentially('cristina pen', { delay: 60 })
  const result = page.getByRole('link', { name: /Ma\. Cristina dela Cruz Peña/ })
  await expect(result).toContainText('3 katao sa grupo')
  await result.click()

  await expect(
    page.getByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' }),
  ).toBeVisible()
  await household(page, /Ma\. Cristina dela Cruz Peña/)
    .getByRole('radio', { name: 'Dadalo' })
    .check()
  await household(page, /Ma\. Cristina dela Cruz Peña/)
    .getByRole('radio', { name: 'Kare-kare' })
    .check()
  await household(page, /Ma\. Cristina dela Cruz Peña/)
    .getByRole('textbox', { name: 'Anong kanta ang magpapasayaw sa iyo?' })
    .fill('Buwan')
  await household(page, /Rodrigo Peña/)
    .getByRole('radio', { name: 'Hindi makakadalo' })
    .check()
  await household(page, /Bea Peña/)
    .getByRole('radio', { name: 'Dadalo' })
    .check()
  await household(page, /Bea Peña/)
    .getByRole('radio', { name: 'Gulay (vegetarian)' })
    .check()
  await page
    .getByRole('textbox', { name: /Mensahe para kina Isabel at Miguel/ })
    .fill('Excited na kami!')
  await page.getByRole('button', { name: 'Ipadala ang sagot' }).click()

  await expect(
    page.getByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' }),
  ).toBeVisible()
  const journeyMs = Date.now() - started
  testInfo.annotations.push({
    type: 'phone journey (search → thank-you)',
    description: `${journeyMs} ms`,
  })
  console.log(`RSVP phone journey, search to thank-you: ${(journeyMs / 1000).toFixed(1)} s`)
  expect(journeyMs, 'the journey takes well under a minute').toBeLessThan(60_000)

  await expect(page).toHaveURL(
    /\/rsvp\/5eed0002-0000-4000-8000-000000000005\/5eed0003-0000-4000-8000-000000000010\/thank-you$/,
  )
  const recorded = page.getByRole('region', { name: 'Ang naitala naming sagot' })
  await expect(recorded.getByRole('listitem').filter({ hasText: 'Ma. Cristina' })).toContainText(
    'Dadalo',
  )
  await expect(recorded.getByRole('listitem').filter({ hasText: 'Ma. Cristina' })).toContainText(
    'Kare-kare',
  )
  await expect(recorded.getByRole('listitem').filter({ hasText: 'Rodrigo' })).toContainText(
    'Hindi makakadalo',
  )
  await expect(recorded.getByRole('listitem').filter({ hasText: 'Bea' })).toContainText(
    'Gulay (vegetarian)',
  )
  await expect(recorded).toContainText('Excited na kami!')
  await expectNoSeriousA11yViolations(page)

  // The add-to-calendar file.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Idagdag sa kalendaryo' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('kasal-isabel-and-miguel.ics')
  const ics = readFileSync((await download.path())!, 'utf8')
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/)
  expect(ics).toMatch(/\r\nDTSTART:\d{4}1212T080000Z\r\n/)
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)

  // ---- Changing one answer: Rodrigo can come after all. ----
  await page.getByRole('link', { name: 'Baguhin ang sagot' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' }),
  ).toBeVisible()
  await expect(
    household(page, /Ma\. Cristina dela Cruz Peña/).getByRole('radio', { name: 'Kare-kare' }),
  ).toBeChecked()
  await expect(page.getByRole('textbox', { name: /Mensahe para kina/ })).toHaveValue(
    'Excited na kami!',
  )
  await expectNoSeriousA11yViolations(page)
  await household(page, /Rodrigo Peña/)
    .getByRole('radio', { name: 'Dadalo' })
    .check()
  await page.getByRole('button', { name: 'Ipadala ang sagot' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' }),
  ).toBeVisible()
  await expect(recorded.getByRole('listitem').filter({ hasText: 'Rodrigo' })).toContainText(
    'Dadalo',
  )
  await expect(recorded.getByRole('listitem').filter({ hasText: 'Ma. Cristina' })).toContainText(
    'Kare-kare',
  )

  // ---- Another guest's search, on the same phone: nothing matches, then a name that does. ----
  await test.step('the name search says when nothing matches, on the phone', async () => {
    // In the app, from the thank-you page: the couple's site by its own address.
    await openInApp(page, '/wedding/isabel-and-miguel')
    const search = page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
    await expect(search).toBeVisible(BOOT)
    await search.pressSequentially('zzyzx qwerty', { delay: 30 })
    await expect
      .soft(
        page.getByText(
          'Paumanhin, hindi namin natagpuan ang iyong pangalan. Mangyaring makipag-ugnayan sa amin upang matiyak kung paano nakasulat ang iyong mga detalye.',
        ),
      )
      .toBeVisible()
    await search.fill('andrea dela cruz')
    await expect
      .soft(page.getByRole('link', { name: /Andrea Dela Cruz/ }))
      .toHaveAttribute('href', /^\/wedding\/isabel-and-miguel\/rsvp\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/)
    await expectNoSeriousA11yViolations(page)
  })

  // ---- The couple, on the same browser's database, signs in and sees it in the RSVPs tab. ----
  await page.setViewportSize({ width: 1280, height: 900 })
  await openInApp(page, `/auth/login?returnTo=${encodeURIComponent('/manage/rsvps')}`)
  await expect(page.getByLabel('Email')).toBeVisible(BOOT)
  await page.getByLabel('Email').fill('demo@kasalan.ph')
  await page.getByLabel('Password', { exact: true }).fill('kasalan-demo')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/manage\/rsvps$/, BOOT)
  const replies = page.getByRole('list', { name: 'Replies by household' })
  await expect(replies).toBeVisible(BOOT)
  await page.getByRole('searchbox', { name: 'Find a guest' }).fill('pena')
  const rodrigo = replies.getByRole('listitem').filter({ hasText: 'Rodrigo Peña' }).last()
  await expect(rodrigo).toContainText('Attending')
  const cristina = replies
    .getByRole('listitem')
    .filter({ hasText: 'Ma. Cristina dela Cruz Peña' })
    .last()
  await expect(cristina).toContainText('Kare-kare')
  await expect(cristina).toContainText(/Answered \d+/)
  await expect(replies).toContainText('Excited na kami!')
  await expectNoSeriousA11yViolations(page)
})

test('the couple previews the confirmation e-mail; after the deadline the RSVP is closed; unknown ids are not found', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signInAsDemo(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  // The confirmation e-mail a household would get, from its real answers, in Filipino and English.
  await page.goto('/manage/email-preview/rsvp')
  await expect(page.getByLabel('Household')).toBeVisible(BOOT)
  await page.getByLabel('Household').selectOption({ label: 'Ramon Santos, Lourdes Santos' })
  await expect(
    page.getByText('Natanggap namin ang inyong RSVP — Kasal nina Isabel at Miguel'),
  ).toBeVisible()
  const email = page.frameLocator('iframe[title="E-mail body"]')
  await expect(email.getByText('Mahal na Ramon at Lourdes,')).toBeVisible()
  await expect(email.getByText('Dadalo').first()).toBeVisible()
  await page.getByRole('radio', { name: 'English' }).check()
  await expect(page.getByText("We received your RSVP — Isabel and Miguel's wedding")).toBeVisible()
  await expect(email.getByText('Dear Ramon and Lourdes,')).toBeVisible()
  // axe cannot run inside the sandboxed frame (no scripts there, on purpose): the page around it.
  await expectNoSeriousA11yViolations(page, 'header, h1, #email-preview-settings, details')

  await page.getByRole('link', { name: 'RSVPs' }).click()
  await page.getByRole('tab', { name: 'Deadline and questions' }).click(BOOT)
  await expect(page).toHaveURL(/\/manage\/rsvps\?view=settings$/)
  const settings = page.getByRole('form', { name: 'Deadline and questions' })
  await expect(settings).toBeVisible(BOOT)
  await expectNoSeriousA11yViolations(page)
  // Yesterday in Manila: the deadline day has passed there.
  const yesterday = new Date(Date.now() + 8 * 3600_000 - 24 * 3600_000)
  const dayName = yesterday
    .toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
    .replace(/^(\w+) /, '$1, ')
  await settings.getByRole('combobox', { name: 'RSVP deadline' }).click()
  const calendar = page.getByRole('dialog', { name: 'Choose the RSVP deadline' })
  // The picker names today "today, Monday, …" (yesterday in Manila is today in UTC after 16:00).
  const day = calendar.getByRole('button', { name: new RegExp(`^(today, )?${dayName}`, 'i') })
  // Yesterday may be in last month: the calendar opens on the current deadline's month.
  for (let step = 0; step < 24 && !(await day.isVisible()); step++)
    await calendar.getByRole('button', { name: 'Previous month' }).click()
  await day.click()
  await expect(settings.getByRole('combobox', { name: 'RSVP deadline' })).toHaveValue(dayName)
  await settings.getByRole('button', { name: 'Save deadline and questions' }).click()
  await expect(settings.getByRole('status')).toContainText('Saved.')

  await page.setViewportSize({ width: 360, height: 740 })
  await openInApp(
    page,
    '/wedding/isabel-and-miguel/rsvp/5eed0002-0000-4000-8000-000000000005/5eed0003-0000-4000-8000-000000000010',
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Sarado na ang RSVP' })).toBeVisible(
    BOOT,
  )
  await expect(page.getByRole('link', { name: 'isabelatmiguel@example.com' })).toHaveAttribute(
    'href',
    'mailto:isabelatmiguel@example.com',
  )
  await expect(page.getByRole('button', { name: 'Ipadala ang sagot' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  await page.goto(
    '/rsvp/00000000-0000-4000-8000-000000000000/5eed0003-0000-4000-8000-000000000010/',
  )
  await expect(
    page.getByRole('heading', { name: 'Hindi namin makita ang pahinang ito' }),
  ).toBeVisible(BOOT)
})

import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { watchConsole } from './support/console'
import { demoAccount, signInAsDemo } from './support/session'
import { keepScreenshot } from './support/screenshots'
import { openInApp } from './support/navigation'

// Events with their own RSVPs, on a phone. The demo couple adds a despedida to their schedule,
// makes it private for eight households, turns RSVPs on for the ceremony, the reception and the
// despedida, and adds a question asked at the reception only. A guest invited to the despedida
// answers yes to the ceremony and the reception (with the meal) and no to the despedida; a guest
// not invited never sees it. The couple's counts per event, and the CSV they download, match.

const BOOT = { timeout: 120_000 }
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

/** The eight households invited to the despedida, as the picker finds them. */
const invited = [
  ['cristina', 'Ma. Cristina dela Cruz Peña'],
  ['ramon santos', 'Ramon Santos'],
  ['antonio', 'Antonio Dela Cruz'],
  ['pacita', 'Pacita Dela Cruz'],
  ['eduardo', 'Eduardo Villanueva'],
  ['rolando', 'Rolando Bautista'],
  ['juan dela rosa', 'Juan Dela Rosa'],
  ['carlo', 'Carlo Mercado'],
] as const
/** Their persons: 3 + 2 + 2 + 1 + 2 + 2 + 1 + 2. */
const INVITED_PERSONS = 15
const DESSERT = 'Anong panghimagas sa handaan?'

const eventCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

async function logOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth\/login/, BOOT)
}

/** The four counts on the RSVPs tab, as numbers. */
async function tabCounts(page: Page) {
  const read = async (label: string) =>
    Number(
      (
        await page
          .locator('dl')
          .first()
          .locator('div')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .innerText()
      ).replace(/,/g, ''),
    )
  return {
    accepted: await read('Attending'),
    declined: await read('Not attending'),
    pending: await read('No reply yet'),
  }
}

async function chooseYes(section: Locator, person: RegExp, yes: boolean) {
  await section
    .getByRole('group', { name: person })
    .getByRole('radio', { name: yes ? 'Oo' : 'Hindi' })
    .check()
}

test('the couple opens a private despedida and per-event RSVPs; guests answer per event; counts and CSV match', async ({
  page,
}) => {
  test.setTimeout(480_000)
  const consoleErrors = watchConsole(page, 'couple')
  await signInAsDemo(page)

  // ---- The schedule: a despedida, added where the couple writes their site. ----
  await page.goto('/manage/cms/editor?section=schedule')
  await expect(page.getByRole('button', { name: 'Add event' })).toBeVisible(BOOT)
  await page.getByRole('button', { name: 'Add event' }).click()
  const added = page.getByRole('listitem').filter({ hasText: 'Event 5' })
  await added.getByLabel('Name', { exact: true }).fill('Despedida')
  await added.getByLabel('Type').selectOption('other')
  await added.getByLabel('What kind of event?').fill('Despedida')
  await added.getByLabel('Venue').fill('Bahay ng mga Peña')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
    timeout: 30_000,
  })

  // ---- The Events screen, from the RSVPs tab. ----
  await openInApp(page, '/manage/rsvps')
  await expect(page.getByRole('heading', { name: 'RSVPs', level: 1 })).toBeVisible(BOOT)
  // No event takes RSVPs yet: no chooser, the tab as before.
  await expect(page.getByLabel('Replies for')).toHaveCount(0)
  await page.getByRole('link', { name: 'Events' }).click()
  await expect(page).toHaveURL(/\/manage\/rsvps\/events$/)
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible(BOOT)
  await expect(
    page.getByRole('link', { name: 'Add or edit events in the schedule' }),
  ).toHaveAttribute('href', '/manage/cms/editor?section=schedule')
  for (const name of ['Seremonya ng Kasal', 'Cocktails', 'Salu-salo', 'Hapunan', 'Despedida'])
    await expect(eventCard(page, name)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // The reception first: the first event to take RSVPs is the seated one.
  const reception = eventCard(page, 'Salu-salo')
  await reception.getByLabel('Takes RSVPs').check()
  await reception.getByRole('button', { name: 'Save changes' }).click()
  await expect(reception.getByText('Saved. Guests see the change right away.')).toBeVisible()
  await expect(reception.getByText('Seated', { exact: true })).toBeVisible()
  await expect(
    reception.getByLabel('Seated: answers fill the seating chart and the door'),
  ).toBeChecked()

  const ceremony = eventCard(page, 'Seremonya ng Kasal')
  await ceremony.getByLabel('Takes RSVPs').check()
  await ceremony.getByRole('button', { name: 'Save changes' }).click()
  await expect(ceremony.getByText('Saved. Guests see the change right away.')).toBeVisible()
  await expect(ceremony.getByTestId('event-counts')).toContainText('0 attending')

  // The despedida: private, for eight households found by name.
  const despedida = eventCard(page, 'Despedida')
  await despedida.getByLabel('Takes RSVPs').check()
  await despedida.getByLabel('Private: only for the households I choose').check()
  // Private with nobody chosen: refused in words, nothing lost.
  await despedida.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    despedida.getByText(
      'Choose at least one household for a private event, or make it open to everyone.',
    ),
  ).toBeVisible()
  await expect(despedida.getByLabel('Private: only for the households I choose')).toBeChecked()
  // The refused choice takes the focus: the search, to find whom to invite.
  const search = despedida.getByRole('searchbox', { name: 'Find a household' })
  await expect(search).toBeFocused()
  for (const [typed, name] of invited) {
    await search.fill(typed)
    await despedida
      .getByRole('checkbox', { name: new RegExp(`^${name.replace('.', '\\.')}`) })
      .check()
  }
  await search.fill('')
  await expect(despedida.getByTestId('invited-count')).toHaveText('8 households invited')
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'events-picker-en.png', { fullPage: false })
  await despedida.getByRole('button', { name: 'Save changes' }).click()
  await expect(despedida.getByText('Saved. Guests see the change right away.')).toBeVisible()
  await expect(despedida.getByText('Private', { exact: true })).toBeVisible()
  await expect(despedida.getByTestId('event-counts')).toContainText(
    `0 attending · 0 not attending · ${INVITED_PERSONS} no reply yet · 8 households invited`,
  )

  // The seated event cannot be made private: the control is not offered, the database refuses too.
  await expect(reception.getByLabel('Private: only for the households I choose')).toHaveCount(0)
  // Nor can its RSVPs be turned off while other events take them: the database says why, in words.
  await reception.getByLabel('Takes RSVPs').uncheck()
  await reception.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    reception.getByText(
      'This is the seated event. Mark another event as seated before turning off its RSVPs.',
    ),
  ).toBeVisible()
  await expect(reception.getByLabel('Takes RSVPs')).not.toBeChecked()
  await reception.getByLabel('Takes RSVPs').check()
  await keepScreenshot(page, 'events-screen-en.png', { fullPage: true })

  // ---- A question asked at the reception only. ----
  await openInApp(page, '/manage/rsvps?view=settings')
  const settings = page.getByRole('form', { name: 'Deadline and questions' })
  await expect(settings).toBeVisible(BOOT)
  await settings.getByRole('button', { name: 'Add a question' }).click()
  await settings.getByRole('textbox', { name: 'Text of question 3' }).fill(DESSERT)
  const askedFor = settings.getByRole('combobox', { name: 'Asked for for question 3' })
  await expect(askedFor.locator('option')).toHaveText([
    'Salu-salo (seated)',
    'Seremonya ng Kasal',
    'Despedida',
  ])
  await askedFor.selectOption({ label: 'Salu-salo (seated)' })
  await askedFor.scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'events-asked-for-en.png')
  await settings.getByRole('button', { name: 'Save deadline and questions' }).click()
  await expect(settings.getByText('Saved. Guests see the changes right away.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await logOut(page)

  // ---- An invited guest: yes to the ceremony and the reception (with the meal), no to the despedida. ----
  await page.goto('/')
  const guestSearch = page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
  await expect(guestSearch).toBeVisible(BOOT)
  await guestSearch.pressSequentially('cristina pen', { delay: 30 })
  await page.getByRole('link', { name: /Ma\. Cristina dela Cruz Peña/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' })).toBeVisible(
    BOOT,
  )
  const guestCeremony = page.getByRole('region', { name: /Seremonya ng Kasal/ })
  const guestReception = page.getByRole('region', { name: /Salu-salo/ })
  const guestDespedida = page.getByRole('region', { name: /Despedida/ })
  await expect(guestDespedida).toBeVisible()
  for (const person of [/Ma\. Cristina/, /Rodrigo/, /Bea/]) {
    await chooseYes(guestCeremony, person, true)
    await chooseYes(guestReception, person, true)
    await chooseYes(guestDespedida, person, false)
  }
  // The meal and the dessert are asked at the reception, not at the ceremony.
  await expect(guestCeremony.getByText(DESSERT)).toHaveCount(0)
  const cristina = guestReception.getByRole('group', { name: /Ma\. Cristina/ })
  await cristina.getByRole('radio', { name: 'Kare-kare' }).check()
  await expect(cristina.getByText(DESSERT)).toBeVisible()
  await page.getByRole('button', { name: 'Ipadala ang sagot' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' })).toBeVisible(
    BOOT,
  )

  // ---- A guest not invited to the despedida never sees it: not on the RSVP page, not in the schedule. ----
  await openInApp(page, '/')
  await expect(guestSearch).toBeVisible(BOOT)
  await guestSearch.pressSequentially('jessa ramos', { delay: 30 })
  await page.getByRole('link', { name: /Jessa Ramos/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Jessa!' })).toBeVisible(BOOT)
  await expect(page.getByRole('region', { name: /Seremonya ng Kasal/ })).toBeVisible()
  await expect(page.getByText('Despedida')).toHaveCount(0)
  await expect(page.locator('body')).not.toContainText('Bahay ng mga Peña')
  await openInApp(page, '/wedding/isabel-and-miguel/schedule')
  await expect(page.getByText('Seremonya ng Kasal').first()).toBeVisible(BOOT)
  await expect(page.locator('body')).not.toContainText('Despedida')

  // ---- The couple again: the counts per event, and the CSV. ----
  const demo = demoAccount()
  await page.goto('/auth/login')
  await page.getByLabel('Email').fill(demo.email)
  await page.getByLabel('Password', { exact: true }).fill(demo.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/manage\//, BOOT)
  await openInApp(page, '/manage/rsvps')
  const chooser = page.getByLabel('Replies for')
  await expect(chooser).toBeVisible(BOOT)
  await expect(chooser.locator('option')).toHaveText([
    'Seremonya ng Kasal',
    'Salu-salo (seated)',
    'Despedida',
  ])
  await expect(chooser).toHaveValue(
    (await chooser.locator('option', { hasText: 'Salu-salo' }).getAttribute('value')) as string,
  )

  // A reply taken over the phone, for the despedida only: Ramon Santos comes.
  await chooser.selectOption({ label: 'Despedida' })
  await page.getByRole('searchbox', { name: 'Find a guest' }).fill('ramon santos')
  await page.getByRole('button', { name: 'Record reply for Ramon Santos' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record a reply' })
  await expect(dialog).toContainText(
    'For Ramon Santos, at the Despedida. The RSVP deadline does not apply to you.',
  )
  await dialog.getByRole('radio', { name: 'Attending', exact: true }).check()
  // The reception's questions are not asked for the despedida.
  await expect(dialog.getByText(DESSERT)).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Save reply' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page
      .getByRole('list', { name: 'Replies by household' })
      .getByText('Attending', { exact: true }),
  ).toBeVisible()
  await page.getByRole('searchbox', { name: 'Find a guest' }).fill('')

  const counts: Record<string, { accepted: number; declined: number; pending: number }> = {}
  for (const name of ['Seremonya ng Kasal', 'Salu-salo (seated)', 'Despedida']) {
    await chooser.selectOption({ label: name })
    await expect(page.getByRole('list', { name: 'Replies by household' })).toBeVisible()
    counts[name] = await tabCounts(page)
  }
  expect(counts['Seremonya ng Kasal']).toMatchObject({ accepted: 3, declined: 0 })
  expect(counts['Despedida']).toEqual({ accepted: 1, declined: 3, pending: INVITED_PERSONS - 4 })
  // The despedida's list holds only its eight households.
  await chooser.selectOption({ label: 'Despedida' })
  const list = page.getByRole('list', { name: 'Replies by household' })
  await expect(list.getByText('Jessa Ramos')).toHaveCount(0)
  await expect(list.getByText('Ma. Cristina dela Cruz Peña')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'events-rsvps-tab-en.png', { fullPage: false })

  // The reception's answers are the persons' own: the meal is there.
  await chooser.selectOption({ label: 'Salu-salo (seated)' })
  await page.getByRole('searchbox', { name: 'Find a guest' }).fill('cristina')
  await expect(list.getByText('Kare-kare')).toBeVisible()

  // The forecast for the despedida: its own yeses and noes.
  await openInApp(page, '/manage/rsvps/forecast')
  await page.getByLabel('Forecast for').selectOption({ label: 'Despedida' })
  await expect(page.getByTestId('forecast-declined').locator('dd')).toHaveText('3')
  await expect(page.getByTestId('forecast-confirmedAdults').locator('dd')).toHaveText('1')
  await expect(page.getByTestId('forecast-pending').locator('dd')).toHaveText(
    String(INVITED_PERSONS - 4),
  )
  await expectNoSeriousA11yViolations(page)

  // The CSV, downloaded from the guest list and read as a file.
  await openInApp(page, '/manage/guests')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click(BOOT)
  const download = await downloading
  const file = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  const rows = Papa.parse<string[]>(file, { skipEmptyLines: true }).data
  const header = rows[0]!
  expect(header).toEqual(
    expect.arrayContaining(['RSVP: Seremonya ng Kasal', 'RSVP: Salu-salo', 'RSVP: Despedida']),
  )
  const tally = (column: string, value: string) =>
    rows.slice(1).filter((row) => row[header.indexOf(column)] === value).length
  for (const [label, column] of [
    ['Seremonya ng Kasal', 'RSVP: Seremonya ng Kasal'],
    ['Salu-salo (seated)', 'RSVP: Salu-salo'],
    ['Despedida', 'RSVP: Despedida'],
  ] as const) {
    expect(
      {
        accepted: tally(column, 'Accepted'),
        declined: tally(column, 'Declined'),
        pending: tally(column, 'Pending'),
      },
      column,
    ).toEqual(counts[label])
  }
  expect(tally('RSVP: Despedida', 'Not invited')).toBe(rows.length - 1 - INVITED_PERSONS)
  const cristinaRow = rows.find((row) => row[1] === 'Ma. Cristina')!
  expect(cristinaRow[header.indexOf('RSVP: Despedida')]).toBe('Declined')
  expect(cristinaRow[header.indexOf('Anong ulam ang gusto mo sa hapunan?')]).toBe('Kare-kare')
  expect(cristinaRow[0]).toBe('dela Cruz Peña')

  // ---- In Filipino: the Events screen and the tab, looked at. ----
  await page.evaluate(() => localStorage.setItem('kasalan.language.app', 'fil'))
  await page.goto('/manage/rsvps/events')
  await expect(page.getByRole('heading', { name: 'Mga event', level: 1 })).toBeVisible(BOOT)
  await expect(eventCard(page, 'Despedida').getByText('Pribado', { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'events-screen-fil.png', { fullPage: true })
  await openInApp(page, '/manage/rsvps')
  await expect(page.getByLabel('Mga sagot para sa')).toBeVisible(BOOT)
  await keepScreenshot(page, 'events-rsvps-tab-fil.png', { fullPage: false })
  consoleErrors.expectNoErrors()
})

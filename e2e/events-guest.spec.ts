import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { watchConsole } from './support/console'
import { demoAccount } from './support/session'
import { callAs } from './support/sql-calls'
import { keepScreenshot } from './support/screenshots'

// The guest's side of events with their own RSVPs, on a phone: the demo's RSVP page as it is
// while no event takes RSVPs; then (set up by the couple's database calls) the ceremony, the
// reception and a private despedida for eight households take RSVPs, the meal asked at the
// reception only. An invited household says yes to the ceremony and no to the despedida; a
// household not invited never sees the despedida: not on its page, its schedule, its calendar
// file or the database's answers to it.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

const BOOT = { timeout: 120_000 }
const WEDDING = '5eed0000-0000-4000-8000-000000000002'
const SCHEDULE = '5eed0001-0000-4000-8000-000000000003'
const household = (n: number) => `5eed0002-0000-4000-8000-${String(n).padStart(12, '0')}`
const person = (n: number) => `5eed0003-0000-4000-8000-${String(n).padStart(12, '0')}`
// Ma. Cristina, Rodrigo and Bea Peña; Ramon and Lourdes Santos (the seed's households 5 and 1).
const PENA = household(5)
const CRISTINA = person(10)
const SANTOS = household(1)
const RAMON = person(1)
// The despedida's eight households: the Peñas and the seven after them, never the Santoses.
const DESPEDIDA_HOUSEHOLDS = [5, 6, 7, 8, 9, 10, 11, 12].map(household)

interface ScheduleEvent {
  id?: string
  name?: string
  type?: string
  date?: string
  startTime?: string
  [key: string]: unknown
}
interface ListedEvent {
  id: string
  name: string
  isMain: boolean
  takesRsvp: boolean
}

const card = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name}`) })
const answer = (page: Page, event: string, who: RegExp, label: string) =>
  card(page, event)
    .getByRole('group', { name: who })
    .getByRole('radio', { name: label, exact: true })
    .check()

async function downloadIcs(page: Page, button: string) {
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: button }).click()
  const download = await downloading
  return readFileSync((await download.path())!, 'utf8').replace(/\r\n /g, '')
}

/** The couple's set-up, through the database's own calls as the demo couple. */
async function setUpEvents(page: Page) {
  const couple = demoAccount().id
  const content = await callAs<{
    section: { title: string; data: { events: ScheduleEvent[] } }
    contentUpdatedAt: string
  }>(page, couple, 'get_section_content', { p_section_id: SCHEDULE })
  const events = content.section.data.events
  // Every event already has its id (the migration gave them).
  expect(events.every((event) => /^[0-9a-f-]{36}$/.test(event.id ?? ''))).toBe(true)
  const ceremony = events.find((event) => event.type === 'ceremony')!
  const despedida: ScheduleEvent = {
    name: 'Despedida',
    type: 'despedida',
    date: ceremony.date,
    startTime: '10:00',
    endTime: '12:00',
    venue: 'Bahay ni Lola Nena',
  }
  await callAs(page, couple, 'save_section_content', {
    p_section_id: SCHEDULE,
    p_title: content.section.title,
    p_data: { ...content.section.data, events: [despedida, ...events] },
    p_base_content_updated_at: content.contentUpdatedAt,
  })

  const listed = await callAs<ListedEvent[]>(page, couple, 'list_events', { p_wedding_id: WEDDING })
  const byName = (name: RegExp) => listed.find((event) => name.test(event.name))!
  const ids = {
    ceremony: byName(/Seremonya/).id,
    reception: byName(/Salu-salo/).id,
    despedida: byName(/Despedida/).id,
  }
  const settings = (extra: Record<string, unknown> = {}) => ({
    takesRsvp: true,
    deadline: null,
    isPrivate: false,
    isMain: false,
    householdIds: [],
    ...extra,
  })
  await callAs(page, couple, 'save_event_settings', {
    p_wedding_id: WEDDING,
    p_event_id: ids.reception,
    p_settings: settings({ isMain: true }),
  })
  await callAs(page, couple, 'save_event_settings', {
    p_wedding_id: WEDDING,
    p_event_id: ids.ceremony,
    p_settings: settings(),
  })
  const after = await callAs<ListedEvent[]>(page, couple, 'save_event_settings', {
    p_wedding_id: WEDDING,
    p_event_id: ids.despedida,
    p_settings: settings({ isPrivate: true, householdIds: DESPEDIDA_HOUSEHOLDS }),
  })
  expect(after.filter((event) => event.takesRsvp).map((event) => event.name)).toEqual([
    'Despedida',
    'Seremonya ng Kasal',
    'Salu-salo',
  ])
  expect(after.find((event) => event.isMain)?.id).toBe(ids.reception)

  // The meal is the reception's question; the song is asked with the main answer, as before.
  const wedding = await callAs<{
    rsvpDeadline: string | null
    rsvpQuestions: Array<{ id: string }>
  }>(page, couple, 'get_my_wedding', {
    p_wedding_id: WEDDING,
  })
  await callAs(page, couple, 'update_rsvp_settings', {
    p_wedding_id: WEDDING,
    p_deadline: wedding.rsvpDeadline,
    p_questions: wedding.rsvpQuestions.map((question) =>
      question.id === 'meal' ? { ...question, eventId: ids.reception } : question,
    ),
  })
  return ids
}

test('per-event answers: yes to the ceremony, no to the private despedida; an uninvited household never sees it', async ({
  page,
}) => {
  test.setTimeout(420_000)
  const consoleErrors = watchConsole(page, 'guest')

  // ---- No event takes RSVPs yet: the page is the one every wedding has today. ----
  await page.goto(`/rsvp/${PENA}/${CRISTINA}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' })).toBeVisible(
    BOOT,
  )
  await expect(
    page
      .getByRole('group', { name: /Ma\. Cristina dela Cruz Peña/ })
      .getByRole('radio', { name: 'Dadalo' }),
  ).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Oo', exact: true })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0)
  await expect(page.getByText('Pakisagot hanggang')).toBeVisible()
  await keepScreenshot(page, 'events-guest-rsvp-whole-wedding-fil-360.png', { fullPage: true })

  const ids = await setUpEvents(page)

  // ---- An invited household: one card per event, in the schedule's order. ----
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' })).toBeVisible(
    BOOT,
  )
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Despedida',
    'Seremonya ng Kasal',
    'Salu-salo',
  ])
  await expect(card(page, 'Despedida')).toContainText('10:00 AM–12:00 PM · Bahay ni Lola Nena')
  await expect(card(page, 'Despedida')).toContainText('Pakisagot hanggang')
  for (const who of [/Ma\. Cristina/, /Rodrigo/, /Bea/]) {
    await answer(page, 'Seremonya ng Kasal', who, 'Oo')
    await answer(page, 'Despedida', who, 'Hindi')
  }
  await answer(page, 'Salu-salo', /Ma\. Cristina/, 'Oo')
  await answer(page, 'Salu-salo', /Rodrigo/, 'Oo')
  await answer(page, 'Salu-salo', /Bea/, 'Hindi')
  // The meal is asked at the reception only, under those who come.
  await expect(
    card(page, 'Seremonya ng Kasal').getByRole('group', {
      name: 'Anong ulam ang gusto mo sa hapunan?',
    }),
  ).toHaveCount(0)
  await expect(
    card(page, 'Despedida').getByRole('group', { name: 'Anong ulam ang gusto mo sa hapunan?' }),
  ).toHaveCount(0)
  const reception = card(page, 'Salu-salo')
  await expect(
    reception.getByRole('group', { name: 'Anong ulam ang gusto mo sa hapunan?' }),
  ).toHaveCount(2)
  await reception
    .getByRole('group', { name: /Ma\. Cristina/ })
    .getByRole('radio', { name: 'Kare-kare' })
    .check()
  await reception
    .getByRole('group', { name: /Rodrigo/ })
    .getByRole('radio', { name: 'Inihaw na manok' })
    .check()
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'events-guest-rsvp-fil-360.png', { fullPage: true })
  await card(page, 'Despedida').scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'events-guest-rsvp-card-fil-360.png')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  await page.getByRole('button', { name: 'Ipadala ang sagot' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' }),
  ).toBeVisible()
  const recorded = page.getByRole('region', { name: 'Ang naitala naming sagot' })
  await expect(
    recorded.getByRole('region', { name: 'Despedida' }).getByText('Hindi makakadalo'),
  ).toHaveCount(3)
  await expect(
    recorded
      .getByRole('region', { name: 'Seremonya ng Kasal' })
      .getByText('Dadalo', { exact: true }),
  ).toHaveCount(3)
  await expect(recorded.getByRole('region', { name: 'Salu-salo' })).toContainText('Kare-kare')
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'events-guest-thank-you-fil-360.png', { fullPage: true })

  // The calendar holds what they come to: never the despedida they declined.
  await expect(
    page.getByText('Kasama sa kalendaryo: Seremonya ng Kasal, Cocktails, Salu-salo, Hapunan', {
      exact: true,
    }),
  ).toBeVisible()
  const invitedIcs = await downloadIcs(page, 'Idagdag sa kalendaryo')
  expect(invitedIcs).toContain('SUMMARY:Seremonya ng Kasal · Kasal nina Isabel at Miguel')
  expect(invitedIcs).toContain(`UID:wedding-isabel-and-miguel-${ids.reception}@kasalan.ph`)
  expect(invitedIcs).not.toContain('Despedida')

  // What the database kept: the despedida declined, nothing else touched by it.
  const couple = demoAccount().id
  const replies = await callAs<Array<{ eventId: string; personId: string; isAttending: boolean }>>(
    page,
    couple,
    'list_replies',
    {
      p_wedding_id: WEDDING,
    },
  )
  const penas = [person(10), person(11), person(12)]
  const of = (event: string) =>
    replies
      .filter((reply) => reply.eventId === event && penas.includes(reply.personId))
      .map((reply) => reply.isAttending)
  expect(of(ids.despedida)).toEqual([false, false, false])
  expect(of(ids.ceremony)).toEqual([true, true, true])
  // The reception's answers are the persons' own, as before events: Bea's no, the others' yes.
  const households = await callAs<
    Array<{ id: string; persons: Array<{ id: string; isAttending: boolean | null }> }>
  >(page, couple, 'list_rsvps', {
    p_wedding_id: WEDDING,
  })
  expect(households.find((one) => one.id === PENA)!.persons.map((one) => one.isAttending)).toEqual([
    true,
    true,
    false,
  ])

  // In English, the same page.
  await page.getByRole('link', { name: 'Baguhin ang sagot' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' }),
  ).toBeVisible()
  await page.getByRole('button', { name: /^English/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ma. Cristina!' })).toBeVisible()
  await expect(card(page, 'Despedida').getByRole('radio', { name: 'No', exact: true })).toHaveCount(
    3,
  )
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'events-guest-rsvp-en-360.png', { fullPage: true })
  await page.getByRole('button', { name: 'Send my reply' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you, Ma. Cristina!' }),
  ).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: 'What we recorded' })
      .getByRole('region', { name: 'Despedida' })
      .getByText('Not attending'),
  ).toHaveCount(3)
  await expectNoSeriousA11yViolations(page)
  await keepScreenshot(page, 'events-guest-thank-you-en-360.png', { fullPage: true })
  await page.getByRole('button', { name: /^Filipino/ }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' }),
  ).toBeVisible()

  // ---- A household not invited to the despedida: it does not exist for them. ----
  await page.goto(`/rsvp/${SANTOS}/${RAMON}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Ramon!' })).toBeVisible(BOOT)
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Seremonya ng Kasal',
    'Salu-salo',
  ])
  await expect(page.locator('body')).not.toContainText('Despedida')
  const rawRsvp = JSON.stringify(
    await callAs(page, null, 'get_rsvp', {
      p_household_id: SANTOS,
      p_person_id: RAMON,
      p_code: null,
    }),
  )
  expect(rawRsvp).not.toContain('Despedida')
  expect(rawRsvp).not.toContain(ids.despedida)
  // Answering a despedida they are not invited to is refused like an event that does not exist.
  await expect(
    callAs(page, null, 'submit_rsvp', {
      p_household_id: SANTOS,
      p_person_id: RAMON,
      p_answers: [{ personId: RAMON, events: [{ eventId: ids.despedida, isAttending: true }] }],
      p_message: null,
      p_code: null,
    }),
  ).rejects.toThrow('invalid_input')
  for (const who of [/Ramon/, /Lourdes/]) {
    await answer(page, 'Seremonya ng Kasal', who, 'Oo')
    await answer(page, 'Salu-salo', who, 'Oo')
  }
  await page.getByRole('button', { name: 'Ipadala ang sagot' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Salamat, Ramon!' })).toBeVisible()
  await expect(page.locator('body')).not.toContainText('Despedida')
  const uninvitedIcs = await downloadIcs(page, 'Idagdag sa kalendaryo')
  expect(uninvitedIcs).toContain('SUMMARY:Salu-salo · Kasal nina Isabel at Miguel')
  expect(uninvitedIcs).not.toContain('Despedida')
  expect(uninvitedIcs).not.toContain('Lola Nena')

  // The site's schedule, for every visitor: no despedida either.
  await page.goto('/wedding/isabel-and-miguel/schedule')
  await expect(page.getByText('Seremonya ng Kasal').first()).toBeVisible(BOOT)
  await expect(page.locator('body')).not.toContainText('Despedida')

  // ---- The despedida's own deadline passes: closed, read-only; the ceremony still answers. ----
  const yesterday = new Date(Date.now() + 8 * 3600_000 - 24 * 3600_000).toISOString().slice(0, 10)
  await callAs(page, demoAccount().id, 'save_event_settings', {
    p_wedding_id: WEDDING,
    p_event_id: ids.despedida,
    p_settings: {
      takesRsvp: true,
      deadline: yesterday,
      isPrivate: true,
      isMain: false,
      householdIds: DESPEDIDA_HOUSEHOLDS,
    },
  })
  await page.goto(`/rsvp/${PENA}/${CRISTINA}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' })).toBeVisible(
    BOOT,
  )
  const closed = card(page, 'Despedida')
  await expect(closed.getByRole('heading', { level: 2 })).toHaveText('Despedida Sarado na')
  await expect(closed).toContainText('Natapos ang pagtanggap ng sagot dito noong')
  await expect(closed.getByRole('radio')).toHaveCount(0)
  // Found by the link without the code: the answers stay private, that they answered is said.
  await expect(closed.getByText('Nakasagot na')).toHaveCount(3)
  await expectNoSeriousA11yViolations(page)
  await closed.scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'events-guest-closed-fil-360.png')
  for (const who of [/Ma\. Cristina/, /Rodrigo/, /Bea/]) {
    await answer(page, 'Seremonya ng Kasal', who, 'Hindi')
    await answer(page, 'Salu-salo', who, 'Hindi')
  }
  await page.getByRole('button', { name: 'Ipadala ang sagot' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' }),
  ).toBeVisible()
  const after = await callAs<Array<{ eventId: string; personId: string; isAttending: boolean }>>(
    page,
    couple,
    'list_replies',
    { p_wedding_id: WEDDING },
  )
  const now = (event: string) =>
    after
      .filter((reply) => reply.eventId === event && penas.includes(reply.personId))
      .map((reply) => reply.isAttending)
  expect(now(ids.ceremony)).toEqual([false, false, false])
  expect(now(ids.despedida)).toEqual([false, false, false])

  consoleErrors.expectNoErrors()
})

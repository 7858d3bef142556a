import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import {
  coupleWithGuests,
  keepJournal,
  median,
  newPhone,
  phone,
  READY,
  serverRoster,
  signInOnPhone,
  storedSession,
  usherOf,
} from './support'

// The door on the hosted stack, each usher on their own phone (a browser context each, 360 px
// wide, its own storage and network): two ushers at one door, and an usher whose phone loses the
// signal, reloads the page with none, and gets it back. What the server holds is read over HTTP.

const arrived = (page: Page) => page.getByTestId('checkin-arrived')

/** The households each test's wedding is given (one person each, first name and surname). */
const doorGuests: Array<[string, string]> = [
  ['Juan', 'Dela Rosa'],
  ['Nena', 'Mendoza'],
  ['Jessa', 'Ramos'],
  ['Kevin', 'Cruz'],
  ['Hannah', 'Lopez'],
  ['Emmanuel', 'Villareal'],
  ['Victor', 'Salazar'],
  ['Rosario', 'Bautista'],
]

/** Waits, checking every 50 ms, until the door's arrived count reads `count`; resolves when it does. */
async function untilArrived(page: Page, count: number, timeout: number) {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="checkin-arrived"]')?.textContent === expected,
    String(count),
    { polling: 50, timeout },
  )
  return Date.now()
}

/** Finds one guest by `search` and marks them arrived on this phone. */
async function markArrived(usher: Page, search: string, name: string) {
  await usher.getByRole('searchbox', { name: 'Find a guest' }).fill(search)
  await usher.getByRole('button', { name: `Mark ${name} arrived` }).click()
}

test("two ushers on two phones: the same guest at the same moment is one arrival; each sees the other's within 5 s", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const guests = doorGuests.slice(0, 5)
  const { couple, wedding, households } = await coupleWithGuests('Ligaya', 'Ramon', guests)
  const [jun, bong] = await Promise.all([
    usherOf(wedding, couple, 'Kuya Jun'),
    usherOf(wedding, couple, 'Kuya Bong'),
  ])
  const [a, b] = await Promise.all([newPhone(browser), newPhone(browser)])
  await Promise.all([
    signInOnPhone(a, jun, '/manage/checkin'),
    signInOnPhone(b, bong, '/manage/checkin'),
  ])
  for (const usher of [a, b]) {
    await expect(usher).toHaveURL(/\/manage\/checkin$/)
    await expect(arrived(usher)).toHaveText('0', READY)
  }

  // The same guest, on both phones, tapped at the same moment.
  const juan = households[0]!.persons[0]!
  for (const usher of [a, b])
    await usher.getByRole('searchbox', { name: 'Find a guest' }).fill('Dela Rosa')
  const taps = [a, b].map((usher) =>
    usher.getByRole('button', { name: 'Mark Juan Dela Rosa arrived' }),
  )
  await Promise.all(taps.map((tap) => expect(tap).toBeVisible()))
  await Promise.all(taps.map((tap) => tap.click()))
  for (const usher of [a, b]) {
    await expect(arrived(usher)).toHaveText('1')
    await expect(usher.getByTestId('checkin-waiting')).toHaveText('All check-ins sent', READY)
  }
  // One arrival: the person once, and one change at the door (the second call changed nothing).
  const afterBoth = await serverRoster(wedding.id, couple)
  expect(afterBoth.arrivals).toEqual([juan.id])
  expect(afterBoth.version).toBe(1)

  // Each usher's check-in, timed from the tap to the other phone's count.
  const shown: number[] = []
  let count = 1
  for (const [index, [first, last]] of guests.slice(1).entries()) {
    const [from, to] = index % 2 === 0 ? [a, b] : [b, a]
    await from.getByRole('searchbox', { name: 'Find a guest' }).fill(last)
    const tap = from.getByRole('button', { name: `Mark ${first} ${last} arrived` })
    await expect(tap).toBeVisible()
    const tapped = Date.now()
    await tap.click()
    count += 1
    shown.push((await untilArrived(to, count, 5_000)) - tapped)
  }
  await expect(arrived(a)).toHaveText(String(guests.length))
  await expect(arrived(b)).toHaveText(String(guests.length))
  expect((await serverRoster(wedding.id, couple)).arrivals.toSorted()).toEqual(
    households.map((h) => h.persons[0]!.id).toSorted(),
  )
  console.log(
    `An usher's check-in showed on the other usher's phone after ${shown.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} (median ${(median(shown) / 1000).toFixed(1)} s)`,
  )
  test.info().annotations.push({
    type: "check-in shown on the other usher's phone after (median)",
    description: `${median(shown)} ms`,
  })
})

test("an usher's phone loses the signal, checks in 5, reloads with none, checks in 2 more: 7 arrivals, none lost or doubled", async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const guests = doorGuests
  const { couple, wedding, households } = await coupleWithGuests('Amihan', 'Datu', guests)
  const jun = await usherOf(wedding, couple, 'Kuya Jun')

  // The usher's phone keeps the app (its service worker), as an installed app does.
  const context = await browser.newContext({ ...phone, serviceWorkers: 'allow' })
  const usher = await context.newPage()
  keepJournal(usher, "the usher's phone")
  const sent: string[] = []
  context.on('request', (request) => {
    if (!request.url().endsWith('/rest/v1/rpc/record_checkins')) return
    const actions = (request.postDataJSON() as { p_actions: Array<{ id: string }> }).p_actions
    sent.push(...actions.map((action) => action.id))
  })
  await signInOnPhone(usher, jun, '/manage/checkin')
  await expect(arrived(usher)).toHaveText('0', READY)
  await usher.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    )
  })

  await context.setOffline(true)
  await expect(usher.getByText('Offline: check-ins are kept on this phone')).toBeVisible()
  for (const [first, last] of guests.slice(0, 5)) await markArrived(usher, last, `${first} ${last}`)
  await expect(arrived(usher)).toHaveText('5')
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('5 check-ins waiting to send')

  // The reload comes after the access token has expired: with no network it cannot be refreshed,
  // and the door must open with the session the phone last had.
  const session = await storedSession(usher)
  expect(session).not.toBeNull()
  await expect.poll(() => Date.now() / 1000 > session!.expires_at, { timeout: 60_000 }).toBe(true)
  const reloaded = await usher.reload()
  expect(reloaded?.fromServiceWorker()).toBe(true)
  await expect(usher).toHaveURL(/\/manage\/checkin$/)
  await expect(usher.getByRole('searchbox', { name: 'Find a guest' })).toBeVisible(READY)
  await expect(usher.getByText('Offline: check-ins are kept on this phone')).toBeVisible()
  await expect(arrived(usher)).toHaveText('5')
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('5 check-ins waiting to send')
  await expectNoSeriousA11yViolations(usher)

  for (const [first, last] of guests.slice(5, 7)) await markArrived(usher, last, `${first} ${last}`)
  await expect(arrived(usher)).toHaveText('7')
  await expect(usher.getByTestId('checkin-waiting')).toHaveText('7 check-ins waiting to send')
  expect(sent).toEqual([])

  // The signal returns: the seven go, each once.
  const back = Date.now()
  await context.setOffline(false)
  await usher.waitForFunction(
    () =>
      document.querySelector('[data-testid="checkin-waiting"]')?.textContent ===
      'All check-ins sent',
    undefined,
    {
      polling: 50,
      timeout: 90_000,
    },
  )
  const sentAfter = Date.now() - back
  await expect(arrived(usher)).toHaveText('7')
  expect(sent).toHaveLength(7)
  expect(new Set(sent).size).toBe(7)
  const server = await serverRoster(wedding.id, couple)
  expect(server.arrivals.toSorted()).toEqual(
    households
      .slice(0, 7)
      .map((h) => h.persons[0]!.id)
      .toSorted(),
  )
  expect(
    await usher.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('kasalan.checkin.queue.'))
        .map((key) => JSON.parse(localStorage.getItem(key)!).length),
    ),
  ).toEqual([0])
  console.log(
    `The usher's 7 check-ins kept offline were all sent ${(sentAfter / 1000).toFixed(1)} s after the signal returned`,
  )
  test.info().annotations.push({
    type: 'offline queue sent after reconnecting',
    description: `${sentAfter} ms`,
  })

  // The couple's phone counts the same seven, at the door and after the day.
  const phoneOfCouple = await newPhone(browser)
  await signInOnPhone(phoneOfCouple, couple, '/manage/checkin')
  await expect(arrived(phoneOfCouple)).toHaveText('7', READY)
  await phoneOfCouple.getByRole('link', { name: 'After the day' }).click()
  await expect(phoneOfCouple.getByTestId('after-came')).toHaveText('7', READY)
})

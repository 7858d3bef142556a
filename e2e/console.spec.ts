import { expect, test } from '@playwright/test'
import { watchConsole } from './support/console'
import { signInAsDemo } from './support/session'

// Tabs share one embedded database, served by the tab that leads it. A refusal the database gives
// another tab (a link that does not work, a page a role may not use) is that tab's to show, as a
// message; the leading tab, which did nothing wrong, logs nothing.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

const BOOT = { timeout: 90_000 }

test("another tab's refusals are that tab's message, not errors in the couple's console", async ({
  page: couple,
  context,
}) => {
  test.setTimeout(240_000)
  const coupleConsole = watchConsole(couple, 'couple')
  await signInAsDemo(couple)
  // First in this browser: this tab leads the database.
  await couple.goto('/manage/members')
  await expect(couple.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible(BOOT)

  // RSVP links that lead nowhere (a guest's mistyped address), each opened in a tab of its own
  // (left open: a tab that reloads or closes mid-call meets the embedded database's multi-tab
  // fault): the database refuses each (rsvp_not_found) and that tab says it cannot find the page.
  const others = []
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const other = await context.newPage()
    others.push(watchConsole(other, `tab ${attempt}`))
    await other.goto(
      `/rsvp/00000000-0000-4000-8000-00000000000${attempt}/00000000-0000-4000-8000-00000000001${attempt}`,
    )
    await expect(
      other.getByRole('heading', {
        level: 1,
        name: /We can’t find this page|Hindi namin makita ang pahinang ito/,
      }),
    ).toBeVisible(BOOT)
  }
  await couple
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'Guest List' })
    .click()
  await expect(couple.getByRole('heading', { name: 'Guest List', level: 1 })).toBeVisible()
  coupleConsole.expectNoErrors("errors in the couple's console")
  for (const other of others) other.expectNoErrors("errors in the other tabs' consoles")
})

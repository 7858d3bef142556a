import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { openInApp } from './support/navigation'

// Guest privacy on the demo site: a guest finds themself by "maria" and their surname and answers;
// a visitor who found a name changes a reply, and the couple restores it in one tap.

const household = (page: Page, name: RegExp) => page.getByRole('group', { name })

// The embedded database boots in each fresh browser context: slow on a busy machine.
const BOOT = { timeout: 90_000 }

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

test('a guest finds themself by "maria" and surname, not by a shared surname alone, and answers', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await page.goto('/wedding/isabel-and-miguel')
  const search = page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
  await expect(search).toBeVisible(BOOT)
  await search.scrollIntoViewIfNeeded()
  await expect(
    page.getByText('Isulat ang iyong pangalan at apelyido, hal. Maria Santos.'),
  ).toBeVisible()

  // A surname five households share gives no list of names: "dela cruz" is one word (a particle
  // and its surname), so it asks for one more.
  await search.pressSequentially('dela cruz', { delay: 40 })
  await expect(
    page.getByText('Dagdagan pa nang kaunti: ang iyong pangalan at apelyido.'),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: /Dela Cruz/ })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page, 'form[role="search"], [role="status"]')

  // "maria" alone asks for the surname; "maria" is "Ma." on the list, and with the surname she
  // is the one result.
  await search.fill('')
  await search.pressSequentially('maria', { delay: 40 })
  await expect(
    page.getByText('Dagdagan pa nang kaunti: ang iyong pangalan at apelyido.'),
  ).toBeVisible()
  await search.pressSequentially(' dela cruz', { delay: 40 })
  const result = page.getByRole('link', { name: /Ma\. Cristina dela Cruz Peña/ })
  await expect(result).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Mga nahanap na pangalan' }).getByRole('link'),
  ).toHaveCount(1)
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
  await household(page, /Rodrigo Peña/)
    .getByRole('radio', { name: 'Dadalo' })
    .check()
  await household(page, /Rodrigo Peña/)
    .getByRole('radio', { name: 'Kare-kare' })
    .check()
  await household(page, /Bea Peña/)
    .getByRole('radio', { name: 'Hindi makakadalo' })
    .check()
  await page.getByRole('button', { name: 'Ipadala ang sagot' }).click()

  await expect(
    page.getByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' }),
  ).toBeVisible()
  const recorded = page.getByRole('region', { name: 'Ang naitala naming sagot' })
  await expect(recorded.getByRole('listitem').filter({ hasText: 'Rodrigo' })).toContainText(
    'Dadalo',
  )
  await expect(recorded.getByRole('listitem').filter({ hasText: 'Bea' })).toContainText(
    'Hindi makakadalo',
  )
  await expectNoSeriousA11yViolations(page)
})

test('a visitor who found a name changes a reply; the couple sees it since their last visit and restores it', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await page.goto('/wedding/isabel-and-miguel')
  const search = page.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
  await expect(search).toBeVisible(BOOT)
  await search.scrollIntoViewIfNeeded()
  await search.pressSequentially('eduardo villanueva', { delay: 40 })
  await page.getByRole('link', { name: /Eduardo Villanueva/ }).click()

  // The household answered before: the visitor is told so, but sees none of the answers.
  await expect(page.getByRole('heading', { level: 1, name: 'Kumusta, Eduardo!' })).toBeVisible()
  await expect(
    page.getByText(/Nakasagot na ang inyong grupo\. Para manatiling pribado ang inyong mga sagot/),
  ).toBeVisible()
  await expect(
    household(page, /Eduardo Villanueva/).getByRole('radio', { name: 'Dadalo' }),
  ).not.toBeChecked()
  await expect(page.getByRole('textbox', { name: /Mensahe para kina/ })).toHaveValue('')
  await expectNoSeriousA11yViolations(page)
  await household(page, /Eduardo Villanueva/)
    .getByRole('radio', { name: 'Hindi makakadalo' })
    .check()
  await household(page, /Rosario Villanueva/)
    .getByRole('radio', { name: 'Hindi makakadalo' })
    .check()
  await page.getByRole('button', { name: 'Ipadala ang sagot' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Salamat, Eduardo!' })).toBeVisible()

  // ---- The couple, on the same browser's database, opens the RSVPs tab. ----
  await page.setViewportSize({ width: 1280, height: 900 })
  await openInApp(page, `/auth/login?returnTo=${encodeURIComponent('/manage/rsvps')}`)
  await expect(page.getByLabel('Email')).toBeVisible(BOOT)
  await page.getByLabel('Email').fill('demo@kasalan.ph')
  await page.getByLabel('Password', { exact: true }).fill('kasalan-demo')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/manage\/rsvps$/, BOOT)

  const changes = page.getByRole('list', { name: 'Reply changes' })
  await expect(changes).toBeVisible(BOOT)
  const eduardo = changes
    .getByRole('listitem')
    .filter({ hasText: 'Eduardo Villanueva: Attending → Not attending' })
  await expect(eduardo).toContainText('by a guest who searched their name')
  await expectNoSeriousA11yViolations(page)

  await eduardo.getByRole('button', { name: "Restore Eduardo Villanueva's earlier reply" }).click()
  await expect(page.getByText("Restored Eduardo Villanueva's earlier reply.")).toBeVisible()
  const replies = page.getByRole('list', { name: 'Replies by household' })
  await page.getByRole('searchbox', { name: 'Find a guest' }).fill('villanueva')
  await expect(
    replies.getByRole('listitem').filter({ hasText: 'Eduardo Villanueva' }).last(),
  ).toContainText('Attending')
  await expect(
    replies.getByRole('listitem').filter({ hasText: 'Rosario Villanueva' }).last(),
  ).toContainText('Not attending')
  await expectNoSeriousA11yViolations(page)

  await page.setViewportSize({ width: 360, height: 740 })
  await expect(changes).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

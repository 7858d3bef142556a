import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInTabAsDemo } from './support/session'

// Planning together on the embedded database: the demo couple invites a coordinator, who signs up
// through the link in another tab of the same browser, adds a household (who changed it shows at
// once), takes a phone reply and seats a guest; the
// couple sees who recorded the reply and the activity page, then removes the coordinator, whose
// next action is refused and who, with no wedding left, is not asked to create one.
//
// Both tabs share the browser's one database. Each keeps its own account in sessionStorage (read
// before localStorage), so signing up in one tab does not sign the other one in as someone else.

const sessionKey = 'kasalan.local.session'

test('the couple brings in a coordinator, sees their work, and removes them', async ({
  page: couple,
  context,
}) => {
  test.setTimeout(240_000)
  await signInTabAsDemo(couple)
  await couple.goto('/manage/members')
  await expect(couple.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible({
    timeout: 120_000,
  })
  const members = couple.getByRole('region', { name: 'Who has access' })
  await expect(members.getByRole('listitem')).toHaveCount(1)
  await expect(members).toContainText('Owner')
  await expect(
    couple.getByText('the link works only for accounts on this same browser'),
  ).toBeVisible()

  // An invitation link for a coordinator.
  await couple.getByLabel('Role', { exact: true }).selectOption({ label: 'Coordinator' })
  await couple.getByRole('button', { name: 'Create invitation link' }).click()
  const link = await couple.getByRole('textbox', { name: 'Invitation link' }).inputValue()
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{32}$/)
  await expect(couple.getByRole('link', { name: 'Send by Viber' })).toHaveAttribute(
    'href',
    /^viber:\/\/forward\?text=/,
  )
  const pending = couple.getByRole('region', { name: 'Open invitations' })
  await expect(pending.getByRole('listitem')).toHaveCount(1)
  await expect(pending).toContainText('Expires in 14 days')
  await expectNoSeriousA11yViolations(couple)

  // The coordinator opens the link signed out: an account first, then what they are accepting.
  const coordinator = await context.newPage()
  await coordinator.goto(link)
  await expect(coordinator.getByRole('heading', { name: "You're invited" })).toBeVisible({
    timeout: 120_000,
  })
  await expectNoSeriousA11yViolations(coordinator)
  await coordinator.getByLabel('Your name').fill('Ate Joy')
  await coordinator.getByLabel('E-mail').fill(`joy-${Date.now()}@example.com`)
  await coordinator.getByLabel('Password').fill('coordinator-pass')
  await coordinator.getByRole('button', { name: 'Create account' }).click()
  await expect(coordinator.getByText('as Coordinator')).toBeVisible()
  await expect(coordinator.getByText('Isabel & Miguel')).toBeVisible()
  await expect(coordinator.getByLabel('Your name, as the others will see it')).toHaveValue(
    'Ate Joy',
  )
  await expectNoSeriousA11yViolations(coordinator)
  await coordinator.evaluate(
    (key) => sessionStorage.setItem(key, localStorage.getItem(key) ?? ''),
    sessionKey,
  )
  await coordinator.getByRole('button', { name: 'Accept and open the wedding' }).click()

  // Management shows a coordinator the guest list, seating, RSVPs and invitations, not the website.
  await expect(coordinator.getByRole('heading', { name: 'Guest List', level: 1 })).toBeVisible({
    timeout: 60_000,
  })
  const tabs = coordinator.getByRole('navigation', { name: 'Management' })
  await expect(tabs.getByRole('link')).toHaveText([
    'Guest List',
    'Seating Chart',
    'RSVPs',
    'Invitations',
    'Plan',
    'Members',
    'Check-in',
  ])

  // A household the coordinator adds says at once who changed it, without reading the list again.
  await coordinator.getByRole('button', { name: 'Add Guest' }).click()
  const adding = coordinator.getByRole('dialog', { name: 'Add Guest' })
  await adding.getByLabel('First name').fill('Andres')
  await adding.getByLabel('Last name').fill('Villanueva')
  await adding.getByLabel('Whose guest').selectOption('groom')
  await adding.getByLabel('Relationship type').selectOption('friend')
  await adding.getByRole('button', { name: 'Save & close' }).click()
  await expect(adding).toBeHidden()
  await coordinator.getByRole('searchbox', { name: 'Search guests' }).fill('Andres Villanueva')
  await coordinator
    .getByRole('row')
    .filter({ hasText: 'Andres Villanueva' })
    .getByRole('button', { name: 'Edit Andres Villanueva' })
    .click()
  const editing = coordinator.getByRole('dialog', { name: 'Edit household' })
  await expect(editing).toContainText('Changed by you, ')
  await coordinator.keyboard.press('Escape')
  await expect(editing).toBeHidden()

  // A reply taken by phone.
  await tabs.getByRole('link', { name: 'RSVPs' }).click()
  // Only the replies in view are drawn: find her first.
  await coordinator.getByRole('searchbox', { name: 'Find a guest' }).fill('Nena')
  await coordinator.getByRole('button', { name: 'Record reply for Nena Mendoza' }).click()
  const dialog = coordinator.getByRole('dialog', { name: 'Record a reply' })
  await dialog.getByRole('radio', { name: 'Not attending' }).check()
  await dialog.getByRole('button', { name: 'Save reply' }).click()
  await expect(dialog).toBeHidden()
  const nena = coordinator.getByRole('listitem').filter({ hasText: 'Nena Mendoza' }).last()
  await expect(nena).toContainText('Recorded by you')

  // A guest chosen from the guest list, seated by keyboard.
  await tabs.getByRole('link', { name: 'Seating Chart' }).click()
  await expect(coordinator.getByRole('heading', { name: 'Seating Chart', level: 1 })).toBeVisible()
  const guests = coordinator.getByRole('listbox', { name: 'Guests without a seat, by household' })
  const guestName = (await guests
    .getByRole('option', { selected: false })
    .filter({ hasNotText: /Seat all|Child/ })
    .first()
    .textContent())!.trim()
  const guest = guests.getByRole('option', { name: guestName, exact: true })
  await guest.click()
  await expect(guest).toHaveAttribute('aria-selected', 'true')
  const freeSeat = coordinator.getByRole('button', { name: /^.+, seat \d+: free$/ }).first()
  const seatName = (await freeSeat.getAttribute('aria-label'))!.replace(/: free$/, '')
  await freeSeat.focus()
  await coordinator.keyboard.press('Enter')
  await expect(coordinator.getByRole('button', { name: `${seatName}: ${guestName}` })).toBeVisible()
  await expect(coordinator.getByText(/Saved|Nai-save/).first()).toBeVisible({ timeout: 20_000 })

  // The couple sees who recorded the reply, and who is in.
  await couple.bringToFront()
  await couple
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'RSVPs' })
    .click()
  await couple.getByRole('searchbox', { name: 'Find a guest' }).fill('Nena')
  await expect(
    couple.getByRole('listitem').filter({ hasText: 'Nena Mendoza' }).last(),
  ).toContainText('Recorded by Ate Joy')
  await couple
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'Members' })
    .click()
  await expect(members.getByRole('listitem')).toHaveCount(2)
  await expect(members.getByRole('listitem').filter({ hasText: 'Ate Joy' })).toContainText('Joined')
  await expect(pending.getByRole('listitem')).toHaveCount(0)
  await expectNoSeriousA11yViolations(couple)

  // Handing the wedding over names the person first; here the couple thinks better of it.
  await members.getByRole('button', { name: 'Hand over the wedding to Ate Joy' }).click()
  const handover = couple.getByRole('alertdialog', { name: 'Hand over the wedding to Ate Joy?' })
  await expect(handover).toContainText('Ate Joy becomes the owner of this wedding')
  await handover.getByRole('button', { name: 'Cancel' }).click()
  await expect(handover).toBeHidden()

  // Who did what: the coordinator's reply and seat, newest first, and a filter by member.
  await couple.getByRole('link', { name: 'See who did what' }).click()
  await expect(couple.getByRole('heading', { name: 'Who did what', level: 1 })).toBeVisible()
  const changes = couple.getByRole('region', { name: 'Latest changes' }).getByRole('listitem')
  await expect(
    changes
      .filter({ hasText: 'Recorded the reply of' })
      .filter({ hasText: 'Nena Mendoza: not attending' })
      .first(),
  ).toContainText('Ate Joy')
  await expect(changes.filter({ hasText: `${guestName} at ` }).first()).toContainText('Ate Joy')
  await expect(changes.filter({ hasText: 'Joined as Coordinator' })).toHaveCount(1)
  await couple.getByLabel('Show changes by').selectOption({ label: 'Ate Joy' })
  await expect(changes.first()).toContainText('Ate Joy')
  await expect(changes.filter({ hasNotText: 'Ate Joy' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(couple)
  await couple.getByRole('link', { name: 'Back to members' }).click()

  // Removed: the coordinator's very next call is refused, with a message that says why.
  await members.getByRole('button', { name: 'Remove Ate Joy' }).click()
  await couple
    .getByRole('alertdialog', { name: 'Remove Ate Joy?' })
    .getByRole('button', { name: 'Remove' })
    .click()
  await expect(couple.getByText('Ate Joy no longer has access.')).toBeVisible()
  await expect(members.getByRole('listitem')).toHaveCount(1)

  await coordinator.bringToFront()
  await tabs.getByRole('link', { name: 'RSVPs' }).click()
  await expect(
    coordinator.getByText('Your account may no longer have access to it.').first(),
  ).toBeVisible({ timeout: 30_000 })

  // With no wedding left, the coordinator is told so, not asked to create one.
  // (A new tab: it signs in from the account this browser remembers, the coordinator's.)
  const later = await context.newPage()
  await later.goto('/manage')
  await expect(
    later.getByRole('heading', { name: "You're not part of a wedding right now" }),
  ).toBeVisible({ timeout: 120_000 })
  await expect(later.getByRole('button', { name: 'Plan our own wedding instead' })).toBeVisible()
  await expect(later.getByLabel("Bride's first name")).toHaveCount(0)
  await expectNoSeriousA11yViolations(later)
})

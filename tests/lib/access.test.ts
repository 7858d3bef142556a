// @vitest-environment node
import { describe, expect, test } from 'vitest'
import {
  everyMemberMayOpen,
  householdSides,
  mayDeleteHousehold,
  mayOpen,
  mayOpenIn,
  screenNeeds,
  type ManageScreen,
} from '@/lib/access'
import { paths } from '@/lib/paths'

const screens = Object.keys(screenNeeds) as ManageScreen[]
const opens = (role: Parameters<typeof mayOpen>[0]) =>
  screens.filter((screen) => mayOpen(role, screen))

describe('what each role may open and do', () => {
  test('every management address has a need, and each role opens the screens the database serves it', () => {
    const managed = Object.values(paths.manage).filter((path) => path !== paths.manage.root)
    expect(screens.sort()).toEqual([...managed].sort())

    expect(opens('owner')).toEqual(screens)
    expect(opens('partner')).toEqual(screens)
    // A wedding read without a role is the account's own.
    expect(opens(undefined)).toEqual(screens)
    expect(opens('coordinator').sort()).toEqual(
      [
        paths.manage.guests,
        paths.manage.seating,
        paths.manage.rsvps,
        paths.manage.emailPreviewRsvp,
        paths.manage.invitations,
        paths.manage.invitationsPrint,
        paths.manage.members,
        paths.manage.activity,
        paths.manage.plan,
        paths.manage.planSuppliers,
        paths.manage.planGifts,
        paths.manage.rsvpsForecast,
        paths.manage.print,
        paths.manage.checkin,
        paths.manage.checkinAfter,
        paths.manage.rsvpsEvents,
      ].sort(),
    )
    // The plan opens for everyone: a family helper sees only the checklist items given to them.
    expect(opens('family_helper').sort()).toEqual(
      [paths.manage.guests, paths.manage.members, paths.manage.activity, paths.manage.plan].sort(),
    )
    // An usher opens the door and nothing else.
    expect(opens('usher')).toEqual([paths.manage.checkin])
    // So no screen is every member's: before the role is known, no tab shows.
    expect(screens.filter(everyMemberMayOpen)).toEqual([])
  })

  test('a family helper puts households on their own side and deletes only the ones they added', () => {
    expect(householdSides('family_helper', 'bride')).toEqual(['bride'])
    expect(householdSides('family_helper', 'groom')).toEqual(['groom'])
    expect(householdSides('coordinator', null)).toEqual(['bride', 'groom', 'both'])
    expect(householdSides(undefined, undefined)).toEqual(['bride', 'groom', 'both'])

    const mine = { userId: 'me' }
    const theirs = { userId: 'couple' }
    expect(mayDeleteHousehold('family_helper', 'me', mine)).toBe(true)
    expect(mayDeleteHousehold('family_helper', 'me', theirs)).toBe(false)
    expect(mayDeleteHousehold('family_helper', null, mine)).toBe(false)
    for (const role of ['owner', 'partner', 'coordinator'] as const)
      expect(mayDeleteHousehold(role, 'me', theirs)).toBe(true)
  })
})

describe('the screens of the money', () => {
  test('the budget opens for the owner and partner, and for the coordinator only when the couple allows it', () => {
    const budget = paths.manage.planBudget
    expect(mayOpenIn({ myRole: 'owner' }, budget)).toBe(true)
    expect(mayOpenIn({ myRole: 'partner', seesMoney: true }, budget)).toBe(true)
    expect(mayOpenIn({ myRole: 'coordinator', seesMoney: false }, budget)).toBe(false)
    expect(mayOpenIn({ myRole: 'coordinator', seesMoney: true }, budget)).toBe(true)
    expect(mayOpenIn({ myRole: 'family_helper', seesMoney: false }, budget)).toBe(false)
    // The suppliers are the plan's, whatever the money says.
    expect(mayOpenIn({ myRole: 'coordinator', seesMoney: false }, paths.manage.planSuppliers)).toBe(
      true,
    )
    expect(
      mayOpenIn({ myRole: 'family_helper', seesMoney: false }, paths.manage.planSuppliers),
    ).toBe(false)
  })
})

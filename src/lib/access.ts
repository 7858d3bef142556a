// What each member of a wedding may do, as the database decides it (kasalan_private.can and
// can_see_household, supabase/schemas/01_core.sql): the management tabs, the route guard
// and every screen's buttons ask these, so a screen never offers what the database would refuse.
// tests/db/member-views.test.ts checks this table against the database's, role by role.

import { memberRoles, type MemberRole, type MemberSide } from '@/lib/api/schemas'
import { paths } from '@/lib/paths'

/** The database's capability names (kasalan_private.can), the same words here. */
export const capabilities = [
  'view',
  'households',
  'guests',
  'rsvps',
  'seating',
  'invitations',
  'manage',
  'members',
  'plan',
  'money',
  'delete_wedding',
  'checkin',
] as const
export type Capability = (typeof capabilities)[number]

const byRole: Record<MemberRole, ReadonlySet<Capability>> = {
  owner: new Set(capabilities),
  partner: new Set(capabilities.filter((capability) => capability !== 'delete_wedding')),
  // The money too, when the couple allows it: that is the wedding's to say (seesMoney below).
  coordinator: new Set([
    'view',
    'households',
    'guests',
    'rsvps',
    'seating',
    'invitations',
    'plan',
    'checkin',
  ]),
  family_helper: new Set(['view', 'households']),
  // The door only: names, tables and arrivals (get_checkin_roster), nothing of the rest.
  usher: new Set(['checkin']),
}

/**
 * True when a member of this role may do this. A wedding read without a role is the account's
 * own, made before weddings had members: its owner's.
 */
export function can(role: MemberRole | undefined, capability: Capability): boolean {
  return byRole[role ?? 'owner'].has(capability)
}

/**
 * True when the signed-in member sees the money (budget, payments, gift amounts): as get_my_wedding
 * says, which knows whether the couple lets their coordinator see it; else by role alone.
 */
export function seesMoney(wedding: { myRole?: MemberRole; seesMoney?: boolean }): boolean {
  return wedding.seesMoney ?? can(wedding.myRole, 'money')
}

type ManagePath = (typeof paths.manage)[keyof typeof paths.manage]
/** A management screen's address (not /manage itself, which opens the guest list). */
export type ManageScreen = Exclude<ManagePath, typeof paths.manage.root>

/**
 * What each management screen needs, by address: the one table the tabs, the account menu and the
 * route guard read. A screen whose every call asks one capability needs that one.
 */
export const screenNeeds: Readonly<Record<ManageScreen, Capability>> = {
  [paths.manage.guests]: 'households',
  [paths.manage.seating]: 'seating',
  [paths.manage.rsvps]: 'rsvps',
  // The e-mail preview reads the replies and the invitations: the same roles.
  [paths.manage.emailPreviewRsvp]: 'rsvps',
  [paths.manage.invitations]: 'invitations',
  [paths.manage.invitationsPrint]: 'invitations',
  [paths.manage.website]: 'manage',
  [paths.manage.content]: 'manage',
  [paths.manage.contentEditor]: 'manage',
  // The wedding file: export and import are the couple's (manage, as can_manage).
  [paths.manage.data]: 'manage',
  // Everyone sees who has access and what changed; the page offers the rest by role.
  [paths.manage.members]: 'view',
  [paths.manage.activity]: 'view',
  // The plan's checklist: everyone opens it; a family helper sees only what is assigned to them.
  [paths.manage.plan]: 'view',
  // The budget is the money; the coordinator opens it when the couple allows (mayOpenIn below).
  [paths.manage.planBudget]: 'money',
  // The suppliers' amounts are left out for those who do not see the money.
  [paths.manage.planSuppliers]: 'plan',
  // The gift ledger: the coordinator keeps it too; its amounts are money, hidden by the database.
  [paths.manage.planGifts]: 'plan',
  // The pax forecast reads every reply: as the RSVPs tab.
  [paths.manage.rsvpsForecast]: 'rsvps',
  // Escort cards, table cards and the entourage insert: from the seating chart, for those who keep it.
  [paths.manage.print]: 'seating',
  // The door: the couple, their coordinator and the ushers.
  [paths.manage.checkin]: 'checkin',
  // After the day: who came against who said yes, and the thank-you list.
  [paths.manage.checkinAfter]: 'guests',
  // Which events take RSVPs and who is invited to each (save_event_settings asks 'rsvps').
  [paths.manage.rsvpsEvents]: 'rsvps',
}

/** True when a member of this role may open this management screen. */
export function mayOpen(role: MemberRole | undefined, screen: ManageScreen): boolean {
  return can(role, screenNeeds[screen])
}

/**
 * True when the signed-in member may open this screen of this wedding: as mayOpen, and a screen of
 * the money also when the couple lets their coordinator see it.
 */
export function mayOpenIn(
  wedding: { myRole?: MemberRole; seesMoney?: boolean },
  screen: ManageScreen,
): boolean {
  return screenNeeds[screen] === 'money' ? seesMoney(wedding) : mayOpen(wedding.myRole, screen)
}

/** True when every role may open this screen: what the tabs show before the role is known. */
export function everyMemberMayOpen(screen: ManageScreen): boolean {
  return memberRoles.every((role) => mayOpen(role, screen))
}

/** The sides of the list a member may put a household on: a family helper only their own. */
export function householdSides(role: MemberRole | undefined, side: MemberSide | null | undefined) {
  return role === 'family_helper' && side
    ? ([side] as const)
    : (['bride', 'groom', 'both'] as const)
}

/**
 * True when this member may delete the household: those who keep the whole list any they see; a
 * family helper only the ones they added (the database answers household_not_yours otherwise).
 */
export function mayDeleteHousehold(
  role: MemberRole | undefined,
  myUserId: string | null | undefined,
  household: { userId: string },
) {
  return can(role, 'guests') || (myUserId != null && household.userId === myUserId)
}

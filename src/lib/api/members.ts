import * as z from 'zod/mini'
import { call } from './call'
import { memberRoles, memberSides, personName } from './schemas'

// Imported on its own (not through '@/lib/api'): only management screens use members, and the
// public site's chunks must not carry these schemas.

/** The roles an invitation can offer: ownership moves only by handing the wedding over. */
export const invitableRoles = ['partner', 'coordinator', 'family_helper', 'usher'] as const
export type InvitableRole = (typeof invitableRoles)[number]
type MemberSide = (typeof memberSides)[number]

const role = z.enum(memberRoles)
const side = z.nullable(z.enum(memberSides))

export const member = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.nullable(z.string()),
  role,
  side,
  joinedAt: z.string(),
  isMe: z.boolean(),
})
export type Member = z.infer<typeof member>

export const memberInvitation = z.object({
  id: z.string(),
  token: z.string(),
  role: z.enum(invitableRoles),
  side,
  email: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
})
export type MemberInvitation = z.infer<typeof memberInvitation>

export const membersList = z.object({
  members: z.array(member),
  invitations: z.array(memberInvitation),
})
export type MembersList = z.infer<typeof membersList>

export const invitationPreview = z.object({
  weddingId: z.string(),
  title: z.nullish(z.string()),
  bride: personName,
  groom: personName,
  date: z.nullable(z.string()),
  role: z.enum(invitableRoles),
  side,
  invitedBy: z.nullable(z.string()),
  expiresAt: z.string(),
  status: z.enum(['open', 'accepted', 'expired', 'revoked']),
  alreadyMember: z.boolean(),
})
export type InvitationPreview = z.infer<typeof invitationPreview>

export const myWedding = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.nullish(z.string()),
  bride: personName,
  groom: personName,
  date: z.nullable(z.string()),
  role,
  side,
})
export type MyWedding = z.infer<typeof myWedding>

/** Who has access to the wedding, and (for the owner and partner) the invitations still open. */
export function listMembers(weddingId: string) {
  return call('list_members', { p_wedding_id: weddingId }, membersList)
}

/** A new single-use invitation link's token, for one role (and side, for a family helper). */
export function createMemberInvitation(
  weddingId: string,
  input: { role: InvitableRole; side: MemberSide | null; email: string | null },
) {
  return call(
    'create_member_invitation',
    { p_wedding_id: weddingId, p_role: input.role, p_side: input.side, p_email: input.email },
    memberInvitation,
  )
}

export function revokeMemberInvitation(weddingId: string, invitationId: string) {
  return call(
    'revoke_member_invitation',
    { p_wedding_id: weddingId, p_invitation_id: invitationId },
    z.unknown(),
  )
}

/** What a link offers, for the accept screen; null when there is no such link. */
export function getMemberInvitation(token: string) {
  return call('get_member_invitation', { p_token: token }, z.nullable(invitationPreview))
}

export function acceptMemberInvitation(token: string, displayName: string | null) {
  return call(
    'accept_member_invitation',
    { p_token: token, p_display_name: displayName },
    z.object({ weddingId: z.string(), role, side }),
  )
}

export function changeMemberRole(
  weddingId: string,
  userId: string,
  input: { role: InvitableRole; side: MemberSide | null },
) {
  return call(
    'change_member_role',
    { p_wedding_id: weddingId, p_user_id: userId, p_role: input.role, p_side: input.side },
    member,
  )
}

export function removeMember(weddingId: string, userId: string) {
  return call('remove_member', { p_wedding_id: weddingId, p_user_id: userId }, z.unknown())
}

export function leaveWedding(weddingId: string) {
  return call('leave_wedding', { p_wedding_id: weddingId }, z.unknown())
}

/** The weddings the account belongs to, for the wedding switcher (its own first). */
export function listMyWeddings() {
  return call('list_my_weddings', {}, z.array(myWedding))
}

/** Hands the wedding to another member, who becomes its owner; the caller stays as its partner. */
export function transferWeddingOwnership(weddingId: string, userId: string) {
  return call(
    'transfer_wedding_ownership',
    { p_wedding_id: weddingId, p_user_id: userId },
    z.unknown(),
  )
}

export const activityActions = [
  'household_added',
  'household_changed',
  'household_deleted',
  'households_imported',
  'reply_recorded',
  'seated',
  'unseated',
  'seating_changed',
  'invitation_sent',
  'member_invited',
  'member_invitation_revoked',
  'member_joined',
  'member_removed',
  'member_left',
  'member_role_changed',
  'ownership_transferred',
  'site_published',
  'site_unpublished',
] as const
export type ActivityAction = (typeof activityActions)[number]

const activityPerson = z.object({
  name: z.optional(z.string()),
  isAttending: z.optional(z.nullable(z.boolean())),
  table: z.optional(z.nullable(z.string())),
  message: z.optional(z.boolean()),
})

export const activityEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: z.enum(['member', 'guest', 'system']),
  actorUserId: z.nullable(z.string()),
  actorName: z.string(),
  isMe: z.boolean(),
  action: z.enum(activityActions),
  householdId: z.nullable(z.string()),
  householdName: z.nullable(z.string()),
  details: z.object({
    count: z.optional(z.number()),
    persons: z.optional(z.array(activityPerson)),
    seated: z.optional(z.number()),
    unseated: z.optional(z.number()),
    channel: z.optional(z.string()),
    kind: z.optional(z.string()),
    name: z.optional(z.string()),
    role: z.optional(role),
    side: z.optional(side),
    previousRole: z.optional(role),
  }),
})
export type ActivityEntry = z.infer<typeof activityEntry>

export const activityPage = z.object({
  entries: z.array(activityEntry),
  hasMore: z.boolean(),
  actors: z.array(z.object({ userId: z.string(), name: z.string() })),
})
export type ActivityPage = z.infer<typeof activityPage>

/**
 * The latest changes to the wedding, newest first, 30 at a time; `after` continues from the last
 * entry of the previous page, `actor` keeps one member's. A family helper gets their side only.
 */
export function listActivity(
  weddingId: string,
  options: { after?: ActivityEntry | null; actor?: string | null } = {},
) {
  return call(
    'list_activity',
    {
      p_wedding_id: weddingId,
      p_before_at: options.after?.at ?? null,
      p_before_id: options.after?.id ?? null,
      p_actor: options.actor ?? null,
      p_limit: 30,
    },
    activityPage,
  )
}

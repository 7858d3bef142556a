import * as z from 'zod/mini'
import { getBackend } from '@/lib/backend'
import { env } from '@/lib/env'
import { call } from './call'

/*
 * Invitations (supabase/schemas/06_invitations.sql): each
 * household's link (a long random token) and printed code, what the couple sent and when, and
 * whether the link was opened. Imported on its own, not through `@/lib/api`: the public site needs
 * only `openInvitation` and `openInvitationCode`, and these schemas must not reach its first load.
 */

const text = z.nullish(z.string())

export const invitationChannels = [
  'messenger',
  'viber',
  'whatsapp',
  'sms',
  'email',
  'copy',
  'share',
] as const
export type InvitationChannel = (typeof invitationChannels)[number]

export const invitationKinds = ['invitation', 'reminder'] as const
export type InvitationKind = (typeof invitationKinds)[number]

export const invitationStates = ['not_invited', 'invited', 'opened', 'answered'] as const
export type InvitationState = (typeof invitationStates)[number]

export const invitationHousehold = z.object({
  householdId: z.string(),
  code: z.string(),
  /** The link's token: `/i/<token>`, and the QR code. */
  token: z.string(),
  /** When the link the household was last sent stopped working: it needs a new card. */
  linkReplacedAt: text,
  email: text,
  phone: text,
  persons: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: text })),
  state: z.enum(invitationStates),
  invitedAt: text,
  invitedVia: z.nullish(z.enum(invitationChannels)),
  lastSentAt: text,
  lastChannel: z.nullish(z.enum(invitationChannels)),
  sends: z.number(),
  openedAt: text,
  lastOpenedAt: text,
  answered: z.boolean(),
  answeredAt: text,
})
export type InvitationHousehold = z.infer<typeof invitationHousehold>

const templateTexts = z.object({ fil: z.optional(z.string()), en: z.optional(z.string()) })
/** The couple's own wording, per kind and language; a missing one is the app's default. */
export const invitationTemplates = z.object({
  invitation: z.optional(templateTexts),
  reminder: z.optional(templateTexts),
})
export type InvitationTemplates = z.infer<typeof invitationTemplates>

export const invitations = z.object({
  templates: invitationTemplates,
  households: z.array(invitationHousehold),
})
export type Invitations = z.infer<typeof invitations>

export function listInvitations(weddingId: string) {
  return call('list_invitations', { p_wedding_id: weddingId }, invitations)
}

export const invitationStatus = z.object({
  householdId: z.string(),
  state: z.enum(invitationStates),
  invitedAt: text,
  invitedVia: z.nullish(z.enum(invitationChannels)),
  openedAt: text,
})

/**
 * Each household's invitation state, only for those past "not invited" (0022): what the guest list
 * and the RSVPs tab show, without the links, codes and names of `listInvitations`.
 */
export function listInvitationStates(weddingId: string) {
  return call('list_invitation_states', { p_wedding_id: weddingId }, z.array(invitationStatus))
}

/** Records that the couple sent an invitation or reminder to these households through a channel. */
export function recordInvitation(
  weddingId: string,
  householdIds: string[],
  channel: InvitationChannel,
  kind: InvitationKind,
) {
  return call(
    'record_invitation',
    { p_wedding_id: weddingId, p_household_ids: householdIds, p_channel: channel, p_kind: kind },
    z.array(invitationHousehold),
  )
}

/** A new link and code for one household: the old ones stop working. */
export function renewInvitationCode(weddingId: string, householdId: string) {
  return call(
    'renew_invitation_code',
    { p_wedding_id: weddingId, p_household_id: householdId },
    invitationHousehold,
  )
}

export function saveInvitationTemplates(weddingId: string, templates: InvitationTemplates) {
  return call(
    'save_invitation_templates',
    { p_wedding_id: weddingId, p_templates: templates },
    invitationTemplates,
  )
}

const openedInvitation = z.object({
  slug: z.string(),
  householdId: z.string(),
  personId: z.string(),
  code: z.string(),
})
export type OpenedInvitation = z.infer<typeof openedInvitation>

/** A guest opens their link (`/i/<token>`): where their RSVP is, and its code. Records "opened". */
export function openInvitation(token: string) {
  return call('open_invitation', { p_token: token }, openedInvitation)
}

/**
 * A guest types their printed code on a wedding's site: where their RSVP is, or null when the code
 * is not one of this wedding's (nor is the address a published site: the same answer). Every try
 * counts; too many reject with BackendError('rate_limited').
 */
export async function openInvitationCode(
  slug: string,
  code: string,
): Promise<OpenedInvitation | null> {
  const answer = await call(
    'open_invitation_code',
    { p_slug: slug, p_code: code },
    z.union([
      z.object({
        status: z.literal('found'),
        slug: z.string(),
        householdId: z.string(),
        personId: z.string(),
        code: z.string(),
      }),
      z.object({ status: z.literal('not_found') }),
    ]),
  )
  return answer.status === 'found' ? answer : null
}

/**
 * Whether a `/i/...` link's last part is a link token (22 characters since 0027) rather than a
 * printed code (8 characters, the links made before): what the page opening it checks first.
 */
export function isInvitationToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(value)
}

/** On hosted Supabase Kasalan sends e-mail itself (the send-invitations Edge Function). */
export const sendsEmailItself = env.supabase !== null

export const emailSendResult = z.object({
  sent: z.array(z.string()),
  failed: z.array(z.object({ householdId: z.string(), reason: z.string() })),
  skipped: z.array(z.object({ householdId: z.string(), reason: z.string() })),
})
export type EmailSendResult = z.infer<typeof emailSendResult>

/**
 * Sends the invitation or reminder e-mail to these households through the Edge Function, which
 * records each one the provider accepted. Rejects with BackendError('email_daily_limit') past the
 * wedding's daily cap. Hosted Supabase only.
 */
export async function sendInvitationEmails(
  weddingId: string,
  householdIds: string[],
  kind: InvitationKind,
  language: 'fil' | 'en',
): Promise<EmailSendResult> {
  const auth = await (await getBackend()).auth()
  if (!auth.invoke) throw new Error('This backend sends no e-mail')
  const data = await auth.invoke('send-invitations', {
    weddingId,
    householdIds,
    kind,
    language,
    origin: window.location.origin,
  })
  return emailSendResult.parse(data)
}

/** Whether guests need their invitation link or code to RSVP (the stricter privacy setting). */
export function getRsvpRequiresCode(weddingId: string) {
  return call('get_rsvp_requires_code', { p_wedding_id: weddingId }, z.boolean())
}

/** Turns the stricter privacy setting on or off; answers the setting now in force. */
export function setRsvpRequiresCode(weddingId: string, required: boolean) {
  return call(
    'set_rsvp_requires_code',
    { p_wedding_id: weddingId, p_required: required },
    z.boolean(),
  )
}

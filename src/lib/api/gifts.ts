import * as z from 'zod/mini'
import { call } from './call'

/*
 * The gift ledger (supabase/schemas/13_gifts.sql): the gifts a wedding received, who gave each,
 * and the thank-you sent for it. Amounts are whole centavos, and null for a member who does not
 * see the money. Imported on its own, not through `@/lib/api`: only the gifts screen uses it.
 */

const text = z.nullable(z.string())

export const giftKinds = ['cash', 'gcash', 'maya', 'money_dance', 'registry', 'other'] as const
export type GiftKind = (typeof giftKinds)[number]

/** The kinds that carry a reference number (an envelope's, a transfer's). */
export const giftKindsWithReference: ReadonlySet<GiftKind> = new Set(['cash', 'gcash', 'maya'])

/** How a thank-you went: the invitations' channels, or in person (a card, a word by hand). */
export const thankYouChannels = [
  'messenger',
  'viber',
  'whatsapp',
  'sms',
  'email',
  'copy',
  'share',
  'in_person',
] as const
export type ThankYouChannel = (typeof thankYouChannels)[number]

export const gift = z.object({
  id: z.string(),
  householdId: text,
  /** The giver as typed, or the household's name when the gift was last saved. */
  giverName: z.string(),
  /** The household's persons while it is on the guest list; empty otherwise. */
  persons: z.array(z.object({ firstName: z.string(), lastName: text })),
  phone: z.nullish(z.string()),
  email: z.nullish(z.string()),
  kind: z.enum(giftKinds),
  reference: text,
  description: text,
  amount: z.nullable(z.number()),
  receivedOn: text,
  notes: text,
  thankedAt: text,
  thankedVia: z.nullable(z.enum(thankYouChannels)),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Gift = z.infer<typeof gift>

/** The couple's own thank-you wording per language; a missing one is the app's. */
export const thankYouTemplates = z.object({
  fil: z.optional(z.string()),
  en: z.optional(z.string()),
})
export type ThankYouTemplates = z.infer<typeof thankYouTemplates>

export const giftTotal = z.object({
  kind: z.enum(giftKinds),
  count: z.number(),
  amount: z.nullable(z.number()),
})
export type GiftTotal = z.infer<typeof giftTotal>

export const giftLedger = z.object({
  seesMoney: z.boolean(),
  templates: thankYouTemplates,
  gifts: z.array(gift),
  totals: z.array(giftTotal),
})
export type GiftLedger = z.infer<typeof giftLedger>

/** What the gift form saves: a household of the list or a giver's name. */
export interface GiftInput {
  householdId: string | null
  giverName: string | null
  kind: GiftKind
  reference: string | null
  description: string | null
  /** Centavos; ignored by the database for a member who does not see the money. */
  amount: number | null
  receivedOn: string | null
  notes: string | null
}

export function listGifts(weddingId: string) {
  return call('list_gifts', { p_wedding_id: weddingId }, giftLedger)
}

/** Records a new gift (no id) or changes one. */
export function saveGift(weddingId: string, giftId: string | null, input: GiftInput) {
  return call('save_gift', { p_wedding_id: weddingId, p_gift: { id: giftId, ...input } }, gift)
}

export function deleteGift(weddingId: string, giftId: string) {
  return call('delete_gift', { p_wedding_id: weddingId, p_gift_id: giftId }, z.unknown())
}

/** Marks the thank-you sent now through a channel, or not yet (null). */
export function markGiftThanked(
  weddingId: string,
  giftId: string,
  channel: ThankYouChannel | null,
) {
  return call(
    'mark_gift_thanked',
    { p_wedding_id: weddingId, p_gift_id: giftId, p_channel: channel },
    gift,
  )
}

export function saveGiftThankYouTemplates(weddingId: string, templates: ThankYouTemplates) {
  return call(
    'save_gift_thank_you_templates',
    { p_wedding_id: weddingId, p_templates: templates },
    thankYouTemplates,
  )
}

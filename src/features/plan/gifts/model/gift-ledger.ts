// The gift ledger's rules, as plain functions: pesos typed and shown, who gave a gift, the
// thank-you message, the filter and the CSV's rows. No React, no backend: the screen and the tests
// call these directly.

import { fillTemplate, householdNames, type MessageLanguage } from '@/lib/invitations/message'
import { displayCouple, displayFullName, displayName } from '@/lib/names'

export type { MessageLanguage }

/** What these functions read of a gift (the API's Gift fits it). */
export interface GiftRecord {
  householdId: string | null
  giverName: string
  persons: ReadonlyArray<{ firstName: string; lastName: string | null }>
  kind: string
  reference: string | null
  description: string | null
  amount: number | null
  receivedOn: string | null
  notes: string | null
  thankedAt: string | null
  thankedVia: string | null
}

/** "Ramon Santos, Lourdes Santos": a household's persons while it is on the list, else the giver as saved. */
export function giverLabel(gift: Pick<GiftRecord, 'persons' | 'giverName'>): string {
  const names = gift.persons.map((person) => displayFullName(person)).filter(Boolean)
  return names.length > 0 ? names.join(', ') : displayName(gift.giverName)
}

/**
 * How many the giver is, for the words around their name ("ni Ninong Rudy", "nina Ramon Santos,
 * Lourdes Santos"): the household's persons, else one.
 */
export function giverCount(gift: Pick<GiftRecord, 'persons'>): number {
  return Math.max(1, gift.persons.length)
}

/** Our thank-you wording, as a Filipino couple would send it on Messenger or Viber. */
export const defaultThankYou: Record<MessageLanguage, string> = {
  fil: 'Hi {names}! 💛 Maraming, maraming salamat po sa regalo ninyo sa aming kasal. Malaking tulong po ito sa pagsisimula namin bilang mag-asawa, at lalo kaming natuwa na kasama namin kayo. Salamat po sa pagmamahal! — {couple}',
  en: "Hi {names}! 💛 Thank you so much for your wedding gift. It means a lot to us as we start our married life, and we're so glad you celebrated with us. With love and thanks — {couple}",
}

/** The placeholders a thank-you template may use. */
export const thankYouPlaceholders = ['names', 'couple'] as const

const and: Record<MessageLanguage, string> = { fil: 'at', en: '&' }

/** The couple's template for this language, else ours. */
export function thankYouTemplate(
  templates: Partial<Record<MessageLanguage, string>>,
  language: MessageLanguage,
): string {
  return templates[language]?.trim() || defaultThankYou[language]
}

/**
 * One giver's thank-you: {names} is the household's first names as a greeting ("Ramon at
 * Lourdes"), or the giver's name as typed, shown by the name rule; {couple} the couple's first
 * names. Other braces stay as the couple typed them.
 */
export function renderThankYou(input: {
  template: string
  language: MessageLanguage
  gift: Pick<GiftRecord, 'persons' | 'giverName'>
  couple: { bride: { firstName?: string | null }; groom: { firstName?: string | null } }
}): string {
  const names =
    input.gift.persons.length > 0
      ? householdNames(input.gift.persons, input.language)
      : displayName(input.gift.giverName)
  const values: Record<(typeof thankYouPlaceholders)[number], string> = {
    names,
    couple: displayCouple(input.couple.bride, input.couple.groom, and[input.language]),
  }
  return fillTemplate(input.template, values)
}

export type ThanksFilter = 'all' | 'not_yet' | 'sent'

/** The gifts of one kind (or all) and one thank-you state (or all), in the ledger's order. */
export function filterGifts<Gift extends GiftRecord>(
  gifts: readonly Gift[],
  filter: { kind: string; thanks: ThanksFilter },
): Gift[] {
  return gifts.filter(
    (gift) =>
      (filter.kind === 'all' || gift.kind === filter.kind) &&
      (filter.thanks === 'all' || (filter.thanks === 'sent') === (gift.thankedAt !== null)),
  )
}

/** The whole ledger's count and sum (the sum null when the amounts are hidden). */
export function grandTotal(totals: ReadonlyArray<{ count: number; amount: number | null }>) {
  return totals.reduce<{ count: number; amount: number | null }>(
    (sum, total) => ({
      count: sum.count + total.count,
      amount: sum.amount === null || total.amount === null ? null : sum.amount + total.amount,
    }),
    { count: 0, amount: 0 },
  )
}

/** How many gifts have had their thank-you. */
export function thankedCount(gifts: ReadonlyArray<Pick<GiftRecord, 'thankedAt'>>): number {
  return gifts.filter((gift) => gift.thankedAt !== null).length
}

/** The CSV's words, in the reader's language. */
export interface CsvLabels {
  headers: {
    giver: string
    onGuestList: string
    kind: string
    reference: string
    description: string
    amount: string
    receivedOn: string
    thankYou: string
    thankedOn: string
    thankedVia: string
    notes: string
  }
  yes: string
  no: string
  kind(kind: string): string
  channel(channel: string): string
  thanked: string
  notYet: string
  /** A `YYYY-MM-DD` day of a thank-you's instant, in Manila. */
  day(instant: string): string
}

/**
 * The CSV's rows, header first. Amounts are plain numbers in pesos ("5000.00") so a spreadsheet
 * adds them up; the column is left out for a member who does not see the money. Cells are made
 * formula-safe by src/lib/csv.ts when written.
 */
export function giftCsvRows(
  gifts: readonly GiftRecord[],
  seesMoney: boolean,
  labels: CsvLabels,
): string[][] {
  const { headers } = labels
  const header = [
    headers.giver,
    headers.onGuestList,
    headers.kind,
    headers.reference,
    headers.description,
    ...(seesMoney ? [headers.amount] : []),
    headers.receivedOn,
    headers.thankYou,
    headers.thankedOn,
    headers.thankedVia,
    headers.notes,
  ]
  return [
    header,
    ...gifts.map((gift) => [
      giverLabel(gift),
      gift.householdId ? labels.yes : labels.no,
      labels.kind(gift.kind),
      gift.reference ?? '',
      gift.description ?? '',
      ...(seesMoney ? [gift.amount === null ? '' : (gift.amount / 100).toFixed(2)] : []),
      gift.receivedOn ?? '',
      gift.thankedAt ? labels.thanked : labels.notYet,
      gift.thankedAt ? labels.day(gift.thankedAt) : '',
      gift.thankedVia ? labels.channel(gift.thankedVia) : '',
      gift.notes ?? '',
    ]),
  ]
}

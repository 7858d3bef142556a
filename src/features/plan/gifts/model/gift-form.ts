import * as z from 'zod/mini'
import { parsePesos, pesosText } from '../../pesos'
import type { GiftRecord } from './gift-ledger'

/**
 * The gift form's values and rules. Messages are keys of the `plan` namespace; the limits are the
 * database's (save_gift, 0015), so a form that passes here saves.
 */

export const giftLimits = { giverName: 300, reference: 100, description: 200, notes: 1000 } as const

export const giftFormKinds = ['cash', 'gcash', 'maya', 'money_dance', 'registry', 'other'] as const
export type GiftFormKind = (typeof giftFormKinds)[number]

/** The kinds with a reference number: an envelope's, or a GCash or Maya transfer's. */
export const kindsWithReference: ReadonlySet<string> = new Set(['cash', 'gcash', 'maya'])

const text = (max: number) => z.string().check(z.maxLength(max, 'gifts.form.errors.tooLong'))

export const giftValues = z
  .object({
    giver: z.enum(['list', 'other']),
    householdId: z.string(),
    giverName: text(giftLimits.giverName),
    kind: z.enum(giftFormKinds),
    reference: text(giftLimits.reference),
    description: text(giftLimits.description),
    amount: z.string(),
    receivedOn: z.string(),
    notes: text(giftLimits.notes),
  })
  .check(
    z.superRefine((values, context) => {
      if (values.giver === 'list' && !values.householdId) {
        context.issues.push({
          code: 'custom',
          input: values.householdId,
          path: ['householdId'],
          message: 'gifts.form.errors.householdRequired',
        })
      }
      if (values.giver === 'other' && !values.giverName.trim()) {
        context.issues.push({
          code: 'custom',
          input: values.giverName,
          path: ['giverName'],
          message: 'gifts.form.errors.giverRequired',
        })
      }
      // A gift's amount, when given, is more than nothing (the database takes ₱0.01 and up).
      const amount = parsePesos(values.amount)
      if (!amount.ok || amount.value === 0) {
        context.issues.push({
          code: 'custom',
          input: values.amount,
          path: ['amount'],
          message: 'gifts.form.errors.amount',
        })
      }
    }),
  )
export type GiftValues = z.infer<typeof giftValues>

/** A new gift's form: from the guest list, cash, received today. */
export function emptyGift(today: string): GiftValues {
  return {
    giver: 'list',
    householdId: '',
    giverName: '',
    kind: 'cash',
    reference: '',
    description: '',
    amount: '',
    receivedOn: today,
    notes: '',
  }
}

export function giftToValues(gift: GiftRecord & { kind: GiftFormKind }): GiftValues {
  return {
    giver: gift.householdId ? 'list' : 'other',
    householdId: gift.householdId ?? '',
    giverName: gift.householdId ? '' : gift.giverName,
    kind: gift.kind,
    reference: gift.reference ?? '',
    description: gift.description ?? '',
    amount: pesosText(gift.amount),
    receivedOn: gift.receivedOn ?? '',
    notes: gift.notes ?? '',
  }
}

const blankToNull = (value: string) => value.trim() || null

/** What save_gift takes from the form's values (a reference only for the kinds that have one). */
export function valuesToInput(values: GiftValues) {
  const amount = parsePesos(values.amount)
  return {
    householdId: values.giver === 'list' ? values.householdId || null : null,
    giverName: values.giver === 'other' ? blankToNull(values.giverName) : null,
    kind: values.kind,
    reference: kindsWithReference.has(values.kind) ? blankToNull(values.reference) : null,
    description: blankToNull(values.description),
    amount: amount.ok ? amount.value : null,
    receivedOn: values.receivedOn || null,
    notes: blankToNull(values.notes),
  }
}

/** Accent- and case-blind text for finding a household by name ("pena" finds "Peña"). */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The households whose persons' names match every word typed, at the start of a word of a first
 * or last name, as the guest list's search finds them; at most `limit`.
 */
export function findHouseholds<
  Household extends { persons: ReadonlyArray<{ firstName: string; lastName?: string | null }> },
>(households: readonly Household[], query: string, limit = 8): Household[] {
  const words = searchable(query).split(' ').filter(Boolean)
  if (words.length === 0) return []
  const found: Household[] = []
  for (const household of households) {
    const names = searchable(
      household.persons.map((person) => `${person.firstName} ${person.lastName ?? ''}`).join(' '),
    ).split(/[\s-]+/)
    if (words.every((word) => names.some((name) => name.startsWith(word)))) found.push(household)
    if (found.length === limit) break
  }
  return found
}

// @vitest-environment node
import { describe, expect, test } from 'vitest'
import {
  emptyGift,
  findHouseholds,
  giftValues,
  valuesToInput,
} from '@/features/plan/gifts/model/gift-form'
import {
  defaultThankYou,
  filterGifts,
  giftCsvRows,
  giverLabel,
  grandTotal,
  renderThankYou,
  thankYouTemplate,
  type CsvLabels,
  type GiftRecord,
} from '@/features/plan/gifts/model/gift-ledger'

const gift = (overrides: Partial<GiftRecord>): GiftRecord => ({
  householdId: null,
  giverName: 'Ninong Rudy',
  persons: [],
  kind: 'cash',
  reference: null,
  description: null,
  amount: null,
  receivedOn: null,
  notes: null,
  thankedAt: null,
  thankedVia: null,
  ...overrides,
})

describe("a gift's amount", () => {
  const amountOf = (amount: string) =>
    giftValues.safeParse({
      ...emptyGift('2026-11-27'),
      giver: 'other',
      giverName: 'Ninong Rudy',
      amount,
    })
  test('is read however a couple types it, in centavos, and may be left out', () => {
    const cases: Array<[string, number | null]> = [
      ['5000', 500000],
      [' 5,000 ', 500000],
      ['₱ 12,500.5', 1250050],
      ['PHP 1,000.25', 100025],
      ['', null],
      ['   ', null],
    ]
    for (const [typed, centavos] of cases) {
      const parsed = amountOf(typed)
      expect(parsed.success, typed).toBe(true)
      expect(valuesToInput(parsed.data!).amount, typed).toBe(centavos)
    }
  })

  test('is refused, saying why, when it is nothing, negative, or not an amount', () => {
    for (const bad of ['0', '-500', '12.345', 'limang libo', '1e5', '₱', '10000000001', '5,00']) {
      const parsed = amountOf(bad)
      expect(parsed.success, bad).toBe(false)
      expect(
        parsed.error?.issues.map((issue) => issue.message),
        bad,
      ).toEqual(['gifts.form.errors.amount'])
    }
  })
})

describe('the giver', () => {
  test("is the household's persons while it is on the list, by the name rule, else the name as saved", () => {
    expect(
      giverLabel(
        gift({
          householdId: 'h',
          giverName: 'x',
          persons: [
            { firstName: 'ramon', lastName: 'santos' },
            { firstName: 'Lourdes', lastName: 'Santos' },
          ],
        }),
      ),
    ).toBe('Ramon Santos, Lourdes Santos')
    expect(giverLabel(gift({ giverName: 'tita baby dela cruz' }))).toBe('Tita Baby dela Cruz')
  })

  test('is found on the guest list by the start of any name, accents and case aside', () => {
    const households = [
      {
        id: '1',
        persons: [
          { firstName: 'Ramon', lastName: 'Santos' },
          { firstName: 'Lourdes', lastName: 'Santos' },
        ],
      },
      { id: '2', persons: [{ firstName: 'Niño', lastName: 'Peña' }] },
      { id: '3', persons: [{ firstName: 'Antonio', lastName: 'Dela Cruz' }] },
    ]
    expect(findHouseholds(households, 'san').map((h) => h.id)).toEqual(['1'])
    expect(findHouseholds(households, 'nino pena').map((h) => h.id)).toEqual(['2'])
    expect(findHouseholds(households, 'cruz').map((h) => h.id)).toEqual(['3'])
    expect(findHouseholds(households, 'ntonio')).toEqual([])
    expect(findHouseholds(households, '  ')).toEqual([])
  })
})

describe('the thank-you', () => {
  const couple = { bride: { firstName: 'isabel' }, groom: { firstName: 'Miguel' } }

  test("greets the household's first names and signs with the couple's, in the message's language", () => {
    const household = gift({
      householdId: 'h',
      persons: [
        { firstName: 'ramon', lastName: 'Santos' },
        { firstName: 'Lourdes', lastName: 'Santos' },
      ],
    })
    const fil = renderThankYou({
      template: thankYouTemplate({}, 'fil'),
      language: 'fil',
      gift: household,
      couple,
    })
    expect(fil).toMatch(/^Hi Ramon at Lourdes! /)
    expect(fil).toMatch(/— Isabel at Miguel$/)
    const en = renderThankYou({
      template: thankYouTemplate({}, 'en'),
      language: 'en',
      gift: household,
      couple,
    })
    expect(en).toMatch(/^Hi Ramon and Lourdes! /)
    expect(en).toMatch(/— Isabel & Miguel$/)
  })

  test("uses the couple's own template, leaving braces it does not know", () => {
    const text = renderThankYou({
      template: thankYouTemplate({ en: 'Thanks {names} for the {gift}! {couple}' }, 'en'),
      language: 'en',
      gift: gift({ giverName: 'ninong rudy' }),
      couple,
    })
    expect(text).toBe('Thanks Ninong Rudy for the {gift}! Isabel & Miguel')
    expect(thankYouTemplate({ fil: '   ' }, 'fil')).toBe(defaultThankYou.fil)
  })

  test("braces that only look like ours stay as typed (the invitations' composer, one for both)", () => {
    const text = renderThankYou({
      template: '{names}: {constructor} {toString} {__proto__}',
      language: 'en',
      gift: gift({ giverName: 'Lito' }),
      couple,
    })
    expect(text).toBe('Lito: {constructor} {toString} {__proto__}')
  })
})

describe('the ledger', () => {
  const gifts = [
    gift({ kind: 'gcash', amount: 500000, thankedAt: '2026-12-14T02:00:00Z', thankedVia: 'sms' }),
    gift({ kind: 'cash', amount: 100000 }),
    gift({ kind: 'registry', description: 'Rice cooker' }),
  ]

  test('filters by kind and thank-you state', () => {
    expect(filterGifts(gifts, { kind: 'all', thanks: 'all' })).toHaveLength(3)
    expect(filterGifts(gifts, { kind: 'gcash', thanks: 'all' })).toEqual([gifts[0]])
    expect(filterGifts(gifts, { kind: 'all', thanks: 'not_yet' })).toEqual([gifts[1], gifts[2]])
    expect(filterGifts(gifts, { kind: 'cash', thanks: 'sent' })).toEqual([])
  })

  test('adds the totals, with no sum when the amounts are hidden', () => {
    expect(
      grandTotal([
        { count: 2, amount: 600000 },
        { count: 1, amount: 0 },
      ]),
    ).toEqual({ count: 3, amount: 600000 })
    expect(
      grandTotal([
        { count: 2, amount: null },
        { count: 1, amount: null },
      ]),
    ).toEqual({ count: 3, amount: null })
    expect(grandTotal([])).toEqual({ count: 0, amount: 0 })
  })

  const labels: CsvLabels = {
    headers: {
      giver: 'Giver',
      onGuestList: 'On list',
      kind: 'Kind',
      reference: 'Ref',
      description: 'Description',
      amount: 'Amount',
      receivedOn: 'Received',
      thankYou: 'Thank-you',
      thankedOn: 'Thanked on',
      thankedVia: 'Via',
      notes: 'Notes',
    },
    yes: 'Yes',
    no: 'No',
    kind: (kind) => kind.toUpperCase(),
    channel: (channel) => channel,
    thanked: 'Thanked',
    notYet: 'Not yet',
    day: (instant) => instant.slice(0, 10),
  }

  test('writes CSV rows with amounts in pesos, and none for who does not see the money', () => {
    const rows = giftCsvRows(gifts.slice(0, 1), true, labels)
    expect(rows).toEqual([
      [
        'Giver',
        'On list',
        'Kind',
        'Ref',
        'Description',
        'Amount',
        'Received',
        'Thank-you',
        'Thanked on',
        'Via',
        'Notes',
      ],
      ['Ninong Rudy', 'No', 'GCASH', '', '', '5000.00', '', 'Thanked', '2026-12-14', 'sms', ''],
    ])
    const hidden = giftCsvRows(gifts.slice(0, 1), false, labels)
    expect(hidden[0]).not.toContain('Amount')
    expect(hidden[1]).not.toContain('5000.00')
    expect(hidden[1]).toHaveLength(10)
  })
})

describe('the form', () => {
  test('asks for a household or a name, and an amount it can read', () => {
    const empty = giftValues.safeParse(emptyGift('2026-12-12'))
    expect(empty.success).toBe(false)
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      'gifts.form.errors.householdRequired',
    ])
    const other = giftValues.safeParse({
      ...emptyGift('2026-12-12'),
      giver: 'other',
      giverName: ' ',
      amount: 'lima',
    })
    expect(other.error?.issues.map((issue) => issue.message)).toEqual([
      'gifts.form.errors.giverRequired',
      'gifts.form.errors.amount',
    ])
  })

  test('saves a reference only for cash, GCash and Maya, and the amount in centavos', () => {
    const values = {
      ...emptyGift('2026-12-12'),
      householdId: 'h1',
      kind: 'gcash' as const,
      reference: ' 1012 ',
      amount: '5,000',
      giverName: 'left over',
    }
    expect(valuesToInput(values)).toEqual({
      householdId: 'h1',
      giverName: null,
      kind: 'gcash',
      reference: '1012',
      description: null,
      amount: 500000,
      receivedOn: '2026-12-12',
      notes: null,
    })
    expect(valuesToInput({ ...values, kind: 'registry' }).reference).toBeNull()
    expect(valuesToInput({ ...values, giver: 'other', giverName: 'Ninong Rudy' })).toMatchObject({
      householdId: null,
      giverName: 'Ninong Rudy',
    })
  })
})

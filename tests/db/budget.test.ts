// The budget and the suppliers (0014_budget.sql): the budget's arithmetic on known figures (a
// caterer at ₱2,500 a head for 150, 10 % service on the base, 12 % VAT on base + service, a 50 %
// down payment), what is due this month in Manila, and who sees the money, role by role.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, ENGINE, setSeatedReplies, type Session, type TestDb } from './harness'

type Who = 'owner' | 'partner' | 'coordinator' | 'helper' | 'stranger'
const EVERYONE: Who[] = ['owner', 'partner', 'coordinator', 'helper', 'stranger']

interface Payment {
  id: string
  kind: string
  amountCentavos: number | null
  percent: number | null
  dueCentavos: number
  dueOn: string | null
  paid: boolean
  paidOn: string | null
}
interface Line {
  id: string
  category: string
  name: string
  heads: number | null
  quoteBaseCentavos: number | null
  serviceCentavos: number | null
  vatCentavos: number | null
  quoteTotalCentavos: number | null
  priceCentavos: number | null
  paidCentavos: number
  leftCentavos: number
  payments: Payment[]
}
interface Budget {
  lines: Line[]
  guests: { attending: number; invited: number }
  month: string
  totals: Record<string, number | null>
}
interface Supplier {
  id: string
  name: string
  contractCentavos: number | null
  budgetLineId: string | null
  budgetLine: Line | null
}

let t: TestDb
let weddingId: string
let otherWeddingId: string
const as = {} as Record<Who, NonNullable<Claims>>
let personIds: string[] = []

async function join(role: string, side: string | null) {
  const claims = await t.signUp(role)
  const { token } = (await t.rpc(as.owner, 'create_member_invitation', {
    p_wedding_id: weddingId,
    p_role: role,
    p_side: side,
  })) as {
    token: string
  }
  await t.rpc(claims, 'accept_member_invitation', { p_token: token, p_display_name: role })
  return claims
}

/** The error code a call fails with, or 'ok'. */
async function outcome(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => 'ok',
    (error: { message?: string }) => String(error.message),
  )
}

const budget = (who: Who = 'owner') =>
  t.rpc(as[who], 'get_budget', { p_wedding_id: weddingId }) as Promise<Budget>
const suppliers = (who: Who = 'owner') =>
  t.rpc(as[who], 'list_suppliers', { p_wedding_id: weddingId }) as Promise<Supplier[]>
const today = async () =>
  (
    await t.asOwner<{ d: string }>(
      `select to_char((now() at time zone 'Asia/Manila')::date, 'YYYY-MM-DD') as d`,
    )
  ).rows[0]!.d

beforeAll(async () => {
  t = await createTestDb()
  const couple = await t.couple('Isabel', 'Miguel')
  as.owner = couple.claims
  weddingId = couple.wedding.id
  as.partner = await join('partner', null)
  as.coordinator = await join('coordinator', null)
  as.helper = await join('family_helper', 'bride')
  const other = await t.couple('Rina', 'Karlo')
  as.stranger = other.claims
  otherWeddingId = other.wedding.id

  // 150 persons invited: one household through the app, the rest written straight in.
  const household = (await t.rpc(as.owner, 'save_household', {
    p_wedding_id: weddingId,
    p_household: {
      relationshipSide: 'bride',
      persons: [{ firstName: 'Lorna', lastName: 'Ilagan', type: 'adult' }],
    },
  })) as { id: string; persons: { id: string }[] }
  await t.asOwner(
    `insert into kasalan.persons (user_id, wedding_id, household_id, first_name, position)
     select $1, $2, $3, 'Bisita ' || n, n from generate_series(1, 149) n`,
    [as.owner.sub, weddingId, household.id],
  )
  personIds = (
    await t.asOwner<{ id: string }>(
      'select id from kasalan.persons where wedding_id = $1 order by position',
      [weddingId],
    )
  ).rows.map((row) => row.id)
})

afterAll(async () => {
  await t?.close()
})

describe('the budget in pesos', () => {
  let catering: string

  test('a caterer at ₱2,500 a head for 150 invited, with service on the base and VAT on base + service', async () => {
    catering = (await t.rpc(as.owner, 'save_budget_line', {
      p_wedding_id: weddingId,
      p_line: {
        id: null,
        category: 'catering',
        name: "Josephine's Catering",
        estimateCentavos: 40_000_000,
        pricePerHeadCentavos: 250_000,
        headCountBasis: 'invited',
        withService: true,
        withVat: true,
      },
    })) as string
    const { lines, guests, totals } = await budget()
    expect(guests).toEqual({ attending: 0, invited: 150 })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      heads: 150,
      quoteBaseCentavos: 37_500_000, // ₱375,000.00
      serviceCentavos: 3_750_000, // 10 % of ₱375,000
      vatCentavos: 4_950_000, // 12 % of ₱412,500
      quoteTotalCentavos: 46_200_000, // ₱462,000.00
      priceCentavos: 46_200_000,
      paidCentavos: 0,
      leftCentavos: 46_200_000,
    })
    expect(totals).toMatchObject({
      estimateCentavos: 40_000_000,
      quoteCentavos: 46_200_000,
      costPerGuestCentavos: 308_000,
    })
  })

  test('a 50 % down payment due today and a balance next year: what is due this month, paid and left', async () => {
    const now = await today()
    const down = (await t.rpc(as.owner, 'save_budget_payment', {
      p_wedding_id: weddingId,
      p_payment: { id: null, lineId: catering, kind: 'down_payment', percent: 50, dueOn: now },
    })) as string
    const nextYear = `${Number(now.slice(0, 4)) + 1}${now.slice(4)}`
    await t.rpc(as.owner, 'save_budget_payment', {
      p_wedding_id: weddingId,
      p_payment: {
        id: null,
        lineId: catering,
        kind: 'balance',
        amountCentavos: 23_100_000,
        dueOn: nextYear,
      },
    })
    const first = await budget()
    expect(first.month).toBe(now.slice(0, 7))
    let { lines, totals } = first
    expect(lines[0]!.payments.map((p) => [p.kind, p.dueCentavos, p.paid])).toEqual([
      ['down_payment', 23_100_000, false],
      ['balance', 23_100_000, false],
    ])
    expect(totals).toMatchObject({
      dueThisMonthCentavos: 23_100_000,
      dueThisMonthCount: 1,
      paidCentavos: 0,
      leftCentavos: 46_200_000,
    })

    await t.rpc(as.owner, 'save_budget_payment', {
      p_wedding_id: weddingId,
      p_payment: {
        id: down,
        lineId: catering,
        kind: 'down_payment',
        percent: 50,
        dueOn: now,
        paid: true,
        paidOn: now,
      },
    })
    ;({ lines, totals } = await budget())
    expect(lines[0]!.payments[0]).toMatchObject({ paid: true, paidOn: now })
    expect(totals).toMatchObject({
      dueThisMonthCentavos: 0,
      dueThisMonthCount: 0,
      paidCentavos: 23_100_000,
      leftCentavos: 23_100_000,
    })
  })

  test('priced by the persons who said yes, the quote follows the replies', async () => {
    await setSeatedReplies(t, personIds.slice(0, 40), { isAttending: true })
    await setSeatedReplies(t, personIds.slice(40, 50), { isAttending: false })
    await t.rpc(as.owner, 'save_budget_line', {
      p_wedding_id: weddingId,
      p_line: {
        id: catering,
        category: 'catering',
        name: "Josephine's Catering",
        pricePerHeadCentavos: 250_000,
        headCountBasis: 'attending',
        withService: true,
        withVat: true,
      },
    })
    const { lines, guests, totals } = await budget()
    expect(guests).toEqual({ attending: 40, invited: 150 })
    // ₱100,000 + ₱10,000 service + ₱13,200 VAT; the 50 % down payment follows the price.
    expect(lines[0]).toMatchObject({
      heads: 40,
      quoteBaseCentavos: 10_000_000,
      quoteTotalCentavos: 12_320_000,
      paidCentavos: 6_160_000,
    })
    // Cost per guest over the 40 who said yes.
    expect(totals.costPerGuestCentavos).toBe(308_000)
    // The balance was a fixed ₱231,000: more than the price now; left to pay never goes below zero.
    expect(lines[0]!.leftCentavos).toBe(6_160_000)
  })

  test('VAT alone, service alone, the actual over the quote, and rounding to the centavo', async () => {
    const add = (name: string, fields: Record<string, unknown>) =>
      t.rpc(as.owner, 'save_budget_line', {
        p_wedding_id: weddingId,
        p_line: { id: null, category: 'venue', name, ...fields },
      })
    await add('Hardin ni Lola', { quoteCentavos: 10_000_000, withVat: true })
    await add('Ilaw at tunog', { quoteCentavos: 10_000_000, withService: true })
    await add('Sobrang liit', { quoteCentavos: 1_234, withService: true, withVat: true })
    await add('Simbahan', {
      estimateCentavos: 1_500_000,
      quoteCentavos: 1_000_000,
      actualCentavos: 1_200_000,
    })
    const { lines } = await budget()
    const byName = Object.fromEntries(lines.map((line) => [line.name, line]))
    expect(byName['Hardin ni Lola']).toMatchObject({
      serviceCentavos: 0,
      vatCentavos: 1_200_000,
      quoteTotalCentavos: 11_200_000,
    })
    expect(byName['Ilaw at tunog']).toMatchObject({
      serviceCentavos: 1_000_000,
      vatCentavos: 0,
      quoteTotalCentavos: 11_000_000,
    })
    // 1,234 + 123 (123.4) + 163 (162.84) centavos.
    expect(byName['Sobrang liit']).toMatchObject({
      serviceCentavos: 123,
      vatCentavos: 163,
      quoteTotalCentavos: 1_520,
    })
    expect(byName['Simbahan']).toMatchObject({
      quoteTotalCentavos: 1_000_000,
      priceCentavos: 1_200_000,
    })
    // Catering first, then the venue lines in the order they were added.
    expect(lines.map((line) => line.name)).toEqual([
      "Josephine's Catering",
      'Hardin ni Lola',
      'Ilaw at tunog',
      'Sobrang liit',
      'Simbahan',
    ])
  })

  test("the couple's own categories come after the ten's invitations and before others", async () => {
    const add = (category: string, name: string) =>
      t.rpc(as.owner, 'save_budget_line', {
        p_wedding_id: weddingId,
        p_line: { id: null, category, name, estimateCentavos: 100 },
      })
    await add('others', 'Pasalubong')
    await add('  Ilaw at tunog ', 'Lights')
    await add('invitations', 'Imbitasyon')
    const { lines } = await budget()
    const mine = lines.filter((line) => ['Pasalubong', 'Lights', 'Imbitasyon'].includes(line.name))
    expect(mine.map((line) => [line.category, line.name])).toEqual([
      ['invitations', 'Imbitasyon'],
      ['Ilaw at tunog', 'Lights'],
      ['others', 'Pasalubong'],
    ])
    // The supplier's service stays one of the ten.
    expect(
      await outcome(
        t.rpc(as.owner, 'save_supplier', {
          p_wedding_id: weddingId,
          p_supplier: { id: null, name: 'Ilaw', service: 'Ilaw at tunog' },
        }),
      ),
    ).toBe('invalid_input')
  })

  test('bad input is refused with invalid_input and changes nothing', async () => {
    const before = await budget()
    const line = (fields: Record<string, unknown>) =>
      t.rpc(as.owner, 'save_budget_line', {
        p_wedding_id: weddingId,
        p_line: { id: null, category: 'venue', name: 'Mali', ...fields },
      })
    expect(await outcome(line({ category: '   ' }))).toBe('invalid_input')
    expect(await outcome(line({ category: 'x'.repeat(61) }))).toBe('invalid_input')
    expect(await outcome(line({ name: '   ' }))).toBe('invalid_input')
    expect(await outcome(line({ quoteCentavos: -1 }))).toBe('invalid_input')
    expect(await outcome(line({ quoteCentavos: 1, pricePerHeadCentavos: 1 }))).toBe('invalid_input')
    const pay = (fields: Record<string, unknown>) =>
      t.rpc(as.owner, 'save_budget_payment', {
        p_wedding_id: weddingId,
        p_payment: { id: null, lineId: catering, kind: 'other', ...fields },
      })
    expect(await outcome(pay({ amountCentavos: 1, percent: 10 }))).toBe('invalid_input')
    expect(await outcome(pay({}))).toBe('invalid_input')
    expect(await outcome(pay({ percent: 101 }))).toBe('invalid_input')
    // Kept to the hundredth, 0.001 % would be 0.00 %: refused as a percentage out of range, not
    // by the table's check.
    await expect(pay({ percent: 0.001 })).rejects.toMatchObject({
      message: 'invalid_input',
      details: 'the amount or percentage is out of range',
    })
    expect(await outcome(pay({ amountCentavos: 1, paidOn: '2026-01-01' }))).toBe('invalid_input')
    expect(await outcome(pay({ kind: 'tip', amountCentavos: 1 }))).toBe('invalid_input')
    expect(await budget()).toEqual(before)
  })
})

describe('one record per save (0034)', () => {
  /** The error code and detail a call fails with, or 'ok'. */
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => 'ok',
      (error: { message?: string; details?: string }) => `${error.message}: ${error.details}`,
    )

  test('each field is read as the JSON it must be, and the refusal names it; nothing changes', async () => {
    const before = await budget()
    const line = (fields: Record<string, unknown>) => () =>
      t.rpc(as.owner, 'save_budget_line', {
        p_wedding_id: weddingId,
        p_line: { id: null, category: 'venue', name: 'Mali', ...fields },
      })
    const lineId = before.lines[0]!.id
    const pay = (fields: Record<string, unknown>) => () =>
      t.rpc(as.owner, 'save_budget_payment', {
        p_wedding_id: weddingId,
        p_payment: { id: null, lineId, kind: 'other', ...fields },
      })
    const supplier = (fields: Record<string, unknown>) => () =>
      t.rpc(as.owner, 'save_supplier', {
        p_wedding_id: weddingId,
        p_supplier: { id: null, name: 'Mali', service: 'venue', ...fields },
      })
    // Each call is made when its turn comes: made all at once, the later refusals would arrive
    // before anything awaited them.
    const cases: [() => Promise<unknown>, string][] = [
      [line({ quoteCentavos: 100.5 }), 'quoteCentavos must be a whole number of at most 18 digits'],
      [line({ estimateCentavos: '100' }), 'estimateCentavos must be a number'],
      [line({ withVat: 'yes' }), 'withVat must be true or false'],
      [line({ id: 'ikalawa' }), 'id must be an id'],
      [
        line({ quoteCentavos: 100_000_000_001 }),
        'quoteCentavos must be from 0 to 100000000000 centavos',
      ],
      [
        line({ pricePerHeadCentavos: 100, headCountBasis: 'lahat' }),
        'headCountBasis must be attending or invited',
      ],
      [pay({ amountCentavos: 1, paid: 'true' }), 'paid must be true or false'],
      [pay({ percent: '50' }), 'percent must be a number'],
      [pay({ lineId: 42, amountCentavos: 1 }), 'lineId must be an id'],
      [
        supplier({ contractCentavos: 1.5 }),
        'contractCentavos must be a whole number of at most 18 digits',
      ],
      [supplier({ budgetLineId: 'linya' }), 'budgetLineId must be an id'],
      [supplier({ status: null }), 'status must be considering, booked, paid or cancelled'],
      [
        () => t.rpc(as.owner, 'save_budget_line', { p_wedding_id: weddingId, p_line: [] }),
        'line must be an object',
      ],
    ]
    for (const [call, detail] of cases)
      expect(await refusal(call())).toBe(`invalid_input: ${detail}`)
    expect(await budget()).toEqual(before)
  })

  test('a percentage keeps its cents; a supplier left without a status is being considered', async () => {
    const lineId = (await budget()).lines[0]!.id
    const id = (await t.rpc(as.owner, 'save_budget_payment', {
      p_wedding_id: weddingId,
      p_payment: { id: null, lineId, kind: 'other', percent: 12.345 },
    })) as string
    const saved = (await budget()).lines[0]!.payments.find((p) => p.id === id)
    expect(saved).toMatchObject({ percent: 12.35, amountCentavos: null, paid: false })
    await t.rpc(as.owner, 'delete_budget_payment', { p_wedding_id: weddingId, p_payment_id: id })
    const supplierId = (await t.rpc(as.owner, 'save_supplier', {
      p_wedding_id: weddingId,
      p_supplier: { id: null, name: 'Tahimik', service: 'others' },
    })) as string
    expect((await suppliers()).find((s) => s.id === supplierId)).toMatchObject({
      status: 'considering',
    })
    await t.rpc(as.owner, 'delete_supplier', { p_wedding_id: weddingId, p_supplier_id: supplierId })
  })
})

describe('the suppliers', () => {
  test('a supplier linked to the catering line carries its payment schedule; deleting the line unlinks it', async () => {
    const line = (await t.rpc(as.owner, 'save_budget_line', {
      p_wedding_id: weddingId,
      p_line: { id: null, category: 'photo_video', name: 'Litrato', quoteCentavos: 8_000_000 },
    })) as string
    await t.rpc(as.owner, 'save_budget_payment', {
      p_wedding_id: weddingId,
      p_payment: { id: null, lineId: line, kind: 'down_payment', percent: 30 },
    })
    const id = (await t.rpc(as.owner, 'save_supplier', {
      p_wedding_id: weddingId,
      p_supplier: {
        id: null,
        name: 'Studio Liwanag',
        service: 'photo_video',
        phone: '0917 555 0101',
        messenger: 'studioliwanag',
        status: 'booked',
        contractCentavos: 8_000_000,
        budgetLineId: line,
      },
    })) as string
    let [supplier] = (await suppliers()).filter((s) => s.id === id)
    expect(supplier).toMatchObject({ contractCentavos: 8_000_000, budgetLineId: line })
    expect(supplier!.budgetLine!.payments.map((p) => p.dueCentavos)).toEqual([2_400_000])

    await t.rpc(as.owner, 'delete_budget_line', { p_wedding_id: weddingId, p_line_id: line })
    ;[supplier] = (await suppliers()).filter((s) => s.id === id)
    expect(supplier).toMatchObject({
      name: 'Studio Liwanag',
      budgetLineId: null,
      budgetLine: null,
      contractCentavos: 8_000_000,
    })
    const left = await t.asOwner<{ n: number }>(
      'select count(*)::int as n from kasalan.budget_payments where line_id = $1',
      [line],
    )
    expect(left.rows[0]!.n).toBe(0)
  })

  test("another wedding's budget line cannot be linked, nor its payments written", async () => {
    const theirs = (await t.rpc(as.stranger, 'save_budget_line', {
      p_wedding_id: otherWeddingId,
      p_line: { id: null, category: 'venue', name: 'Kanila', quoteCentavos: 100 },
    })) as string
    expect(
      await outcome(
        t.rpc(as.owner, 'save_supplier', {
          p_wedding_id: weddingId,
          p_supplier: { id: null, name: 'X', service: 'venue', budgetLineId: theirs },
        }),
      ),
    ).toBe('budget_line_not_found')
    expect(
      await outcome(
        t.rpc(as.owner, 'save_budget_payment', {
          p_wedding_id: weddingId,
          p_payment: { id: null, lineId: theirs, kind: 'other', amountCentavos: 1 },
        }),
      ),
    ).toBe('budget_line_not_found')
    expect(
      await outcome(
        t.rpc(as.owner, 'delete_budget_line', { p_wedding_id: weddingId, p_line_id: theirs }),
      ),
    ).toBe('budget_line_not_found')
  })
})

describe('who sees the money', () => {
  let supplierId: string
  let lineId: string

  beforeAll(async () => {
    lineId = (await t.rpc(as.owner, 'save_budget_line', {
      p_wedding_id: weddingId,
      p_line: { id: null, category: 'flowers', name: 'Bulaklak', quoteCentavos: 5_000_000 },
    })) as string
    supplierId = (await t.rpc(as.owner, 'save_supplier', {
      p_wedding_id: weddingId,
      p_supplier: {
        id: null,
        name: 'Flores de Mayo',
        service: 'flowers',
        phone: '0918 000 1111',
        status: 'considering',
        contractCentavos: 5_000_000,
        budgetLineId: lineId,
      },
    })) as string
  })

  const reads = async () => {
    const seen = {} as Record<Who, string>
    for (const who of EVERYONE) {
      const budgetRead = await outcome(budget(who))
      const list = await suppliers(who).catch((error: { message?: string }) =>
        String(error.message),
      )
      const flowers = typeof list === 'string' ? list : list.find((s) => s.id === supplierId)
      const money =
        typeof flowers === 'string' || !flowers
          ? String(flowers)
          : `${flowers.contractCentavos} ${flowers.budgetLineId === lineId} ${flowers.budgetLine?.quoteTotalCentavos ?? null}`
      seen[who] = `budget ${budgetRead}; suppliers ${money}`
    }
    return seen
  }

  test('the owner and partner see it; the coordinator sees the suppliers without amounts; a family helper and a stranger nothing', async () => {
    expect(await reads()).toEqual({
      owner: 'budget ok; suppliers 5000000 true 5000000',
      partner: 'budget ok; suppliers 5000000 true 5000000',
      coordinator: 'budget wedding_not_found; suppliers null false null',
      helper: 'budget wedding_not_found; suppliers wedding_not_found',
      stranger: 'budget wedding_not_found; suppliers wedding_not_found',
    })
  })

  test('every budget write needs the money; supplier writes need the plan', async () => {
    for (const who of EVERYONE) {
      const lineWrite = await outcome(
        t.rpc(as[who], 'save_budget_line', {
          p_wedding_id: weddingId,
          p_line: { id: lineId, category: 'flowers', name: 'Bulaklak', quoteCentavos: 5_000_000 },
        }),
      )
      const paymentWrite = await outcome(
        t.rpc(as[who], 'save_budget_payment', {
          p_wedding_id: weddingId,
          p_payment: { id: null, lineId: lineId, kind: 'other', amountCentavos: 1 },
        }),
      )
      const supplierWrite = await outcome(
        t.rpc(as[who], 'save_supplier', {
          p_wedding_id: weddingId,
          p_supplier: {
            id: supplierId,
            name: 'Flores de Mayo',
            service: 'flowers',
            status: 'booked',
            contractCentavos: 5_000_000,
            budgetLineId: lineId,
          },
        }),
      )
      const expected = {
        owner: 'ok',
        partner: 'ok',
        coordinator: 'wedding_not_found',
        helper: 'wedding_not_found',
        stranger: 'wedding_not_found',
      }[who]
      expect([who, lineWrite, paymentWrite]).toEqual([who, expected, expected])
      expect([who, supplierWrite]).toEqual([
        who,
        ['helper', 'stranger'].includes(who) ? 'wedding_not_found' : 'ok',
      ])
    }
    for (const who of ['helper', 'stranger'] as const) {
      expect(
        await outcome(
          t.rpc(as[who], 'delete_supplier', { p_wedding_id: weddingId, p_supplier_id: supplierId }),
        ),
      ).toBe('wedding_not_found')
      expect(
        await outcome(
          t.rpc(as[who], 'delete_budget_line', { p_wedding_id: weddingId, p_line_id: lineId }),
        ),
      ).toBe('wedding_not_found')
    }
    expect(
      await outcome(
        t.rpc(as.coordinator, 'delete_budget_line', { p_wedding_id: weddingId, p_line_id: lineId }),
      ),
    ).toBe('wedding_not_found')
  })

  test("a coordinator's save of a supplier leaves the money as it was", async () => {
    await t.rpc(as.coordinator, 'save_supplier', {
      p_wedding_id: weddingId,
      p_supplier: {
        id: supplierId,
        name: 'Flores de Mayo',
        service: 'flowers',
        phone: '0918 000 2222',
        status: 'booked',
        contractCentavos: 1,
        budgetLineId: null,
      },
    })
    const flowers = (await suppliers('owner')).find((s) => s.id === supplierId)
    expect(flowers).toMatchObject({ contractCentavos: 5_000_000, budgetLineId: lineId })
    const added = (await t.rpc(as.coordinator, 'save_supplier', {
      p_wedding_id: weddingId,
      p_supplier: { id: null, name: 'Ate Joy Events', service: 'others', contractCentavos: 9_999 },
    })) as string
    expect((await suppliers('owner')).find((s) => s.id === added)).toMatchObject({
      contractCentavos: null,
    })
  })

  test('only the owner and partner let the coordinator see the money; then the coordinator reads and writes it', async () => {
    for (const who of ['coordinator', 'helper', 'stranger'] as const) {
      expect(
        await outcome(
          t.rpc(as[who], 'set_coordinator_sees_money', {
            p_wedding_id: weddingId,
            p_allowed: true,
          }),
        ),
      ).toBe('wedding_not_found')
    }
    expect(
      await t.rpc(as.partner, 'set_coordinator_sees_money', {
        p_wedding_id: weddingId,
        p_allowed: true,
      }),
    ).toEqual({ coordinatorSeesMoney: true })
    expect(
      await t.rpc(as.coordinator, 'get_my_wedding', { p_wedding_id: weddingId }),
    ).toMatchObject({ seesMoney: true, coordinatorSeesMoney: true })
    const seen = await reads()
    expect(seen.coordinator).toBe('budget ok; suppliers 5000000 true 5000000')
    expect(seen.helper).toBe('budget wedding_not_found; suppliers wedding_not_found')
    expect(
      await outcome(
        t.rpc(as.coordinator, 'save_budget_payment', {
          p_wedding_id: weddingId,
          p_payment: { id: null, lineId: lineId, kind: 'other', amountCentavos: 1 },
        }),
      ),
    ).toBe('ok')

    await t.rpc(as.owner, 'set_coordinator_sees_money', {
      p_wedding_id: weddingId,
      p_allowed: false,
    })
    expect((await reads()).coordinator).toBe('budget wedding_not_found; suppliers null false null')
  })

  test('the tables are read through the functions only: nobody reads or writes them directly', async () => {
    for (const table of ['budget_lines', 'budget_payments', 'suppliers']) {
      await expect(
        t.asRole('authenticated', as.owner, `select * from kasalan.${table}`),
      ).rejects.toMatchObject({ code: '42501' })
      await expect(t.asRole('anon', null, `select * from kasalan.${table}`)).rejects.toMatchObject({
        code: '42501',
      })
      await expect(
        t.asRole('authenticated', as.owner, `delete from kasalan.${table}`),
      ).rejects.toMatchObject({ code: '42501' })
    }
    for (const name of ['get_budget', 'list_suppliers', 'set_coordinator_sees_money']) {
      expect(
        await outcome(
          t.rpc(null, name, {
            p_wedding_id: weddingId,
            ...(name.startsWith('set') ? { p_allowed: true } : {}),
          }),
        ),
      ).not.toBe('ok')
    }
  })
})

describe.skipIf(ENGINE !== 'postgres')('two devices at once (real PostgreSQL)', () => {
  /**
   * Runs `first` in a transaction left open, then `second` on another connection until it waits
   * for the first or is done, then commits the first. Returns the second's value or error code.
   */
  async function twoAtOnce(
    first: [string, Record<string, unknown>],
    second: [string, Record<string, unknown>],
  ) {
    const a: Session = await t.session()
    const b: Session = await t.session()
    try {
      await a.begin(as.owner)
      await a.rpc(...first)
      await b.begin(as.partner)
      let settled = false
      const outcome = (async () => {
        try {
          await b.rpc(...second)
          await b.commit()
          return 'ok'
        } catch (error) {
          await b.rollback().catch(() => undefined)
          return String((error as { message?: string }).message)
        } finally {
          settled = true
        }
      })()
      await t.waitUntilBlocked(b.pid, () => settled)
      await a.commit()
      return await outcome
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  }

  const newLine = async (name: string) =>
    (await t.rpc(as.owner, 'save_budget_line', {
      p_wedding_id: weddingId,
      p_line: { id: null, category: 'rings', name, quoteCentavos: 2_000_000 },
    })) as string
  const payment = (lineId: string): [string, Record<string, unknown>] => [
    'save_budget_payment',
    {
      p_wedding_id: weddingId,
      p_payment: { id: null, lineId: lineId, kind: 'down_payment', percent: 50 },
    },
  ]
  const paymentsOf = async (lineId: string) =>
    (
      await t.asOwner<{ n: number }>(
        'select count(*)::int as n from kasalan.budget_payments where line_id = $1',
        [lineId],
      )
    ).rows[0]!.n

  test('a payment written while the line is deleted elsewhere is refused with budget_line_not_found', async () => {
    const line = await newLine('Singsing A')
    expect(
      await twoAtOnce(
        ['delete_budget_line', { p_wedding_id: weddingId, p_line_id: line }],
        payment(line),
      ),
    ).toBe('budget_line_not_found')
    expect(await paymentsOf(line)).toBe(0)
  })

  test('a delete that comes while a payment is being written waits, then takes the payment with the line', async () => {
    const line = await newLine('Singsing B')
    expect(
      await twoAtOnce(payment(line), [
        'delete_budget_line',
        { p_wedding_id: weddingId, p_line_id: line },
      ]),
    ).toBe('ok')
    expect(await paymentsOf(line)).toBe(0)
    expect((await budget()).lines.some((l) => l.id === line)).toBe(false)
  })

  test('the line can be changed while a payment is being written, and the payment follows the new price', async () => {
    const line = await newLine('Singsing C')
    const edit: [string, Record<string, unknown>] = [
      'save_budget_line',
      {
        p_wedding_id: weddingId,
        p_line: { id: line, category: 'rings', name: 'Singsing C', quoteCentavos: 3_000_000 },
      },
    ]
    expect(await twoAtOnce(payment(line), edit)).toBe('ok')
    const saved = (await budget()).lines.find((l) => l.id === line)!
    expect(saved.payments.map((p) => p.dueCentavos)).toEqual([1_500_000])
  })
})

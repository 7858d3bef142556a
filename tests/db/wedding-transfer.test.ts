// Moving a wedding (0011): export_wedding writes the couple's whole wedding as one versioned file,
// import_wedding fills an empty wedding from it, all or nothing. The round trip goes from one
// database to another, as a move from the embedded database to hosted Supabase does. Since 0017
// the file carries the plan too: checklist, budget and payments, suppliers, gifts, thank-yous.

import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { MAX_JSON_DEPTH } from '../../src/lib/json-depth'
import { createTestDb, ENGINE, type TestDb } from './harness'

let source: TestDb
let target: TestDb

beforeAll(async () => {
  ;[source, target] = await Promise.all([createTestDb(), createTestDb()])
})

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()])
})

interface WeddingFile {
  format: string
  version: number
  exportedAt: string
  wedding: Record<string, unknown>
  sections: Record<string, unknown>[]
  households: Record<string, unknown>[]
  persons: Record<string, unknown>[]
  seatingLayout: Record<string, unknown> | null
  checklistItems: Record<string, unknown>[]
  budgetLines: Record<string, unknown>[]
  budgetPayments: Record<string, unknown>[]
  suppliers: Record<string, unknown>[]
  gifts: Record<string, unknown>[]
  giftThankYouTemplates: Record<string, unknown>[]
  events: Record<string, unknown>[]
  eventGuests: Record<string, unknown>[]
  eventReplies: Record<string, unknown>[]
}

/** The plan's lists of a file, and the accounts each row may name (kept only for a member). */
const PLAN_KEYS = [
  'checklistItems',
  'budgetLines',
  'budgetPayments',
  'suppliers',
  'gifts',
  'giftThankYouTemplates',
] as const
const ACCOUNTS: Partial<Record<(typeof PLAN_KEYS)[number] | 'eventReplies', string[]>> = {
  checklistItems: ['assignee_user', 'done_by', 'created_by'],
  gifts: ['created_by'],
  eventReplies: ['recorded_by_user'],
}

interface Household {
  id: string
  persons: { id: string; firstName: string }[]
}

const QUESTIONS = [
  { id: 'meal', kind: 'choice', question: 'Ulam?', options: ['Manok', 'Isda'] },
  { id: 'song', kind: 'text', question: 'Kanta?' },
]

/** A wedding with everything a couple keeps: details, edited sections, households, answers, seats. */
async function fullWedding(t: TestDb) {
  const { claims, wedding } = await t.couple('Corazon', 'Emilio')
  await t.rpc(claims, 'update_rsvp_settings', {
    p_wedding_id: wedding.id,
    p_deadline: '2030-01-31',
    p_questions: QUESTIONS,
  })
  await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
  const { sections, theme } = (await t.rpc(claims, 'get_my_wedding')) as {
    sections: { id: string; type: string; label: string; path: string; visible: boolean }[]
    theme: unknown
  }
  const faqs = sections.find((s) => s.type === 'faqs')!
  await t.rpc(claims, 'save_section_content', {
    p_section_id: faqs.id,
    p_title: 'Mga Tanong',
    p_data: { faqs: [{ question: 'Dress code?', answer: 'Barong' }] },
  })
  const structure = (await t.rpc(claims, 'save_site_structure', {
    p_wedding_id: wedding.id,
    p_sections: [
      ...sections.map(({ id, type, label, path, visible }) => ({ id, type, label, path, visible })),
      { type: 'custom', label: 'Ang Pamilya', path: 'pamilya', visible: true },
    ],
    p_theme: theme,
  })) as { sections: { id: string; path: string }[] }
  await t.rpc(claims, 'save_section_content', {
    p_section_id: structure.sections.find((s) => s.path === 'pamilya')!.id,
    p_title: 'Ang Pamilya',
    p_data: { body: 'Ñino at Peña' },
  })
  const households: Household[] = []
  for (const [persons, extra] of [
    [
      [
        { firstName: 'Ñino', lastName: 'dela Peña', title: 'G.' },
        { firstName: 'Ana', lastName: 'dela Peña', type: 'child' },
      ],
      {
        email: 'nino@example.com',
        relationshipSide: 'bride',
        relationshipType: 'family',
        address: { address1: '12 Mabini St', city: 'Lungsod Quezon' },
      },
    ],
    [
      [{ firstName: 'Jose', lastName: 'Rizal', suffix: 'Jr.', notes: 'vegetarian' }],
      {
        phone: '+63 917 000 0000',
        relationshipSide: 'groom',
        relationshipType: 'friend',
        notes: 'tawagan',
      },
    ],
  ] as const) {
    households.push(
      (await t.rpc(claims, 'save_household', {
        p_wedding_id: wedding.id,
        p_household: { ...extra, persons },
      })) as Household,
    )
  }
  const [nino, ana] = households[0]!.persons
  await t.rpc(null, 'submit_rsvp', {
    p_household_id: households[0]!.id,
    p_person_id: nino!.id,
    p_answers: [
      {
        personId: nino!.id,
        isAttending: true,
        response: [
          { questionId: 'meal', answer: 'Isda' },
          { questionId: 'song', answer: 'Ikaw' },
        ],
      },
      { personId: ana!.id, isAttending: false },
    ],
    p_message: 'Salamat po!',
  })
  await t.rpc(claims, 'record_reply', {
    p_wedding_id: wedding.id,
    p_person_id: households[1]!.persons[0]!.id,
    p_is_attending: true,
    p_response: [{ questionId: 'meal', answer: 'Manok' }],
  })
  await t.rpc(claims, 'save_seating_layout', {
    p_wedding_id: wedding.id,
    p_layout: {
      tables: [
        { id: 't1', name: 'Mesa 1', x: 100, y: 100, width: 120, height: 120, type: 'round' },
      ],
      seats: [
        {
          id: 's1',
          tableId: 't1',
          x: 0,
          y: -60,
          householdId: households[0]!.id,
          personId: nino!.id,
        },
        { id: 's2', tableId: 't1', x: 0, y: 60, householdId: null, personId: null },
      ],
    },
    p_base_updated_at: '-infinity',
  })
  const plan = await fullPlan(t, claims, wedding.id, households)
  return { claims, wedding, households, ...plan }
}

/** A member of the wedding with `role`, signed up for it. */
async function join(t: TestDb, owner: Claims, weddingId: string, role: string) {
  const claims = (await t.signUp(role))!
  const { token } = (await t.rpc(owner, 'create_member_invitation', {
    p_wedding_id: weddingId,
    p_role: role,
    p_side: null,
  })) as {
    token: string
  }
  await t.rpc(claims, 'accept_member_invitation', { p_token: token, p_display_name: 'Tita Baby' })
  return claims
}

/** Every planning table filled: checklist (assigned, ticked, a document), budget lines with payments, a supplier on a line, gifts (one from a household, thanked), thank-you messages. */
async function fullPlan(t: TestDb, claims: Claims, weddingId: string, households: Household[]) {
  const coordinator = await join(t, claims, weddingId, 'coordinator')
  await t.rpc(claims, 'set_coordinator_sees_money', { p_wedding_id: weddingId, p_allowed: true })
  const started = (await t.rpc(claims, 'start_checklist', {
    p_wedding_id: weddingId,
    p_items: [
      { key: 'book_church', title: 'Magpa-book sa simbahan', category: 'church', daysBefore: 300 },
      {
        key: 'cenomar',
        title: 'Kumuha ng CENOMAR',
        category: 'documents',
        daysBefore: 120,
        validDays: 180,
      },
    ],
  })) as { items: { id: string; templateKey: string | null }[] }
  const cenomar = started.items.find((item) => item.templateKey === 'cenomar')!
  await t.rpc(claims, 'save_checklist_item', {
    p_wedding_id: weddingId,
    p_item: {
      id: cenomar.id,
      title: 'Kumuha ng CENOMAR',
      category: 'documents',
      daysBefore: 120,
      validDays: 180,
      issuedOn: '2026-10-01',
    },
  })
  const tasting = (await t.rpc(claims, 'save_checklist_item', {
    p_wedding_id: weddingId,
    p_item: {
      title: 'Food tasting',
      notes: 'Sabado, 2pm',
      category: 'reception',
      dueDate: '2026-12-05',
      assigneeUserId: coordinator.sub,
      assigneeRole: 'coordinator',
    },
  })) as { id: string }
  await t.rpc(claims, 'set_checklist_item_done', {
    p_wedding_id: weddingId,
    p_item_id: tasting.id,
    p_done: true,
  })

  const catering = (await t.rpc(claims, 'save_budget_line', {
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
  await t.rpc(claims, 'save_budget_line', {
    p_wedding_id: weddingId,
    p_line: {
      id: null,
      category: 'Lechon',
      name: 'Lechon ni Mang Tomas',
      quoteCentavos: 1_250_000,
      actualCentavos: 1_300_000,
    },
  })
  await t.rpc(claims, 'save_budget_payment', {
    p_wedding_id: weddingId,
    p_payment: {
      id: null,
      lineId: catering,
      kind: 'down_payment',
      percent: 50,
      dueOn: '2026-11-30',
      paid: true,
      paidOn: '2026-11-20',
    },
  })
  await t.rpc(claims, 'save_budget_payment', {
    p_wedding_id: weddingId,
    p_payment: {
      id: null,
      lineId: catering,
      kind: 'balance',
      amountCentavos: 23_100_000,
      dueOn: '2027-02-01',
    },
  })
  await t.rpc(claims, 'save_supplier', {
    p_wedding_id: weddingId,
    p_supplier: {
      id: null,
      name: "Josephine's Catering",
      service: 'catering',
      phone: '+63 917 111 2222',
      messenger: 'josephines.catering',
      notes: 'May libreng cake',
      status: 'booked',
      contractCentavos: 46_200_000,
      budgetLineId: catering,
    },
  })
  await t.rpc(claims, 'save_supplier', {
    p_wedding_id: weddingId,
    p_supplier: { id: null, name: 'Studio Liwanag', service: 'photo_video' },
  })

  const envelope = (await t.rpc(claims, 'save_gift', {
    p_wedding_id: weddingId,
    p_gift: {
      id: null,
      householdId: households[0]!.id,
      kind: 'cash',
      amount: 500_000,
      receivedOn: '2027-02-14',
      notes: 'Sobre sa reception',
    },
  })) as { id: string }
  await t.rpc(claims, 'mark_gift_thanked', {
    p_wedding_id: weddingId,
    p_gift_id: envelope.id,
    p_channel: 'messenger',
  })
  await t.rpc(claims, 'save_gift', {
    p_wedding_id: weddingId,
    p_gift: {
      id: null,
      giverName: 'Ninong Ben (Dubai)',
      kind: 'gcash',
      reference: '1234 567 890',
      amount: 1_000_000,
    },
  })
  await t.rpc(claims, 'save_gift_thank_you_templates', {
    p_wedding_id: weddingId,
    p_templates: { fil: 'Salamat po, {name}!', en: 'Thank you, {name}!' },
  })
  return { coordinator, catering }
}

/** The file as a database where none of its accounts is a member would import it: those accounts null. */
function withoutAccounts(file: WeddingFile): WeddingFile {
  const copy = structuredClone(file)
  for (const [key, columns] of Object.entries(ACCOUNTS)) {
    for (const row of copy[key as keyof typeof ACCOUNTS])
      for (const column of columns) row[column] = null
  }
  return copy
}

/**
 * A file as an export before 0023 wrote it: no events' lists, and the answers (the main event's)
 * on the persons, who recorded them 'guest' or 'couple'.
 */
function withAnswersOnPersons(file: WeddingFile): WeddingFile {
  const copy: Partial<WeddingFile> = structuredClone(file)
  const main = file.events.find((event) => event.is_main === true)!.event_id
  const replies = new Map(
    file.eventReplies.filter((r) => r.event_id === main).map((r) => [r.person_id, r]),
  )
  copy.persons = file.persons.map((person) => {
    const reply = replies.get(person.id)
    return {
      ...person,
      is_attending: reply?.is_attending ?? null,
      response: reply?.response ?? [],
      responded_at: reply?.responded_at ?? null,
      rsvp_recorded_by: reply ? (reply.recorded_by === 'guest' ? 'guest' : 'couple') : null,
    }
  })
  delete copy.events
  delete copy.eventGuests
  delete copy.eventReplies
  return copy as WeddingFile
}

/** Each person's seated answer in a file, by name. */
function answersByName(file: WeddingFile): string[] {
  const main = file.events.find((event) => event.is_main === true)!.event_id
  return file.persons
    .map((p) => {
      const reply = file.eventReplies.find((r) => r.person_id === p.id && r.event_id === main)
      return `${p.first_name as string} ${String(reply?.is_attending ?? null)}`
    })
    .sort()
}

/** A file as an export before 0017 wrote it: without the plan. */
function withoutPlan(file: WeddingFile): WeddingFile {
  const copy: Partial<WeddingFile> = structuredClone(file)
  for (const key of PLAN_KEYS) delete copy[key]
  return copy as WeddingFile
}

/** The same file with every row's id replaced, as if it came from another wedding. */
function withNewIds(file: WeddingFile): WeddingFile {
  let text = JSON.stringify(file)
  for (const row of [...file.sections, ...file.households, ...file.persons]) {
    text = text.replaceAll(row.id as string, crypto.randomUUID())
  }
  const fresh = JSON.parse(text) as WeddingFile
  // Other per-row keys that must be unique (a household's invitation code, say) are left to their defaults.
  for (const row of [...fresh.sections, ...fresh.households, ...fresh.persons]) {
    for (const key of Object.keys(row)) if (key.endsWith('_code')) delete row[key]
  }
  return fresh
}

/** What must be equal after a move: everything but the wedding's own id, address and timestamps. */
function comparable(file: WeddingFile) {
  const {
    id: _id,
    slug: _slug,
    created_at: _created,
    updated_at: _updated,
    ...wedding
  } = file.wedding
  return { ...file, exportedAt: undefined, wedding }
}

describe('export_wedding and import_wedding', () => {
  let file: WeddingFile
  let from: Awaited<ReturnType<typeof fullWedding>>

  beforeAll(async () => {
    from = await fullWedding(source)
    file = (await source.rpc(from.claims, 'export_wedding', {
      p_wedding_id: from.wedding.id,
    })) as WeddingFile
  })

  test('the file is versioned and holds the whole wedding', () => {
    expect(file).toMatchObject({ format: 'kasalan-wedding', version: 1 })
    expect(file.wedding).toMatchObject({
      title: 'Corazon & Emilio',
      is_published: true,
      rsvp_deadline: '2030-01-31',
    })
    expect(file.wedding).not.toHaveProperty('user_id')
    expect(file.sections).toHaveLength(11)
    expect(file.households).toHaveLength(2)
    expect(file.persons).toHaveLength(3)
    expect(file.persons.every((p) => !('user_id' in p) && !('wedding_id' in p))).toBe(true)
    expect(file.seatingLayout).toMatchObject({ tables: [{ name: 'Mesa 1' }] })
  })

  test('the file carries the plan, its money included, each row without wedding_id or seq', () => {
    expect(file.wedding).toMatchObject({ coordinator_sees_money: true })
    expect(file.checklistItems.map((i) => i.title)).toEqual([
      'Magpa-book sa simbahan',
      'Kumuha ng CENOMAR',
      'Food tasting',
    ])
    expect(file.checklistItems[1]).toMatchObject({
      template_key: 'cenomar',
      issued_on: '2026-10-01',
      valid_days: 180,
    })
    expect(file.checklistItems[2]).toMatchObject({
      assignee_user: from.coordinator.sub,
      done_by: from.claims!.sub,
      done_at: expect.any(String),
    })
    expect(
      file.budgetLines.map((l) => [l.name, l.price_per_head_centavos ?? l.quote_centavos]),
    ).toEqual([
      ["Josephine's Catering", 250_000],
      ['Lechon ni Mang Tomas', 1_250_000],
    ])
    expect(file.budgetPayments).toHaveLength(2)
    expect(file.budgetPayments.every((p) => p.line_id === from.catering)).toBe(true)
    expect(file.suppliers[0]).toMatchObject({
      budget_line_id: from.catering,
      contract_centavos: 46_200_000,
      status: 'booked',
    })
    expect(file.gifts.map((g) => [g.household_id, g.amount, g.thanked_via])).toEqual([
      [from.households[0]!.id, 500_000, 'messenger'],
      [null, 1_000_000, null],
    ])
    expect(file.giftThankYouTemplates.map((m) => m.language)).toEqual(['en', 'fil'])
    for (const key of PLAN_KEYS) {
      for (const row of file[key]) {
        expect(row).not.toHaveProperty('wedding_id')
        expect(row).not.toHaveProperty('seq')
      }
    }
  })

  test('a round trip into another database is equal field for field', async () => {
    const to = await target.couple('Iba', 'Pa')
    const imported = (await target.rpc(to.claims, 'import_wedding', {
      p_wedding_id: to.wedding.id,
      p_file: file,
    })) as {
      slug: string
      title: string
    }
    expect(imported).toMatchObject({ slug: to.wedding.slug, title: 'Corazon & Emilio' })

    const again = (await target.rpc(to.claims, 'export_wedding', {
      p_wedding_id: to.wedding.id,
    })) as WeddingFile
    // Every field of every row, the plan's too; the source's accounts are no members here.
    expect(comparable(again)).toEqual(comparable(withoutAccounts(file)))
    expect(again.checklistItems.find((i) => i.title === 'Food tasting')).toMatchObject({
      assignee_user: null,
      assignee_role: 'coordinator',
      done_by: null,
      done_by_name: expect.any(String),
    })
    expect(await target.rpc(to.claims, 'get_budget', { p_wedding_id: to.wedding.id })).toEqual(
      await source.rpc(from.claims, 'get_budget', { p_wedding_id: from.wedding.id }),
    )
    expect(await target.rpc(to.claims, 'list_suppliers', { p_wedding_id: to.wedding.id })).toEqual(
      await source.rpc(from.claims, 'list_suppliers', { p_wedding_id: from.wedding.id }),
    )
    expect(await target.rpc(to.claims, 'list_gifts', { p_wedding_id: to.wedding.id })).toEqual(
      await source.rpc(from.claims, 'list_gifts', { p_wedding_id: from.wedding.id }),
    )

    const strip = (list: unknown) =>
      // Who last changed a household is this database's own record, not part of the file.
      (list as Record<string, unknown>[]).map(
        ({ weddingId: _w, userId: _u, lastChange: _c, persons, ...household }) => ({
          ...household,
          persons: (persons as Record<string, unknown>[]).map(
            ({ userId: _pu, ...person }) => person,
          ),
        }),
      )
    expect(
      strip(await target.rpc(to.claims, 'list_households', { p_wedding_id: to.wedding.id })),
    ).toEqual(
      strip(await source.rpc(from.claims, 'list_households', { p_wedding_id: from.wedding.id })),
    )
    expect(
      await target.rpc(to.claims, 'get_seating_layout', { p_wedding_id: to.wedding.id }),
    ).toEqual({
      ...((await source.rpc(from.claims, 'get_seating_layout', {
        p_wedding_id: from.wedding.id,
      })) as object),
      weddingId: to.wedding.id,
      updatedAt: expect.any(String),
    })
  })

  test('a file exported before households had their own name imports the same', async () => {
    // As the export wrote it then: a person's household and a seat's under their names of before.
    const [column, key] = ['guest_id', 'guestId'] // the names of before
    const old = JSON.parse(
      JSON.stringify(withoutPlan(withAnswersOnPersons(file)))
        .replaceAll('"household_id":', `"${column}":`)
        .replaceAll('"householdId":', `"${key}":`),
    ) as WeddingFile
    expect(JSON.stringify(old)).not.toContain('household_id')
    expect(JSON.stringify(old)).toContain(`"${key}":`)
    const to = await target.couple('Luma', 'Pa')
    await target.rpc(to.claims, 'import_wedding', {
      p_wedding_id: to.wedding.id,
      p_file: withNewIds(old),
    })
    const again = (await target.rpc(to.claims, 'export_wedding', {
      p_wedding_id: to.wedding.id,
    })) as WeddingFile
    const households = new Set(again.households.map((h) => h.id))
    expect(again.persons.every((p) => households.has(p.household_id as string))).toBe(true)
    expect(again.persons).toHaveLength(file.persons.length)
    const seat = (
      again.seatingLayout as { seats: { personId: string | null; householdId: string | null }[] }
    ).seats.find((s) => s.personId !== null)!
    expect(again.persons.find((p) => p.id === seat.personId)?.household_id).toBe(seat.householdId)
    // A file without the plan's lists leaves the plan empty.
    expect(PLAN_KEYS.map((key) => again[key])).toEqual(PLAN_KEYS.map(() => []))
    // The answers on its persons are the whole wedding's replies now, each as it was.
    expect(answersByName(again)).toEqual(answersByName(file))
    const strip = (households: unknown) =>
      (households as { persons: Record<string, unknown>[] }[]).map((h) =>
        h.persons.map((p) => [p.firstName, p.isAttending, p.response, p.respondedAt]),
      )
    expect(
      strip(await target.rpc(to.claims, 'list_households', { p_wedding_id: to.wedding.id })),
    ).toEqual(
      strip(await source.rpc(from.claims, 'list_households', { p_wedding_id: from.wedding.id })),
    )
  })

  test('a guest finds their RSVP at the same link after the move', async () => {
    const household = from.households[0]!
    const before = await source.rpc(null, 'get_rsvp', {
      p_household_id: household.id,
      p_person_id: household.persons[0]!.id,
    })
    const after = await target.rpc(null, 'get_rsvp', {
      p_household_id: household.id,
      p_person_id: household.persons[0]!.id,
    })
    expect(after).toMatchObject({ household: (before as { household: unknown }).household })
  })

  test('a wedding that already has guests is refused with wedding_not_empty, and nothing changes', async () => {
    const { claims, wedding } = await target.couple()
    await target.rpc(claims, 'save_household', {
      p_wedding_id: wedding.id,
      p_household: { persons: [{ firstName: 'Una' }] },
    })
    const before = await target.rpc(claims, 'export_wedding', { p_wedding_id: wedding.id })
    await expect(
      target.rpc(claims, 'import_wedding', { p_wedding_id: wedding.id, p_file: file }),
    ).rejects.toMatchObject({ message: 'wedding_not_empty', code: 'P0001' })
    expect({
      ...((await target.rpc(claims, 'export_wedding', { p_wedding_id: wedding.id })) as object),
      exportedAt: 0,
    }).toEqual({
      ...(before as object),
      exportedAt: 0,
    })
  })

  test('a file whose ids are in use here is imported with fresh ids and links; the first wedding is untouched', async () => {
    // Refusing it (import_ids_taken, before 0027) told anyone whether an id or code existed in a
    // wedding they do not manage.
    const { claims, wedding } = await source.couple()
    // The source's coordinator helps this wedding too: the item assigned to them stays theirs.
    const { token } = (await source.rpc(claims, 'create_member_invitation', {
      p_wedding_id: wedding.id,
      p_role: 'coordinator',
      p_side: null,
    })) as {
      token: string
    }
    await source.rpc(from.coordinator, 'accept_member_invitation', {
      p_token: token,
      p_display_name: 'Tita Baby',
    })
    const guestsBefore = await source.rpc(from.claims, 'list_households', {
      p_wedding_id: from.wedding.id,
    })
    const budgetBefore = await source.rpc(from.claims, 'get_budget', {
      p_wedding_id: from.wedding.id,
    })
    const giftsBefore = await source.rpc(from.claims, 'list_gifts', {
      p_wedding_id: from.wedding.id,
    })
    await source.rpc(claims, 'import_wedding', { p_wedding_id: wedding.id, p_file: file })
    const copy = (await source.rpc(claims, 'export_wedding', {
      p_wedding_id: wedding.id,
    })) as WeddingFile
    const ids = (f: WeddingFile) =>
      [
        ...f.sections,
        ...f.households,
        ...f.persons,
        ...f.checklistItems,
        ...f.budgetLines,
        ...f.budgetPayments,
        ...f.suppliers,
        ...f.gifts,
      ].map((row) => row.id)
    expect(ids(copy)).toHaveLength(ids(file).length)
    for (const id of ids(copy)) expect(ids(file)).not.toContain(id)
    const tokens = (f: WeddingFile) => f.households.map((h) => h.invitation_token)
    for (const token of tokens(copy)) expect(tokens(file)).not.toContain(token)
    // The same households, persons, answers and seats, under their new ids.
    expect(answersByName(copy)).toEqual(answersByName(file))
    expect(answersByName(file)).toContain('Ñino true')
    const seated = (copy.seatingLayout as { seats: { personId: string | null }[] }).seats[0]!
      .personId
    expect(copy.persons.find((p) => p.id === seated)).toMatchObject({ first_name: 'Ñino' })

    // The plan field for field, ids aside; each reference follows its row to its new id.
    const noIds = (rows: Record<string, unknown>[]) =>
      rows.map(
        ({
          id: _id,
          line_id: _line,
          budget_line_id: _budgetLine,
          household_id: _household,
          ...row
        }) => row,
      )
    const expected = withoutAccounts(file)
    expected.checklistItems[2]!.assignee_user = from.coordinator.sub // a member here
    for (const key of PLAN_KEYS) {
      const sorted = (rows: Record<string, unknown>[]) =>
        noIds(rows)
          .map((row) => JSON.stringify(row))
          .sort()
      expect(sorted(copy[key]), key).toEqual(sorted(expected[key]))
    }
    const [catering, lechon] = copy.budgetLines
    expect(copy.budgetPayments.map((p) => p.line_id)).toEqual([catering!.id, catering!.id])
    expect(copy.suppliers.map((s) => s.budget_line_id)).toEqual([catering!.id, null])
    expect(lechon).toMatchObject({ name: 'Lechon ni Mang Tomas' })
    const nino = copy.persons.find((p) => p.first_name === 'Ñino')!
    expect(copy.gifts.map((g) => g.household_id)).toEqual([nino.household_id, null])
    const budget = (await source.rpc(claims, 'get_budget', { p_wedding_id: wedding.id })) as {
      totals: unknown
    }
    expect(budget.totals).toEqual((budgetBefore as { totals: unknown }).totals)
    const gifts = (await source.rpc(claims, 'list_gifts', { p_wedding_id: wedding.id })) as {
      gifts: { householdId: string | null }[]
    }
    expect(gifts.gifts.map((g) => g.householdId)).toEqual([nino.household_id, null])

    expect(
      await source.rpc(from.claims, 'list_households', { p_wedding_id: from.wedding.id }),
    ).toEqual(guestsBefore)
    expect(await source.rpc(from.claims, 'get_budget', { p_wedding_id: from.wedding.id })).toEqual(
      budgetBefore,
    )
    expect(await source.rpc(from.claims, 'list_gifts', { p_wedding_id: from.wedding.id })).toEqual(
      giftsBefore,
    )
  })

  test('a wedding that has begun its plan is not empty either: wedding_not_empty, and nothing changes', async () => {
    const { claims, wedding } = await target.couple()
    await target.rpc(claims, 'save_checklist_item', {
      p_wedding_id: wedding.id,
      p_item: { title: 'Unang hakbang' },
    })
    const before = await target.rpc(claims, 'export_wedding', { p_wedding_id: wedding.id })
    await expect(
      target.rpc(claims, 'import_wedding', { p_wedding_id: wedding.id, p_file: withoutPlan(file) }),
    ).rejects.toMatchObject({ message: 'wedding_not_empty', code: 'P0001' })
    expect({
      ...((await target.rpc(claims, 'export_wedding', { p_wedding_id: wedding.id })) as object),
      exportedAt: 0,
    }).toEqual({
      ...(before as object),
      exportedAt: 0,
    })
  })

  test('a gift or supplier naming a household or budget line not in the file, or a broken plan row, is refused with invalid_input and leaves nothing', async () => {
    const { claims, wedding } = await source.couple()
    const before = await source.rpc(claims, 'export_wedding', { p_wedding_id: wedding.id })
    const [gift] = file.gifts
    const [supplier] = file.suppliers
    // A household of another wedding of this database, not in the file.
    const other = await source.couple()
    const elsewhere = (
      (await source.rpc(other.claims, 'save_household', {
        p_wedding_id: other.wedding.id,
        p_household: { persons: [{ firstName: 'Iba' }] },
      })) as Household
    ).id
    for (const broken of [
      { ...file, gifts: [{ ...gift, household_id: crypto.randomUUID() }] },
      { ...file, gifts: [{ ...gift, household_id: elsewhere }] },
      {
        // Its household (this database's, in the wedding the file came from) left out of the file.
        ...withoutPlan(file),
        households: file.households.filter((h) => h.id !== gift!.household_id),
        persons: file.persons.filter((p) => p.household_id !== gift!.household_id),
        seatingLayout: null,
        gifts: [gift],
      },
      { ...file, suppliers: [{ ...supplier, budget_line_id: crypto.randomUUID() }] },
      {
        ...file,
        budgetPayments: file.budgetPayments.map((p) => ({ ...p, line_id: crypto.randomUUID() })),
      },
      { ...file, budgetPayments: file.budgetPayments.map((p) => ({ ...p, kind: 'utang' })) },
      { ...file, checklistItems: file.checklistItems.map((i) => ({ ...i, title: ' ' })) },
      {
        ...file,
        checklistItems: Array.from({ length: 501 }, (_, n) => ({ title: `Gawain ${n}` })),
      },
      { ...file, gifts: 'wala' },
      { ...file, giftThankYouTemplates: [{ language: 'es', body: 'Gracias' }] },
    ]) {
      const refused = source.rpc(claims, 'import_wedding', {
        p_wedding_id: wedding.id,
        p_file: broken,
      })
      await expect(refused).rejects.toMatchObject({ message: 'invalid_input' })
      expect({
        ...((await source.rpc(claims, 'export_wedding', { p_wedding_id: wedding.id })) as object),
        exportedAt: 0,
      }).toEqual({
        ...(before as object),
        exportedAt: 0,
      })
    }
  })

  test('anything but an export file is refused with import_unsupported_file', async () => {
    const { claims, wedding } = await target.couple()
    for (const bad of [
      [],
      42,
      { ...file, format: 'other' },
      { ...file, version: 2 },
      { ...file, wedding: null },
    ]) {
      await expect(
        target.rpc(claims, 'import_wedding', { p_wedding_id: wedding.id, p_file: bad }),
      ).rejects.toMatchObject({ message: 'import_unsupported_file' })
    }
  })

  test('a broken row is refused with invalid_input and nothing is imported', async () => {
    const { claims, wedding } = await target.couple()
    const before = await target.rpc(claims, 'get_my_wedding')
    const fresh = withNewIds(file)
    for (const broken of [
      { ...fresh, persons: fresh.persons.map((p, i) => (i === 2 ? { ...p, type: 'alien' } : p)) },
      { ...fresh, wedding: { ...fresh.wedding, theme: { name: 'neon' } } },
      { ...fresh, seatingLayout: { tables: 'none' } },
    ]) {
      await expect(
        target.rpc(claims, 'import_wedding', { p_wedding_id: wedding.id, p_file: broken }),
      ).rejects.toMatchObject({ message: 'invalid_input' })
    }
    expect(await target.rpc(claims, 'get_my_wedding')).toEqual(before)
    expect(await target.rpc(claims, 'list_households', { p_wedding_id: wedding.id })).toEqual([])
  })

  test('a value that is no id is refused with invalid_input naming the first one in the file, and nothing is imported', async () => {
    const { claims, wedding } = await target.couple()
    const fresh = withNewIds(file)
    const cases: [WeddingFile, string][] = [
      [
        {
          ...fresh,
          households: fresh.households.map((h, i) => (i === 1 ? { ...h, id: 'ikalawa' } : h)),
        },
        'id must be an id',
      ],
      // The rows in order, and in a row its id before its household.
      [
        {
          ...fresh,
          persons: fresh.persons.map((p, i) =>
            i === 0 ? { ...p, household_id: 42 } : i === 1 ? { ...p, id: 'x' } : p,
          ),
        },
        'household_id must be an id',
      ],
      [
        {
          ...fresh,
          persons: fresh.persons.map((p, i) => (i === 0 ? { ...p, id: 'x', household_id: 42 } : p)),
        },
        'id must be an id',
      ],
      [
        { ...fresh, gifts: fresh.gifts.map((g) => ({ ...g, created_by: 'ninong' })) },
        'created_by must be an id',
      ],
      [
        {
          ...fresh,
          checklistItems: fresh.checklistItems.map((item, i) =>
            i === 1 ? { ...item, done_by: 'x', assignee_user: 'y' } : item,
          ),
        },
        'assignee_user must be an id',
      ],
    ]
    for (const [broken, detail] of cases) {
      await expect(
        target.rpc(claims, 'import_wedding', { p_wedding_id: wedding.id, p_file: broken }),
      ).rejects.toMatchObject({
        message: 'invalid_input',
        details: detail,
      })
    }
    expect(await target.rpc(claims, 'list_households', { p_wedding_id: wedding.id })).toEqual([])
  })

  test('a seat naming a taken person and household in capitals follows them to their fresh ids', async () => {
    // The file's ids are in use in this database: the import gives its persons fresh ones, and a
    // seat written in capitals (the same id) follows its person as one in small letters does.
    const { claims, wedding } = await source.couple()
    type Seat = { personId: string | null; householdId: string | null }
    const seats = (file.seatingLayout as { seats: Seat[] }).seats
    expect(seats.filter((seat) => seat.personId)).toHaveLength(1)
    const shouting = {
      ...file,
      seatingLayout: {
        ...file.seatingLayout,
        seats: seats.map((seat) => ({
          ...seat,
          personId: seat.personId?.toUpperCase() ?? null,
          householdId: seat.householdId?.toUpperCase() ?? null,
        })),
      },
    }
    await source.rpc(claims, 'import_wedding', { p_wedding_id: wedding.id, p_file: shouting })
    const copy = (await source.rpc(claims, 'export_wedding', {
      p_wedding_id: wedding.id,
    })) as WeddingFile
    const seated = (copy.seatingLayout as { seats: Seat[] }).seats.find((seat) => seat.personId)!
    const person = copy.persons.find((p) => p.id === seated.personId)
    expect(person).toMatchObject({ first_name: 'Ñino', household_id: seated.householdId })
    expect(file.persons.map((p) => p.id)).not.toContain(seated.personId)
    expect(file.households.map((h) => h.id)).not.toContain(seated.householdId)
  })

  test("a reference that is no id is refused alike whether or not the file's ids are in use here", async () => {
    // The file's own ids are in use in this database (the wedding it came from); the same file with
    // every id new is not. A refusal that differed would tell whether an id exists elsewhere.
    const { claims, wedding } = await source.couple()
    const everyIdNew = (f: WeddingFile) => {
      let text = JSON.stringify(f)
      for (const row of [
        ...f.sections,
        ...f.households,
        ...f.persons,
        ...f.checklistItems,
        ...f.budgetLines,
        ...f.budgetPayments,
        ...f.suppliers,
        ...f.gifts,
      ])
        text = text.replaceAll(row.id as string, crypto.randomUUID())
      return JSON.parse(text) as WeddingFile
    }
    const breaks: [(f: WeddingFile) => WeddingFile, string][] = [
      [
        (f) => ({ ...f, gifts: f.gifts.map((g) => ({ ...g, household_id: 'ninong' })) }),
        'household_id must be an id',
      ],
      [
        (f) => ({ ...f, suppliers: f.suppliers.map((row) => ({ ...row, budget_line_id: 42 })) }),
        'budget_line_id must be an id',
      ],
      [
        (f) => ({
          ...f,
          budgetPayments: f.budgetPayments.map((row) => ({ ...row, line_id: 'x' })),
        }),
        'line_id must be an id',
      ],
      [
        (f) => ({
          ...f,
          seatingLayout: {
            ...f.seatingLayout,
            seats: (f.seatingLayout as { seats: Record<string, unknown>[] }).seats.map((seat) => ({
              ...seat,
              personId: 'x',
            })),
          },
        }),
        'a seat personId must be an id or null',
      ],
    ]
    for (const [broken, detail] of breaks) {
      for (const base of [file, everyIdNew(file)]) {
        await expect(
          source.rpc(claims, 'import_wedding', { p_wedding_id: wedding.id, p_file: broken(base) }),
        ).rejects.toMatchObject({ message: 'invalid_input', details: detail })
      }
    }
    expect(await source.rpc(claims, 'list_households', { p_wedding_id: wedding.id })).toEqual([])
  })

  test("the guest list is one entry in the activity feed: its count and households in the file's order, on their side when they share one", async () => {
    const activity = async (weddingId: string) =>
      (
        await target.asOwner<{
          action: string
          household_id: string | null
          household_name: string | null
          household_side: string | null
          details: Record<string, unknown>
        }>(
          `select action, household_id, household_name, household_side, details from kasalan.wedding_activity
            where wedding_id = $1 and action in ('household_added', 'households_imported')`,
          [weddingId],
        )
      ).rows
    const many = await target.couple()
    const fresh = withNewIds(file)
    await target.rpc(many.claims, 'import_wedding', {
      p_wedding_id: many.wedding.id,
      p_file: fresh,
    })
    expect(await activity(many.wedding.id)).toEqual([
      {
        action: 'households_imported',
        household_id: null,
        household_name: null,
        household_side: null,
        details: { count: 2, householdIds: fresh.households.map((h) => h.id) },
      },
    ])

    const oneSide = await target.couple()
    const brides = withNewIds(file)
    for (const household of brides.households) household.relationship_side = 'bride'
    await target.rpc(oneSide.claims, 'import_wedding', {
      p_wedding_id: oneSide.wedding.id,
      p_file: brides,
    })
    expect((await activity(oneSide.wedding.id)).map((entry) => entry.household_side)).toEqual([
      'bride',
    ])

    const one = await target.couple()
    const single = withNewIds(file)
    const jose = single.households.find((h) =>
      single.persons.some((p) => p.household_id === h.id && p.first_name === 'Jose'),
    )!
    await target.rpc(one.claims, 'import_wedding', {
      p_wedding_id: one.wedding.id,
      p_file: {
        ...withoutPlan(single),
        seatingLayout: null,
        eventGuests: [],
        eventReplies: [],
        households: [jose],
        persons: single.persons.filter((p) => p.household_id === jose.id),
      },
    })
    expect(await activity(one.wedding.id)).toEqual([
      {
        action: 'household_added',
        household_id: jose.id,
        household_name: 'Jose Rizal',
        household_side: 'groom',
        details: {},
      },
    ])
  })

  test('a file nested 50,000 levels deep is refused with input_too_deep before it reaches SQL', async () => {
    const { claims, wedding } = await target.couple()
    const before = await target.rpc(claims, 'get_my_wedding')
    let deep: unknown = 'ubod'
    for (let level = 0; level < 50_000; level += 1) deep = [deep]
    const fresh = withNewIds(file)
    const nested = {
      ...fresh,
      sections: fresh.sections.map((s, i) => (i === 0 ? { ...s, data: { deep } } : s)),
    }
    await expect(
      target.rpc(claims, 'import_wedding', { p_wedding_id: wedding.id, p_file: nested }),
    ).rejects.toMatchObject({ message: 'input_too_deep', code: 'P0001' })
    expect(await target.rpc(claims, 'get_my_wedding')).toEqual(before)

    // A real file is far from the limit: its deepest value is a section's content.
    const depth = (value: unknown): number =>
      value !== null && typeof value === 'object'
        ? 1 + Math.max(0, ...Object.values(value).map(depth))
        : 0
    expect(depth(file)).toBeLessThanOrEqual(8)
    expect(depth(file)).toBeLessThan(MAX_JSON_DEPTH)
    const imported = await target.rpc(claims, 'import_wedding', {
      p_wedding_id: wedding.id,
      p_file: fresh,
    })
    expect(imported).toMatchObject({ title: 'Corazon & Emilio' })
  })

  test("another couple's wedding is wedding_not_found both ways; anon may call neither", async () => {
    const stranger = await source.signUp('stranger')
    await expect(
      source.rpc(stranger, 'export_wedding', { p_wedding_id: from.wedding.id }),
    ).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    await expect(
      source.rpc(stranger, 'import_wedding', { p_wedding_id: from.wedding.id, p_file: file }),
    ).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(
      source.rpc(null, 'export_wedding', { p_wedding_id: from.wedding.id }),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      source.rpc(null, 'import_wedding', { p_wedding_id: from.wedding.id, p_file: file }),
    ).rejects.toMatchObject({ code: '42501' })
  })
})

describe.skipIf(ENGINE !== 'postgres')('an import racing an edit (real PostgreSQL)', () => {
  async function emptyFile(t: TestDb) {
    const { claims, wedding } = await t.couple('Dalisay', 'Tomas')
    await t.rpc(claims, 'save_household', {
      p_wedding_id: wedding.id,
      p_household: { persons: [{ firstName: 'Mula' }] },
    })
    await t.rpc(claims, 'save_checklist_item', {
      p_wedding_id: wedding.id,
      p_item: { title: 'Unang gawain' },
    })
    return (await t.rpc(claims, 'export_wedding', { p_wedding_id: wedding.id })) as WeddingFile
  }

  async function race(firstIsImport: boolean, edit: 'household' | 'checklist' = 'household') {
    const exported = await emptyFile(source)
    const { claims, wedding } = await target.couple()
    const importCall = {
      name: 'import_wedding',
      args: { p_wedding_id: wedding.id, p_file: exported },
    }
    const editCall =
      edit === 'household'
        ? {
            name: 'save_household',
            args: { p_wedding_id: wedding.id, p_household: { persons: [{ firstName: 'Bago' }] } },
          }
        : {
            name: 'save_checklist_item',
            args: { p_wedding_id: wedding.id, p_item: { title: 'Bago' } },
          }
    const [first, second] = firstIsImport ? [importCall, editCall] : [editCall, importCall]
    const a = await target.session()
    const b = await target.session()
    try {
      await a.begin(claims as Claims)
      await a.rpc(first.name, first.args)
      await b.begin(claims as Claims)
      let settled = false
      const outcome = b
        .rpc(second.name, second.args)
        .then(async () => {
          await b.commit()
          return 'ok'
        })
        .catch(async (error: { message: string }) => {
          await b.rollback()
          return error.message
        })
        .finally(() => (settled = true))
      await target.waitUntilBlocked(b.pid, () => settled)
      await a.commit()
      const secondOutcome = await outcome
      const guests = (await target.rpc(claims, 'list_households', {
        p_wedding_id: wedding.id,
      })) as Household[]
      const checklist = (await target.rpc(claims, 'list_checklist', {
        p_wedding_id: wedding.id,
      })) as { items: { title: string }[] }
      return {
        second: secondOutcome,
        names: [
          ...guests.flatMap((g) => g.persons.map((p) => p.firstName)),
          ...checklist.items.map((i) => i.title),
        ].sort(),
      }
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  }

  test('an edit during an import waits, then adds to the imported wedding', async () => {
    expect(await race(true)).toEqual({ second: 'ok', names: ['Bago', 'Mula', 'Unang gawain'] })
  })

  test('an import during an edit waits, then finds the wedding not empty', async () => {
    expect(await race(false)).toEqual({ second: 'wedding_not_empty', names: ['Bago'] })
  })

  test('a checklist item added during an import waits, then adds to the imported plan', async () => {
    expect(await race(true, 'checklist')).toEqual({
      second: 'ok',
      names: ['Bago', 'Mula', 'Unang gawain'],
    })
  })

  test('an import during a checklist add waits, then finds the wedding not empty', async () => {
    expect(await race(false, 'checklist')).toEqual({ second: 'wedding_not_empty', names: ['Bago'] })
  })
})

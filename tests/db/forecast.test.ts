// The pax forecast and the households' seat caps (0018_pax_forecast). The forecast's arithmetic on a
// seeded list whose numbers are worked out by hand below; seat caps refused by submit_rsvp,
// record_reply, the spreadsheet import and the guest form, carried by the wedding file; who may read
// and set the forecast; and, on real PostgreSQL, two replies of one household at once never passing
// its cap.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, ENGINE, seatedReplies, setSeatedReplies, type TestDb } from './harness'

let t: TestDb
let weddingId: string
const as = {} as Record<
  'owner' | 'partner' | 'coordinator' | 'helper' | 'stranger',
  NonNullable<Claims>
>

interface Person {
  id: string
  firstName: string
}
interface Household {
  id: string
  seatCap: number | null
  persons: Person[]
}
interface Forecast {
  settings: { expectedPct: number; noShowPct: number; walkIns: number }
  households: { total: number; answered: number; pending: number }
  confirmed: { adults: number; children: number; total: number }
  declined: number
  pending: number
  expectedFromPending: number
  noShows: number
  walkIns: number
  low: number
  high: number
  questions: {
    id: string
    question: string
    kind: string
    counts: { answer: string; count: number }[]
    answers: { firstName: string; lastName: string; answer: string }[]
    unanswered: number
  }[]
}

const QUESTIONS = [
  { id: 'meal', question: 'Anong ulam?', kind: 'choice', options: ['Kare-kare', 'Manok', 'Gulay'] },
  { id: 'diet', question: 'May hindi ba kayo kinakain?', kind: 'text' },
]

async function join(role: string, side: string | null, name: string) {
  const claims = await t.signUp(role)
  const { token } = (await t.rpc(as.owner, 'create_member_invitation', {
    p_wedding_id: weddingId,
    p_role: role,
    p_side: side,
  })) as {
    token: string
  }
  await t.rpc(claims, 'accept_member_invitation', { p_token: token, p_display_name: name })
  return claims
}

async function addHousehold(
  wedding: string,
  lastName: string,
  persons: [string, 'adult' | 'child'][],
  seatCap: number | null = null,
  claims: Claims = as.owner,
) {
  return (await t.rpc(claims, 'save_household', {
    p_wedding_id: wedding,
    p_household: {
      relationshipSide: 'bride',
      relationshipType: 'family',
      seatCap,
      persons: persons.map(([firstName, type]) => ({ firstName, lastName, type })),
    },
  })) as Household
}

const record = (
  personId: string,
  isAttending: boolean | null,
  response: unknown = [],
  claims: Claims = as.owner,
  wedding = weddingId,
) =>
  t.rpc(claims, 'record_reply', {
    p_wedding_id: wedding,
    p_person_id: personId,
    p_is_attending: isAttending,
    p_response: response,
  })

async function codeOf(householdId: string) {
  const { rows } = await t.asOwner<{ code: string }>(
    'select invitation_code as code from kasalan.households where id = $1',
    [householdId],
  )
  return rows[0]!.code
}

const submit = async (
  household: Household,
  answers: { personId: string; isAttending: boolean; response?: unknown }[],
) =>
  t.rpc(null, 'submit_rsvp', {
    p_household_id: household.id,
    p_person_id: household.persons[0]!.id,
    p_answers: answers,
    p_message: null,
    p_code: await codeOf(household.id),
  })

const forecast = (claims: Claims = as.owner, wedding = weddingId) =>
  t.rpc(claims, 'get_pax_forecast', { p_wedding_id: wedding }) as Promise<Forecast>

const saveSettings = (
  expected: number,
  noShow: number,
  walkIns: number,
  claims: Claims = as.owner,
) =>
  t.rpc(claims, 'save_pax_forecast_settings', {
    p_wedding_id: weddingId,
    p_expected_pct: expected,
    p_no_show_pct: noShow,
    p_walk_ins: walkIns,
  }) as Promise<Forecast>

const meal = (answer: string) => [{ questionId: 'meal', answer }]
const h = {} as Record<'bautista' | 'cruz' | 'garcia' | 'jimenez' | 'navarro', Household>

beforeAll(async () => {
  t = await createTestDb()
  const couple = await t.couple('Isabel', 'Miguel')
  as.owner = couple.claims
  weddingId = couple.wedding.id
  as.partner = await join('partner', null, 'Miguel')
  as.coordinator = await join('coordinator', null, 'Ate Joy')
  as.helper = await join('family_helper', 'bride', 'Tita Carmen')
  as.stranger = (await t.couple('Rina', 'Karlo')).claims
  await t.rpc(as.owner, 'update_rsvp_settings', {
    p_wedding_id: weddingId,
    p_deadline: null,
    p_questions: QUESTIONS,
  })
  await t.asOwner('update kasalan.weddings set is_published = true where id = $1', [weddingId])

  // The list (by hand):
  //   Bautista, 2 seats: Ana yes (Kare-kare, "Walang mani"), Ben yes (Manok), Cora (child) pending
  //     -> no seat left, so Cora is not counted as pending, and the household counts as answered.
  //   Cruz, no cap: Dado yes (Kare-kare), Elsa no, Fe (child) yes (Manok).
  //   Garcia, no cap: Gina, Hugo, Ising pending -> 3 pending.
  //   Jimenez, 2 seats: Jun, Kaye, Lito (child), Mila (child) pending -> 2 pending.
  //   Navarro, 3 seats: Nena yes (Gulay, "Vegetarian, walang itlog") by her own link; Oscar, Pia,
  //     Quin pending -> 3 - 1 = 2 pending.
  // Confirmed 4 adults + 1 child = 5; declined 1; pending 0 + 0 + 3 + 2 + 2 = 7.
  h.bautista = await addHousehold(
    weddingId,
    'Bautista',
    [
      ['Ana', 'adult'],
      ['Ben', 'adult'],
      ['Cora', 'child'],
    ],
    2,
  )
  h.cruz = await addHousehold(weddingId, 'Cruz', [
    ['Dado', 'adult'],
    ['Elsa', 'adult'],
    ['Fe', 'child'],
  ])
  h.garcia = await addHousehold(weddingId, 'Garcia', [
    ['Gina', 'adult'],
    ['Hugo', 'adult'],
    ['Ising', 'adult'],
  ])
  h.jimenez = await addHousehold(
    weddingId,
    'Jimenez',
    [
      ['Jun', 'adult'],
      ['Kaye', 'adult'],
      ['Lito', 'child'],
      ['Mila', 'child'],
    ],
    2,
  )
  h.navarro = await addHousehold(
    weddingId,
    'Navarro',
    [
      ['Nena', 'adult'],
      ['Oscar', 'adult'],
      ['Pia', 'adult'],
      ['Quin', 'adult'],
    ],
    3,
  )

  await record(h.bautista.persons[0]!.id, true, [
    ...meal('Kare-kare'),
    { questionId: 'diet', answer: 'Walang mani' },
  ])
  await record(h.bautista.persons[1]!.id, true, meal('Manok'), as.coordinator)
  await record(h.cruz.persons[0]!.id, true, meal('Kare-kare'))
  await record(h.cruz.persons[1]!.id, false)
  await record(h.cruz.persons[2]!.id, true, meal('Manok'), as.partner)
  await submit(h.navarro, [
    {
      personId: h.navarro.persons[0]!.id,
      isAttending: true,
      response: [...meal('Gulay'), { questionId: 'diet', answer: 'Vegetarian, walang itlog' }],
    },
  ])
})

afterAll(async () => {
  await t?.close()
})

describe('the forecast', () => {
  test('counts the replies, the capped pending and the range with the default assumptions', async () => {
    const f = await forecast()
    expect(f.settings).toEqual({ expectedPct: 83, noShowPct: 15, walkIns: 0 })
    // Cruz answered; Bautista too: its two yeses fill its two seats, so Cora adds no one.
    expect(f.households).toEqual({ total: 5, answered: 2, pending: 3 })
    expect(f.confirmed).toEqual({ adults: 4, children: 1, total: 5 })
    expect(f.declined).toBe(1)
    expect(f.pending).toBe(7)
    // 7 * 83 % = 5.81 -> 6; 5 * 15 % = 0.75 -> 1.
    expect(f.expectedFromPending).toBe(6)
    expect(f.noShows).toBe(1)
    expect(f.walkIns).toBe(0)
    // low: 5 - 1 + 6; high: 5 + 6 + 0.
    expect(f.low).toBe(10)
    expect(f.high).toBe(11)
  })

  test('splits the yeses by meal choice and lists the dietary answers', async () => {
    const f = await forecast()
    expect(f.questions).toEqual([
      {
        id: 'meal',
        question: 'Anong ulam?',
        kind: 'choice',
        counts: [
          { answer: 'Kare-kare', count: 2 },
          { answer: 'Manok', count: 2 },
          { answer: 'Gulay', count: 1 },
        ],
        answers: [],
        unanswered: 0,
      },
      {
        id: 'diet',
        question: 'May hindi ba kayo kinakain?',
        kind: 'text',
        counts: [],
        answers: [
          { firstName: 'Ana', lastName: 'Bautista', answer: 'Walang mani' },
          { firstName: 'Nena', lastName: 'Navarro', answer: 'Vegetarian, walang itlog' },
        ],
        unanswered: 3,
      },
    ])
  })

  test('an answer saved before answers carried the question id is read by its text; a blank one is no answer', async () => {
    const dado = h.cruz.persons[0]!.id
    const [stored] = await seatedReplies(t, { personIds: [dado] })
    await setSeatedReplies(t, [dado], {
      ...stored!,
      response: [
        { question: ' Anong ulam? ', answer: 'Gulay' },
        { question: 'May hindi ba kayo kinakain?', answer: '  ' },
      ],
    })
    const [mealSplit, diet] = (await forecast()).questions
    expect(mealSplit!.counts).toEqual([
      { answer: 'Kare-kare', count: 1 },
      { answer: 'Manok', count: 2 },
      { answer: 'Gulay', count: 2 },
    ])
    expect([diet!.answers.length, diet!.unanswered]).toEqual([2, 3])
    await setSeatedReplies(t, [dado], stored!)
  })

  test('the couple sets the assumptions and the range follows', async () => {
    const f = await saveSettings(50, 20, 4)
    expect(f.settings).toEqual({ expectedPct: 50, noShowPct: 20, walkIns: 4 })
    // 7 * 50 % = 3.5 -> 4 (halves up); 5 * 20 % = 1; low 5 - 1 + 4 = 8; high 5 + 4 + 4 = 13.
    expect([f.expectedFromPending, f.noShows, f.low, f.high]).toEqual([4, 1, 8, 13])
    expect(await forecast(as.coordinator)).toEqual(f)
    for (const [expected, noShow, walkIns] of [
      [101, 15, 0],
      [-1, 15, 0],
      [83, 51, 0],
      [83, 15, -1],
      [83, 15, 1001],
    ] as const) {
      await expect(saveSettings(expected, noShow, walkIns)).rejects.toMatchObject({
        message: 'invalid_input',
      })
    }
    expect((await forecast()).settings).toEqual({ expectedPct: 50, noShowPct: 20, walkIns: 4 })
    await saveSettings(83, 15, 0)
  })

  test('updates as a reply arrives', async () => {
    // Hugo Garcia says yes: confirmed 6, pending 6 -> 6 * 83 % = 4.98 -> 5; no-shows 6 * 15 % = 0.9 -> 1.
    await record(h.garcia.persons[1]!.id, true, meal('Manok'))
    const f = await forecast()
    expect([f.confirmed.total, f.pending, f.expectedFromPending, f.noShows, f.low, f.high]).toEqual(
      [6, 6, 5, 1, 10, 11],
    )
    await record(h.garcia.persons[1]!.id, null)
    expect((await forecast()).pending).toBe(7)
  })

  test('for the owner, partner and coordinator only', async () => {
    await expect(forecast(as.partner)).resolves.toMatchObject({ pending: 7 })
    for (const who of [as.helper, as.stranger, null]) {
      await expect(forecast(who)).rejects.toMatchObject({
        message: who ? 'wedding_not_found' : expect.any(String),
      })
      await expect(saveSettings(90, 20, 0, who)).rejects.toMatchObject({
        message: who ? 'wedding_not_found' : expect.any(String),
      })
    }
    expect((await forecast()).settings.expectedPct).toBe(83)
  })
})

describe('seat caps', () => {
  test('the guest form saves a cap, shows it on the guest list and the RSVP page, and refuses a wrong one', async () => {
    const list = (await t.rpc(as.owner, 'list_households', {
      p_wedding_id: weddingId,
    })) as Household[]
    expect(list.find((x) => x.id === h.jimenez.id)!.seatCap).toBe(2)
    expect(list.find((x) => x.id === h.garcia.id)!.seatCap).toBeNull()
    const rsvp = (await t.rpc(null, 'get_rsvp', {
      p_household_id: h.jimenez.id,
      p_person_id: h.jimenez.persons[0]!.id,
      p_code: await codeOf(h.jimenez.id),
    })) as { household: { seatCap: number | null } }
    expect(rsvp.household.seatCap).toBe(2)
    for (const seatCap of [0, 101, 1.5, 'two']) {
      await expect(
        t.rpc(as.owner, 'save_household', {
          p_wedding_id: weddingId,
          p_household: {
            relationshipSide: 'bride',
            relationshipType: 'family',
            seatCap,
            persons: [{ firstName: 'Rosa', type: 'adult' }],
          },
        }),
      ).rejects.toMatchObject({ message: 'invalid_input' })
    }
  })

  test('submit_rsvp refuses more persons coming than the seats reserved, and takes as many', async () => {
    const [jun, kaye, lito, mila] = h.jimenez.persons
    await expect(
      submit(h.jimenez, [
        { personId: jun!.id, isAttending: true },
        { personId: kaye!.id, isAttending: true },
        { personId: lito!.id, isAttending: true },
        { personId: mila!.id, isAttending: false },
      ]),
    ).rejects.toMatchObject({ message: 'rsvp_over_seat_cap' })
    // Nothing of the refused reply was kept.
    expect((await forecast()).pending).toBe(7)
    await submit(h.jimenez, [
      { personId: jun!.id, isAttending: true },
      { personId: kaye!.id, isAttending: false },
      { personId: lito!.id, isAttending: true },
      { personId: mila!.id, isAttending: false },
    ])
    // A later change of mind within the seats is fine; one more is not.
    await expect(
      submit(h.jimenez, [{ personId: mila!.id, isAttending: true }]),
    ).rejects.toMatchObject({ message: 'rsvp_over_seat_cap' })
    await submit(h.jimenez, [
      { personId: lito!.id, isAttending: false },
      { personId: mila!.id, isAttending: true },
    ])
    const f = await forecast()
    expect([f.confirmed.adults, f.confirmed.children, f.pending]).toEqual([5, 2, 5])
  })

  test("record_reply (the couple's side) refuses it too", async () => {
    const cora = h.bautista.persons[2]!
    await expect(record(cora.id, true, [], as.coordinator)).rejects.toMatchObject({
      message: 'rsvp_over_seat_cap',
    })
    await expect(record(cora.id, true)).rejects.toMatchObject({ message: 'rsvp_over_seat_cap' })
    await record(cora.id, false)
    // Ben gives his seat to Cora.
    await record(h.bautista.persons[1]!.id, false)
    await record(cora.id, true, meal('Manok'))
    await expect(record(h.bautista.persons[1]!.id, true)).rejects.toMatchObject({
      message: 'rsvp_over_seat_cap',
    })
  })

  test('a cap cannot be lowered below the persons already coming; raised or removed it can', async () => {
    const save = (seatCap: number | null) =>
      t.rpc(as.owner, 'save_household', {
        p_wedding_id: weddingId,
        p_household: {
          id: h.bautista.id,
          relationshipSide: 'bride',
          relationshipType: 'family',
          seatCap,
          persons: h.bautista.persons.map((p, i) => ({
            id: p.id,
            firstName: p.firstName,
            lastName: 'Bautista',
            type: i === 2 ? 'child' : 'adult',
          })),
        },
      }) as Promise<Household>
    await expect(save(1)).rejects.toMatchObject({ message: 'seat_cap_below_attending' })
    expect((await save(3)).seatCap).toBe(3)
    await record(h.bautista.persons[1]!.id, true)
    expect((await save(null)).seatCap).toBeNull()
    await expect(save(2)).rejects.toMatchObject({ message: 'seat_cap_below_attending' })
    await record(h.bautista.persons[1]!.id, false)
    expect((await save(2)).seatCap).toBe(2)
  })

  test('restoring an earlier yes beyond the seats is refused too', async () => {
    const ben = h.bautista.persons[1]!.id
    const { changes } = (await t.rpc(as.owner, 'list_rsvp_changes', {
      p_wedding_id: weddingId,
    })) as {
      changes: { id: string; personId: string | null; current: { isAttending?: boolean | null } }[]
    }
    const benSaidNo = changes.find(
      (change) => change.personId === ben && change.current.isAttending === false,
    )!
    await expect(
      t.rpc(as.owner, 'restore_rsvp', { p_wedding_id: weddingId, p_change_id: benSaidNo.id }),
    ).rejects.toMatchObject({
      message: 'rsvp_over_seat_cap',
    })
  })

  test('the spreadsheet import carries the cap and refuses replies beyond it', async () => {
    const { claims, wedding } = await t.couple()
    const household = (seatCap: number, replies: boolean[]) => ({
      relationshipSide: 'groom',
      relationshipType: 'friend',
      seatCap,
      persons: replies.map((isAttending, i) => ({
        firstName: `Tao${'abc'[i]}`,
        lastName: 'Santos',
        type: 'adult',
        reply: { isAttending },
      })),
    })
    await expect(
      t.rpc(claims, 'import_households', {
        p_wedding_id: wedding.id,
        p_households: [household(2, [true, true]), household(1, [true, true])],
      }),
    ).rejects.toMatchObject({
      message: 'rsvp_over_seat_cap',
      details: expect.stringMatching(/^household 2/),
    })
    expect(await t.rpc(claims, 'list_households', { p_wedding_id: wedding.id })).toEqual([])
    await t.rpc(claims, 'import_households', {
      p_wedding_id: wedding.id,
      p_households: [household(2, [true, false, true])],
    })
    const [saved] = (await t.rpc(claims, 'list_households', {
      p_wedding_id: wedding.id,
    })) as Household[]
    expect(saved!.seatCap).toBe(2)
  })

  test('the wedding file carries the caps and the forecast settings', async () => {
    await saveSettings(70, 18, 6)
    const file = (await t.rpc(as.owner, 'export_wedding', { p_wedding_id: weddingId })) as {
      wedding: Record<string, unknown>
      households: Record<string, unknown>[]
    }
    expect(file.wedding).toMatchObject({
      forecast_expected_pct: 70,
      forecast_no_show_pct: 18,
      forecast_walk_ins: 6,
    })
    expect(file.households.find((x) => x.id === h.navarro.id)).toMatchObject({ seat_cap: 3 })
    const before = await forecast()

    const other = await t.couple()
    await t.rpc(other.claims, 'import_wedding', { p_wedding_id: other.wedding.id, p_file: file })
    const after = await forecast(other.claims, other.wedding.id)
    expect(after).toEqual(before)
    const list = (await t.rpc(other.claims, 'list_households', {
      p_wedding_id: other.wedding.id,
    })) as Household[]
    expect(list.map((x) => x.seatCap).sort()).toEqual([2, 2, 3, null, null])

    // A file whose replies pass a household's cap is refused, not half imported.
    const broken = structuredClone(file)
    broken.households.find((x) => x.id === h.navarro.id)!.seat_cap = 1
    const third = await t.couple()
    const edited = broken as unknown as {
      persons: Record<string, unknown>[]
      eventReplies: Record<string, unknown>[]
    }
    const navarroYes = edited.eventReplies.filter(
      (r) => r.household_id === h.navarro.id && r.is_attending === true,
    )
    expect(navarroYes).toHaveLength(1)
    // A second yes for the household, to the same event.
    const second = edited.persons.find(
      (p) => p.household_id === h.navarro.id && p.id !== navarroYes[0]!.person_id,
    )!
    edited.eventReplies = [
      ...edited.eventReplies.filter(
        (r) => r.person_id !== second.id || r.event_id !== navarroYes[0]!.event_id,
      ),
      { ...navarroYes[0]!, person_id: second.id },
    ]
    await expect(
      t.rpc(third.claims, 'import_wedding', { p_wedding_id: third.wedding.id, p_file: edited }),
    ).rejects.toMatchObject({
      message: 'rsvp_over_seat_cap',
    })
    await saveSettings(83, 15, 0)
  })
})

describe.skipIf(ENGINE !== 'postgres')(
  'two replies of one household at once (real PostgreSQL)',
  () => {
    /** Runs `first` in an open transaction, `second` on another connection until it waits, then commits `first`. */
    async function twoAtOnce(
      first: [Claims, string, Record<string, unknown>],
      second: [Claims, string, Record<string, unknown>],
    ) {
      const a = await t.session()
      const b = await t.session()
      try {
        await a.begin(first[0])
        await a.rpc(first[1], first[2])
        await b.begin(second[0])
        let settled = false
        const outcome = (async () => {
          try {
            await b.rpc(second[1], second[2])
            await b.commit()
            return 'saved'
          } catch (error) {
            await b.rollback().catch(() => undefined)
            return (error as { message: string }).message
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

    const attending = async (householdId: string) =>
      (await seatedReplies(t, { householdId })).filter((r) => r.isAttending === true).length

    async function twoSeats() {
      return addHousehold(
        weddingId,
        'Reyes',
        [
          ['Rey', 'adult'],
          ['Rina', 'adult'],
          ['Rico', 'adult'],
        ],
        2,
      )
    }

    const submitArgs = async (household: Household, index: number) => ({
      p_household_id: household.id,
      p_person_id: household.persons[index]!.id,
      p_answers: [{ personId: household.persons[index]!.id, isAttending: true }],
      p_message: null,
      p_code: await codeOf(household.id),
    })

    test('two phones of one household: the second yes beyond the seats is refused, the cap holds', async () => {
      const household = await twoSeats()
      await submit(household, [{ personId: household.persons[0]!.id, isAttending: true }])
      const outcome = await twoAtOnce(
        [null, 'submit_rsvp', await submitArgs(household, 1)],
        [null, 'submit_rsvp', await submitArgs(household, 2)],
      )
      expect(outcome).toBe('rsvp_over_seat_cap')
      expect(await attending(household.id)).toBe(2)
    })

    test("a guest's reply and the couple's recording at once: the cap holds", async () => {
      const household = await twoSeats()
      await record(household.persons[0]!.id, true)
      const recordArgs = {
        p_wedding_id: weddingId,
        p_person_id: household.persons[2]!.id,
        p_is_attending: true,
        p_response: [],
      }
      expect(
        await twoAtOnce(
          [null, 'submit_rsvp', await submitArgs(household, 1)],
          [as.coordinator, 'record_reply', recordArgs],
        ),
      ).toBe('rsvp_over_seat_cap')
      expect(await attending(household.id)).toBe(2)
    })

    test('two members recording at once: the cap holds', async () => {
      const household = await twoSeats()
      await record(household.persons[0]!.id, true)
      const args = (index: number) => ({
        p_wedding_id: weddingId,
        p_person_id: household.persons[index]!.id,
        p_is_attending: true,
        p_response: [],
      })
      expect(
        await twoAtOnce([as.owner, 'record_reply', args(1)], [as.partner, 'record_reply', args(2)]),
      ).toBe('rsvp_over_seat_cap')
      expect(await attending(household.id)).toBe(2)
    })
  },
)

// The checklist (0013): items with a due date that follows the wedding date, the church's
// documents with their validity against it, who ticked what, the timeline the couple starts from,
// the week's summary in Manila time, and who sees and changes which items, role by role.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, ENGINE, type TestDb } from './harness'

interface Item {
  id: string
  templateKey: string | null
  title: string
  notes: string
  category: string
  dueDate: string | null
  fixedDueDate: string | null
  daysBefore: number | null
  assigneeUserId: string | null
  assigneeName: string | null
  assigneeRole: string | null
  issuedOn: string | null
  validDays: number | null
  validUntil: string | null
  validity: string | null
  expiresDaysBeforeWedding: number | null
  done: boolean
  doneAt: string | null
  doneBy: string | null
}
interface Checklist {
  weddingDate: string | null
  today: string
  canEdit: boolean
  items: Item[]
}

let t: TestDb
let weddingId: string
const as = {} as Record<
  'owner' | 'partner' | 'coordinator' | 'brideHelper' | 'groomHelper' | 'stranger',
  NonNullable<Claims>
>
const userId = {} as Record<'brideHelper' | 'groomHelper', string>

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

const list = async (who: NonNullable<Claims>, wedding = weddingId) =>
  (await t.rpc(who, 'list_checklist', { p_wedding_id: wedding })) as Checklist
const save = async (who: NonNullable<Claims>, item: Record<string, unknown>, wedding = weddingId) =>
  (await t.rpc(who, 'save_checklist_item', { p_wedding_id: wedding, p_item: item })) as Item
const tick = async (who: NonNullable<Claims>, itemId: string, done = true) =>
  (await t.rpc(who, 'set_checklist_item_done', {
    p_wedding_id: weddingId,
    p_item_id: itemId,
    p_done: done,
  })) as Item
const setWeddingDate = (date: string | null) =>
  t.asOwner('update kasalan.weddings set date = $1 where id = $2', [date, weddingId])
const clear = () =>
  t.asOwner('delete from kasalan.checklist_items where wedding_id = $1', [weddingId])

/** Manila's today, plus `days`, as YYYY-MM-DD. */
async function manilaDay(days = 0) {
  const { rows } = await t.asOwner<{ day: string }>(
    "select to_char((now() at time zone 'Asia/Manila')::date + $1::int, 'YYYY-MM-DD') as day",
    [days],
  )
  return rows[0]!.day
}

const timeline = [
  { key: 'set_date', title: 'Itakda ang petsa at budget', category: 'planning', daysBefore: 365 },
  {
    key: 'marriage_licence',
    title: 'Marriage licence',
    category: 'documents',
    daysBefore: 100,
    validDays: 120,
  },
  { key: 'thank_yous', title: 'Thank-you notes', category: 'after', daysBefore: -7 },
]

beforeAll(async () => {
  t = await createTestDb()
  const couple = await t.couple('Isabel', 'Miguel')
  as.owner = couple.claims
  weddingId = couple.wedding.id
  as.partner = await join('partner', null, 'Miguel')
  as.coordinator = await join('coordinator', null, 'Ate Joy')
  as.brideHelper = await join('family_helper', 'bride', 'Tita Carmen')
  as.groomHelper = await join('family_helper', 'groom', 'Tito Ben')
  userId.brideHelper = as.brideHelper.sub
  userId.groomHelper = as.groomHelper.sub
  as.stranger = (await t.couple('Rina', 'Karlo')).claims
})

afterAll(async () => {
  await t?.close()
})

beforeEach(async () => {
  await clear()
  await setWeddingDate('2099-06-20')
})

describe('the timeline', () => {
  test('starts the checklist once: a second start, or one sent twice at once, adds nothing more', async () => {
    const started = (await t.rpc(as.owner, 'start_checklist', {
      p_wedding_id: weddingId,
      p_items: timeline,
    })) as Checklist
    expect(started.items.map((item) => item.templateKey)).toEqual([
      'set_date',
      'marriage_licence',
      'thank_yous',
    ])
    expect(started.items.map((item) => item.dueDate)).toEqual([
      '2098-06-20',
      '2099-03-12',
      '2099-06-27',
    ])
    expect(started.items[1]).toMatchObject({
      title: 'Marriage licence',
      validDays: 120,
      validity: 'not_issued',
      done: false,
    })

    await t.rpc(as.coordinator, 'start_checklist', { p_wedding_id: weddingId, p_items: timeline })
    await Promise.all([
      t.rpc(as.owner, 'start_checklist', { p_wedding_id: weddingId, p_items: timeline }),
      t.rpc(as.partner, 'start_checklist', {
        p_wedding_id: weddingId,
        p_items: [...timeline].reverse(),
      }),
    ])
    expect((await list(as.owner)).items).toHaveLength(3)
  })

  test('the due dates follow the wedding date until the couple sets one', async () => {
    const { items } = (await t.rpc(as.owner, 'start_checklist', {
      p_wedding_id: weddingId,
      p_items: timeline,
    })) as Checklist
    const licence = items.find((item) => item.templateKey === 'marriage_licence')!
    await save(as.owner, { ...licence, dueDate: '2099-01-15', daysBefore: null })
    await setWeddingDate('2099-12-12')
    const after = await list(as.owner)
    expect(after.items.map((item) => [item.templateKey, item.dueDate])).toEqual([
      ['set_date', '2098-12-12'],
      ['marriage_licence', '2099-01-15'],
      ['thank_yous', '2099-12-19'],
    ])
    await setWeddingDate(null)
    expect((await list(as.owner)).items.map((item) => item.dueDate)).toEqual([
      '2099-01-15',
      null,
      null,
    ])
  })

  test('refuses a bad timeline, and those who do not keep the plan', async () => {
    for (const items of [
      [],
      { not: 'a list' },
      [{ key: 'Bad Key', title: 'x', category: 'other' }],
      [{ key: 'ok', title: ' ', category: 'other' }],
    ]) {
      await expect(
        t.rpc(as.owner, 'start_checklist', { p_wedding_id: weddingId, p_items: items }),
      ).rejects.toThrow('invalid_input')
    }
    await expect(
      t.rpc(as.brideHelper, 'start_checklist', { p_wedding_id: weddingId, p_items: timeline }),
    ).rejects.toThrow('wedding_not_found')
    await expect(
      t.rpc(as.stranger, 'start_checklist', { p_wedding_id: weddingId, p_items: timeline }),
    ).rejects.toThrow('wedding_not_found')
    expect((await list(as.owner)).items).toEqual([])
  })
})

describe("the church's documents", () => {
  test('say how long before the wedding they expire, on known dates', async () => {
    // The wedding on 20 June 2099.
    const licence = await save(as.owner, {
      title: 'Marriage licence',
      category: 'documents',
      issuedOn: '2099-02-01',
      validDays: 120,
    })
    expect(licence).toMatchObject({
      validUntil: '2099-06-01',
      validity: 'expires_before_wedding',
      expiresDaysBeforeWedding: 19,
    })

    const baptismal = await save(as.owner, {
      title: 'Baptismal',
      category: 'documents',
      issuedOn: '2099-01-01',
      validDays: 180,
    })
    expect(baptismal).toMatchObject({
      validUntil: '2099-06-30',
      validity: 'valid',
      expiresDaysBeforeWedding: null,
    })

    // Valid through the wedding day itself.
    const cenomar = await save(as.owner, {
      title: 'CENOMAR',
      category: 'documents',
      issuedOn: '2098-12-22',
      validDays: 180,
    })
    expect(cenomar).toMatchObject({ validUntil: '2099-06-20', validity: 'valid' })

    const old = await save(as.owner, {
      title: 'Confirmation',
      category: 'documents',
      issuedOn: '2001-01-01',
      validDays: 180,
    })
    expect(old).toMatchObject({ validUntil: '2001-06-30', validity: 'expired' })

    const notYet = await save(as.owner, { title: 'Pre-Cana', category: 'church', validDays: 180 })
    expect(notYet).toMatchObject({ validity: 'not_issued', validUntil: null })

    const task = await save(as.owner, { title: 'Book the church', category: 'church' })
    expect(task).toMatchObject({ validity: null, validUntil: null, expiresDaysBeforeWedding: null })

    // The list says the same; a new wedding date moves the warning.
    await setWeddingDate('2099-06-05')
    const after = await list(as.owner)
    expect(after.items.find((item) => item.id === licence.id)).toMatchObject({
      expiresDaysBeforeWedding: 4,
    })
    expect(after.items.find((item) => item.id === baptismal.id)).toMatchObject({
      validity: 'valid',
    })
  })

  test('an issue date needs a validity', async () => {
    await expect(save(as.owner, { title: 'Licence', issuedOn: '2099-01-01' })).rejects.toThrow(
      'invalid_input',
    )
  })
})

describe('items', () => {
  test('are added, changed and deleted by those who keep the plan, with every field kept', async () => {
    const added = await save(as.coordinator, {
      title: '  Final pax to the caterer ',
      notes: 'Tawagan si Aling Nena',
      category: 'suppliers',
      daysBefore: 14,
      assigneeUserId: userId.brideHelper,
      assigneeRole: null,
    })
    expect(added).toMatchObject({
      title: 'Final pax to the caterer',
      notes: 'Tawagan si Aling Nena',
      category: 'suppliers',
      dueDate: '2099-06-06',
      fixedDueDate: null,
      daysBefore: 14,
      assigneeUserId: userId.brideHelper,
      assigneeName: 'Tita Carmen',
      done: false,
    })
    const changed = await save(as.partner, {
      ...added,
      title: 'Final pax',
      dueDate: '2099-06-01',
      assigneeUserId: null,
      assigneeRole: 'coordinator',
    })
    expect(changed).toMatchObject({
      id: added.id,
      title: 'Final pax',
      dueDate: '2099-06-01',
      fixedDueDate: '2099-06-01',
      assigneeRole: 'coordinator',
      assigneeName: null,
    })
    await t.rpc(as.owner, 'delete_checklist_item', { p_wedding_id: weddingId, p_item_id: added.id })
    expect((await list(as.owner)).items).toEqual([])
    await expect(
      t.rpc(as.owner, 'delete_checklist_item', { p_wedding_id: weddingId, p_item_id: added.id }),
    ).rejects.toThrow('checklist_item_not_found')
    await expect(save(as.owner, { ...added })).rejects.toThrow('checklist_item_not_found')
  })

  test('refuse bad fields with invalid_input', async () => {
    const stranger = (await t.rpc(as.stranger, 'get_my_wedding', {})) as { myRole: string }
    expect(stranger.myRole).toBe('owner')
    for (const item of [
      { title: '' },
      { title: 'x'.repeat(201) },
      { title: 'ok', notes: 'x'.repeat(2001) },
      { title: 'ok', category: 'party' },
      { title: 'ok', dueDate: '2099-02-30' },
      { title: 'ok', dueDate: 'tomorrow' },
      { title: 'ok', daysBefore: 1.5 },
      { title: 'ok', daysBefore: 5000 },
      { title: 'ok', validDays: 0 },
      { title: 'ok', assigneeRole: 'guest' },
      { title: 'ok', assigneeUserId: as.stranger.sub },
      { title: 'bell\u0007' },
    ]) {
      await expect(save(as.owner, item), JSON.stringify(item)).rejects.toThrow('invalid_input')
    }
    expect((await list(as.owner)).items).toEqual([])
  })

  test('a tick says who ticked it and when, and keeps the first when ticked again', async () => {
    const item = await save(as.owner, { title: 'Book the church', category: 'church' })
    const ticked = await tick(as.coordinator, item.id)
    expect(ticked).toMatchObject({ done: true, doneBy: 'Ate Joy' })
    expect(ticked.doneAt).not.toBeNull()
    expect(await tick(as.owner, item.id)).toMatchObject({
      done: true,
      doneBy: 'Ate Joy',
      doneAt: ticked.doneAt,
    })
    expect(await tick(as.owner, item.id, false)).toMatchObject({
      done: false,
      doneBy: null,
      doneAt: null,
    })
    // An edit keeps the tick.
    await tick(as.partner, item.id)
    expect(await save(as.owner, { ...item, title: 'Book the church (San Agustin)' })).toMatchObject(
      { done: true },
    )
  })
})

describe('who sees and changes what', () => {
  test('a family helper sees and ticks only what is assigned to them or to their role, and edits nothing', async () => {
    const mine = await save(as.owner, {
      title: 'Sponsors list',
      assigneeUserId: userId.brideHelper,
    })
    const helpers = await save(as.owner, { title: 'Souvenirs', assigneeRole: 'family_helper' })
    const theirs = await save(as.owner, { title: 'Abay', assigneeUserId: userId.groomHelper })
    const couples = await save(as.owner, {
      title: 'Marriage licence',
      assigneeRole: 'owner',
      issuedOn: '2099-02-01',
      validDays: 120,
    })

    const seen = await list(as.brideHelper)
    expect(seen.canEdit).toBe(false)
    expect(seen.items.map((item) => item.title).sort()).toEqual(['Souvenirs', 'Sponsors list'])
    expect((await list(as.groomHelper)).items.map((item) => item.title).sort()).toEqual([
      'Abay',
      'Souvenirs',
    ])
    for (const who of [as.owner, as.partner, as.coordinator]) {
      const all = await list(who)
      expect(all.canEdit).toBe(true)
      expect(all.items).toHaveLength(4)
    }

    expect(await tick(as.brideHelper, mine.id)).toMatchObject({ done: true, doneBy: 'Tita Carmen' })
    expect(await tick(as.brideHelper, helpers.id)).toMatchObject({ done: true })
    for (const other of [theirs.id, couples.id]) {
      await expect(tick(as.brideHelper, other)).rejects.toThrow('checklist_item_not_found')
    }
    await expect(save(as.brideHelper, { ...mine, title: 'Mine now' })).rejects.toThrow(
      'wedding_not_found',
    )
    await expect(save(as.brideHelper, { title: 'New' })).rejects.toThrow('wedding_not_found')
    await expect(
      t.rpc(as.brideHelper, 'delete_checklist_item', {
        p_wedding_id: weddingId,
        p_item_id: mine.id,
      }),
    ).rejects.toThrow('wedding_not_found')
    expect((await list(as.owner)).items.map((item) => [item.title, item.done])).toEqual(
      expect.arrayContaining([
        ['Sponsors list', true],
        ['Souvenirs', true],
        ['Abay', false],
        ['Marriage licence', false],
      ]),
    )
  })

  test('an outsider learns nothing, not even whether an item exists', async () => {
    const item = await save(as.owner, { title: 'Pre-Cana' })
    for (const call of [
      () => t.rpc(as.stranger, 'list_checklist', { p_wedding_id: weddingId }),
      () => t.rpc(as.stranger, 'checklist_this_week', { p_wedding_id: weddingId }),
      () =>
        t.rpc(as.stranger, 'set_checklist_item_done', {
          p_wedding_id: weddingId,
          p_item_id: item.id,
          p_done: true,
        }),
      () =>
        t.rpc(as.stranger, 'save_checklist_item', {
          p_wedding_id: weddingId,
          p_item: { ...item, title: 'x' },
        }),
      () =>
        t.rpc(as.stranger, 'delete_checklist_item', {
          p_wedding_id: weddingId,
          p_item_id: item.id,
        }),
      () => t.rpc(null, 'list_checklist', { p_wedding_id: weddingId }),
    ]) {
      await expect(call()).rejects.toThrow(/wedding_not_found|permission denied/)
    }
    // Another wedding's owner cannot reach this item through their own wedding either.
    const theirs = (await t.rpc(as.stranger, 'get_my_wedding', {})) as { id: string }
    await expect(
      t.rpc(as.stranger, 'set_checklist_item_done', {
        p_wedding_id: theirs.id,
        p_item_id: item.id,
        p_done: true,
      }),
    ).rejects.toThrow('checklist_item_not_found')
    await expect(save(as.stranger, { ...item, title: 'x' }, theirs.id)).rejects.toThrow(
      'checklist_item_not_found',
    )
    expect((await list(as.owner)).items[0]).toMatchObject({ title: 'Pre-Cana', done: false })
  })

  test('no API role reads or writes the table directly', async () => {
    await save(as.owner, { title: 'Pre-Cana' })
    await expect(
      t.asRole('authenticated', as.owner, 'select * from kasalan.checklist_items'),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      t.asRole(
        'authenticated',
        as.owner,
        "insert into kasalan.checklist_items (wedding_id, title) values ($1, 'x')",
        [weddingId],
      ),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      t.asRole('anon', null, 'select * from kasalan.checklist_items'),
    ).rejects.toMatchObject({ code: '42501' })
  })
})

describe('this week', () => {
  test("lists what is overdue and what is due in the next seven days, in Manila's days, for what the member sees", async () => {
    const [yesterday, today, inSix, inSeven] = await Promise.all([
      manilaDay(-1),
      manilaDay(0),
      manilaDay(6),
      manilaDay(7),
    ])
    await setWeddingDate(await manilaDay(10))
    await save(as.owner, { title: 'Overdue', dueDate: yesterday })
    await save(as.owner, { title: 'Today', dueDate: today, assigneeRole: 'family_helper' })
    await save(as.owner, { title: 'In six days', dueDate: inSix })
    await save(as.owner, { title: 'Five days before the wedding', daysBefore: 5 })
    await save(as.owner, { title: 'In seven days', dueDate: inSeven })
    await save(as.owner, { title: 'Undated' })
    const done = await save(as.owner, { title: 'Done already', dueDate: yesterday })
    await tick(as.owner, done.id)

    const week = (await t.rpc(as.coordinator, 'checklist_this_week', {
      p_wedding_id: weddingId,
    })) as {
      today: string
      overdue: Item[]
      thisWeek: Item[]
    }
    expect(week.today).toBe(today)
    expect(week.overdue.map((item) => item.title)).toEqual(['Overdue'])
    expect(week.thisWeek.map((item) => item.title)).toEqual([
      'Today',
      'Five days before the wedding',
      'In six days',
    ])

    const helper = (await t.rpc(as.brideHelper, 'checklist_this_week', {
      p_wedding_id: weddingId,
    })) as typeof week
    expect(helper.overdue).toEqual([])
    expect(helper.thisWeek.map((item) => item.title)).toEqual(['Today'])
  })
})

describe.runIf(ENGINE === 'postgres')('at once, on PostgreSQL', () => {
  test('two members adding items at once both get them, and the count stays true', async () => {
    const adds = Array.from({ length: 8 }, (_, i) =>
      save(i % 2 ? as.owner : as.coordinator, { title: `Item ${i}` }),
    )
    const saved = await Promise.all(adds)
    expect(new Set(saved.map((item) => item.id)).size).toBe(8)
    expect((await list(as.owner)).items).toHaveLength(8)
  })
})

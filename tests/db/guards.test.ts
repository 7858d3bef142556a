// Every function of the Data API guards its wedding. The catalogue is read, not listed by hand:
// each function a signed-in account may execute is called by a stranger (an account with a
// wedding of its own) with another wedding's ids, and must refuse as if that wedding did not
// exist; the wedding's rows must be as they were. A new function with a parameter this file does
// not know fails here until its author says what it is, so none can forget its guard. The
// public calls anon may make are called with one wedding's ids and another's codes, and refuse.

import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, DEMO, DEMO_CLAIMS, type TestDb } from './harness'

let t: TestDb
let stranger: NonNullable<Claims>
/** The stranger's own wedding. */
let theirs: { id: string; slug: string }

/** The wedding a stranger calls about (the seed's, with one of everything), and its ids. */
const victim = {
  weddingId: DEMO.weddingId,
  userId: DEMO.userId,
  slug: DEMO.slug,
  householdId: '',
  personId: '',
  invitationCode: '',
  invitationToken: '',
  sectionId: '',
  eventId: '',
  changeId: '',
  itemId: '',
  lineId: '',
  paymentId: '',
  supplierId: '',
  giftId: '',
  memberInvitationId: '',
  memberInvitationToken: '',
  mediaPath: `${DEMO.weddingId}/guard-photo.png`,
}

/** A 1×1 PNG, as put_media_object takes it. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

/**
 * The value of each parameter, by its name: the victim's own ids wherever a function takes an
 * id, so a function that forgot its guard would act on real rows; else a value the function
 * accepts. A parameter not named here fails the test: add it, saying what it is.
 */
function valueOf(param: string): unknown {
  const values: Record<string, unknown> = {
    p_wedding_id: victim.weddingId,
    p_household_id: victim.householdId,
    p_household_ids: [victim.householdId],
    p_person_id: victim.personId,
    p_section_id: victim.sectionId,
    p_event_id: victim.eventId,
    p_change_id: victim.changeId,
    p_item_id: victim.itemId,
    p_line_id: victim.lineId,
    p_payment_id: victim.paymentId,
    p_supplier_id: victim.supplierId,
    p_gift_id: victim.giftId,
    p_invitation_id: victim.memberInvitationId,
    p_user_id: victim.userId,
    p_actor: victim.userId,
    p_slug: victim.slug,
    p_path: victim.mediaPath,
    p_paths: [victim.mediaPath],
    // Tokens and codes are capabilities of their own (the public calls below): a guess here.
    p_token: 'guessed-token-guessed-token',
    p_code: 'ABCDEF',
    p_household: { id: null, persons: [{ firstName: 'Lito', lastName: 'Lapid' }] },
    p_households: [{ persons: [{ firstName: 'Lito', lastName: 'Lapid' }] }],
    p_actions: [{ id: crypto.randomUUID(), kind: 'arrive', personIds: [] }],
    p_answers: [],
    p_response: [],
    p_questions: [],
    p_nicknames: [],
    p_sections: [],
    p_items: [{ title: 'Kumuha ng lisensya' }],
    p_item: { title: 'Kumuha ng lisensya' },
    p_gift: { id: victim.giftId, kind: 'cash', giverName: 'Lito' },
    p_line: { id: victim.lineId, category: 'venue', name: 'Kapitbahay', estimateCentavos: 100_000 },
    p_payment: {
      id: victim.paymentId,
      lineId: victim.lineId,
      kind: 'down_payment',
      amountCentavos: 100_000,
    },
    p_supplier: {
      id: victim.supplierId,
      name: 'Kapitbahay',
      service: 'venue',
      status: 'booked',
      budgetLineId: victim.lineId,
    },
    p_settings: {
      takesRsvp: true,
      deadline: null,
      isPrivate: false,
      isMain: false,
      householdIds: [],
    },
    p_details: {},
    p_data: {},
    p_file: {},
    p_layout: {},
    p_templates: {},
    p_theme: {},
    p_bride: { firstName: 'Nena', lastName: 'Lapid' },
    p_groom: { firstName: 'Lito', lastName: 'Lapid' },
    p_date: '2027-02-14',
    p_deadline: null,
    p_seen_at: new Date().toISOString(),
    p_before_at: null,
    p_before_id: null,
    p_base_updated_at: null,
    p_base_content_updated_at: null,
    p_since: 0,
    p_limit: 10,
    p_count: 1,
    p_expected_pct: 80,
    p_no_show_pct: 5,
    p_walk_ins: 0,
    p_done: true,
    p_allowed: true,
    p_required: true,
    p_published: false,
    p_is_attending: true,
    p_channel: 'sms',
    p_content: PNG,
    p_content_type: 'image/png',
    p_display_name: 'Kapitbahay',
    p_email: null,
    p_kind: 'down_payment',
    p_message: null,
    p_query: 'Santos',
    p_role: 'coordinator',
    p_side: null,
    p_title: 'Kapitbahay',
  }
  if (!(param in values))
    throw new Error(`guards.test.ts does not know ${param}: add what it is to valueOf`)
  return values[param]
}

/**
 * The functions that answer a stranger by design, and why. Each is still called and its answer
 * checked: it speaks of the caller's own account, or says nothing of the victim's wedding.
 */
const ANSWER_STRANGERS: Record<string, string> = {
  create_my_wedding: 'makes the caller a wedding of their own',
  list_my_weddings: "lists the caller's own weddings",
  has_joined_a_wedding: 'says whether the caller joined a wedding',
  get_my_wedding: 'the wedding the caller is a member of, else nothing (null)',
  get_member_invitation: 'an invitation to join, found by its token alone (null for any other)',
  check_wedding_slug: "a web address's status for the sign-up form: taken, never whose",
}

/** The calls anon may make too: the public site's, by slug, code or token (tested below). */
const PUBLIC_CALLS = [
  'get_site',
  'search_persons',
  'get_rsvp',
  'submit_rsvp',
  'get_media_object',
  'open_invitation',
  'open_invitation_code',
  'get_link_preview',
]

/** Functions that reach their wedding through another row, refused as that row not found. */
const REFUSED_BY_ROW: Record<string, string> = {
  delete_household: 'household_not_found',
  get_section_content: 'section_not_found',
  save_section_content: 'section_not_found',
  accept_member_invitation: 'member_invitation_not_found',
}

interface Fn {
  name: string
  params: string[]
}

/** Every function of `kasalan` a signed-in account may execute, with its parameters' names. */
async function catalogue(): Promise<Fn[]> {
  const { rows } = await t.asOwner<Fn>(
    `select p.proname as name, coalesce(p.proargnames, '{}') as params
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'kasalan' and p.prokind = 'f' and has_function_privilege('authenticated', p.oid, 'execute')
     order by p.proname`,
  )
  return rows
}

/** What a call gave: its answer as text, or the code it was refused with. */
async function call(claims: Claims, fn: Fn): Promise<{ refused: string } | { answer: string }> {
  try {
    const answer = await t.rpc(
      claims,
      fn.name,
      Object.fromEntries(fn.params.map((param) => [param, valueOf(param)])),
    )
    return { answer: JSON.stringify(answer) }
  } catch (error) {
    return { refused: (error as Error).message }
  }
}

/** The refusal each function of a wedding owes a stranger; null for those that answer them. */
function owedRefusal(fn: Fn): string | null {
  if (fn.name in ANSWER_STRANGERS) return null
  if (fn.name in REFUSED_BY_ROW) return REFUSED_BY_ROW[fn.name]!
  if (fn.params.includes('p_wedding_id')) return 'wedding_not_found'
  throw new Error(`${fn.name} takes no wedding: say in guards.test.ts how it is guarded`)
}

/** Calls each function as the stranger; the ones that did not refuse as they owe. */
async function unguarded(functions: Fn[]): Promise<string[]> {
  const found: string[] = []
  for (const fn of functions) {
    const owed = owedRefusal(fn)
    const outcome = await call(stranger, fn)
    if (owed === null) {
      // Answered about the caller, or nothing: never a row of the victim's wedding.
      const text = 'answer' in outcome ? outcome.answer : ''
      for (const secret of [victim.weddingId, victim.householdId, victim.personId, 'Isabel']) {
        if (text.includes(secret)) found.push(`${fn.name} answered with ${secret}`)
      }
    } else if (!('refused' in outcome) || outcome.refused !== owed) {
      found.push(
        `${fn.name}: ${'refused' in outcome ? `refused with ${outcome.refused}` : `answered ${outcome.answer.slice(0, 80)}`}, owed ${owed}`,
      )
    }
  }
  return found
}

/** Every row of the victim's wedding, in one text: unchanged by anything a stranger calls. */
async function victimRows(): Promise<string> {
  const { rows: tables } = await t.asOwner<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attname = 'wedding_id' and not a.attisdropped
     where n.nspname = 'kasalan' and c.relkind = 'r' order by 1`,
  )
  expect(tables.length).toBeGreaterThan(15)
  const parts: string[] = []
  for (const { name } of [...tables, { name: 'weddings' }]) {
    const key = name === 'weddings' ? 'id' : 'wedding_id'
    const { rows } = await t.asOwner<{ rows: string | null }>(
      `select string_agg(x::text, E'\\n' order by x::text) as rows from kasalan.${name} x where x.${key} = $1`,
      [victim.weddingId],
    )
    parts.push(`${name}: ${rows[0]?.rows ?? ''}`)
  }
  return parts.join('\n')
}

beforeAll(async () => {
  t = await createTestDb()
  const couple = await t.couple('Nena', 'Lito')
  stranger = couple.claims
  theirs = couple.wedding

  // One of everything in the victim's wedding, made as its couple makes them.
  const owner = DEMO_CLAIMS
  const id = victim.weddingId
  const { rows } = await t.asOwner<{
    household: string
    person: string
    code: string
    token: string
  }>(
    `select g.id as household, p.id as person, g.invitation_code as code, g.invitation_token as token
     from kasalan.households g join kasalan.persons p on p.household_id = g.id
     where g.wedding_id = $1 order by g.created_at, p.position limit 1`,
    [id],
  )
  Object.assign(victim, {
    householdId: rows[0]!.household,
    personId: rows[0]!.person,
    invitationCode: rows[0]!.code,
    invitationToken: rows[0]!.token,
  })
  const section = await t.asOwner<{ id: string }>(
    'select id from kasalan.sections where wedding_id = $1 order by order_index limit 1',
    [id],
  )
  victim.sectionId = section.rows[0]!.id
  const events = await t.asOwner<{ event_id: string }>(
    'select event_id from kasalan_private.schedule_events($1) limit 1',
    [id],
  )
  victim.eventId = events.rows[0]!.event_id
  await t.rpc(owner, 'save_event_settings', {
    p_wedding_id: id,
    p_event_id: victim.eventId,
    p_settings: valueOf('p_settings'),
  })

  await t.rpc(owner, 'record_reply', {
    p_wedding_id: id,
    p_person_id: victim.personId,
    p_is_attending: true,
    p_response: [],
  })
  const change = await t.asOwner<{ id: string }>(
    'select id from kasalan.rsvp_changes where wedding_id = $1 limit 1',
    [id],
  )
  victim.changeId = change.rows[0]!.id
  // The rest through the calls themselves, every parameter as valueOf says unless given here.
  const functions = await catalogue()
  const make = async (name: string, given: Record<string, unknown>) => {
    const fn = functions.find((f) => f.name === name)!
    const args = Object.fromEntries(
      fn.params.map((param) => [param, param in given ? given[param] : valueOf(param)]),
    )
    const made = (await t.rpc(owner, name, args).catch((error: Error & { details?: string }) => {
      throw new Error(`${name}: ${error.message} (${error.details})`)
    })) as string | { id: string; token: string }
    return typeof made === 'string' ? { id: made, token: '' } : made
  }
  victim.itemId = (await make('save_checklist_item', {})).id
  victim.lineId = (
    await make('save_budget_line', { p_line: { ...(valueOf('p_line') as object), id: null } })
  ).id
  victim.paymentId = (
    await make('save_budget_payment', {
      p_payment: { ...(valueOf('p_payment') as object), id: null },
    })
  ).id
  victim.supplierId = (
    await make('save_supplier', { p_supplier: { ...(valueOf('p_supplier') as object), id: null } })
  ).id
  victim.giftId = (
    await make('save_gift', { p_gift: { ...(valueOf('p_gift') as object), id: null } })
  ).id
  const invitation = await make('create_member_invitation', {})
  victim.memberInvitationId = invitation.id
  victim.memberInvitationToken = invitation.token
  await t.rpc(owner, 'put_media_object', {
    p_wedding_id: id,
    p_path: victim.mediaPath,
    p_content_type: 'image/png',
    p_content: PNG,
  })
  for (const [key, value] of Object.entries(victim)) expect(value, key).not.toBe('')
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('every function a signed-in account may call', () => {
  test('refuses a stranger with another wedding’s ids, as if that wedding did not exist, and changes nothing', async () => {
    const functions = (await catalogue()).filter((fn) => !PUBLIC_CALLS.includes(fn.name))
    expect(functions.length).toBeGreaterThan(70)
    const before = await victimRows()
    expect(await unguarded(functions)).toEqual([])
    expect(await victimRows()).toBe(before)
    // Every name listed above is still a function of the catalogue.
    const names = new Set((await catalogue()).map((fn) => fn.name))
    for (const name of [
      ...Object.keys(ANSWER_STRANGERS),
      ...Object.keys(REFUSED_BY_ROW),
      ...PUBLIC_CALLS,
    ])
      expect(names, name).toContain(name)
  }, 120_000)

  test('and the same calls by the couple are answered (the ids are the real ones)', async () => {
    // Reads only: each would refuse a stranger, and answers the wedding's couple.
    const reads = (await catalogue()).filter((fn) =>
      /^(list_|get_(?!site|rsvp$|media_object|link_preview|member_invitation))/.test(fn.name),
    )
    expect(reads.length).toBeGreaterThan(15)
    for (const fn of reads) {
      const outcome = await call(DEMO_CLAIMS, fn)
      expect(outcome, fn.name).toHaveProperty('answer')
    }
  }, 60_000)

  test('a function without its guard is caught', async () => {
    await t.asOwner(`
      create function kasalan.forgot_its_guard(p_wedding_id uuid) returns jsonb
      language sql stable security definer set search_path = '' as $$
        select coalesce(jsonb_agg(g.id), '[]') from kasalan.households g where g.wedding_id = p_wedding_id
      $$`)
    await t.asOwner('grant execute on function kasalan.forgot_its_guard(uuid) to authenticated')
    try {
      const found = (await catalogue()).find((fn) => fn.name === 'forgot_its_guard')!
      expect(await unguarded([found])).toEqual([
        expect.stringMatching(/^forgot_its_guard: answered \["/),
      ])
      // And a new parameter must be named before the test runs at all.
      expect(() => owedRefusal({ name: 'whoami', params: [] })).toThrow('takes no wedding')
      expect(() => valueOf('p_secret')).toThrow('does not know p_secret')
    } finally {
      await t.asOwner('drop function kasalan.forgot_its_guard(uuid)')
    }
  })
})

describe('the public calls', () => {
  test('refuse one wedding’s ids with another’s codes, tokens and addresses', async () => {
    // The stranger's wedding, published, with a household of its own.
    await t.rpc(stranger, 'set_wedding_published', { p_wedding_id: theirs.id, p_published: true })
    await t.rpc(DEMO_CLAIMS, 'set_wedding_published', {
      p_wedding_id: victim.weddingId,
      p_published: true,
    })
    const saved = (await t.rpc(stranger, 'save_household', {
      p_wedding_id: theirs.id,
      p_household: { persons: [{ firstName: 'Lito', lastName: 'Lapid' }] },
    })) as { id: string; persons: { id: string }[] }
    const { rows } = await t.asOwner<{ code: string; token: string }>(
      'select invitation_code as code, invitation_token as token from kasalan.households where id = $1',
      [saved.id],
    )
    const their = { householdId: saved.id, personId: saved.persons[0]!.id, ...rows[0]! }
    const refused = async (name: string, args: Record<string, unknown>) => {
      for (const claims of [null, stranger]) {
        const outcome = await t.rpc(claims, name, args).then(
          (answer) => JSON.stringify(answer),
          (error: Error) => `refused: ${error.message}`,
        )
        // Either refused, or an answer with nothing of the victim's household in it.
        expect(outcome, `${name} ${JSON.stringify(args)}`).not.toContain(victim.householdId)
        expect(outcome, `${name} ${JSON.stringify(args)}`).not.toContain(victim.personId)
        if (!outcome.startsWith('refused') && outcome !== 'null')
          expect.soft(outcome, name).not.toMatch(/Isabel|Santos/)
      }
    }
    // A household of one wedding with the code of another's.
    await refused('get_rsvp', {
      p_household_id: victim.householdId,
      p_person_id: null,
      p_code: their.code,
    })
    await refused('get_rsvp', {
      p_household_id: their.householdId,
      p_person_id: victim.personId,
      p_code: their.code,
    })
    await refused('submit_rsvp', {
      p_household_id: their.householdId,
      p_person_id: null,
      p_answers: [{ personId: victim.personId, isAttending: false, response: [] }],
      p_message: null,
      p_code: their.code,
    })
    await refused('submit_rsvp', {
      p_household_id: victim.householdId,
      p_person_id: null,
      p_answers: [{ personId: victim.personId, isAttending: false, response: [] }],
      p_message: null,
      p_code: their.code,
    })
    // A code typed on another wedding's site; a name searched on another's.
    await refused('open_invitation_code', { p_slug: theirs.slug, p_code: victim.invitationCode })
    await refused('search_persons', { p_slug: theirs.slug, p_query: 'Santos' })
    // A link preview under another wedding's address with a guessed token (a household's own
    // token previews its own wedding, whatever the address: holding it is the invitation).
    await refused('get_link_preview', {
      p_slug: theirs.slug,
      p_token: 'guessed-token-guessed-token',
    })
    // The victim's photo read through another wedding's path, and an unpublished wedding's.
    await refused('get_media_object', { p_path: `${theirs.id}/guard-photo.png` })
    await t.rpc(DEMO_CLAIMS, 'set_wedding_published', {
      p_wedding_id: victim.weddingId,
      p_published: false,
    })
    await refused('get_media_object', { p_path: victim.mediaPath })
    await refused('get_site', { p_slug: victim.slug })
    // Nothing the stranger could send changed the victim's replies.
    const { rows: replies } = await t.asOwner<{ n: number }>(
      "select count(*)::int as n from kasalan.rsvp_changes where wedding_id = $1 and changed_by like 'guest%'",
      [victim.weddingId],
    )
    expect(replies[0]!.n).toBe(0)
  }, 60_000)
})

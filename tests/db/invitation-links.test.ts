// Invitation links and codes (0027_invitation_links.sql): a household's link carries a long random
// token that opens it from anywhere; its short printed code is checked only within the wedding whose
// site the guest is on, every attempt counted. No call, the wedding file's import included, tells a
// caller whether a code, token or id exists in a wedding they do not manage.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'
import { newVisitor, rpcAs, steadyClock } from './privacy-helpers'

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

interface Household {
  householdId: string
  code: string
  token?: string
  persons: { id: string; firstName: string }[]
}

interface WeddingFile {
  format: string
  version: number
  wedding: Record<string, unknown>
  sections: Record<string, unknown>[]
  households: Record<string, unknown>[]
  persons: Record<string, unknown>[]
  seatingLayout: Record<string, unknown> | null
}

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

function randomCode() {
  return Array.from(
    { length: 8 },
    () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)],
  ).join('')
}

function randomToken() {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')
}

/** A published wedding with one household of two and one of one, and the couple's view of them. */
async function weddingWithGuests(published = true) {
  const { claims, wedding } = await t.couple()
  if (published)
    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
  const save = (household: Record<string, unknown>) =>
    t.rpc(claims, 'save_household', {
      p_wedding_id: wedding.id,
      p_household: household,
    }) as Promise<{
      id: string
      persons: { id: string }[]
    }>
  const first = await save({
    persons: [
      { firstName: 'Pacing', lastName: 'Ilagan' },
      { firstName: 'Ben', lastName: 'Ilagan' },
    ],
  })
  const second = await save({ persons: [{ firstName: 'Niño', lastName: 'Dizon' }] })
  const households = async () =>
    (
      (await t.rpc(claims, 'list_invitations', { p_wedding_id: wedding.id })) as {
        households: Household[]
      }
    ).households
  const find = async (householdId: string) =>
    (await households()).find((h) => h.householdId === householdId)!
  return { claims, wedding, first, second, households, find }
}

/** What an import answered: its error code and detail (or 'ok'). */
async function importAnswer(claims: Claims, weddingId: string, file: unknown) {
  try {
    await t.rpc(claims, 'import_wedding', { p_wedding_id: weddingId, p_file: file })
    return { message: 'ok' }
  } catch (error) {
    const e = error as { message: string; code?: string; details?: string }
    return { message: e.message, code: e.code, detail: e.details }
  }
}

describe('the import is no oracle for codes, tokens or ids', () => {
  test("another wedding's code, token, household, person and section ids get the same answer as unknown ones", async () => {
    const victim = await weddingWithGuests()
    const household = await victim.find(victim.first.id)
    const victimSection = victim.wedding.sections[0]!.id
    const attacker = await t.couple('Lihim', 'Tiktik')

    // One household carrying the candidates, and one invalid person (a blank first name), so that
    // nothing would be stored either way: the answer alone must say nothing.
    const probe = (candidate: {
      householdId: string
      personId: string
      code: string
      token: string
      sectionId: string
    }) => ({
      format: 'kasalan-wedding',
      version: 1,
      wedding: { title: 'Pagsubok' },
      sections: [{ id: candidate.sectionId, type: 'custom', path: 'subok', title: 'Subok' }],
      households: [
        {
          id: candidate.householdId,
          invitation_code: candidate.code,
          invitation_token: candidate.token,
        },
      ],
      persons: [
        {
          id: candidate.personId,
          household_id: candidate.householdId,
          first_name: 'Tunay',
          position: 0,
        },
        {
          id: crypto.randomUUID(),
          household_id: candidate.householdId,
          first_name: '',
          position: 1,
        },
      ],
      seatingLayout: null,
    })
    const unknown = () => ({
      householdId: crypto.randomUUID(),
      personId: crypto.randomUUID(),
      code: randomCode(),
      token: randomToken(),
      sectionId: crypto.randomUUID(),
    })

    const baseline = await importAnswer(attacker.claims, attacker.wedding.id, probe(unknown()))
    expect(baseline.message).toBe('invalid_input')
    const candidates = {
      code: { ...unknown(), code: household.code },
      token: { ...unknown(), token: household.token ?? randomToken() },
      household: { ...unknown(), householdId: victim.first.id },
      person: { ...unknown(), personId: victim.first.persons[0]!.id },
      section: { ...unknown(), sectionId: victimSection },
      everything: {
        householdId: victim.first.id,
        personId: victim.first.persons[0]!.id,
        code: household.code,
        token: household.token ?? randomToken(),
        sectionId: victimSection,
      },
    }
    for (const [name, candidate] of Object.entries(candidates)) {
      expect(
        await importAnswer(attacker.claims, attacker.wedding.id, probe(candidate)),
        name,
      ).toEqual(baseline)
    }
    // And nothing was stored.
    expect(
      await t.rpc(attacker.claims, 'list_households', { p_wedding_id: attacker.wedding.id }),
    ).toEqual([])
  })

  test("a valid file with another wedding's ids and token is imported with fresh ones; the other wedding is untouched", async () => {
    const victim = await weddingWithGuests()
    const before = await victim.households()
    const file = (await t.rpc(victim.claims, 'export_wedding', {
      p_wedding_id: victim.wedding.id,
    })) as WeddingFile
    const person = victim.first.persons[0]!
    file.seatingLayout = {
      tables: [
        { id: 't1', name: 'Mesa 1', x: 100, y: 100, width: 120, height: 120, type: 'round' },
      ],
      seats: [
        {
          id: 's1',
          tableId: 't1',
          x: 0,
          y: -60,
          householdId: victim.first.id,
          personId: person.id,
        },
      ],
    }

    const attacker = await t.couple('Kopya', 'Lamang')
    await t.rpc(attacker.claims, 'import_wedding', {
      p_wedding_id: attacker.wedding.id,
      p_file: file,
    })
    const copied = (await t.rpc(attacker.claims, 'list_invitations', {
      p_wedding_id: attacker.wedding.id,
    })) as {
      households: Household[]
    }
    expect(copied.households).toHaveLength(2)
    for (const h of copied.households) {
      expect(before.map((b) => b.householdId)).not.toContain(h.householdId)
      expect(before.map((b) => b.token)).not.toContain(h.token)
      for (const p of h.persons)
        expect(before.flatMap((b) => b.persons.map((x) => x.id))).not.toContain(p.id)
    }
    // The codes stay as printed: they are the wedding's own, checked only within it.
    expect(copied.households.map((h) => h.code).sort()).toEqual(before.map((h) => h.code).sort())
    // Persons follow their household, and the seat follows its person.
    const pacing = copied.households.find((h) => h.persons.some((p) => p.firstName === 'Pacing'))!
    expect(pacing.persons.map((p) => p.firstName)).toEqual(['Pacing', 'Ben'])
    const layout = (await t.rpc(attacker.claims, 'get_seating_layout', {
      p_wedding_id: attacker.wedding.id,
    })) as {
      layout: { seats: { householdId: string; personId: string }[] }
    }
    expect(layout.layout.seats[0]).toMatchObject({
      householdId: pacing.householdId,
      personId: pacing.persons[0]!.id,
    })

    expect(await victim.households()).toEqual(before)
  })

  test('a file nested too deeply is refused with invalid_input, not a raw error', async () => {
    const { claims, wedding } = await t.couple()
    // Written as text, as a request body arrives: 5,000 lists one inside the other in a household's
    // address, a column kept as the file gives it.
    const depth = 5000
    const deep = `${'['.repeat(depth)}"ubod"${']'.repeat(depth)}`
    const householdId = crypto.randomUUID()
    const file = `{"format": "kasalan-wedding", "version": 1, "wedding": {"title": "Malalim"}, "sections": [],
      "households": [{"id": "${householdId}", "address": {"city": ${deep}}}],
      "persons": [{"household_id": "${householdId}", "first_name": "Una"}]}`
    await expect(
      t.asRole('authenticated', claims, 'select kasalan.import_wedding($1, $2::jsonb)', [
        wedding.id,
        file,
      ]),
    ).rejects.toMatchObject({ message: 'invalid_input', code: 'P0001' })
    expect(((await t.rpc(claims, 'get_my_wedding')) as { title: string }).title).not.toBe('Malalim')
  })
})

const openByToken = (token: string, claims: Claims = null) =>
  rpcAs(t.db, claims, 'open_invitation', { p_token: token }) as Promise<{
    slug: string
    householdId: string
    personId: string
    code: string
  }>

const openByCode = (slug: string, code: string, headers?: Record<string, string>) =>
  rpcAs(t.db, null, 'open_invitation_code', { p_slug: slug, p_code: code }, headers) as Promise<
    | { status: 'found'; slug: string; householdId: string; personId: string; code: string }
    | { status: 'not_found' }
  >

async function answer(promise: Promise<unknown>) {
  try {
    return await promise
  } catch (error) {
    return { error: (error as Error).message }
  }
}

describe('links and codes', () => {
  test('every household has a link token of at least 96 random bits and a code unique within its wedding', async () => {
    const w = await weddingWithGuests()
    const households = Array.from({ length: 60 }, (_, i) => ({
      persons: [{ firstName: `Bisita${i}`, lastName: 'Santos' }],
    }))
    await t.rpc(w.claims, 'import_households', {
      p_wedding_id: w.wedding.id,
      p_households: households,
    })
    const list = await w.households()
    expect(list).toHaveLength(62)
    for (const h of list) {
      // 22 characters of base64url: 132 bits of room, 128 of them random.
      expect(h.token).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(h.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/)
    }
    expect(new Set(list.map((h) => h.token)).size).toBe(62)
    // Spread over the whole base64url alphabet.
    expect(new Set(list.map((h) => h.token!.slice(0, 21)).join('')).size).toBe(64)

    // Unique per wedding: two households of one wedding cannot share a code ...
    const [a, b] = list
    await expect(
      t.asOwner('update kasalan.households set invitation_code = $1 where id = $2', [
        a!.code,
        b!.householdId,
      ]),
    ).rejects.toMatchObject({ code: '23505' })
    // ... but two weddings may.
    const other = await weddingWithGuests()
    await t.asOwner('update kasalan.households set invitation_code = $1 where id = $2', [
      a!.code,
      other.first.id,
    ])
    expect((await other.find(other.first.id)).code).toBe(a!.code)
  })

  test('the token opens the household from anywhere and records "opened"; an old code or a random string gets the same answer', async () => {
    const w = await weddingWithGuests()
    const household = await w.find(w.first.id)
    const opened = await openByToken(household.token!)
    expect(opened).toEqual({
      slug: w.wedding.slug,
      householdId: w.first.id,
      personId: w.first.persons[0]!.id,
      code: household.code,
    })
    expect(await w.find(w.first.id)).toMatchObject({ state: 'opened' })

    const wrong = await answer(openByToken(randomToken()))
    expect(wrong).toEqual({ error: 'household_link_not_found' })
    for (const other of [
      household.code,
      household.code.toLowerCase(),
      'AAAAAAAA',
      '',
      household.token!.toLowerCase(),
    ]) {
      expect(await answer(openByToken(other)), other).toEqual(wrong)
    }
  })

  test("a household's printed code given to /i/, as links were made before, opens nothing: no platform-wide lottery", async () => {
    const w = await weddingWithGuests()
    const household = await w.find(w.first.id)
    // Called by position, as the old call was, so this fails before 0027 (the code opened it).
    const byPosition = (value: string) =>
      t
        .asRole<{ opened: unknown }>('anon', null, 'select kasalan.open_invitation($1) as opened', [
          value,
        ])
        .then(
          (result) => result.rows[0]!.opened,
          (error: Error) => ({ error: error.message }),
        )
    const random = await byPosition(randomCode())
    expect(random).toEqual({ error: 'household_link_not_found' })
    expect(await byPosition(household.code)).toEqual(random)
    expect(await byPosition(household.code.toLowerCase())).toEqual(random)
  })

  test('opening by link is never rate limited', async () => {
    const w = await weddingWithGuests()
    const household = await w.find(w.second.id)
    const visitor = { 'x-forwarded-for': newVisitor() }
    for (let i = 0; i < 40; i += 1) {
      const opened = (await rpcAs(
        t.db,
        null,
        'open_invitation',
        { p_token: household.token },
        visitor,
      )) as { householdId: string }
      expect(opened.householdId).toBe(w.second.id)
    }
  })

  test("a code opens its household on its own wedding's site only; elsewhere it is not found", async () => {
    const w = await weddingWithGuests()
    const other = await weddingWithGuests()
    const household = await w.find(w.first.id)
    const typed = `${household.code.slice(0, 4).toLowerCase()}-${household.code.slice(4)} `
    expect(await openByCode(w.wedding.slug, typed)).toEqual({
      status: 'found',
      slug: w.wedding.slug,
      householdId: w.first.id,
      personId: w.first.persons[0]!.id,
      code: household.code,
    })
    expect(await openByCode(other.wedding.slug, household.code)).toEqual({ status: 'not_found' })

    // An unknown address, an unpublished wedding and a wrong code: one answer.
    const hidden = await weddingWithGuests(false)
    const hiddenCode = (await hidden.find(hidden.first.id)).code
    expect(await openByCode('walang-ganitong-kasal', household.code)).toEqual({
      status: 'not_found',
    })
    expect(await openByCode(hidden.wedding.slug, hiddenCode)).toEqual({ status: 'not_found' })
    expect(await openByCode(w.wedding.slug, randomCode())).toEqual({ status: 'not_found' })
    expect(await openByCode(w.wedding.slug, "'; select 1; --")).toEqual({ status: 'not_found' })
  })

  test('wrong codes from one caller are counted: rate limited after the limit, right code included, and the couple sees the probe', async () => {
    const w = await weddingWithGuests()
    const household = await w.find(w.first.id)
    const visitor = { 'x-forwarded-for': newVisitor() }
    const answers: unknown[] = []
    await steadyClock()
    for (let i = 0; i < 40; i += 1)
      answers.push(await answer(openByCode(w.wedding.slug, randomCode(), visitor)))
    expect(answers.slice(0, 10)).toEqual(Array(10).fill({ status: 'not_found' }))
    const limited = answers.filter(
      (a) => JSON.stringify(a) === JSON.stringify({ error: 'rate_limited' }),
    )
    expect(limited.length).toBeGreaterThanOrEqual(9)
    expect(answers.at(-1)).toEqual({ error: 'rate_limited' })
    expect(
      limited.length + answers.filter((a) => JSON.stringify(a) === '{"status":"not_found"}').length,
    ).toBe(40)

    // The right code now gets the same answer as a wrong one: the limit is no oracle.
    expect(await answer(openByCode(w.wedding.slug, household.code, visitor))).toEqual({
      error: 'rate_limited',
    })
    // Another visitor is not held back by the first one's limit.
    expect(await openByCode(w.wedding.slug, household.code)).toMatchObject({ status: 'found' })

    const changes = (await t.rpc(w.claims, 'list_rsvp_changes', {
      p_wedding_id: w.wedding.id,
    })) as {
      probes: { kind: string; scope: string }[]
    }
    expect(changes.probes).toContainEqual(
      expect.objectContaining({ kind: 'code', scope: 'caller' }),
    )
  })

  test("a guest with their code is never rate limited on get_rsvp and submit_rsvp, even past the wedding's cap", async () => {
    const w = await weddingWithGuests()
    const household = await w.find(w.second.id)
    const person = w.second.persons[0]!.id
    const visitor = { 'x-forwarded-for': newVisitor() }

    // The same guest, many times from one address: past the per-caller limits of 30 a minute.
    for (let i = 0; i < 40; i += 1) {
      const rsvp = (await rpcAs(
        t.db,
        null,
        'get_rsvp',
        { p_household_id: w.second.id, p_person_id: person, p_code: household.code },
        visitor,
      )) as {
        household: { access: string }
      }
      expect(rsvp.household.access).toBe('guest_code')
    }

    // Everyone together reached the wedding's cap for this hour.
    await t.asOwner(
      `insert into kasalan.rate_counters (wedding_id, kind, caller, span, window_start, calls)
       values ($1, 'rsvp', '*', 'h', date_trunc('hour', now()), 100000)
       on conflict (wedding_id, kind, caller, span, window_start) do update set calls = 100000`,
      [w.wedding.id],
    )
    // Without the code: refused.
    expect(
      await answer(
        rpcAs(t.db, null, 'get_rsvp', { p_household_id: w.second.id, p_person_id: person }),
      ),
    ).toEqual({
      error: 'rate_limited',
    })
    // With it: still in.
    const rsvp = (await rpcAs(t.db, null, 'get_rsvp', {
      p_household_id: w.second.id,
      p_person_id: person,
      p_code: household.code,
    })) as {
      household: { access: string }
    }
    expect(rsvp.household.access).toBe('guest_code')
    const submitted = (await rpcAs(t.db, null, 'submit_rsvp', {
      p_household_id: w.second.id,
      p_person_id: person,
      p_answers: [{ personId: person, isAttending: true }],
      p_message: 'Darating po!',
      p_code: household.code,
    })) as { household: { persons: { isAttending: boolean }[] } }
    expect(submitted.household.persons[0]!.isAttending).toBe(true)
    // A wrong code is no code.
    expect(
      await answer(
        rpcAs(t.db, null, 'get_rsvp', {
          p_household_id: w.second.id,
          p_person_id: person,
          p_code: randomCode(),
        }),
      ),
    ).toEqual({ error: 'rate_limited' })
  })

  test('renewing gives a new token and a new code; the old ones stop working', async () => {
    const w = await weddingWithGuests()
    const old = await w.find(w.first.id)
    const renewed = (await t.rpc(w.claims, 'renew_invitation_code', {
      p_wedding_id: w.wedding.id,
      p_household_id: w.first.id,
    })) as Household
    expect(renewed.token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(renewed.token).not.toBe(old.token)
    expect(renewed.code).not.toBe(old.code)
    expect(await answer(openByToken(old.token!))).toEqual({ error: 'household_link_not_found' })
    expect(await openByCode(w.wedding.slug, old.code)).toEqual({ status: 'not_found' })
    expect((await openByToken(renewed.token!)).householdId).toBe(w.first.id)
  })

  test('a household sent the old link is marked as needing a new card until the couple sends it again', async () => {
    const w = await weddingWithGuests()
    await t.rpc(w.claims, 'record_invitation', {
      p_wedding_id: w.wedding.id,
      p_household_ids: [w.first.id],
      p_channel: 'copy',
      p_kind: 'invitation',
    })
    // As the migration marks the households that had a link before tokens existed.
    await t.asOwner('update kasalan.households set link_replaced_at = now() where id = $1', [
      w.first.id,
    ])
    expect(await w.find(w.first.id)).toMatchObject({ linkReplacedAt: expect.any(String) })
    expect(await w.find(w.second.id)).toMatchObject({ linkReplacedAt: null })
    await t.rpc(w.claims, 'record_invitation', {
      p_wedding_id: w.wedding.id,
      p_household_ids: [w.first.id],
      p_channel: 'messenger',
      p_kind: 'reminder',
    })
    expect(await w.find(w.first.id)).toMatchObject({ linkReplacedAt: null })

    // Renewing a link already sent makes the card the household holds an old one.
    await t.rpc(w.claims, 'renew_invitation_code', {
      p_wedding_id: w.wedding.id,
      p_household_id: w.first.id,
    })
    expect(await w.find(w.first.id)).toMatchObject({ linkReplacedAt: expect.any(String) })
    // A household never sent anything needs no new card.
    await t.rpc(w.claims, 'renew_invitation_code', {
      p_wedding_id: w.wedding.id,
      p_household_id: w.second.id,
    })
    expect(await w.find(w.second.id)).toMatchObject({ linkReplacedAt: null })
  })
})

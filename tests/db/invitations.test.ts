// Invitations (0014_invitations.sql, links and codes as 0027 makes them): each household's link
// (its token) opens its RSVP and records "opened" for visitors only, and so does its code typed on
// the wedding's own site; renewing ends the old link and code; sends are recorded only by the couple, in one
// transaction; templates are checked; another couple and anon are refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDb, type TestDb } from './harness'
import { rpcAs } from './privacy-helpers'

interface Invitation {
  householdId: string
  code: string
  token: string
  email: string | null
  phone: string | null
  persons: { id: string; firstName: string }[]
  state: 'not_invited' | 'invited' | 'opened' | 'answered'
  invitedAt: string | null
  invitedVia: string | null
  lastSentAt: string | null
  lastChannel: string | null
  sends: number
  openedAt: string | null
  answered: boolean
}
interface Invitations {
  templates: Record<string, Record<string, string>>
  households: Invitation[]
}

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

const CODE = /^[2-9A-HJKMNP-Z]{8}$/

/** A published wedding with two households: the Ilagans (e-mail, no phone) and the Dizons (phone). */
async function wedding(published = true) {
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
  const ilagan = await save({
    email: 'pacing@example.ph',
    persons: [
      { firstName: 'Pacing', lastName: 'Ilagan' },
      { firstName: 'Ben', lastName: 'Ilagan' },
    ],
  })
  const dizon = await save({
    phone: '0917 555 0101',
    persons: [{ firstName: 'Niño', lastName: 'Dizon' }],
  })
  const list = async () =>
    (await t.rpc(claims, 'list_invitations', { p_wedding_id: wedding.id })) as Invitations
  const find = async (householdId: string) =>
    (await list()).households.find((h) => h.householdId === householdId)!
  return { claims, wedding, ilagan, dizon, list, find }
}

const open = (token: string, claims: Parameters<typeof rpcAs>[1] = null) =>
  rpcAs(t.db, claims, 'open_invitation', { p_token: token }) as Promise<{
    slug: string
    householdId: string
    personId: string
    code: string
  }>

const openCode = (slug: string, code: string, claims: Parameters<typeof rpcAs>[1] = null) =>
  rpcAs(t.db, claims, 'open_invitation_code', { p_slug: slug, p_code: code }) as Promise<{
    status: string
    slug?: string
    householdId?: string
    personId?: string
  }>

describe('invitation codes', () => {
  test('every household has its own code, of the printable alphabet, spread over the whole alphabet', async () => {
    const w = await wedding()
    const households = Array.from({ length: 60 }, (_, i) => ({
      persons: [{ firstName: `Bisita${i}`, lastName: 'Santos' }],
    }))
    await t.rpc(w.claims, 'import_households', {
      p_wedding_id: w.wedding.id,
      p_households: households,
    })
    const codes = (await w.list()).households.map((h) => h.code)
    expect(codes).toHaveLength(62)
    for (const code of codes) expect(code).toMatch(CODE)
    expect(new Set(codes).size).toBe(codes.length)
    // 496 random characters: every one of the 31 letters and digits turns up, so codes are not
    // drawn from a small or predictable part of the alphabet.
    expect(new Set(codes.join('')).size).toBe(31)
  })

  test('the link opens the household for a visitor, and records "opened"', async () => {
    const w = await wedding()
    const { code, token } = await w.find(w.ilagan.id)
    expect(await w.find(w.ilagan.id)).toMatchObject({ state: 'not_invited', openedAt: null })

    expect(await open(token)).toEqual({
      slug: w.wedding.slug,
      householdId: w.ilagan.id,
      personId: w.ilagan.persons[0]!.id,
      code,
    })
    const opened = await w.find(w.ilagan.id)
    expect(opened.state).toBe('opened')
    expect(opened.openedAt).not.toBeNull()
    // The other household is untouched.
    expect(await w.find(w.dizon.id)).toMatchObject({ state: 'not_invited', openedAt: null })

    // The code opens the RSVP with the household's own access.
    const rsvp = (await rpcAs(t.db, null, 'get_rsvp', {
      p_household_id: w.ilagan.id,
      p_person_id: w.ilagan.persons[0]!.id,
      p_code: code,
    })) as { household: { access: string } }
    expect(rsvp.household.access).toBe('guest_code')
  })

  test('the code typed on the wedding\'s site opens the household however it is typed, and records "opened"', async () => {
    const w = await wedding()
    const { code } = await w.find(w.dizon.id)
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `
    expect(await openCode(w.wedding.slug, typed)).toEqual({
      status: 'found',
      slug: w.wedding.slug,
      householdId: w.dizon.id,
      personId: w.dizon.persons[0]!.id,
      code,
    })
    expect(await w.find(w.dizon.id)).toMatchObject({ state: 'opened' })
    expect(await w.find(w.ilagan.id)).toMatchObject({ state: 'not_invited', openedAt: null })
  })

  test('the couple trying their own link or code does not count as opened', async () => {
    const w = await wedding()
    const { code, token } = await w.find(w.dizon.id)
    expect((await open(token, w.claims)).householdId).toBe(w.dizon.id)
    expect((await openCode(w.wedding.slug, code, w.claims)).householdId).toBe(w.dizon.id)
    expect(await w.find(w.dizon.id)).toMatchObject({ state: 'not_invited', openedAt: null })
  })

  test('a wrong link or code, or one of an unpublished wedding, reveals nothing', async () => {
    const w = await wedding(false)
    const { code, token } = await w.find(w.ilagan.id)
    for (const wrong of [token, code, 'AAAAAAAA', 'O0I1L', '', "'; select 1; --"]) {
      await expect(open(wrong), wrong).rejects.toMatchObject({
        message: 'household_link_not_found',
      })
      expect(await openCode(w.wedding.slug, wrong), wrong).toEqual({ status: 'not_found' })
    }
    // Unpublished: still not opened, even though the link was right.
    expect(await w.find(w.ilagan.id)).toMatchObject({ openedAt: null })
    // The couple may open it while previewing.
    expect((await open(token, w.claims)).householdId).toBe(w.ilagan.id)
    expect((await openCode(w.wedding.slug, code, w.claims)).householdId).toBe(w.ilagan.id)
  })

  test('renewing a code ends the old link and starts "opened" again', async () => {
    const w = await wedding()
    const { code: old, token: oldToken } = await w.find(w.ilagan.id)
    await open(oldToken)
    const renewed = (await t.rpc(w.claims, 'renew_invitation_code', {
      p_wedding_id: w.wedding.id,
      p_household_id: w.ilagan.id,
    })) as Invitation
    expect(renewed.code).toMatch(CODE)
    expect(renewed.code).not.toBe(old)
    expect(renewed).toMatchObject({
      householdId: w.ilagan.id,
      openedAt: null,
      state: 'not_invited',
    })
    await expect(open(oldToken)).rejects.toMatchObject({ message: 'household_link_not_found' })
    expect(await openCode(w.wedding.slug, old)).toEqual({ status: 'not_found' })
    // The old code no longer gives the household's access to its answers either.
    const rsvp = (await rpcAs(t.db, null, 'get_rsvp', {
      p_household_id: w.ilagan.id,
      p_person_id: w.ilagan.persons[0]!.id,
      p_code: old,
    })) as { household: { access: string } }
    expect(rsvp.household.access).toBe('guest_search')
    expect((await open(renewed.token)).householdId).toBe(w.ilagan.id)
    expect((await openCode(w.wedding.slug, renewed.code)).householdId).toBe(w.ilagan.id)
  })
})

describe('sending and state', () => {
  test('invited → opened → answered, with the channel, the time and the e-mail history', async () => {
    const w = await wedding()
    const sent = (await t.rpc(w.claims, 'record_invitation', {
      p_wedding_id: w.wedding.id,
      p_household_ids: [w.ilagan.id],
      p_channel: 'email',
      p_kind: 'invitation',
    })) as Invitation[]
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      state: 'invited',
      invitedVia: 'email',
      lastChannel: 'email',
      sends: 1,
    })
    expect(sent[0]!.invitedAt).not.toBeNull()

    const { rows } = await t.asOwner<{
      history: { sentAt: string; address: string; kind: string }[]
    }>('select email_history as history from kasalan.persons where household_id = $1', [
      w.ilagan.id,
    ])
    expect(rows).toHaveLength(2)
    for (const row of rows)
      expect(row.history).toEqual([
        expect.objectContaining({ address: 'pacing@example.ph', kind: 'invitation' }),
      ])

    await t.rpc(w.claims, 'record_invitation', {
      p_wedding_id: w.wedding.id,
      p_household_ids: [w.ilagan.id],
      p_channel: 'viber',
      p_kind: 'reminder',
    })
    expect(await w.find(w.ilagan.id)).toMatchObject({
      state: 'invited',
      invitedVia: 'email',
      lastChannel: 'viber',
      sends: 2,
    })

    await open(sent[0]!.token)
    expect((await w.find(w.ilagan.id)).state).toBe('opened')

    await rpcAs(t.db, null, 'submit_rsvp', {
      p_household_id: w.ilagan.id,
      p_person_id: w.ilagan.persons[0]!.id,
      p_answers: w.ilagan.persons.map((p) => ({ personId: p.id, isAttending: true })),
      p_message: null,
      p_code: sent[0]!.code,
    })
    expect(await w.find(w.ilagan.id)).toMatchObject({ state: 'answered', answered: true })
  })

  test('a selection is recorded all or nothing; e-mail needs an address and SMS a phone', async () => {
    const w = await wedding()
    const record = (ids: string[], channel: string, kind = 'invitation') =>
      t.rpc(w.claims, 'record_invitation', {
        p_wedding_id: w.wedding.id,
        p_household_ids: ids,
        p_channel: channel,
        p_kind: kind,
      })

    await expect(record([w.ilagan.id, w.dizon.id], 'email')).rejects.toMatchObject({
      message: 'invitation_no_email',
    })
    await expect(record([w.ilagan.id, w.dizon.id], 'sms')).rejects.toMatchObject({
      message: 'invitation_no_phone',
    })
    const other = await wedding()
    await expect(record([w.ilagan.id, other.dizon.id], 'copy')).rejects.toMatchObject({
      message: 'household_not_found',
    })
    expect((await w.list()).households.every((h) => h.sends === 0)).toBe(true)
    expect((await other.list()).households.every((h) => h.sends === 0)).toBe(true)

    for (const [ids, channel, kind] of [
      [[], 'copy', 'invitation'],
      [[w.ilagan.id], 'carrier-pigeon', 'invitation'],
      [[w.ilagan.id], 'copy', 'thanks'],
      [[w.ilagan.id], null, 'invitation'],
    ] as const) {
      await expect(record([...ids], channel as string, kind)).rejects.toMatchObject({
        message: 'invalid_input',
      })
    }

    const both = (await record([w.ilagan.id, w.dizon.id], 'messenger')) as Invitation[]
    expect(both.map((h) => [h.state, h.invitedVia])).toEqual([
      ['invited', 'messenger'],
      ['invited', 'messenger'],
    ])
  })

  test('templates are saved per kind and language, checked, and blank ones go back to the default', async () => {
    const w = await wedding()
    const save = (templates: unknown) =>
      t.rpc(w.claims, 'save_invitation_templates', {
        p_wedding_id: w.wedding.id,
        p_templates: templates,
      })
    expect(
      await save({
        invitation: { fil: '  Hi {names}! {link}  ', en: '' },
        reminder: { en: 'Reply please: {link}' },
      }),
    ).toEqual({
      invitation: { fil: 'Hi {names}! {link}' },
      reminder: { en: 'Reply please: {link}' },
    })
    expect((await w.list()).templates).toEqual({
      invitation: { fil: 'Hi {names}! {link}' },
      reminder: { en: 'Reply please: {link}' },
    })
    await expect(save({ invitation: { fil: 'x'.repeat(1001) } })).rejects.toMatchObject({
      message: 'invalid_input',
    })
    await expect(save({ invitation: 'hello' })).rejects.toMatchObject({ message: 'invalid_input' })
    await expect(save({ reminder: { en: 42 } })).rejects.toMatchObject({ message: 'invalid_input' })
    await expect(save([])).rejects.toMatchObject({ message: 'invalid_input' })
    expect(await save({})).toEqual({})
  })
})

describe('who may call', () => {
  test('another couple and anon are refused every management call; nobody writes the sends table', async () => {
    const w = await wedding()
    const other = await wedding()
    const calls: [string, Record<string, unknown>][] = [
      ['list_invitations', { p_wedding_id: w.wedding.id }],
      [
        'record_invitation',
        {
          p_wedding_id: w.wedding.id,
          p_household_ids: [w.ilagan.id],
          p_channel: 'copy',
          p_kind: 'invitation',
        },
      ],
      ['renew_invitation_code', { p_wedding_id: w.wedding.id, p_household_id: w.ilagan.id }],
      ['save_invitation_templates', { p_wedding_id: w.wedding.id, p_templates: {} }],
    ]
    for (const [name, args] of calls) {
      await expect(t.rpc(other.claims, name, args), name).rejects.toMatchObject({
        message: 'wedding_not_found',
      })
      await expect(t.rpc(null, name, args), name).rejects.toMatchObject({ code: '42501' })
    }
    // Another couple cannot renew a household of this wedding through their own wedding.
    await expect(
      t.rpc(other.claims, 'renew_invitation_code', {
        p_wedding_id: other.wedding.id,
        p_household_id: w.ilagan.id,
      }),
    ).rejects.toMatchObject({ message: 'household_not_found' })
    expect((await w.find(w.ilagan.id)).sends).toBe(0)

    for (const role of ['anon', 'authenticated'] as const) {
      const claims = role === 'anon' ? null : w.claims
      await expect(
        t.asRole(role, claims, 'select * from kasalan.invitation_sends'),
      ).rejects.toMatchObject({ code: '42501' })
      await expect(
        t.asRole(
          role,
          claims,
          'insert into kasalan.invitation_sends (wedding_id, household_id, kind, channel) values ($1, $2, $3, $4)',
          [w.wedding.id, w.ilagan.id, 'invitation', 'copy'],
        ),
      ).rejects.toMatchObject({ code: '42501' })
      // "Opened" changes only through the household's own link.
      await expect(
        t.asRole(
          role,
          claims,
          'update kasalan.households set invitation_opened_at = now() where id = $1',
          [w.ilagan.id],
        ),
      ).rejects.toMatchObject({ code: '42501' })
    }
  })
})

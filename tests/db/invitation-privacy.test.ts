// The stricter privacy setting (0018_invitation_privacy.sql): with it on, a visitor cannot search
// names and reaches an RSVP only with the household's code; the couple keeps every way in; only
// the couple may change it; off again, the name search is back.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDb, type TestDb } from './harness'
import { rpcAs } from './privacy-helpers'

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

describe('guests need their invitation link or code to RSVP', () => {
  test('on: names refused, code accepted; the couple still searches; off: as before; only the couple sets it', async () => {
    const { claims, wedding } = await t.couple()
    const other = await t.couple()
    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
    const household = (await t.rpc(claims, 'save_household', {
      p_wedding_id: wedding.id,
      p_household: { persons: [{ firstName: 'Pacing', lastName: 'Ilagan' }] },
    })) as { id: string; persons: { id: string }[] }
    const person = household.persons[0]!.id
    const { households } = (await t.rpc(claims, 'list_invitations', {
      p_wedding_id: wedding.id,
    })) as {
      households: { householdId: string; code: string }[]
    }
    const code = households.find((h) => h.householdId === household.id)!.code
    const search = (who: typeof claims | null) =>
      rpcAs(t.db, who, 'search_persons', { p_slug: wedding.slug, p_query: 'Pacing Ilagan' })
    const getRsvp = (who: typeof claims | null, withCode: string | null) =>
      rpcAs(t.db, who, 'get_rsvp', {
        p_household_id: household.id,
        p_person_id: person,
        p_code: withCode,
      }) as Promise<{
        household: { access: string }
      }>
    const submit = (withCode: string | null) =>
      rpcAs(t.db, null, 'submit_rsvp', {
        p_household_id: household.id,
        p_person_id: person,
        p_answers: [{ personId: person, isAttending: true }],
        p_message: null,
        p_code: withCode,
      })

    // Off by default: today's name search.
    expect(await t.rpc(claims, 'get_rsvp_requires_code', { p_wedding_id: wedding.id })).toBe(false)
    expect(await search(null)).toMatchObject({ status: 'found' })
    expect((await getRsvp(null, null)).household.access).toBe('guest_search')

    // Another couple and anon cannot change it, nor read it; bad input has its code.
    await expect(
      t.rpc(other.claims, 'set_rsvp_requires_code', { p_wedding_id: wedding.id, p_required: true }),
    ).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    await expect(
      t.rpc(other.claims, 'get_rsvp_requires_code', { p_wedding_id: wedding.id }),
    ).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    await expect(
      t.rpc(null, 'set_rsvp_requires_code', { p_wedding_id: wedding.id, p_required: true }),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      t.rpc(null, 'get_rsvp_requires_code', { p_wedding_id: wedding.id }),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      t.rpc(claims, 'set_rsvp_requires_code', { p_wedding_id: wedding.id, p_required: null }),
    ).rejects.toMatchObject({
      message: 'invalid_input',
    })
    expect(await search(null)).toMatchObject({ status: 'found' })

    // On: a visitor's name search and a code-less RSVP are refused; the code still works.
    expect(
      await t.rpc(claims, 'set_rsvp_requires_code', { p_wedding_id: wedding.id, p_required: true }),
    ).toBe(true)
    expect(await t.rpc(claims, 'get_rsvp_requires_code', { p_wedding_id: wedding.id })).toBe(true)
    await expect(search(null)).rejects.toMatchObject({ message: 'invitation_code_required' })
    await expect(search(other.claims)).rejects.toMatchObject({
      message: 'invitation_code_required',
    })
    await expect(getRsvp(null, null)).rejects.toMatchObject({ message: 'invitation_code_required' })
    await expect(getRsvp(null, 'WRONG234')).rejects.toMatchObject({
      message: 'invitation_code_required',
    })
    await expect(submit(null)).rejects.toMatchObject({ message: 'invitation_code_required' })
    expect((await getRsvp(null, code)).household.access).toBe('guest_code')
    await submit(code)
    expect(
      await rpcAs(t.db, null, 'open_invitation_code', { p_slug: wedding.slug, p_code: code }),
    ).toMatchObject({
      status: 'found',
      householdId: household.id,
    })

    // The couple keeps every way in.
    expect(await search(claims)).toMatchObject({ status: 'found' })
    expect((await getRsvp(claims, null)).household.access).toBe('couple')

    // Off again: the name search is back.
    expect(
      await t.rpc(claims, 'set_rsvp_requires_code', {
        p_wedding_id: wedding.id,
        p_required: false,
      }),
    ).toBe(false)
    expect(await search(null)).toMatchObject({ status: 'found' })
    expect((await getRsvp(null, null)).household.access).toBe('guest_search')
  })
})

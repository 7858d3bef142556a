// Reading a big list quickly: a call sent to the embedded database as one message (engine.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { callRpc, localAuth, type Claims, type PgLike } from '../../src/lib/backend/local/engine'
import { createTestDb, ENGINE, type TestDb } from './harness'

let t: TestDb
let owner: NonNullable<Claims>
let weddingId: string
let stranger: NonNullable<Claims>

beforeAll(async () => {
  t = await createTestDb()
  const a = await t.couple('Mayumi', 'Datu')
  owner = a.claims
  weddingId = a.wedding.id
  stranger = (await t.couple('Hiraya', 'Kidlat')).claims
})

afterAll(async () => {
  await t?.close()
})

interface Household {
  id: string
  notes: string | null
  persons: { firstName: string; lastName: string | null }[]
}

describe('one message per call', () => {
  // On the PGlite lane the harness's database offers execProtocol, so every call here takes that path.
  test.runIf(ENGINE === 'pglite')('the PGlite lane sends each call as one message', () => {
    expect(typeof (t.db as unknown as PgLike).execProtocol).toBe('function')
  })

  test('text with quotes, backslashes and dollar signs arrives as typed', async () => {
    const tricky = `O'Brien \\'); drop table kasalan.guests; -- $1 $$ $'`
    const saved = (await t.rpc(owner, 'save_household', {
      p_wedding_id: weddingId,
      p_household: {
        email: null,
        phone: null,
        address: {},
        relationshipSide: 'bride',
        relationshipType: 'family',
        notes: tricky,
        persons: [{ firstName: 'Dolores', lastName: tricky.slice(0, 30), type: 'adult', title: null, suffix: null, notes: null }],
      },
    })) as Household
    expect(saved.notes).toBe(tricky)
    const list = (await t.rpc(owner, 'list_guests', { p_wedding_id: weddingId })) as Household[]
    const read = list.find((household) => household.id === saved.id)
    expect(read?.notes).toBe(tricky)
    expect(read?.persons[0]?.lastName).toBe(tricky.slice(0, 30))
  })

  test('results keep their types: booleans and JSON', async () => {
    expect(typeof (await t.rpc(owner, 'has_joined_a_wedding'))).toBe('boolean')
    const slug = await t.rpc(owner, 'check_wedding_slug', { p_slug: "isa'bel" })
    expect(slug).toEqual({ status: expect.any(String) })
  })

  test('a refusal keeps its stable code and leaves the database usable', async () => {
    await expect(t.rpc(stranger, 'list_guests', { p_wedding_id: weddingId })).rejects.toThrow('wedding_not_found')
    await expect(t.rpc(null, 'list_guests', { p_wedding_id: weddingId })).rejects.toThrow()
    expect(await t.rpc(owner, 'list_guests', { p_wedding_id: weddingId })).toHaveLength(1)
  })

  test('a read-only function still runs read only, and the role ends with the call', async () => {
    const db = t.db as unknown as PgLike
    await callRpc(db, owner, 'list_guests', { p_wedding_id: weddingId })
    const { rows } = await db.query<{ role: string; claims: string | null }>(
      "select current_user as role, current_setting('request.jwt.claims', true) as claims",
    )
    expect(rows[0]?.claims ?? '').toBe('')
    expect(rows[0]?.role).not.toBe('authenticated')
  })

  test('a zero byte in local sign-in is refused, not cut short', async () => {
    await expect(localAuth(t.db as unknown as PgLike, 'signIn', 'demo@kasalan.ph\u0000', 'x')).rejects.toThrow()
  })
})

// The daily e-mail cap (0017_invitation_email.sql): a wedding's couple claims sends for today until
// the cap; a claim past it is refused whole with email_daily_limit; another couple and anon claim
// nothing; bad counts are invalid_input.
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

interface Claim {
  sent: number
  cap: number
  remaining: number
}

describe('claim_email_sends', () => {
  test('the couple claims up to the daily cap, and a claim past it is refused whole', async () => {
    const { claims, wedding } = await t.couple()
    const claim = (count: number) =>
      t.rpc(claims, 'claim_email_sends', {
        p_wedding_id: wedding.id,
        p_count: count,
      }) as Promise<Claim>

    expect(await claim(1)).toEqual({ sent: 1, cap: 300, remaining: 299 })
    expect(await claim(250)).toEqual({ sent: 251, cap: 300, remaining: 49 })
    await expect(claim(50)).rejects.toMatchObject({ message: 'email_daily_limit' })
    // The refused claim took nothing: the last 49 are still there, then nothing is.
    expect(await claim(49)).toEqual({ sent: 300, cap: 300, remaining: 0 })
    await expect(claim(1)).rejects.toMatchObject({ message: 'email_daily_limit' })

    const rows = await t.asOwner<{ day: string; today: string }>(
      "select day::text, ((now() at time zone 'Asia/Manila')::date)::text as today from kasalan.email_send_days where wedding_id = $1",
      [wedding.id],
    )
    expect(rows.rows).toHaveLength(1)
    expect(rows.rows[0]!.day).toBe(rows.rows[0]!.today)

    // Yesterday's count does not hold today's sends back.
    await t.asOwner('update kasalan.email_send_days set day = day - 1 where wedding_id = $1', [
      wedding.id,
    ])
    expect(await claim(300)).toEqual({ sent: 300, cap: 300, remaining: 0 })
  })

  test('bad counts are invalid_input; another couple and anon are refused and claim nothing', async () => {
    const a = await t.couple()
    const b = await t.couple()
    const claimAs = (
      claims: Parameters<typeof t.rpc>[0],
      count: unknown,
      weddingId: unknown = a.wedding.id,
    ) => t.rpc(claims, 'claim_email_sends', { p_wedding_id: weddingId, p_count: count })

    for (const count of [0, -1, 301, null]) {
      await expect(claimAs(a.claims, count), String(count)).rejects.toMatchObject({
        message: 'invalid_input',
      })
    }
    await expect(claimAs(a.claims, 1, null)).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(claimAs(b.claims, 1)).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(
      rpcAs(t.db, null, 'claim_email_sends', { p_wedding_id: a.wedding.id, p_count: 1 }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/permission denied/),
    })
    await expect(
      t.asRole('authenticated', b.claims, 'select * from kasalan.email_send_days'),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/permission denied/),
    })
    const rows = await t.asOwner('select 1 from kasalan.email_send_days where wedding_id = $1', [
      a.wedding.id,
    ])
    expect(rows.rows).toHaveLength(0)
  })
})

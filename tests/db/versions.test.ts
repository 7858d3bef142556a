// The PostgreSQL majors Kasalan supports (supabase/postgres-versions.json) and what each lane runs.

import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb, ENGINE, type TestDb } from './harness'
import { supportedMajors } from './postgres/versions'

let t: TestDb
let major: number

beforeAll(async () => {
  t = await createTestDb()
  const { rows } = await t.asOwner<{ v: string }>(
    "select current_setting('server_version_num') as v",
  )
  major = Math.floor(Number(rows[0]!.v) / 10_000)
})

afterAll(async () => {
  await t?.close()
})

test.runIf(ENGINE === 'postgres')('the real-PostgreSQL lane runs a supported major', () => {
  expect(supportedMajors()).toContain(major)
})

test.runIf(ENGINE === 'pglite')(
  'PGlite is newer than every supported major, so the PostgreSQL lane guards portability',
  () => {
    expect(major).toBe(18)
    expect(Math.max(...supportedMajors())).toBeLessThan(major)
  },
)

test.runIf(ENGINE === 'postgres')(
  'migrations were applied by a non-superuser owner, and calls arrive as authenticator',
  async () => {
    const { rows } = await t.asOwner<{ owner: string; superuser: boolean }>(
      `select n.nspowner::regrole::text as owner, r.rolsuper as superuser
     from pg_namespace n join pg_roles r on r.oid = n.nspowner where n.nspname = 'kasalan'`,
    )
    expect(rows[0]).toEqual({ owner: 'postgres', superuser: false })
    const who = await t.asRole<{ session_user: string; current_user: string }>(
      'authenticated',
      null,
      'select session_user::text as session_user, current_user::text as current_user',
    )
    expect(who.rows[0]).toEqual({ session_user: 'authenticator', current_user: 'authenticated' })
  },
)

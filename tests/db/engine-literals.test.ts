// The embedded engine sends a call as one simple-protocol message, its arguments written as SQL
// literals. A backup restored into the browser can carry `standard_conforming_strings = off`, under
// which a plain '…' literal reads a backslash as an escape: a value ending in \' would close
// nothing, and the rest of a password typed at sign-in (run as the database's owner) would run as
// SQL. Each payload here would create a table if it ran; the table must never exist.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bootstrap, callRpc, localAuth, type Claims } from '../../src/lib/backend/local/engine'
import { ENGINE, readSqlFiles } from './harness'

let db: PGlite

beforeAll(async () => {
  db = await PGlite.create({ extensions: { pgcrypto, unaccent, pg_trgm } })
  await bootstrap(db, readSqlFiles())
})

afterAll(async () => {
  await db?.close()
})

const SETTINGS = ['off', 'on'] as const

/** Each payload's SQL would create public.<table> when it broke out of its literal. */
function payloads(table: string) {
  return [
    // Closes a plain literal under `off`, skips the call, and runs as whoever the message runs as.
    `\\') where false; create table public.${table} (); --`,
    `\\'); create table public.${table} (); --`,
    `x\\\\\\') where false; reset role; create table public.${table} (); --`,
    `'; create table public.${table} (); --`,
    `\\\\'; create table public.${table} (); --`,
  ]
}

async function tableExists(table: string) {
  const { rows } = await db.query<{ found: boolean }>(
    'select to_regclass($1) is not null as found',
    [`public.${table}`],
  )
  return rows[0]!.found
}

/** As a restored backup would leave the session: the engine does not get to set it first here. */
async function sessionSays(setting: (typeof SETTINGS)[number]) {
  await db.exec(`set standard_conforming_strings = ${setting}`)
  expect(
    (await db.query<{ v: string }>("select current_setting('standard_conforming_strings') as v"))
      .rows[0]!.v,
  ).toBe(setting)
}

describe.skipIf(ENGINE !== 'pglite')('literals in one-message calls', () => {
  afterAll(async () => {
    await db.exec('set standard_conforming_strings = on')
  })

  test.each(SETTINGS)(
    'a password never runs as SQL at sign-in (standard_conforming_strings %s)',
    async (setting) => {
      await sessionSays(setting)
      for (const [index, password] of payloads(`pwned_sign_in_${setting}`).entries()) {
        const outcome = await localAuth(db, 'signIn', 'demo@kasalan.ph', password).then(
          () => 'no error',
          (error: Error) => error.message,
        )
        expect(await tableExists(`pwned_sign_in_${setting}`), `payload ${index}`).toBe(false)
        expect(outcome, `payload ${index}`).toBe('invalid_credentials')
      }
    },
  )

  test.each(SETTINGS)(
    'a password with quotes and backslashes is kept as typed (standard_conforming_strings %s)',
    async (setting) => {
      await sessionSays(setting)
      const email = `backslash-${setting}@example.com`
      const password = payloads(`pwned_sign_up_${setting}`)[0]!
      const user = await localAuth(db, 'signUp', email, password, { name: "O'Brien \\ dela Cruz" })
      expect(user.userMetadata).toMatchObject({ name: "O'Brien \\ dela Cruz" })
      expect((await localAuth(db, 'signIn', email, password)).id).toBe(user.id)
      // The same password without its backslash is another password.
      await expect(
        localAuth(db, 'signIn', email, password.replace('\\', '')),
      ).rejects.toMatchObject({
        message: 'invalid_credentials',
      })
      await localAuth(db, 'updatePassword', user.id, `${password}\\`)
      expect((await localAuth(db, 'signIn', email, `${password}\\`)).id).toBe(user.id)
      expect(await tableExists(`pwned_sign_up_${setting}`)).toBe(false)
    },
  )

  test.each(SETTINGS)(
    "a call's arguments never run as SQL (standard_conforming_strings %s)",
    async (setting) => {
      await sessionSays('on')
      const user = await localAuth(db, 'signUp', `caller-${setting}@example.com`, 'correct horse')
      const claims: Claims = { sub: user.id, email: user.email, role: 'authenticated' }
      await sessionSays(setting)
      // create_my_wedding writes (a read-only call could not create a table anyway); p_date is its
      // last argument, so a breakout there would skip the call with `where false`.
      for (const [index, payload] of payloads(`pwned_call_${setting}`).entries()) {
        const refused = await callRpc(db, claims, 'create_my_wedding', {
          p_bride: { firstName: 'Maria', lastName: 'Reyes' },
          p_groom: { firstName: 'Juan', lastName: 'Cruz' },
          p_date: payload,
        }).then(
          () => null,
          (error: { code?: string }) => error,
        )
        // Read as a date, and refused as one.
        expect(refused, `payload ${index}`).toMatchObject({ code: '22007' })
        expect(await tableExists(`pwned_call_${setting}`), `payload ${index}`).toBe(false)
      }
      // Text arguments arrive as typed, backslashes and quotes included.
      const wedding = (await callRpc(db, claims, 'create_my_wedding', {
        p_bride: { firstName: "Ma. Luisa \\' O''Hara", lastName: 'de los Santos\\' },
        p_groom: { firstName: 'Juan', lastName: "\\'; select 1; --" },
        p_date: '2027-02-14',
      })) as { bride: { firstName: string; lastName: string }; groom: { lastName: string } }
      expect(wedding.bride).toMatchObject({
        firstName: "Ma. Luisa \\' O''Hara",
        lastName: 'de los Santos\\',
      })
      expect(wedding.groom.lastName).toBe("\\'; select 1; --")
    },
  )
})

// A real database for the tests, on one of two engines chosen by KASALAN_DB:
//   - `pglite` (the default): an in-memory PGlite with the same auth shim, migrations and seed the
//     app's local adapter applies, through the same engine;
//   - `postgres`: Debian's PostgreSQL bootstrapped like hosted Supabase (tests/db/postgres), where
//     the migrations were applied by the non-superuser `postgres` and calls go through
//     `authenticator` with `set local role`, as PostgREST makes them.
// One database per test file (on PGlite a copy of one bootstrapped per run); tests create their own users so they do not depend on each other.

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite, type Results } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import {
  bootstrap,
  callRpc,
  localAuth,
  type Claims,
  type PgLike,
} from '../../src/lib/backend/local/engine'
import { PGLITE_TYPES, pgLike } from './postgres/connection'
import { readSqlFiles } from './sql-files'

export { readSqlFiles }

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The seed's fixed demo account and wedding. */
export const DEMO = {
  userId: '5eed0000-0000-4000-8000-000000000001',
  weddingId: '5eed0000-0000-4000-8000-000000000002',
  email: 'demo@kasalan.ph',
  password: 'kasalan-demo',
  slug: 'isabel-and-miguel',
} as const

export const DEMO_CLAIMS: Claims = { sub: DEMO.userId, email: DEMO.email, role: 'authenticated' }

export function readDemoContent(): {
  wedding: Record<string, unknown>
  sections: { type: string; data: Record<string, unknown> }[]
  households: {
    email: string | null
    phone: string | null
    persons: { firstName: string; lastName: string }[]
  }[]
} {
  return JSON.parse(readFileSync(`${ROOT}supabase/seed-data/demo-wedding.json`, 'utf8'))
}

export type Role = 'anon' | 'authenticated'

export type Engine = 'pglite' | 'postgres'

/** The lane this run tests: KASALAN_DB=postgres for real PostgreSQL, else PGlite. */
export const ENGINE: Engine = process.env.KASALAN_DB === 'postgres' ? 'postgres' : 'pglite'

/**
 * One connection of its own on the real-PostgreSQL lane, for tests of two devices at once: open a
 * transaction as a caller, call functions in it, and commit or roll back when the test says.
 */
export interface Session {
  /** The backend's process id, to see what it waits for. */
  pid: number
  begin(claims: Claims): Promise<void>
  /** Calls kasalan.<name> inside the open transaction (as callRpc would, without committing). */
  rpc(name: string, args?: Record<string, unknown>): Promise<unknown>
  commit(): Promise<void>
  rollback(): Promise<void>
  close(): Promise<void>
}

export interface TestDb {
  engine: Engine
  /**
   * The database as its owner. PGlite itself on the PGlite lane; on the real-PostgreSQL lane a
   * connection pool as `postgres` offering PGlite's query/exec/transaction (and only those).
   */
  db: PGlite
  /** The versions the first bootstrap applied. */
  applied: string[]
  /** Signs up a new user through auth.local_sign_up and returns their claims. */
  signUp(label?: string): Promise<NonNullable<Claims>>
  /** Signs up a new user and creates their wedding; returns the claims and the wedding. */
  couple(
    bride?: string,
    groom?: string,
  ): Promise<{
    claims: NonNullable<Claims>
    wedding: { id: string; slug: string; sections: { id: string }[] }
  }>
  rpc(claims: Claims, name: string, args?: Record<string, unknown>): Promise<unknown>
  /** Runs raw SQL in one transaction as `role` with `claims` set, as PostgREST would. */
  asRole<T = Record<string, unknown>>(
    role: Role,
    claims: Claims,
    sql: string,
    params?: unknown[],
  ): Promise<Results<T>>
  /** Runs raw SQL as the database owner. */
  asOwner<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Results<T>>
  /** A separate connection as `authenticator` (real-PostgreSQL lane only). */
  session(): Promise<Session>
  /**
   * Resolves once `pid` waits for a lock another session holds, or once `done()` says there is no
   * need to wait any more (real-PostgreSQL lane only).
   */
  waitUntilBlocked(pid: number, done?: () => boolean): Promise<void>
  close(): Promise<void>
}

let userCount = 0

export async function createTestDb(): Promise<TestDb> {
  return ENGINE === 'postgres' ? createPostgresTestDb() : createPgliteTestDb()
}

/**
 * A PGlite database with the shim, every migration and the seed: a copy of the one the PGlite
 * lane's global setup bootstrapped (tests/db/pglite-global-setup.ts), else made from scratch; then
 * bootstrap applies nothing more and pins the session's settings, as it does in the app.
 */
export async function bootstrappedPglite(
  options: { startParams?: string[] } = {},
): Promise<{ db: PGlite; applied: string[] }> {
  const prepared = inject('kasalanPglite')
  const loadDataDir = prepared ? new Blob([readFileSync(prepared.dataDir)]) : undefined
  const db = await PGlite.create({
    extensions: { pgcrypto, unaccent, pg_trgm },
    loadDataDir,
    ...options,
  })
  const appliedNow = await bootstrap(db, readSqlFiles())
  return { db, applied: prepared ? [...prepared.applied, ...appliedNow] : appliedNow }
}

async function createPgliteTestDb(): Promise<TestDb> {
  const { db, applied } = await bootstrappedPglite()
  const realOnly = () =>
    Promise.reject(new Error('needs the real-PostgreSQL lane (KASALAN_DB=postgres)'))

  return {
    engine: 'pglite',
    db,
    applied,
    ...calls(db, db),
    asRole<T>(role: Role, claims: Claims, sql: string, params: unknown[] = []) {
      return asRoleOn<T>(db, role, claims, sql, params) as Promise<Results<T>>
    },
    asOwner<T>(sql: string, params: unknown[] = []) {
      return db.query<T>(sql, params)
    },
    session: realOnly,
    waitUntilBlocked: realOnly,
    close: () => db.close(),
  }
}

let databaseCount = 0

async function createPostgresTestDb(): Promise<TestDb> {
  const { host, port, applied } = inject('kasalanPostgres')
  const database = `kasalan_test_${process.pid}_${++databaseCount}`
  const admin = new pg.Pool({
    host,
    port,
    user: 'supabase_admin',
    database: 'postgres',
    max: 2,
    types: PGLITE_TYPES,
  })
  await admin.query(`create database ${database} template kasalan_template`)
  await admin.query(`grant create, temporary on database ${database} to postgres`)

  const connect = (user: string, max: number) => {
    const pool = new pg.Pool({ host, port, user, database, max, types: PGLITE_TYPES })
    // Dropping the database at close ends connections that are still closing: nothing to report.
    pool.on('error', () => undefined)
    return pool
  }
  const ownerPool = connect('postgres', 2)
  const apiPool = connect('authenticator', 4)
  const owner = pgLike(ownerPool)
  const api = pgLike(apiPool)
  const sessions = new Set<pg.Client>()

  return {
    engine: 'postgres',
    db: owner as unknown as PGlite,
    applied: [...applied],
    ...calls(owner, api),
    asRole<T>(role: Role, claims: Claims, sql: string, params: unknown[] = []) {
      return asRoleOn<T>(api, role, claims, sql, params) as Promise<Results<T>>
    },
    asOwner<T>(sql: string, params: unknown[] = []) {
      return owner.query<T>(sql, params) as unknown as Promise<Results<T>>
    },
    async session() {
      const client = new pg.Client({
        host,
        port,
        user: 'authenticator',
        database,
        types: PGLITE_TYPES,
      })
      client.on('error', () => undefined)
      await client.connect()
      sessions.add(client)
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
      const inTx = { query: client.query.bind(client), exec: (sql: string) => client.query(sql) }
      let claims: Claims = null
      return {
        pid: rows[0]!.pid,
        async begin(as: Claims) {
          claims = as
          await client.query('begin')
        },
        rpc: (name, args) =>
          callRpc(
            { ...inTx, transaction: (fn) => fn(inTx as never) } as PgLike,
            claims,
            name,
            args,
          ),
        commit: async () => void (await client.query('commit')),
        rollback: async () => void (await client.query('rollback')),
        async close() {
          sessions.delete(client)
          await client.end()
        },
      }
    },
    async waitUntilBlocked(pid: number, done = () => false) {
      for (let tries = 0; tries < 200 && !done(); tries += 1) {
        const { rows } = await admin.query<{ n: number }>(
          'select cardinality(pg_blocking_pids($1))::int as n',
          [pid],
        )
        if (rows[0]!.n > 0) return
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      if (done()) return
      throw new Error(`session ${pid} never waited for a lock`)
    },
    async close() {
      await Promise.all([...sessions].map((client) => client.end()))
      await Promise.all([ownerPool.end(), apiPool.end()])
      await admin.query(`drop database if exists ${database} with (force)`)
      await admin.end()
    },
  }
}

/** Sign-up, couples and calls, the same on both lanes: auth as the owner, calls as the API. */
function calls(owner: PgLike, api: PgLike): Pick<TestDb, 'signUp' | 'couple' | 'rpc'> {
  const signUp = async (label = 'couple') => {
    userCount += 1
    const user = await localAuth(
      owner,
      'signUp',
      `${label}-${userCount}-${Date.now()}@example.com`,
      'correct horse',
    )
    return { sub: user.id, email: user.email, role: 'authenticated' as const }
  }
  const rpc = (claims: Claims, name: string, args?: Record<string, unknown>) =>
    callRpc(api, claims, name, args)
  return {
    signUp,
    rpc,
    async couple(bride = 'Maria', groom = 'Juan') {
      const claims = await signUp()
      const wedding = (await rpc(claims, 'create_my_wedding', {
        p_bride: { firstName: bride, lastName: 'Reyes' },
        p_groom: { firstName: groom, lastName: 'Cruz' },
        p_date: '2027-02-14',
      })) as { id: string; slug: string; sections: { id: string }[] }
      return { claims, wedding }
    },
  }
}

/** Runs raw SQL in one transaction as `role` with `claims` set, as PostgREST would. */
function asRoleOn<T>(db: PgLike, role: Role, claims: Claims, sql: string, params: unknown[]) {
  const jwtClaims = claims ? { sub: claims.sub, role } : { role }
  return db.transaction(async (tx) => {
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(jwtClaims)])
    await tx.exec(`set local role ${role}`)
    return tx.query<T>(sql, params)
  })
}

// A person's seated answer: their answer to the wedding's main (seated) event, the one the guest
// list, seating, the door and the budget read. These helpers and `SEATED_REPLIES` are the one place
// the tests touch where that answer is stored (the main event's rows of event_replies, read as
// kasalan_private.persons_with_answer shows them): a test that sets or reads it below the functions goes
// through them, so a change of storage changes only this section.

/** A person's seated answer as stored: `isAttending` null is no answer yet. */
export interface SeatedReply {
  personId: string
  isAttending: boolean | null
  response: unknown[]
  /** As the functions give it in JSON, to the microsecond. */
  respondedAt: string | null
  recordedBy: 'guest' | 'couple' | null
}

/**
 * For SQL that filters, joins or counts the stored answers itself: a subquery with one row per
 * person, `person_id, wedding_id, household_id, is_attending, response, responded_at,
 * recorded_by`. Use as `from ${SEATED_REPLIES} r`.
 */
export const SEATED_REPLIES = `(select p.id as person_id, p.wedding_id, p.household_id,
    p.is_attending, p.response, p.responded_at, p.rsvp_recorded_by as recorded_by
  from kasalan_private.persons_with_answer p)`

type Owner = Pick<TestDb, 'asOwner'>

/**
 * Stores one seated answer for each of `personIds`, below the functions (no rules, no history), as
 * a fixture. The answer is written whole: `response` defaults to [], `respondedAt` to the
 * database's now(), `recordedBy` to null. `isAttending: null` clears the answer (pending).
 * Fails unless every person exists.
 */
export async function setSeatedReplies(
  t: Owner,
  personIds: readonly string[],
  answer: {
    isAttending: boolean | null
    response?: unknown[]
    respondedAt?: string | null
    recordedBy?: 'guest' | 'couple' | null
  },
): Promise<void> {
  const { rows } = await t.asOwner<{ found: number }>(
    `select count(*)::integer as found from kasalan.persons p where p.id = any($1::uuid[])`,
    [personIds],
  )
  const found = rows[0]!.found
  if (answer.isAttending === null) {
    await t.asOwner(
      `delete from kasalan.event_replies r
        using kasalan.persons p
        where p.id = any($1::uuid[]) and r.person_id = p.id
          and r.event_id = kasalan_private.main_event_id(p.wedding_id)`,
      [personIds],
    )
  } else {
    await t.asOwner(
      `insert into kasalan.event_replies
         (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by)
       select p.wedding_id, kasalan_private.main_event_id(p.wedding_id), p.id, p.household_id,
              $2, $3::jsonb, case when $6 then now() else $4::timestamptz end, $5
         from kasalan.persons p
        where p.id = any($1::uuid[])
       on conflict (wedding_id, event_id, person_id) do update
         set is_attending = excluded.is_attending, response = excluded.response,
             responded_at = excluded.responded_at, recorded_by = excluded.recorded_by,
             recorded_by_user = null`,
      [
        personIds,
        answer.isAttending,
        JSON.stringify(answer.response ?? []),
        answer.respondedAt ?? null,
        answer.recordedBy ?? null,
        answer.respondedAt === undefined,
      ],
    )
  }
  if (found !== new Set(personIds).size)
    throw new Error(`setSeatedReplies: ${found} of ${personIds.length} persons found`)
}

/**
 * The stored seated answers of a wedding's persons, a household's, or the persons named (pending
 * ones included), ordered by household and position in it.
 */
export async function seatedReplies(
  t: Owner,
  whose: { weddingId: string } | { householdId: string } | { personIds: readonly string[] },
): Promise<SeatedReply[]> {
  const [where, value] =
    'weddingId' in whose
      ? ['r.wedding_id = $1::uuid', whose.weddingId]
      : 'householdId' in whose
        ? ['r.household_id = $1::uuid', whose.householdId]
        : ['r.person_id = any($1::uuid[])', whose.personIds]
  const { rows } = await t.asOwner<SeatedReply>(
    `select r.person_id as "personId", r.is_attending as "isAttending", r.response,
            to_jsonb(r.responded_at) #>> '{}' as "respondedAt", r.recorded_by as "recordedBy"
       from ${SEATED_REPLIES} r join kasalan.persons p on p.id = r.person_id
      where ${where}
      order by p.household_id, p.position, p.id`,
    [value],
  )
  return rows
}

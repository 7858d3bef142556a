// A real database for the tests: an in-memory PGlite with the same auth shim, migrations and seed
// the app's local adapter applies, through the same engine. One database per test file (starting
// PGlite takes a few seconds); tests create their own users so they do not depend on each other.

import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite, type Results } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { bootstrap, callRpc, localAuth, type Claims, type SqlFile } from '../../src/lib/backend/local/engine'

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

export function readSqlFiles(): { shim: string; migrations: SqlFile[]; seed: string } {
  const dir = `${ROOT}supabase/migrations/`
  const migrations = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ''), sql: readFileSync(dir + name, 'utf8') }))
  return {
    shim: readFileSync(`${ROOT}supabase/local/auth-shim.sql`, 'utf8'),
    migrations,
    seed: readFileSync(`${ROOT}supabase/seed.sql`, 'utf8'),
  }
}

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

export interface TestDb {
  db: PGlite
  /** The versions the first bootstrap applied. */
  applied: string[]
  /** Signs up a new user through auth.local_sign_up and returns their claims. */
  signUp(label?: string): Promise<NonNullable<Claims>>
  /** Signs up a new user and creates their wedding; returns the claims and the wedding. */
  couple(
    bride?: string,
    groom?: string,
  ): Promise<{ claims: NonNullable<Claims>; wedding: { id: string; slug: string; sections: { id: string }[] } }>
  rpc(claims: Claims, name: string, args?: Record<string, unknown>): Promise<unknown>
  /** Runs raw SQL in one transaction as `role` with `claims` set, as PostgREST would. */
  asRole<T = Record<string, unknown>>(role: Role, claims: Claims, sql: string, params?: unknown[]): Promise<Results<T>>
  /** Runs raw SQL as the database owner. */
  asOwner<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Results<T>>
  close(): Promise<void>
}

let userCount = 0

export async function createTestDb(): Promise<TestDb> {
  const db = await PGlite.create({ extensions: { pgcrypto, unaccent, pg_trgm } })
  const applied = await bootstrap(db, readSqlFiles())

  const signUp = async (label = 'couple') => {
    userCount += 1
    const user = await localAuth(db, 'signUp', `${label}-${userCount}-${Date.now()}@example.com`, 'correct horse')
    return { sub: user.id, email: user.email, role: 'authenticated' as const }
  }
  const rpc = (claims: Claims, name: string, args?: Record<string, unknown>) => callRpc(db, claims, name, args)

  return {
    db,
    applied,
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
    asRole<T>(role: Role, claims: Claims, sql: string, params: unknown[] = []) {
      const jwtClaims = claims ? { sub: claims.sub, role } : { role }
      return db.transaction(async (tx) => {
        await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(jwtClaims)])
        await tx.exec(`set local role ${role}`)
        return tx.query<T>(sql, params)
      })
    },
    asOwner<T>(sql: string, params: unknown[] = []) {
      return db.query<T>(sql, params)
    },
    close: () => db.close(),
  }
}

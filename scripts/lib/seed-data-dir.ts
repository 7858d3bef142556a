// The embedded database's first state, made in Node from the same SQL the browser would apply.
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { bootstrap } from '../../src/lib/backend/local/engine.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The auth shim, every migration and the seed, as the embedded database applies them. */
export function readSqlSources() {
  const dir = `${root}supabase/migrations/`
  return {
    shim: readFileSync(`${root}supabase/local/auth-shim.sql`, 'utf8'),
    migrations: readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => ({ version: name.replace(/\.sql$/, ''), sql: readFileSync(dir + name, 'utf8') })),
    seed: readFileSync(`${root}supabase/seed.sql`, 'utf8'),
  }
}

/** A PGlite data directory with the shim, the migrations and the seed applied, as a .tar.gz. */
export async function buildSeedDataDir(): Promise<Uint8Array<ArrayBuffer>> {
  const db = await PGlite.create({ extensions: { pgcrypto, unaccent, pg_trgm } })
  await bootstrap(db, readSqlSources())
  const dump = await db.dumpDataDir('gzip')
  await db.close()
  return new Uint8Array(await dump.arrayBuffer())
}

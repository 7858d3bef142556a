// The embedded database's first state, made in Node from the same SQL the browser would apply.
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import {
  bootstrap,
  callRpc,
  INITDB_PARAMS,
  START_SETTINGS,
} from '../../src/lib/backend/local/engine.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The auth shim, every migration and the seed, as the embedded database applies them. */
export function readSqlSources() {
  const dir = `${root}supabase/migrations/`
  return {
    shim: readFileSync(`${root}supabase/local/auth-shim.sql`, 'utf8'),
    migrations: readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => ({
        version: name.replace(/\.sql$/, ''),
        sql: readFileSync(dir + name, 'utf8'),
      })),
    seed: readFileSync(`${root}supabase/seed.sql`, 'utf8'),
  }
}

/**
 * A PGlite data directory with the shim, the migrations and the seed applied, as a .tar.gz; and
 * what `get_site` answers a visitor there for each seeded wedding (published or not: the call
 * decides), keyed by slug, for a first visit to show while the database starts.
 */
export async function buildSeed(): Promise<{
  dataDir: Uint8Array<ArrayBuffer>
  sites: Record<string, unknown>
}> {
  const db = await PGlite.create({
    extensions: { pgcrypto, unaccent, pg_trgm },
    initDbStartParams: INITDB_PARAMS,
    // As the app starts it: no used segments kept for reuse, shipped as zeros to every first visit.
    startParams: [...PGlite.defaultStartParams, ...START_SETTINGS],
  })
  try {
    await bootstrap(db, readSqlSources())
    // The template databases are two thirds of the directory's files besides the WAL, and the
    // embedded database never creates one.
    for (const template of ['template0', 'template1']) {
      await db.exec(`alter database ${template} is_template false`)
      await db.exec(`drop database ${template}`)
    }
    await db.exec('checkpoint')
    const dump = await db.dumpDataDir('gzip')
    // Asked after the dump: the directory a browser loads is the one nothing has been asked of yet.
    const { rows } = await db.query<{ slug: string }>(
      'select slug from kasalan.weddings order by slug',
    )
    const sites: Record<string, unknown> = {}
    for (const { slug } of rows) {
      const answer = await callRpc(db, null, 'get_site', { p_slug: slug })
      if (answer !== null) sites[slug] = answer
    }
    return { dataDir: new Uint8Array(await dump.arrayBuffer()), sites }
  } finally {
    await db.close()
  }
}

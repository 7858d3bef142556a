/// <reference lib="webworker" />
import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { dataDirExists, deleteDataDir } from './data-dir'
import { bootstrap, INITDB_PARAMS, resumeWithoutStoring, START_SETTINGS } from './engine'
import { serveDatabase } from './leader'

// Each file is its own chunk, fetched only when a database lacks it (a reload needs none): the
// migrations' 0.9 MB of text stays out of the worker's own script, which every start loads.
const migrationSources = import.meta.glob<string>('../../../../supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
})

const migrations = Object.entries(migrationSources)
  .map(([path, sql]) => ({
    version: path
      .split('/')
      .pop()!
      .replace(/\.sql$/, ''),
    sql,
  }))
  .sort((a, b) => a.version.localeCompare(b.version))
const shim = () => import('../../../../supabase/local/auth-shim.sql?raw').then((m) => m.default)
const seed = () => import('../../../../supabase/seed.sql?raw').then((m) => m.default)

/**
 * The database as the build left it after the shim, the migrations and the seed (see
 * scripts/seed-data-dir.ts), for a browser that has none yet: loading it skips initdb and every
 * migration on a first visit. Anything that fails here only means the slower way.
 */
async function prebuiltDataDir(url: string | null | undefined): Promise<Blob | undefined> {
  if (!url) return undefined
  try {
    const response = await fetch(url)
    if (!response.ok) return undefined
    const bytes = new Uint8Array(await response.arrayBuffer())
    // A host may have sent it with `Content-Encoding: gzip`, so the browser already unpacked it.
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b
    return new Blob([bytes], { type: gzipped ? 'application/x-gzip' : 'application/x-tar' })
  } catch {
    return undefined
  }
}

/**
 * PGlite storing nothing in IndexedDB while `quiet`. Opening the data directory IndexedDB already
 * holds changes nothing worth storing (a recovery redone at the next start is the same), yet PGlite
 * stores the whole directory back after its own first query (the array types): every file looked
 * at and every stored one listed, on each reload.
 */
class QuietlyOpenedPGlite extends PGlite {
  quiet = false

  override async syncToFs(): Promise<void> {
    if (!this.quiet) await super.syncToFs()
  }
}

// One worker per tab; the one that leads opens the database and answers every tab (leader.ts).
serveDatabase(async (options) => {
  const dataDir = options.dataDir ?? 'idb://kasalan'
  const open = async (loadDataDir?: Blob, quiet = false) => {
    const db = new QuietlyOpenedPGlite({
      dataDir,
      loadDataDir,
      // Every write reaches IndexedDB before the call returns: with relaxed durability a reload
      // right after saving (a guest's RSVP, say) could lose it.
      relaxedDurability: false,
      initDbStartParams: INITDB_PARAMS,
      startParams: [...PGlite.defaultStartParams, ...START_SETTINGS],
      extensions: { pgcrypto, unaccent, pg_trgm },
    })
    // Before PGlite's first query: opening awaits IndexedDB and the engine long before.
    db.quiet = quiet
    await db.waitReady
    db.quiet = false
    return db
  }
  // A browser without the directory (a first visit, or a tab that opens it first) loads the build's.
  const stored = !dataDir.startsWith('idb://') || (await dataDirExists(dataDir))
  const prebuilt = stored
    ? undefined
    : await prebuiltDataDir((options.meta as { seedDataDir?: string } | undefined)?.seedDataDir)
  let db: PGlite
  try {
    db = await open(prebuilt, stored && dataDir.startsWith('idb://'))
  } catch (error) {
    if (!prebuilt) throw error
    // A prebuilt directory this PGlite cannot open: start again from nothing, the slow way.
    await deleteDataDir(dataDir)
    db = await open()
  }
  // Applies what the prebuilt directory lacks (nothing, when both come from the same build), or
  // everything on a database made from scratch; a reload finds nothing to apply and stores nothing.
  const versions = migrations.map((migration) => migration.version)
  if (!(await resumeWithoutStoring(db, versions))) await bootstrap(db, { shim, migrations, seed })
  return db
})

/// <reference lib="webworker" />
import { PGlite } from '@electric-sql/pglite'
import { worker } from '@electric-sql/pglite/worker'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import shim from '../../../../supabase/local/auth-shim.sql?raw'
import seed from '../../../../supabase/seed.sql?raw'
import { bootstrap } from './engine'

const migrationSources = import.meta.glob<string>('../../../../supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})

const migrations = Object.entries(migrationSources)
  .map(([path, sql]) => ({ version: path.split('/').pop()!.replace(/\.sql$/, ''), sql }))
  .sort((a, b) => a.version.localeCompare(b.version))

// One worker per tab; PGlite elects one of them to own the database and serve every tab.
worker({
  async init(options) {
    const db = await PGlite.create({
      dataDir: options.dataDir ?? 'idb://kasalan',
      // Every write reaches IndexedDB before the call returns: with relaxed durability a reload
      // right after saving (a guest's RSVP, say) could lose it.
      relaxedDurability: false,
      extensions: { pgcrypto, unaccent, pg_trgm },
    })
    await bootstrap(db, { shim, migrations, seed })
    return db
  },
})

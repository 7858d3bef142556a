// Vitest's global setup for the PGlite lane: the shim, every migration and the seed are applied once
// per run, and the resulting data directory is kept in a temporary file. Each test file then opens its
// own copy of it (tests/db/harness.ts), so files stay isolated without each replaying every migration.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { bootstrap, INITDB_PARAMS } from '../../src/lib/backend/local/engine'
import { readSqlFiles } from './harness'

declare module 'vitest' {
  export interface ProvidedContext {
    kasalanPglite: { dataDir: string; applied: string[] }
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now()
  // As the app makes its databases (1 MB WAL segments): each file's copy is then a third the size.
  const db = await PGlite.create({
    extensions: { pgcrypto, unaccent, pg_trgm },
    initDbStartParams: INITDB_PARAMS,
  })
  const applied = await bootstrap(db, readSqlFiles())
  const dump = await db.dumpDataDir('none')
  await db.close()
  const dir = mkdtempSync(join(tmpdir(), 'kasalan-pglite-'))
  const dataDir = join(dir, 'bootstrapped.tar')
  writeFileSync(dataDir, new Uint8Array(await dump.arrayBuffer()))
  console.log(`PGlite: database bootstrapped once in ${Date.now() - started} ms`)
  project.provide('kasalanPglite', { dataDir, applied })
  return () => rmSync(dir, { recursive: true, force: true })
}

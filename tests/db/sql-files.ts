// The SQL a Kasalan database is built from: the auth shim, every migration in order, and the seed.
// No test-runner imports, so the hosted stack (scripts/hosted-stack) bootstraps with it too.

import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SqlFile } from '../../src/lib/backend/local/engine'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

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

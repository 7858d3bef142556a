// Which PostgreSQL the real lane tests with. No test-runner imports: scripts/test-db.ts reads it too.

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** The PostgreSQL major versions Kasalan supports, from supabase/postgres-versions.json. */
export function supportedMajors(): number[] {
  return JSON.parse(readFileSync(`${ROOT}supabase/postgres-versions.json`, 'utf8')).supported
}

/**
 * The folder of the server binaries to test with: KASALAN_PG_BIN, else the newest supported major
 * under /usr/lib/postgresql (Debian's layout), else null.
 */
export function findServerBinaries(): string | null {
  if (process.env.KASALAN_PG_BIN) return process.env.KASALAN_PG_BIN
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const majors = readdirSync(base)
    .map(Number)
    .filter(
      (major) =>
        supportedMajors().includes(major) &&
        existsSync(join(base, String(major), 'bin', 'postgres')),
    )
    .sort((a, b) => b - a)
  return majors.length > 0 ? join(base, String(majors[0]), 'bin') : null
}

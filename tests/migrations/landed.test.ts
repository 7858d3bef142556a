// @vitest-environment node
// A migration that has landed has already run on somebody's database: editing it changes nothing
// there, and leaves that database different from a fresh one. supabase/migrations.sha256 holds the
// checksum of every landed migration (the format `sha256sum -c` reads); a change goes into a new
// migration, and a new migration adds its own line when it lands:
//   (cd supabase/migrations && sha256sum 0026_name.sql >> ../migrations.sha256)
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const supabase = join(import.meta.dirname, '../../supabase')
const migrationsDir = join(supabase, 'migrations')

/** The landed migrations and their checksums, in the order the file lists them. */
function landed(): Array<{ file: string; sha256: string }> {
  return readFileSync(join(supabase, 'migrations.sha256'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^([0-9a-f]{64}) [ *]?(\S+)$/.exec(line)
      if (!match) throw new Error(`supabase/migrations.sha256: not a checksum line: ${line}`)
      return { sha256: match[1]!, file: match[2]! }
    })
}

const sha256 = (file: string) =>
  createHash('sha256')
    .update(readFileSync(join(migrationsDir, file)))
    .digest('hex')
const migrationFiles = () =>
  readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()

describe('landed migrations', () => {
  test('every landed migration is unchanged', () => {
    const changed = landed()
      .filter(({ file, sha256: expected }) => sha256(file) !== expected)
      .map(({ file }) => file)
    expect(
      changed,
      'these landed migrations were edited: put the change in a new migration instead',
    ).toEqual([])
  })

  test('every migration file is listed, and listed once, in the order it runs', () => {
    const listed = landed().map(({ file }) => file)
    expect(new Set(listed).size, 'a migration listed twice').toBe(listed.length)
    // A migration not listed yet is a new one: it adds its line when it lands (see the top).
    expect(
      migrationFiles(),
      'supabase/migrations.sha256 lacks a migration, or lists one that is gone',
    ).toEqual(listed)
  })
})

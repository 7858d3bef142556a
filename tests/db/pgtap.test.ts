// Runs the pgTAP files of supabase/tests/database (what `supabase test db` runs) on the real-
// PostgreSQL lane, as `postgres`, each in a database of its own, and fails on any "not ok".

import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDb, ENGINE, type TestDb } from './harness'

const DIR = fileURLToPath(new URL('../../supabase/tests/database/', import.meta.url))
const FILES = readdirSync(DIR)
  .filter((name) => name.endsWith('.test.sql'))
  .sort()

/** The TAP lines a file printed, in order: every text value of every result row. */
async function runTap(t: TestDb, sql: string): Promise<string[]> {
  const results = (await t.db.exec(sql)) as unknown as
    { rows?: Record<string, unknown>[] } | { rows?: Record<string, unknown>[] }[]
  const lines: string[] = []
  for (const result of Array.isArray(results) ? results : [results]) {
    for (const row of result.rows ?? []) {
      for (const value of Object.values(row))
        if (typeof value === 'string') lines.push(...value.split('\n'))
    }
  }
  return lines
}

describe.skipIf(ENGINE !== 'postgres')('pgTAP (supabase/tests/database)', () => {
  let t: TestDb
  let hasPgtap = false

  beforeAll(async () => {
    t = await createTestDb()
    const { rows } = await t.asOwner<{ n: number }>(
      "select count(*)::int as n from pg_extension where extname = 'pgtap'",
    )
    hasPgtap = rows[0]!.n === 1
  })

  afterAll(async () => {
    await t?.close()
  })

  test('pgTAP is installed on this server (Debian: postgresql-<major>-pgtap)', () => {
    expect(hasPgtap).toBe(true)
  })

  test.each(FILES)('%s', async (file) => {
    const lines = await runTap(t, readFileSync(DIR + file, 'utf8'))
    const plan = lines.find((line) => /^1\.\.\d+$/.test(line))
    const results = lines.filter((line) => /^(not )?ok \d+/.test(line))
    const failures = lines.filter(
      (line, i) =>
        line.startsWith('not ok') || (line.startsWith('#') && lines[i - 1]?.startsWith('not ok')),
    )
    expect(failures, failures.join('\n')).toEqual([])
    expect(plan).toBe(`1..${results.length}`)
    expect(results.length).toBeGreaterThan(20)
  })
})

// @vitest-environment node
// No SQL function over 100 lines without a reason written beside it: a function that long in
// supabase/schemas (the current definition of each) says why in a comment line starting
// "Over 100 lines:" just above it, so the next change splits it or knows why not.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const schemas = join(import.meta.dirname, '../../supabase/schemas')

/** Every function of the schemas with its body's length and the comment just above it. */
function functions() {
  const found: Array<{ name: string; lines: number; comment: string }> = []
  for (const file of readdirSync(schemas)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(schemas, file), 'utf8')
    const pattern =
      /((?:^--[^\n]*\n)*)^create or replace function ([\w.]+)\([^)]*\)[\s\S]*?\nas \$\$\n([\s\S]*?)\n\$\$;\n/gm
    for (const match of sql.matchAll(pattern)) {
      found.push({ name: match[2]!, lines: match[3]!.split('\n').length, comment: match[1]! })
    }
  }
  return found
}

describe('long SQL functions', () => {
  test('every function over 100 lines says why, just above it', () => {
    const all = functions()
    expect(all.length).toBeGreaterThan(200)
    const long = all.filter((f) => f.lines > 100)
    expect(long.length).toBeGreaterThan(0)
    expect(
      long
        .filter((f) => !/^-- Over 100 lines: \S/m.test(f.comment))
        .map((f) => `${f.name} (${f.lines} lines)`),
    ).toEqual([])
  })

  test('and a reason stays only while the function is that long', () => {
    const stale = functions().filter(
      (f) => f.lines <= 100 && /^-- Over 100 lines:/m.test(f.comment),
    )
    expect(stale.map((f) => `${f.name} (${f.lines} lines)`)).toEqual([])
  })
})

// docs/database-contract.md and the schema say the same: every function of `kasalan` and
// `kasalan_private` has its row, with who may execute it; every error code a function raises is in
// the Errors table and each code there is raised; and a call whose row lists what it raises lists
// every code its own body raises.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDb, type TestDb } from './harness'

const CONTRACT = readFileSync(
  fileURLToPath(new URL('../../docs/database-contract.md', import.meta.url)),
  'utf8',
)

interface CatalogFunction {
  schema: string
  name: string
  args: string
  anon: boolean
  authenticated: boolean
  body: string
}

interface ContractRow {
  schema: string | null
  name: string
  args: string
  executableBy: string
  text: string
}

/** The function rows of "Functions by domain": `| \`[schema.]name(args)\` | who | what |`. */
function contractRows(): ContractRow[] {
  const section = CONTRACT.slice(CONTRACT.indexOf('## Functions by domain'))
  const rows: ContractRow[] = []
  for (const line of section.split('\n')) {
    const match =
      /^\| `(?:(kasalan|kasalan_private)\.)?([a-z_0-9]+)\((.*?)\)` \| ([^|]*) \|(.*)\|\s*$/.exec(
        line,
      )
    if (!match) continue
    const [, schema, name, args, executableBy, text] = match
    rows.push({
      schema: schema ?? null,
      name: name!,
      args: args!.trim(),
      executableBy: executableBy!.trim(),
      text: text!,
    })
  }
  return rows
}

/** The codes of the Errors table. */
function contractCodes(): Set<string> {
  const section = CONTRACT.slice(
    CONTRACT.indexOf('## Errors'),
    CONTRACT.indexOf('\n## ', CONTRACT.indexOf('## Errors') + 1),
  )
  return new Set([...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]!))
}

/** The codes a function's own body raises (`raise exception 'code'`). */
const raisedBy = (body: string) =>
  new Set([...body.matchAll(/raise exception '([a-z_]+)'/g)].map((match) => match[1]!))

const who = (f: CatalogFunction) =>
  f.anon ? 'anon, authenticated' : f.authenticated ? 'authenticated' : 'nobody'
const key = (f: { name: string; args: string }) => `${f.name}(${f.args})`

let t: TestDb
let catalog: CatalogFunction[]

beforeAll(async () => {
  t = await createTestDb()
  catalog = (
    await t.asOwner<CatalogFunction>(
      `select n.nspname as schema, p.proname as name, pg_catalog.pg_get_function_identity_arguments(p.oid) as args,
              pg_catalog.has_function_privilege('anon', p.oid, 'execute') as anon,
              pg_catalog.has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              pg_catalog.pg_get_functiondef(p.oid) as body
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('kasalan', 'kasalan_private')
          and not exists (select 1 from pg_catalog.pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    )
  ).rows
})

afterAll(async () => {
  await t?.close()
})

describe('docs/database-contract.md', () => {
  test('lists every function once, in its schema, with who may execute it', () => {
    const rows = contractRows()
    const documented = new Map(rows.map((row) => [key(row), row]))
    expect(rows.length, 'each function has one row').toBe(documented.size)
    const problems: string[] = []
    for (const f of catalog) {
      const row = documented.get(key(f))
      if (!row) problems.push(`missing: ${f.schema}.${key(f)} (${who(f)})`)
      else {
        if (row.schema && row.schema !== f.schema)
          problems.push(`${key(f)} is in ${f.schema}, not ${row.schema}`)
        if (row.executableBy !== who(f))
          problems.push(`${key(f)}: executable by ${who(f)}, not "${row.executableBy}"`)
        documented.delete(key(f))
      }
    }
    for (const row of documented.values()) problems.push(`no such function: ${key(row)}`)
    expect(problems).toEqual([])
  })

  test('the Errors table has every code a function raises, and only those', () => {
    const raised = new Set(catalog.flatMap((f) => [...raisedBy(f.body)]))
    const table = contractCodes()
    expect(
      [...raised].filter((code) => !table.has(code)).sort(),
      'raised, not in the table',
    ).toEqual([])
    expect(
      [...table].filter((code) => !raised.has(code)).sort(),
      'in the table, never raised',
    ).toEqual([])
  })

  test('a call whose row says what it raises names every code its body raises', () => {
    const rows = new Map(contractRows().map((row) => [key(row), row]))
    const problems: string[] = []
    for (const f of catalog.filter((f) => f.authenticated || f.anon)) {
      const row = rows.get(key(f))
      if (!row || !/\braises?\b/i.test(row.text)) continue
      for (const code of raisedBy(f.body)) {
        if (!new RegExp(`\\b${code}\\b`).test(row.text)) problems.push(`${f.name}: ${code}`)
      }
    }
    expect(problems).toEqual([])
  })
})

// supabase/migrations and supabase/schemas describe the same database. The migrations are what a
// database applies; the schemas are where a change is made and read (docs/database-contract.md).
// On the real-PostgreSQL lane a database is built from each and their catalogs compared:
// functions (pg_get_functiondef), grants on schemas, tables and functions, columns, constraints,
// indexes, triggers, policies and row-level security. On both lanes: no function, table or policy
// is created twice across the migrations, so each has one definition to read.

import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { ENGINE, readSqlFiles } from './harness'
import { catalogDifferences, readCatalog, type Catalog } from './postgres/catalog'
import { bootstrapDatabase, SUPERUSER, TEMPLATE } from './postgres/server'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

function readSchemaFiles() {
  const dir = `${ROOT}supabase/schemas/`
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({
      version: `schemas/${name.replace(/\.sql$/, '')}`,
      sql: readFileSync(dir + name, 'utf8'),
    }))
}

describe.runIf(ENGINE === 'postgres')('migrations and schemas build the same database', () => {
  const made: string[] = []
  let admin: pg.Client
  let host: string
  let port: number

  /** A new database of the cluster built from `migrations` (with the shim, no seed); its catalog. */
  async function build(migrations: { version: string; sql: string }[]): Promise<Catalog> {
    const name = `kasalan_drift_${process.pid}_${made.length}`
    made.push(name)
    await admin.query(`create database ${name}`)
    await bootstrapDatabase(host, port, name, { ...readSqlFiles(), migrations, seed: '' })
    return catalogOf(name)
  }

  async function catalogOf(database: string): Promise<Catalog> {
    const client = new pg.Client({ host, port, user: SUPERUSER, database })
    await client.connect()
    try {
      return await readCatalog(client)
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    ;({ host, port } = inject('kasalanPostgres'))
    admin = new pg.Client({ host, port, user: SUPERUSER, database: 'postgres' })
    await admin.connect()
  })

  afterAll(async () => {
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`)
    await admin?.end()
  })

  test(
    'the same functions, grants, columns, constraints, indexes, triggers and policies',
    { timeout: 120_000 },
    async () => {
      const fromMigrations = await catalogOf(TEMPLATE)
      const fromSchemas = await build(readSchemaFiles())
      expect(Object.keys(fromMigrations.functions!).length).toBeGreaterThan(100)
      expect(Object.keys(fromMigrations.policies!).length).toBeGreaterThan(5)
      expect(Object.keys(fromMigrations.indexes!).length).toBeGreaterThan(20)
      expect(catalogDifferences(fromMigrations, fromSchemas)).toEqual([])
    },
  )

  test('no two functions have the same body', async () => {
    const client = new pg.Client({ host, port, user: SUPERUSER, database: TEMPLATE })
    await client.connect()
    try {
      const { rows } = await client.query<{ functions: string }>(
        `select string_agg(p.oid::regprocedure::text, ' = ') as functions
           from pg_catalog.pg_proc p
          where p.pronamespace in ('kasalan'::regnamespace, 'kasalan_private'::regnamespace)
          group by p.prosrc having count(*) > 1`,
      )
      expect(rows.map((row) => row.functions)).toEqual([])
    } finally {
      await client.end()
    }
  })

  test(
    'and would tell when one side changed: a body, a grant, a policy, an index',
    { timeout: 120_000 },
    async () => {
      const fromMigrations = await catalogOf(TEMPLATE)
      const edited = readSchemaFiles().map((file) => ({
        ...file,
        sql: file.sql
          .replace(
            "raise exception 'wedding_not_found';",
            "raise exception 'wedding_not_found'; -- edited",
          )
          .replace(
            /grant execute on function kasalan\.get_site\(([^)]*)\) to anon, authenticated;/,
            'grant execute on function kasalan.get_site($1) to authenticated;',
          )
          .replace(/create index (\w+) on/, 'create index $1_edited on')
          .replace(/create policy "([^"]+)"/, 'create policy "$1, edited"'),
      }))
      const differences = catalogDifferences(fromMigrations, await build(edited))
      expect(differences.some((d) => d.startsWith('functions '))).toBe(true)
      expect(differences).toContainEqual(
        expect.stringMatching(/^functionGrants kasalan\.get_site\(.*\): differs$/),
      )
      expect(differences).toContainEqual(
        expect.stringMatching(/^indexes kasalan\.\w+_edited: only in the second$/),
      )
      expect(differences).toContainEqual(
        expect.stringMatching(/^policies kasalan\.\w+ .*, edited: only in the second$/),
      )
    },
  )
})

describe('each object is created once across the baseline', () => {
  // The baseline is one migration per domain, the files supabase/schemas started from. A later
  // migration is a change: it may redefine what the baseline made (and supabase/schemas holds the
  // result, checked above), so the rule is the baseline's.
  const domains = new Set(
    readSchemaFiles().map(({ version }) => version.replace(/^schemas\/\d+_/, '')),
  )
  const migrations = readSqlFiles().migrations.filter(({ version }) =>
    domains.has(version.replace(/^\d+_/, '')),
  )
  /** `create function`, `create table`, `create policy`, `create index`, `create trigger` statements, by object. */
  function created(): Map<string, string[]> {
    const found = new Map<string, string[]>()
    const patterns: [string, RegExp][] = [
      ['function', /^create (?:or replace )?function ([\w.]+)\(([^)]*)\)/gim],
      ['table', /^create table (?:if not exists )?([\w.]+)/gim],
      ['policy', /^\s*create policy "([^"]+)"\s+on ([\w.]+)/gim],
      ['index', /^create (?:unique )?index (?:if not exists )?(\w+)/gim],
      ['trigger', /^create (?:constraint )?trigger (\w+)/gim],
    ]
    for (const { version, sql } of migrations) {
      for (const [kind, pattern] of patterns) {
        for (const match of sql.matchAll(pattern)) {
          // A function by its name and argument types (overloads are different functions).
          const args =
            kind === 'function'
              ? `(${match[2]!
                  .split(',')
                  .map(
                    (arg) =>
                      arg
                        .replace(/\s+default\s+.*$/i, '')
                        .trim()
                        .split(/\s+/)
                        .slice(-1)[0],
                  )
                  .join(', ')})`
              : ''
          const key = `${kind} ${match[1]}${args}${kind === 'policy' ? ` on ${match[2]}` : ''}`
          found.set(key, [...(found.get(key) ?? []), version])
        }
      }
    }
    return found
  }

  test('found in the files: every kind is there', () => {
    const kinds = new Set([...created().keys()].map((key) => key.split(' ')[0]))
    expect([...kinds].sort()).toEqual(['function', 'index', 'policy', 'table', 'trigger'])
  })

  test('no function, table, policy, index or trigger is defined twice', () => {
    const twice = [...created()]
      .filter(([, versions]) => versions.length > 1)
      .map(([key, versions]) => `${key}: ${versions.join(', ')}`)
    expect(twice).toEqual([])
  })

  test('and a second definition would be caught', () => {
    const { migrations: files } = readSqlFiles()
    const body = files[0]!.sql.match(/^create or replace function [\s\S]*?\n\$\$;\n/m)![0]
    migrations.push({ version: '9999_again', sql: body })
    try {
      expect(
        [...created()].some(
          ([, versions]) => versions.includes('9999_again') && versions.length > 1,
        ),
      ).toBe(true)
    } finally {
      migrations.pop()
    }
  })
})

/**
 * The guest list at 2,000 households and 5,000 persons: `npm run bench:guests`.
 *
 * Builds such a list in the local adapter's engine (PGlite under Node, the same migrations, seed
 * and RLS as the browser) and prints the median time, over several runs, to load it the way the
 * guests screen does (list_households + zod parse), to count, filter and search it with the model's
 * functions, and to build the CSV export. Node runs the same code the browser does; a phone is a
 * few times slower.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import * as z from 'zod/mini'
import { guestCsvRows } from '../src/features/guests/model/guest-csv'
import {
  buildImport,
  defaultGrouping,
  detectHeaderRow,
  guessMapping,
} from '../src/features/guests/model/guest-import'
import {
  buildSearchIndex,
  countGuests,
  filterHouseholds,
  noFilters,
  relationFilters,
} from '../src/features/guests/model/guest-list'
import type { HouseholdDraft } from '../src/features/guests/model/types'
import { household } from '../src/lib/api/schemas'
import { bootstrap, callRpc, localAuth, type Claims } from '../src/lib/backend/local/engine'
import { parseCsv, toCsv } from '../src/lib/csv'

const HOUSEHOLDS = 2000
const PERSONS = 5000
const RUNS = 7

const root = fileURLToPath(new URL('../', import.meta.url))
const read = (path: string) => readFileSync(root + path, 'utf8')

// A small deterministic generator, so every run benchmarks the same list.
let seed = 20261212
function random() {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!

const firstNames = [
  'Juan',
  'María',
  'José',
  'Ana',
  'Niño',
  'Teresita',
  'Ramón',
  'Lourdes',
  'Andrés',
  'Carmela',
  'Gabriel',
  'Rosario',
  'Paolo',
  'Bea',
  'Migo',
  'Lia',
  'Tessa',
  'Jun',
  'Liza',
  'Enrique',
]
const lastNames = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Peña',
  'Ibañez',
  'Dela Cruz',
  'De los Santos',
  'Villanueva',
  'Aquino',
  'Castillo',
  'Lim',
  'Tan',
  'Magbanua',
  'Del Rosario',
]
const sides = ['bride', 'groom', 'both', null] as const
const types = ['family', 'friend', 'familyFriend', 'others', null] as const

function generate(): HouseholdDraft[] {
  // Sizes 1–4 averaging 2.5, then evened out to exactly PERSONS.
  const sizes = Array.from({ length: HOUSEHOLDS }, (_, i) => [1, 2, 3, 4, 2, 3][i % 6]!)
  let extra = PERSONS - sizes.reduce((a, b) => a + b, 0)
  for (let i = 0; extra !== 0; i = (i + 1) % HOUSEHOLDS) {
    const step = extra > 0 ? 1 : -1
    const size = sizes[i]! + step
    if (size < 1 || size > 6) continue
    sizes[i] = size
    extra -= step
  }
  return sizes.map((size, index) => {
    const lastName = pick(lastNames)
    return {
      email: random() < 0.7 ? `guest${index}@example.com` : null,
      phone:
        random() < 0.8
          ? `+63 9${String(170000000 + index).slice(0, 2)} 555 ${String(index).padStart(4, '0')}`
          : null,
      address: {
        address1: random() < 0.6 ? `${index} Daang Mabini` : '',
        address2: '',
        city: 'Quezon City',
        state: 'Metro Manila',
        zip: '1100',
        country: 'Philippines',
      },
      relationshipSide: pick(sides),
      relationshipType: pick(types),
      notes: null,
      persons: Array.from({ length: size }, (_, p) => ({
        firstName: pick(firstNames),
        lastName,
        type: p >= 2 && random() < 0.5 ? ('child' as const) : ('adult' as const),
        title: null,
        suffix: null,
        notes: null,
      })),
    }
  })
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function time<T>(runs: number, fn: () => T | Promise<T>): Promise<{ ms: number; result: T }> {
  const samples: number[] = []
  let result!: T
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now()
    result = await fn()
    samples.push(performance.now() - start)
  }
  return { ms: median(samples), result }
}

const rows: Array<[string, number, string]> = []
const report = (label: string, ms: number, note = '') => {
  rows.push([label, ms, note])
  console.log(`  ${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms  ${note}`)
}

async function main() {
  console.log(
    `Guest list benchmark: ${HOUSEHOLDS.toLocaleString()} households, ${PERSONS.toLocaleString()} persons, median of ${RUNS} runs\n`,
  )

  const db = await PGlite.create({ extensions: { pgcrypto, unaccent, pg_trgm } })
  const migrations = readdirSync(root + 'supabase/migrations')
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: read(`supabase/migrations/${name}`),
    }))
  await bootstrap(db, {
    shim: read('supabase/local/auth-shim.sql'),
    migrations,
    seed: read('supabase/seed.sql'),
  })

  const user = await localAuth(db, 'signUp', `bench-${Date.now()}@example.com`, 'bench-password')
  const claims: Claims = { sub: user.id, email: user.email, role: 'authenticated' }
  const wedding = (await callRpc(db, claims, 'create_my_wedding', {
    p_bride: { firstName: 'Isabel', lastName: 'Dela Cruz' },
    p_groom: { firstName: 'Miguel', lastName: 'Santos' },
    p_date: '2026-12-12',
  })) as { id: string }

  const drafts = generate()
  const importStart = performance.now()
  for (let i = 0; i < drafts.length; i += 500) {
    await callRpc(db, claims, 'import_households', {
      p_wedding_id: wedding.id,
      p_households: drafts.slice(i, i + 500),
    })
  }
  report(
    'import (import_households, 4 × 500)',
    performance.now() - importStart,
    'once, not a median',
  )
  // Some answers, so the counts and the CSV have RSVPs to show.
  await db.query(
    `
    insert into kasalan.event_replies (wedding_id, event_id, person_id, household_id, is_attending, response)
    select p.wedding_id, kasalan_private.main_event_id(p.wedding_id), p.id, p.household_id,
      abs(hashtext(p.id::text)) % 3 = 0,
      '[{"question": "Anong ulam ang gusto mo sa hapunan?", "answer": "Kare-kare"}]'::jsonb
    from kasalan.persons p
    where p.wedding_id = $1 and abs(hashtext(p.id::text)) % 5 < 3
  `,
    [wedding.id],
  )

  const schema = z.array(household)
  const load = await time(RUNS, async () => {
    const data = await callRpc(db, claims, 'list_households', { p_wedding_id: wedding.id })
    return schema.parse(data)
  })
  const list = load.result
  const persons = list.reduce((sum, h) => sum + h.persons.length, 0)
  if (list.length !== HOUSEHOLDS || persons !== PERSONS)
    throw new Error(`expected ${HOUSEHOLDS}/${PERSONS}, got ${list.length}/${persons}`)
  report('load (list_households + zod parse)', load.ms)
  const raw = await callRpc(db, claims, 'list_households', { p_wedding_id: wedding.id })
  report('  of which zod parse', (await time(RUNS, () => schema.parse(raw))).ms)

  const index = await time(RUNS, () => buildSearchIndex(list))
  report('search index (once per load)', index.ms)
  report('counts (the three cards)', (await time(RUNS, () => countGuests(list))).ms)
  const relation = await time(RUNS, () =>
    relationFilters.map((r) => filterHouseholds(list, { ...noFilters, relation: r }, index.result)),
  )
  report('filter: each of the 6 relations', relation.ms / relationFilters.length, 'per filter')
  report(
    'filter: missing e-mail + phone',
    (
      await time(RUNS, () =>
        filterHouseholds(list, { ...noFilters, missing: ['email', 'phone'] }, index.result),
      )
    ).ms,
  )
  const search = await time(RUNS, () =>
    filterHouseholds(list, { ...noFilters, query: 'pena' }, index.result),
  )
  report('search "pena" (finds Peña)', search.ms, `${search.result.length} households`)
  report(
    'search "maria dela cruz"',
    (
      await time(RUNS, () =>
        filterHouseholds(list, { ...noFilters, query: 'maria dela cruz' }, index.result),
      )
    ).ms,
  )
  report(
    'search + relation + missing together',
    (
      await time(RUNS, () =>
        filterHouseholds(
          list,
          { ...noFilters, relation: 'friends', missing: ['address'], query: 'santos' },
          index.result,
        ),
      )
    ).ms,
  )

  const questions = [{ question: 'Anong ulam ang gusto mo sa hapunan?' }]
  const csv = await time(RUNS, () => toCsv(guestCsvRows(list, questions)))
  report(
    'CSV export (rows + papaparse + BOM)',
    csv.ms,
    `${(csv.result.length / 1024).toFixed(0)} KB`,
  )

  const preview = await time(RUNS, async () => {
    const parsed = await parseCsv(csv.result)
    const headerRow = detectHeaderRow(parsed)
    const mapping = guessMapping(parsed, headerRow)
    return buildImport(parsed, {
      headerRow,
      mapping,
      grouping: defaultGrouping(mapping, parsed[headerRow ?? 0]!),
    })
  })
  report(
    'import preview of that CSV (parse + group)',
    preview.ms,
    `${preview.result.households.length} households`,
  )

  await db.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

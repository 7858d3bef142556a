// The name search against how guests really type (tests/db/search-corpus.ts): on a published
// wedding of 320 persons, the person meant must be among the first three found for at least 85 %
// of the 220 variants, every name typed as the couple wrote it must stay first for at least 95 %,
// and no query may return more than three persons. Prints the rate per kind.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { localAuth, callRpc } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'
import {
  CORPUS_TOTAL,
  corpusGuestList,
  VARIANTS,
  writtenQuery,
  type CorpusPerson,
  type VariantKind,
} from './search-corpus'
import { harvestQueries } from './search-fixture'

interface SearchResult {
  status: 'too_short' | 'none' | 'too_many' | 'found'
  matches: { firstName: string; lastName: string }[]
}

let t: TestDb
let weddingId: string

/** The corpus's households, written as the database owner, known-as names and maiden surnames too. */
function insertSql(weddingId: string, userId: string, households: CorpusPerson[][]) {
  const quote = (value: string | null | undefined) =>
    value == null ? 'null' : `'${value.replace(/'/g, "''")}'`
  const guests: string[] = []
  const persons: string[] = []
  households.forEach((household, h) => {
    const householdId = `${weddingId.slice(0, 8)}-0000-4000-a000-${String(h + 1).padStart(12, '0')}`
    guests.push(`('${householdId}', '${userId}', '${weddingId}')`)
    household.forEach((p, index) => {
      persons.push(
        `('${userId}', '${weddingId}', '${householdId}', ${quote(p.firstName)}, ${quote(p.lastName)}, ${quote(p.suffix)}, ${quote(p.knownAs)}, ${quote(p.maidenName)}, '${p.type}', ${index})`,
      )
    })
  })
  return `
    insert into kasalan.households (id, user_id, wedding_id) values ${guests.join(',\n')};
    insert into kasalan.persons (user_id, wedding_id, household_id, first_name, last_name, suffix, known_as, maiden_name, type, position)
    values ${persons.join(',\n')};`
}

beforeAll(async () => {
  t = await createTestDb()
  const user = await localAuth(t.db, 'signUp', `corpus-${Date.now()}@example.com`, 'correct horse')
  const wedding = (await callRpc(
    t.db,
    { sub: user.id, role: 'authenticated' },
    'create_my_wedding',
    {
      p_bride: { firstName: 'Hana', lastName: 'Reyes' },
      p_groom: { firstName: 'Tomas', lastName: 'Cruz' },
    },
  )) as { id: string }
  weddingId = wedding.id
  await t.db.query('update kasalan.weddings set is_published = true where id = $1', [weddingId])
  await t.db.exec(insertSql(weddingId, user.id, corpusGuestList()))
}, 120_000)

afterAll(async () => {
  await t?.close()
})

/** Every query's answer in one statement (the search itself, without the public call's rate limit). */
async function searchAll(queries: string[]): Promise<SearchResult[]> {
  const { rows } = await t.asOwner<{ r: SearchResult }>(
    `select kasalan_private.search_wedding_persons($1, q.query) as r
     from unnest($2::text[]) with ordinality as q(query, n) order by q.n`,
    [weddingId, queries],
  )
  return rows.map((row) => row.r)
}

const named = (m: { firstName: string; lastName: string }) => `${m.firstName}|${m.lastName}`
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)} %`

describe('the corpus of names as guests type them', () => {
  test('the list and the variants are the size the measure needs', () => {
    const list = corpusGuestList().flat()
    expect(list).toHaveLength(CORPUS_TOTAL)
    const names = new Set(list.map((p) => `${p.firstName}|${p.lastName}`))
    for (const variant of VARIANTS) expect(names.has(variant.expected), variant.expected).toBe(true)
    expect(VARIANTS.length).toBeGreaterThanOrEqual(150)
    for (const kind of ['nickname', 'typo', 'extras', 'surname'] as const) {
      expect(VARIANTS.filter((v) => v.kind === kind).length, kind).toBeGreaterThanOrEqual(30)
    }
  })

  test(
    'the person meant is among the first three for 85 % of the variants',
    { timeout: 120_000 },
    async () => {
      const results = await searchAll(VARIANTS.map((v) => v.query))
      const byKind = new Map<VariantKind, { found: number; total: number }>()
      const missed: string[] = []
      VARIANTS.forEach((variant, i) => {
        const result = results[i]!
        const found =
          result.status === 'found' &&
          result.matches.slice(0, 3).some((m) => named(m) === variant.expected)
        const tally = byKind.get(variant.kind) ?? { found: 0, total: 0 }
        tally.total += 1
        if (found) tally.found += 1
        else
          missed.push(
            `${variant.kind}: "${variant.query}" → ${result.status} ${result.matches.map(named).join(', ')}`,
          )
        byKind.set(variant.kind, tally)
      })
      const found = VARIANTS.length - missed.length
      console.log(
        `name search corpus (${t.engine}): ${found}/${VARIANTS.length} found in the first three (${percent(found, VARIANTS.length)}); ` +
          [...byKind]
            .map(([kind, r]) => `${kind} ${r.found}/${r.total} (${percent(r.found, r.total)})`)
            .join(', ') +
          `\nmissed:\n  ${missed.join('\n  ')}`,
      )
      expect(found / VARIANTS.length).toBeGreaterThanOrEqual(0.85)
    },
  )

  test(
    'a name typed as the couple wrote it stays first for 95 % of the guests',
    { timeout: 120_000 },
    async () => {
      const list = corpusGuestList().flat()
      const results = await searchAll(list.map(writtenQuery))
      const missed: string[] = []
      list.forEach((p, i) => {
        const first = results[i]!.matches[0]
        if (!(
          results[i]!.status === 'found' &&
          first &&
          named(first) === `${p.firstName}|${p.lastName}`
        )) {
          missed.push(
            `"${writtenQuery(p)}" → ${results[i]!.status} ${results[i]!.matches.map(named).join(', ')}`,
          )
        }
      })
      const first = list.length - missed.length
      console.log(
        `names as written (${t.engine}): ${first}/${list.length} first (${percent(first, list.length)})\n  ${missed.join('\n  ')}`,
      )
      expect(first / list.length).toBeGreaterThanOrEqual(0.95)
    },
  )

  test('no query returns more than three persons', { timeout: 300_000 }, async () => {
    const list = corpusGuestList().flat()
    const queries = [
      ...VARIANTS.map((v) => v.query),
      ...list.map(writtenQuery),
      ...harvestQueries().filter((_, i) => i % 7 === 0),
    ]
    const { rows } = await t.asOwner<{ most: number }>(
      `select max(jsonb_array_length(kasalan_private.search_wedding_persons($1, q.query) -> 'matches'))::int as most
       from unnest($2::text[]) as q(query)`,
      [weddingId, queries],
    )
    expect(rows[0]!.most).toBeLessThanOrEqual(3)
  })
})

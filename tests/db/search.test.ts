// The name search (search_persons, supabase/schemas/02_households.sql): it finds one guest, not a
// list. The harvest measure is the issue's own: a published wedding of 300 guests in 152 households, and an anonymous harvester
// spending 20,000 calls on every 3-letter prefix and punctuation form; it must recover under 5 %.
// Then: a guest typing their own name naturally still finds themself, abbreviations work both
// ways, and the public call reveals nothing else.
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { localAuth, callRpc, type Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'
import { rpcAs } from './privacy-helpers'
import {
  FIRST_NAMES,
  harvestGuestList,
  harvestQueries,
  insertGuestListSql,
  SURNAMES,
} from './search-fixture'

interface Match {
  personId: string
  householdId: string
  firstName: string
  lastName: string
  householdSize: number
}
interface SearchResult {
  status: 'too_short' | 'none' | 'too_many' | 'found'
  matches: Match[]
}

let t: TestDb

/** The search of one wedding as the site's call makes it, published or not. */
const searchWedding = async (weddingId: string, query: string) =>
  (
    await t.asOwner<{ r: SearchResult }>(
      'select kasalan_private.search_wedding_persons($1, $2) as r',
      [weddingId, query],
    )
  ).rows[0]!.r

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

/** A published wedding with these households, written as the database owner (fast). */
async function weddingWith(
  db: PGlite,
  households: ReturnType<typeof harvestGuestList>,
  label: string,
) {
  const user = await localAuth(
    db,
    'signUp',
    `${label}-${Date.now()}-${Math.random()}@example.com`,
    'correct horse',
  )
  const claims = { sub: user.id, role: 'authenticated' as const }
  const wedding = (await callRpc(db, claims, 'create_my_wedding', {
    p_bride: { firstName: 'Hana', lastName: 'Reyes' },
    p_groom: { firstName: 'Tomas', lastName: 'Cruz' },
  })) as { id: string; slug: string }
  await db.query('update kasalan.weddings set is_published = true where id = $1', [wedding.id])
  await db.exec(insertGuestListSql(wedding.id, user.id, households))
  return { claims, wedding }
}

/** How many of the wedding's persons a harvester recovers with `queries`, by calling `searchSql`. */
async function harvest(db: PGlite, searchSql: string, args: unknown[], queries: string[]) {
  const { rows } = await db.query<{ recovered: number; total: number }>(
    `select
       (select count(distinct r.person_id)::int from unnest($1::text[]) as q(query)
        cross join lateral (${searchSql}) r) as recovered,
       (select count(*)::int from kasalan.persons where wedding_id = $2) as total`,
    [queries, ...args],
  )
  return rows[0]!
}

describe('the harvest measure', () => {
  test(
    'an anonymous harvester with 20,000 calls recovers under 5 % of a 300-guest list',
    { timeout: 600_000 },
    async () => {
      const households = harvestGuestList()
      expect(households).toHaveLength(152)
      expect(households.flat()).toHaveLength(300)
      const queries = harvestQueries()
      expect(queries.length).toBeLessThanOrEqual(20_000)

      // The calls can harvest a list: against a search that answers any start of a first name or
      // surname, as the one before the privacy change did, they recover it all. (That very search is
      // kept in tests/db/fixtures/search-before.sql; `npm run bench:search` measures it with these
      // calls, 300 of 300, a minute of one core that proves nothing about today's search.)
      const was = await harvest(
        t.db,
        `select p.id::text as person_id from kasalan.persons p, lower(regexp_replace(q.query, '[^a-zA-Z]', '', 'g')) as letters
       where p.wedding_id = $2 and length(letters) >= 2
         and (lower(p.first_name) like letters || '%' or lower(p.last_name) like letters || '%')`,
        [(await weddingWith(t.db, households, 'control')).wedding.id],
        queries,
      )

      // After: the search itself (the public call adds the rate limit on top, tested in privacy.test.ts).
      const now = await weddingWith(t.db, households, 'after')
      const is = await harvest(
        t.db,
        `select m ->> 'personId' as person_id from jsonb_array_elements(kasalan_private.search_wedding_persons($2, q.query) -> 'matches') m`,
        [now.wedding.id],
        queries,
      )

      const percent = (r: { recovered: number; total: number }) =>
        ((100 * r.recovered) / r.total).toFixed(1)
      console.log(
        `harvest with ${queries.length} calls: a search by any start of a name ${was.recovered}/${was.total} (${percent(was)} %), ` +
          `today's search ${is.recovered}/${is.total} (${percent(is)} %)`,
      )
      expect(was.total).toBe(300)
      expect(was.recovered / was.total).toBeGreaterThan(0.9)
      expect(is.total).toBe(300)
      expect(is.recovered / is.total).toBeLessThan(0.05)

      // Beyond the measure: a harvester who guesses the list's very names. One name at a
      // time (208 calls; a search that took one whole word gave 81 % here) finds only the guests
      // with a two-word first name or surname ("Ma. Luisa", "dela Cruz") that few households share;
      // every first name with every surname (10,881 calls, measured once: not kept here for its two
      // minutes) finds everyone, and against that the defence is the rate limit (150 searches an hour
      // per address, 2000 per wedding: 5.5 hours at least, shown to the couple as probes).
      const search = `select m ->> 'personId' as person_id from jsonb_array_elements(kasalan_private.search_wedding_persons($2, q.query) -> 'matches') m`
      const words = [...new Set([...FIRST_NAMES, ...SURNAMES])]
      const oneName = await harvest(t.db, search, [now.wedding.id], words)
      console.log(
        `a harvester guessing the list's names one at a time (${words.length} calls): ${oneName.recovered}/300 (${percent(oneName)} %)`,
      )
      expect(oneName.recovered / oneName.total).toBeLessThan(0.1)
    },
  )
})

describe('a guest finds themself', () => {
  let slug: string
  let weddingId: string
  const search = async (query: string, claims: Claims = null) =>
    (await rpcAs(t.db, claims, 'search_persons', { p_slug: slug, p_query: query })) as SearchResult
  const core = (query: string) => searchWedding(weddingId, query)

  beforeAll(async () => {
    const { wedding } = await weddingWith(
      t.db,
      [
        [
          { firstName: 'Ma. Cristina', lastName: 'dela Cruz Peña', suffix: null, type: 'adult' },
          { firstName: 'Rodrigo', lastName: 'Peña', suffix: null, type: 'adult' },
        ],
        [{ firstName: 'Maria Luisa', lastName: 'Bautista', suffix: null, type: 'adult' }],
        [{ firstName: 'Pedro', lastName: 'Sto. Domingo', suffix: null, type: 'adult' }],
        [{ firstName: 'Ana', lastName: 'Santo Tomas', suffix: null, type: 'adult' }],
        [{ firstName: 'Jose', lastName: 'Rizal', suffix: 'Jr.', type: 'adult' }],
        [{ firstName: 'Andres', lastName: 'Bonifacio Junior', suffix: null, type: 'adult' }],
        [{ firstName: 'Luz', lastName: 'Sta. Maria', suffix: null, type: 'adult' }],
        [{ firstName: 'Ernesto', lastName: 'Santos', suffix: 'Sr.', type: 'adult' }],
        [{ firstName: 'Juan', lastName: 'dela Cruz', suffix: null, type: 'adult' }],
        [{ firstName: 'Ivy', lastName: 'Sy', suffix: null, type: 'adult' }],
        ...['Maria', 'Liza', 'Nilo', 'Tess'].map((firstName) => [
          { firstName, lastName: 'Santos', suffix: null, type: 'adult' as const },
        ]),
        // Four households with a Jun Reyes (father, uncle, cousin, godson).
        ...[1, 2, 3, 4].map(() => [
          { firstName: 'Jun', lastName: 'Reyes', suffix: null, type: 'adult' as const },
        ]),
      ],
      'self',
    )
    slug = wedding.slug
    weddingId = wedding.id
  }, 60_000)

  const finds = async (query: string, firstName: string, lastName?: string) => {
    const result = await search(query)
    expect(result.status, query).toBe('found')
    expect(result.matches[0], query).toMatchObject(
      lastName ? { firstName, lastName } : { firstName },
    )
  }

  test('by first name and surname as people type them', async () => {
    await finds('juan dela cruz', 'Juan', 'dela Cruz')
    await finds('Juan Dela Cruz', 'Juan', 'dela Cruz')
    await finds('juan delacruz', 'Juan', 'dela Cruz')
    await finds('ma. cristina', 'Ma. Cristina')
    await finds('Ma Cristina Pena', 'Ma. Cristina')
    await finds('cristina peña', 'Ma. Cristina')
    await finds('maria san', 'Maria', 'Santos')
    await finds('maria santos', 'Maria', 'Santos')
    await finds('santos maria', 'Maria', 'Santos')
    await finds('ivy sy', 'Ivy', 'Sy')
    await finds('rodrigo p. peña', 'Rodrigo', 'Peña')
  })

  test('one word alone is not enough, and a name many households share gives no names', async () => {
    for (const query of ['santos', 'maria', 'villanueva', 'delacruz', 'Cristina']) {
      expect(await search(query), query).toEqual({ status: 'too_short', matches: [] })
    }
    expect(await search('jun reyes')).toEqual({ status: 'too_many', matches: [] })
  })

  test('Ma./Maria, Sto./Santo, Sta./Santa, Jr./Junior, Sr./Senior are the same word both ways', async () => {
    await finds('maria cristina', 'Ma. Cristina')
    await finds('ma. luisa bautista', 'Maria Luisa')
    await finds('ma luisa', 'Maria Luisa')
    await finds('pedro santo domingo', 'Pedro')
    await finds('pedro sto domingo', 'Pedro')
    await finds('pedro stodomingo', 'Pedro')
    await finds('pedro sto. domingo', 'Pedro')
    await finds('ana sto tomas', 'Ana')
    await finds('luz santa maria', 'Luz')
    await finds('jose rizal junior', 'Jose')
    await finds('jose rizal jr', 'Jose')
    await finds('andres bonifacio jr.', 'Andres')
    await finds('ernesto santos senior', 'Ernesto')
  })

  test('abbreviations obey the same limits: they count as the letters typed', async () => {
    // A particle and its surname are one word: "sto domingo" alone names a family, not a guest.
    for (const query of [
      'ma',
      'ma.',
      'sto',
      'sta.',
      'jr',
      'sr.',
      'sto.',
      'sto domingo',
      'de la cruz',
      'dela cruz',
    ]) {
      expect(await core(query), query).toEqual({ status: 'too_short', matches: [] })
    }
  })

  test('letters are counted after normalising; punctuation and wildcards are not letters', async () => {
    for (const query of [
      '',
      'a..',
      'm--',
      '%%a',
      'a.b',
      'a b',
      '...',
      '%%%',
      '___',
      'ab',
      'a.b.c',
      'abc',
    ]) {
      expect(await core(query), query).toEqual({ status: 'too_short', matches: [] })
    }
  })

  test('all words but the last must be whole name words; the last may be the start of one, from 3 letters', async () => {
    expect((await core('pedro do')).status).toBe('none')
    expect((await core('pedro dom')).matches[0]).toMatchObject({ firstName: 'Pedro' })
    expect((await core('andres bonif')).matches[0]).toMatchObject({ firstName: 'Andres' })
    expect((await core('andr bonifacio')).status).toBe('none')
    // One letter missing is a typo the search forgives; two are not, nor the end of a short word.
    expect((await core('ristina pena')).matches[0]).toMatchObject({ firstName: 'Ma. Cristina' })
    expect((await core('istina pena')).status).toBe('none')
    expect((await core('cristina ena')).status).toBe('none')
  })

  test('each match has names, ids and the household size, nothing else', async () => {
    const result = await search('cristina pena')
    expect(Object.keys(result.matches[0]!).sort()).toEqual([
      'firstName',
      'householdId',
      'householdSize',
      'lastName',
      'personId',
    ])
    expect(result.matches[0]!.householdSize).toBe(2)
  })

  test("only the exact slug's published wedding; its owner may search it unpublished", async () => {
    expect(await search('juan dela cruz')).toMatchObject({ status: 'found' })
    const other = await t.couple('Olivia', 'Oscar')
    expect(
      await rpcAs(t.db, null, 'search_persons', {
        p_slug: other.wedding.slug,
        p_query: 'juan dela cruz',
      }),
    ).toEqual({ status: 'none', matches: [] })
    expect(
      await rpcAs(t.db, null, 'search_persons', {
        p_slug: slug.toUpperCase(),
        p_query: 'juan dela cruz',
      }),
    ).toEqual({ status: 'none', matches: [] })
    expect(
      await rpcAs(t.db, null, 'search_persons', {
        p_slug: 'no-such-wedding',
        p_query: 'juan dela cruz',
      }),
    ).toEqual({ status: 'none', matches: [] })
    await t.rpc(other.claims, 'save_household', {
      p_wedding_id: other.wedding.id,
      p_household: { persons: [{ firstName: 'Lihim', lastName: 'Manalo' }] },
    })
    expect(
      await rpcAs(t.db, null, 'search_persons', {
        p_slug: other.wedding.slug,
        p_query: 'lihim manalo',
      }),
    ).toEqual({ status: 'none', matches: [] })
    expect(
      await rpcAs(t.db, other.claims, 'search_persons', {
        p_slug: other.wedding.slug,
        p_query: 'lihim manalo',
      }),
    ).toMatchObject({ status: 'found' })
  })

  test('odd input is plain text', async () => {
    for (const query of ["'; drop table x; --", 'a'.repeat(5000), '.*.*.*.*', '\\\\%_%_']) {
      expect((await core(query)).matches, query).toEqual([])
    }
  })

  test('the search has indexes the planner can use', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.exec('set local enable_seqscan = off')
      return tx.query<{ 'QUERY PLAN': string }>(
        `explain select id from kasalan.persons p where p.search_keys @> array['maria', 'santos']`,
      )
    })
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('persons_search_keys_idx')
  })

  test('the search columns follow the names: a rename is found by its new name only, and columns written by hand are set again', async () => {
    const couple = await t.couple('Lorna', 'Ramon')
    const saved = (await t.rpc(couple.claims, 'save_household', {
      p_wedding_id: couple.wedding.id,
      p_household: { persons: [{ firstName: 'Perla', lastName: 'Villanueva' }] },
    })) as { persons: Array<{ id: string }> }
    const personId = saved.persons[0]!.id
    const columns = async () =>
      (
        await t.asOwner<{ search_names: string[]; search_sounds: string[]; search_keys: string[] }>(
          'select search_names, search_sounds, search_keys from kasalan.persons where id = $1',
          [personId],
        )
      ).rows[0]!
    const first = await columns()
    expect(first.search_names).toEqual(['perla', 'villanueva'])
    expect(first.search_sounds).toHaveLength(2)
    expect(first.search_keys).toEqual(expect.arrayContaining(['perla', 'villanueva']))

    await t.asOwner(`update kasalan.persons set last_name = 'Sarmiento' where id = $1`, [personId])
    expect((await columns()).search_names).toEqual(['perla', 'sarmiento'])
    expect((await searchWedding(couple.wedding.id, 'perla sarmiento')).status).toBe('found')
    expect((await searchWedding(couple.wedding.id, 'perla villanueva')).status).toBe('none')

    // Nobody but the owner can write persons directly; even the owner cannot make them disagree.
    await t.asOwner(
      `update kasalan.persons set search_names = '{}', search_sounds = '{}', search_keys = '{}' where id = $1`,
      [personId],
    )
    expect(await columns()).toMatchObject({
      search_names: ['perla', 'sarmiento'],
      search_keys: expect.arrayContaining(['sarmiento']),
    })
    // An update that changes no name leaves them as they are.
    await t.asOwner(`update kasalan.persons set notes = 'Ninang' where id = $1`, [personId])
    expect((await columns()).search_names).toEqual(['perla', 'sarmiento'])
  })

  test(
    'after an import of 2,000 households, with no vacuum, the index still finds names and the planner still takes it',
    { timeout: 120_000 },
    async () => {
      const couple = await t.couple('Lorna', 'Ramon')
      const households = Array.from({ length: 2000 }, (_, h) => ({
        relationshipSide: 'both',
        relationshipType: 'friend',
        persons: [{ firstName: h === 1234 ? 'Crisanta' : 'Maria', lastName: `Dimaculangan${h}` }],
      }))
      await t.rpc(couple.claims, 'import_households', {
        p_wedding_id: couple.wedding.id,
        p_households: households,
      })
      // The last keys are still in the index's pending list (0027): the search reads it too.
      expect(await searchWedding(couple.wedding.id, 'crisanta dimaculangan1234')).toMatchObject({
        status: 'found',
        matches: [{ firstName: 'Crisanta', lastName: 'Dimaculangan1234' }],
      })
      const plan = await t.asOwner<{ 'QUERY PLAN': string }>(
        `explain select id from kasalan.persons p where p.search_keys @> array['crisanta']`,
      )
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('persons_search_keys_idx')
    },
  )
})

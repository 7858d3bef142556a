// Row-level security and grants on every table, checked with direct SQL as PostgREST would run it:
// anon reaches no table at all; owner B sees and changes none of owner A's rows; nobody moves a row
// to another owner, wedding or household. Households and persons are written only through the
// functions (0009): signed-in users may read them under RLS but not write them directly.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'

type Table = 'weddings' | 'sections' | 'households' | 'persons' | 'seating_layouts'
const TABLES: Table[] = ['weddings', 'sections', 'households', 'persons', 'seating_layouts']
/** Tables whose direct writes are revoked: only the functions write them (all of them since 0026). */
const FUNCTION_WRITTEN = new Set<Table>(TABLES)
const denied = { code: '42501' }

let t: TestDb
let ownerA: NonNullable<Claims>
let ownerB: NonNullable<Claims>
let weddingA: string
let weddingB: string
/** One row id of owner A per table. */
const rowA = {} as Record<Table, string>

beforeAll(async () => {
  t = await createTestDb()
  const a = await t.couple('Liza', 'Paolo')
  const b = await t.couple('Rina', 'Karlo')
  ownerA = a.claims
  ownerB = b.claims
  weddingA = a.wedding.id
  weddingB = b.wedding.id

  const household = (await t.rpc(ownerA, 'save_household', {
    p_wedding_id: weddingA,
    p_household: {
      persons: [
        { firstName: 'Nilo', type: 'adult' },
        { firstName: 'Tess', type: 'adult' },
      ],
    },
  })) as { id: string; persons: { id: string }[] }
  await t.rpc(ownerA, 'save_seating_layout', {
    p_wedding_id: weddingA,
    p_layout: { tables: [], seats: [] },
  })
  const layout = await t.asOwner<{ id: string }>(
    'select id from kasalan.seating_layouts where wedding_id = $1',
    [weddingA],
  )

  rowA.weddings = weddingA
  rowA.sections = a.wedding.sections[0]!.id
  rowA.households = household.id
  rowA.persons = household.persons[0]!.id
  rowA.seating_layouts = layout.rows[0]!.id
})

afterAll(async () => {
  await t?.close()
})

/** A column each table can be updated on without breaking a check. */
const HARMLESS_UPDATE: Record<Table, string> = {
  weddings: "title = 'changed'",
  sections: "label = 'changed'",
  households: "notes = 'changed'",
  persons: "notes = 'changed'",
  seating_layouts: `layout = '{"tables": [], "seats": []}'`,
}

describe.each(TABLES)('kasalan.%s', (table) => {
  test('has row-level security enabled, with one policy per operation for authenticated only', async () => {
    const { rows } = await t.asOwner<{ rls: boolean }>(
      `select relrowsecurity as rls from pg_class where oid = $1::regclass`,
      [`kasalan.${table}`],
    )
    expect(rows[0]?.rls).toBe(true)

    const policies = await t.asOwner<{ cmd: string; roles: string[] }>(
      'select cmd, roles::text[] as roles from pg_policies where schemaname = $1 and tablename = $2 order by cmd',
      ['kasalan', table],
    )
    // Reads only: the write policies went with the write grants (0026).
    expect(policies.rows.map((p) => p.cmd).sort()).toEqual(['SELECT'])
    for (const policy of policies.rows) expect(policy.roles).toEqual(['authenticated'])
  })

  test('grants anon nothing and authenticated only select, insert, update and delete (or only select)', async () => {
    const { rows } = await t.asOwner<{ grantee: string; privilege_type: string }>(
      `select grantee, privilege_type from information_schema.role_table_grants
       where table_schema = 'kasalan' and table_name = $1 and grantee in ('anon', 'authenticated', 'PUBLIC')
       order by grantee, privilege_type`,
      [table],
    )
    const privileges = FUNCTION_WRITTEN.has(table)
      ? ['SELECT']
      : ['DELETE', 'INSERT', 'SELECT', 'UPDATE']
    expect(rows).toEqual(
      privileges.map((privilege_type) => ({ grantee: 'authenticated', privilege_type })),
    )
  })

  test('anon can neither read nor write it', async () => {
    await expect(t.asRole('anon', null, `select * from kasalan.${table}`)).rejects.toMatchObject(
      denied,
    )
    await expect(
      t.asRole(
        'anon',
        null,
        `insert into kasalan.${table} (id) values (extensions.gen_random_uuid())`,
      ),
    ).rejects.toMatchObject(denied)
    await expect(
      t.asRole(
        'anon',
        null,
        `update kasalan.${table} set ${HARMLESS_UPDATE[table]} where id = $1`,
        [rowA[table]],
      ),
    ).rejects.toMatchObject(denied)
    await expect(
      t.asRole('anon', null, `delete from kasalan.${table} where id = $1`, [rowA[table]]),
    ).rejects.toMatchObject(denied)
  })

  test("owner B neither sees nor changes owner A's rows", async () => {
    const seen = await t.asRole(
      'authenticated',
      ownerB,
      `select * from kasalan.${table} where id = $1`,
      [rowA[table]],
    )
    expect(seen.rows).toHaveLength(0)
    const all = await t.asRole<{ n: number }>(
      'authenticated',
      ownerB,
      `select count(*)::int as n from kasalan.${table} where ${table === 'weddings' ? 'id' : 'wedding_id'} = $1`,
      [weddingA],
    )
    expect(all.rows[0]?.n).toBe(0)

    const update = () =>
      t.asRole(
        'authenticated',
        ownerB,
        `update kasalan.${table} set ${HARMLESS_UPDATE[table]} where id = $1`,
        [rowA[table]],
      )
    const remove = () =>
      t.asRole('authenticated', ownerB, `delete from kasalan.${table} where id = $1`, [rowA[table]])
    if (FUNCTION_WRITTEN.has(table)) {
      await expect(update()).rejects.toMatchObject(denied)
      await expect(remove()).rejects.toMatchObject(denied)
    } else {
      expect((await update()).affectedRows).toBe(0)
      expect((await remove()).affectedRows).toBe(0)
    }

    const still = await t.asOwner(`select 1 from kasalan.${table} where id = $1`, [rowA[table]])
    expect(still.rows).toHaveLength(1)
  })

  test('its owner and wedding can never change', async () => {
    const changeOwner = `update kasalan.${table} set user_id = $2 where id = $1`
    if (FUNCTION_WRITTEN.has(table)) {
      await expect(
        t.asRole('authenticated', ownerA, changeOwner, [rowA[table], ownerB.sub]),
      ).rejects.toMatchObject(denied)
    }
    await expect(
      FUNCTION_WRITTEN.has(table)
        ? t.asOwner(changeOwner, [rowA[table], ownerB.sub])
        : t.asRole('authenticated', ownerA, changeOwner, [rowA[table], ownerB.sub]),
    ).rejects.toMatchObject({ message: 'invalid_input', detail: 'user_id cannot be changed' })
    if (table !== 'weddings') {
      // A's second wedding does not exist (one per couple), so try B's, through the owner's back door too.
      await expect(
        t.asOwner(`update kasalan.${table} set wedding_id = $2 where id = $1`, [
          rowA[table],
          weddingB,
        ]),
      ).rejects.toMatchObject({ message: 'invalid_input', detail: 'wedding_id cannot be changed' })
    }
  })
})

describe('inserting into another couple’s wedding', () => {
  test('is refused by the policies for every child table', async () => {
    const inserts: [Table, string, unknown[]][] = [
      [
        'sections',
        "insert into kasalan.sections (wedding_id, type, path) values ($1, 'custom', 'sneaky')",
        [weddingA],
      ],
      ['households', 'insert into kasalan.households (wedding_id) values ($1)', [weddingA]],
      [
        'persons',
        "insert into kasalan.persons (wedding_id, household_id, first_name) values ($1, $2, 'Sneaky')",
        [weddingA, rowA.households],
      ],
      [
        'seating_layouts',
        'insert into kasalan.seating_layouts (wedding_id) values ($1)',
        [weddingA],
      ],
    ]
    for (const [table, sql, params] of inserts) {
      await expect(t.asRole('authenticated', ownerB, sql, params)).rejects.toMatchObject({
        code: '42501',
        message: expect.stringContaining(
          FUNCTION_WRITTEN.has(table) ? 'permission denied' : 'row-level security',
        ),
      })
    }
  })

  test('a wedding cannot be created for someone else', async () => {
    await expect(
      t.asRole(
        'authenticated',
        ownerB,
        `insert into kasalan.weddings (user_id, slug, bride, groom) values ($1, 'for-someone-else', '{}', '{}')`,
        [ownerA.sub],
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  test("a person cannot be put in another wedding's household", async () => {
    // B's own wedding, A's household: the (household, wedding) foreign key refuses it, even to the
    // database owner (B itself may not insert persons directly at all).
    const sql =
      "insert into kasalan.persons (wedding_id, household_id, first_name) values ($1, $2, 'Sneaky')"
    await expect(
      t.asRole('authenticated', ownerB, sql, [weddingB, rowA.households]),
    ).rejects.toMatchObject(denied)
    await expect(
      t.asOwner(
        "insert into kasalan.persons (wedding_id, household_id, user_id, first_name) values ($1, $2, $3, 'Sneaky')",
        [weddingB, rowA.households, ownerB.sub],
      ),
    ).rejects.toMatchObject({ code: '23503' })
  })

  test("a person's household can never change", async () => {
    const other = (await t.rpc(ownerA, 'save_household', {
      p_wedding_id: weddingA,
      p_household: { persons: [{ firstName: 'Odette' }] },
    })) as { id: string }
    await expect(
      t.asOwner('update kasalan.persons set household_id = $2 where id = $1', [
        rowA.persons,
        other.id,
      ]),
    ).rejects.toMatchObject({ message: 'invalid_input', detail: 'household_id cannot be changed' })
  })
})

// These rules hold for any writer, so they are checked as the database owner (the only one left
// who may write the tables directly).
describe('household rule in the database', () => {
  test('a direct delete of the last adult is refused at commit', async () => {
    const household = (await t.rpc(ownerA, 'save_household', {
      p_wedding_id: weddingA,
      p_household: {
        persons: [
          { firstName: 'Lone', type: 'adult' },
          { firstName: 'Kid', type: 'child' },
        ],
      },
    })) as { id: string; persons: { id: string }[] }
    const inTransaction = (sql: string, params: unknown[]) =>
      t.db.transaction((tx) => tx.query(sql, params))
    await expect(
      inTransaction('delete from kasalan.persons where id = $1', [household.persons[0]!.id]),
    ).rejects.toMatchObject({ message: 'household_needs_adult' })
    await expect(
      inTransaction("update kasalan.persons set type = 'child' where id = $1", [
        household.persons[0]!.id,
      ]),
    ).rejects.toMatchObject({ message: 'household_needs_adult' })
    const { rows } = await t.asOwner(
      'select count(*)::int as n from kasalan.persons where household_id = $1',
      [household.id],
    )
    expect(rows[0]).toEqual({ n: 2 })

    // Deleting the whole household is fine.
    const deleted = await t.asOwner('delete from kasalan.households where id = $1', [household.id])
    expect(deleted.affectedRows).toBe(1)
  })

  test('a household without persons cannot be created directly', async () => {
    await expect(
      t.db.transaction((tx) =>
        tx.query('insert into kasalan.households (wedding_id, user_id) values ($1, $2)', [
          weddingA,
          ownerA.sub,
        ]),
      ),
    ).rejects.toMatchObject({ message: 'household_needs_adult' })
  })
})

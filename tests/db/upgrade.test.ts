// A browser whose embedded database applied the migrations of before the per-domain baseline
// (0001_kasalan_core … 0031_member_views) comes up on the baseline with the couple's wedding
// intact. The database is tests/fixtures/upgrade-0031.tgz, made by scripts/make-upgrade-fixture.ts
// from the checkout of that time. PGlite only: it is a PGlite data directory.

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bootstrap, callRpc, localAuth, type Claims } from '../../src/lib/backend/local/engine'
import { REPLACED_VERSIONS } from '../../src/lib/backend/local/baseline-upgrade'
import { ENGINE, readSqlFiles } from './harness'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const facts = JSON.parse(readFileSync(`${ROOT}tests/fixtures/upgrade-0031.json`, 'utf8')) as {
  coupleEmail: string
  password: string
  coordinatorEmail: string
  weddingId: string
  slug: string
  oldSlug: string
  households: string[]
  persons: string[]
}

/** The old schema's names as they are now: the table of households, and a household's id. */
const TABLE_NOW: Record<string, string> = { guests: 'households' }
const COLUMN_NOW: Record<string, string> = { guest_id: 'household_id' }
/** Keys of the rows' own JSON renamed with them (a seat's household, an import's households). */
const JSON_NOW: [RegExp, string][] = [
  [/"guestId":/g, '"householdId":'],
  [/"guestIds":/g, '"householdIds":'],
]

/** The persons' answers before 0035 (the main event's replies since). */
const ANSWER_COLUMNS = ['is_attending', 'response', 'responded_at', 'rsvp_recorded_by']
const WHOLE_WEDDING = '00000000-0000-0000-0000-000000000000'
type Row = Record<string, unknown>
/** Tables 0035 fills from the rows before, with what each must hold. */
const MOVED_ANSWERS: Record<string, (before: Record<string, unknown[]>) => Row[]> = {
  wedding_events: (before) =>
    (before.weddings as Row[]).map((w) => ({
      wedding_id: w.id,
      event_id: WHOLE_WEDDING,
      takes_rsvp: false,
      is_private: false,
      is_main: true,
    })),
  event_replies: (before) =>
    (before.persons as Row[])
      .filter((p) => p.is_attending !== null)
      .map((p) => ({
        wedding_id: p.wedding_id,
        event_id: WHOLE_WEDDING,
        person_id: p.id,
        household_id: p.household_id,
        is_attending: p.is_attending,
        response: p.response,
        responded_at: p.responded_at,
      })),
}

const open = () =>
  PGlite.create({
    loadDataDir: new Blob([readFileSync(`${ROOT}tests/fixtures/upgrade-0031.tgz`)], {
      type: 'application/x-gzip',
    }),
    extensions: { pgcrypto, unaccent, pg_trgm },
  })

/** Every row of every table of kasalan, as JSON, generated columns left out, sorted. */
async function rowsOf(db: PGlite, rename = false): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await db.query<{ table: string }>(
    "select relname as table from pg_class where relnamespace = 'kasalan'::regnamespace and relkind = 'r' order by 1",
  )
  const out: Record<string, unknown[]> = {}
  for (const { table } of tables) {
    const { rows } = await db.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(t) - array(select attname::text from pg_attribute
                                   where attrelid = 'kasalan.${table}'::regclass and attgenerated <> '') as row
         from kasalan.${table} t`,
    )
    const now = (row: Record<string, unknown>) => {
      if (!rename) return row
      let text = JSON.stringify(
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [COLUMN_NOW[key] ?? key, value]),
        ),
      )
      for (const [old, renamed] of JSON_NOW) text = text.replace(old, renamed)
      return JSON.parse(text) as Record<string, unknown>
    }
    out[(rename && TABLE_NOW[table]) || table] = rows
      .map(({ row }) => now(row))
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
  }
  return out
}

describe.runIf(ENGINE === 'pglite')('a database made before the per-domain baseline', () => {
  let db: PGlite
  let before: Record<string, unknown[]>
  let applied: string[]

  beforeAll(async () => {
    const old = await open()
    before = await rowsOf(old, true)
    await old.close()
    db = await open()
    applied = await bootstrap(db, readSqlFiles())
  }, 120_000)

  afterAll(async () => {
    await db?.close()
  })

  test('is the fixture it claims to be: the old versions, with the couple in it', () => {
    expect(before.weddings?.length).toBeGreaterThanOrEqual(2)
    expect(Object.values(before).flat().length).toBeGreaterThan(40)
  })

  test('moves onto the baseline: the new versions recorded, the old ones gone', async () => {
    const { migrations } = readSqlFiles()
    expect(applied).toEqual(migrations.map((m) => m.version))
    const { rows } = await db.query<{ version: string }>(
      'select version from kasalan_local.applied_versions order by 1',
    )
    expect(rows.map((r) => r.version)).toEqual(
      ['auth-shim', ...migrations.map((m) => m.version), 'seed'].sort(),
    )
    expect(rows.some((r) => REPLACED_VERSIONS.has(r.version))).toBe(false)
    const { rows: schemas } = await db.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname like 'kasalan%' order by 1",
    )
    expect(schemas.map((s) => s.name)).toEqual(['kasalan', 'kasalan_local', 'kasalan_private'])
    // A second start applies nothing.
    expect(await bootstrap(db, readSqlFiles())).toEqual([])
  })

  test('keeps every row of every table: weddings, households, persons, answers, seats, sections, members, old slugs', async () => {
    const after = await rowsOf(db)
    // Tables and columns later migrations added start empty and at their defaults; the rest is as it was.
    expect(Object.keys(after)).toEqual(expect.arrayContaining(Object.keys(before)))
    // (The name search's built-in nicknames, 0025, belong to no wedding.)
    const added = (table: string) =>
      (after[table] ?? []).filter(
        (row) =>
          !(table === 'nicknames' && (row as { wedding_id: string | null }).wedding_id === null),
      )
    expect(after.nicknames?.length).toBeGreaterThan(300)
    const asBefore = (rows: unknown[], columns: string[]) =>
      rows
        .map((row) =>
          Object.fromEntries(
            columns.map((column) => [column, (row as Record<string, unknown>)[column]]),
          ),
        )
        .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
    for (const table of Object.keys(after).filter(
      (name) => !(name in before) && !(name in MOVED_ANSWERS),
    ))
      expect({ table, rows: added(table) }).toEqual({ table, rows: [] })
    // 0035: each wedding answers as one (its whole-wedding event), and the persons' answers are
    // that event's replies.
    const sorted = (rows: unknown[]) =>
      [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
    for (const [table, expected] of Object.entries(MOVED_ANSWERS)) {
      const columns = Object.keys(expected(before)[0] ?? {})
      expect(columns.length).toBeGreaterThan(0)
      expect({ table, rows: asBefore(after[table] ?? [], columns) }).toEqual({
        table,
        rows: sorted(expected(before)),
      })
    }
    for (const [table, rows] of Object.entries(before)) {
      const columns = Object.keys((rows[0] ?? {}) as Record<string, unknown>).filter(
        (column) => table !== 'persons' || !ANSWER_COLUMNS.includes(column),
      )
      expect({ table, rows: asBefore(after[table] ?? [], columns) }).toEqual({
        table,
        rows: asBefore(rows, columns),
      })
    }
  })

  test('the couple signs in and sees their wedding, guests, answers and seats', async () => {
    const user = await localAuth(db, 'signIn', facts.coupleEmail, facts.password)
    const couple: Claims = { sub: user.id, email: user.email, role: 'authenticated' }
    const wedding = (await callRpc(db, couple, 'get_my_wedding')) as {
      id: string
      slug: string
      sections: unknown[]
    }
    expect(wedding).toMatchObject({ id: facts.weddingId, slug: facts.slug })
    expect(wedding.sections.length).toBeGreaterThan(3)
    const guests = (await callRpc(db, couple, 'list_households', {
      p_wedding_id: facts.weddingId,
    })) as {
      id: string
      persons: { id: string; isAttending: boolean | null }[]
    }[]
    expect(guests.map((g) => g.id).sort()).toEqual([...facts.households].sort())
    expect(guests.flatMap((g) => g.persons.map((p) => p.id)).sort()).toEqual(
      [...facts.persons].sort(),
    )
    expect(guests.flatMap((g) => g.persons.map((p) => p.isAttending)).sort()).toEqual([
      false,
      true,
      true,
    ])
    const rsvps = (await callRpc(db, couple, 'list_rsvps', {
      p_wedding_id: facts.weddingId,
    })) as unknown[]
    expect(rsvps.length).toBeGreaterThan(0)
    const layout = (await callRpc(db, couple, 'get_seating_layout', {
      p_wedding_id: facts.weddingId,
    })) as {
      layout: { seats: { personId: string | null }[] }
    }
    expect(layout.layout.seats.map((s) => s.personId)).toContain(facts.persons[0])
    const invitations = (await callRpc(db, couple, 'list_invitations', {
      p_wedding_id: facts.weddingId,
    })) as {
      households: { householdId: string; sends: number; invitedVia: string | null }[]
    }
    expect(invitations.households.find((h) => h.householdId === facts.households[0])).toMatchObject(
      { sends: 1, invitedVia: 'viber' },
    )
    const { members } = (await callRpc(db, couple, 'list_members', {
      p_wedding_id: facts.weddingId,
    })) as {
      members: { displayName: string }[]
    }
    expect(members.map((m) => m.displayName)).toContain('Tita Baby')
  })

  test('the site answers at its address and its old one, and the coordinator still works on it', async () => {
    const site = (await callRpc(db, null, 'get_site', { p_slug: facts.slug })) as {
      wedding: { id: string }
    }
    expect(site.wedding.id).toBe(facts.weddingId)
    expect(await callRpc(db, null, 'get_site', { p_slug: facts.oldSlug })).toMatchObject({
      redirectTo: facts.slug,
    })
    const user = await localAuth(db, 'signIn', facts.coordinatorEmail, facts.password)
    const coordinator: Claims = { sub: user.id, email: user.email, role: 'authenticated' }
    const mine = (await callRpc(db, coordinator, 'list_my_weddings')) as {
      id: string
      role: string
    }[]
    expect(mine).toEqual([expect.objectContaining({ id: facts.weddingId, role: 'coordinator' })])
    expect(
      await callRpc(db, coordinator, 'list_households', { p_wedding_id: facts.weddingId }),
    ).toHaveLength(2)
    // A write goes through the new definitions: triggers, policies, the activity feed.
    const saved = (await callRpc(db, coordinator, 'save_household', {
      p_wedding_id: facts.weddingId,
      p_household: { persons: [{ firstName: 'Bagong', lastName: 'Bisita' }] },
    })) as { id: string }
    expect(
      await callRpc(db, coordinator, 'list_households', { p_wedding_id: facts.weddingId }),
    ).toHaveLength(3)
    const { rows } = await db.query(
      'select 1 from kasalan.wedding_activity where household_id = $1',
      [saved.id],
    )
    expect(rows.length).toBeGreaterThan(0)
  })
})

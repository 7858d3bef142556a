// Moves an embedded database made by the migrations the per-domain baseline replaced onto that
// baseline, keeping every row. Part of the engine (no browser-only or Node-only API).

import type { PgLike, PgTx, SqlFile } from './engine.ts'

/**
 * The migrations the baseline (0001_core … 0010_wedding_file) replaced (0032 landed while it was
 * made, and is part of it). A database that applied
 * any of them holds the old definitions: `bootstrap` moves its rows onto the baseline once.
 */
export const REPLACED_VERSIONS: ReadonlySet<string> = new Set([
  '0001_kasalan_core',
  '0003_site_publishing',
  '0004_rsvp',
  '0005_guest_import',
  '0006_seating',
  '0007_site_builder',
  '0008_site_content',
  '0009_guest_privacy',
  '0011_production_parity',
  '0012_members',
  '0013_import_replies',
  '0014_invitations',
  '0017_invitation_email',
  '0018_invitation_privacy',
  '0019_activity',
  '0021_members_finish',
  '0022_quick_reads',
  '0023_import_activity',
  '0024_slug_per_wedding',
  '0025_code_attempt_limits',
  '0026_writes_through_functions',
  '0027_invitation_links',
  '0028_trusted_client_address',
  '0030_private_helpers',
  '0031_member_views',
  '0032_names_need_a_letter',
])

/**
 * The last migration a move onto the baseline applies before copying the rows. Those after it run
 * on the copied rows as on any database: 0035 moves the persons' answers (columns the copy fills)
 * into the events' replies.
 */
export const COPIED_THROUGH = '0034_one_save_shape'

/** A table of the baseline that had another name before it: new name → old name. */
const TABLE_WAS: Readonly<Record<string, string>> = { households: 'guests' }

/** A column of the baseline that had another name before it, in whichever table: new → old. */
const COLUMN_WAS: Readonly<Record<string, string>> = { household_id: 'guest_id' }

/**
 * The rows' own JSON, renamed as the columns were: a seat names its household `householdId`, and
 * an import's activity entry its households `householdIds` (both `guest…` before).
 */
const AFTER_COPY = [
  `update kasalan.seating_layouts
      set layout = jsonb_set(layout, '{seats}', kasalan_private.renamed_key(layout -> 'seats', 'guestId', 'householdId'))
    where jsonb_typeof(layout -> 'seats') = 'array'`,
  `update kasalan.wedding_activity
      set details = (details - 'guestIds') || jsonb_build_object('householdIds', details -> 'guestIds')
    where details ? 'guestIds'`,
]

const SCHEMAS = ['kasalan', 'kasalan_private'] as const
const OLD = (schema: string) => `${schema}_replaced`

interface Column {
  table: string
  column: string
  generated: boolean
}

async function columnsOf(tx: PgTx, schema: string): Promise<Column[]> {
  const { rows } = await tx.query<Column>(
    `select c.relname as table, a.attname as column, a.attgenerated <> '' as generated
       from pg_catalog.pg_class c
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relnamespace = $1::regnamespace and c.relkind = 'r'
      order by c.relname, a.attnum`,
    [schema],
  )
  return rows
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * In one transaction: sets the old schemas aside, applies `migrations` (the baseline and anything
 * after it), copies every row of every old table into its table of the baseline (by column name,
 * through TABLE_WAS and COLUMN_WAS), drops the old schemas and records the versions. Refuses,
 * changing nothing, when a column or table with rows would have nowhere to go. Returns the versions
 * applied.
 */
export async function moveToBaseline(db: PgLike, migrations: SqlFile[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    for (const schema of SCHEMAS) {
      await tx.exec(`alter schema ${schema} rename to ${OLD(schema)}`)
    }
    for (const migration of migrations) await tx.exec(migration.sql)

    // Rows are copied as they are: no trigger (activity entries, an owner added for a new
    // wedding, updated_at) nor foreign-key check runs for them, as when restoring a dump.
    await tx.exec('set local session_replication_role = replica')
    for (const schema of SCHEMAS) {
      const before = await columnsOf(tx, OLD(schema))
      const after = await columnsOf(tx, schema)
      const used = new Set<string>()
      for (const table of new Set(after.map((c) => c.table))) {
        const oldTable = TABLE_WAS[table] ?? table
        const targets: string[] = []
        const sources: string[] = []
        for (const { column, generated } of after.filter((c) => c.table === table)) {
          if (generated) continue
          const oldColumn = before.some((c) => c.table === oldTable && c.column === column)
            ? column
            : (COLUMN_WAS[column] ?? column)
          if (!before.some((c) => c.table === oldTable && c.column === oldColumn)) continue
          targets.push(ident(column))
          sources.push(ident(oldColumn))
          used.add(`${oldTable}.${oldColumn}`)
        }
        if (targets.length === 0) continue
        await tx.exec(
          `insert into ${schema}.${ident(table)} (${targets.join(', ')})
           select ${sources.join(', ')} from ${OLD(schema)}.${ident(oldTable)}`,
        )
      }
      // Anything left behind must be empty (a column nobody filled, a table of a removed feature).
      for (const { table, column, generated } of before) {
        if (generated || used.has(`${table}.${column}`)) continue
        const { rows } = await tx.query<{ kept: boolean }>(
          `select exists (select 1 from ${OLD(schema)}.${ident(table)} where ${ident(column)} is not null) as kept`,
        )
        if (rows[0]?.kept)
          throw new Error(`moving to the new baseline would lose ${schema}.${table}.${column}`)
      }
    }
    for (const sql of AFTER_COPY) await tx.exec(sql)
    await tx.exec('set local session_replication_role = origin')

    for (const schema of SCHEMAS) await tx.exec(`drop schema ${OLD(schema)} cascade`)
    await tx.query('delete from kasalan_local.applied_versions where version = any ($1::text[])', [
      [...REPLACED_VERSIONS],
    ])
    for (const migration of migrations) {
      await tx.query('insert into kasalan_local.applied_versions (version) values ($1)', [
        migration.version,
      ])
    }
    return migrations.map((migration) => migration.version)
  })
}

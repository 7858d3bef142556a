// What a database's schemas `kasalan` and `kasalan_private` hold, as text to compare: functions
// (pg_get_functiondef, grants), tables and columns, constraints, indexes, triggers, policies, row-
// level security and the grants on schemas, tables and functions. Names only where the database
// chose them at random (none here), so two databases built from the same SQL read the same.

import type pg from 'pg'

const SCHEMAS = "('kasalan', 'kasalan_private')"

export const CATALOG_QUERIES: Record<string, string> = {
  functions: `
    select p.oid::regprocedure::text as key, pg_catalog.pg_get_functiondef(p.oid) as value
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ${SCHEMAS}`,
  functionGrants: `
    select p.oid::regprocedure::text as key,
      coalesce((select string_agg(case when a.grantee = 0 then 'public' else a.grantee::regrole::text end
                                  || ':' || a.privilege_type, ',' order by 1)
                from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a), '') as value
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ${SCHEMAS}`,
  columns: `
    select c.oid::regclass::text || '.' || a.attname as key,
      concat_ws(' ', pg_catalog.format_type(a.atttypid, a.atttypmod), case when a.attnotnull then 'not null' end,
                'default ' || pg_catalog.pg_get_expr(d.adbin, d.adrelid), nullif(a.attgenerated, '')) as value
    from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname in ${SCHEMAS} and c.relkind in ('r', 'v', 'm', 'p') and a.attnum > 0 and not a.attisdropped`,
  tables: `
    select c.oid::regclass::text as key,
      concat_ws(' ', c.relkind, 'rls=' || c.relrowsecurity, 'force=' || c.relforcerowsecurity,
        (select string_agg(case when a.grantee = 0 then 'public' else a.grantee::regrole::text end
                           || ':' || a.privilege_type, ',' order by 1)
         from aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a)) as value
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ${SCHEMAS} and c.relkind in ('r', 'v', 'm', 'p', 'S')`,
  constraints: `
    select k.conrelid::regclass::text || ' ' || k.conname as key,
      concat_ws(' ', pg_catalog.pg_get_constraintdef(k.oid), case when k.condeferrable then 'deferrable' end,
                case when k.condeferred then 'deferred' end) as value
    from pg_catalog.pg_constraint k join pg_catalog.pg_namespace n on n.oid = k.connamespace
    where n.nspname in ${SCHEMAS}`,
  indexes: `
    select schemaname || '.' || indexname as key, indexdef as value
    from pg_catalog.pg_indexes where schemaname in ${SCHEMAS}`,
  triggers: `
    select t.tgrelid::regclass::text || ' ' || t.tgname as key, pg_catalog.pg_get_triggerdef(t.oid) as value
    from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ${SCHEMAS} and not t.tgisinternal`,
  policies: `
    select schemaname || '.' || tablename || ' ' || policyname as key,
      concat_ws(' | ', permissive, roles::text, cmd, qual, with_check) as value
    from pg_catalog.pg_policies where schemaname in ${SCHEMAS}`,
  schemas: `
    select n.nspname as key,
      (select string_agg(case when a.grantee = 0 then 'public' else a.grantee::regrole::text end
                         || ':' || a.privilege_type, ',' order by 1)
       from aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a) as value
    from pg_catalog.pg_namespace n where n.nspname in ${SCHEMAS}`,
  types: `
    select t.oid::regtype::text as key, t.typtype::text as value
    from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where n.nspname in ${SCHEMAS} and t.typtype not in ('c', 'b') or (n.nspname in ${SCHEMAS} and t.typtype = 'c'
      and exists (select 1 from pg_catalog.pg_class c where c.oid = t.typrelid and c.relkind = 'c'))`,
}

export type Catalog = Record<string, Record<string, string>>

/** Reads the catalog of one database, each kind as {key: value}. */
export async function readCatalog(db: Pick<pg.Client, 'query'>): Promise<Catalog> {
  const catalog: Catalog = {}
  for (const [kind, sql] of Object.entries(CATALOG_QUERIES)) {
    const { rows } = await db.query<{ key: string; value: string }>(sql)
    catalog[kind] = Object.fromEntries(
      rows.map((row) => [row.key, row.value]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
    )
  }
  return catalog
}

/** Where two catalogs differ, one line each: "kind key: only in a", "... differs". */
export function catalogDifferences(a: Catalog, b: Catalog): string[] {
  const out: string[] = []
  for (const kind of Object.keys(CATALOG_QUERIES)) {
    const left = a[kind] ?? {}
    const right = b[kind] ?? {}
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      if (!(key in right)) out.push(`${kind} ${key}: only in the first`)
      else if (!(key in left)) out.push(`${kind} ${key}: only in the second`)
      else if (left[key] !== right[key]) out.push(`${kind} ${key}: differs`)
    }
  }
  return out.sort()
}

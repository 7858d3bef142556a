-- What Supabase's database advisors would flag, as pgTAP (`supabase test db` runs this file; so does
-- the database tests' real-PostgreSQL lane). Run as `postgres`.
begin;
create extension if not exists pgtap with schema extensions;
select * from no_plan();

-- Unindexed foreign keys: every foreign key of a kasalan table has an index whose leading columns
-- are the key's columns, so cascading deletes and the joins RLS makes do not scan the table.
select ok(
  exists (
    select 1
    from pg_catalog.pg_index i
    where i.indrelid = c.conrelid
      and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
      and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
  ),
  format('foreign key %s of kasalan.%s is indexed', c.conname, c.conrelid::regclass)
)
from pg_catalog.pg_constraint c
where c.contype = 'f' and c.connamespace = 'kasalan'::regnamespace
order by c.conrelid::regclass::text, c.conname;

-- Security definer functions live only in kasalan (nothing in public for the API to expose).
select is_empty(
  $$ select p.oid::regprocedure::text from pg_catalog.pg_proc p
     where p.pronamespace = 'public'::regnamespace and p.prosecdef $$,
  'no security definer function in public'
);

-- Policies call auth.uid() once per statement, not once per row ("auth_rls_initplan").
select ok(
  coalesce(p.qual, '') !~ '(^|[^(])auth\.uid\(\)' or coalesce(p.qual, '') ~ 'SELECT auth\.uid\(\)',
  format('policy "%s" on kasalan.%s wraps auth.uid() in a select', p.policyname, p.tablename)
)
from pg_catalog.pg_policies p
where p.schemaname = 'kasalan'
order by p.tablename, p.policyname;

select * from finish();
rollback;

-- Row-level security and grants of the kasalan schema, in pgTAP (`supabase test db` runs this file;
-- so does the database tests' real-PostgreSQL lane, tests/db/pgtap.test.ts). Run as `postgres`.
-- Every table and every function is checked, so a new one is covered the day it is added.
begin;
create extension if not exists pgtap with schema extensions;
select * from no_plan();

-- =============================================================================================
-- Tables: RLS on, nothing for anon, reads only for signed-in users (writes go through functions)
-- =============================================================================================

select ok(c.relrowsecurity, format('kasalan.%s has row level security', c.relname))
from pg_catalog.pg_class c
where c.relnamespace = 'kasalan'::regnamespace and c.relkind in ('r', 'p')
order by c.relname;

select table_privs_are('kasalan', c.relname, 'anon', array[]::text[], format('anon has no privilege on kasalan.%s', c.relname))
from pg_catalog.pg_class c
where c.relnamespace = 'kasalan'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
order by c.relname;

select ok(
  not has_table_privilege('authenticated', c.oid, 'insert, update, delete, truncate, references, trigger'),
  format('authenticated cannot write, truncate, reference or trigger on kasalan.%s', c.relname)
)
from pg_catalog.pg_class c
where c.relnamespace = 'kasalan'::regnamespace and c.relkind in ('r', 'p')
order by c.relname;

-- A table a signed-in user may touch has a policy for each thing they may do to it.
select ok(
  exists (
    select 1 from pg_catalog.pg_policies p
    where p.schemaname = 'kasalan' and p.tablename = c.relname and p.cmd in (x.cmd, 'ALL')
      and ('authenticated' = any (p.roles) or 'public' = any (p.roles))
  ),
  format('kasalan.%s has a %s policy for authenticated', c.relname, x.cmd)
)
from pg_catalog.pg_class c
cross join (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE')) as x(cmd)
where c.relnamespace = 'kasalan'::regnamespace and c.relkind in ('r', 'p')
  and has_table_privilege('authenticated', c.oid, x.cmd)
order by c.relname, x.cmd;

-- =============================================================================================
-- Functions: nothing for PUBLIC, anon only the deliberate public calls, definers locked down
-- =============================================================================================

select ok(
  not exists (
    select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
    where a.grantee = 0 and a.privilege_type = 'EXECUTE'
  ),
  format('PUBLIC may not execute %s', p.oid::regprocedure)
)
from pg_catalog.pg_proc p
where p.pronamespace in ('kasalan'::regnamespace, 'kasalan_private'::regnamespace)
order by p.oid::regprocedure::text;

select is(
  has_function_privilege('anon', p.oid, 'execute'),
  p.proname in ('get_site', 'search_persons', 'get_rsvp', 'submit_rsvp', 'get_media_object', 'media_readable', 'open_invitation', 'open_invitation_code', 'get_link_preview'),
  format('anon %s execute kasalan.%s', case when p.proname in ('get_site', 'search_persons', 'get_rsvp', 'submit_rsvp', 'get_media_object', 'media_readable', 'open_invitation', 'open_invitation_code', 'get_link_preview') then 'may' else 'may not' end, p.oid::regprocedure)
)
from pg_catalog.pg_proc p
where p.pronamespace = 'kasalan'::regnamespace
order by p.oid::regprocedure::text;

select ok(
  coalesce('search_path=""' = any (p.proconfig), false),
  format('security definer %s runs with an empty search_path', p.oid::regprocedure)
)
from pg_catalog.pg_proc p
where p.pronamespace in ('kasalan'::regnamespace, 'kasalan_private'::regnamespace) and p.prosecdef
order by p.oid::regprocedure::text;

select ok(
  not has_function_privilege('authenticated', p.oid, 'execute'),
  format('trigger function kasalan.%s is not callable', p.oid::regprocedure)
)
from pg_catalog.pg_proc p
where p.pronamespace = 'kasalan'::regnamespace and p.prorettype = 'trigger'::regtype
order by p.oid::regprocedure::text;

-- =============================================================================================
-- Rows: two couples, each sees and changes only their own wedding
-- =============================================================================================

insert into auth.users (id, email, aud, role) values
  ('a0000000-0000-4000-8000-00000000000a', 'tap-a@example.com', 'authenticated', 'authenticated'),
  ('b0000000-0000-4000-8000-00000000000b', 'tap-b@example.com', 'authenticated', 'authenticated');

-- Couple A builds a wedding with a household through the functions, as the app does.
set local role authenticated;
select set_config('request.jwt.claims', '{"sub": "a0000000-0000-4000-8000-00000000000a", "role": "authenticated"}', true);
select lives_ok(
  $$ select kasalan.create_my_wedding('{"firstName": "Tala", "lastName": "Uno"}', '{"firstName": "Bayani", "lastName": "Dos"}') $$,
  'couple A creates their wedding'
);
select lives_ok(
  $$ select kasalan.save_household(
       (select id from kasalan.weddings),
       '{"email": "a@example.com", "persons": [{"firstName": "Lakan"}]}'
     ) $$,
  'couple A adds a household'
);
select lives_ok(
  $$ select kasalan.save_seating_layout((select id from kasalan.weddings), '{"tables": [], "seats": []}') $$,
  'couple A saves a seating layout'
);
select is((select count(*)::int from kasalan.households), 1, 'couple A sees their household');
select is((select count(*)::int from kasalan.persons), 1, 'couple A sees their person');
select is((select count(*)::int from kasalan.sections), 10, 'couple A sees their ten sections');

-- Couple B, signed in, sees nothing of A's and changes nothing of it.
select set_config('request.jwt.claims', '{"sub": "b0000000-0000-4000-8000-00000000000b", "role": "authenticated"}', true);
select is_empty($$ select id from kasalan.weddings $$, 'couple B sees no wedding of A');
select is_empty($$ select id from kasalan.sections $$, 'couple B sees no section of A');
select is_empty($$ select id from kasalan.households $$, 'couple B sees no household of A');
select is_empty($$ select id from kasalan.persons $$, 'couple B sees no person of A');
select is_empty($$ select id from kasalan.seating_layouts $$, 'couple B sees no seating layout of A');
-- Writes go through the functions only (0026): no signed-in user writes a table directly.
select throws_ok($$ update kasalan.weddings set title = 'Taken' returning id $$, '42501', null, 'couple B cannot update weddings directly');
select throws_ok($$ update kasalan.sections set title = 'Taken' returning id $$, '42501', null, 'couple B cannot update sections directly');
select throws_ok($$ delete from kasalan.seating_layouts returning id $$, '42501', null, 'couple B cannot delete seating layouts directly');
select throws_ok(
  $$ select kasalan.list_households('00000000-0000-4000-8000-000000000000') $$,
  'P0001', 'wedding_not_found', 'couple B cannot list guests of an unknown wedding'
);

-- anon reaches no table at all.
reset role;
set local role anon;
select set_config('request.jwt.claims', '{"role": "anon"}', true);
select throws_ok($$ select 1 from kasalan.weddings $$, '42501', null, 'anon cannot read weddings');
select throws_ok($$ select 1 from kasalan.households $$, '42501', null, 'anon cannot read households');
select throws_ok($$ select 1 from kasalan.persons $$, '42501', null, 'anon cannot read persons');
select throws_ok($$ select kasalan.list_households('00000000-0000-4000-8000-000000000000') $$, '42501', null, 'anon cannot list guests');
select throws_ok($$ select kasalan.export_wedding('00000000-0000-4000-8000-000000000000') $$, '42501', null, 'anon cannot export a wedding');
reset role;

select * from finish();
rollback;

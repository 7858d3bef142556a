-- The part of a hosted Supabase database that Kasalan's migrations and seed stand on, for the
-- database tests' real-PostgreSQL lane. Run once by the cluster's superuser (`supabase_admin`, as on
-- Supabase) in the template database, before the auth shim. As on Supabase:
--   - `postgres` owns and applies the migrations and is NOT a superuser;
--   - `anon`, `authenticated` and `service_role` are the request roles, entered only by
--     `authenticator` (the login PostgREST uses) with `set local role`;
--   - extensions live in schema `extensions`; the `auth` schema belongs to `supabase_auth_admin`.

do $roles$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'postgres') then
    create role postgres login createrole createdb bypassrls;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole;
  end if;
end
$roles$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
-- Tests that peek at other sessions (who is waiting on a lock) read pg_stat_activity as `postgres`.
grant pg_read_all_stats to postgres;

-- Like Supabase's `postgres` database, nobody but the owner may create in public. (The harness
-- grants `postgres` CREATE on each test database, as Supabase does on its one database.)
revoke create on schema public from public;
grant usage, create on schema public to postgres;

create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;


-- pgTAP for supabase/tests (where the server has it), and the search path Supabase gives `postgres`.
do $pgtap$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pgtap') then
    create extension if not exists pgtap with schema extensions;
  end if;
end
$pgtap$;
alter role postgres set search_path = "$user", public, extensions;

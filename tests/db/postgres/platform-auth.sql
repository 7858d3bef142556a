-- Run by the superuser just after the auth shim, on the real-PostgreSQL lane: `postgres` may write
-- auth.users and auth.identities (as the seed does on Supabase) and call the shim's local_* sign-up
-- functions, which stand in for Supabase Auth in the tests.
grant all privileges on all tables in schema auth to postgres;
grant execute on all functions in schema auth to postgres;

-- The bootstrap's own bookkeeping belongs to the migration owner, like everything it applies.
create schema if not exists kasalan_local authorization postgres;
set role postgres;
create table if not exists kasalan_local.applied_versions (
  version text primary key,
  applied_at timestamptz not null default now()
);
insert into kasalan_local.applied_versions (version) values ('auth-shim') on conflict do nothing;
reset role;

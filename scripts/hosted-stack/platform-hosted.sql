-- The rest of hosted Supabase's platform that the hosted stack (scripts/hosted-stack) stands on, run
-- by the superuser after tests/db/postgres/platform.sql, the auth shim and platform-auth.sql, and
-- before the migrations (so that 0008_media.sql finds Storage and creates its bucket and policies).
--   - Storage: schema `storage` owned by `supabase_storage_admin`, with `buckets` and `objects`
--     shaped like Supabase Storage's (https://github.com/supabase/storage, its migrations), the
--     object rows under row-level security and ALL granted to the request roles, as on Supabase;
--   - Auth: the columns, sessions and refresh tokens the stack's auth server keeps, shaped like
--     Supabase Auth's (https://github.com/supabase/auth, its migrations), owned by
--     `supabase_auth_admin`, the login the auth server uses.

do $roles$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin login noinherit createrole;
  end if;
end
$roles$;

grant anon, authenticated, service_role to supabase_storage_admin;
-- On Supabase, `postgres` may write buckets and create the project's policies on storage.objects.
grant supabase_storage_admin to postgres;

-- =============================================================================================
-- Storage
-- =============================================================================================

create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant usage on schema extensions to supabase_storage_admin;

set role supabase_storage_admin;

create table storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table storage.objects (
  id uuid primary key default extensions.gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  constraint bucketid_objname unique (bucket_id, name)
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Storage's helpers for policies: the folders of a name, its file name and its extension.
create function storage.foldername(name text) returns text[]
language sql immutable set search_path = '' as $$
  select (pg_catalog.string_to_array(name, '/'))[1:pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1) - 1]
$$;
create function storage.filename(name text) returns text
language sql immutable set search_path = '' as $$
  select (pg_catalog.string_to_array(name, '/'))[pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1)]
$$;
create function storage.extension(name text) returns text
language sql immutable set search_path = '' as $$
  select pg_catalog.split_part(storage.filename(name), '.', -1)
$$;

grant all on storage.buckets, storage.objects to postgres, anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to postgres, anon, authenticated, service_role;

reset role;

-- =============================================================================================
-- Auth
-- =============================================================================================

alter table auth.users
  add column if not exists confirmation_sent_at timestamptz,
  add column if not exists recovery_sent_at timestamptz,
  add column if not exists phone text,
  add column if not exists banned_until timestamptz,
  add column if not exists is_anonymous boolean not null default false;

grant usage, create on schema auth to supabase_auth_admin;
grant usage on schema extensions to supabase_auth_admin;
grant all privileges on auth.users, auth.identities to supabase_auth_admin;

set role supabase_auth_admin;

create table auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  not_after timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id varchar(255) not null,
  revoked boolean not null default false,
  parent varchar(255),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

reset role;

-- Local auth shim: the part of Supabase's platform that the migrations and the seed rely on, for the
-- embedded PGlite database and the database tests. It is applied once, before the first migration.
-- On Supabase the real roles, `auth` schema and `extensions` schema stand in its place, so nothing
-- here may be needed by a migration that Supabase does not also provide.

-- =============================================================================================
-- Roles and schemas
-- =============================================================================================

do $roles$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$roles$;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- =============================================================================================
-- Tables: the columns of Supabase's auth.users and auth.identities that a seed writes
-- =============================================================================================

create table auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255) unique,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  confirmation_token varchar(255) default '',
  recovery_token varchar(255) default '',
  email_change varchar(255) default '',
  email_change_token_new varchar(255) default '',
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table auth.identities (
  id uuid primary key default extensions.gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  unique (provider_id, provider)
);

-- =============================================================================================
-- Request functions, as on Supabase: read the JWT claims PostgREST puts in the transaction
-- =============================================================================================

-- The signed-in user's id, or null for anon. Called by policies and functions of every role.
create or replace function auth.uid()
returns uuid
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

-- The request's role ('anon' or 'authenticated'). Called by policies and functions of every role.
create or replace function auth.role()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

-- All of the request's JWT claims. Called by policies and functions of every role.
create or replace function auth.jwt()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;

-- =============================================================================================
-- Local sign-up and sign-in. Only the engine calls these, as the database owner; they stand in
-- for Supabase's auth server, so errors use its codes (user_already_exists, weak_password, ...).
-- =============================================================================================

-- The user as the local adapter hands it to the app. Called by the local_* functions below.
create or replace function auth.local_user_json(p_user auth.users)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_user.id,
    'email', p_user.email,
    'userMetadata', coalesce(p_user.raw_user_meta_data, '{}'::jsonb)
  )
$$;

-- Creates a confirmed e-mail/password user (local mode signs in at once). Database owner only.
create or replace function auth.local_sign_up(p_email text, p_password text, p_metadata jsonb default '{}')
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_user auth.users;
begin
  if char_length(v_email) > 254 or v_email !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
    raise exception 'invalid_email';
  end if;
  if char_length(coalesce(p_password, '')) < 8 then
    raise exception 'weak_password';
  end if;
  if p_metadata is not null and jsonb_typeof(p_metadata) <> 'object' then
    raise exception 'invalid_input' using detail = 'metadata must be an object';
  end if;

  begin
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at
    ) values (
      '00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated',
      v_email, extensions.crypt(p_password, extensions.gen_salt('bf')), now(),
      '{"provider": "email", "providers": ["email"]}', coalesce(p_metadata, '{}'), now(), now()
    )
    returning * into v_user;
  exception when unique_violation then
    raise exception 'user_already_exists';
  end;

  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (
    v_user.id::text, v_user.id,
    jsonb_build_object('sub', v_user.id::text, 'email', v_user.email, 'email_verified', true),
    'email', now(), now()
  );

  return auth.local_user_json(v_user);
end;
$$;

-- Checks an e-mail and password and returns the user. Database owner only.
create or replace function auth.local_sign_in(p_email text, p_password text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_user auth.users;
begin
  select * into v_user
  from auth.users u
  where u.email = lower(btrim(coalesce(p_email, '')));

  if not found
    or v_user.encrypted_password is null
    or v_user.encrypted_password <> extensions.crypt(coalesce(p_password, ''), v_user.encrypted_password)
  then
    raise exception 'invalid_credentials';
  end if;
  if v_user.email_confirmed_at is null then
    raise exception 'email_not_confirmed';
  end if;

  update auth.users set last_sign_in_at = now() where id = v_user.id;
  return auth.local_user_json(v_user);
end;
$$;

-- Sets a user's password (the local "update password" screen). Database owner only.
create or replace function auth.local_update_password(p_user_id uuid, p_password text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_user auth.users;
begin
  if char_length(coalesce(p_password, '')) < 8 then
    raise exception 'weak_password';
  end if;

  update auth.users
  set encrypted_password = extensions.crypt(p_password, extensions.gen_salt('bf')), updated_at = now()
  where id = p_user_id
  returning * into v_user;

  if not found then
    raise exception 'user_not_found';
  end if;
  return auth.local_user_json(v_user);
end;
$$;

-- The user with this id, or null (restores a local session). Database owner only.
create or replace function auth.local_get_user(p_user_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select auth.local_user_json(u) from auth.users u where u.id = p_user_id
$$;

revoke execute on function
  auth.local_user_json(auth.users),
  auth.local_sign_up(text, text, jsonb),
  auth.local_sign_in(text, text),
  auth.local_update_password(uuid, text),
  auth.local_get_user(uuid)
from public;

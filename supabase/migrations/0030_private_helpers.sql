-- Kasalan: the helpers leave the Data API.
--
-- PostgREST exposes schema kasalan, so every function there that anon or authenticated may execute
-- is a call anyone can make. The app calls only some of them; the rest were helpers of policies
-- and other functions (the permission checks can, can_manage, can_see_household, my_membership,
-- household_last_changes, the slug lookups slug_status and unique_wedding_slug, media_readable
-- for the storage policy, JSON and search helpers...), each a door nobody meant to open, some of
-- them security definer.
--
-- They move to schema kasalan_private, which PostgREST does not expose (supabase/config.toml lists
-- only kasalan), and keep the grants the policies and the app's own calls need, as basejump keeps
-- its helpers in a schema of their own. What anon and authenticated may execute in kasalan is then
-- exactly the app's calls (tests/db/data-api-surface.test.ts reads them from the app's source).
--
-- Policies, triggers, constraints and defaults name a function by its oid and follow it to its new
-- schema. Function bodies (plpgsql and sql) name it by text: every function that calls a moved
-- helper is recreated from its own definition with kasalan.<helper>( replaced by
-- kasalan_private.<helper>(. This runs over whatever functions exist when it runs, so functions
-- added by earlier migrations of any author are rewritten too.

create schema if not exists kasalan_private;  -- 0028 made it for the rate-limit helpers
revoke all on schema kasalan_private from public;
-- The caller's rights reach the helpers only where a policy or an invoker function runs one as
-- the caller: authenticated for the row policies, anon for the storage read policy (visitors'
-- photos go through media_readable).
grant usage on schema kasalan_private to anon, authenticated;

do $move_helpers$
declare
  -- Every function of kasalan that anon or authenticated could execute and the app never calls.
  v_helpers constant text[] := array[
    'can', 'can_manage', 'can_see_household', 'my_membership', 'wedding_has_members',
    'household_last_changes', 'rsvp_recorded_by_name',
    'slug_status', 'unique_wedding_slug', 'is_reserved_slug',
    'media_readable', 'media_wedding_id',
    'json_text', 'json_uuid', 'wedding_json', 'section_json', 'household_json',
    'rsvp_household_json', 'rsvp_is_closed', 'rsvp_questions_clean', 'rsvp_response',
    'search_text', 'search_word', 'person_search_name', 'person_search_words',
    'checked_seating_layout', 'seating_layout_for_guest_list', 'checked_theme',
    'section_shape', 'video_embed_for_storage', 'json_shape_problem', 'section_data_problem',
    'sanitize_section_embeds', 'couple_name_is_valid', 'couple_title',
    'new_invitation_code', 'new_invitation_token', 'email_daily_cap'
  ];
  -- A call of one of them by its old name: kasalan.<helper>(
  v_call constant text := '\mkasalan\.(' || array_to_string(v_helpers, '|') || ')\(';
  v_function record;
  v_role text;
  v_needed oid[];
  v_size integer;
  v_left text;
begin
  -- 1. Move them (all overloads). Grants, owner and attributes go with them.
  for v_function in
    select p.oid::regprocedure as signature
    from pg_catalog.pg_proc p
    where p.pronamespace = 'kasalan'::regnamespace and p.proname = any (v_helpers)
  loop
    execute format('alter function %s set schema kasalan_private', v_function.signature);
  end loop;

  -- 2. Recreate every function that calls one by its old name (in kasalan, and the helpers that
  --    call each other), from its own definition: create or replace keeps grants and attributes.
  for v_function in
    select p.oid
    from pg_catalog.pg_proc p
    where p.pronamespace in ('kasalan'::regnamespace, 'kasalan_private'::regnamespace)
      and p.prosrc ~ v_call
  loop
    execute regexp_replace(pg_catalog.pg_get_functiondef(v_function.oid), v_call, 'kasalan_private.\1(', 'g');
  end loop;

  -- 3. Nothing may still call a helper where it was, nor any helper be left in kasalan.
  select string_agg(p.oid::regprocedure::text, ', ') into v_left
  from pg_catalog.pg_proc p
  where p.pronamespace in ('kasalan'::regnamespace, 'kasalan_private'::regnamespace)
    and p.prosrc ~ v_call;
  if v_left is not null then
    raise exception 'functions still calling a moved helper by its old name: %', v_left;
  end if;
  select string_agg(p.oid::regprocedure::text, ', ') into v_left
  from pg_catalog.pg_proc p
  where p.pronamespace = 'kasalan'::regnamespace and p.proname = any (v_helpers);
  if v_left is not null then
    raise exception 'helpers left in kasalan: %', v_left;
  end if;

  execute 'revoke execute on all functions in schema kasalan_private from public';

  -- 4. Each role keeps EXECUTE on a helper only where it runs one with its own rights: in a policy
  --    that applies to it (kasalan's and Storage's), or inside an invoker function it may execute,
  --    and so on down through invoker helpers. Security definer functions run their helpers as
  --    the owner and need nothing from the caller.
  foreach v_role in array array['anon', 'authenticated'] loop
    select coalesce(array_agg(p.oid), '{}') into v_needed
    from pg_catalog.pg_proc p
    where p.pronamespace = 'kasalan_private'::regnamespace
      and exists (
        select 1 from pg_catalog.pg_policies pol
        where (v_role = any (pol.roles) or 'public' = any (pol.roles))
          and concat_ws(' ', pol.qual, pol.with_check) ~ ('\mkasalan_private\.' || p.proname || '\(')
      );
    loop
      v_size := cardinality(v_needed);
      select coalesce(array_agg(distinct p.oid), '{}') || v_needed into v_needed
      from pg_catalog.pg_proc p
      where p.pronamespace = 'kasalan_private'::regnamespace
        and p.oid <> all (v_needed)
        and exists (
          select 1 from pg_catalog.pg_proc caller
          where not caller.prosecdef
            and (
              caller.oid = any (v_needed)
              or (caller.pronamespace = 'kasalan'::regnamespace and has_function_privilege(v_role, caller.oid, 'execute'))
            )
            and caller.prosrc ~ ('\mkasalan_private\.' || p.proname || '\(')
        );
      exit when cardinality(v_needed) = v_size;
    end loop;

    for v_function in
      select p.oid::regprocedure as signature
      from pg_catalog.pg_proc p
      where p.pronamespace = 'kasalan_private'::regnamespace
        and p.oid <> all (v_needed)
        and has_function_privilege(v_role, p.oid, 'execute')
    loop
      execute format('revoke execute on function %s from %I', v_function.signature, v_role);
    end loop;
  end loop;
end;
$move_helpers$;

-- Nobody gets a helper by default: functions are executable by PUBLIC when created.
revoke execute on all functions in schema kasalan_private from public;

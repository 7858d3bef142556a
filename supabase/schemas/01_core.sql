-- Kasalan core: the schemas, the weddings and who may work on them, the permission checks every
-- other file's policies use, and the calls that create, list and edit a wedding.
--
-- The client never queries a table: it calls the functions of schema `kasalan` (the Data API
-- exposes it; supabase/config.toml). Helpers of policies and of other functions live in
-- `kasalan_private`, which the Data API does not expose. Functions raise a stable snake_case code
-- as the message (see docs/database-contract.md).
--
-- This file and the nine after it are the baseline: one file per domain, each object defined once
-- with its current definition. supabase/schemas/ holds the same files; a later change edits the
-- file there and adds a new migration (docs/database-contract.md, "Changing the schema").

create extension if not exists pgcrypto with schema extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

create schema if not exists kasalan;
grant usage on schema kasalan to anon, authenticated;

-- The caller's rights reach a helper only where a policy or an invoker function runs one as the
-- caller; each helper below is granted by name to the role that needs it.
create schema if not exists kasalan_private;
revoke all on schema kasalan_private from public;
grant usage on schema kasalan_private to anon, authenticated;

-- A schema-level "revoke execute on functions from public" is a no-op in Postgres (functions are
-- executable by public through the global default), so every function is revoked by name.

-- =============================================================================================
-- Checks the tables below rely on
-- =============================================================================================

-- Words a wedding's address may not be: the app's own routes and names a subdomain must keep.
-- Helper of slug_status.
create or replace function kasalan_private.is_reserved_slug(p_slug text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_slug in (
    'manage', 'auth', 'rsvp', 'api', 'www', 'admin', 'wedding', 'weddings', 'welcome', 'terms',
    'privacy', 'preview', 'assets', 'images', 'static', 'app', 'login', 'register', 'signup',
    'help', 'support', 'mail', 'email', 'kasalan', 'root', 'null', 'undefined', '404'
  )
$$;

revoke execute on function kasalan_private.is_reserved_slug(p_slug text) from public, anon, authenticated;

-- A theme as the site reads it, checked: {name, pageStyle?, fonts?: {<role>: <font>}, colors?:
-- {<role>: '#rrggbb'}}; a known name, fonts from the ones the site ships, colours hex only, no
-- other keys. Returns it with only those keys. Raises invalid_input otherwise. Helper of
-- save_site_structure.
create or replace function kasalan_private.checked_theme(p_theme jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
  v_fonts jsonb := '{}';
  v_colors jsonb := '{}';
begin
  if jsonb_typeof(p_theme) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'theme must be an object';
  end if;
  if coalesce(p_theme ->> 'name', '') not in ('classic', 'elegant', 'modern') then
    raise exception 'invalid_input' using detail = 'theme name must be classic, elegant or modern';
  end if;
  for v_key in select jsonb_object_keys(p_theme) loop
    if v_key not in ('name', 'pageStyle', 'fonts', 'colors') then
      raise exception 'invalid_input' using detail = format('unknown theme field %s', v_key);
    end if;
  end loop;
  if coalesce(p_theme ->> 'pageStyle', 'single-page') <> 'single-page' then
    raise exception 'invalid_input' using detail = 'pageStyle must be single-page';
  end if;

  if coalesce(jsonb_typeof(p_theme -> 'fonts'), 'null') not in ('object', 'null') then
    raise exception 'invalid_input' using detail = 'theme fonts must be an object';
  end if;
  for v_key, v_value in select key, value from jsonb_each(coalesce(p_theme -> 'fonts', '{}')) loop
    if v_key not in (
      'names', 'headings', 'body', 'navigation', 'subheading', 'subtitles', 'weddingDateHeading',
      'eventDateHeading', 'welcomeTitle'
    ) then
      raise exception 'invalid_input' using detail = format('unknown font role %s', v_key);
    end if;
    if jsonb_typeof(v_value) <> 'string' or v_value #>> '{}' not in (
      'Great Vibes', 'Playfair Display', 'Lato', 'Cormorant Garamond', 'Montserrat',
      'DM Serif Display', 'DM Sans'
    ) then
      raise exception 'invalid_input' using detail = format('font %s is not one the site ships', v_key);
    end if;
    v_fonts := v_fonts || jsonb_build_object(v_key, v_value);
  end loop;

  if coalesce(jsonb_typeof(p_theme -> 'colors'), 'null') not in ('object', 'null') then
    raise exception 'invalid_input' using detail = 'theme colors must be an object';
  end if;
  for v_key, v_value in select key, value from jsonb_each(coalesce(p_theme -> 'colors', '{}')) loop
    if v_key not in ('background', 'text', 'secondaryBackground', 'secondaryText', 'linkAndButtonText') then
      raise exception 'invalid_input' using detail = format('unknown colour role %s', v_key);
    end if;
    if jsonb_typeof(v_value) <> 'string' or v_value #>> '{}' !~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' then
      raise exception 'invalid_input' using detail = format('colour %s must be a hex colour', v_key);
    end if;
    v_colors := v_colors || jsonb_build_object(v_key, lower(v_value #>> '{}'));
  end loop;

  return jsonb_strip_nulls(jsonb_build_object(
    'name', p_theme ->> 'name',
    'pageStyle', p_theme ->> 'pageStyle',
    'fonts', nullif(v_fonts, '{}'),
    'colors', nullif(v_colors, '{}')
  ));
end;
$$;

revoke execute on function kasalan_private.checked_theme(p_theme jsonb) from public, anon, authenticated;

-- The couple's names on a wedding, however written: an object whose firstName and lastName are
-- strings of at most 100 characters (or missing/null). Helper of the weddings constraint.
create or replace function kasalan_private.couple_name_is_valid(p_name jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_name) = 'object'
    and coalesce(jsonb_typeof(p_name -> 'firstName'), 'null') in ('string', 'null')
    and coalesce(jsonb_typeof(p_name -> 'lastName'), 'null') in ('string', 'null')
    and char_length(coalesce(p_name ->> 'firstName', '')) <= 100
    and char_length(coalesce(p_name ->> 'lastName', '')) <= 100
$$;

revoke execute on function kasalan_private.couple_name_is_valid(p_name jsonb) from public, anon, authenticated;

-- True for what save_invitation_templates stores: {invitation?: {fil?, en?}, reminder?:
-- {fil?, en?}} with texts of 1 to 1000 characters without control characters (tab and line
-- breaks allowed); raises invalid_input naming the problem otherwise. Check of
-- weddings.invitation_templates.
create or replace function kasalan_private.invitation_templates_are_valid(p_templates jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_kind text;
  v_texts jsonb;
  v_language text;
  v_text jsonb;
begin
  if jsonb_typeof(p_templates) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'templates must be an object';
  end if;
  for v_kind, v_texts in select key, value from jsonb_each(p_templates) loop
    if v_kind not in ('invitation', 'reminder') or jsonb_typeof(v_texts) <> 'object' then
      raise exception 'invalid_input' using detail = format('unknown template %s', v_kind);
    end if;
    for v_language, v_text in select key, value from jsonb_each(v_texts) loop
      if v_language not in ('fil', 'en') or jsonb_typeof(v_text) <> 'string'
        or char_length(v_text #>> '{}') not between 1 and 1000
      then
        raise exception 'invalid_input' using detail = format('template %s.%s must be a text of at most 1000 characters', v_kind, v_language);
      end if;
      perform kasalan_private.text_is_clean(v_text #>> '{}', format('%s.%s', v_kind, v_language));
    end loop;
  end loop;
  return true;
end;
$$;

revoke execute on function kasalan_private.invitation_templates_are_valid(p_templates jsonb) from public, anon, authenticated;

-- True for the contact block update_wedding_details stores: {names?, email?, phone?,
-- messenger?}, texts of at most 100 / 254 / 50 / 300 characters, the e-mail an address and
-- messenger an https link to Facebook or Messenger; raises invalid_input otherwise. Check of
-- weddings.contact.
create or replace function kasalan_private.contact_is_valid(p_contact jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
begin
  if jsonb_typeof(p_contact) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'contact must be an object';
  end if;
  for v_key, v_value in select key, value from jsonb_each(p_contact) loop
    if v_key not in ('names', 'email', 'phone', 'messenger') or jsonb_typeof(v_value) <> 'string'
      or char_length(v_value #>> '{}') > (case v_key when 'names' then 100 when 'email' then 254 when 'phone' then 50 else 300 end)
    then
      raise exception 'invalid_input' using detail = format('contact %s is not valid', v_key);
    end if;
    perform kasalan_private.text_is_clean(v_value #>> '{}', format('contact %s', v_key));
  end loop;
  if p_contact ->> 'email' !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception 'invalid_input' using detail = 'contact email is not an e-mail address';
  end if;
  if p_contact ->> 'messenger' !~* '^https://(www\.|m\.|web\.)?(facebook\.com|fb\.com|messenger\.com|m\.me)/[^\s]*$' then
    raise exception 'invalid_input' using detail = 'contact messenger must be an https link to Facebook or Messenger';
  end if;
  return true;
end;
$$;

revoke execute on function kasalan_private.contact_is_valid(p_contact jsonb) from public, anon, authenticated;

-- True when p_value has no control character other than tab and line breaks (json_text's
-- rule); raises invalid_input '<field> contains invalid characters' otherwise, the answer every
-- function gives. Check of every user text column.
create or replace function kasalan_private.text_is_clean(p_value text, p_field text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_value ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]' then
    raise exception 'invalid_input' using detail = format('%s contains invalid characters', p_field);
  end if;
  return true;
end;
$$;

revoke execute on function kasalan_private.text_is_clean(p_value text, p_field text) from public, anon, authenticated;

-- The same for every text inside a JSON value (names, contact, address, questions, section data).
create or replace function kasalan_private.json_texts_are_clean(p_value jsonb, p_field text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text;
begin
  for v_text in
    select v #>> '{}' from jsonb_path_query(p_value, 'strict $.**') v where jsonb_typeof(v) = 'string'
    union all
    select k from jsonb_path_query(p_value, 'strict $.**') v, jsonb_object_keys(v) k where jsonb_typeof(v) = 'object'
  loop
    perform kasalan_private.text_is_clean(v_text, p_field);
  end loop;
  return true;
end;
$$;

revoke execute on function kasalan_private.json_texts_are_clean(p_value jsonb, p_field text) from public, anon, authenticated;

-- =============================================================================================
-- Tables
-- =============================================================================================

-- One wedding per couple for now; its owner is the account that signed up.
create table kasalan.weddings (
  id uuid not null default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  slug text not null,
  title text not null default '',
  bride jsonb not null,
  groom jsonb not null,
  date date,
  theme jsonb not null default '{"name": "classic"}'::jsonb,
  is_published boolean not null default false,
  rsvp_deadline date,
  rsvp_questions jsonb not null default '[]'::jsonb,
  -- The couple's contact block on the public site: e-mail, phone, names.
  contact jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  venue text not null default '',
  city text not null default '',
  country text not null default 'Philippines',
  hashtag text not null default '',
  site_language text not null default 'fil',
  invitation_templates jsonb not null default '{}'::jsonb,
  rsvp_requires_code boolean not null default false,
  -- Whether the coordinator sees the money (budget, payments, gift amounts); the couple decides.
  coordinator_sees_money boolean not null default false,
  -- The pax forecast's assumptions (supabase/schemas/14_forecast.sql): the share of the persons
  -- still pending expected to come, the share of the yeses allowed for not coming (percent), and
  -- the walk-ins allowed for (persons).
  forecast_expected_pct integer not null default 83,
  forecast_no_show_pct integer not null default 15,
  forecast_walk_ins integer not null default 0,
  constraint weddings_pkey primary key (id),
  constraint weddings_slug_key unique (slug),
  constraint weddings_bride_check check (jsonb_typeof(bride) = 'object'),
  constraint weddings_bride_clean check (kasalan_private.json_texts_are_clean(bride, 'bride')),
  constraint weddings_city_check check (char_length(city) <= 100),
  constraint weddings_city_clean check (kasalan_private.text_is_clean(city, 'city')),
  constraint weddings_contact_check check (jsonb_typeof(contact) = 'object'),
  constraint weddings_contact_clean check (kasalan_private.json_texts_are_clean(contact, 'contact')),
  constraint weddings_contact_valid check (kasalan_private.contact_is_valid(contact)),
  constraint weddings_country_check check (char_length(country) <= 100),
  constraint weddings_country_clean check (kasalan_private.text_is_clean(country, 'country')),
  constraint weddings_couple_names_valid check (kasalan_private.couple_name_is_valid(bride) and kasalan_private.couple_name_is_valid(groom)),
  constraint weddings_forecast_expected_pct_check check ((forecast_expected_pct >= 0) and (forecast_expected_pct <= 100)),
  constraint weddings_forecast_no_show_pct_check check ((forecast_no_show_pct >= 0) and (forecast_no_show_pct <= 50)),
  constraint weddings_forecast_walk_ins_check check ((forecast_walk_ins >= 0) and (forecast_walk_ins <= 1000)),
  constraint weddings_groom_check check (jsonb_typeof(groom) = 'object'),
  constraint weddings_groom_clean check (kasalan_private.json_texts_are_clean(groom, 'groom')),
  constraint weddings_hashtag_check check (char_length(hashtag) <= 100),
  constraint weddings_hashtag_clean check (kasalan_private.text_is_clean(hashtag, 'hashtag')),
  constraint weddings_invitation_templates_clean check (kasalan_private.json_texts_are_clean(invitation_templates, 'invitation_templates')),
  constraint weddings_invitation_templates_object check (jsonb_typeof(invitation_templates) = 'object'),
  constraint weddings_invitation_templates_valid check (kasalan_private.invitation_templates_are_valid(invitation_templates)),
  constraint weddings_rsvp_questions_check check (jsonb_typeof(rsvp_questions) = 'array'),
  constraint weddings_rsvp_questions_clean check (kasalan_private.json_texts_are_clean(rsvp_questions, 'rsvp_questions')),
  constraint weddings_site_language_check check (site_language in ('fil', 'en')),
  constraint weddings_slug_format check ((char_length(slug) <= 63) and (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')),
  constraint weddings_slug_not_reserved check (not kasalan_private.is_reserved_slug(slug)),
  constraint weddings_theme_check check ((jsonb_typeof(theme) = 'object') and (coalesce((theme ->> 'name'), '') = any (array['classic', 'elegant', 'modern']))),
  constraint weddings_theme_valid check (kasalan_private.checked_theme(theme) IS not null),
  constraint weddings_title_check check (char_length(title) <= 200),
  constraint weddings_title_clean check (kasalan_private.text_is_clean(title, 'title')),
  constraint weddings_venue_check check (char_length(venue) <= 200),
  constraint weddings_venue_clean check (kasalan_private.text_is_clean(venue, 'venue')),
  constraint weddings_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
alter table kasalan.weddings enable row level security;
revoke all on kasalan.weddings from public, anon, authenticated;
grant select on kasalan.weddings to authenticated;

-- Deleting an account cascades through user_id: keep it indexed.
create index weddings_user_id_idx on kasalan.weddings (user_id);

-- A page of the wedding's website; `data` is free-form content shaped by the section's type.
create table kasalan.sections (
  id uuid not null default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  wedding_id uuid not null,
  type text not null,
  label text not null default '',
  title text not null default '',
  path text not null,
  visible boolean not null default true,
  data jsonb not null default '{}'::jsonb,
  order_index integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  content_updated_at timestamptz not null default now(),
  constraint sections_pkey primary key (id),
  constraint sections_wedding_id_path_key unique (wedding_id, path) deferrable,
  constraint sections_data_check check (jsonb_typeof(data) = 'object'),
  constraint sections_data_clean check (kasalan_private.json_texts_are_clean(data, 'data')),
  constraint sections_label_check check (char_length(label) <= 100),
  constraint sections_label_clean check (kasalan_private.text_is_clean(label, 'label')),
  constraint sections_path_check check ((char_length(path) <= 63) and (path ~ '^[a-z0-9]+(-[a-z0-9]+)*$')),
  constraint sections_title_check check (char_length(title) <= 200),
  constraint sections_title_clean check (kasalan_private.text_is_clean(title, 'title')),
  constraint sections_type_check check (type in ('home', 'our-story', 'schedule', 'travel', 'registry', 'wedding-party', 'gallery', 'things-to-do', 'faqs', 'rsvp', 'about', 'custom')),
  constraint sections_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade,
  constraint sections_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.sections enable row level security;
revoke all on kasalan.sections from public, anon, authenticated;
grant select on kasalan.sections to authenticated;

-- Deleting an account cascades through user_id on every table; persons reach their household by
-- (household_id, wedding_id).
create index sections_user_id_idx on kasalan.sections (user_id);

-- Who may work on a wedding, and as what. side: which family a family helper keeps the list of.
-- display_name: how the others see this member ("Tita Carmen"), chosen when they join.
create table kasalan.wedding_members (
  wedding_id uuid not null,
  user_id uuid not null,
  role text not null,
  side text,
  display_name text not null default '',
  joined_at timestamptz not null default now(),
  invited_by uuid,
  constraint wedding_members_pkey primary key (wedding_id, user_id),
  constraint wedding_members_display_name_check check (char_length(display_name) <= 100),
  constraint wedding_members_display_name_clean check (kasalan_private.text_is_clean(display_name, 'display_name')),
  constraint wedding_members_role_check check (role in ('owner', 'partner', 'coordinator', 'family_helper', 'usher')),
  constraint wedding_members_side_check check (side in ('bride', 'groom')),
  constraint wedding_members_side_for_family_helpers check ((role = 'family_helper') = (side IS not null)),
  constraint wedding_members_invited_by_fkey foreign key (invited_by) references auth.users(id) on delete set null,
  constraint wedding_members_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade,
  constraint wedding_members_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.wedding_members enable row level security;
revoke all on kasalan.wedding_members from public, anon, authenticated;

create index wedding_members_invited_by_idx on kasalan.wedding_members (invited_by);

-- At most one owner per wedding here; at least one is checked at commit (below).
create unique index wedding_members_one_owner_key on kasalan.wedding_members (wedding_id) where (role = 'owner');

create index wedding_members_user_id_idx on kasalan.wedding_members (user_id);

-- One thing a member (or a guest, answering) did to a wedding. actor_name is how the actor was
-- called then, so the record reads the same after they leave. household_id is kept while the
-- household exists; household_name and household_side are its name and side at the time (a family
-- helper's view filters on the side). xact groups what one transaction did.
create table kasalan.wedding_activity (
  id uuid not null default extensions.gen_random_uuid(),
  wedding_id uuid not null,
  at timestamptz not null default now(),
  xact bigint not null default txid_current(),
  actor_kind text not null,
  actor_user uuid,
  actor_name text not null default '',
  action text not null,
  household_id uuid,
  household_name text,
  household_side text,
  details jsonb not null default '{}'::jsonb,
  constraint wedding_activity_pkey primary key (id),
  constraint wedding_activity_action_check check (action in ('household_added', 'household_changed', 'household_deleted', 'households_imported', 'reply_recorded', 'seated', 'unseated', 'seating_changed', 'invitation_sent', 'member_invited', 'member_invitation_revoked', 'member_joined', 'member_removed', 'member_left', 'member_role_changed', 'ownership_transferred', 'site_published', 'site_unpublished')),
  constraint wedding_activity_actor_kind_check check (actor_kind in ('member', 'guest', 'system')),
  constraint wedding_activity_actor_name_check check (char_length(actor_name) <= 100),
  constraint wedding_activity_actor_name_clean check (kasalan_private.text_is_clean(actor_name, 'actor_name')),
  constraint wedding_activity_details_check check (jsonb_typeof(details) = 'object'),
  constraint wedding_activity_household_name_check check (char_length(household_name) <= 300),
  constraint wedding_activity_household_name_clean check (kasalan_private.text_is_clean(household_name, 'household_name')),
  constraint wedding_activity_actor_user_fkey foreign key (actor_user) references auth.users(id) on delete set null,
  constraint wedding_activity_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.wedding_activity enable row level security;
revoke all on kasalan.wedding_activity from public, anon, authenticated;

create index wedding_activity_actor_user_idx on kasalan.wedding_activity (actor_user);

create index wedding_activity_household_id_at_idx on kasalan.wedding_activity (household_id, at DESC);

create index wedding_activity_wedding_id_at_idx on kasalan.wedding_activity (wedding_id, at DESC, id DESC);

create index wedding_activity_xact_idx on kasalan.wedding_activity (xact);

-- =============================================================================================
-- Functions
-- =============================================================================================

-- Refuses a change of the columns named in the trigger's arguments (ids, owner, wedding) with
-- invalid_input, and stamps updated_at, always forward. The seating layout's save is based on it
-- (a save names the version it started from), and the embedded database's clock counts
-- milliseconds: two saves within one millisecond would otherwise be stamped the same time and the
-- older base pass for the newer. Trigger; nobody calls it.
create or replace function kasalan_private.protect_row_identity()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_column text;
begin
  foreach v_column in array tg_argv loop
    if (to_jsonb(new) -> v_column) is distinct from (to_jsonb(old) -> v_column) then
      raise exception 'invalid_input' using detail = format('%s cannot be changed', v_column);
    end if;
  end loop;
  new.updated_at := greatest(now(), old.updated_at + interval '1 microsecond');
  return new;
end;
$$;

revoke execute on function kasalan_private.protect_row_identity() from public, anon, authenticated;

-- True when the signed-in account may do p_capability on the wedding, asked on every call:
--   view           any member but an usher
--   households     any member but an usher (a family helper only on their side: see can_see_household)
--   guests, rsvps, seating, invitations
--                  owner, partner, coordinator (the whole guest list, replies, seating, invitations)
--   manage, members
--                  owner, partner: "the couple" (the website, its content and settings, the
--                  wedding file; who has access)
--   plan           owner, partner, coordinator (the checklist and the suppliers, money aside)
--   money          owner, partner; the coordinator too when the couple allows it
--                  (weddings.coordinator_sees_money): budget, payments, gift amounts
--   delete_wedding owner (also handing the wedding over)
--   checkin        owner, partner, coordinator, usher (the door: names, tables, arrivals)
-- An usher does only the check-in: view and households are false for them, so every screen and
-- call of the guest list, replies, invitations, plan and members refuses them.
-- Any other capability is false. Called by policies and functions; granted to authenticated.
create or replace function kasalan_private.can(p_wedding_id uuid, p_capability text)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select coalesce((
    select case
      when p_capability in ('view', 'households') then m.role <> 'usher'
      when p_capability in ('guests', 'rsvps', 'seating', 'invitations', 'plan')
        then m.role in ('owner', 'partner', 'coordinator')
      when p_capability in ('manage', 'members') then m.role in ('owner', 'partner')
      when p_capability = 'money'
        then m.role in ('owner', 'partner') or (m.role = 'coordinator' and w.coordinator_sees_money)
      when p_capability = 'delete_wedding' then m.role = 'owner'
      when p_capability = 'checkin' then m.role in ('owner', 'partner', 'coordinator', 'usher')
      else false
    end
    from kasalan.wedding_members m
    join kasalan.weddings w on w.id = m.wedding_id
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  ), false)
$$;

revoke execute on function kasalan_private.can(p_wedding_id uuid, p_capability text) from public, anon;
grant execute on function kasalan_private.can(p_wedding_id uuid, p_capability text) to authenticated;

-- Managing the whole wedding (site, content, settings, export) is for the owner and the partner.
create or replace function kasalan_private.can_manage(p_wedding_id uuid)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select kasalan_private.can(p_wedding_id, 'manage')
$$;

revoke execute on function kasalan_private.can_manage(p_wedding_id uuid) from public, anon;
grant execute on function kasalan_private.can_manage(p_wedding_id uuid) to authenticated;

-- The guard every function on one wedding opens with, in one line:
--   perform kasalan_private.require(p_wedding_id, 'plan');
-- Refused as if the wedding did not exist (wedding_not_found) unless the signed-in account may do
-- p_capability on it (kasalan_private.can above); a null id is refused too. Functions that reach
-- their wedding through another row (a household, a section) check it on that row instead.
-- tests/db/guards.test.ts calls every function a signed-in account may call with another
-- wedding's ids, so a function without its guard is caught. Granted to authenticated.
create or replace function kasalan_private.require(p_wedding_id uuid, p_capability text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not kasalan_private.can(p_wedding_id, p_capability) then
    raise exception 'wedding_not_found';
  end if;
end;
$$;

revoke execute on function kasalan_private.require(p_wedding_id uuid, p_capability text) from public, anon;
grant execute on function kasalan_private.require(p_wedding_id uuid, p_capability text) to authenticated;

-- A section in the contract's Section shape. Helper of the functions below; granted to authenticated.
create or replace function kasalan_private.section_json(p_section kasalan.sections)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_section.id,
    'weddingId', p_section.wedding_id,
    'type', p_section.type,
    'label', p_section.label,
    'title', p_section.title,
    'path', p_section.path,
    'visible', p_section.visible,
    'data', p_section.data,
    'orderIndex', p_section.order_index
  )
$$;

revoke execute on function kasalan_private.section_json(p_section kasalan.sections) from public, anon;
grant execute on function kasalan_private.section_json(p_section kasalan.sections) to authenticated;

-- A wedding in the contract's Wedding shape, with its details (location, hashtag, site language)
-- and its sections. Helper of the management functions; granted to authenticated.
create or replace function kasalan_private.wedding_json(p_wedding kasalan.weddings)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_wedding.id,
    'userId', p_wedding.user_id,
    'slug', p_wedding.slug,
    'title', p_wedding.title,
    'bride', p_wedding.bride,
    'groom', p_wedding.groom,
    'date', p_wedding.date,
    'theme', p_wedding.theme,
    'isPublished', p_wedding.is_published,
    'rsvpDeadline', p_wedding.rsvp_deadline,
    'rsvpQuestions', p_wedding.rsvp_questions,
    'contact', p_wedding.contact,
    'location', jsonb_build_object('venue', p_wedding.venue, 'city', p_wedding.city, 'country', p_wedding.country),
    'hashtag', p_wedding.hashtag,
    'siteLanguage', p_wedding.site_language,
    'sections', coalesce(
      (
        select jsonb_agg(kasalan_private.section_json(s) order by s.order_index, s.created_at, s.id)
        from kasalan.sections s
        where s.wedding_id = p_wedding.id
      ),
      '[]'::jsonb
    )
  )
$$;

revoke execute on function kasalan_private.wedding_json(p_wedding kasalan.weddings) from public, anon;
grant execute on function kasalan_private.wedding_json(p_wedding kasalan.weddings) to authenticated;

-- The text under p_key of a JSON object, trimmed, null when absent or empty; invalid_input naming
-- the field when it is not a string, is longer than p_max_length, or holds a control character
-- (other than tab and line breaks). NUL (\u0000) cannot reach a function at all: jsonb and text refuse
-- it before the body runs, so the app's backend port refuses it first with the same code
-- (src/lib/backend/invalid-text.ts).
create or replace function kasalan_private.json_text(p_object jsonb, p_key text, p_max_length integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_object -> p_key;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v_value) <> 'string' then
    raise exception 'invalid_input' using detail = format('%s must be text', p_key);
  end if;
  return kasalan_private.text_arg(v_value #>> '{}', p_key, p_max_length);
end;
$$;

revoke execute on function kasalan_private.json_text(p_object jsonb, p_key text, p_max_length integer) from public, anon, authenticated;

-- A text argument as json_text reads a JSON field: trimmed, null when blank; invalid_input naming
-- p_field when it is longer than p_max_length or holds a control character (other than tab and
-- line breaks). Helper of the functions that take their fields as arguments.
create or replace function kasalan_private.text_arg(p_value text, p_field text, p_max_length integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(p_value);
begin
  if v_text ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]' then
    raise exception 'invalid_input' using detail = format('%s contains invalid characters', p_field);
  end if;
  if char_length(v_text) > p_max_length then
    raise exception 'invalid_input' using detail = format('%s is longer than %s characters', p_field, p_max_length);
  end if;
  return nullif(v_text, '');
end;
$$;

revoke execute on function kasalan_private.text_arg(p_value text, p_field text, p_max_length integer) from public, anon, authenticated;

-- An amount in centavos as it is stored (null stays null); invalid_input naming p_field when it is
-- below zero or above p_max (the tables' own bounds). Helper of the money functions.
create or replace function kasalan_private.centavos_arg(p_value bigint, p_field text, p_max bigint default 100000000000)
returns bigint
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_value < 0 or p_value > p_max then
    raise exception 'invalid_input' using detail = format('%s must be from 0 to %s centavos', p_field, p_max);
  end if;
  return p_value;
end;
$$;

revoke execute on function kasalan_private.centavos_arg(p_value bigint, p_field text, p_max bigint) from public, anon, authenticated;

-- An id field of a JSON object: null when missing or null; raises invalid_input when it is not a
-- UUID. Helper of the functions below.
create or replace function kasalan_private.json_uuid(p_object jsonb, p_key text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_object -> p_key;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v_value) <> 'string'
    or (v_value #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  then
    raise exception 'invalid_input' using detail = format('%s must be an id', p_key);
  end if;
  return (v_value #>> '{}')::uuid;
end;
$$;

revoke execute on function kasalan_private.json_uuid(p_object jsonb, p_key text) from public, anon, authenticated;

-- True when p_value is a real calendar day written YYYY-MM-DD, from 1900 to 2200 (2027-02-30 is
-- not one). What a date is, wherever the couple types one.
create or replace function kasalan_private.is_date(p_value text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  return p_value ~ '^\d{4}-\d{2}-\d{2}$'
    and to_char(p_value::date, 'YYYY-MM-DD') = p_value
    and p_value::date between date '1900-01-01' and date '2200-12-31';
exception
  when others then
    return false;
end;
$$;

revoke execute on function kasalan_private.is_date(p_value text) from public, anon, authenticated;

-- A date field of a JSON object, as json_text and json_uuid read theirs: null when missing, null
-- or blank; invalid_input naming p_key unless it is a real day written YYYY-MM-DD (is_date). The
-- one reading of a date the couple types: the wedding's, an event's deadline, a checklist item's,
-- a gift's.
create or replace function kasalan_private.json_date(p_object jsonb, p_key text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_object -> p_key;
  v_text text := btrim(v_value #>> '{}');
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' or (jsonb_typeof(v_value) = 'string' and v_text = '') then
    return null;
  end if;
  if jsonb_typeof(v_value) <> 'string' or not kasalan_private.is_date(v_text) then
    raise exception 'invalid_input' using detail = format('%s must be a date (YYYY-MM-DD)', p_key);
  end if;
  return v_text::date;
end;
$$;

revoke execute on function kasalan_private.json_date(p_object jsonb, p_key text) from public, anon, authenticated;

-- A number field of a JSON object, as json_text, json_uuid and json_date read theirs: null when
-- missing or null; invalid_input naming p_key when it is not a JSON number, or, p_whole, not
-- written as a whole number (1.5 and 1.0 are not, as a bigint argument refused them) or longer
-- than 18 digits (so that it is a bigint). The ranges are the caller's. The one reading of an
-- amount, a count or a percentage the couple types: a budget line's, a payment's, a supplier's,
-- a gift's.
create or replace function kasalan_private.json_number(p_object jsonb, p_key text, p_whole boolean default true)
returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_object -> p_key;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v_value) <> 'number' then
    raise exception 'invalid_input' using detail = format('%s must be a number', p_key);
  end if;
  if p_whole and (v_value #>> '{}') !~ '^-?[0-9]{1,18}$' then
    raise exception 'invalid_input' using detail = format('%s must be a whole number of at most 18 digits', p_key);
  end if;
  return (v_value #>> '{}')::numeric;
end;
$$;

revoke execute on function kasalan_private.json_number(p_object jsonb, p_key text, p_whole boolean) from public, anon, authenticated;

-- A true-or-false field of a JSON object: null when missing or null; invalid_input naming p_key
-- when it is anything but true or false.
create or replace function kasalan_private.json_boolean(p_object jsonb, p_key text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_object -> p_key;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v_value) <> 'boolean' then
    raise exception 'invalid_input' using detail = format('%s must be true or false', p_key);
  end if;
  return (v_value #>> '{}')::boolean;
end;
$$;

revoke execute on function kasalan_private.json_boolean(p_object jsonb, p_key text) from public, anon, authenticated;

-- Creates the caller's wedding with its default sections and a free address, the caller its
-- owner. Security definer: the caller must be signed in, and the wedding, its owner membership
-- and its sections are theirs. The loser of a race for a free address takes the next
-- one also when the address was claimed as another wedding's old one a moment before.
create or replace function kasalan.create_my_wedding(p_bride jsonb, p_groom jsonb, p_date date default NULL::date)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_wedding kasalan.weddings;
  v_bride jsonb;
  v_groom jsonb;
  v_couple text;
  v_constraint text;
  v_attempt integer := 0;
begin
  if v_user_id is null then
    raise exception 'not_authenticated';
  end if;

  -- The same couple signing up twice at once: the second call waits, then finds the first's.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('kasalan.create_my_wedding:' || v_user_id::text, 0));
  select w.* into v_wedding
  from kasalan_private.my_membership(null) m
  join kasalan.weddings w on w.id = m.wedding_id
  where m.role = 'owner';
  if found then
    return kasalan_private.wedding_json(v_wedding);
  end if;

  if jsonb_typeof(p_bride) is distinct from 'object' or jsonb_typeof(p_groom) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'bride and groom must be objects';
  end if;
  v_bride := jsonb_build_object(
    'firstName', kasalan_private.json_text(p_bride, 'firstName', 100),
    'lastName', kasalan_private.json_text(p_bride, 'lastName', 100)
  );
  v_groom := jsonb_build_object(
    'firstName', kasalan_private.json_text(p_groom, 'firstName', 100),
    'lastName', kasalan_private.json_text(p_groom, 'lastName', 100)
  );
  if v_bride ->> 'firstName' is null or v_bride ->> 'lastName' is null
    or v_groom ->> 'firstName' is null or v_groom ->> 'lastName' is null
  then
    raise exception 'invalid_input' using detail = 'bride and groom need a first and last name';
  end if;
  v_couple := kasalan_private.couple_title(v_bride ->> 'firstName', v_groom ->> 'firstName');

  -- Two couples may pick the same free slug at once; the loser of the race takes the next one.
  loop
    v_attempt := v_attempt + 1;
    begin
      insert into kasalan.weddings (user_id, slug, title, bride, groom, date)
      values (
        v_user_id,
        kasalan_private.unique_wedding_slug(v_bride ->> 'firstName', v_groom ->> 'firstName'),
        v_couple, v_bride, v_groom, p_date
      )
      returning * into v_wedding;
      exit;
    exception when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint not in ('weddings_slug_key', 'wedding_addresses_pkey') or v_attempt >= 5 then
        raise;
      end if;
    end;
  end loop;
  insert into kasalan.sections (user_id, wedding_id, type, label, title, path, visible, data, order_index)
  select v_user_id, v_wedding.id, d.type, d.label, d.title, d.type, d.visible, d.data, d.order_index
  from (
    values
      ('home', 'Home', v_couple, true,
        jsonb_build_object(
          'bride', v_bride,
          'groom', v_groom,
          'wedding', jsonb_build_object(
            'date', p_date,
            'location', jsonb_build_object('venue', '', 'city', '', 'country', 'Philippines'),
            'hashtag', ''
          ),
          'stories', '[]'::jsonb
        ), 0),
      ('our-story', 'Our Story', 'Ang Aming Kuwento', false, '{}'::jsonb, 1),
      ('schedule', 'Schedule', 'Pagtitipon', true, '{}'::jsonb, 2),
      ('travel', 'Travel', 'Tuluyan', true, '{}'::jsonb, 3),
      ('wedding-party', 'Wedding Party', 'Gabay', true, '{}'::jsonb, 4),
      ('gallery', 'Gallery', 'Larawan', false, '{}'::jsonb, 5),
      ('things-to-do', 'Things to Do', 'Pasyalan at Kainan', true, '{}'::jsonb, 6),
      ('registry', 'Registry', 'Handog', true, '{}'::jsonb, 7),
      ('faqs', 'FAQs', 'Katanungan', true, '{}'::jsonb, 8),
      ('rsvp', 'RSVP', 'RSVP', true, '{}'::jsonb, 9)
  ) as d(type, label, title, visible, data, order_index);

  return kasalan_private.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.create_my_wedding(p_bride jsonb, p_groom jsonb, p_date date) from public, anon;
grant execute on function kasalan.create_my_wedding(p_bride jsonb, p_groom jsonb, p_date date) to authenticated;

-- A name or a query as the search compares them: lower case, without accents (Peña → pena, with the
-- unaccent dictionary named so the result never depends on search_path), apostrophes dropped
-- (D'Souza → dsouza) and every other run of punctuation or spaces made one space
-- (Ma. Cristina → ma cristina, Ana-Marie → ana marie). Immutable, so an index can use it.
-- Helper of the search; granted to authenticated (index upkeep runs as the writer).
create or replace function kasalan_private.search_text(p_text text)
returns text
language sql
immutable parallel safe
set search_path = ''
as $$
  select btrim(
    regexp_replace(
      regexp_replace(
        lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, ''))),
        '[''’‘`]', '', 'g'
      ),
      '[^a-z0-9]+', ' ', 'g'
    )
  )
$$;

revoke execute on function kasalan_private.search_text(p_text text) from public, anon, authenticated;

-- Updates the wedding's details: {bride: {firstName, lastName}, groom: {...}, date: 'YYYY-MM-DD' |
-- null, location: {venue, city, country}, hashtag, contact: {names, email, phone, messenger},
-- siteLanguage: 'fil' | 'en'}. Every key is required (the form always sends all); names as typed,
-- trimmed. The title follows the first names. The RSVP deadline is the RSVPs tab's
-- (update_rsvp_settings). Returns the Wedding. Called by the builder's details panel; granted to
-- authenticated.
create or replace function kasalan.update_wedding_details(p_wedding_id uuid, p_details jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_bride jsonb;
  v_groom jsonb;
  v_date date;
  v_contact jsonb;
  v_email text;
  v_messenger text;
  v_language text;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  if jsonb_typeof(p_details) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'details must be an object';
  end if;
  if jsonb_typeof(p_details -> 'bride') is distinct from 'object'
    or jsonb_typeof(p_details -> 'groom') is distinct from 'object'
    or coalesce(jsonb_typeof(p_details -> 'location'), 'null') not in ('object', 'null')
    or coalesce(jsonb_typeof(p_details -> 'contact'), 'null') not in ('object', 'null')
  then
    raise exception 'invalid_input' using detail = 'bride and groom must be objects, location and contact objects or null';
  end if;

  v_bride := jsonb_build_object(
    'firstName', kasalan_private.json_text(p_details -> 'bride', 'firstName', 100),
    'lastName', kasalan_private.json_text(p_details -> 'bride', 'lastName', 100)
  );
  v_groom := jsonb_build_object(
    'firstName', kasalan_private.json_text(p_details -> 'groom', 'firstName', 100),
    'lastName', kasalan_private.json_text(p_details -> 'groom', 'lastName', 100)
  );
  if v_bride ->> 'firstName' is null or v_bride ->> 'lastName' is null
    or v_groom ->> 'firstName' is null or v_groom ->> 'lastName' is null
  then
    raise exception 'invalid_input' using detail = 'bride and groom need a first and last name';
  end if;

  v_date := kasalan_private.json_date(p_details, 'date');

  v_email := kasalan_private.json_text(p_details -> 'contact', 'email', 254);
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception 'invalid_input' using detail = 'contact email is not an e-mail address';
  end if;
  v_messenger := kasalan_private.json_text(p_details -> 'contact', 'messenger', 300);
  if v_messenger !~* '^https://(www\.|m\.|web\.)?(facebook\.com|fb\.com|messenger\.com|m\.me)/[^\s]*$' then
    raise exception 'invalid_input' using detail = 'contact messenger must be an https link to Facebook or Messenger';
  end if;
  v_contact := jsonb_strip_nulls(jsonb_build_object(
    'names', kasalan_private.json_text(p_details -> 'contact', 'names', 100),
    'email', v_email,
    'phone', kasalan_private.json_text(p_details -> 'contact', 'phone', 50),
    'messenger', v_messenger
  ));

  v_language := coalesce(kasalan_private.json_text(p_details, 'siteLanguage', 3), 'fil');
  if v_language not in ('fil', 'en') then
    raise exception 'invalid_input' using detail = 'siteLanguage must be fil or en';
  end if;

  update kasalan.weddings w
  set bride = v_bride,
      groom = v_groom,
      title = (v_bride ->> 'firstName') || ' & ' || (v_groom ->> 'firstName'),
      date = v_date,
      venue = coalesce(kasalan_private.json_text(p_details -> 'location', 'venue', 200), ''),
      city = coalesce(kasalan_private.json_text(p_details -> 'location', 'city', 100), ''),
      country = coalesce(kasalan_private.json_text(p_details -> 'location', 'country', 100), ''),
      hashtag = coalesce(kasalan_private.json_text(p_details, 'hashtag', 100), ''),
      contact = v_contact,
      site_language = v_language
  where w.id = p_wedding_id
  returning * into v_wedding;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  return kasalan_private.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.update_wedding_details(p_wedding_id uuid, p_details jsonb) from public, anon;
grant execute on function kasalan.update_wedding_details(p_wedding_id uuid, p_details jsonb) to authenticated;

-- The first problem of a JSON value against a shape, as `path: code` (codes as the editor's:
-- too_long, too_many, not_a_link, not_a_date, not_a_time, not_a_colour, video_embed_not_allowed,
-- unknown_field, invalid); null when it fits. Helper of kasalan.section_data_problem.
-- Over 100 lines: one case per kind of field of the content shapes, walked recursively: the
-- shapes' one table of kinds, read in one place.
create or replace function kasalan_private.json_shape_problem(p_value jsonb, p_shape jsonb, p_path text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_kind text;
  v_text text;
  v_key text;
  v_item jsonb;
  v_index integer;
  v_problem text;
  v_variant jsonb;
  v_http constant text := '^https?://[^[:space:]]+$';
  v_media constant text := '^media:[0-9a-f-]{36}/[A-Za-z0-9_.-]{1,120}$';
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    return null;
  end if;

  if jsonb_typeof(p_shape) = 'array' then
    if jsonb_typeof(p_value) <> 'array' then
      return p_path || ': invalid';
    end if;
    if jsonb_array_length(p_value) > 100 then
      return p_path || ': too_many';
    end if;
    for v_item, v_index in select value, ordinality - 1 from jsonb_array_elements(p_value) with ordinality loop
      v_problem := kasalan_private.json_shape_problem(v_item, p_shape -> 0, concat_ws('.', nullif(p_path, ''), v_index::text));
      if v_problem is not null then
        return v_problem;
      end if;
    end loop;
    return null;
  end if;

  if jsonb_typeof(p_shape) = 'object' then
    if jsonb_typeof(p_value) <> 'object' then
      return p_path || ': invalid';
    end if;
    for v_key in select jsonb_object_keys(p_value) loop
      if not p_shape ? v_key then
        return p_path || ': unknown_field';
      end if;
      v_problem := kasalan_private.json_shape_problem(p_value -> v_key, p_shape -> v_key, concat_ws('.', nullif(p_path, ''), v_key));
      if v_problem is not null then
        return v_problem;
      end if;
    end loop;
    return null;
  end if;

  v_kind := p_shape #>> '{}';

  if v_kind = 'image' then
    if jsonb_typeof(p_value) = 'string' then
      v_text := p_value #>> '{}';
      if char_length(v_text) > 2000 then
        return p_path || ': too_long';
      end if;
      return case when v_text ~* v_http then null else p_path || ': not_a_link' end;
    end if;
    if jsonb_typeof(p_value) <> 'object'
      or exists (select 1 from jsonb_object_keys(p_value) k where k not in ('src', 'width', 'height', 'alt', 'variants'))
      or jsonb_typeof(p_value -> 'width') is distinct from 'number'
      or jsonb_typeof(p_value -> 'height') is distinct from 'number'
      or coalesce(jsonb_typeof(p_value -> 'alt'), 'string') <> 'string'
      or char_length(coalesce(p_value ->> 'alt', '')) > 200
      or coalesce(jsonb_typeof(p_value -> 'variants'), 'array') <> 'array'
      or jsonb_array_length(coalesce(p_value -> 'variants', '[]')) > 4
    then
      return p_path || ': invalid';
    end if;
    for v_variant in select p_value union all select value from jsonb_array_elements(coalesce(p_value -> 'variants', '[]')) loop
      if jsonb_typeof(v_variant -> 'src') is distinct from 'string'
        or not (v_variant ->> 'src' ~ v_media or v_variant ->> 'src' ~* v_http)
      then
        return p_path || '.src: not_a_link';
      end if;
      if jsonb_typeof(v_variant -> 'width') is distinct from 'number'
        or jsonb_typeof(v_variant -> 'height') is distinct from 'number'
        or (v_variant ->> 'width')::numeric not between 1 and 10000
        or (v_variant ->> 'height')::numeric not between 1 and 10000
        or (v_variant ->> 'width')::numeric <> trunc((v_variant ->> 'width')::numeric)
        or (v_variant ->> 'height')::numeric <> trunc((v_variant ->> 'height')::numeric)
      then
        return p_path || ': invalid';
      end if;
    end loop;
    return null;
  end if;

  if jsonb_typeof(p_value) <> 'string' then
    return p_path || ': invalid';
  end if;
  v_text := p_value #>> '{}';

  return case
    when v_kind = 'line' then case when char_length(v_text) > 200 then p_path || ': too_long' end
    when v_kind = 'text' then case when char_length(v_text) > 5000 then p_path || ': too_long' end
    when v_kind = 'url' then case
      when char_length(v_text) > 2000 then p_path || ': too_long'
      when v_text !~* v_http then p_path || ': not_a_link'
    end
    when v_kind = 'embed' then case
      when char_length(v_text) > 5000 then p_path || ': too_long'
      when kasalan_private.video_embed_for_storage(v_text) is null then p_path || ': video_embed_not_allowed'
    end
    when v_kind = 'date' then case when not kasalan_private.is_date(v_text) then p_path || ': not_a_date' end
    when v_kind = 'time' then case when v_text !~ '^([01]\d|2[0-3]):[0-5]\d$' then p_path || ': not_a_time' end
    when v_kind = 'color' then case when v_text !~* '^#([0-9a-f]{3}|[0-9a-f]{6})$' then p_path || ': not_a_colour' end
    when v_kind like 'enum:%' then case
      when not v_text = any (string_to_array(substr(v_kind, 6), '|')) then p_path || ': invalid'
    end
    else p_path || ': invalid'
  end;
end;
$$;

revoke execute on function kasalan_private.json_shape_problem(p_value jsonb, p_shape jsonb, p_path text) from public, anon, authenticated;

-- The wedding's title from the couple's first names ("Maria & Juan"), shortened to the title's
-- 200 characters when two very long names would overflow it. Helper of create_my_wedding.
create or replace function kasalan_private.couple_title(p_bride_first_name text, p_groom_first_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when char_length(p_bride_first_name) + char_length(p_groom_first_name) + 3 <= 200
      then p_bride_first_name || ' & ' || p_groom_first_name
    else left(p_bride_first_name, 98) || ' & ' || left(p_groom_first_name, 99)
  end
$$;

revoke execute on function kasalan_private.couple_title(p_bride_first_name text, p_groom_first_name text) from public, anon, authenticated;

-- The names members are shown under come from the account's name when they give none: without
-- control characters, so an account's odd name never stops its wedding from being created.
create or replace function kasalan_private.account_display_name(p_user_id uuid)
returns text
language sql
stable security definer
set search_path = ''
as $$
  select left(coalesce(
    nullif(btrim(regexp_replace(u.raw_user_meta_data ->> 'name', '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]', '', 'g')), ''),
    nullif(split_part(u.email, '@', 1), ''),
    ''
  ), 100)
  from auth.users u
  where u.id = p_user_id
$$;

revoke execute on function kasalan_private.account_display_name(p_user_id uuid) from public, anon, authenticated;

-- Makes the account that creates a wedding its owner. Trigger function only; nobody calls it.
create or replace function kasalan_private.add_wedding_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into kasalan.wedding_members (wedding_id, user_id, role, display_name, joined_at)
  values (new.id, new.user_id, 'owner', coalesce(kasalan_private.account_display_name(new.user_id), ''), new.created_at)
  on conflict do nothing;
  return null;
end;
$$;

revoke execute on function kasalan_private.add_wedding_owner() from public, anon, authenticated;

-- Checks, at commit, that a wedding that still exists has exactly one owner (a handover demotes
-- and promotes in one transaction). Trigger function only; nobody calls it.
create or replace function kasalan_private.check_wedding_has_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from kasalan.weddings w where w.id = old.wedding_id)
    and not exists (select 1 from kasalan.wedding_members m where m.wedding_id = old.wedding_id and m.role = 'owner')
  then
    raise exception 'wedding_needs_owner';
  end if;
  return null;
end;
$$;

revoke execute on function kasalan_private.check_wedding_has_owner() from public, anon, authenticated;

-- weddings: a wedding that has no members yet is its creator's (an INSERT ... RETURNING checks
-- the select policy before the owner's membership row exists).
create or replace function kasalan_private.wedding_has_members(p_wedding_id uuid)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select exists (select 1 from kasalan.wedding_members m where m.wedding_id = p_wedding_id)
$$;

revoke execute on function kasalan_private.wedding_has_members(p_wedding_id uuid) from public, anon;
grant execute on function kasalan_private.wedding_has_members(p_wedding_id uuid) to authenticated;

-- The weddings the signed-in account belongs to, for the wedding switcher: [{id, slug, title,
-- bride, groom, date, role, side}], the one they own first, then by date. Granted to authenticated.
create or replace function kasalan.list_my_weddings()
returns jsonb
language sql
stable security definer
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object(
        'id', w.id, 'slug', w.slug, 'title', w.title, 'bride', w.bride, 'groom', w.groom,
        'date', w.date, 'role', m.role, 'side', m.side
      )
      order by m.role = 'owner' desc, w.date nulls last, m.joined_at, w.id
    ),
    '[]'::jsonb
  )
  from kasalan.wedding_members m
  join kasalan.weddings w on w.id = m.wedding_id
  where m.user_id = (select auth.uid())
$$;

revoke execute on function kasalan.list_my_weddings() from public, anon;
grant execute on function kasalan.list_my_weddings() to authenticated;

-- The membership management works on: p_wedding_id when the account belongs to it, else the
-- wedding they own, else the first they joined. Helper of get_my_wedding; granted to authenticated.
create or replace function kasalan_private.my_membership(p_wedding_id uuid)
returns SETOF kasalan.wedding_members
language sql
stable security definer
set search_path = ''
as $$
  select * from kasalan.wedding_members m
  where m.user_id = (select auth.uid())
  order by m.wedding_id = p_wedding_id desc nulls last, m.role = 'owner' desc, m.joined_at, m.wedding_id
  limit 1
$$;

revoke execute on function kasalan_private.my_membership(p_wedding_id uuid) from public, anon;
grant execute on function kasalan_private.my_membership(p_wedding_id uuid) to authenticated;

-- The wedding as an usher opens it, in the Wedding shape: only what the public site shows (id,
-- slug, title, the couple's names, date, place, hashtag, theme, site language, whether it is
-- published and the RSVP deadline); no owner's account (userId null), contact, questions,
-- sections or settings (rsvpQuestions and sections empty, contact blank). Null unless the caller checks in at the wedding. Security
-- definer because an usher may not read the wedding's row. Helper of get_my_wedding; granted to
-- authenticated.
create or replace function kasalan_private.door_wedding_json(p_wedding_id uuid)
returns jsonb
language sql
stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', w.id,
    'userId', null,
    'slug', w.slug,
    'title', w.title,
    'bride', w.bride,
    'groom', w.groom,
    'date', w.date,
    'theme', w.theme,
    'isPublished', w.is_published,
    'rsvpDeadline', w.rsvp_deadline,
    'rsvpQuestions', '[]'::jsonb,
    'contact', jsonb_build_object('email', null, 'phone', null, 'names', null, 'messenger', null),
    'location', jsonb_build_object('venue', w.venue, 'city', w.city, 'country', w.country),
    'hashtag', w.hashtag,
    'siteLanguage', w.site_language,
    'sections', '[]'::jsonb
  )
  from kasalan.weddings w
  where w.id = p_wedding_id and kasalan_private.can(p_wedding_id, 'checkin')
$$;

revoke execute on function kasalan_private.door_wedding_json(p_wedding_id uuid) from public, anon;
grant execute on function kasalan_private.door_wedding_json(p_wedding_id uuid) to authenticated;

-- The wedding management opens, in the Wedding shape with the caller's role and side, whether the
-- couple lets their coordinator see the money and whether the caller does: p_wedding_id
-- when the caller is one of its members, else the first of theirs (the one they own first); null
-- when they belong to none. An usher, who may not read the wedding's row, gets only what the
-- public site shows (kasalan_private.door_wedding_json) and neither sees the money. Called by
-- management's wedding gate; granted to authenticated.
create or replace function kasalan.get_my_wedding(p_wedding_id uuid default NULL::uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case
    when m.role = 'usher' then kasalan_private.door_wedding_json(m.wedding_id) || jsonb_build_object(
      'myRole', m.role,
      'mySide', m.side,
      'coordinatorSeesMoney', false,
      'seesMoney', false
    )
    else (
      select kasalan_private.wedding_json(w) || jsonb_build_object(
        'myRole', m.role,
        'mySide', m.side,
        'coordinatorSeesMoney', w.coordinator_sees_money,
        'seesMoney', kasalan_private.can(w.id, 'money')
      )
      from kasalan.weddings w
      where w.id = m.wedding_id
    )
  end
  from kasalan_private.my_membership(p_wedding_id) m
$$;

revoke execute on function kasalan.get_my_wedding(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.get_my_wedding(p_wedding_id uuid) to authenticated;

-- Refuses a call that must write when PostgREST runs it read only (a GET or HEAD request) with the
-- project's code read_only_call and a hint, rather than PostgreSQL's bare "cannot execute INSERT in
-- a read-only transaction" from the first write. The SQLSTATE stays 25006
-- (read_only_sql_transaction), so PostgREST still answers 405 Method Not Allowed.
create or replace function kasalan_private.require_writable()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if current_setting('transaction_read_only') = 'on' then
    raise exception 'read_only_call'
      using errcode = '25006', hint = 'This call records the visit: send it as POST, not GET.';
  end if;
end;
$$;

revoke execute on function kasalan_private.require_writable() from public, anon, authenticated;

-- =============================================================================================
-- Row-level security
-- =============================================================================================

create policy "Weddings can be read by their members"
  on kasalan.weddings for select to authenticated
  using ((kasalan_private.can(id, 'view') or ((user_id = ( select auth.uid() as uid)) and (not kasalan_private.wedding_has_members(id)))));

-- sections
create policy "Sections can be read by the wedding's owner"
  on kasalan.sections for select to authenticated
  using (kasalan_private.can_manage(wedding_id));

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger sections_protect_row_identity before update
  on kasalan.sections
  for each row
  execute function kasalan_private.protect_row_identity('user_id', 'wedding_id');

create constraint trigger wedding_members_need_owner after delete or update
  on kasalan.wedding_members
  deferrable initially deferred
  for each row
  execute function kasalan_private.check_wedding_has_owner();

create trigger weddings_add_owner after insert
  on kasalan.weddings
  for each row
  execute function kasalan_private.add_wedding_owner();

create trigger weddings_protect_row_identity before update
  on kasalan.weddings
  for each row
  execute function kasalan_private.protect_row_identity('user_id');

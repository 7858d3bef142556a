-- Kasalan: every write goes through the functions, and the rules hold on every path.
--
-- Signed-in users could still INSERT, UPDATE and DELETE some kasalan tables directly through the
-- Data API (weddings, sections, seating_layouts, wedding_old_slugs, media_objects), held only by the
-- row policies. A policy says whose row it is, not what the row may say: a stranger could give their
-- own wedding another couple's old address (and be served at their printed links), put another
-- couple's current address among their own old ones (so the couple could never change it), take a
-- reserved word as an address, or store a theme, a template or a contact link no function accepts.
--
-- Now:
--   - anon and authenticated keep only SELECT where the reads need it (the row policies decide which
--     rows); every write is a security definer function that checks the caller first, as the write
--     policies did, and those policies are dropped: a write that no function makes has no policy;
--   - an address belongs to one wedding for good: kasalan.wedding_addresses holds every current and
--     old address under one primary key, filled by triggers on both tables, so two weddings racing
--     for one address are serialised by the index and the second is refused whatever the path;
--   - reserved words, themes, invitation templates, the contact block and control characters in
--     every text column are checked by constraints, so no path (the import included) stores them.

-- =============================================================================================
-- Table privileges: reads only
-- =============================================================================================

revoke insert, update, delete, truncate, references, trigger
  on all tables in schema kasalan from public, anon, authenticated;

-- The write policies describe writes nobody may make any more; with RLS on and no policy for a
-- command, a write granted again by mistake is refused for every row rather than half-allowed.
do $drop_write_policies$
declare
  v_policy record;
begin
  for v_policy in
    select p.policyname, p.tablename
    from pg_catalog.pg_policies p
    where p.schemaname = 'kasalan' and p.cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
  loop
    execute format('drop policy %I on kasalan.%I', v_policy.policyname, v_policy.tablename);
  end loop;
end;
$drop_write_policies$;

-- =============================================================================================
-- Functions that wrote as their caller now write as the owner, after the same check
-- =============================================================================================

-- Each of these already checks at its top exactly what the dropped policy enforced (can_manage for
-- the site, sections, photos and RSVP settings; can(…, 'seating') for the seating layout; a signed-in
-- caller creating their own wedding), and already runs with an empty search_path.
alter function kasalan.change_wedding_slug(uuid, text) security definer;
alter function kasalan.delete_media_objects(uuid, jsonb) security definer;
alter function kasalan.put_media_object(uuid, text, text, text) security definer;
alter function kasalan.save_seating_layout(uuid, jsonb, timestamptz) security definer;
alter function kasalan.save_site_structure(uuid, jsonb, jsonb) security definer;
alter function kasalan.set_wedding_published(uuid, boolean) security definer;
alter function kasalan.update_rsvp_settings(uuid, date, jsonb) security definer;
alter function kasalan.update_wedding_details(uuid, jsonb) security definer;

-- 0009's create_my_wedding as the owner: the caller must be signed in and the wedding, its owner
-- membership and its sections are theirs. The loser of a race for a free address takes the next
-- one also when the address was claimed as another wedding's old one a moment before.
create or replace function kasalan.create_my_wedding(p_bride jsonb, p_groom jsonb, p_date date default null)
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
  from kasalan.my_membership(null) m
  join kasalan.weddings w on w.id = m.wedding_id
  where m.role = 'owner';
  if found then
    return kasalan.wedding_json(v_wedding);
  end if;

  if jsonb_typeof(p_bride) is distinct from 'object' or jsonb_typeof(p_groom) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'bride and groom must be objects';
  end if;
  v_bride := jsonb_build_object(
    'firstName', kasalan.json_text(p_bride, 'firstName', 100),
    'lastName', kasalan.json_text(p_bride, 'lastName', 100)
  );
  v_groom := jsonb_build_object(
    'firstName', kasalan.json_text(p_groom, 'firstName', 100),
    'lastName', kasalan.json_text(p_groom, 'lastName', 100)
  );
  if v_bride ->> 'firstName' is null or v_bride ->> 'lastName' is null
    or v_groom ->> 'firstName' is null or v_groom ->> 'lastName' is null
  then
    raise exception 'invalid_input' using detail = 'bride and groom need a first and last name';
  end if;
  v_couple := kasalan.couple_title(v_bride ->> 'firstName', v_groom ->> 'firstName');

  -- Two couples may pick the same free slug at once; the loser of the race takes the next one.
  loop
    v_attempt := v_attempt + 1;
    begin
      insert into kasalan.weddings (user_id, slug, title, bride, groom, date)
      values (
        v_user_id,
        kasalan.unique_wedding_slug(v_bride ->> 'firstName', v_groom ->> 'firstName'),
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

  return kasalan.wedding_json(v_wedding);
end;
$$;

-- 0008's save_section_content as the owner. The caller's right is checked before the row is
-- locked, so a section of another wedding is neither locked nor waited for (its answer and its
-- timing are those of a section that does not exist).
create or replace function kasalan.save_section_content(
  p_section_id uuid,
  p_title text,
  p_data jsonb,
  p_base_content_updated_at timestamptz default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_section kasalan.sections;
  v_title text := btrim(coalesce(p_title, ''));
  v_data jsonb;
  v_problem text;
begin
  select * into v_section from kasalan.sections s where s.id = p_section_id;
  if not found or not kasalan.can_manage(v_section.wedding_id) then
    raise exception 'section_not_found';
  end if;
  select * into v_section from kasalan.sections s where s.id = p_section_id for update;
  if not found then
    raise exception 'section_not_found';
  end if;
  if p_base_content_updated_at is not null and v_section.content_updated_at <> p_base_content_updated_at then
    raise exception 'section_content_conflict';
  end if;
  if char_length(v_title) > 200 then
    raise exception 'invalid_input' using detail = 'title is longer than 200 characters';
  end if;
  if p_data is null or jsonb_typeof(p_data) <> 'object' then
    raise exception 'invalid_input' using detail = 'data must be an object';
  end if;
  if char_length(p_data::text) > 200000 then
    raise exception 'section_data_too_large';
  end if;

  v_data := kasalan.sanitize_section_embeds(p_data, kasalan.section_shape(v_section.type), '');
  v_problem := kasalan.section_data_problem(v_section.type, v_data);
  if v_problem is not null then
    raise exception 'section_data_invalid' using detail = v_problem;
  end if;

  update kasalan.sections s
  set title = v_title,
      data = v_data
  where s.id = p_section_id
  returning * into v_section;

  return jsonb_build_object(
    'section', kasalan.section_json(v_section),
    'contentUpdatedAt', v_section.content_updated_at
  );
end;
$$;

-- 0001's protect_row_identity, with an updated_at that always moves forward. The seating layout's
-- save is based on it (a save names the version it started from), and the embedded database's
-- clock counts milliseconds: two saves within one millisecond, quick now that they skip the write
-- policies, stamped the same time and the older base passed for the newer. Trigger; nobody calls it.
create or replace function kasalan.protect_row_identity()
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

-- save_sections (0011) has had no caller since the builder saves with save_site_structure and
-- save_section_content; it wrote sections as the caller.
drop function kasalan.save_sections(uuid, jsonb);

-- =============================================================================================
-- Addresses: one owner for good
-- =============================================================================================

-- Every address a wedding has or had: its current slug and its old ones (wedding_old_slugs), one
-- primary key over both. A row is written by the triggers below and leaves only with its wedding.
-- Nobody reads it through the API.
create table kasalan.wedding_addresses (
  address text primary key,
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  created_at timestamptz not null default now()
);

create index wedding_addresses_wedding_id_idx on kasalan.wedding_addresses (wedding_id);

alter table kasalan.wedding_addresses enable row level security;
revoke all on kasalan.wedding_addresses from public, anon, authenticated;

-- The addresses there are today. An old address that is already another wedding's (possible only
-- through the direct writes this migration closes) stops the migration: whose it is must be
-- decided by a person, not guessed.
insert into kasalan.wedding_addresses (address, wedding_id, created_at)
select w.slug, w.id, w.created_at from kasalan.weddings w;
insert into kasalan.wedding_addresses (address, wedding_id, created_at)
select o.slug, o.wedding_id, o.created_at from kasalan.wedding_old_slugs o
on conflict (address) do nothing;

do $check_addresses$
declare
  v_clash text;
begin
  select string_agg(o.slug, ', ' order by o.slug) into v_clash
  from kasalan.wedding_old_slugs o
  join kasalan.wedding_addresses a on a.address = o.slug
  where a.wedding_id <> o.wedding_id;
  if v_clash is not null then
    raise exception 'old addresses that are also another wedding''s: %', v_clash;
  end if;
end;
$check_addresses$;

-- Claims new.slug for its wedding (weddings: new.id; wedding_old_slugs: new.wedding_id) in
-- wedding_addresses, after every insert and every change of the address or its wedding. An address
-- already there for another wedding is refused with unique_violation ('slug_taken', constraint
-- wedding_addresses_pkey), which change_wedding_slug answers as slug_taken and create_my_wedding
-- takes as "try the next one". Two transactions claiming one address meet at the primary key: the
-- second waits for the first and is refused if it commits. Trigger; nobody calls it.
create function kasalan.claim_wedding_address()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding_id uuid;
begin
  if tg_table_name = 'weddings' then
    v_wedding_id := new.id;
  else
    v_wedding_id := new.wedding_id;
  end if;
  begin
    insert into kasalan.wedding_addresses (address, wedding_id) values (new.slug, v_wedding_id);
  exception when unique_violation then
    if not exists (
      select 1 from kasalan.wedding_addresses a where a.address = new.slug and a.wedding_id = v_wedding_id
    ) then
      raise exception 'slug_taken'
        using errcode = 'unique_violation', constraint = 'wedding_addresses_pkey';
    end if;
  end;
  return null;
end;
$$;

revoke execute on function kasalan.claim_wedding_address() from public, anon, authenticated;

create trigger weddings_claim_address
  after insert or update of slug on kasalan.weddings
  for each row execute function kasalan.claim_wedding_address();

create trigger wedding_old_slugs_claim_address
  after insert or update of slug, wedding_id on kasalan.wedding_old_slugs
  for each row execute function kasalan.claim_wedding_address();

-- Reserved words (routes of the app) are never an address, current or old.
alter table kasalan.weddings
  add constraint weddings_slug_not_reserved check (not kasalan.is_reserved_slug(slug));
alter table kasalan.wedding_old_slugs
  add constraint wedding_old_slugs_slug_not_reserved check (not kasalan.is_reserved_slug(slug));

-- =============================================================================================
-- Themes, templates and the contact block: the functions' checks, on the table
-- =============================================================================================

-- checked_theme (0007) raises invalid_input for anything save_site_structure would refuse.
alter table kasalan.weddings
  add constraint weddings_theme_valid check (kasalan.checked_theme(theme) is not null);

-- True for what save_invitation_templates (0014) stores: {invitation?: {fil?, en?}, reminder?:
-- {fil?, en?}} with texts of 1 to 1000 characters without control characters (tab and line
-- breaks allowed); raises invalid_input naming the problem otherwise. Check of
-- weddings.invitation_templates.
create function kasalan.invitation_templates_are_valid(p_templates jsonb)
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
      perform kasalan.text_is_clean(v_text #>> '{}', format('%s.%s', v_kind, v_language));
    end loop;
  end loop;
  return true;
end;
$$;

-- True for the contact block update_wedding_details (0007) stores: {names?, email?, phone?,
-- messenger?}, texts of at most 100 / 254 / 50 / 300 characters, the e-mail an address and
-- messenger an https link to Facebook or Messenger; raises invalid_input otherwise. Check of
-- weddings.contact.
create function kasalan.contact_is_valid(p_contact jsonb)
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
    perform kasalan.text_is_clean(v_value #>> '{}', format('contact %s', v_key));
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

-- =============================================================================================
-- Control characters: refused in every text a person types, whatever writes it
-- =============================================================================================

-- True when p_value has no control character other than tab and line breaks (json_text's rule,
-- 0009); raises invalid_input '<field> contains invalid characters' otherwise, the answer every
-- function gives. Check of every user text column.
create function kasalan.text_is_clean(p_value text, p_field text)
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

-- The same for every text inside a JSON value (names, contact, address, questions, section data).
create function kasalan.json_texts_are_clean(p_value jsonb, p_field text)
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
    perform kasalan.text_is_clean(v_text, p_field);
  end loop;
  return true;
end;
$$;

revoke execute on function kasalan.text_is_clean(text, text) from public, anon, authenticated;
revoke execute on function kasalan.json_texts_are_clean(jsonb, text) from public, anon, authenticated;
revoke execute on function kasalan.invitation_templates_are_valid(jsonb) from public, anon, authenticated;
revoke execute on function kasalan.contact_is_valid(jsonb) from public, anon, authenticated;

-- The names members are shown under come from the account's name when they give none: without
-- control characters, so an account's odd name never stops its wedding from being created.
create or replace function kasalan.account_display_name(p_user_id uuid)
returns text
language sql
stable
security definer
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

-- Every user text column gets `<table>_<column>_clean`. Rows stored before (a section title or a
-- member's name could hold control characters) lose those characters first, so the constraint
-- holds for them too; JSON columns were already written through json_text and are only checked.
do $clean_text$
declare
  v_column record;
  v_pattern constant text := '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]';
begin
  for v_column in
    select * from (values
      ('weddings', 'title'), ('weddings', 'venue'), ('weddings', 'city'), ('weddings', 'country'),
      ('weddings', 'hashtag'),
      ('sections', 'label'), ('sections', 'title'),
      ('guests', 'email'), ('guests', 'phone'), ('guests', 'notes'), ('guests', 'rsvp_message'),
      ('persons', 'first_name'), ('persons', 'last_name'), ('persons', 'title'), ('persons', 'suffix'),
      ('persons', 'notes'),
      ('wedding_members', 'display_name'),
      ('member_invitations', 'email'),
      ('invitation_sends', 'address'),
      ('wedding_activity', 'actor_name'), ('wedding_activity', 'household_name')
    ) as c(table_name, column_name)
  loop
    execute format(
      'update kasalan.%1$I set %2$I = regexp_replace(%2$I, %3$L, '''', ''g'') where %2$I ~ %3$L',
      v_column.table_name, v_column.column_name, v_pattern
    );
    execute format(
      'alter table kasalan.%1$I add constraint %3$I check (kasalan.text_is_clean(%2$I, %2$L))',
      v_column.table_name, v_column.column_name,
      format('%s_%s_clean', v_column.table_name, v_column.column_name)
    );
  end loop;

  for v_column in
    select * from (values
      ('weddings', 'bride'), ('weddings', 'groom'), ('weddings', 'contact'),
      ('weddings', 'rsvp_questions'), ('weddings', 'invitation_templates'),
      ('guests', 'address'),
      ('sections', 'data')
    ) as c(table_name, column_name)
  loop
    execute format(
      'alter table kasalan.%1$I add constraint %3$I check (kasalan.json_texts_are_clean(%2$I, %2$L))',
      v_column.table_name, v_column.column_name,
      format('%s_%s_clean', v_column.table_name, v_column.column_name)
    );
  end loop;
end;
$clean_text$;

alter table kasalan.weddings
  add constraint weddings_invitation_templates_valid check (kasalan.invitation_templates_are_valid(invitation_templates)),
  add constraint weddings_contact_valid check (kasalan.contact_is_valid(contact));

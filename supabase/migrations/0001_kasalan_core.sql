-- Kasalan core: weddings, their website sections, the guest list (households and persons) and the
-- seating layout, with row-level security and the functions the app calls.
--
-- The client never queries a table: it calls the functions at the end of this file. Management
-- functions run as `security invoker`, so row-level security decides what a couple reaches; this
-- file's one public call, kasalan.get_site, is `security definer` and checks inside what a visitor
-- may see.
-- Functions raise a stable snake_case code as the message (see docs/database-contract.md).

create extension if not exists pgcrypto with schema extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

create schema if not exists kasalan;
grant usage on schema kasalan to anon, authenticated;

-- A schema-level "revoke execute on functions from public" is a no-op in Postgres (functions are
-- executable by public through the global default), so every function below is revoked by name.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- One wedding per couple for now; its owner is the account that signed up.
create table kasalan.weddings (
  id uuid primary key default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  slug text not null
    constraint weddings_slug_key unique
    constraint weddings_slug_format check (char_length(slug) <= 63 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null default '' check (char_length(title) <= 200),
  bride jsonb not null check (jsonb_typeof(bride) = 'object'),
  groom jsonb not null check (jsonb_typeof(groom) = 'object'),
  date date,
  theme jsonb not null default '{"name": "classic"}'
    check (jsonb_typeof(theme) = 'object' and coalesce(theme ->> 'name', '') in ('classic', 'elegant', 'modern')),
  is_published boolean not null default false,
  rsvp_deadline date,
  rsvp_questions jsonb not null default '[]' check (jsonb_typeof(rsvp_questions) = 'array'),
  -- The couple's contact block on the public site: e-mail, phone, names.
  contact jsonb not null default '{}' check (jsonb_typeof(contact) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index weddings_user_id_key on kasalan.weddings (user_id);

-- A page of the wedding's website; `data` is free-form content shaped by the section's type.
create table kasalan.sections (
  id uuid primary key default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  type text not null check (type in (
    'home', 'our-story', 'schedule', 'travel', 'registry', 'wedding-party', 'gallery', 'things-to-do',
    'faqs', 'rsvp', 'about', 'custom'
  )),
  label text not null default '' check (char_length(label) <= 100),
  title text not null default '' check (char_length(title) <= 200),
  path text not null check (char_length(path) <= 63 and path ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  visible boolean not null default true,
  data jsonb not null default '{}' check (jsonb_typeof(data) = 'object'),
  order_index integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Deferrable so that one save may swap two sections' paths.
  constraint sections_wedding_id_path_key unique (wedding_id, path) deferrable initially immediate
);

-- One row per household: the contact details the invitation goes to.
create table kasalan.guests (
  id uuid primary key default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  email text check (char_length(email) between 1 and 254),
  phone text check (char_length(phone) between 1 and 50),
  address jsonb not null default '{"address1": "", "address2": "", "city": "", "state": "", "zip": "", "country": "Philippines"}'
    check (jsonb_typeof(address) = 'object'),
  relationship_side text check (relationship_side in ('bride', 'groom', 'both')),
  relationship_type text check (relationship_type in ('family', 'friend', 'familyFriend', 'others')),
  notes text check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Lets persons reference (household, wedding) together, so a person never crosses weddings.
  constraint guests_id_wedding_id_key unique (id, wedding_id)
);

create index guests_wedding_id_created_at_idx on kasalan.guests (wedding_id, created_at, id);

-- One invited person of a household.
create table kasalan.persons (
  id uuid primary key default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  guest_id uuid not null,
  first_name text not null check (btrim(first_name) <> '' and char_length(first_name) <= 100),
  last_name text not null default '' check (char_length(last_name) <= 100),
  type text not null default 'adult' check (type in ('adult', 'child')),
  title text check (char_length(title) <= 50),
  suffix text check (char_length(suffix) <= 20),
  notes text check (char_length(notes) <= 2000),
  -- The RSVP e-mails sent to this person: [{sentAt, address}].
  email_history jsonb not null default '[]' check (jsonb_typeof(email_history) = 'array'),
  is_attending boolean,
  response jsonb not null default '[]' check (jsonb_typeof(response) = 'array'),
  responded_at timestamptz,
  -- Order within the household.
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint persons_guest_id_wedding_id_fkey foreign key (guest_id, wedding_id)
    references kasalan.guests (id, wedding_id) on delete cascade
);

create index persons_guest_id_idx on kasalan.persons (guest_id, position);
create index persons_wedding_id_idx on kasalan.persons (wedding_id);

-- The seating chart of a wedding: {tables: [...], seats: [...]}.
create table kasalan.seating_layouts (
  id uuid primary key default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  wedding_id uuid not null
    constraint seating_layouts_wedding_id_key unique
    references kasalan.weddings (id) on delete cascade,
  layout jsonb not null default '{"tables": [], "seats": []}' check (jsonb_typeof(layout) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Keeps the columns named in the trigger's arguments (owner, wedding, household) from ever changing
-- and stamps updated_at. Trigger function only; nobody calls it.
create function kasalan.protect_row_identity()
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
  new.updated_at := now();
  return new;
end;
$$;

revoke execute on function kasalan.protect_row_identity() from public, anon, authenticated;

create trigger weddings_protect_row_identity before update on kasalan.weddings
  for each row execute function kasalan.protect_row_identity('user_id');
create trigger sections_protect_row_identity before update on kasalan.sections
  for each row execute function kasalan.protect_row_identity('user_id', 'wedding_id');
create trigger guests_protect_row_identity before update on kasalan.guests
  for each row execute function kasalan.protect_row_identity('user_id', 'wedding_id');
create trigger persons_protect_row_identity before update on kasalan.persons
  for each row execute function kasalan.protect_row_identity('user_id', 'wedding_id', 'guest_id');
create trigger seating_layouts_protect_row_identity before update on kasalan.seating_layouts
  for each row execute function kasalan.protect_row_identity('user_id', 'wedding_id');

-- Checks, at commit, that a household still has an adult; the database-side twin of the guest
-- form's rule. Security definer so that it also works when the transaction's role cannot read
-- households (a visitor's RSVP). Trigger function only; nobody calls it.
create function kasalan.check_household_has_adult()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_guest_id uuid;
begin
  if tg_table_name = 'guests' then
    v_guest_id := new.id;
  elsif tg_op = 'DELETE' then
    v_guest_id := old.guest_id;
  else
    v_guest_id := new.guest_id;
  end if;

  if exists (select 1 from kasalan.guests g where g.id = v_guest_id)
    and not exists (select 1 from kasalan.persons p where p.guest_id = v_guest_id and p.type = 'adult')
  then
    raise exception 'household_needs_adult';
  end if;
  return null;
end;
$$;

revoke execute on function kasalan.check_household_has_adult() from public, anon, authenticated;

create constraint trigger guests_need_adult after insert on kasalan.guests
  deferrable initially deferred
  for each row execute function kasalan.check_household_has_adult();
create constraint trigger persons_need_adult after insert or delete or update of type on kasalan.persons
  deferrable initially deferred
  for each row execute function kasalan.check_household_has_adult();

-- =============================================================================================
-- Row-level security: a couple reaches its own wedding's rows, nobody else's; anon nothing
-- =============================================================================================

-- True when the signed-in user may manage this wedding (today: owns it; later also its planners).
-- Called by policies and functions; granted to authenticated.
create function kasalan.can_manage(p_wedding_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from kasalan.weddings w
    where w.id = p_wedding_id
      and w.user_id = (select auth.uid())
  )
$$;

revoke execute on function kasalan.can_manage(uuid) from public, anon;
grant execute on function kasalan.can_manage(uuid) to authenticated;

alter table kasalan.weddings enable row level security;
alter table kasalan.sections enable row level security;
alter table kasalan.guests enable row level security;
alter table kasalan.persons enable row level security;
alter table kasalan.seating_layouts enable row level security;

revoke all on kasalan.weddings, kasalan.sections, kasalan.guests, kasalan.persons, kasalan.seating_layouts
  from public, anon;
grant select, insert, update, delete
  on kasalan.weddings, kasalan.sections, kasalan.guests, kasalan.persons, kasalan.seating_layouts
  to authenticated;

-- weddings: by owner directly rather than through can_manage, because an INSERT ... RETURNING
-- checks the select policy against the new row, which can_manage's own query cannot see yet.
create policy "Weddings can be read by their owner"
  on kasalan.weddings for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Weddings can be created by a couple for themselves"
  on kasalan.weddings for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Weddings can be edited by their owner"
  on kasalan.weddings for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "Weddings can be deleted by their owner"
  on kasalan.weddings for delete to authenticated
  using (user_id = (select auth.uid()));

-- sections
create policy "Sections can be read by the wedding's owner"
  on kasalan.sections for select to authenticated
  using (kasalan.can_manage(wedding_id));
create policy "Sections can be added by the wedding's owner"
  on kasalan.sections for insert to authenticated
  with check (user_id = (select auth.uid()) and kasalan.can_manage(wedding_id));
create policy "Sections can be edited by the wedding's owner"
  on kasalan.sections for update to authenticated
  using (kasalan.can_manage(wedding_id))
  with check (kasalan.can_manage(wedding_id));
create policy "Sections can be deleted by the wedding's owner"
  on kasalan.sections for delete to authenticated
  using (kasalan.can_manage(wedding_id));

-- guests
create policy "Guests can be read by the wedding's owner"
  on kasalan.guests for select to authenticated
  using (kasalan.can_manage(wedding_id));
create policy "Guests can be added by the wedding's owner"
  on kasalan.guests for insert to authenticated
  with check (user_id = (select auth.uid()) and kasalan.can_manage(wedding_id));
create policy "Guests can be edited by the wedding's owner"
  on kasalan.guests for update to authenticated
  using (kasalan.can_manage(wedding_id))
  with check (kasalan.can_manage(wedding_id));
create policy "Guests can be deleted by the wedding's owner"
  on kasalan.guests for delete to authenticated
  using (kasalan.can_manage(wedding_id));

-- persons
create policy "Persons can be read by the wedding's owner"
  on kasalan.persons for select to authenticated
  using (kasalan.can_manage(wedding_id));
create policy "Persons can be added by the wedding's owner"
  on kasalan.persons for insert to authenticated
  with check (user_id = (select auth.uid()) and kasalan.can_manage(wedding_id));
create policy "Persons can be edited by the wedding's owner"
  on kasalan.persons for update to authenticated
  using (kasalan.can_manage(wedding_id))
  with check (kasalan.can_manage(wedding_id));
create policy "Persons can be deleted by the wedding's owner"
  on kasalan.persons for delete to authenticated
  using (kasalan.can_manage(wedding_id));

-- seating_layouts
create policy "Seating layouts can be read by the wedding's owner"
  on kasalan.seating_layouts for select to authenticated
  using (kasalan.can_manage(wedding_id));
create policy "Seating layouts can be added by the wedding's owner"
  on kasalan.seating_layouts for insert to authenticated
  with check (user_id = (select auth.uid()) and kasalan.can_manage(wedding_id));
create policy "Seating layouts can be edited by the wedding's owner"
  on kasalan.seating_layouts for update to authenticated
  using (kasalan.can_manage(wedding_id))
  with check (kasalan.can_manage(wedding_id));
create policy "Seating layouts can be deleted by the wedding's owner"
  on kasalan.seating_layouts for delete to authenticated
  using (kasalan.can_manage(wedding_id));

-- =============================================================================================
-- Functions: JSON shapes (helpers)
-- =============================================================================================

-- A section in the contract's Section shape. Helper of the functions below; granted to authenticated.
create function kasalan.section_json(p_section kasalan.sections)
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

-- A wedding in the contract's Wedding shape, with the sections the caller can read, in order.
-- Helper of the functions below; granted to authenticated.
create function kasalan.wedding_json(p_wedding kasalan.weddings)
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
    'sections', coalesce(
      (
        select jsonb_agg(kasalan.section_json(s) order by s.order_index, s.created_at, s.id)
        from kasalan.sections s
        where s.wedding_id = p_wedding.id
      ),
      '[]'::jsonb
    )
  )
$$;

-- A household in the contract's Household shape, with its persons in order. Helper of the
-- functions below; granted to authenticated.
create function kasalan.household_json(p_guest kasalan.guests)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_guest.id,
    'weddingId', p_guest.wedding_id,
    'userId', p_guest.user_id,
    'createdAt', p_guest.created_at,
    'email', p_guest.email,
    'phone', p_guest.phone,
    'address', p_guest.address,
    'relationshipSide', p_guest.relationship_side,
    'relationshipType', p_guest.relationship_type,
    'notes', p_guest.notes,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'guestId', p.guest_id,
            'userId', p.user_id,
            'firstName', p.first_name,
            'lastName', p.last_name,
            'type', p.type,
            'title', p.title,
            'suffix', p.suffix,
            'notes', p.notes,
            'emailHistory', p.email_history,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'position', p.position
          )
          order by p.position, p.created_at, p.id
        )
        from kasalan.persons p
        where p.guest_id = p_guest.id
      ),
      '[]'::jsonb
    )
  )
$$;

-- A trimmed text field of a JSON object: null when missing, null or blank; raises invalid_input
-- when it is not a string or is longer than p_max_length. Helper of the functions below.
create function kasalan.json_text(p_object jsonb, p_key text, p_max_length integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_object -> p_key;
  v_text text;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v_value) <> 'string' then
    raise exception 'invalid_input' using detail = format('%s must be text', p_key);
  end if;
  v_text := btrim(v_value #>> '{}');
  if char_length(v_text) > p_max_length then
    raise exception 'invalid_input' using detail = format('%s is longer than %s characters', p_key, p_max_length);
  end if;
  return nullif(v_text, '');
end;
$$;

-- An id field of a JSON object: null when missing or null; raises invalid_input when it is not a
-- UUID. Helper of the functions below.
create function kasalan.json_uuid(p_object jsonb, p_key text)
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

revoke execute on function
  kasalan.section_json(kasalan.sections),
  kasalan.wedding_json(kasalan.weddings),
  kasalan.household_json(kasalan.guests),
  kasalan.json_text(jsonb, text, integer),
  kasalan.json_uuid(jsonb, text)
from public, anon;
grant execute on function
  kasalan.section_json(kasalan.sections),
  kasalan.wedding_json(kasalan.weddings),
  kasalan.household_json(kasalan.guests),
  kasalan.json_text(jsonb, text, integer),
  kasalan.json_uuid(jsonb, text)
to authenticated;

-- =============================================================================================
-- Functions: the couple's wedding
-- =============================================================================================

-- A free, readable slug for a couple from their first names ("maria-and-juan", then
-- "maria-and-juan-2", ...). Security definer because it must see every couple's slugs; it returns
-- only a slug nobody has. Called by create_my_wedding; granted to authenticated.
create function kasalan.unique_wedding_slug(p_bride_first_name text, p_groom_first_name text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_part text;
  v_parts text[] := '{}';
  v_base text;
  v_slug text;
  v_n integer := 1;
begin
  -- Each first name as lowercase ASCII words joined by '-', at most 25 characters, so that
  -- "<bride>-and-<groom>-<n>" stays within the 63 characters a slug (and a DNS label) may have.
  foreach v_name in array array[p_bride_first_name, p_groom_first_name] loop
    v_part := regexp_replace(lower(extensions.unaccent(coalesce(v_name, ''))), '[^a-z0-9]+', '-', 'g');
    v_part := btrim(left(btrim(v_part, '-'), 25), '-');
    if v_part <> '' then
      v_parts := v_parts || v_part;
    end if;
  end loop;

  v_base := coalesce(nullif(array_to_string(v_parts, '-and-'), ''), 'kasal');
  v_slug := v_base;
  while exists (select 1 from kasalan.weddings w where w.slug = v_slug) loop
    v_n := v_n + 1;
    v_slug := v_base || '-' || v_n;
  end loop;
  return v_slug;
end;
$$;

revoke execute on function kasalan.unique_wedding_slug(text, text) from public, anon;
grant execute on function kasalan.unique_wedding_slug(text, text) to authenticated;

-- Creates the signed-in couple's wedding with the default website sections, or returns the one
-- they already have (a couple never gets two). Called at sign-up; granted to authenticated.
create function kasalan.create_my_wedding(p_bride jsonb, p_groom jsonb, p_date date default null)
returns jsonb
language plpgsql
security invoker
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

  select * into v_wedding from kasalan.weddings w where w.user_id = v_user_id;
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
  v_couple := (v_bride ->> 'firstName') || ' & ' || (v_groom ->> 'firstName');

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
      if v_constraint = 'weddings_user_id_key' then
        -- The same couple signed up twice at once: hand back the wedding the other call made.
        select * into v_wedding from kasalan.weddings w where w.user_id = v_user_id;
        return kasalan.wedding_json(v_wedding);
      end if;
      if v_constraint <> 'weddings_slug_key' or v_attempt >= 5 then
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

revoke execute on function kasalan.create_my_wedding(jsonb, jsonb, date) from public, anon;
grant execute on function kasalan.create_my_wedding(jsonb, jsonb, date) to authenticated;

-- The signed-in couple's wedding with all its sections in order, or null if they have none yet.
-- Called by the management area; granted to authenticated.
create function kasalan.get_my_wedding()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select kasalan.wedding_json(w)
  from kasalan.weddings w
  where w.user_id = (select auth.uid())
$$;

revoke execute on function kasalan.get_my_wedding() from public, anon;
grant execute on function kasalan.get_my_wedding() to authenticated;

-- =============================================================================================
-- Functions: the guest list
-- =============================================================================================

-- Every household of a wedding with its persons, oldest household first. Called by the guests
-- screen; granted to authenticated.
create function kasalan.list_guests(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;

  return coalesce(
    (
      select jsonb_agg(kasalan.household_json(g) order by g.created_at, g.id)
      from kasalan.guests g
      where g.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.list_guests(uuid) from public, anon;
grant execute on function kasalan.list_guests(uuid) to authenticated;

-- Creates (no id) or updates (with id) one household and its persons in one step. Persons are
-- matched by id, so an edit keeps each person's RSVP; persons left out are removed. Called by the
-- guest form; granted to authenticated.
create function kasalan.save_household(p_wedding_id uuid, p_household jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_guest_id uuid;
  v_guest kasalan.guests;
  v_email text;
  v_phone text;
  v_notes text;
  v_address jsonb;
  v_side text;
  v_type text;
  v_persons jsonb;
  v_person jsonb;
  v_person_id uuid;
  v_person_ids uuid[] := '{}';
  v_index integer;
  v_has_adult boolean := false;
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  if jsonb_typeof(p_household) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'household must be an object';
  end if;

  -- Check the whole household before writing anything.
  v_guest_id := kasalan.json_uuid(p_household, 'id');
  v_email := kasalan.json_text(p_household, 'email', 254);
  v_phone := kasalan.json_text(p_household, 'phone', 50);
  v_notes := kasalan.json_text(p_household, 'notes', 2000);
  v_side := kasalan.json_text(p_household, 'relationshipSide', 20);
  if v_side not in ('bride', 'groom', 'both') then
    raise exception 'invalid_input' using detail = 'relationshipSide must be bride, groom or both';
  end if;
  v_type := kasalan.json_text(p_household, 'relationshipType', 20);
  if v_type not in ('family', 'friend', 'familyFriend', 'others') then
    raise exception 'invalid_input' using detail = 'relationshipType must be family, friend, familyFriend or others';
  end if;
  if coalesce(jsonb_typeof(p_household -> 'address'), 'null') not in ('object', 'null') then
    raise exception 'invalid_input' using detail = 'address must be an object';
  end if;
  v_address := jsonb_build_object(
    'address1', coalesce(kasalan.json_text(p_household -> 'address', 'address1', 200), ''),
    'address2', coalesce(kasalan.json_text(p_household -> 'address', 'address2', 200), ''),
    'city', coalesce(kasalan.json_text(p_household -> 'address', 'city', 100), ''),
    'state', coalesce(kasalan.json_text(p_household -> 'address', 'state', 100), ''),
    'zip', coalesce(kasalan.json_text(p_household -> 'address', 'zip', 20), ''),
    'country', coalesce(kasalan.json_text(p_household -> 'address', 'country', 100), 'Philippines')
  );

  v_persons := p_household -> 'persons';
  if jsonb_typeof(v_persons) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'persons must be a list';
  end if;
  for v_person in select value from jsonb_array_elements(v_persons) loop
    if jsonb_typeof(v_person) <> 'object' then
      raise exception 'invalid_input' using detail = 'each person must be an object';
    end if;
    if kasalan.json_text(v_person, 'firstName', 100) is null then
      raise exception 'person_first_name_required';
    end if;
    perform kasalan.json_text(v_person, 'lastName', 100),
      kasalan.json_text(v_person, 'title', 50),
      kasalan.json_text(v_person, 'suffix', 20),
      kasalan.json_text(v_person, 'notes', 2000);
    if coalesce(kasalan.json_text(v_person, 'type', 10), 'adult') not in ('adult', 'child') then
      raise exception 'invalid_input' using detail = 'type must be adult or child';
    end if;
    v_has_adult := v_has_adult or coalesce(kasalan.json_text(v_person, 'type', 10), 'adult') = 'adult';
    v_person_id := kasalan.json_uuid(v_person, 'id');
    if v_person_id is not null then
      if v_person_id = any (v_person_ids) then
        raise exception 'invalid_input' using detail = 'a person is listed twice';
      end if;
      v_person_ids := v_person_ids || v_person_id;
    end if;
  end loop;
  if not v_has_adult then
    raise exception 'household_needs_adult';
  end if;

  if v_guest_id is null then
    insert into kasalan.guests (wedding_id, email, phone, address, relationship_side, relationship_type, notes)
    values (p_wedding_id, v_email, v_phone, v_address, v_side, v_type, v_notes)
    returning id into v_guest_id;
  else
    update kasalan.guests g
    set email = v_email,
        phone = v_phone,
        address = v_address,
        relationship_side = v_side,
        relationship_type = v_type,
        notes = v_notes
    where g.id = v_guest_id
      and g.wedding_id = p_wedding_id;
    if not found then
      raise exception 'household_not_found';
    end if;
  end if;

  -- A listed id must be one of this household's persons (a new household has none yet).
  if exists (
    select 1
    from unnest(v_person_ids) as listed(id)
    where not exists (select 1 from kasalan.persons p where p.id = listed.id and p.guest_id = v_guest_id)
  ) then
    raise exception 'invalid_input' using detail = 'a person belongs to another household';
  end if;

  delete from kasalan.persons p
  where p.guest_id = v_guest_id
    and p.id <> all (v_person_ids);

  for v_person, v_index in select value, ordinality - 1 from jsonb_array_elements(v_persons) with ordinality loop
    v_person_id := kasalan.json_uuid(v_person, 'id');
    if v_person_id is null then
      insert into kasalan.persons (wedding_id, guest_id, first_name, last_name, type, title, suffix, notes, position)
      values (
        p_wedding_id, v_guest_id,
        kasalan.json_text(v_person, 'firstName', 100),
        coalesce(kasalan.json_text(v_person, 'lastName', 100), ''),
        coalesce(kasalan.json_text(v_person, 'type', 10), 'adult'),
        kasalan.json_text(v_person, 'title', 50),
        kasalan.json_text(v_person, 'suffix', 20),
        kasalan.json_text(v_person, 'notes', 2000),
        v_index
      );
    else
      update kasalan.persons p
      set first_name = kasalan.json_text(v_person, 'firstName', 100),
          last_name = coalesce(kasalan.json_text(v_person, 'lastName', 100), ''),
          type = coalesce(kasalan.json_text(v_person, 'type', 10), 'adult'),
          title = kasalan.json_text(v_person, 'title', 50),
          suffix = kasalan.json_text(v_person, 'suffix', 20),
          notes = kasalan.json_text(v_person, 'notes', 2000),
          position = v_index
      where p.id = v_person_id
        and p.guest_id = v_guest_id;
    end if;
  end loop;

  select * into v_guest from kasalan.guests g where g.id = v_guest_id;
  return kasalan.household_json(v_guest);
end;
$$;

revoke execute on function kasalan.save_household(uuid, jsonb) from public, anon;
grant execute on function kasalan.save_household(uuid, jsonb) to authenticated;

-- Deletes one household and its persons. Called by the guest list; granted to authenticated.
create function kasalan.delete_household(p_guest_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from kasalan.guests g where g.id = p_guest_id;
  if not found then
    raise exception 'household_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.delete_household(uuid) from public, anon;
grant execute on function kasalan.delete_household(uuid) to authenticated;

-- =============================================================================================
-- Functions: the website
-- =============================================================================================

-- Saves the website builder's section list in one step: updates sections by id, adds the ones
-- without an id (or with a new id), and numbers them in list order. Sections left out are kept.
-- Returns all the wedding's sections in order. Called by the builder; granted to authenticated.
create function kasalan.save_sections(p_wedding_id uuid, p_sections jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_section jsonb;
  v_index integer;
  v_id uuid;
  v_type text;
  v_path text;
  v_ids uuid[] := '{}';
  v_paths text[] := '{}';
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  if jsonb_typeof(p_sections) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'sections must be a list';
  end if;

  -- Check the whole list before writing anything.
  for v_section in select value from jsonb_array_elements(p_sections) loop
    if jsonb_typeof(v_section) <> 'object' then
      raise exception 'invalid_input' using detail = 'each section must be an object';
    end if;
    v_id := kasalan.json_uuid(v_section, 'id');
    v_type := kasalan.json_text(v_section, 'type', 20);
    if v_type is null or v_type not in (
      'home', 'our-story', 'schedule', 'travel', 'registry', 'wedding-party', 'gallery', 'things-to-do',
      'faqs', 'rsvp', 'about', 'custom'
    ) then
      raise exception 'invalid_input' using detail = 'unknown section type';
    end if;
    v_path := coalesce(kasalan.json_text(v_section, 'path', 63), v_type);
    if v_path !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
      raise exception 'invalid_input' using detail = 'path must be lowercase letters, digits and dashes';
    end if;
    if v_path = any (v_paths) then
      raise exception 'invalid_input' using detail = format('two sections have the path %s', v_path);
    end if;
    v_paths := v_paths || v_path;
    perform kasalan.json_text(v_section, 'label', 100), kasalan.json_text(v_section, 'title', 200);
    if coalesce(jsonb_typeof(v_section -> 'visible'), 'null') not in ('boolean', 'null') then
      raise exception 'invalid_input' using detail = 'visible must be true or false';
    end if;
    if coalesce(jsonb_typeof(v_section -> 'data'), 'null') not in ('object', 'null') then
      raise exception 'invalid_input' using detail = 'data must be an object';
    end if;
    if v_id is not null then
      if v_id = any (v_ids) then
        raise exception 'invalid_input' using detail = 'a section is listed twice';
      end if;
      v_ids := v_ids || v_id;
    end if;
  end loop;

  if exists (
    select 1
    from kasalan.sections s
    where s.wedding_id = p_wedding_id
      and s.path = any (v_paths)
      and s.id <> all (v_ids)
  ) then
    raise exception 'invalid_input' using detail = 'another section already has this path';
  end if;

  -- Paths may trade places within the list; uniqueness is checked again at commit.
  set constraints kasalan.sections_wedding_id_path_key deferred;

  for v_section, v_index in select value, ordinality - 1 from jsonb_array_elements(p_sections) with ordinality loop
    v_id := kasalan.json_uuid(v_section, 'id');
    v_type := kasalan.json_text(v_section, 'type', 20);

    if v_id is not null then
      update kasalan.sections s
      set type = v_type,
          label = coalesce(kasalan.json_text(v_section, 'label', 100), ''),
          title = coalesce(kasalan.json_text(v_section, 'title', 200), ''),
          path = coalesce(kasalan.json_text(v_section, 'path', 63), v_type),
          visible = coalesce((v_section ->> 'visible')::boolean, true),
          data = coalesce(nullif(v_section -> 'data', 'null'::jsonb), '{}'::jsonb),
          order_index = v_index
      where s.id = v_id
        and s.wedding_id = p_wedding_id;
      if found then
        continue;
      end if;
    end if;

    begin
      insert into kasalan.sections (id, wedding_id, type, label, title, path, visible, data, order_index)
      values (
        coalesce(v_id, extensions.gen_random_uuid()),
        p_wedding_id,
        v_type,
        coalesce(kasalan.json_text(v_section, 'label', 100), ''),
        coalesce(kasalan.json_text(v_section, 'title', 200), ''),
        coalesce(kasalan.json_text(v_section, 'path', 63), v_type),
        coalesce((v_section ->> 'visible')::boolean, true),
        coalesce(nullif(v_section -> 'data', 'null'::jsonb), '{}'::jsonb),
        v_index
      );
    exception when unique_violation then
      -- The id is taken by a section of another wedding.
      raise exception 'invalid_input' using detail = 'a section belongs to another wedding';
    end;
  end loop;

  return coalesce(
    (
      select jsonb_agg(kasalan.section_json(s) order by s.order_index, s.created_at, s.id)
      from kasalan.sections s
      where s.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.save_sections(uuid, jsonb) from public, anon;
grant execute on function kasalan.save_sections(uuid, jsonb) to authenticated;

-- THE public call: a wedding's website by its exact slug, if it is published or the caller manages
-- it; otherwise null. Visitors get the visible sections only; never any guest data. Granted to
-- anon and authenticated.
create function kasalan.get_site(p_slug text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_is_owner boolean;
begin
  select * into v_wedding from kasalan.weddings w where w.slug = p_slug;
  if not found then
    return null;
  end if;

  v_is_owner := kasalan.can_manage(v_wedding.id);
  if not (v_wedding.is_published or v_is_owner) then
    return null;
  end if;

  return jsonb_build_object(
    'slug', v_wedding.slug,
    'title', v_wedding.title,
    'isPublished', v_wedding.is_published,
    'isOwner', v_is_owner,
    'wedding', jsonb_build_object(
      'id', v_wedding.id,
      'slug', v_wedding.slug,
      'title', v_wedding.title,
      'bride', v_wedding.bride,
      'groom', v_wedding.groom,
      'date', v_wedding.date,
      'theme', v_wedding.theme,
      'rsvpDeadline', v_wedding.rsvp_deadline,
      'contact', v_wedding.contact
    ),
    'sections', coalesce(
      (
        select jsonb_agg(kasalan.section_json(s) order by s.order_index, s.created_at, s.id)
        from kasalan.sections s
        where s.wedding_id = v_wedding.id
          and (s.visible or v_is_owner)
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan.get_site(text) from public;
grant execute on function kasalan.get_site(text) to anon, authenticated;

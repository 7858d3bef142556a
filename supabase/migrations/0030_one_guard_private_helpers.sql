-- 0030: one guard, and every helper out of the Data API's schema.
--
-- One guard. Every function that works on one wedding now opens with one line,
--   perform kasalan_private.require(p_wedding_id, '<capability>');
-- where it was spelled four ways (with or without a null check, through can or can_manage), and
-- some checked their input first, so that a stranger could be told "invalid input" before "not
-- found". The capability "owner or partner" is called `manage` (it was `site`), the word
-- can_manage already used. tests/db/guards.test.ts calls every function a signed-in account may
-- execute, as a stranger, with another wedding's ids, and expects each to refuse.
--
-- Helpers private. The 39 helper and trigger functions that sat in `kasalan` with execute revoked
-- move to `kasalan_private`, which the Data API does not expose: `kasalan` now holds only calls
-- of the Data API. Triggers, policies, defaults and checks follow a moved function by itself; the
-- functions whose bodies name one are defined again below, each as its supabase/schemas definition,
-- with nothing else changed but the guard.

-- =============================================================================================
-- Helpers into kasalan_private (before anything below names them there)
-- =============================================================================================

alter function kasalan.account_display_name(p_user_id uuid) set schema kasalan_private;
alter function kasalan.activity_covers(p_household_id uuid, p_actions text[]) set schema kasalan_private;
alter function kasalan.activity_household_name(p_household_id uuid) set schema kasalan_private;
alter function kasalan.activity_json(p_entry kasalan.wedding_activity) set schema kasalan_private;
alter function kasalan.add_activity(p_wedding_id uuid, p_action text, p_household_id uuid, p_details jsonb, p_actor_kind text, p_actor_name text) set schema kasalan_private;
alter function kasalan.add_wedding_owner() set schema kasalan_private;
alter function kasalan.check_household_has_adult() set schema kasalan_private;
alter function kasalan.check_section_content() set schema kasalan_private;
alter function kasalan.check_wedding_has_owner() set schema kasalan_private;
alter function kasalan.claim_wedding_address() set schema kasalan_private;
alter function kasalan.contact_is_valid(p_contact jsonb) set schema kasalan_private;
alter function kasalan.guard_family_helper_household() set schema kasalan_private;
alter function kasalan.household_watched_fields(p_household_id uuid) set schema kasalan_private;
alter function kasalan.import_file_with_free_ids(p_file jsonb) set schema kasalan_private;
alter function kasalan.import_rows(p_table text, p_wedding_id uuid, p_rows jsonb) set schema kasalan_private;
alter function kasalan.invitation_json(p_household kasalan.households) set schema kasalan_private;
alter function kasalan.invitation_sent_clears_replaced_link() set schema kasalan_private;
alter function kasalan.invitation_templates_are_valid(p_templates jsonb) set schema kasalan_private;
alter function kasalan.json_texts_are_clean(p_value jsonb, p_field text) set schema kasalan_private;
alter function kasalan.member_invitation_json(p_invitation kasalan.member_invitations) set schema kasalan_private;
alter function kasalan.member_json(p_member kasalan.wedding_members) set schema kasalan_private;
alter function kasalan.member_side(p_role text, p_side text) set schema kasalan_private;
alter function kasalan.normalize_invitation_code(p_code text) set schema kasalan_private;
alter function kasalan.protect_row_identity() set schema kasalan_private;
alter function kasalan.rate_limit(p_wedding_id uuid, p_kind text) set schema kasalan_private;
alter function kasalan.record_household_activity() set schema kasalan_private;
alter function kasalan.record_invitation_activity() set schema kasalan_private;
alter function kasalan.record_member_activity() set schema kasalan_private;
alter function kasalan.record_reply_activity() set schema kasalan_private;
alter function kasalan.record_seating_activity() set schema kasalan_private;
alter function kasalan.record_site_activity() set schema kasalan_private;
alter function kasalan.rsvp_access(p_wedding kasalan.weddings, p_household_id uuid, p_code text) set schema kasalan_private;
alter function kasalan.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid) set schema kasalan_private;
alter function kasalan.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid, p_access text) set schema kasalan_private;
alter function kasalan.rsvp_manager_kind(p_wedding_id uuid) set schema kasalan_private;
alter function kasalan.rsvp_reply_json(p_person kasalan.persons) set schema kasalan_private;
alter function kasalan.rsvp_wedding(p_household_id uuid, p_person_id uuid) set schema kasalan_private;
alter function kasalan.text_is_clean(p_value text, p_field text) set schema kasalan_private;
alter function kasalan.write_household(p_wedding_id uuid, p_household jsonb) set schema kasalan_private;

-- =============================================================================================
-- core (supabase/schemas/01_core.sql)
-- =============================================================================================

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

create or replace function kasalan_private.can_manage(p_wedding_id uuid)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select kasalan_private.can(p_wedding_id, 'manage')
$$;

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

  if coalesce(jsonb_typeof(p_details -> 'date'), 'null') = 'null' then
    v_date := null;
  elsif jsonb_typeof(p_details -> 'date') <> 'string' or p_details ->> 'date' !~ '^\d{4}-\d{2}-\d{2}$' then
    raise exception 'invalid_input' using detail = 'date must be YYYY-MM-DD or null';
  else
    begin
      v_date := (p_details ->> 'date')::date;
    exception when others then
      raise exception 'invalid_input' using detail = 'date is not a real day';
    end;
  end if;

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

-- =============================================================================================
-- households (supabase/schemas/02_households.sql)
-- =============================================================================================

create or replace function kasalan_private.write_household(p_wedding_id uuid, p_household jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household_id uuid;
  v_household kasalan.households;
  v_email text;
  v_phone text;
  v_notes text;
  v_seat_cap integer;
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
  perform kasalan_private.require(p_wedding_id, 'households');
  if jsonb_typeof(p_household) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'household must be an object';
  end if;

  -- Check the whole household before writing anything.
  v_household_id := kasalan_private.json_uuid(p_household, 'id');
  v_email := kasalan_private.json_text(p_household, 'email', 254);
  v_phone := kasalan_private.json_text(p_household, 'phone', 50);
  v_notes := kasalan_private.json_text(p_household, 'notes', 2000);
  -- seatCap: a whole number of seats from 1 to 100, or null (or left out) for no cap.
  if coalesce(jsonb_typeof(p_household -> 'seatCap'), 'null') not in ('number', 'null')
    or (jsonb_typeof(p_household -> 'seatCap') = 'number'
      and ((p_household ->> 'seatCap')::numeric not between 1 and 100 or (p_household ->> 'seatCap')::numeric % 1 <> 0))
  then
    raise exception 'invalid_input' using detail = 'seatCap must be a whole number from 1 to 100, or null';
  end if;
  v_seat_cap := (p_household ->> 'seatCap')::integer;
  v_side := kasalan_private.json_text(p_household, 'relationshipSide', 20);
  -- A family helper's households are on their side; the form may leave it to the database.
  if v_side is null then
    select m.side into v_side from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid()) and m.role = 'family_helper';
  end if;
  if v_side not in ('bride', 'groom', 'both') then
    raise exception 'invalid_input' using detail = 'relationshipSide must be bride, groom or both';
  end if;
  v_type := kasalan_private.json_text(p_household, 'relationshipType', 20);
  if v_type not in ('family', 'friend', 'familyFriend', 'others') then
    raise exception 'invalid_input' using detail = 'relationshipType must be family, friend, familyFriend or others';
  end if;
  if coalesce(jsonb_typeof(p_household -> 'address'), 'null') not in ('object', 'null') then
    raise exception 'invalid_input' using detail = 'address must be an object';
  end if;
  v_address := jsonb_build_object(
    'address1', coalesce(kasalan_private.json_text(p_household -> 'address', 'address1', 200), ''),
    'address2', coalesce(kasalan_private.json_text(p_household -> 'address', 'address2', 200), ''),
    'city', coalesce(kasalan_private.json_text(p_household -> 'address', 'city', 100), ''),
    'state', coalesce(kasalan_private.json_text(p_household -> 'address', 'state', 100), ''),
    'zip', coalesce(kasalan_private.json_text(p_household -> 'address', 'zip', 20), ''),
    'country', coalesce(kasalan_private.json_text(p_household -> 'address', 'country', 100), 'Philippines')
  );

  v_persons := p_household -> 'persons';
  if jsonb_typeof(v_persons) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'persons must be a list';
  end if;
  for v_person in select value from jsonb_array_elements(v_persons) loop
    if jsonb_typeof(v_person) <> 'object' then
      raise exception 'invalid_input' using detail = 'each person must be an object';
    end if;
    if kasalan_private.json_text(v_person, 'firstName', 100) is null then
      raise exception 'person_first_name_required';
    end if;
    perform kasalan_private.json_text(v_person, 'lastName', 100),
      kasalan_private.json_text(v_person, 'title', 50),
      kasalan_private.json_text(v_person, 'suffix', 20),
      kasalan_private.json_text(v_person, 'knownAs', 50),
      kasalan_private.json_text(v_person, 'maidenName', 100),
      kasalan_private.json_text(v_person, 'notes', 2000);
    if coalesce(kasalan_private.json_text(v_person, 'type', 10), 'adult') not in ('adult', 'child') then
      raise exception 'invalid_input' using detail = 'type must be adult or child';
    end if;
    v_has_adult := v_has_adult or coalesce(kasalan_private.json_text(v_person, 'type', 10), 'adult') = 'adult';
    v_person_id := kasalan_private.json_uuid(v_person, 'id');
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

  if v_household_id is null then
    insert into kasalan.households (wedding_id, email, phone, address, relationship_side, relationship_type, notes, seat_cap)
    values (p_wedding_id, v_email, v_phone, v_address, v_side, v_type, v_notes, v_seat_cap)
    returning id into v_household_id;
  else
    update kasalan.households g
    set email = v_email,
        phone = v_phone,
        address = v_address,
        relationship_side = v_side,
        relationship_type = v_type,
        notes = v_notes,
        -- A caller that does not send seatCap (an older form) keeps the household's cap.
        seat_cap = case when p_household ? 'seatCap' then v_seat_cap else g.seat_cap end
    where g.id = v_household_id
      and g.wedding_id = p_wedding_id;
    if not found then
      raise exception 'household_not_found';
    end if;
  end if;

  -- A listed id must be one of this household's persons (a new household has none yet).
  if exists (
    select 1
    from unnest(v_person_ids) as listed(id)
    where not exists (select 1 from kasalan.persons p where p.id = listed.id and p.household_id = v_household_id)
  ) then
    raise exception 'invalid_input' using detail = 'a person belongs to another household';
  end if;

  delete from kasalan.persons p
  where p.household_id = v_household_id
    and p.id <> all (v_person_ids);

  for v_person, v_index in select value, ordinality - 1 from jsonb_array_elements(v_persons) with ordinality loop
    v_person_id := kasalan_private.json_uuid(v_person, 'id');
    if v_person_id is null then
      insert into kasalan.persons (wedding_id, household_id, first_name, last_name, type, title, suffix, known_as, maiden_name, notes, position)
      values (
        p_wedding_id, v_household_id,
        kasalan_private.json_text(v_person, 'firstName', 100),
        coalesce(kasalan_private.json_text(v_person, 'lastName', 100), ''),
        coalesce(kasalan_private.json_text(v_person, 'type', 10), 'adult'),
        kasalan_private.json_text(v_person, 'title', 50),
        kasalan_private.json_text(v_person, 'suffix', 20),
        kasalan_private.json_text(v_person, 'knownAs', 50),
        kasalan_private.json_text(v_person, 'maidenName', 100),
        kasalan_private.json_text(v_person, 'notes', 2000),
        v_index
      );
    else
      update kasalan.persons p
      set first_name = kasalan_private.json_text(v_person, 'firstName', 100),
          last_name = coalesce(kasalan_private.json_text(v_person, 'lastName', 100), ''),
          type = coalesce(kasalan_private.json_text(v_person, 'type', 10), 'adult'),
          title = kasalan_private.json_text(v_person, 'title', 50),
          suffix = kasalan_private.json_text(v_person, 'suffix', 20),
          -- A caller that does not send them (an older form) keeps the person's known-as and maiden names.
          known_as = case when v_person ? 'knownAs' then kasalan_private.json_text(v_person, 'knownAs', 50) else p.known_as end,
          maiden_name = case when v_person ? 'maidenName' then kasalan_private.json_text(v_person, 'maidenName', 100) else p.maiden_name end,
          notes = kasalan_private.json_text(v_person, 'notes', 2000),
          position = v_index
      where p.id = v_person_id
        and p.household_id = v_household_id;
    end if;
  end loop;

  select * into v_household from kasalan.households g where g.id = v_household_id;
  return kasalan_private.household_json(v_household);
end;
$$;

create or replace function kasalan_private.import_households_at_once(p_wedding_id uuid, p_households jsonb, p_questions jsonb, p_kind text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_count integer := jsonb_array_length(p_households);
  v_helper_side text;
  v_ids uuid[];
  v_sides text[];
  v_persons integer;
  v_replies integer;
begin
  if not kasalan_private.can(p_wedding_id, 'households') then
    return null;
  end if;
  -- A family helper's households are on their side; the file may leave it to the database.
  select m.side into v_helper_side from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid()) and m.role = 'family_helper';

  -- The checks write_household makes with a raise of its own; json_text's raise by themselves
  -- below, as each field is read.
  if exists (
    select 1 from jsonb_array_elements(p_households) r(h)
    where jsonb_typeof(r.h) is distinct from 'object'
      or jsonb_typeof(r.h -> 'persons') is distinct from 'array'
  ) then
    return null;
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_households) r(h)
    where coalesce(jsonb_typeof(r.h -> 'seatCap'), 'null') not in ('number', 'null')
      or (jsonb_typeof(r.h -> 'seatCap') = 'number'
        and ((r.h ->> 'seatCap')::numeric not between 1 and 100 or (r.h ->> 'seatCap')::numeric % 1 <> 0))
      or coalesce(kasalan_private.json_text(r.h, 'relationshipSide', 20), v_helper_side) not in ('bride', 'groom', 'both')
      or kasalan_private.json_text(r.h, 'relationshipType', 20) not in ('family', 'friend', 'familyFriend', 'others')
      or coalesce(jsonb_typeof(r.h -> 'address'), 'null') not in ('object', 'null')
      or not exists (
        select 1 from jsonb_array_elements(r.h -> 'persons') p
        where jsonb_typeof(p.value) = 'object' and coalesce(kasalan_private.json_text(p.value, 'type', 10), 'adult') = 'adult'
      )
      or exists (
        select 1 from jsonb_array_elements(r.h -> 'persons') p
        where jsonb_typeof(p.value) is distinct from 'object'
          or kasalan_private.json_text(p.value, 'firstName', 100) is null
          or coalesce(kasalan_private.json_text(p.value, 'type', 10), 'adult') not in ('adult', 'child')
          -- A reply given must be {isAttending: true, false or null, ...}.
          or (p.value ? 'reply' and jsonb_typeof(p.value -> 'reply') <> 'null'
            and (jsonb_typeof(p.value -> 'reply') <> 'object'
              or coalesce(jsonb_typeof(p.value #> '{reply,isAttending}'), 'null') not in ('boolean', 'null')))
      )
  ) then
    return null;
  end if;

  -- The households in the file's order, their creation times a microsecond apart ending at now(),
  -- as import_households spaces them.
  v_ids := array(select extensions.gen_random_uuid() from generate_series(1, v_count));
  insert into kasalan.households (id, wedding_id, email, phone, address, relationship_side, relationship_type, notes, seat_cap, created_at)
  select
    v_ids[r.n], p_wedding_id,
    kasalan_private.json_text(r.h, 'email', 254),
    kasalan_private.json_text(r.h, 'phone', 50),
    jsonb_build_object(
      'address1', coalesce(kasalan_private.json_text(r.h -> 'address', 'address1', 200), ''),
      'address2', coalesce(kasalan_private.json_text(r.h -> 'address', 'address2', 200), ''),
      'city', coalesce(kasalan_private.json_text(r.h -> 'address', 'city', 100), ''),
      'state', coalesce(kasalan_private.json_text(r.h -> 'address', 'state', 100), ''),
      'zip', coalesce(kasalan_private.json_text(r.h -> 'address', 'zip', 20), ''),
      'country', coalesce(kasalan_private.json_text(r.h -> 'address', 'country', 100), 'Philippines')
    ),
    coalesce(kasalan_private.json_text(r.h, 'relationshipSide', 20), v_helper_side),
    kasalan_private.json_text(r.h, 'relationshipType', 20),
    kasalan_private.json_text(r.h, 'notes', 2000),
    (r.h ->> 'seatCap')::integer,
    now() - make_interval(secs => (v_count - r.n) / 1000000.0)
  from jsonb_array_elements(p_households) with ordinality r(h, n)
  order by r.n;

  insert into kasalan.persons (wedding_id, household_id, first_name, last_name, type, title, suffix, known_as, maiden_name, notes, position)
  select
    p_wedding_id, v_ids[r.n],
    kasalan_private.json_text(p.value, 'firstName', 100),
    coalesce(kasalan_private.json_text(p.value, 'lastName', 100), ''),
    coalesce(kasalan_private.json_text(p.value, 'type', 10), 'adult'),
    kasalan_private.json_text(p.value, 'title', 50),
    kasalan_private.json_text(p.value, 'suffix', 20),
    kasalan_private.json_text(p.value, 'knownAs', 50),
    kasalan_private.json_text(p.value, 'maidenName', 100),
    kasalan_private.json_text(p.value, 'notes', 2000),
    p.pos - 1
  from jsonb_array_elements(p_households) with ordinality r(h, n)
  cross join lateral jsonb_array_elements(r.h -> 'persons') with ordinality p(value, pos)
  order by r.n, p.pos;
  get diagnostics v_persons = row_count;

  -- The replies that came with the file: each logged, then set, as the couple's.
  with
    replies as (
      select r.n, p.pos - 1 as position, (p.value #>> '{reply,isAttending}')::boolean as attending, p.value #> '{reply,response}' as answers
      from jsonb_array_elements(p_households) with ordinality r(h, n)
      cross join lateral jsonb_array_elements(r.h -> 'persons') with ordinality p(value, pos)
      where jsonb_typeof(p.value #> '{reply,isAttending}') = 'boolean'
    ),
    targets as (
      select pe.id, pe.household_id, kasalan_private.rsvp_reply_json(pe) as previous, x.attending, x.n, x.position,
        case when x.attending then kasalan_private.rsvp_response(p_questions, x.answers) else '[]'::jsonb end as response
      from replies x
      join kasalan.persons pe on pe.household_id = v_ids[x.n] and pe.position = x.position
    ),
    logged as (
      insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
      select p_wedding_id, t.household_id, t.id, p_kind, auth.uid(), t.previous,
        jsonb_build_object('isAttending', t.attending, 'response', t.response, 'respondedAt', now(), 'recordedBy', 'couple')
      from targets t
      order by t.n, t.position
    )
  update kasalan.persons p
  set is_attending = t.attending,
      response = t.response,
      responded_at = now(),
      rsvp_recorded_by = 'couple'
  from targets t
  where p.id = t.id;
  get diagnostics v_replies = row_count;

  v_sides := array(
    select g.relationship_side from unnest(v_ids) with ordinality x(id, n)
    join kasalan.households g on g.id = x.id
    order by x.n
  );
  return jsonb_build_object('households', v_count, 'persons', v_persons, 'replies', v_replies, 'householdIds', to_jsonb(v_ids), 'sides', to_jsonb(v_sides));
end;
$$;

create or replace function kasalan.import_households(p_wedding_id uuid, p_households jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household jsonb;
  v_persons jsonb;
  v_index integer := 0;
  v_saved jsonb;
  v_ids uuid[] := '{}';
  v_sides text[] := '{}';
  v_count integer := 0;
  v_replies integer := 0;
  v_questions jsonb;
  v_kind text;
  v_person kasalan.persons;
  v_reply jsonb;
  v_attending boolean;
  v_response jsonb;
  v_message text;
  v_state text;
  v_detail text;
  v_at_once jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'guests');
  if jsonb_typeof(p_households) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'households must be a list';
  end if;
  -- A sanity limit far above any guest list, so one call cannot run for minutes.
  if jsonb_array_length(p_households) > 5000 then
    raise exception 'invalid_input' using detail = 'at most 5000 households per import';
  end if;
  select w.rsvp_questions into v_questions from kasalan.weddings w where w.id = p_wedding_id;
  -- The activity triggers stay quiet while this call writes: it records one entry itself, below.
  perform set_config('kasalan.importing', 'on', true);
  v_kind := kasalan_private.rsvp_manager_kind(p_wedding_id);

  begin
    v_at_once := kasalan_private.import_households_at_once(p_wedding_id, p_households, v_questions, v_kind);
  exception when others then
    -- Undone; the way below says which household was refused.
    v_at_once := null;
  end;

  if v_at_once is not null then
    v_ids := array(select x.value::uuid from jsonb_array_elements_text(v_at_once -> 'householdIds') with ordinality x order by x.ordinality);
    v_sides := array(select x.value from jsonb_array_elements_text(v_at_once -> 'sides') with ordinality x order by x.ordinality);
    v_count := (v_at_once ->> 'persons')::integer;
    v_replies := (v_at_once ->> 'replies')::integer;
  else
    begin
      for v_household in select value from jsonb_array_elements(p_households) loop
        v_index := v_index + 1;
        if jsonb_typeof(v_household) <> 'object' then
          raise exception 'invalid_input' using detail = 'each household must be an object';
        end if;
        -- An import only adds: drop any ids, so a household or person can never overwrite another.
        v_household := v_household - 'id';
        v_persons := case when jsonb_typeof(v_household -> 'persons') = 'array' then v_household -> 'persons' else null end;
        if v_persons is not null then
          v_household := jsonb_set(
            v_household,
            '{persons}',
            coalesce(
              (
                select jsonb_agg(case when jsonb_typeof(p.value) = 'object' then p.value - 'id' - 'reply' else p.value end order by p.ordinality)
                from jsonb_array_elements(v_persons) with ordinality as p(value, ordinality)
              ),
              '[]'::jsonb
            )
          );
        end if;

        -- write_household, not save_household: an import needs no lastChange per household.
        v_saved := kasalan_private.write_household(p_wedding_id, v_household);
        v_ids := array_append(v_ids, (v_saved ->> 'id')::uuid);
        v_sides := array_append(v_sides, v_saved ->> 'relationshipSide');
        v_count := v_count + jsonb_array_length(v_saved -> 'persons');

        -- save_household keeps the persons in the order given (position = index).
        for v_person in
          select p.* from kasalan.persons p where p.household_id = (v_saved ->> 'id')::uuid order by p.position
        loop
          v_reply := v_persons -> v_person.position;
          if jsonb_typeof(v_reply) is distinct from 'object' or not (v_reply ? 'reply') or jsonb_typeof(v_reply -> 'reply') = 'null' then
            continue;
          end if;
          v_reply := v_reply -> 'reply';
          if jsonb_typeof(v_reply) <> 'object' or jsonb_typeof(coalesce(v_reply -> 'isAttending', 'null'::jsonb)) not in ('boolean', 'null') then
            raise exception 'invalid_input' using detail = 'reply.isAttending must be true, false or null';
          end if;
          v_attending := (v_reply ->> 'isAttending')::boolean;
          if v_attending is null then
            continue;
          end if;
          v_response := case when v_attending then kasalan_private.rsvp_response(v_questions, v_reply -> 'response') else '[]'::jsonb end;

          insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
          values (
            p_wedding_id, v_person.household_id, v_person.id, v_kind, auth.uid(),
            kasalan_private.rsvp_reply_json(v_person),
            jsonb_build_object('isAttending', v_attending, 'response', v_response, 'respondedAt', now(), 'recordedBy', 'couple')
          );
          update kasalan.persons p
          set is_attending = v_attending,
              response = v_response,
              responded_at = now(),
              rsvp_recorded_by = 'couple'
          where p.id = v_person.id;
          v_replies := v_replies + 1;
        end loop;
      end loop;
    exception when others then
      -- Same code for the app to translate, plus which household it was.
      get stacked diagnostics v_message = message_text, v_state = returned_sqlstate, v_detail = pg_exception_detail;
      raise exception using
        message = v_message,
        errcode = v_state,
        detail = format('household %s%s', v_index, coalesce(': ' || nullif(v_detail, ''), ''));
    end;

    -- Every household above was created at the same now(), and the list sorts by (created_at, id):
    -- space their creation times a microsecond apart, ending at now(), so the list keeps the file's
    -- order (and households saved later still come after them).
    update kasalan.households g
    set created_at = g.created_at - make_interval(secs => (cardinality(v_ids) - imported.ordinality) / 1000000.0)
    from unnest(v_ids) with ordinality as imported(id, ordinality)
    where g.id = imported.id and g.wedding_id = p_wedding_id;
  end if;

  perform set_config('kasalan.importing', '', true);
  -- What the triggers would have written: one household is household_added; more are one
  -- households_imported entry, on their side when they all share one.
  if cardinality(v_ids) = 1 then
    perform kasalan_private.add_activity(p_wedding_id, 'household_added', v_ids[1]);
  elsif cardinality(v_ids) > 1 then
    perform kasalan_private.add_activity(p_wedding_id, 'households_imported', null, jsonb_build_object('count', cardinality(v_ids)));
    if (select count(distinct s) = 1 and count(s) = cardinality(v_ids) from unnest(v_sides) s) then
      update kasalan.wedding_activity a set household_side = v_sides[1]
      where a.xact = txid_current() and a.wedding_id = p_wedding_id and a.action = 'households_imported';
    end if;
  end if;

  return jsonb_build_object(
    'households', cardinality(v_ids),
    'persons', v_count,
    'replies', v_replies,
    'householdIds', to_jsonb(v_ids)
  );
end;
$$;

create or replace function kasalan.list_nicknames(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'households');
  return jsonb_build_object(
    'nicknames', coalesce(
      (select jsonb_agg(jsonb_build_object('nickname', n.nickname, 'name', n.name) order by n.created_at, n.id)
       from kasalan.nicknames n where n.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'builtInCount', (select count(*) from kasalan.nicknames n where n.wedding_id is null)
  );
end;
$$;

create or replace function kasalan.save_nicknames(p_wedding_id uuid, p_nicknames jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry jsonb;
  v_nickname text;
  v_name text;
begin
  perform kasalan_private.require(p_wedding_id, 'households');
  if jsonb_typeof(p_nicknames) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'nicknames must be a list';
  end if;
  if jsonb_array_length(p_nicknames) > 200 then
    raise exception 'invalid_input' using detail = 'at most 200 nicknames';
  end if;
  delete from kasalan.nicknames n where n.wedding_id = p_wedding_id;
  for v_entry in select value from jsonb_array_elements(p_nicknames) loop
    if jsonb_typeof(v_entry) is distinct from 'object' then
      raise exception 'invalid_input' using detail = 'each nickname must be an object';
    end if;
    v_nickname := kasalan_private.json_text(v_entry, 'nickname', 50);
    v_name := kasalan_private.json_text(v_entry, 'name', 50);
    if char_length(kasalan_private.nickname_word(v_nickname)) < 2 or char_length(kasalan_private.nickname_word(v_name)) < 2 then
      raise exception 'invalid_input' using detail = 'a nickname and its name need two letters each';
    end if;
    if kasalan_private.nickname_word(v_nickname) = kasalan_private.nickname_word(v_name) then
      raise exception 'invalid_input' using detail = 'a nickname must differ from its name';
    end if;
    insert into kasalan.nicknames (wedding_id, nickname, name)
    values (p_wedding_id, v_nickname, v_name)
    on conflict do nothing;
  end loop;
  return kasalan.list_nicknames(p_wedding_id);
end;
$$;

create or replace function kasalan_private.household_last_changes(p_wedding_id uuid)
returns table (household_id uuid, change jsonb)
language sql
stable security definer
set search_path = ''
as $$
  with
    me as (
      select m.role, m.side from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
    ),
    latest as (
      select distinct on (a.household_id) a.household_id, a.actor_kind, a.actor_user, a.actor_name, a.action, a.at
      from kasalan.wedding_activity a
      where a.wedding_id = p_wedding_id and a.household_id is not null
      order by a.household_id, a.at desc, a.id desc
    )
  select g.id, jsonb_build_object(
    'actorKind', coalesce(l.actor_kind, 'member'),
    'actorName', case
      when l.household_id is not null and l.actor_user is null then l.actor_name
      else coalesce(nullif(am.display_name, ''), l.actor_name, kasalan_private.account_display_name(g.user_id), '')
    end,
    'isMe', coalesce(l.actor_user, case when l.household_id is null then g.user_id end) is not distinct from (select auth.uid()),
    'action', coalesce(l.action, 'household_added'),
    'at', coalesce(l.at, g.created_at)
  )
  from kasalan.households g
  cross join me
  left join latest l on l.household_id = g.id
  left join kasalan.wedding_members am
    on am.wedding_id = g.wedding_id and am.user_id = case when l.household_id is null then g.user_id else l.actor_user end
  where g.wedding_id = p_wedding_id
    and me.role <> 'usher'
    and (me.role <> 'family_helper' or me.side = g.relationship_side)
$$;

create or replace function kasalan.save_household(p_wedding_id uuid, p_household jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household_id uuid;
  v_before jsonb;
  v_saved jsonb;
  v_change jsonb;
  v_name text;
begin
  perform kasalan_private.require(p_wedding_id, 'households');
  if jsonb_typeof(p_household) = 'object' and jsonb_typeof(p_household -> 'id') = 'string' then
    v_household_id := kasalan_private.json_uuid(p_household, 'id');
    if exists (select 1 from kasalan.households g where g.id = v_household_id and g.wedding_id = p_wedding_id) then
      v_before := kasalan_private.household_watched_fields(v_household_id);
    end if;
  end if;

  v_saved := kasalan_private.write_household(p_wedding_id, p_household);
  v_household_id := (v_saved ->> 'id')::uuid;

  if v_before is distinct from kasalan_private.household_watched_fields(v_household_id) then
    select nullif(m.display_name, '') into v_name from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid());
    v_change := jsonb_build_object(
      'actorKind', 'member',
      'actorName', coalesce(v_name, kasalan_private.account_display_name((select auth.uid())), ''),
      'isMe', true,
      'action', case when v_before is null then 'household_added' else 'household_changed' end,
      'at', now()
    );
  else
    select c.change into v_change from kasalan_private.household_last_changes(p_wedding_id) c where c.household_id = v_household_id;
  end if;
  return v_saved || jsonb_build_object('lastChange', v_change);
end;
$$;

-- =============================================================================================
-- rsvp (supabase/schemas/03_rsvp.sql)
-- =============================================================================================

create or replace function kasalan.update_rsvp_settings(p_wedding_id uuid, p_deadline date, p_questions jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_questions jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  v_questions := kasalan_private.rsvp_questions_clean(p_questions);
  if exists (
    select 1 from jsonb_array_elements(v_questions) q
    where q.value ? 'eventId'
      and not exists (
        select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = (q.value ->> 'eventId')::uuid
      )
  ) then
    raise exception 'invalid_input' using detail = 'a question names an event the schedule does not have';
  end if;

  update kasalan.weddings w
  set rsvp_deadline = p_deadline,
      rsvp_questions = v_questions
  where w.id = p_wedding_id
  returning * into v_wedding;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  return kasalan_private.wedding_json(v_wedding);
end;
$$;

create or replace function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_questions jsonb;
  v_person kasalan.persons;
  v_response jsonb;
  v_recorded_by text;
  v_main uuid;
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  -- The household first, as submit_rsvp takes it: one reply of a household at a time, so two
  -- replies recorded at once (or a guest's and the couple's) cannot pass its seat cap together.
  perform 1 from kasalan.households g
  where g.id = (select p.household_id from kasalan.persons p where p.id = p_person_id and p.wedding_id = p_wedding_id)
  for update;
  -- The questions of the main event (or, without RSVP events, those naming no event).
  select e.event_id into v_main from kasalan_private.schedule_events(p_wedding_id) e where e.is_main;
  select kasalan_private.event_questions(w.rsvp_questions, v_main, true)
  into v_questions
  from kasalan.weddings w where w.id = p_wedding_id;

  select * into v_person from kasalan.persons p
  where p.id = p_person_id and p.wedding_id = p_wedding_id
  for update;
  if not found then
    raise exception 'person_not_found';
  end if;
  -- The household's events take RSVPs but none is the main one (it left the schedule): the
  -- person's own answer is that event's, kept, and answers nothing else.
  if v_main is null and exists (
    select 1 from kasalan.weddings w
    cross join lateral kasalan_private.household_rsvp_events(w, v_person.household_id) e
    where w.id = p_wedding_id
  ) then
    raise exception 'invalid_input' using detail = 'no main event';
  end if;

  v_response := case when p_is_attending then kasalan_private.rsvp_response(v_questions, p_response) else '[]'::jsonb end;
  v_recorded_by := case when p_is_attending is null then null else 'couple' end;

  if (v_person.is_attending, v_person.response, v_person.rsvp_recorded_by)
    is distinct from (p_is_attending, v_response, v_recorded_by)
  then
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_person.household_id, v_person.id, kasalan_private.rsvp_manager_kind(p_wedding_id), auth.uid(),
      kasalan_private.rsvp_reply_json(v_person) || case when v_main is null then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end,
      jsonb_build_object(
        'isAttending', p_is_attending,
        'response', v_response,
        'respondedAt', case when p_is_attending is null then null else now() end,
        'recordedBy', v_recorded_by
      ) || case when v_main is null then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end
    );
  end if;

  update kasalan.persons p
  set is_attending = p_is_attending,
      response = v_response,
      responded_at = case when p_is_attending is null then null else now() end,
      rsvp_recorded_by = v_recorded_by
  where p.id = v_person.id;

  return (select kasalan_private.rsvp_household_json(g) from kasalan.households g where g.id = v_person.household_id);
end;
$$;

create or replace function kasalan.list_rsvps(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  return coalesce(
    (
      select jsonb_agg(kasalan_private.rsvp_household_json(g) order by g.created_at, g.id)
      from kasalan.households g
      where g.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

create or replace function kasalan_private.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid, p_access text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_result jsonb := kasalan_private.rsvp_json(p_wedding, p_household_id, p_person_id);
  v_open boolean := p_access <> 'guest_search';
begin
  return jsonb_set(
    v_result,
    '{household}',
    (
      select jsonb_build_object(
        'id', g.id,
        'access', p_access,
        'hasAnswered', exists (select 1 from kasalan.persons p where p.household_id = g.id and p.is_attending is not null)
          or exists (
            select 1 from kasalan.event_replies r
            join jsonb_array_elements(v_result -> 'events') e on (e.value ->> 'id')::uuid = r.event_id
            where r.household_id = g.id and r.wedding_id = p_wedding.id
          ),
        'message', case when v_open then g.rsvp_message end,
        'messageAt', case when v_open then g.rsvp_message_at end,
        'seatCap', g.seat_cap,
        'persons', coalesce(
          (
            select jsonb_agg(
              jsonb_build_object(
                'id', p.id,
                'firstName', p.first_name,
                'lastName', p.last_name,
                'type', p.type,
                'hasAnswered', p.is_attending is not null,
                'recordedByCouple', coalesce(p.rsvp_recorded_by = 'couple', false),
                'isAttending', case when v_open then p.is_attending end,
                'response', case when v_open then p.response else '[]'::jsonb end,
                'respondedAt', case when v_open then p.responded_at end,
                'events', coalesce(
                  (
                    select jsonb_agg(
                      jsonb_build_object(
                        'eventId', e.value ->> 'id',
                        'hasAnswered', a.is_attending is not null,
                        'recordedByCouple', coalesce(a.recorded_by in ('couple', 'member'), false),
                        'isAttending', case when v_open then a.is_attending end,
                        'response', case when v_open then coalesce(a.response, '[]'::jsonb) else '[]'::jsonb end,
                        'respondedAt', case when v_open then a.responded_at end
                      )
                      order by e.ordinality
                    )
                    from jsonb_array_elements(v_result -> 'events') with ordinality e
                    left join lateral (
                      select p.is_attending, p.response, p.responded_at, p.rsvp_recorded_by as recorded_by
                      where (e.value -> 'isMain') = 'true'::jsonb
                      union all
                      select r.is_attending, r.response, r.responded_at, r.recorded_by
                      from kasalan.event_replies r
                      where (e.value -> 'isMain') <> 'true'::jsonb
                        and r.wedding_id = p_wedding.id and r.event_id = (e.value ->> 'id')::uuid and r.person_id = p.id
                    ) a on true
                  ),
                  '[]'::jsonb
                )
              )
              order by p.id <> p_person_id, p.position, p.created_at, p.id
            )
            from kasalan.persons p
            where p.household_id = g.id
          ),
          '[]'::jsonb
        )
      )
      from kasalan.households g
      where g.id = p_household_id
    )
  );
end;
$$;

create or replace function kasalan.get_rsvp(p_household_id uuid, p_person_id uuid, p_code text default NULL::text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_access text;
begin
  v_wedding := kasalan_private.rsvp_wedding(p_household_id, p_person_id);
  v_access := kasalan_private.rsvp_access(v_wedding, p_household_id, p_code);
  if v_access = 'guest_search' then
    perform kasalan_private.rate_limit(v_wedding.id, 'rsvp');
  end if;
  return kasalan_private.rsvp_json(v_wedding, p_household_id, p_person_id, v_access);
end;
$$;

create or replace function kasalan.submit_rsvp(p_household_id uuid, p_person_id uuid, p_answers jsonb, p_message text, p_code text default NULL::text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_access text;
  v_entry jsonb;
  v_person_id uuid;
  v_ids uuid[] := '{}';
  v_attending boolean;
  v_rows jsonb := '[]';
  v_message text;
  v_change_message boolean := false;
  v_household kasalan.households;
  v_events jsonb;
  v_main uuid;
  v_main_questions jsonb;
  v_has_main boolean;
  v_item jsonb;
  v_event_id uuid;
  v_event jsonb;
  v_seen uuid[];
  v_event_rows jsonb := '[]';
begin
  v_wedding := kasalan_private.rsvp_wedding(p_household_id, p_person_id);
  v_access := kasalan_private.rsvp_access(v_wedding, p_household_id, p_code);
  -- A guest holding the household's code is never limited: only the name-search path is.
  if v_access = 'guest_search' then
    perform kasalan_private.rate_limit(v_wedding.id, 'rsvp');
  end if;

  -- One household answers one at a time (two phones of one family); a change of the main event
  -- takes every household of the wedding first, so the events are read below once it is done.
  select * into v_household from kasalan.households g where g.id = p_household_id for update;

  select coalesce(jsonb_agg(
    jsonb_build_object('id', e.event_id, 'isMain', e.is_main, 'isClosed', e.is_closed) order by e.position
  ), '[]'::jsonb)
  into v_events
  from kasalan_private.household_rsvp_events(v_wedding, p_household_id) e;
  select (e.value ->> 'id')::uuid into v_main from jsonb_array_elements(v_events) e where e.value -> 'isMain' = 'true'::jsonb;
  v_main_questions := kasalan_private.event_questions(v_wedding.rsvp_questions, v_main, true);

  -- A household none of whose events takes RSVPs answers for the wedding, which closes as one: the
  -- events it is not invited to change nothing of what it is told.
  if v_events = '[]'::jsonb and kasalan_private.rsvp_is_closed(v_wedding.rsvp_deadline) then
    raise exception 'rsvp_closed';
  end if;

  if jsonb_typeof(p_answers) is distinct from 'array' or jsonb_array_length(p_answers) = 0 then
    raise exception 'invalid_input' using detail = 'answers must be a non-empty list';
  end if;

  -- Check every answer before writing anything.
  for v_entry in select value from jsonb_array_elements(p_answers) loop
    if jsonb_typeof(v_entry) <> 'object' then
      raise exception 'invalid_input' using detail = 'each answer must be an object';
    end if;
    v_person_id := kasalan_private.json_uuid(v_entry, 'personId');
    if v_person_id is null then
      raise exception 'invalid_input' using detail = 'each answer needs a personId';
    end if;
    if v_person_id = any (v_ids) then
      raise exception 'invalid_input' using detail = 'a person is answered twice';
    end if;
    v_ids := v_ids || v_person_id;
    if not exists (select 1 from kasalan.persons p where p.id = v_person_id and p.household_id = p_household_id) then
      raise exception 'rsvp_person_not_in_household';
    end if;
    if coalesce(jsonb_typeof(v_entry -> 'events'), 'null') not in ('null', 'array') then
      raise exception 'invalid_input' using detail = 'events must be a list';
    end if;
    if jsonb_typeof(v_entry -> 'events') is distinct from 'array' then
      v_entry := v_entry || jsonb_build_object('events', '[]'::jsonb);
    end if;

    if v_events = '[]'::jsonb then
      -- No event takes RSVPs: one answer for the wedding, as always.
      if jsonb_typeof(v_entry -> 'isAttending') is distinct from 'boolean' then
        raise exception 'invalid_input' using detail = 'isAttending must be true or false';
      end if;
      if jsonb_array_length(v_entry -> 'events') > 0 then
        raise exception 'invalid_input' using detail = 'no such event for this household';
      end if;
      v_has_main := true;
    else
      v_has_main := coalesce(jsonb_typeof(v_entry -> 'isAttending'), 'null') <> 'null';
      if v_has_main and jsonb_typeof(v_entry -> 'isAttending') <> 'boolean' then
        raise exception 'invalid_input' using detail = 'isAttending must be true or false';
      end if;
      -- None of the household's events is the main one (it left the schedule): the person's own
      -- answer is that event's, kept, and answers nothing else.
      if v_has_main and v_main is null then
        raise exception 'invalid_input' using detail = 'no such event for this household';
      end if;
      v_seen := '{}';
      for v_item in select value from jsonb_array_elements(v_entry -> 'events') loop
        if jsonb_typeof(v_item) <> 'object' then
          raise exception 'invalid_input' using detail = 'each event answer must be an object';
        end if;
        v_event_id := kasalan_private.json_uuid(v_item, 'eventId');
        select e.value into v_event from jsonb_array_elements(v_events) e where (e.value ->> 'id')::uuid = v_event_id;
        if v_event_id is null or v_event is null then
          raise exception 'invalid_input' using detail = 'no such event for this household';
        end if;
        if v_event_id = any (v_seen) then
          raise exception 'invalid_input' using detail = 'an event is answered twice';
        end if;
        v_seen := v_seen || v_event_id;
        if jsonb_typeof(v_item -> 'isAttending') is distinct from 'boolean' then
          raise exception 'invalid_input' using detail = 'isAttending must be true or false';
        end if;
        if v_event -> 'isMain' = 'true'::jsonb then
          -- The main event named by its id: its answer is the person's own.
          if v_has_main then
            raise exception 'invalid_input' using detail = 'the main event is answered twice';
          end if;
          v_has_main := true;
          v_entry := v_entry || jsonb_build_object('isAttending', v_item -> 'isAttending', 'response', v_item -> 'response');
          continue;
        end if;
        if v_event -> 'isClosed' = 'true'::jsonb then
          raise exception 'rsvp_closed';
        end if;
        v_attending := (v_item ->> 'isAttending')::boolean;
        v_event_rows := v_event_rows || jsonb_build_array(jsonb_build_object(
          'personId', v_person_id,
          'eventId', v_event_id,
          'isAttending', v_attending,
          'response', case when v_attending
            then kasalan_private.rsvp_response(kasalan_private.event_questions(v_wedding.rsvp_questions, v_event_id, false), v_item -> 'response')
            else '[]'::jsonb end
        ));
      end loop;
      if not v_has_main and cardinality(v_seen) = 0 then
        raise exception 'invalid_input' using detail = 'an answer must answer something';
      end if;
    end if;

    if v_has_main then
      if kasalan_private.rsvp_is_closed(v_wedding.rsvp_deadline) then
        raise exception 'rsvp_closed';
      end if;
      v_attending := (v_entry ->> 'isAttending')::boolean;
      v_rows := v_rows || jsonb_build_array(jsonb_build_object(
        'id', v_person_id,
        'isAttending', v_attending,
        'response', case when v_attending then kasalan_private.rsvp_response(v_main_questions, v_entry -> 'response') else '[]'::jsonb end
      ));
    end if;
  end loop;

  if v_access = 'guest_search' and (
    exists (
      select 1 from kasalan.persons p
      join jsonb_array_elements(v_rows) r on p.id = (r.value ->> 'id')::uuid
      where p.rsvp_recorded_by = 'couple'
    )
    or exists (
      select 1 from kasalan.event_replies er
      join jsonb_array_elements(v_event_rows) r
        on er.person_id = (r.value ->> 'personId')::uuid and er.event_id = (r.value ->> 'eventId')::uuid
      where er.wedding_id = v_wedding.id and er.recorded_by in ('couple', 'member')
    )
  ) then
    raise exception 'rsvp_recorded_by_couple';
  end if;

  -- A visitor by name search does not see how the others answered, so a refusal must not depend
  -- on it: for each event answered, every person left out who has answered counts as a yes.
  if v_access = 'guest_search' and kasalan_private.seat_cap_may_overflow(v_household, v_rows, v_event_rows) then
    raise exception 'rsvp_over_seat_cap';
  end if;

  if p_message is not null then
    if char_length(p_message) > 2000 then
      raise exception 'invalid_input' using detail = 'the message is longer than 1000 characters';
    end if;
    v_message := nullif(btrim(p_message), '');
    if char_length(v_message) > 1000 then
      raise exception 'invalid_input' using detail = 'the message is longer than 1000 characters';
    end if;
    v_change_message := v_message is distinct from v_household.rsvp_message
      and (v_message is not null or v_access <> 'guest_search');
  end if;

  -- A guest is told the household's seats are full, not how many are coming (the couple is).
  begin
  insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
  select p.wedding_id, p.household_id, p.id, v_access, auth.uid(),
    kasalan_private.rsvp_reply_json(p) || case when v_main is null then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end,
    jsonb_build_object(
      'isAttending', (r.value ->> 'isAttending')::boolean,
      'response', r.value -> 'response',
      'respondedAt', now(),
      'recordedBy', 'guest'
    ) || case when v_main is null then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end
  from kasalan.persons p
  join jsonb_array_elements(v_rows) r on p.id = (r.value ->> 'id')::uuid
  where p.household_id = p_household_id
    and (p.is_attending, p.response, p.rsvp_recorded_by)
      is distinct from ((r.value ->> 'isAttending')::boolean, r.value -> 'response', 'guest');

  update kasalan.persons p
  set is_attending = (r.value ->> 'isAttending')::boolean,
      response = r.value -> 'response',
      responded_at = now(),
      rsvp_recorded_by = 'guest'
  from jsonb_array_elements(v_rows) r
  where p.id = (r.value ->> 'id')::uuid
    and p.household_id = p_household_id;

  -- The other events' answers, with their history (eventId in previous and current).
  insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
  select v_wedding.id, p_household_id, (r.value ->> 'personId')::uuid, v_access, auth.uid(),
    kasalan_private.event_reply_json((r.value ->> 'eventId')::uuid, er),
    jsonb_build_object(
      'eventId', (r.value ->> 'eventId')::uuid,
      'isAttending', (r.value ->> 'isAttending')::boolean,
      'response', r.value -> 'response',
      'respondedAt', now(),
      'recordedBy', 'guest'
    )
  from jsonb_array_elements(v_event_rows) r
  left join kasalan.event_replies er
    on er.wedding_id = v_wedding.id and er.event_id = (r.value ->> 'eventId')::uuid and er.person_id = (r.value ->> 'personId')::uuid
  where (er.is_attending, er.response, er.recorded_by)
    is distinct from ((r.value ->> 'isAttending')::boolean, r.value -> 'response', 'guest');

  insert into kasalan.event_replies as er (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
  select v_wedding.id, (r.value ->> 'eventId')::uuid, (r.value ->> 'personId')::uuid, p_household_id,
    (r.value ->> 'isAttending')::boolean, r.value -> 'response', now(), 'guest', null
  from jsonb_array_elements(v_event_rows) r
  on conflict (wedding_id, event_id, person_id) do update
  set is_attending = excluded.is_attending,
      response = excluded.response,
      responded_at = excluded.responded_at,
      recorded_by = excluded.recorded_by,
      recorded_by_user = excluded.recorded_by_user;
  exception when raise_exception then
    if sqlerrm = 'rsvp_over_seat_cap' and v_access in ('guest_search', 'guest_code') then
      raise exception 'rsvp_over_seat_cap';
    end if;
    raise;
  end;

  if v_change_message then
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      v_household.wedding_id, v_household.id, null, v_access, auth.uid(),
      jsonb_build_object('message', v_household.rsvp_message, 'messageAt', v_household.rsvp_message_at),
      jsonb_build_object('message', v_message, 'messageAt', case when v_message is null then null else now() end)
    );
    update kasalan.households g
    set rsvp_message = v_message,
        rsvp_message_at = case when v_message is null then null else now() end
    where g.id = p_household_id;
  end if;

  return kasalan_private.rsvp_json(v_wedding, p_household_id, p_person_id, v_access);
end;
$$;

create or replace function kasalan.restore_rsvp(p_wedding_id uuid, p_change_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change kasalan.rsvp_changes;
  v_person kasalan.persons;
  v_household kasalan.households;
  v_kind text;
  v_event_id uuid;
  v_previous jsonb;
  v_main uuid;
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  select * into v_change from kasalan.rsvp_changes c where c.id = p_change_id and c.wedding_id = p_wedding_id;
  if not found then
    raise exception 'rsvp_change_not_found';
  end if;
  v_kind := kasalan_private.rsvp_manager_kind(p_wedding_id);
  -- The household first, as submit_rsvp and record_rsvp take it (its seat cap is counted under it).
  perform 1 from kasalan.households g where g.id = v_change.household_id for update;

  -- The event the change answered: a reply's (eventId), or the main event's of then (mainEventId;
  -- none on changes older than events: the person's own answer). Its answer is the person's own
  -- while it is the main event now (the event marked main), a reply in event_replies otherwise.
  v_event_id := coalesce(
    (coalesce(v_change.current, v_change.previous) ->> 'eventId')::uuid,
    (coalesce(v_change.current, v_change.previous) ->> 'mainEventId')::uuid
  );
  select we.event_id into v_main from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.is_main;
  if v_event_id = v_main then
    v_event_id := null;
  end if;
  v_change.previous := v_change.previous - 'eventId' - 'mainEventId';
  if v_change.person_id is not null and v_event_id is not null then
    select * into v_person from kasalan.persons p where p.id = v_change.person_id for update;
    if not found or not exists (
      select 1 from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.event_id = v_event_id
    ) then
      raise exception 'rsvp_change_not_found';
    end if;
    v_previous := coalesce(
      (
        select kasalan_private.event_reply_json(v_event_id, r) from kasalan.event_replies r
        where r.wedding_id = p_wedding_id and r.event_id = v_event_id and r.person_id = v_person.id
      ),
      kasalan_private.event_reply_json(v_event_id, null::kasalan.event_replies)
    );
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_person.household_id, v_person.id, v_kind, auth.uid(),
      v_previous,
      v_change.previous || jsonb_build_object('eventId', v_event_id)
    );
    if v_change.previous -> 'isAttending' is null or jsonb_typeof(v_change.previous -> 'isAttending') = 'null' then
      delete from kasalan.event_replies r
      where r.wedding_id = p_wedding_id and r.event_id = v_event_id and r.person_id = v_person.id;
    else
      insert into kasalan.event_replies as r (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
      values (
        p_wedding_id, v_event_id, v_person.id, v_person.household_id,
        (v_change.previous ->> 'isAttending')::boolean,
        coalesce(v_change.previous -> 'response', '[]'::jsonb),
        (v_change.previous ->> 'respondedAt')::timestamptz,
        v_change.previous ->> 'recordedBy',
        null
      )
      on conflict (wedding_id, event_id, person_id) do update
      set is_attending = excluded.is_attending,
          response = excluded.response,
          responded_at = excluded.responded_at,
          recorded_by = excluded.recorded_by,
          recorded_by_user = excluded.recorded_by_user;
    end if;
  elsif v_change.person_id is not null then
    select * into v_person from kasalan.persons p where p.id = v_change.person_id for update;
    if not found then
      raise exception 'rsvp_change_not_found';
    end if;
    -- A reply a member recorded for another event is the couple's on the person.
    if v_change.previous ->> 'recordedBy' = 'member' then
      v_change.previous := v_change.previous || jsonb_build_object('recordedBy', 'couple');
    end if;
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_person.household_id, v_person.id, v_kind, auth.uid(),
      kasalan_private.rsvp_reply_json(v_person) || case when v_main is null then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end,
      v_change.previous || case when v_main is null then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end
    );
    update kasalan.persons p
    set is_attending = (v_change.previous ->> 'isAttending')::boolean,
        response = coalesce(v_change.previous -> 'response', '[]'::jsonb),
        responded_at = (v_change.previous ->> 'respondedAt')::timestamptz,
        rsvp_recorded_by = v_change.previous ->> 'recordedBy'
    where p.id = v_person.id;
  else
    select * into v_household from kasalan.households g where g.id = v_change.household_id for update;
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_household.id, null, v_kind, auth.uid(),
      jsonb_build_object('message', v_household.rsvp_message, 'messageAt', v_household.rsvp_message_at),
      v_change.previous
    );
    update kasalan.households g
    set rsvp_message = v_change.previous ->> 'message',
        rsvp_message_at = (v_change.previous ->> 'messageAt')::timestamptz
    where g.id = v_household.id;
  end if;

  return (select kasalan_private.rsvp_household_json(g) from kasalan.households g where g.id = v_change.household_id);
end;
$$;

create or replace function kasalan.list_rsvp_changes(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  return jsonb_build_object(
    'lastSeenAt', (
      select s.seen_at from kasalan.rsvp_changes_seen s
      where s.wedding_id = p_wedding_id and s.user_id = (select auth.uid())
    ),
    'changes', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', c.id,
            'householdId', c.household_id,
            'personId', c.person_id,
            'firstName', n.first_name,
            'lastName', n.last_name,
            'changedAt', c.changed_at,
            'changedBy', c.changed_by,
            'previous', c.previous,
            'current', c.current
          )
          order by c.changed_at desc, c.id
        )
        from (
          select * from kasalan.rsvp_changes c
          where c.wedding_id = p_wedding_id
          order by c.changed_at desc, c.id
          limit 100
        ) c
        cross join lateral (
          select p.first_name, p.last_name
          from kasalan.persons p
          where p.household_id = c.household_id and (c.person_id is null or p.id = c.person_id)
          order by p.id <> c.person_id, p.position
          limit 1
        ) n
      ),
      '[]'::jsonb
    ),
    'probes', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'kind', r.kind,
            'scope', case when r.caller = '*' then 'wedding' else 'caller' end,
            'at', r.reached_at
          )
          order by r.reached_at desc
        )
        from kasalan.rate_probes r
        where r.wedding_id = p_wedding_id and r.reached_at > now() - interval '60 days'
      ),
      '[]'::jsonb
    )
  );
end;
$$;

create or replace function kasalan.mark_rsvp_changes_seen(p_wedding_id uuid, p_seen_at timestamp with time zone)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  if p_seen_at is null or p_seen_at = 'infinity' or p_seen_at = '-infinity' then
    raise exception 'invalid_input' using detail = 'seenAt must be a time';
  end if;
  insert into kasalan.rsvp_changes_seen as s (wedding_id, user_id, seen_at)
  values (p_wedding_id, auth.uid(), least(p_seen_at, now()))
  on conflict (wedding_id, user_id) do update set seen_at = greatest(s.seen_at, excluded.seen_at);
end;
$$;

create or replace function kasalan.set_rsvp_requires_code(p_wedding_id uuid, p_required boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  if p_required is null then
    raise exception 'invalid_input';
  end if;
  update kasalan.weddings set rsvp_requires_code = p_required where id = p_wedding_id;
  return p_required;
end;
$$;

create or replace function kasalan.get_rsvp_requires_code(p_wedding_id uuid)
returns boolean
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_required boolean;
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  select w.rsvp_requires_code into v_required from kasalan.weddings w where w.id = p_wedding_id;
  return v_required;
end;
$$;

create or replace function kasalan.list_rsvp_details(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  return jsonb_build_object(
    'messages', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object('householdId', g.id, 'message', g.rsvp_message, 'messageAt', g.rsvp_message_at)
          order by g.created_at, g.id
        )
        from kasalan.households g
        where g.wedding_id = p_wedding_id
          and (g.rsvp_message is not null or g.rsvp_message_at is not null)
      ),
      '[]'::jsonb
    ),
    'recorded', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'personId', p.id,
            'recordedBy', p.rsvp_recorded_by,
            'recordedByName', case when p.rsvp_recorded_by = 'couple' then kasalan_private.rsvp_recorded_by_name(p.id) end
          )
          order by p.id
        )
        from kasalan.persons p
        where p.wedding_id = p_wedding_id
          and p.rsvp_recorded_by is not null
      ),
      '[]'::jsonb
    )
  );
end;
$$;

-- =============================================================================================
-- site (supabase/schemas/04_site.sql)
-- =============================================================================================

create or replace function kasalan.set_wedding_published(p_wedding_id uuid, p_published boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  if p_published is null then
    raise exception 'invalid_input' using detail = 'published must be true or false';
  end if;

  update kasalan.weddings w
  set is_published = p_published
  where w.id = p_wedding_id
  returning * into v_wedding;
  if not found then
    raise exception 'wedding_not_found';
  end if;

  return jsonb_build_object(
    'id', v_wedding.id,
    'slug', v_wedding.slug,
    'isPublished', v_wedding.is_published
  );
end;
$$;

create or replace function kasalan.change_wedding_slug(p_wedding_id uuid, p_slug text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_status text;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  if v_wedding.slug = p_slug then
    return kasalan_private.wedding_json(v_wedding);
  end if;

  v_status := kasalan_private.slug_status(p_slug, p_wedding_id);
  if v_status = 'not_allowed' then
    raise exception 'slug_not_allowed';
  elsif v_status = 'taken' then
    raise exception 'slug_taken';
  end if;

  delete from kasalan.wedding_old_slugs o where o.slug = p_slug and o.wedding_id = p_wedding_id;
  begin
    insert into kasalan.wedding_old_slugs (slug, wedding_id) values (v_wedding.slug, p_wedding_id);
    update kasalan.weddings w set slug = p_slug where w.id = p_wedding_id returning * into v_wedding;
  exception when unique_violation then
    -- Another couple took it a moment ago.
    raise exception 'slug_taken';
  end;
  return kasalan_private.wedding_json(v_wedding);
end;
$$;

create or replace function kasalan.save_site_structure(p_wedding_id uuid, p_sections jsonb, p_theme jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_theme jsonb;
  v_section jsonb;
  v_index integer;
  v_id uuid;
  v_type text;
  v_label text;
  v_path text;
  v_ids uuid[] := '{}';
  v_paths text[] := '{}';
  v_existing kasalan.sections;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  v_theme := kasalan_private.checked_theme(p_theme);
  if jsonb_typeof(p_sections) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'sections must be a list';
  end if;
  if jsonb_array_length(p_sections) > 50 then
    raise exception 'invalid_input' using detail = 'a site has at most 50 sections';
  end if;

  -- Check the whole list before writing anything.
  for v_section in select value from jsonb_array_elements(p_sections) loop
    if jsonb_typeof(v_section) <> 'object' then
      raise exception 'invalid_input' using detail = 'each section must be an object';
    end if;
    v_id := kasalan_private.json_uuid(v_section, 'id');
    v_type := kasalan_private.json_text(v_section, 'type', 20);
    v_label := kasalan_private.json_text(v_section, 'label', 100);
    v_path := kasalan_private.json_text(v_section, 'path', 63);
    if v_path is null or v_path !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
      raise exception 'invalid_input' using detail = 'path must be lowercase letters, digits and dashes';
    end if;
    if v_path = any (v_paths) then
      raise exception 'invalid_input' using detail = format('two sections have the path %s', v_path);
    end if;
    v_paths := v_paths || v_path;
    if jsonb_typeof(v_section -> 'visible') is distinct from 'boolean' then
      raise exception 'invalid_input' using detail = 'visible must be true or false';
    end if;

    select * into v_existing from kasalan.sections s where s.id = v_id and s.wedding_id = p_wedding_id;
    if found then
      if v_type is distinct from v_existing.type then
        raise exception 'invalid_input' using detail = 'a section keeps its type';
      end if;
      if v_id = any (v_ids) then
        raise exception 'invalid_input' using detail = 'a section is listed twice';
      end if;
      v_ids := v_ids || v_id;
    else
      if v_type is null or v_type not in ('custom', 'about') then
        raise exception 'invalid_input' using detail = 'only custom and about pages may be added';
      end if;
      if v_label is null then
        raise exception 'invalid_input' using detail = 'a new page needs a label';
      end if;
    end if;
  end loop;

  if exists (
    select 1 from kasalan.sections s
    where s.wedding_id = p_wedding_id
      and s.type not in ('custom', 'about')
      and s.id <> all (v_ids)
  ) then
    raise exception 'invalid_input' using detail = 'built-in sections are hidden, not removed';
  end if;

  delete from kasalan.sections s
  where s.wedding_id = p_wedding_id
    and s.type in ('custom', 'about')
    and s.id <> all (v_ids);

  -- Paths may trade places within the list; uniqueness is checked again at commit.
  set constraints kasalan.sections_wedding_id_path_key deferred;

  for v_section, v_index in select value, ordinality - 1 from jsonb_array_elements(p_sections) with ordinality loop
    v_id := kasalan_private.json_uuid(v_section, 'id');
    v_label := coalesce(kasalan_private.json_text(v_section, 'label', 100), '');
    v_path := kasalan_private.json_text(v_section, 'path', 63);
    if v_id is not null and v_id = any (v_ids) then
      update kasalan.sections s
      set label = v_label,
          path = v_path,
          visible = (v_section ->> 'visible')::boolean,
          order_index = v_index
      where s.id = v_id
        and s.wedding_id = p_wedding_id;
    else
      begin
        insert into kasalan.sections (id, wedding_id, type, label, title, path, visible, data, order_index)
        values (
          coalesce(v_id, extensions.gen_random_uuid()), p_wedding_id,
          kasalan_private.json_text(v_section, 'type', 20), v_label, v_label, v_path,
          (v_section ->> 'visible')::boolean, '{}'::jsonb, v_index
        );
      exception when unique_violation then
        -- The id is taken by a section of another wedding.
        raise exception 'invalid_input' using detail = 'a section belongs to another wedding';
      end;
    end if;
  end loop;

  update kasalan.weddings w
  set theme = v_theme
  where w.id = p_wedding_id
  returning * into v_wedding;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  return kasalan_private.wedding_json(v_wedding);
end;
$$;

-- =============================================================================================
-- seating (supabase/schemas/05_seating.sql)
-- =============================================================================================

create or replace function kasalan.get_seating_layout(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_row kasalan.seating_layouts;
begin
  perform kasalan_private.require(p_wedding_id, 'seating');
  select * into v_row from kasalan.seating_layouts l where l.wedding_id = p_wedding_id;
  return jsonb_build_object(
    'weddingId', p_wedding_id,
    'layout', kasalan_private.seating_layout_for_guest_list(p_wedding_id, coalesce(v_row.layout, '{"tables": [], "seats": []}'::jsonb)),
    'updatedAt', v_row.updated_at
  );
end;
$$;

create or replace function kasalan.save_seating_layout(p_wedding_id uuid, p_layout jsonb, p_base_updated_at timestamp with time zone default NULL::timestamp with time zone)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_layout jsonb;
  v_row kasalan.seating_layouts;
begin
  perform kasalan_private.require(p_wedding_id, 'seating');
  v_layout := kasalan_private.seating_layout_for_guest_list(p_wedding_id, kasalan_private.checked_seating_layout(p_layout));

  if p_base_updated_at is null then
    insert into kasalan.seating_layouts as l (wedding_id, layout)
    values (p_wedding_id, v_layout)
    on conflict (wedding_id) do update set layout = excluded.layout
    returning * into v_row;
  elsif p_base_updated_at = '-infinity'::timestamptz then
    insert into kasalan.seating_layouts (wedding_id, layout)
    values (p_wedding_id, v_layout)
    on conflict (wedding_id) do nothing
    returning * into v_row;
  else
    update kasalan.seating_layouts l
    set layout = v_layout
    where l.wedding_id = p_wedding_id
      and l.updated_at = p_base_updated_at
    returning * into v_row;
  end if;
  if v_row.id is null then
    raise exception 'seating_layout_conflict';
  end if;

  return jsonb_build_object('weddingId', p_wedding_id, 'layout', v_row.layout, 'updatedAt', v_row.updated_at);
end;
$$;

-- =============================================================================================
-- invitations (supabase/schemas/06_invitations.sql)
-- =============================================================================================

create or replace function kasalan.list_invitations(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  return jsonb_build_object(
    'templates', (select w.invitation_templates from kasalan.weddings w where w.id = p_wedding_id),
    'households', coalesce(
      (
        select jsonb_agg(kasalan_private.invitation_json(g) order by g.created_at, g.id)
        from kasalan.households g
        where g.wedding_id = p_wedding_id
      ),
      '[]'::jsonb
    )
  );
end;
$$;

create or replace function kasalan.record_invitation(p_wedding_id uuid, p_household_ids jsonb, p_channel text, p_kind text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household kasalan.households;
  v_ids uuid[];
  v_count integer;
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  if p_kind is null or p_kind not in ('invitation', 'reminder') then
    raise exception 'invalid_input' using detail = 'kind must be invitation or reminder';
  end if;
  if p_channel is null or p_channel not in ('messenger', 'viber', 'whatsapp', 'sms', 'email', 'copy', 'share') then
    raise exception 'invalid_input' using detail = 'unknown channel';
  end if;
  if jsonb_typeof(p_household_ids) is distinct from 'array'
    or exists (select 1 from jsonb_array_elements(p_household_ids) e where jsonb_typeof(e) <> 'string'
      or e #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
  then
    raise exception 'invalid_input' using detail = 'householdIds must be a list of ids';
  end if;
  select coalesce(array_agg(distinct (e #>> '{}')::uuid), '{}') into v_ids from jsonb_array_elements(p_household_ids) e;
  v_count := cardinality(v_ids);
  if v_count = 0 or v_count > 2000 then
    raise exception 'invalid_input' using detail = 'between 1 and 2000 households';
  end if;

  for v_household in
    select * from kasalan.households g
    where g.id = any (v_ids) and g.wedding_id = p_wedding_id
    order by g.id
    for update
  loop
    if p_channel = 'email' and v_household.email is null then
      raise exception 'invitation_no_email';
    end if;
    if p_channel in ('sms', 'whatsapp') and v_household.phone is null then
      raise exception 'invitation_no_phone';
    end if;
    insert into kasalan.invitation_sends (wedding_id, household_id, kind, channel, address)
    values (p_wedding_id, v_household.id, p_kind, p_channel, case when p_channel = 'email' then v_household.email end);
    if p_channel = 'email' then
      update kasalan.persons p
      set email_history = p.email_history || jsonb_build_array(
        jsonb_build_object('sentAt', now(), 'address', v_household.email, 'kind', p_kind)
      )
      where p.household_id = v_household.id;
    end if;
  end loop;

  if (select count(*) from kasalan.households g where g.id = any (v_ids) and g.wedding_id = p_wedding_id) <> v_count then
    raise exception 'household_not_found';
  end if;

  return (
    select jsonb_agg(kasalan_private.invitation_json(g) order by g.created_at, g.id)
    from kasalan.households g
    where g.id = any (v_ids)
  );
end;
$$;

create or replace function kasalan.renew_invitation_code(p_wedding_id uuid, p_household_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household kasalan.households;
  v_attempt integer := 0;
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  loop
    v_attempt := v_attempt + 1;
    begin
      update kasalan.households g
      set invitation_code = kasalan_private.new_invitation_code(),
          invitation_token = kasalan_private.new_invitation_token(),
          invitation_opened_at = null,
          invitation_last_opened_at = null,
          link_replaced_at = case
            when exists (select 1 from kasalan.invitation_sends x where x.household_id = g.id) then now()
          end
      where g.id = p_household_id and g.wedding_id = p_wedding_id
      returning * into v_household;
      exit;
    exception when unique_violation then
      -- Two households of the wedding drew the same code (about one in 10^11 per pair): draw again.
      if v_attempt >= 5 then
        raise;
      end if;
    end;
  end loop;
  if v_household.id is null then
    raise exception 'household_not_found';
  end if;
  return kasalan_private.invitation_json(v_household);
end;
$$;

create or replace function kasalan.save_invitation_templates(p_wedding_id uuid, p_templates jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
  v_language text;
  v_text text;
  v_saved jsonb := '{}';
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  if jsonb_typeof(p_templates) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'templates must be an object';
  end if;
  foreach v_kind in array array['invitation', 'reminder'] loop
    if p_templates ? v_kind and jsonb_typeof(p_templates -> v_kind) not in ('object', 'null') then
      raise exception 'invalid_input' using detail = format('%s must be an object', v_kind);
    end if;
    foreach v_language in array array['fil', 'en'] loop
      v_text := kasalan_private.json_text(coalesce(p_templates -> v_kind, '{}'), v_language, 1000);
      if v_text is not null then
        v_saved := jsonb_set(v_saved, array[v_kind], coalesce(v_saved -> v_kind, '{}') || jsonb_build_object(v_language, v_text));
      end if;
    end loop;
  end loop;
  update kasalan.weddings w set invitation_templates = v_saved where w.id = p_wedding_id;
  return v_saved;
end;
$$;

create or replace function kasalan.claim_email_sends(p_wedding_id uuid, p_count integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_cap constant integer := kasalan_private.email_daily_cap();
  v_day date := (now() at time zone 'Asia/Manila')::date;
  v_sent integer;
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  if p_count is null or p_count < 1 or p_count > v_cap then
    raise exception 'invalid_input' using detail = format('count must be between 1 and %s', v_cap);
  end if;
  -- One statement, so concurrent claims queue on the row and never pass the cap together.
  insert into kasalan.email_send_days as d (wedding_id, day, sent)
  values (p_wedding_id, v_day, p_count)
  on conflict (wedding_id, day) do update
    set sent = d.sent + excluded.sent
    where d.sent + excluded.sent <= v_cap
  returning d.sent into v_sent;
  if v_sent is null then
    raise exception 'email_daily_limit';
  end if;
  return jsonb_build_object('sent', v_sent, 'cap', v_cap, 'remaining', v_cap - v_sent);
end;
$$;

create or replace function kasalan.list_invitation_states(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  -- Those who keep the whole list see every household; the check per household is for the rest.
  v_sees_all boolean;
begin
  perform kasalan_private.require(p_wedding_id, 'households');
  v_sees_all := kasalan_private.can(p_wedding_id, 'guests');

  return coalesce(
    (
      with
        first_sends as (
          select distinct on (x.household_id) x.household_id, x.sent_at, x.channel
          from kasalan.invitation_sends x
          where x.wedding_id = p_wedding_id
          order by x.household_id, x.sent_at, x.id
        ),
        answered as (
          select distinct p.household_id
          from kasalan.persons p
          where p.wedding_id = p_wedding_id and p.is_attending is not null
        )
      select jsonb_agg(
        jsonb_build_object(
          'householdId', g.id,
          'state', case
            when a.household_id is not null then 'answered'
            when g.invitation_opened_at is not null then 'opened'
            else 'invited'
          end,
          'invitedAt', s.sent_at,
          'invitedVia', s.channel,
          'openedAt', g.invitation_opened_at
        )
        order by g.created_at, g.id
      )
      from kasalan.households g
      left join first_sends s on s.household_id = g.id
      left join answered a on a.household_id = g.id
      where g.wedding_id = p_wedding_id
        and (s.household_id is not null or a.household_id is not null or g.invitation_opened_at is not null)
        and (v_sees_all or kasalan_private.can_see_household(g.wedding_id, g.relationship_side))
    ),
    '[]'::jsonb
  );
end;
$$;

create or replace function kasalan.open_invitation_code(p_slug text, p_code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text := kasalan_private.normalize_invitation_code(p_code);
  v_wedding kasalan.weddings;
  v_member boolean := false;
  v_couple boolean := false;
  v_target uuid;
  v_household kasalan.households;
  v_person_id uuid;
begin
  select * into v_wedding from kasalan.weddings w where w.slug = left(coalesce(p_slug, ''), 63);
  if v_wedding.id is not null then
    v_member := (select auth.uid()) is not null and kasalan_private.can(v_wedding.id, 'view');
    v_couple := v_member and kasalan_private.can_manage(v_wedding.id);
    if v_wedding.is_published or v_member then
      v_target := v_wedding.id;
    end if;
  end if;
  -- A code opens any household, also one of the side a family helper may not see: only the couple
  -- are not counted.
  if v_target is not null and not v_couple then
    perform kasalan_private.rate_limit(v_target, 'code');
  end if;

  -- With no wedding to look in, the same lookup finds nothing.
  select * into v_household from kasalan.households g
  where g.wedding_id = v_target and g.invitation_code = v_code;
  if v_household.id is not null then
    select p.id into v_person_id from kasalan.persons p
    where p.household_id = v_household.id
    order by p.position, p.created_at, p.id
    limit 1;
  end if;
  if v_person_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;

  if not v_member then
    update kasalan.households g
    set invitation_opened_at = coalesce(g.invitation_opened_at, now()),
        invitation_last_opened_at = now()
    where g.id = v_household.id;
  end if;

  return jsonb_build_object(
    'status', 'found',
    'slug', v_wedding.slug,
    'householdId', v_household.id,
    'personId', v_person_id,
    'code', v_household.invitation_code
  );
end;
$$;

-- =============================================================================================
-- members (supabase/schemas/07_members.sql)
-- =============================================================================================

create or replace function kasalan.list_members(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  return jsonb_build_object(
    'members', (
      select coalesce(jsonb_agg(
        kasalan_private.member_json(m)
        order by array_position(array['owner', 'partner', 'coordinator', 'family_helper'], m.role), m.joined_at, m.user_id
      ), '[]'::jsonb)
      from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id
    ),
    'invitations', case when kasalan_private.can(p_wedding_id, 'members') then (
      select coalesce(jsonb_agg(kasalan_private.member_invitation_json(i) order by i.created_at desc, i.id), '[]'::jsonb)
      from kasalan.member_invitations i
      where i.wedding_id = p_wedding_id
        and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
    ) else '[]'::jsonb end
  );
end;
$$;

create or replace function kasalan.create_member_invitation(p_wedding_id uuid, p_role text, p_side text default NULL::text, p_email text default NULL::text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_side text;
  v_email text := nullif(lower(btrim(p_email)), '');
  v_invitation kasalan.member_invitations;
begin
  perform kasalan_private.require(p_wedding_id, 'members');
  v_side := kasalan_private.member_side(p_role, p_side);
  if v_email is not null and (char_length(v_email) > 254 or v_email !~ '^[^@\s]+@[^@\s]+$') then
    raise exception 'invalid_input' using detail = 'email must be an e-mail address';
  end if;

  insert into kasalan.member_invitations (wedding_id, token, role, side, email, created_by)
  values (
    p_wedding_id,
    translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_'),
    p_role, v_side, v_email, auth.uid()
  )
  returning * into v_invitation;
  return kasalan_private.member_invitation_json(v_invitation);
end;
$$;

create or replace function kasalan.revoke_member_invitation(p_wedding_id uuid, p_invitation_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'members');
  update kasalan.member_invitations i
  set revoked_at = now()
  where i.id = p_invitation_id and i.wedding_id = p_wedding_id
    and i.accepted_at is null and i.revoked_at is null;
  if not found then
    raise exception 'member_invitation_not_found';
  end if;
end;
$$;

create or replace function kasalan.accept_member_invitation(p_token text, p_display_name text default NULL::text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_invitation kasalan.member_invitations;
  v_name text := nullif(btrim(p_display_name), '');
begin
  if v_user_id is null then
    raise exception 'not_authenticated';
  end if;
  if char_length(v_name) > 100 then
    raise exception 'invalid_input' using detail = 'displayName must be at most 100 characters';
  end if;
  select * into v_invitation from kasalan.member_invitations i where i.token = p_token for update;
  if not found then
    raise exception 'member_invitation_not_found';
  elsif v_invitation.accepted_at is not null then
    raise exception 'invitation_used';
  elsif v_invitation.revoked_at is not null then
    raise exception 'invitation_revoked';
  elsif v_invitation.expires_at <= now() then
    raise exception 'invitation_expired';
  elsif v_invitation.email is not null
    and v_invitation.email is distinct from (select lower(u.email) from auth.users u where u.id = v_user_id)
  then
    raise exception 'invitation_wrong_account';
  elsif exists (
    select 1 from kasalan.wedding_members m where m.wedding_id = v_invitation.wedding_id and m.user_id = v_user_id
  ) then
    raise exception 'already_member';
  end if;

  insert into kasalan.wedding_members (wedding_id, user_id, role, side, display_name, invited_by)
  values (
    v_invitation.wedding_id, v_user_id, v_invitation.role, v_invitation.side,
    coalesce(v_name, kasalan_private.account_display_name(v_user_id), ''), v_invitation.created_by
  );
  update kasalan.member_invitations i
  set accepted_at = now(), accepted_by = v_user_id
  where i.id = v_invitation.id;
  return jsonb_build_object('weddingId', v_invitation.wedding_id, 'role', v_invitation.role, 'side', v_invitation.side);
end;
$$;

create or replace function kasalan.change_member_role(p_wedding_id uuid, p_user_id uuid, p_role text, p_side text default NULL::text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_side text;
  v_member kasalan.wedding_members;
begin
  perform kasalan_private.require(p_wedding_id, 'members');
  v_side := kasalan_private.member_side(p_role, p_side);
  select * into v_member from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = p_user_id
  for update;
  if not found then
    raise exception 'member_not_found';
  elsif v_member.role = 'owner' then
    raise exception 'member_is_owner';
  end if;
  update kasalan.wedding_members m
  set role = p_role, side = v_side
  where m.wedding_id = p_wedding_id and m.user_id = p_user_id
  returning * into v_member;
  return kasalan_private.member_json(v_member);
end;
$$;

create or replace function kasalan.remove_member(p_wedding_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
begin
  perform kasalan_private.require(p_wedding_id, 'members');
  select m.role into v_role from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = p_user_id
  for update;
  if not found then
    raise exception 'member_not_found';
  elsif v_role = 'owner' then
    raise exception 'member_is_owner';
  end if;
  delete from kasalan.wedding_members m where m.wedding_id = p_wedding_id and m.user_id = p_user_id;
end;
$$;

create or replace function kasalan.transfer_wedding_ownership(p_wedding_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'delete_wedding');
  perform 1 from kasalan.wedding_members m where m.wedding_id = p_wedding_id for update;
  if p_user_id is null or p_user_id = (select auth.uid()) or not exists (
    select 1 from kasalan.wedding_members m where m.wedding_id = p_wedding_id and m.user_id = p_user_id
  ) then
    raise exception 'member_not_found';
  end if;
  update kasalan.wedding_members m
  set role = 'partner', side = null
  where m.wedding_id = p_wedding_id and m.role = 'owner';
  update kasalan.wedding_members m
  set role = 'owner', side = null
  where m.wedding_id = p_wedding_id and m.user_id = p_user_id;
end;
$$;

create or replace function kasalan_private.add_activity(p_wedding_id uuid, p_action text, p_household_id uuid default NULL::uuid, p_details jsonb default '{}'::jsonb, p_actor_kind text default NULL::text, p_actor_name text default NULL::text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := case when p_actor_kind = 'guest' then null else auth.uid() end;
  v_name text := p_actor_name;
  v_side text;
begin
  if not exists (select 1 from kasalan.weddings w where w.id = p_wedding_id) then
    return; -- the wedding is being deleted with everything in it
  end if;
  if v_user_id is null and p_actor_kind is distinct from 'guest' then
    return; -- neither a member nor a guest: the seed, a migration, the database's owner
  end if;
  if v_user_id is not null and v_name is null then
    select nullif(m.display_name, '') into v_name from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = v_user_id;
    v_name := coalesce(v_name, kasalan_private.account_display_name(v_user_id), '');
  end if;
  if p_household_id is not null then
    select g.relationship_side into v_side from kasalan.households g where g.id = p_household_id;
  end if;
  insert into kasalan.wedding_activity (
    wedding_id, actor_kind, actor_user, actor_name, action, household_id, household_name, household_side, details
  )
  values (
    p_wedding_id,
    coalesce(p_actor_kind, case when v_user_id is null then 'system' else 'member' end),
    v_user_id,
    coalesce(v_name, ''),
    p_action,
    p_household_id,
    case when p_household_id is not null then kasalan_private.activity_household_name(p_household_id) end,
    v_side,
    coalesce(p_details, '{}'::jsonb)
  );
end;
$$;

create or replace function kasalan_private.record_household_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household_id uuid;
  v_wedding_id uuid;
  v_entry kasalan.wedding_activity;
begin
  if tg_op = 'DELETE' and tg_table_name = 'households' then
    -- Before the delete, while its persons still give it a name (household_id then goes null).
    perform kasalan_private.add_activity(old.wedding_id, 'household_deleted', old.id);
    return old;
  end if;

  if tg_table_name = 'households' then
    v_household_id := new.id;
    v_wedding_id := new.wedding_id;
  elsif tg_op = 'DELETE' then
    v_household_id := old.household_id;
    v_wedding_id := old.wedding_id;
  else
    v_household_id := new.household_id;
    v_wedding_id := new.wedding_id;
  end if;
  if not exists (select 1 from kasalan.households g where g.id = v_household_id) then
    return null; -- deleted later in the same transaction
  end if;

  if tg_table_name = 'households' and tg_op = 'INSERT' then
    select * into v_entry from kasalan.wedding_activity a
    where a.xact = txid_current() and a.wedding_id = v_wedding_id
      and a.action in ('household_added', 'households_imported')
    order by a.at
    limit 1
    for update;
    if v_entry.id is null then
      perform kasalan_private.add_activity(v_wedding_id, 'household_added', v_household_id);
    else
      update kasalan.wedding_activity a
      set action = 'households_imported',
          household_id = null,
          household_name = null,
          household_side = case when a.household_side = new.relationship_side then a.household_side end,
          details = jsonb_build_object(
            'count', coalesce((a.details ->> 'count')::integer, 1) + 1,
            'householdIds', coalesce(a.details -> 'householdIds', jsonb_build_array(v_entry.household_id)) || to_jsonb(v_household_id)
          )
      where a.id = v_entry.id;
    end if;
    return null;
  end if;

  if not kasalan_private.activity_covers(v_household_id, array['household_added', 'household_changed']) then
    perform kasalan_private.add_activity(v_wedding_id, 'household_changed', v_household_id);
  end if;
  return null;
end;
$$;

create or replace function kasalan_private.record_reply_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_person jsonb;
  v_entry_id uuid;
begin
  if not exists (select 1 from kasalan.households g where g.id = new.household_id)
    or kasalan_private.activity_covers(new.household_id, array['household_added'])
  then
    return null;
  end if;
  v_person := case when new.person_id is null
    then jsonb_build_object('message', true)
    else (
      select jsonb_build_object(
        'name', btrim(p.first_name || ' ' || p.last_name),
        'isAttending', new.current -> 'isAttending'
      ) || case when new.current ? 'eventId' then jsonb_build_object('eventId', new.current -> 'eventId') else '{}'::jsonb end
      from kasalan.persons p where p.id = new.person_id
    )
  end;
  if v_person is null then
    return null;
  end if;

  select a.id into v_entry_id from kasalan.wedding_activity a
  where a.xact = txid_current() and a.household_id = new.household_id and a.action = 'reply_recorded'
  limit 1;
  if v_entry_id is null then
    perform kasalan_private.add_activity(
      new.wedding_id, 'reply_recorded', new.household_id,
      jsonb_build_object('persons', jsonb_build_array(v_person)),
      case when new.changed_by in ('guest_search', 'guest_code') then 'guest' end
    );
  else
    update kasalan.wedding_activity a
    set details = jsonb_set(a.details, '{persons}', a.details -> 'persons' || jsonb_build_array(v_person))
    where a.id = v_entry_id;
  end if;
  return null;
end;
$$;

create or replace function kasalan_private.record_seating_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op = 'UPDATE' then old.layout else '{"tables": [], "seats": []}'::jsonb end;
  v_changes jsonb;
  v_household record;
begin
  -- Who sits where, before and after: [{householdId, personId, table}] for each person whose table changed.
  with
    before as (
      select s ->> 'personId' as person_id, s ->> 'householdId' as household_id, t ->> 'name' as table_name
      from jsonb_array_elements(coalesce(v_old -> 'seats', '[]'::jsonb)) s
      left join lateral (
        select t from jsonb_array_elements(coalesce(v_old -> 'tables', '[]'::jsonb)) t
        where t ->> 'id' = s ->> 'tableId' limit 1
      ) tt on true
      where s ->> 'personId' is not null
    ),
    after as (
      select s ->> 'personId' as person_id, s ->> 'householdId' as household_id, t ->> 'name' as table_name
      from jsonb_array_elements(coalesce(new.layout -> 'seats', '[]'::jsonb)) s
      left join lateral (
        select t from jsonb_array_elements(coalesce(new.layout -> 'tables', '[]'::jsonb)) t
        where t ->> 'id' = s ->> 'tableId' limit 1
      ) tt on true
      where s ->> 'personId' is not null
    )
  select coalesce(jsonb_agg(jsonb_build_object(
    'householdId', coalesce(a.household_id, b.household_id),
    'personId', coalesce(a.person_id, b.person_id),
    'table', a.table_name
  )), '[]'::jsonb)
  into v_changes
  from after a
  full join before b on b.person_id = a.person_id
  where a.table_name is distinct from b.table_name;

  if jsonb_array_length(v_changes) = 0 then
    return null;
  end if;
  if (select count(distinct c ->> 'householdId') from jsonb_array_elements(v_changes) c) > 5 then
    perform kasalan_private.add_activity(new.wedding_id, 'seating_changed', null, jsonb_build_object(
      'seated', (select count(*) from jsonb_array_elements(v_changes) c where c ->> 'table' is not null),
      'unseated', (select count(*) from jsonb_array_elements(v_changes) c where c ->> 'table' is null)
    ));
    return null;
  end if;

  for v_household in
    select (c ->> 'householdId')::uuid as household_id,
      jsonb_agg(jsonb_build_object('name', btrim(p.first_name || ' ' || p.last_name), 'table', c -> 'table')
        order by p.position) as persons,
      bool_or(c ->> 'table' is not null) as seated
    from jsonb_array_elements(v_changes) c
    join kasalan.persons p on p.id = (c ->> 'personId')::uuid and p.wedding_id = new.wedding_id
    join kasalan.households g on g.id = p.household_id
    group by 1
  loop
    perform kasalan_private.add_activity(
      new.wedding_id,
      case when v_household.seated then 'seated' else 'unseated' end,
      v_household.household_id,
      jsonb_build_object('persons', v_household.persons)
    );
  end loop;
  return null;
end;
$$;

create or replace function kasalan_private.record_invitation_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry kasalan.wedding_activity;
begin
  if not exists (select 1 from kasalan.households g where g.id = new.household_id) then
    return null;
  end if;
  select * into v_entry from kasalan.wedding_activity a
  where a.xact = txid_current() and a.wedding_id = new.wedding_id and a.action = 'invitation_sent'
    and a.details ->> 'channel' = new.channel and a.details ->> 'kind' = new.kind
  limit 1;
  if v_entry.id is null then
    perform kasalan_private.add_activity(new.wedding_id, 'invitation_sent', new.household_id,
      jsonb_build_object('channel', new.channel, 'kind', new.kind, 'count', 1));
  else
    update kasalan.wedding_activity a
    set household_id = null,
        household_name = null,
        household_side = case when a.household_side = (select g.relationship_side from kasalan.households g where g.id = new.household_id)
          then a.household_side end,
        details = jsonb_set(a.details, '{count}', to_jsonb(coalesce((a.details ->> 'count')::integer, 1) + 1))
    where a.id = v_entry.id;
  end if;
  return null;
end;
$$;

create or replace function kasalan_private.record_member_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'member_invitations' then
    if tg_op = 'INSERT' then
      perform kasalan_private.add_activity(new.wedding_id, 'member_invited', null,
        jsonb_build_object('role', new.role, 'side', new.side));
    elsif old.revoked_at is null and new.revoked_at is not null then
      perform kasalan_private.add_activity(new.wedding_id, 'member_invitation_revoked', null,
        jsonb_build_object('role', new.role, 'side', new.side));
    end if;
    return null;
  end if;

  if tg_op = 'INSERT' then
    if new.role <> 'owner' then
      perform kasalan_private.add_activity(new.wedding_id, 'member_joined', null,
        jsonb_build_object('userId', new.user_id, 'name', new.display_name, 'role', new.role, 'side', new.side));
    end if;
  elsif tg_op = 'DELETE' then
    perform kasalan_private.add_activity(
      old.wedding_id,
      case when old.user_id = auth.uid() then 'member_left' else 'member_removed' end,
      null,
      jsonb_build_object('userId', old.user_id, 'name', old.display_name, 'role', old.role, 'side', old.side),
      null,
      case when old.user_id = auth.uid() then nullif(old.display_name, '') end
    );
  elsif new.role = 'owner' and old.role <> 'owner' then
    perform kasalan_private.add_activity(new.wedding_id, 'ownership_transferred', null,
      jsonb_build_object('userId', new.user_id, 'name', new.display_name));
  elsif old.role <> 'owner' and (old.role, old.side) is distinct from (new.role, new.side) then
    perform kasalan_private.add_activity(new.wedding_id, 'member_role_changed', null, jsonb_build_object(
      'userId', new.user_id, 'name', new.display_name, 'role', new.role, 'side', new.side,
      'previousRole', old.role, 'previousSide', old.side
    ));
  end if;
  return null;
end;
$$;

create or replace function kasalan_private.record_site_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.add_activity(new.id, case when new.is_published then 'site_published' else 'site_unpublished' end);
  return null;
end;
$$;

create or replace function kasalan.list_activity(p_wedding_id uuid, p_before_at timestamp with time zone default NULL::timestamp with time zone, p_before_id uuid default NULL::uuid, p_actor uuid default NULL::uuid, p_limit integer default 50)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_entries jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception 'invalid_input' using detail = 'limit must be 1 to 100';
  end if;

  select coalesce(jsonb_agg(kasalan_private.activity_json(e) order by e.at desc, e.id desc), '[]'::jsonb)
  into v_entries
  from (
    select a.* from kasalan.wedding_activity a
    left join kasalan.households g on g.id = a.household_id
    where a.wedding_id = p_wedding_id
      and kasalan_private.can_see_household(p_wedding_id, coalesce(g.relationship_side, a.household_side))
      and (p_actor is null or a.actor_user = p_actor)
      and (p_before_at is null or (a.at, a.id) < (p_before_at, coalesce(p_before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
    order by a.at desc, a.id desc
    limit p_limit + 1
  ) e;

  return jsonb_build_object(
    'entries', (select coalesce(jsonb_agg(x order by o), '[]'::jsonb) from jsonb_array_elements(v_entries) with ordinality t(x, o) where o <= p_limit),
    'hasMore', jsonb_array_length(v_entries) > p_limit,
    'actors', (
      select coalesce(jsonb_agg(jsonb_build_object('userId', x.actor_user, 'name', x.actor_name) order by x.actor_name, x.actor_user), '[]'::jsonb)
      from (
        select distinct on (a.actor_user) a.actor_user, coalesce(nullif(m.display_name, ''), a.actor_name) as actor_name
        from kasalan.wedding_activity a
        left join kasalan.wedding_members m on m.wedding_id = a.wedding_id and m.user_id = a.actor_user
        where a.wedding_id = p_wedding_id and a.actor_user is not null
        order by a.actor_user, a.at desc
      ) x
    )
  );
end;
$$;

-- =============================================================================================
-- media (supabase/schemas/08_media.sql)
-- =============================================================================================

create or replace function kasalan.put_media_object(p_wedding_id uuid, p_path text, p_content_type text, p_content text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_bytes bytea;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  if p_path is null
    or p_path !~ '^[0-9a-f-]{36}/[A-Za-z0-9_.-]{1,120}$'
    or kasalan_private.media_wedding_id(p_path) is distinct from p_wedding_id
  then
    raise exception 'invalid_input' using detail = 'path must be in the wedding''s folder';
  end if;
  if p_content_type is null or p_content_type not in ('image/webp', 'image/jpeg', 'image/png') then
    raise exception 'media_type_not_allowed';
  end if;
  if p_content is null or char_length(p_content) > 2800000 then
    raise exception 'media_too_large';
  end if;
  begin
    v_bytes := decode(p_content, 'base64');
  exception when others then
    raise exception 'invalid_input' using detail = 'content must be base64';
  end;
  if octet_length(v_bytes) > 2097152 then
    raise exception 'media_too_large';
  end if;
  begin
    insert into kasalan.media_objects (path, wedding_id, content_type, content)
    values (p_path, p_wedding_id, p_content_type, v_bytes);
  exception when unique_violation then
    raise exception 'invalid_input' using detail = 'a photo with this path exists';
  end;
  return jsonb_build_object('path', p_path);
end;
$$;

create or replace function kasalan.delete_media_objects(p_wedding_id uuid, p_paths jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  delete from kasalan.media_objects m
  where m.wedding_id = p_wedding_id
    and m.path in (select jsonb_array_elements_text(case when jsonb_typeof(p_paths) = 'array' then p_paths else '[]' end));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

create or replace function kasalan.media_in_use(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  return coalesce(
    (
      select jsonb_agg(distinct substr(m[1], 7))
      from kasalan.sections s,
        regexp_matches(s.data::text, '(media:[0-9a-f-]{36}/[A-Za-z0-9_.-]{1,120})', 'g') m
      where s.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

-- =============================================================================================
-- wedding_file (supabase/schemas/10_wedding_file.sql)
-- =============================================================================================

create or replace function kasalan.export_wedding(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;

  return jsonb_build_object(
    'format', 'kasalan-wedding',
    'version', 1,
    'exportedAt', now(),
    'wedding', to_jsonb(v_wedding) - 'user_id',
    'sections', coalesce(
      (select jsonb_agg(to_jsonb(s) - 'user_id' - 'wedding_id' order by s.order_index, s.created_at, s.id)
       from kasalan.sections s where s.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'households', coalesce(
      (select jsonb_agg(to_jsonb(g) - 'user_id' - 'wedding_id' order by g.created_at, g.id)
       from kasalan.households g where g.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'persons', coalesce(
      (select jsonb_agg(to_jsonb(p) - 'user_id' - 'wedding_id' - 'search_names' - 'search_sounds' - 'search_keys'
                        order by p.household_id, p.position, p.id)
       from kasalan.persons p where p.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'seatingLayout', (select l.layout from kasalan.seating_layouts l where l.wedding_id = p_wedding_id),
    'checklistItems', coalesce(
      (select jsonb_agg(to_jsonb(i) - 'wedding_id' - 'seq' order by i.seq)
       from kasalan.checklist_items i where i.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'budgetLines', coalesce(
      (select jsonb_agg(to_jsonb(b) - 'wedding_id' - 'seq' order by b.seq)
       from kasalan.budget_lines b where b.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'budgetPayments', coalesce(
      (select jsonb_agg(to_jsonb(pay) - 'wedding_id' order by pay.created_at, pay.id)
       from kasalan.budget_payments pay where pay.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'suppliers', coalesce(
      (select jsonb_agg(to_jsonb(su) - 'wedding_id' - 'seq' order by su.seq)
       from kasalan.suppliers su where su.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'gifts', coalesce(
      (select jsonb_agg(to_jsonb(gi) - 'wedding_id' order by gi.created_at, gi.id)
       from kasalan.gifts gi where gi.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'giftThankYouTemplates', coalesce(
      (select jsonb_agg(to_jsonb(tt) - 'wedding_id' order by tt.language)
       from kasalan.gift_thank_you_templates tt where tt.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'events', coalesce(
      (select jsonb_agg(to_jsonb(we) - 'wedding_id' order by we.created_at, we.event_id)
       from kasalan.wedding_events we where we.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'eventGuests', coalesce(
      (select jsonb_agg(to_jsonb(eg) - 'wedding_id' order by eg.event_id, eg.household_id)
       from kasalan.event_guests eg where eg.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'eventReplies', coalesce(
      (select jsonb_agg(to_jsonb(er) - 'wedding_id' order by er.event_id, er.household_id, er.person_id)
       from kasalan.event_replies er where er.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'nicknames', coalesce(
      (select jsonb_agg(jsonb_build_object('nickname', n.nickname, 'name', n.name, 'created_at', n.created_at) order by n.created_at, n.id)
       from kasalan.nicknames n where n.wedding_id = p_wedding_id),
      '[]'::jsonb)
  );
end;
$$;

create or replace function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_details jsonb;
  v_columns text;
  v_constraint text;
  v_household_ids uuid[];
  v_side text;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  -- Bounded: the path walks no deeper than the level it asks for.
  if jsonb_path_exists(p_file, 'strict $.**{64}') then
    raise exception 'invalid_input' using detail = 'the file is nested too deeply';
  end if;
  if jsonb_typeof(p_file) is distinct from 'object'
    or p_file ->> 'format' is distinct from 'kasalan-wedding'
    or p_file -> 'version' is distinct from '1'::jsonb
    or jsonb_typeof(p_file -> 'wedding') is distinct from 'object'
  then
    raise exception 'import_unsupported_file';
  end if;

  perform 1 from kasalan.weddings w where w.id = p_wedding_id for update;
  if exists (select 1 from kasalan.households g where g.wedding_id = p_wedding_id)
    or exists (
      select 1 from kasalan.seating_layouts l
      where l.wedding_id = p_wedding_id and jsonb_array_length(coalesce(l.layout -> 'tables', '[]'::jsonb)) > 0
    )
    or exists (select 1 from kasalan.checklist_items i where i.wedding_id = p_wedding_id)
    or exists (select 1 from kasalan.budget_lines b where b.wedding_id = p_wedding_id)
    or exists (select 1 from kasalan.suppliers su where su.wedding_id = p_wedding_id)
    or exists (select 1 from kasalan.gifts gi where gi.wedding_id = p_wedding_id)
  then
    raise exception 'wedding_not_empty';
  end if;

  begin
    p_file := kasalan_private.import_file_with_free_ids(kasalan_private.wedding_file_current(p_file));

    -- The details: every column the file has, except what identifies this wedding here.
    v_details := (p_file -> 'wedding') - 'id' - 'user_id' - 'slug' - 'created_at' - 'updated_at';
    if v_details ? 'rsvp_questions' then
      v_details := jsonb_set(v_details, '{rsvp_questions}', kasalan_private.rsvp_questions_clean(v_details -> 'rsvp_questions'));
    end if;
    select string_agg(format('%I', a.attname), ', ' order by a.attnum)
    into v_columns
    from pg_catalog.pg_attribute a
    where a.attrelid = 'kasalan.weddings'::regclass
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      and v_details ? a.attname::text;
    if v_columns is not null then
      execute format(
        'update kasalan.weddings w set (%1$s) = (select %1$s from pg_catalog.jsonb_populate_record(null::kasalan.weddings, $1)) where w.id = $2',
        v_columns
      ) using v_details, p_wedding_id;
    end if;

    delete from kasalan.sections s where s.wedding_id = p_wedding_id;
    perform kasalan_private.import_rows('sections', p_wedding_id, coalesce(p_file -> 'sections', '[]'::jsonb));
    -- The activity triggers stay quiet while the guest list is written, and its one entry is
    -- recorded below as they would have made it at commit: one trigger call per row, each
    -- rewriting the growing entry, took most of a minute at 2,000 households.
    perform set_config('kasalan.importing', 'on', true);
    perform kasalan_private.import_rows('households', p_wedding_id, coalesce(p_file -> 'households', '[]'::jsonb));
    perform kasalan_private.import_rows('persons', p_wedding_id, coalesce(p_file -> 'persons', '[]'::jsonb));
    perform set_config('kasalan.importing', '', true);
    select coalesce(array_agg(kasalan_private.json_uuid(r.value, 'id') order by r.ordinality), '{}')
    into v_household_ids
    from jsonb_array_elements(coalesce(p_file -> 'households', '[]'::jsonb)) with ordinality r;
    if array_position(v_household_ids, null) is not null then
      -- Households without ids in the file (never an export's) got theirs here: in the list's order.
      select coalesce(array_agg(g.id order by g.created_at, g.id), '{}') into v_household_ids
      from kasalan.households g where g.wedding_id = p_wedding_id;
    end if;
    if cardinality(v_household_ids) = 1 then
      perform kasalan_private.add_activity(p_wedding_id, 'household_added', v_household_ids[1]);
    elsif cardinality(v_household_ids) > 1 then
      perform kasalan_private.add_activity(p_wedding_id, 'households_imported', null,
        jsonb_build_object('count', cardinality(v_household_ids), 'householdIds', to_jsonb(v_household_ids)));
      -- On their side when they all share one.
      select min(g.relationship_side) into v_side
      from kasalan.households g where g.wedding_id = p_wedding_id
      having count(distinct g.relationship_side) = 1 and count(g.relationship_side) = count(*);
      if v_side is not null then
        update kasalan.wedding_activity a set household_side = v_side
        where a.xact = txid_current() and a.wedding_id = p_wedding_id and a.action = 'households_imported';
      end if;
    end if;
    delete from kasalan.wedding_events we where we.wedding_id = p_wedding_id;
    perform kasalan_private.import_rows('wedding_events', p_wedding_id, coalesce(p_file -> 'events', '[]'::jsonb));
    perform kasalan_private.import_rows('event_guests', p_wedding_id, coalesce(p_file -> 'eventGuests', '[]'::jsonb));
    -- A reference to a row the file does not have is refused before its key is tried, with the
    -- same answer whether or not that id exists in another wedding.
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'eventReplies', 'person_id', 'kasalan.persons', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'an event reply names a person the file does not have';
    end if;
    perform kasalan_private.import_rows('event_replies', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'eventReplies', '[]'::jsonb), array['recorded_by_user'], p_wedding_id));
    if exists (
      select 1 from kasalan.event_replies er
      where er.wedding_id = p_wedding_id
        and not exists (
          select 1 from kasalan.persons p
          where p.id = er.person_id and p.household_id = er.household_id and p.wedding_id = p_wedding_id
        )
    ) then
      raise exception 'invalid_input' using detail = 'an event reply names a person the file does not have';
    end if;

    -- A chart saved with no tables (every household deleted) holds nothing: the file's replaces it.
    delete from kasalan.seating_layouts l where l.wedding_id = p_wedding_id;
    if jsonb_typeof(p_file -> 'seatingLayout') = 'object' then
      insert into kasalan.seating_layouts (user_id, wedding_id, layout)
      values (
        auth.uid(), p_wedding_id,
        kasalan_private.seating_layout_for_guest_list(p_wedding_id, kasalan_private.checked_seating_layout(p_file -> 'seatingLayout'))
      );
    end if;

    -- The plan, in the order its rows reference each other.
    if jsonb_typeof(p_file -> 'checklistItems') = 'array' and jsonb_array_length(p_file -> 'checklistItems') > 500 then
      raise exception 'invalid_input' using detail = 'a checklist has at most 500 items';
    end if;
    perform kasalan_private.import_rows('checklist_items', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'checklistItems', '[]'::jsonb), array['assignee_user', 'done_by', 'created_by'], p_wedding_id));
    perform kasalan_private.import_rows('budget_lines', p_wedding_id, coalesce(p_file -> 'budgetLines', '[]'::jsonb));
    perform kasalan_private.import_rows('budget_payments', p_wedding_id, coalesce(p_file -> 'budgetPayments', '[]'::jsonb));
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'suppliers', 'budget_line_id', 'kasalan.budget_lines', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'a supplier names a budget line the file does not have';
    end if;
    perform kasalan_private.import_rows('suppliers', p_wedding_id, coalesce(p_file -> 'suppliers', '[]'::jsonb));
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'gifts', 'household_id', 'kasalan.households', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'a gift names a household the file does not have';
    end if;
    perform kasalan_private.import_rows('gifts', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'gifts', '[]'::jsonb), array['created_by'], p_wedding_id));
    -- The couple's own nicknames (files from before have none).
    if p_file ? 'nicknames' then
      delete from kasalan.nicknames n where n.wedding_id = p_wedding_id;
      perform kasalan_private.import_rows('nicknames', p_wedding_id, p_file -> 'nicknames');
    end if;
    if p_file ? 'giftThankYouTemplates' then
      delete from kasalan.gift_thank_you_templates tt where tt.wedding_id = p_wedding_id;
      perform kasalan_private.import_rows('gift_thank_you_templates', p_wedding_id, p_file -> 'giftThankYouTemplates');
    end if;
  exception
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      raise exception 'import_ids_taken' using detail = v_constraint;
    when foreign_key_violation or not_null_violation or check_violation or invalid_text_representation
      or datetime_field_overflow or invalid_datetime_format or numeric_value_out_of_range
      or string_data_right_truncation
    then
      get stacked diagnostics v_constraint = message_text;
      raise exception 'invalid_input' using detail = v_constraint;
  end;

  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;
  return kasalan_private.wedding_json(v_wedding);
end;
$$;

create or replace function kasalan.empty_wedding(p_wedding_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'delete_wedding');
  perform 1 from kasalan.weddings w where w.id = p_wedding_id for update;
  delete from kasalan.households g where g.wedding_id = p_wedding_id;
  delete from kasalan.seating_layouts l where l.wedding_id = p_wedding_id;
  delete from kasalan.checklist_items i where i.wedding_id = p_wedding_id;
  delete from kasalan.suppliers su where su.wedding_id = p_wedding_id;
  delete from kasalan.budget_lines b where b.wedding_id = p_wedding_id;
  delete from kasalan.gifts gi where gi.wedding_id = p_wedding_id;
  delete from kasalan.checkin_walk_ins wi where wi.wedding_id = p_wedding_id;
  delete from kasalan.checkin_actions a where a.wedding_id = p_wedding_id;
end;
$$;

-- =============================================================================================
-- checklist (supabase/schemas/11_checklist.sql)
-- =============================================================================================

create or replace function kasalan.list_checklist(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_date date;
  v_today date := (now() at time zone 'Asia/Manila')::date;
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  select w.date into v_date from kasalan.weddings w where w.id = p_wedding_id;
  return jsonb_build_object(
    'weddingDate', v_date,
    'today', v_today,
    'canEdit', kasalan_private.can(p_wedding_id, 'plan'),
    'items', (
      select coalesce(jsonb_agg(
        kasalan_private.checklist_item_json(i, v_date, v_today)
        order by coalesce(i.due_date, v_date - i.days_before) nulls last, i.seq
      ), '[]'::jsonb)
      from kasalan.checklist_items i
      where i.wedding_id = p_wedding_id and kasalan_private.checklist_item_is_mine(i)
    )
  );
end;
$$;

create or replace function kasalan.checklist_this_week(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_date date;
  v_today date := (now() at time zone 'Asia/Manila')::date;
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  select w.date into v_date from kasalan.weddings w where w.id = p_wedding_id;
  return (
    select jsonb_build_object(
      'today', v_today,
      'overdue', coalesce(jsonb_agg(
        kasalan_private.checklist_item_json(i, v_date, v_today) order by d.due, i.seq
      ) filter (where d.due < v_today), '[]'::jsonb),
      'thisWeek', coalesce(jsonb_agg(
        kasalan_private.checklist_item_json(i, v_date, v_today) order by d.due, i.seq
      ) filter (where d.due >= v_today), '[]'::jsonb)
    )
    from kasalan.checklist_items i
    cross join lateral (select coalesce(i.due_date, v_date - i.days_before) as due) d
    where i.wedding_id = p_wedding_id and i.done_at is null
      and d.due < v_today + 7
      and kasalan_private.checklist_item_is_mine(i)
  );
end;
$$;

create or replace function kasalan.save_checklist_item(p_wedding_id uuid, p_item jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_fields jsonb;
  v_date date;
  v_row kasalan.checklist_items;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_fields := kasalan_private.checked_checklist_item(p_wedding_id, p_item);
  -- Held until the end: two adds at once count each other.
  select w.date into v_date from kasalan.weddings w where w.id = p_wedding_id for no key update;

  if p_item ->> 'id' is null then
    if (select count(*) from kasalan.checklist_items i where i.wedding_id = p_wedding_id) >= 500 then
      raise exception 'invalid_input' using detail = 'a checklist has at most 500 items';
    end if;
    insert into kasalan.checklist_items (
      wedding_id, title, notes, category, due_date, days_before,
      assignee_user, assignee_role, issued_on, valid_days, created_by
    )
    values (
      p_wedding_id, v_fields ->> 'title', v_fields ->> 'notes', v_fields ->> 'category',
      (v_fields ->> 'dueDate')::date, (v_fields ->> 'daysBefore')::integer,
      (v_fields ->> 'assigneeUserId')::uuid, v_fields ->> 'assigneeRole',
      (v_fields ->> 'issuedOn')::date, (v_fields ->> 'validDays')::integer, auth.uid()
    )
    returning * into v_row;
  else
    if (p_item ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'checklist_item_not_found';
    end if;
    update kasalan.checklist_items i
    set title = v_fields ->> 'title',
      notes = v_fields ->> 'notes',
      category = v_fields ->> 'category',
      due_date = (v_fields ->> 'dueDate')::date,
      days_before = (v_fields ->> 'daysBefore')::integer,
      assignee_user = (v_fields ->> 'assigneeUserId')::uuid,
      assignee_role = v_fields ->> 'assigneeRole',
      issued_on = (v_fields ->> 'issuedOn')::date,
      valid_days = (v_fields ->> 'validDays')::integer
    where i.id = (p_item ->> 'id')::uuid and i.wedding_id = p_wedding_id
    returning * into v_row;
    if v_row.id is null then
      raise exception 'checklist_item_not_found';
    end if;
  end if;
  return kasalan_private.checklist_item_json(v_row, v_date, (now() at time zone 'Asia/Manila')::date);
end;
$$;

create or replace function kasalan.set_checklist_item_done(p_wedding_id uuid, p_item_id uuid, p_done boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row kasalan.checklist_items;
  v_name text;
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  if p_done is null then
    raise exception 'invalid_input' using detail = 'done must be true or false';
  end if;
  select * into v_row from kasalan.checklist_items i
  where i.id = p_item_id and i.wedding_id = p_wedding_id
  for update;
  if v_row.id is null or not kasalan_private.checklist_item_is_mine(v_row) then
    raise exception 'checklist_item_not_found';
  end if;
  select m.display_name into v_name from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid());

  update kasalan.checklist_items i
  set done_at = case when p_done then coalesce(i.done_at, now()) end,
    done_by = case when p_done then case when i.done_at is null then auth.uid() else i.done_by end end,
    done_by_name = case when p_done then case when i.done_at is null then left(v_name, 100) else i.done_by_name end end
  where i.id = v_row.id
  returning * into v_row;
  return kasalan_private.checklist_item_json(
    v_row,
    (select w.date from kasalan.weddings w where w.id = p_wedding_id),
    (now() at time zone 'Asia/Manila')::date
  );
end;
$$;

create or replace function kasalan.delete_checklist_item(p_wedding_id uuid, p_item_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  delete from kasalan.checklist_items i where i.id = p_item_id and i.wedding_id = p_wedding_id;
  if not found then
    raise exception 'checklist_item_not_found';
  end if;
end;
$$;

create or replace function kasalan.start_checklist(p_wedding_id uuid, p_items jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item jsonb;
  v_fields jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  if jsonb_typeof(p_items) is distinct from 'array' or jsonb_array_length(p_items) not between 1 and 100 then
    raise exception 'invalid_input' using detail = 'items must be a list of 1 to 100 items';
  end if;
  -- Held until the end: two starts at once count each other.
  perform 1 from kasalan.weddings w where w.id = p_wedding_id for no key update;
  if (select count(*) from kasalan.checklist_items i where i.wedding_id = p_wedding_id)
    + jsonb_array_length(p_items) > 500 then
    raise exception 'invalid_input' using detail = 'a checklist has at most 500 items';
  end if;
  for v_item in select e from jsonb_array_elements(p_items) e loop
    if jsonb_typeof(v_item -> 'key') is distinct from 'string' or (v_item ->> 'key') !~ '^[a-z0-9_]{1,64}$' then
      raise exception 'invalid_input' using detail = 'a timeline item key must be 1 to 64 lowercase letters, digits or _';
    end if;
    v_fields := kasalan_private.checked_checklist_item(
      p_wedding_id,
      v_item - 'key' - 'assigneeUserId' - 'assigneeRole' - 'issuedOn' - 'dueDate'
    );
    insert into kasalan.checklist_items (wedding_id, template_key, title, category, days_before, valid_days, created_by)
    values (
      p_wedding_id, v_item ->> 'key', v_fields ->> 'title', v_fields ->> 'category',
      (v_fields ->> 'daysBefore')::integer, (v_fields ->> 'validDays')::integer, auth.uid()
    )
    on conflict (wedding_id, template_key) do nothing;
  end loop;
  return kasalan.list_checklist(p_wedding_id);
end;
$$;

-- =============================================================================================
-- budget (supabase/schemas/12_budget.sql)
-- =============================================================================================

create or replace function kasalan.get_budget(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_attending integer;
  v_invited integer;
  v_today date := (now() at time zone 'Asia/Manila')::date;
  v_month_end date;
  v_lines jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  v_month_end := (date_trunc('month', v_today) + interval '1 month - 1 day')::date;
  -- Everyone invited counts each household up to its seat cap, as the forecast and the door do.
  select coalesce(sum(h.yeses), 0), coalesce(sum(h.seats), 0)
  into v_attending, v_invited
  from kasalan_private.household_tally(p_wedding_id, null) h;

  select coalesce(jsonb_agg(kasalan_private.budget_line_json(l, v_attending, v_invited)
    order by coalesce(kasalan_private.budget_category_order(l.category) * 2, 19), l.category, l.seq), '[]'::jsonb)
  into v_lines
  from kasalan.budget_lines l
  where l.wedding_id = p_wedding_id;

  return jsonb_build_object(
    'lines', v_lines,
    'guests', jsonb_build_object('attending', v_attending, 'invited', v_invited),
    'month', to_char(v_today, 'YYYY-MM'),
    'totals', (
      select jsonb_build_object(
        'estimateCentavos', coalesce(sum((line ->> 'estimateCentavos')::bigint), 0),
        'quoteCentavos', coalesce(sum((line ->> 'quoteTotalCentavos')::bigint), 0),
        'actualCentavos', coalesce(sum((line ->> 'actualCentavos')::bigint), 0),
        'priceCentavos', coalesce(sum((line ->> 'priceCentavos')::bigint), 0),
        'paidCentavos', coalesce(sum((line ->> 'paidCentavos')::bigint), 0),
        'leftCentavos', coalesce(sum((line ->> 'leftCentavos')::bigint), 0),
        'dueThisMonthCentavos', coalesce((
          select sum((pay ->> 'dueCentavos')::bigint)
          from jsonb_array_elements(v_lines) l2, jsonb_array_elements(l2 -> 'payments') pay
          where not (pay ->> 'paid')::boolean and (pay ->> 'dueOn')::date <= v_month_end
        ), 0),
        'dueThisMonthCount', (
          select count(*)
          from jsonb_array_elements(v_lines) l2, jsonb_array_elements(l2 -> 'payments') pay
          where not (pay ->> 'paid')::boolean and (pay ->> 'dueOn')::date <= v_month_end
        ),
        'costPerGuestCentavos', case
          when coalesce(nullif(v_attending, 0), v_invited) = 0 then null
          else round(coalesce(sum((line ->> 'priceCentavos')::bigint), 0)::numeric / coalesce(nullif(v_attending, 0), v_invited))::bigint
        end
      )
      from jsonb_array_elements(v_lines) line
    )
  );
end;
$$;

create or replace function kasalan.save_budget_line(p_wedding_id uuid, p_line_id uuid, p_category text, p_name text, p_estimate bigint default NULL::bigint, p_quote bigint default NULL::bigint, p_price_per_head bigint default NULL::bigint, p_head_count_basis text default NULL::text, p_actual bigint default NULL::bigint, p_with_service boolean default false, p_with_vat boolean default false)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_name text := btrim(coalesce(p_name, ''));
  v_category text := btrim(coalesce(p_category, ''));
  v_basis text := case when p_price_per_head is null then null else coalesce(p_head_count_basis, 'invited') end;
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  if v_category = '' or char_length(v_category) > 60 then
    raise exception 'invalid_input' using detail = 'category must be 1 to 60 characters';
  end if;
  if v_name = '' or char_length(v_name) > 120 then
    raise exception 'invalid_input' using detail = 'name must be 1 to 120 characters';
  end if;
  if p_price_per_head is not null and p_quote is not null then
    raise exception 'invalid_input' using detail = 'a per-head line has no quote of its own';
  end if;
  if least(p_estimate, p_quote, p_price_per_head, p_actual) < 0 then
    raise exception 'invalid_input' using detail = 'amounts cannot be negative';
  end if;
  perform kasalan_private.centavos_arg(p_estimate, 'estimate');
  perform kasalan_private.centavos_arg(p_quote, 'quote');
  perform kasalan_private.centavos_arg(p_price_per_head, 'price_per_head', 100000000);
  perform kasalan_private.centavos_arg(p_actual, 'actual');
  if v_basis not in ('attending', 'invited') then
    raise exception 'invalid_input' using detail = 'head_count_basis must be attending or invited';
  end if;

  if p_line_id is null then
    insert into kasalan.budget_lines (wedding_id, category, name, estimate_centavos, quote_centavos,
      price_per_head_centavos, head_count_basis, actual_centavos, with_service, with_vat)
    values (p_wedding_id, v_category, v_name, p_estimate, p_quote, p_price_per_head, v_basis,
      p_actual, coalesce(p_with_service, false), coalesce(p_with_vat, false))
    returning id into v_id;
  else
    update kasalan.budget_lines l
    set category = v_category, name = v_name, estimate_centavos = p_estimate, quote_centavos = p_quote,
      price_per_head_centavos = p_price_per_head, head_count_basis = v_basis, actual_centavos = p_actual,
      with_service = coalesce(p_with_service, false), with_vat = coalesce(p_with_vat, false)
    where l.id = p_line_id and l.wedding_id = p_wedding_id
    returning l.id into v_id;
    if v_id is null then
      raise exception 'budget_line_not_found';
    end if;
  end if;
  return v_id;
end;
$$;

create or replace function kasalan.delete_budget_line(p_wedding_id uuid, p_line_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  delete from kasalan.budget_lines l where l.id = p_line_id and l.wedding_id = p_wedding_id;
  if not found then
    raise exception 'budget_line_not_found';
  end if;
end;
$$;

create or replace function kasalan.save_budget_payment(p_wedding_id uuid, p_payment_id uuid, p_line_id uuid, p_kind text, p_amount bigint default NULL::bigint, p_percent numeric default NULL::numeric, p_due_on date default NULL::date, p_paid boolean default false, p_paid_on date default NULL::date)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_paid boolean := coalesce(p_paid, false);
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  if p_kind is null or p_kind not in ('down_payment', 'balance', 'other') then
    raise exception 'invalid_input' using detail = 'kind must be down_payment, balance or other';
  end if;
  if (p_amount is null) = (p_percent is null) then
    raise exception 'invalid_input' using detail = 'give an amount or a percentage';
  end if;
  if p_amount < 0 or p_percent <= 0 or p_percent > 100 then
    raise exception 'invalid_input' using detail = 'the amount or percentage is out of range';
  end if;
  perform kasalan_private.centavos_arg(p_amount, 'amount');
  if p_paid_on is not null and not v_paid then
    raise exception 'invalid_input' using detail = 'a paid date needs paid';
  end if;
  -- The line stays while the payment is written: a delete waits, then takes the payment with it;
  -- a change of the line does not wait.
  perform 1 from kasalan.budget_lines l where l.id = p_line_id and l.wedding_id = p_wedding_id for key share;
  if not found then
    raise exception 'budget_line_not_found';
  end if;

  if p_payment_id is null then
    insert into kasalan.budget_payments (wedding_id, line_id, kind, amount_centavos, percent, due_on, paid, paid_on)
    values (p_wedding_id, p_line_id, p_kind, p_amount, round(p_percent, 2), p_due_on, v_paid, p_paid_on)
    returning id into v_id;
  else
    update kasalan.budget_payments b
    set line_id = p_line_id, kind = p_kind, amount_centavos = p_amount, percent = round(p_percent, 2),
      due_on = p_due_on, paid = v_paid, paid_on = p_paid_on
    where b.id = p_payment_id and b.wedding_id = p_wedding_id
    returning b.id into v_id;
    if v_id is null then
      raise exception 'budget_payment_not_found';
    end if;
  end if;
  return v_id;
end;
$$;

create or replace function kasalan.delete_budget_payment(p_wedding_id uuid, p_payment_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  delete from kasalan.budget_payments b where b.id = p_payment_id and b.wedding_id = p_wedding_id;
  if not found then
    raise exception 'budget_payment_not_found';
  end if;
end;
$$;

create or replace function kasalan.list_suppliers(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_money boolean;
  v_attending integer;
  v_invited integer;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_money := kasalan_private.can(p_wedding_id, 'money');
  if v_money then
    select count(*) filter (where p.is_attending), count(*)
    into v_attending, v_invited
    from kasalan.persons p
    where p.wedding_id = p_wedding_id;
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', s.id,
      'name', s.name,
      'service', s.service,
      'phone', s.phone,
      'messenger', s.messenger,
      'notes', s.notes,
      'status', s.status,
      'contractCentavos', case when v_money then s.contract_centavos end,
      'budgetLineId', case when v_money then s.budget_line_id end,
      'budgetLine', case when v_money and l.id is not null then kasalan_private.budget_line_json(l, v_attending, v_invited) end,
      'updatedAt', s.updated_at
    ) order by kasalan_private.budget_category_order(s.service), s.seq), '[]'::jsonb)
    from kasalan.suppliers s
    left join kasalan.budget_lines l on l.id = s.budget_line_id and l.wedding_id = s.wedding_id
    where s.wedding_id = p_wedding_id
  );
end;
$$;

create or replace function kasalan.save_supplier(p_wedding_id uuid, p_supplier_id uuid, p_name text, p_service text, p_phone text default NULL::text, p_messenger text default NULL::text, p_notes text default NULL::text, p_status text default 'considering'::text, p_contract bigint default NULL::bigint, p_budget_line_id uuid default NULL::uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_money boolean;
  v_name text := btrim(coalesce(p_name, ''));
  v_phone text;
  v_messenger text;
  v_notes text;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_money := kasalan_private.can(p_wedding_id, 'money');
  if v_name = '' or char_length(v_name) > 120 then
    raise exception 'invalid_input' using detail = 'name must be 1 to 120 characters';
  end if;
  v_phone := kasalan_private.text_arg(p_phone, 'phone', 40);
  v_messenger := kasalan_private.text_arg(p_messenger, 'messenger', 100);
  v_notes := kasalan_private.text_arg(p_notes, 'notes', 2000);
  if v_money then
    perform kasalan_private.centavos_arg(p_contract, 'contract');
  end if;
  if p_service is null or kasalan_private.budget_category_order(p_service) is null then
    raise exception 'invalid_input' using detail = 'service is not a budget category';
  end if;
  if p_status is null or p_status not in ('considering', 'booked', 'paid', 'cancelled') then
    raise exception 'invalid_input' using detail = 'status must be considering, booked, paid or cancelled';
  end if;
  if v_money and p_contract < 0 then
    raise exception 'invalid_input' using detail = 'amounts cannot be negative';
  end if;
  if v_money and p_budget_line_id is not null then
    perform 1 from kasalan.budget_lines l where l.id = p_budget_line_id and l.wedding_id = p_wedding_id for key share;
    if not found then
      raise exception 'budget_line_not_found';
    end if;
  end if;

  if p_supplier_id is null then
    insert into kasalan.suppliers (wedding_id, name, service, phone, messenger, notes, status, contract_centavos, budget_line_id)
    values (p_wedding_id, v_name, p_service, v_phone, v_messenger, v_notes, p_status,
      case when v_money then p_contract end, case when v_money then p_budget_line_id end)
    returning id into v_id;
  else
    update kasalan.suppliers s
    set name = v_name, service = p_service, phone = v_phone, messenger = v_messenger, notes = v_notes, status = p_status,
      contract_centavos = case when v_money then p_contract else s.contract_centavos end,
      budget_line_id = case when v_money then p_budget_line_id else s.budget_line_id end
    where s.id = p_supplier_id and s.wedding_id = p_wedding_id
    returning s.id into v_id;
    if v_id is null then
      raise exception 'supplier_not_found';
    end if;
  end if;
  return v_id;
end;
$$;

create or replace function kasalan.delete_supplier(p_wedding_id uuid, p_supplier_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  delete from kasalan.suppliers s where s.id = p_supplier_id and s.wedding_id = p_wedding_id;
  if not found then
    raise exception 'supplier_not_found';
  end if;
end;
$$;

create or replace function kasalan.set_coordinator_sees_money(p_wedding_id uuid, p_allowed boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'members');
  if p_allowed is null then
    raise exception 'invalid_input' using detail = 'allowed must be true or false';
  end if;
  update kasalan.weddings w set coordinator_sees_money = p_allowed where w.id = p_wedding_id;
  return jsonb_build_object('coordinatorSeesMoney', p_allowed);
end;
$$;

-- =============================================================================================
-- gifts (supabase/schemas/13_gifts.sql)
-- =============================================================================================

create or replace function kasalan.list_gifts(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_money boolean;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_money := kasalan_private.can(p_wedding_id, 'money');
  return jsonb_build_object(
    'seesMoney', v_money,
    'templates', (
      select coalesce(jsonb_object_agg(t.language, t.body), '{}'::jsonb)
      from kasalan.gift_thank_you_templates t
      where t.wedding_id = p_wedding_id
    ),
    'gifts', (
      select coalesce(
        jsonb_agg(kasalan_private.gift_json(g, v_money) order by g.received_on desc nulls last, g.created_at desc, g.id),
        '[]'::jsonb
      )
      from kasalan.gifts g
      where g.wedding_id = p_wedding_id
    ),
    'totals', (
      select coalesce(
        jsonb_agg(
          jsonb_build_object('kind', x.kind, 'count', x.count, 'amount', case when v_money then x.amount end)
          order by array_position(array['cash', 'gcash', 'maya', 'money_dance', 'registry', 'other'], x.kind)
        ),
        '[]'::jsonb
      )
      from (
        select g.kind, count(*) as count, coalesce(sum(g.amount), 0) as amount
        from kasalan.gifts g
        where g.wedding_id = p_wedding_id
        group by g.kind
      ) x
    )
  );
end;
$$;

create or replace function kasalan.save_gift(p_wedding_id uuid, p_gift_id uuid, p_gift jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_money boolean;
  v_household_id uuid;
  v_giver_name text;
  v_kind text;
  v_reference text;
  v_amount jsonb;
  v_amount_value bigint;
  v_received text;
  v_received_on date;
  v_gift kasalan.gifts;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_money := kasalan_private.can(p_wedding_id, 'money');
  if jsonb_typeof(p_gift) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'gift must be an object';
  end if;

  v_kind := kasalan_private.json_text(p_gift, 'kind', 20);
  if v_kind is null or v_kind not in ('cash', 'gcash', 'maya', 'money_dance', 'registry', 'other') then
    raise exception 'invalid_input' using detail = 'kind must be cash, gcash, maya, money_dance, registry or other';
  end if;
  v_reference := kasalan_private.json_text(p_gift, 'reference', 100);
  if v_reference is not null and v_kind not in ('cash', 'gcash', 'maya') then
    raise exception 'invalid_input' using detail = 'only cash, gcash and maya gifts have a reference';
  end if;

  v_household_id := kasalan_private.json_uuid(p_gift, 'householdId');
  if v_household_id is not null then
    if not exists (select 1 from kasalan.households g where g.id = v_household_id and g.wedding_id = p_wedding_id) then
      raise exception 'household_not_found';
    end if;
    v_giver_name := kasalan_private.activity_household_name(v_household_id);
  else
    v_giver_name := kasalan_private.json_text(p_gift, 'giverName', 300);
    if v_giver_name is null then
      raise exception 'invalid_input' using detail = 'a gift needs a household or a giver''s name';
    end if;
  end if;

  v_amount := p_gift -> 'amount';
  if v_amount is not null and jsonb_typeof(v_amount) <> 'null' then
    if jsonb_typeof(v_amount) <> 'number' or (v_amount #>> '{}') !~ '^[0-9]{1,12}$'
      or (v_amount #>> '{}')::bigint not between 1 and 100000000000
    then
      raise exception 'invalid_input' using detail = 'amount must be whole centavos, more than 0 and at most 100000000000';
    end if;
    v_amount_value := (v_amount #>> '{}')::bigint;
  end if;

  v_received := kasalan_private.json_text(p_gift, 'receivedOn', 10);
  if v_received is not null then
    if v_received !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      raise exception 'invalid_input' using detail = 'receivedOn must be a date (YYYY-MM-DD)';
    end if;
    begin
      v_received_on := v_received::date;
    exception when others then
      raise exception 'invalid_input' using detail = 'receivedOn must be a date (YYYY-MM-DD)';
    end;
  end if;

  if p_gift_id is null then
    insert into kasalan.gifts (wedding_id, household_id, giver_name, kind, reference, description, amount, received_on, notes)
    values (
      p_wedding_id, v_household_id, v_giver_name, v_kind, v_reference,
      kasalan_private.json_text(p_gift, 'description', 200),
      case when v_money then v_amount_value end,
      v_received_on,
      kasalan_private.json_text(p_gift, 'notes', 1000)
    )
    returning * into v_gift;
  else
    update kasalan.gifts g
    set household_id = v_household_id,
      giver_name = v_giver_name,
      kind = v_kind,
      reference = v_reference,
      description = kasalan_private.json_text(p_gift, 'description', 200),
      amount = case when v_money then v_amount_value else g.amount end,
      received_on = v_received_on,
      notes = kasalan_private.json_text(p_gift, 'notes', 1000)
    where g.id = p_gift_id and g.wedding_id = p_wedding_id
    returning * into v_gift;
    if not found then
      raise exception 'gift_not_found';
    end if;
  end if;
  return kasalan_private.gift_json(v_gift, v_money);
end;
$$;

create or replace function kasalan.delete_gift(p_wedding_id uuid, p_gift_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  delete from kasalan.gifts g where g.id = p_gift_id and g.wedding_id = p_wedding_id;
  if not found then
    raise exception 'gift_not_found';
  end if;
end;
$$;

create or replace function kasalan.mark_gift_thanked(p_wedding_id uuid, p_gift_id uuid, p_channel text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_gift kasalan.gifts;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  if p_channel is not null and p_channel not in ('messenger', 'viber', 'whatsapp', 'sms', 'email', 'copy', 'share', 'in_person') then
    raise exception 'invalid_input' using detail = 'unknown channel';
  end if;
  update kasalan.gifts g
  set thanked_at = case when p_channel is null then null else now() end,
    thanked_via = p_channel
  where g.id = p_gift_id and g.wedding_id = p_wedding_id
  returning * into v_gift;
  if not found then
    raise exception 'gift_not_found';
  end if;
  return kasalan_private.gift_json(v_gift, kasalan_private.can(p_wedding_id, 'money'));
end;
$$;

create or replace function kasalan.save_gift_thank_you_templates(p_wedding_id uuid, p_templates jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_language text;
  v_body text;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  if jsonb_typeof(p_templates) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'templates must be an object';
  end if;
  foreach v_language in array array['fil', 'en'] loop
    v_body := kasalan_private.json_text(p_templates, v_language, 1000);
    if v_body is null then
      delete from kasalan.gift_thank_you_templates t where t.wedding_id = p_wedding_id and t.language = v_language;
    else
      insert into kasalan.gift_thank_you_templates as t (wedding_id, language, body)
      values (p_wedding_id, v_language, v_body)
      on conflict (wedding_id, language) do update set body = excluded.body, updated_at = now();
    end if;
  end loop;
  return (
    select coalesce(jsonb_object_agg(t.language, t.body), '{}'::jsonb)
    from kasalan.gift_thank_you_templates t
    where t.wedding_id = p_wedding_id
  );
end;
$$;

-- =============================================================================================
-- forecast (supabase/schemas/14_forecast.sql)
-- =============================================================================================

create or replace function kasalan.get_pax_forecast(p_wedding_id uuid, p_event_id uuid default NULL::uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_event uuid;
  v_questions jsonb;
  v_confirmed_adults integer;
  v_confirmed_children integer;
  v_declined integer;
  v_households integer;
  v_answered integer;
  v_pending integer;
  v_expected integer;
  v_no_shows integer;
  v_no_reply integer;
  v_beyond_seats integer;
  v_private boolean := false;
  v_walk_ins integer;
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;
  -- null: the persons' own answers (the main event's, or the wedding's).
  if p_event_id is not null and not exists (
    select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = p_event_id and e.is_main
  ) then
    if not exists (select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = p_event_id and e.takes_rsvp) then
      raise exception 'event_not_found';
    end if;
    v_event := p_event_id;
    v_private := (select e.is_private from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = p_event_id);
    v_questions := kasalan_private.event_questions(v_wedding.rsvp_questions, v_event, false);
  else
    v_questions := kasalan_private.event_questions(
      v_wedding.rsvp_questions,
      (select e.event_id from kasalan_private.schedule_events(p_wedding_id) e where e.is_main),
      true
    );
  end if;

  select
    count(*) filter (where p.is_attending and p.type = 'adult'),
    count(*) filter (where p.is_attending and p.type = 'child')
  into v_confirmed_adults, v_confirmed_children
  from kasalan_private.event_answers(p_wedding_id, v_event) p;

  -- The households' figures as every other count reads them (household_tally).
  select
    count(*),
    count(*) filter (where h.still_to_answer = 0),
    coalesce(sum(h.noes), 0),
    coalesce(sum(h.still_to_answer), 0),
    coalesce(sum(h.no_reply), 0),
    coalesce(sum(h.beyond_seats), 0)
  into v_households, v_answered, v_declined, v_pending, v_no_reply, v_beyond_seats
  from kasalan_private.household_tally(p_wedding_id, v_event) h;

  -- Walk-ins come to what is open to everyone: a private event is for the households chosen.
  v_walk_ins := case when v_private then 0 else v_wedding.forecast_walk_ins end;

  v_expected := round(v_pending * v_wedding.forecast_expected_pct / 100.0);
  v_no_shows := round((v_confirmed_adults + v_confirmed_children) * v_wedding.forecast_no_show_pct / 100.0);

  return jsonb_build_object(
    'settings', jsonb_build_object(
      'expectedPct', v_wedding.forecast_expected_pct,
      'noShowPct', v_wedding.forecast_no_show_pct,
      'walkIns', v_wedding.forecast_walk_ins
    ),
    'households', jsonb_build_object('total', v_households, 'answered', v_answered, 'pending', v_households - v_answered),
    'confirmed', jsonb_build_object(
      'adults', v_confirmed_adults,
      'children', v_confirmed_children,
      'total', v_confirmed_adults + v_confirmed_children
    ),
    'declined', v_declined,
    'pending', v_pending,
    'noReply', v_no_reply,
    'beyondSeats', v_beyond_seats,
    'mayCome', v_confirmed_adults + v_confirmed_children + v_pending,
    'isPrivate', v_private,
    'expectedFromPending', v_expected,
    'noShows', v_no_shows,
    'walkIns', v_walk_ins,
    'low', v_confirmed_adults + v_confirmed_children - v_no_shows + v_expected,
    'high', v_confirmed_adults + v_confirmed_children + v_expected + v_walk_ins,
    'questions', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', q.value ->> 'id',
            'question', q.value ->> 'question',
            'kind', q.value ->> 'kind',
            'counts', case when q.value ->> 'kind' = 'choice' then coalesce(
              (
                select jsonb_agg(jsonb_build_object('answer', c.answer, 'count', c.n) order by c.rank, c.answer)
                from (
                  select a.answer, count(*) as n,
                    coalesce((select o.ordinality from jsonb_array_elements_text(q.value -> 'options') with ordinality o where o.value = a.answer), 1000) as rank
                  from kasalan_private.event_answers(p_wedding_id, v_event) p
                  cross join lateral (select kasalan_private.response_answer(p.response, q.value) as answer) a
                  where p.is_attending and a.answer is not null
                  group by a.answer
                ) c
              ),
              '[]'::jsonb
            ) else '[]'::jsonb end,
            'answers', case when q.value ->> 'kind' = 'choice' then '[]'::jsonb else coalesce(
              (
                select jsonb_agg(
                  jsonb_build_object('firstName', p.first_name, 'lastName', p.last_name, 'answer', a.answer)
                  order by p.last_name, p.first_name, p.person_id
                )
                from kasalan_private.event_answers(p_wedding_id, v_event) p
                cross join lateral (select kasalan_private.response_answer(p.response, q.value) as answer) a
                where p.is_attending and a.answer is not null
              ),
              '[]'::jsonb
            ) end,
            'unanswered', (
              select count(*)
              from kasalan_private.event_answers(p_wedding_id, v_event) p
              where p.is_attending
                and kasalan_private.response_answer(p.response, q.value) is null
            )
          )
          order by q.ordinality
        )
        from jsonb_array_elements(v_questions) with ordinality q
      ),
      '[]'::jsonb
    )
  );
end;
$$;

create or replace function kasalan.save_pax_forecast_settings(p_wedding_id uuid, p_expected_pct integer, p_no_show_pct integer, p_walk_ins integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  if p_expected_pct is null or p_expected_pct not between 0 and 100 then
    raise exception 'invalid_input' using detail = 'expectedPct must be from 0 to 100';
  end if;
  if p_no_show_pct is null or p_no_show_pct not between 0 and 50 then
    raise exception 'invalid_input' using detail = 'noShowPct must be from 0 to 50';
  end if;
  if p_walk_ins is null or p_walk_ins not between 0 and 1000 then
    raise exception 'invalid_input' using detail = 'walkIns must be from 0 to 1000';
  end if;
  update kasalan.weddings w
  set forecast_expected_pct = p_expected_pct,
      forecast_no_show_pct = p_no_show_pct,
      forecast_walk_ins = p_walk_ins
  where w.id = p_wedding_id;
  return kasalan.get_pax_forecast(p_wedding_id);
end;
$$;

-- =============================================================================================
-- checkin (supabase/schemas/15_checkin.sql)
-- =============================================================================================

create or replace function kasalan.get_checkin_roster(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_seats jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'checkin');
  -- Each seated person's table and seat number (the seat's place among its table's seats).
  select coalesce(jsonb_object_agg(lower(s.person_id), jsonb_build_object('tableId', s.table_id, 'seat', s.number)), '{}'::jsonb)
  into v_seats
  from (
    select s ->> 'personId' as person_id, s ->> 'tableId' as table_id,
      row_number() over (partition by s ->> 'tableId' order by ord) as number
    from kasalan.seating_layouts l
    cross join jsonb_array_elements(coalesce(l.layout -> 'seats', '[]'::jsonb)) with ordinality as seats(s, ord)
    where l.wedding_id = p_wedding_id
  ) s
  where s.person_id is not null;

  return jsonb_build_object(
    'version', coalesce((select c.version from kasalan.checkin_state c where c.wedding_id = p_wedding_id), 0),
    'households', coalesce((
      select jsonb_agg(
        jsonb_build_object(
          'id', g.id,
          'side', g.relationship_side,
          'tokenKey', left(encode(sha256(convert_to(g.invitation_token, 'UTF8')), 'hex'), 32),
          'mayCome', coalesce(h.may_come, 0),
          'persons', (
            select coalesce(jsonb_agg(
              jsonb_build_object(
                'id', p.id,
                'firstName', p.first_name,
                'lastName', p.last_name,
                'type', p.type,
                'attending', p.is_attending,
                'tableId', v_seats -> p.id::text -> 'tableId',
                'seat', v_seats -> p.id::text -> 'seat'
              )
              order by p.position, p.created_at, p.id
            ), '[]'::jsonb)
            from kasalan.persons p
            where p.household_id = g.id
          )
        )
        order by g.created_at, g.id
      )
      from kasalan.households g
      left join kasalan_private.household_tally(p_wedding_id, null) h on h.household_id = g.id
      where g.wedding_id = p_wedding_id
    ), '[]'::jsonb),
    'tables', coalesce((
      select jsonb_agg(
        jsonb_build_object('id', t.table_id, 'name', t.table_name, 'seats', t.seats, 'seated', t.seated)
        order by t.table_order
      )
      from kasalan_private.checkin_tables(p_wedding_id) t
    ), '[]'::jsonb),
    'arrivals', coalesce((
      select jsonb_agg(a.person_id order by a.version, a.person_id)
      from kasalan.checkin_arrivals a
      where a.wedding_id = p_wedding_id and a.arrived
    ), '[]'::jsonb),
    'walkIns', coalesce((
      select jsonb_agg(jsonb_build_object('id', w.id, 'tableId', w.table_id, 'name', w.name) order by w.created_at, w.id)
      from kasalan.checkin_walk_ins w
      where w.wedding_id = p_wedding_id and not w.removed
    ), '[]'::jsonb)
  );
end;
$$;

create or replace function kasalan.checkin_changes(p_wedding_id uuid, p_since bigint default NULL::bigint)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_version bigint;
begin
  perform kasalan_private.require(p_wedding_id, 'checkin');
  v_version := coalesce((select c.version from kasalan.checkin_state c where c.wedding_id = p_wedding_id), 0);
  if p_since is not null and p_since >= v_version then
    return jsonb_build_object('version', v_version, 'arrivals', '[]'::jsonb, 'walkIns', '[]'::jsonb);
  end if;
  return jsonb_build_object(
    'version', v_version,
    'arrivals', coalesce((
      select jsonb_agg(jsonb_build_object('personId', a.person_id, 'arrived', a.arrived) order by a.version, a.person_id)
      from kasalan.checkin_arrivals a
      where a.wedding_id = p_wedding_id and a.version > coalesce(p_since, -1)
    ), '[]'::jsonb),
    'walkIns', coalesce((
      select jsonb_agg(
        jsonb_build_object('id', w.id, 'tableId', w.table_id, 'name', w.name, 'removed', w.removed)
        order by w.version, w.id
      )
      from kasalan.checkin_walk_ins w
      where w.wedding_id = p_wedding_id and w.version > coalesce(p_since, -1)
    ), '[]'::jsonb)
  );
end;
$$;

create or replace function kasalan.record_checkins(p_wedding_id uuid, p_actions jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_version bigint;
  v_changed boolean := false;
  v_action jsonb;
  v_id uuid;
  v_kind text;
  v_person_ids uuid[];
  v_table_id text;
  v_name text;
  v_free integer;
  v_results jsonb := '[]'::jsonb;
  v_walk_in_id uuid;
  v_code text;
  v_count integer;
  v_invalid boolean;
  v_done kasalan.checkin_actions;
begin
  perform kasalan_private.require(p_wedding_id, 'checkin');
  perform kasalan_private.require_writable();
  if jsonb_typeof(p_actions) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'actions must be a list';
  end if;
  if jsonb_array_length(p_actions) > 500 then
    raise exception 'invalid_input' using detail = 'at most 500 actions at once';
  end if;

  -- One writer at a time per wedding: the ushers' calls queue on this row.
  insert into kasalan.checkin_state (wedding_id) values (p_wedding_id) on conflict do nothing;
  select c.version + 1 into v_version from kasalan.checkin_state c where c.wedding_id = p_wedding_id for update;

  for v_action in select value from jsonb_array_elements(p_actions) loop
    -- An action that is not one is refused as invalid, and the others go on.
    v_invalid := false;
    begin
      v_id := null;
      if jsonb_typeof(v_action) is distinct from 'object' then
        raise exception 'invalid_input' using detail = 'each action must be an object';
      end if;
      v_id := kasalan_private.json_uuid(v_action, 'id');
      v_kind := v_action ->> 'kind';
      if v_id is null then
        raise exception 'invalid_input' using detail = 'each action needs an id';
      end if;
      if v_kind is null or v_kind not in ('arrive', 'unarrive', 'walkIn', 'removeWalkIn') then
        raise exception 'invalid_input' using detail = 'kind must be arrive, unarrive, walkIn or removeWalkIn';
      end if;
      v_person_ids := null;
      v_table_id := null;
      v_name := null;
      v_walk_in_id := null;
      if v_kind in ('arrive', 'unarrive') then
        if jsonb_typeof(v_action -> 'personIds') is distinct from 'array'
          or jsonb_array_length(v_action -> 'personIds') not between 1 and 100
          or exists (
            select 1 from jsonb_array_elements(v_action -> 'personIds') x
            where jsonb_typeof(x) <> 'string' or x #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          )
        then
          raise exception 'invalid_input' using detail = 'personIds must be a list of 1 to 100 ids';
        end if;
        select array_agg(distinct (x #>> '{}')::uuid) into v_person_ids from jsonb_array_elements(v_action -> 'personIds') x;
      elsif v_kind = 'walkIn' then
        v_table_id := kasalan_private.json_text(v_action, 'tableId', 64);
        v_name := coalesce(kasalan_private.json_text(v_action, 'name', 100), '');
      else
        v_walk_in_id := kasalan_private.json_uuid(v_action, 'walkInId');
      end if;
    exception when raise_exception then
      if sqlerrm <> 'invalid_input' then
        raise;
      end if;
      v_invalid := true;
    end;
    if v_invalid then
      v_results := v_results || jsonb_build_object(
        'id', coalesce(v_id::text, case when jsonb_typeof(v_action -> 'id') = 'string' then v_action ->> 'id' end, ''),
        'status', 'refused',
        'code', 'invalid'
      );
      continue;
    end if;

    -- Sent before: answered with the outcome it had then. The wedding's lock above orders the
    -- calls, so no other call is recording this id meanwhile.
    select * into v_done from kasalan.checkin_actions a where a.wedding_id = p_wedding_id and a.id = v_id;
    if found then
      v_results := v_results || jsonb_strip_nulls(
        jsonb_build_object('id', v_id, 'status', v_done.status, 'code', v_done.code, 'duplicate', true)
      );
      continue;
    end if;

    v_code := null;
    if v_kind in ('arrive', 'unarrive') then
      if (select count(*) from kasalan.persons p where p.id = any (v_person_ids) and p.wedding_id = p_wedding_id)
        <> cardinality(v_person_ids)
      then
        v_code := 'person_not_found';
      elsif v_kind = 'arrive' then
        insert into kasalan.checkin_arrivals as a (wedding_id, person_id, version, changed_by)
        select p_wedding_id, x, v_version, v_user from unnest(v_person_ids) x
        on conflict (person_id) do update
          set arrived = true, version = excluded.version, changed_at = now(), changed_by = excluded.changed_by
          where not a.arrived;
        get diagnostics v_count = row_count;
        v_changed := v_changed or v_count > 0;
      else
        update kasalan.checkin_arrivals a
        set arrived = false, version = v_version, changed_at = now(), changed_by = v_user
        where a.wedding_id = p_wedding_id and a.person_id = any (v_person_ids) and a.arrived;
        get diagnostics v_count = row_count;
        v_changed := v_changed or v_count > 0;
      end if;
    elsif v_kind = 'walkIn' then
      select t.seats - t.seated - t.walk_ins into v_free
      from kasalan_private.checkin_tables(p_wedding_id, v_table_id) t
      where t.table_id = v_table_id
      limit 1;
      if not found then
        v_code := 'table_not_found';
      elsif v_free <= 0 then
        v_code := 'table_full';
      else
        insert into kasalan.checkin_walk_ins (id, wedding_id, table_id, name, version, created_by)
        values (v_id, p_wedding_id, v_table_id, v_name, v_version, v_user)
        on conflict do nothing;
        get diagnostics v_count = row_count;
        if v_count = 0 then
          v_code := 'walk_in_not_found';
        end if;
        v_changed := v_changed or v_count > 0;
      end if;
    else
      update kasalan.checkin_walk_ins w
      set removed = true, version = v_version
      where w.wedding_id = p_wedding_id and w.id = v_walk_in_id and not w.removed;
      get diagnostics v_count = row_count;
      if v_count = 0 then
        v_code := 'walk_in_not_found';
      end if;
      v_changed := v_changed or v_count > 0;
    end if;

    insert into kasalan.checkin_actions (wedding_id, id, applied_by, status, code)
    values (p_wedding_id, v_id, v_user, case when v_code is null then 'applied' else 'refused' end, v_code);
    v_results := v_results || case
      when v_code is null then jsonb_build_object('id', v_id, 'status', 'applied')
      else jsonb_build_object('id', v_id, 'status', 'refused', 'code', v_code)
    end;
  end loop;

  if v_changed then
    update kasalan.checkin_state c set version = v_version where c.wedding_id = p_wedding_id;
  else
    v_version := v_version - 1;
  end if;
  return jsonb_build_object('version', v_version, 'results', v_results);
end;
$$;

-- =============================================================================================
-- events (supabase/schemas/17_events.sql)
-- =============================================================================================

create or replace function kasalan.list_events(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;

  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object(
          'id', e.event_id,
          'name', coalesce(e.event ->> 'name', ''),
          'type', coalesce(e.event ->> 'type', ''),
          'date', e.event ->> 'date',
          'startTime', e.event ->> 'startTime',
          'endTime', e.event ->> 'endTime',
          'venue', e.event ->> 'venue',
          'takesRsvp', e.takes_rsvp,
          'deadline', case when e.is_main then null else e.rsvp_deadline end,
          'effectiveDeadline', d.deadline,
          'isClosed', kasalan_private.rsvp_is_closed(d.deadline),
          'isPrivate', e.is_private,
          'isMain', e.is_main,
          'householdIds', case when e.is_private then coalesce(
            (
              select jsonb_agg(eg.household_id order by g.created_at, g.id)
              from kasalan.event_guests eg
              join kasalan.households g on g.id = eg.household_id
              where eg.wedding_id = p_wedding_id and eg.event_id = e.event_id
                and kasalan_private.can_see_household(p_wedding_id, g.relationship_side)
            ),
            '[]'::jsonb
          ) else '[]'::jsonb end,
          'counts', (
            select jsonb_build_object(
              'households', count(h.household_id),
              'persons', coalesce(sum(h.persons), 0),
              'attending', coalesce(sum(h.yeses), 0),
              'declined', coalesce(sum(h.noes), 0),
              'pending', coalesce(sum(h.no_reply), 0),
              'stillToAnswer', coalesce(sum(h.still_to_answer), 0),
              'beyondSeats', coalesce(sum(h.beyond_seats), 0)
            )
            from kasalan_private.household_tally(p_wedding_id, e.event_id) h
            where e.takes_rsvp and kasalan_private.can_see_household(p_wedding_id, h.side)
          )
        )
        order by e.position
      )
      from kasalan_private.schedule_events(p_wedding_id) e
      cross join lateral (
        select case when not e.takes_rsvp then null
          when e.is_main then v_wedding.rsvp_deadline
          else coalesce(e.rsvp_deadline, v_wedding.rsvp_deadline) end as deadline
      ) d
    ),
    '[]'::jsonb
  );
end;
$$;

create or replace function kasalan.save_event_settings(p_wedding_id uuid, p_event_id uuid, p_settings jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_takes boolean;
  v_private boolean;
  v_main boolean;
  v_deadline date;
  v_households uuid[] := '{}';
  v_item jsonb;
  v_old_main uuid;
  v_new_main uuid;
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  if jsonb_typeof(p_settings) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'settings must be an object';
  end if;
  if jsonb_typeof(p_settings -> 'takesRsvp') is distinct from 'boolean'
    or jsonb_typeof(p_settings -> 'isPrivate') is distinct from 'boolean'
    or jsonb_typeof(p_settings -> 'isMain') is distinct from 'boolean'
  then
    raise exception 'invalid_input' using detail = 'takesRsvp, isPrivate and isMain must be true or false';
  end if;
  v_takes := (p_settings ->> 'takesRsvp')::boolean;
  v_private := (p_settings ->> 'isPrivate')::boolean;
  v_main := (p_settings ->> 'isMain')::boolean;
  if jsonb_typeof(p_settings -> 'deadline') = 'string' then
    if (p_settings ->> 'deadline') !~ '^\d{4}-\d{2}-\d{2}$' then
      raise exception 'invalid_input' using detail = 'deadline must be a date';
    end if;
    begin
      v_deadline := (p_settings ->> 'deadline')::date;
    exception when others then
      raise exception 'invalid_input' using detail = 'deadline must be a date';
    end;
  elsif coalesce(jsonb_typeof(p_settings -> 'deadline'), 'null') <> 'null' then
    raise exception 'invalid_input' using detail = 'deadline must be a date or null';
  end if;
  if coalesce(jsonb_typeof(p_settings -> 'householdIds'), 'null') not in ('null', 'array') then
    raise exception 'invalid_input' using detail = 'householdIds must be a list';
  end if;
  if jsonb_typeof(p_settings -> 'householdIds') = 'array' then
    if jsonb_array_length(p_settings -> 'householdIds') > 2000 then
      raise exception 'invalid_input' using detail = 'too many households';
    end if;
    for v_item in select value from jsonb_array_elements(p_settings -> 'householdIds') loop
      v_households := v_households || kasalan_private.json_uuid(jsonb_build_object('householdId', v_item), 'householdId');
    end loop;
  end if;
  if v_main and not v_takes then
    raise exception 'invalid_input' using detail = 'the main event takes RSVPs';
  end if;

  -- One change of a wedding's events at a time.
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id for no key update;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  if not exists (select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = p_event_id) then
    raise exception 'event_not_found';
  end if;
  if exists (
    select 1 from unnest(v_households) h(id)
    where not exists (select 1 from kasalan.households g where g.id = h.id and g.wedding_id = p_wedding_id)
  ) then
    raise exception 'invalid_input' using detail = 'a household is not of this wedding';
  end if;

  select we.event_id into v_old_main from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.is_main;
  if v_old_main = p_event_id and v_private then
    -- The event whose answers are the persons' own is never private, taking RSVPs or not.
    raise exception 'event_main_private';
  end if;
  if v_old_main = p_event_id and not v_main then
    if exists (
      select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.takes_rsvp and e.event_id <> p_event_id
    ) then
      raise exception 'event_main_required';
    end if;
    -- The only event taking RSVPs stays the main one; turned off, the wedding answers as one again,
    -- and the event keeps the mark: the persons' answers stay its answers.
    v_main := v_takes;
  end if;
  if v_main and v_private then
    raise exception 'event_main_private';
  end if;
  -- A private event takes RSVPs only beside a public main event taking them: without one, a
  -- household it does not invite would answer a wedding whose events take no RSVPs for it.
  if v_takes and v_private and not exists (
    select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.is_main and e.event_id <> p_event_id
  ) then
    raise exception 'event_main_required';
  end if;

  insert into kasalan.wedding_events as we (wedding_id, event_id, takes_rsvp, rsvp_deadline, is_private, is_main)
  values (p_wedding_id, p_event_id, v_takes, case when v_main then null else v_deadline end, v_private, false)
  on conflict (wedding_id, event_id) do update
  set takes_rsvp = excluded.takes_rsvp,
      -- The main event's own deadline is kept (and ignored) while it is the main one.
      rsvp_deadline = case when we.is_main or v_main then we.rsvp_deadline else excluded.rsvp_deadline end,
      is_private = excluded.is_private;
  if v_private then
    delete from kasalan.event_guests eg
    where eg.wedding_id = p_wedding_id and eg.event_id = p_event_id and eg.household_id <> all (v_households);
    insert into kasalan.event_guests (wedding_id, event_id, household_id)
    select distinct p_wedding_id, p_event_id, h.id from unnest(v_households) h(id)
    on conflict do nothing;
  end if;

  -- Which event is the main one now: the one chosen; the main one when it was turned off (the last
  -- taking RSVPs: it keeps the mark, and its answers stay on the persons); the main one still in
  -- the schedule taking RSVPs; else, when events take RSVPs, the first reception among them or the
  -- first of them; else as it was.
  if v_main then
    v_new_main := p_event_id;
  elsif v_old_main = p_event_id then
    v_new_main := v_old_main;
  elsif exists (
    select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = v_old_main and e.takes_rsvp
  ) then
    v_new_main := v_old_main;
  else
    select e.event_id into v_new_main
    from kasalan_private.schedule_events(p_wedding_id) e
    where e.takes_rsvp and not e.is_private
    order by lower(btrim(coalesce(e.event ->> 'type', ''))) <> 'reception', e.position
    limit 1;
    v_new_main := coalesce(v_new_main, v_old_main);
  end if;

  if v_new_main is distinct from v_old_main then
    -- The households in one order, before any answer moves: a guest answering waits, or is waited for.
    perform 1 from kasalan.households g where g.wedding_id = p_wedding_id order by g.id for update;
    update kasalan.wedding_events we set is_main = false where we.wedding_id = p_wedding_id and we.is_main;
    if v_new_main is not null and v_old_main is not null then
      -- The old main event's answers, on the persons, become its replies. Who recorded an answer
      -- for the couple (a member, and which account: the persons keep only 'couple') is read back
      -- from the history: the latest change for that event, when it gave this answer.
      delete from kasalan.event_replies r where r.wedding_id = p_wedding_id and r.event_id = v_old_main;
      insert into kasalan.event_replies (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
      select p.wedding_id, v_old_main, p.id, p.household_id, p.is_attending, p.response, p.responded_at,
        case when p.rsvp_recorded_by = 'couple' then coalesce(c.changed_by, 'couple') else p.rsvp_recorded_by end,
        case when p.rsvp_recorded_by = 'couple' then c.changed_by_user end
      from kasalan.persons p
      left join lateral (
        select l.changed_by, (select u.id from auth.users u where u.id = l.changed_by_user) as changed_by_user
        from (
          select h.changed_by, h.changed_by_user, h.current
          from kasalan.rsvp_changes h
          where h.person_id = p.id
            and (h.current ->> 'eventId' = v_old_main::text or h.current ->> 'mainEventId' = v_old_main::text)
          order by h.changed_at desc, h.id desc
          limit 1
        ) l
        where l.changed_by in ('couple', 'member')
          and l.current -> 'isAttending' = to_jsonb(p.is_attending)
      ) c on true
      where p.wedding_id = p_wedding_id and p.is_attending is not null;
      -- The new one's replies become the persons' answers (a person without one: pending).
      update kasalan.persons p
      set is_attending = r.is_attending,
          response = coalesce(r.response, '[]'::jsonb),
          responded_at = r.responded_at,
          rsvp_recorded_by = case when r.is_attending is null then null when r.recorded_by = 'guest' then 'guest' else 'couple' end
      from kasalan.persons q
      left join kasalan.event_replies r on r.wedding_id = p_wedding_id and r.event_id = v_new_main and r.person_id = q.id
      where q.id = p.id
        and p.wedding_id = p_wedding_id
        and (p.is_attending, p.response, p.responded_at, p.rsvp_recorded_by) is distinct from
          (r.is_attending, coalesce(r.response, '[]'::jsonb), r.responded_at,
           case when r.is_attending is null then null when r.recorded_by = 'guest' then 'guest' else 'couple' end);
      -- Its replies are on the persons now; only these are deleted.
      delete from kasalan.event_replies r where r.wedding_id = p_wedding_id and r.event_id = v_new_main;
    end if;
    if v_new_main is not null then
      -- Its own deadline is kept, ignored while it is the main one.
      update kasalan.wedding_events we
      set is_main = true
      where we.wedding_id = p_wedding_id and we.event_id = v_new_main;
    end if;
  end if;

  return kasalan.list_events(p_wedding_id);
end;
$$;

create or replace function kasalan.list_event_replies(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object(
          'eventId', r.event_id,
          'personId', r.person_id,
          'householdId', p.household_id,
          'isAttending', r.is_attending,
          'response', r.response,
          'respondedAt', r.responded_at,
          'recordedBy', r.recorded_by
        )
        order by e.position, g.created_at, g.id, p.position, p.created_at, p.id
      )
      from kasalan_private.schedule_events(p_wedding_id) e
      join kasalan.event_replies r on r.wedding_id = p_wedding_id and r.event_id = e.event_id
      join kasalan.persons p on p.id = r.person_id
      join kasalan.households g on g.id = p.household_id
      where e.takes_rsvp and not e.is_main
        and kasalan_private.event_invites(p_wedding_id, e.event_id, e.is_private, g.id)
        and kasalan_private.can_see_household(p_wedding_id, g.relationship_side)
    ),
    '[]'::jsonb
  );
end;
$$;

create or replace function kasalan.record_event_reply(p_wedding_id uuid, p_event_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_person kasalan.persons;
  v_event record;
  v_reply kasalan.event_replies;
  v_response jsonb;
  v_kind text;
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;

  -- The household first, as submit_rsvp and record_rsvp take it.
  perform 1 from kasalan.households g
  where g.id = (select p.household_id from kasalan.persons p where p.id = p_person_id and p.wedding_id = p_wedding_id)
  for update;
  select * into v_person from kasalan.persons p where p.id = p_person_id and p.wedding_id = p_wedding_id;
  if not found then
    raise exception 'person_not_found';
  end if;

  select * into v_event from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = p_event_id and e.takes_rsvp;
  if not found then
    raise exception 'event_not_found';
  end if;
  if v_event.is_main then
    raise exception 'invalid_input' using detail = 'the main event is answered with record_rsvp';
  end if;
  if not kasalan_private.event_invites(p_wedding_id, p_event_id, v_event.is_private, v_person.household_id) then
    raise exception 'invalid_input' using detail = 'the event does not invite this household';
  end if;

  v_response := case when p_is_attending then
    kasalan_private.rsvp_response(kasalan_private.event_questions(v_wedding.rsvp_questions, p_event_id, false), p_response)
    else '[]'::jsonb end;
  v_kind := kasalan_private.rsvp_manager_kind(p_wedding_id);

  select * into v_reply from kasalan.event_replies r
  where r.wedding_id = p_wedding_id and r.event_id = p_event_id and r.person_id = p_person_id;
  if (v_reply.is_attending, coalesce(v_reply.response, '[]'::jsonb), v_reply.recorded_by)
    is distinct from (p_is_attending, v_response, case when p_is_attending is null then null else v_kind end)
  then
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_person.household_id, v_person.id, v_kind, auth.uid(),
      kasalan_private.event_reply_json(p_event_id, v_reply),
      jsonb_build_object(
        'eventId', p_event_id,
        'isAttending', p_is_attending,
        'response', v_response,
        'respondedAt', case when p_is_attending is null then null else now() end,
        'recordedBy', case when p_is_attending is null then null else v_kind end
      )
    );
  end if;

  if p_is_attending is null then
    delete from kasalan.event_replies r
    where r.wedding_id = p_wedding_id and r.event_id = p_event_id and r.person_id = p_person_id;
    v_reply := null;
  else
    insert into kasalan.event_replies as r (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
    values (p_wedding_id, p_event_id, p_person_id, v_person.household_id, p_is_attending, v_response, now(), v_kind, auth.uid())
    on conflict (wedding_id, event_id, person_id) do update
    set is_attending = excluded.is_attending,
        response = excluded.response,
        responded_at = excluded.responded_at,
        recorded_by = excluded.recorded_by,
        recorded_by_user = excluded.recorded_by_user
    returning * into v_reply;
  end if;

  return jsonb_build_object(
    'eventId', p_event_id,
    'personId', p_person_id,
    'householdId', v_person.household_id,
    'isAttending', v_reply.is_attending,
    'response', coalesce(v_reply.response, '[]'::jsonb),
    'respondedAt', v_reply.responded_at,
    'recordedBy', v_reply.recorded_by
  );
end;
$$;


-- 0032: one reading of a date. A date the couple types (the wedding's, an event's RSVP deadline,
-- a checklist item's due and issue dates, a gift's day) was checked four ways: a pattern alone, a
-- pattern and a cast, the checklist's own is_date, or the section shapes' pattern, which let
-- 2027-02-30 through to the site. kasalan_private.json_date reads a date field beside json_text
-- and json_uuid: null when missing, null or blank; else a real day from 1900 to 2200
-- (kasalan_private.is_date), or invalid_input naming the field.

-- =============================================================================================
-- core
-- =============================================================================================

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

-- =============================================================================================
-- checklist
-- =============================================================================================

create or replace function kasalan_private.checked_checklist_item(p_wedding_id uuid, p_item jsonb)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_title text := btrim(p_item ->> 'title');
  v_due date;
  v_issued date;
begin
  if jsonb_typeof(p_item) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'item must be an object';
  end if;
  if jsonb_typeof(p_item -> 'title') is distinct from 'string' or v_title = '' or char_length(v_title) > 200 then
    raise exception 'invalid_input' using detail = 'title must be 1 to 200 characters';
  end if;
  if coalesce(jsonb_typeof(p_item -> 'notes'), 'null') not in ('string', 'null')
    or char_length(p_item ->> 'notes') > 2000 then
    raise exception 'invalid_input' using detail = 'notes must be at most 2000 characters';
  end if;
  if coalesce(p_item ->> 'category', 'other') not in ('planning', 'church', 'documents', 'reception', 'suppliers', 'guests', 'attire', 'after', 'other') then
    raise exception 'invalid_input' using detail = 'category is not one of the checklist categories';
  end if;
  v_due := kasalan_private.json_date(p_item, 'dueDate');
  v_issued := kasalan_private.json_date(p_item, 'issuedOn');
  if coalesce(jsonb_typeof(p_item -> 'daysBefore'), 'null') not in ('number', 'null')
    or ((p_item ->> 'daysBefore') is not null
      and ((p_item ->> 'daysBefore') !~ '^-?\d{1,4}$' or (p_item ->> 'daysBefore')::integer not between -365 and 1000)) then
    raise exception 'invalid_input' using detail = 'daysBefore must be a whole number from -365 to 1000';
  end if;
  if coalesce(jsonb_typeof(p_item -> 'validDays'), 'null') not in ('number', 'null')
    or ((p_item ->> 'validDays') is not null
      and ((p_item ->> 'validDays') !~ '^\d{1,4}$' or (p_item ->> 'validDays')::integer not between 1 and 3650)) then
    raise exception 'invalid_input' using detail = 'validDays must be a whole number from 1 to 3650';
  end if;
  if v_issued is not null and (p_item ->> 'validDays') is null then
    raise exception 'invalid_input' using detail = 'an issue date needs validDays';
  end if;
  if coalesce(jsonb_typeof(p_item -> 'assigneeRole'), 'null') not in ('string', 'null')
    or coalesce(p_item ->> 'assigneeRole', 'owner') not in ('owner', 'partner', 'coordinator', 'family_helper') then
    raise exception 'invalid_input' using detail = 'assigneeRole must be owner, partner, coordinator or family_helper';
  end if;
  if coalesce(jsonb_typeof(p_item -> 'assigneeUserId'), 'null') not in ('string', 'null')
    or ((p_item ->> 'assigneeUserId') is not null and not exists (
      select 1 from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id and m.user_id::text = lower(p_item ->> 'assigneeUserId')
    )) then
    raise exception 'invalid_input' using detail = 'assigneeUserId must be a member of the wedding';
  end if;
  return jsonb_build_object(
    'title', v_title,
    'notes', btrim(coalesce(p_item ->> 'notes', '')),
    'category', coalesce(p_item ->> 'category', 'other'),
    'dueDate', to_jsonb(v_due),
    'daysBefore', p_item -> 'daysBefore',
    'assigneeUserId', lower(p_item ->> 'assigneeUserId'),
    'assigneeRole', p_item -> 'assigneeRole',
    'issuedOn', to_jsonb(v_issued),
    'validDays', p_item -> 'validDays'
  );
end;
$$;

-- Its own date check is is_date's now.
drop function kasalan_private.checklist_is_date(p_value text);

-- =============================================================================================
-- gifts
-- =============================================================================================

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

  v_received_on := kasalan_private.json_date(p_gift, 'receivedOn');

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

-- =============================================================================================
-- events
-- =============================================================================================

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
  v_deadline := kasalan_private.json_date(p_settings, 'deadline');
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


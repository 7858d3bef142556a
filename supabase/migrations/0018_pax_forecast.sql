-- The pax forecast and the households' seat caps. A household may have a seat cap ("we reserved
-- 2 seats for you"): the guest form sets it (write_household), the guest list and the RSVP page
-- show it, and a trigger keeps its persons attending within it, whichever function writes a reply
-- (submit_rsvp, record_rsvp, restore_rsvp, the imports): rsvp_over_seat_cap, or
-- seat_cap_below_attending when the couple lowers a cap below the yeses given. record_rsvp and
-- restore_rsvp now take the household's lock first, as submit_rsvp does. The wedding keeps the forecast's
-- assumptions (forecast_expected_pct, forecast_no_show_pct, forecast_walk_ins); get_pax_forecast
-- computes the number for the caterer and save_pax_forecast_settings saves them. Both new columns
-- ride along in the wedding file (export_wedding reads whole rows, import_wedding and import_rows
-- write the columns a file names). The current definitions live in supabase/schemas/14_forecast.sql,
-- 01_core.sql, 02_households.sql and 03_rsvp.sql.

alter table kasalan.weddings
  add column forecast_expected_pct integer not null default 83,
  add column forecast_no_show_pct integer not null default 15,
  add column forecast_walk_ins integer not null default 0,
  add constraint weddings_forecast_expected_pct_check check ((forecast_expected_pct >= 0) and (forecast_expected_pct <= 100)),
  add constraint weddings_forecast_no_show_pct_check check ((forecast_no_show_pct >= 0) and (forecast_no_show_pct <= 50)),
  add constraint weddings_forecast_walk_ins_check check ((forecast_walk_ins >= 0) and (forecast_walk_ins <= 1000));

alter table kasalan.households
  add column seat_cap integer,
  add constraint households_seat_cap_check check ((seat_cap >= 1) and (seat_cap <= 100));

-- A household in the contract's Household shape, with its persons in order. Helper of the
-- functions below.
create or replace function kasalan_private.household_json(p_household kasalan.households)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_household.id,
    'weddingId', p_household.wedding_id,
    'userId', p_household.user_id,
    'createdAt', p_household.created_at,
    'email', p_household.email,
    'phone', p_household.phone,
    'address', p_household.address,
    'relationshipSide', p_household.relationship_side,
    'relationshipType', p_household.relationship_type,
    'notes', p_household.notes,
    'seatCap', p_household.seat_cap,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'householdId', p.household_id,
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
        where p.household_id = p_household.id
      ),
      '[]'::jsonb
    )
  )
$$;

revoke execute on function kasalan_private.household_json(p_household kasalan.households) from public, anon, authenticated;

-- The wedding's households in the Household shape of household_json, with lastChange (who last
-- changed each one), oldest first. Built in one pass: the persons are grouped once for the whole
-- wedding rather than one subquery per household (a third of the call at 2,000 households).
-- Security invoker: RLS decides which households and persons the caller reads. Granted to
-- authenticated.
create or replace function kasalan.list_households(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if not kasalan_private.can(p_wedding_id, 'households') then
    raise exception 'wedding_not_found';
  end if;

  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object(
          'id', g.id,
          'weddingId', g.wedding_id,
          'userId', g.user_id,
          'createdAt', g.created_at,
          'email', g.email,
          'phone', g.phone,
          'address', g.address,
          'relationshipSide', g.relationship_side,
          'relationshipType', g.relationship_type,
          'notes', g.notes,
          'seatCap', g.seat_cap,
          'persons', coalesce(p.persons, '[]'::jsonb),
          'lastChange', c.change
        )
        order by g.created_at, g.id
      )
      from kasalan.households g
      left join (
        select p.household_id, jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'householdId', p.household_id,
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
        ) as persons
        from kasalan.persons p
        where p.wedding_id = p_wedding_id
        group by p.household_id
      ) p on p.household_id = g.id
      left join kasalan_private.household_last_changes(p_wedding_id) c on c.household_id = g.id
      where g.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.list_households(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_households(p_wedding_id uuid) to authenticated;

-- Creates or updates one household and its persons from the guest form's shape ({id?, email,
-- phone, address, relationshipSide, relationshipType, notes, seatCap, persons: [...]}) and returns it as
-- household_json. Persons left out of the list are deleted. Checks the caller's right (a family
-- helper only on their side); raises wedding_not_found, household_not_found, household_needs_adult,
-- person_first_name_required, seat_cap_below_attending or invalid_input. The body of save_household and import_households;
-- nobody calls it directly.
create or replace function kasalan.write_household(p_wedding_id uuid, p_household jsonb)
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
  if not kasalan_private.can(p_wedding_id, 'households') then
    raise exception 'wedding_not_found';
  end if;
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
      insert into kasalan.persons (wedding_id, household_id, first_name, last_name, type, title, suffix, notes, position)
      values (
        p_wedding_id, v_household_id,
        kasalan_private.json_text(v_person, 'firstName', 100),
        coalesce(kasalan_private.json_text(v_person, 'lastName', 100), ''),
        coalesce(kasalan_private.json_text(v_person, 'type', 10), 'adult'),
        kasalan_private.json_text(v_person, 'title', 50),
        kasalan_private.json_text(v_person, 'suffix', 20),
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

revoke execute on function kasalan.write_household(p_wedding_id uuid, p_household jsonb) from public, anon, authenticated;

-- What the activity triggers count as a change of a household: its own fields and who its
-- persons are. Null when there is no such household. Helper of save_household; nobody calls it.
create or replace function kasalan.household_watched_fields(p_household_id uuid)
returns jsonb
language sql
stable security definer
set search_path = ''
as $$
  select jsonb_build_array(
    g.email, g.phone, g.address, g.relationship_side, g.relationship_type, g.notes, g.seat_cap,
    (
      select coalesce(jsonb_agg(
        jsonb_build_array(p.id, p.first_name, p.last_name, p.type, p.title, p.suffix, p.notes, p.position)
        order by p.id
      ), '[]'::jsonb)
      from kasalan.persons p where p.household_id = g.id
    )
  )
  from kasalan.households g
  where g.id = p_household_id
$$;

revoke execute on function kasalan.household_watched_fields(p_household_id uuid) from public, anon, authenticated;

-- A household as the RSVP lists show it: contact, message and each person's answers, with
-- recordedByName: who recorded a reply the couple's side recorded (null: the caller, or a guest). Helper of list_rsvps and record_rsvp; granted to authenticated.
create or replace function kasalan_private.rsvp_household_json(p_household kasalan.households)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_household.id,
    'email', p_household.email,
    'message', p_household.rsvp_message,
    'messageAt', p_household.rsvp_message_at,
    'seatCap', p_household.seat_cap,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'householdId', p.household_id,
            'firstName', p.first_name,
            'lastName', p.last_name,
            'type', p.type,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'recordedBy', p.rsvp_recorded_by,
            'recordedByName', case when p.rsvp_recorded_by = 'couple' then kasalan_private.rsvp_recorded_by_name(p.id) end
          )
          order by p.position, p.created_at, p.id
        )
        from kasalan.persons p
        where p.household_id = p_household.id
      ),
      '[]'::jsonb
    )
  )
$$;

revoke execute on function kasalan_private.rsvp_household_json(p_household kasalan.households) from public, anon;
grant execute on function kasalan_private.rsvp_household_json(p_household kasalan.households) to authenticated;

-- Records (or corrects) one person's reply on their behalf, e.g. a coordinator taking a phone call:
-- p_is_attending true/false with p_response [{questionId, answer}] (kept only when attending), or
-- null to put the person back to pending. Ignores the deadline; not the household's seat cap
-- (rsvp_over_seat_cap). Returns the person's household in the shape list_rsvps gives. For the
-- owner, partner and coordinator. Granted to authenticated.
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
begin
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
  select w.rsvp_questions into v_questions from kasalan.weddings w where w.id = p_wedding_id;

  -- The household first, as submit_rsvp takes it: one reply of a household at a time, so two
  -- replies recorded at once (or a guest's and the couple's) cannot pass its seat cap together.
  perform 1 from kasalan.households g
  where g.id = (select p.household_id from kasalan.persons p where p.id = p_person_id and p.wedding_id = p_wedding_id)
  for update;

  select * into v_person from kasalan.persons p
  where p.id = p_person_id and p.wedding_id = p_wedding_id
  for update;
  if not found then
    raise exception 'person_not_found';
  end if;

  v_response := case when p_is_attending then kasalan_private.rsvp_response(v_questions, p_response) else '[]'::jsonb end;
  v_recorded_by := case when p_is_attending is null then null else 'couple' end;

  if (v_person.is_attending, v_person.response, v_person.rsvp_recorded_by)
    is distinct from (p_is_attending, v_response, v_recorded_by)
  then
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_person.household_id, v_person.id, kasalan.rsvp_manager_kind(p_wedding_id), auth.uid(),
      kasalan.rsvp_reply_json(v_person),
      jsonb_build_object(
        'isAttending', p_is_attending,
        'response', v_response,
        'respondedAt', case when p_is_attending is null then null else now() end,
        'recordedBy', v_recorded_by
      )
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

revoke execute on function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb) from public, anon;
grant execute on function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb) to authenticated;

-- What a guest's RSVP page shows, with how the caller reached it: the wedding's public details and the
-- household, the given person first. With p_access 'guest_search' each person's answer, answers,
-- answer time and the household's message are left out (null / []); hasAnswered says whether they
-- answered and recordedByCouple whether the couple recorded it (then only the code may change it).
create or replace function kasalan.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid, p_access text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_set(
    kasalan.rsvp_json(p_wedding, p_household_id, p_person_id),
    '{household}',
    (
      select jsonb_build_object(
        'id', g.id,
        'access', p_access,
        'hasAnswered', exists (select 1 from kasalan.persons p where p.household_id = g.id and p.is_attending is not null),
        'message', case when p_access <> 'guest_search' then g.rsvp_message end,
        'messageAt', case when p_access <> 'guest_search' then g.rsvp_message_at end,
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
                'isAttending', case when p_access <> 'guest_search' then p.is_attending end,
                'response', case when p_access <> 'guest_search' then p.response else '[]'::jsonb end,
                'respondedAt', case when p_access <> 'guest_search' then p.responded_at end
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
  )
$$;

revoke execute on function kasalan.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid, p_access text) from public, anon, authenticated;

-- Puts a reply (or a household's message) back to what it was before one change of the history, and
-- keeps that as a change too (so a restore can itself be undone). Raises wedding_not_found,
-- rsvp_change_not_found (not a change of this wedding, or its person was removed). Returns the
-- household as list_rsvps shows it. For the owner, partner and coordinator. Granted to
-- authenticated.
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
begin
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
  select * into v_change from kasalan.rsvp_changes c where c.id = p_change_id and c.wedding_id = p_wedding_id;
  if not found then
    raise exception 'rsvp_change_not_found';
  end if;
  v_kind := kasalan.rsvp_manager_kind(p_wedding_id);
  -- The household first, as submit_rsvp and record_rsvp take it (its seat cap is counted under it).
  perform 1 from kasalan.households g where g.id = v_change.household_id for update;

  if v_change.person_id is not null then
    select * into v_person from kasalan.persons p where p.id = v_change.person_id for update;
    if not found then
      raise exception 'rsvp_change_not_found';
    end if;
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (p_wedding_id, v_person.household_id, v_person.id, v_kind, auth.uid(), kasalan.rsvp_reply_json(v_person), v_change.previous);
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

revoke execute on function kasalan.restore_rsvp(p_wedding_id uuid, p_change_id uuid) from public, anon;
grant execute on function kasalan.restore_rsvp(p_wedding_id uuid, p_change_id uuid) to authenticated;

-- Raises rsvp_over_seat_cap when a person's reply makes more of a household's persons attending
-- than its seat cap, and seat_cap_below_attending when a cap is lowered below the persons already
-- attending (the couple records a "no" first). Takes the household's row lock before counting, as
-- submit_rsvp and record_rsvp do, so two replies of one household at once are counted one after
-- the other. Security definer so that it counts every person whoever writes. Trigger function
-- only; nobody calls it.
create or replace function kasalan_private.check_seat_cap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household_id uuid;
  v_cap integer;
  v_attending integer;
begin
  if tg_table_name = 'households' then
    v_household_id := new.id;
  else
    v_household_id := new.household_id;
  end if;
  select g.seat_cap into v_cap from kasalan.households g where g.id = v_household_id for update;
  if v_cap is null then
    return null;
  end if;
  select count(*) into v_attending
  from kasalan.persons p
  where p.household_id = v_household_id and p.is_attending;
  if v_attending > v_cap then
    if tg_table_name = 'households' then
      raise exception 'seat_cap_below_attending' using detail = format('%s attending, %s seats', v_attending, v_cap);
    end if;
    raise exception 'rsvp_over_seat_cap' using detail = format('%s attending, %s seats', v_attending, v_cap);
  end if;
  return null;
end;
$$;

revoke execute on function kasalan_private.check_seat_cap() from public, anon, authenticated;

-- The answer a person gave to one of the wedding's questions ({id, question, ...}) in their stored
-- response ([{questionId, question, answer}]), or null when none or blank. An answer saved before
-- answers carried the question's id is matched by the question's text. Helper of get_pax_forecast.
create or replace function kasalan_private.response_answer(p_response jsonb, p_question jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(btrim(r.value ->> 'answer'), '')
  from jsonb_array_elements(case when jsonb_typeof(p_response) = 'array' then p_response else '[]'::jsonb end) with ordinality r
  where jsonb_typeof(r.value) = 'object'
    and (
      r.value ->> 'questionId' = p_question ->> 'id'
      or (not (r.value ? 'questionId') and btrim(r.value ->> 'question') = btrim(p_question ->> 'question'))
    )
  order by r.ordinality
  limit 1
$$;

revoke execute on function kasalan_private.response_answer(p_response jsonb, p_question jsonb) from public, anon, authenticated;

-- The pax forecast of a wedding, for the RSVPs tab's card and the forecast page:
-- {settings: {expectedPct, noShowPct, walkIns},
--  households: {total, answered, pending},
--  confirmed: {adults, children, total}, declined,
--  pending: the persons still to answer, a household counting no more than its seats left
--    (seat cap less its yeses),
--  expectedFromPending: round(pending * expectedPct / 100),
--  noShows: round(confirmed.total * noShowPct / 100),
--  walkIns,
--  low: confirmed.total - noShows + expectedFromPending,
--  high: confirmed.total + expectedFromPending + walkIns,
--  questions: for each of the wedding's RSVP questions, what the persons coming answered:
--    [{id, question, kind, counts: [{answer, count}] (choice: the options in their order, then any
--    other answer kept from before an edit), answers: [{firstName, lastName, answer}] (text),
--    unanswered}]}, answers matched as kasalan_private.response_answer reads them.
-- round() is to the nearest person, halves up. For the owner, partner and coordinator (rsvps);
-- raises wedding_not_found otherwise. Security definer: it reads every household of the wedding
-- whatever the caller's side. Granted to authenticated.
create or replace function kasalan.get_pax_forecast(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_confirmed_adults integer;
  v_confirmed_children integer;
  v_declined integer;
  v_households integer;
  v_answered integer;
  v_pending integer;
  v_expected integer;
  v_no_shows integer;
begin
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;

  select
    count(*) filter (where p.is_attending and p.type = 'adult'),
    count(*) filter (where p.is_attending and p.type = 'child'),
    count(*) filter (where not p.is_attending)
  into v_confirmed_adults, v_confirmed_children, v_declined
  from kasalan.persons p
  where p.wedding_id = p_wedding_id;

  select
    count(*),
    count(*) filter (where h.unanswered = 0),
    coalesce(sum(greatest(0, least(h.unanswered, coalesce(h.seat_cap - h.yeses, h.unanswered)))), 0)
  into v_households, v_answered, v_pending
  from (
    select g.id, g.seat_cap,
      count(p.id) filter (where p.is_attending is null) as unanswered,
      count(p.id) filter (where p.is_attending) as yeses
    from kasalan.households g
    left join kasalan.persons p on p.household_id = g.id
    where g.wedding_id = p_wedding_id
    group by g.id, g.seat_cap
  ) h;

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
    'expectedFromPending', v_expected,
    'noShows', v_no_shows,
    'walkIns', v_wedding.forecast_walk_ins,
    'low', v_confirmed_adults + v_confirmed_children - v_no_shows + v_expected,
    'high', v_confirmed_adults + v_confirmed_children + v_expected + v_wedding.forecast_walk_ins,
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
                  from kasalan.persons p
                  cross join lateral (select kasalan_private.response_answer(p.response, q.value) as answer) a
                  where p.wedding_id = p_wedding_id and p.is_attending and a.answer is not null
                  group by a.answer
                ) c
              ),
              '[]'::jsonb
            ) else '[]'::jsonb end,
            'answers', case when q.value ->> 'kind' = 'choice' then '[]'::jsonb else coalesce(
              (
                select jsonb_agg(
                  jsonb_build_object('firstName', p.first_name, 'lastName', p.last_name, 'answer', a.answer)
                  order by p.last_name, p.first_name, p.id
                )
                from kasalan.persons p
                cross join lateral (select kasalan_private.response_answer(p.response, q.value) as answer) a
                where p.wedding_id = p_wedding_id and p.is_attending and a.answer is not null
              ),
              '[]'::jsonb
            ) end,
            'unanswered', (
              select count(*)
              from kasalan.persons p
              where p.wedding_id = p_wedding_id and p.is_attending
                and kasalan_private.response_answer(p.response, q.value) is null
            )
          )
          order by q.ordinality
        )
        from jsonb_array_elements(v_wedding.rsvp_questions) with ordinality q
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan.get_pax_forecast(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.get_pax_forecast(p_wedding_id uuid) to authenticated;

-- Saves the forecast's assumptions: the percent of pending persons expected to come (0-100), the
-- percent of the yeses allowed for not coming (0-50) and the walk-ins (0-1000 persons). Returns the
-- forecast as get_pax_forecast gives it. Raises wedding_not_found (not owner, partner or
-- coordinator) or invalid_input. Granted to authenticated.
create or replace function kasalan.save_pax_forecast_settings(p_wedding_id uuid, p_expected_pct integer, p_no_show_pct integer, p_walk_ins integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
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

revoke execute on function kasalan.save_pax_forecast_settings(p_wedding_id uuid, p_expected_pct integer, p_no_show_pct integer, p_walk_ins integer) from public, anon;
grant execute on function kasalan.save_pax_forecast_settings(p_wedding_id uuid, p_expected_pct integer, p_no_show_pct integer, p_walk_ins integer) to authenticated;

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger households_seat_cap_holds after update of seat_cap
  on kasalan.households
  for each row
  when (new.seat_cap is not null and new.seat_cap is distinct from old.seat_cap)
  execute function kasalan_private.check_seat_cap();

create trigger persons_seat_cap_holds after insert or update of is_attending
  on kasalan.persons
  for each row
  when (new.is_attending)
  execute function kasalan_private.check_seat_cap();

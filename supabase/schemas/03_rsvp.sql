-- Kasalan RSVP: a wedding's questions and deadline, a household's answers (by its link or code, or
-- recorded by the couple), the change history the couple reviews, and the RSVP lists.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- Every change of a reply: a person's answer (person_id set) or the household's message
-- (person_id null), who made it and the values before and after. Written only by the functions.
create table kasalan.rsvp_changes (
  id uuid not null default extensions.gen_random_uuid(),
  wedding_id uuid not null,
  household_id uuid not null,
  person_id uuid,
  changed_at timestamptz not null default now(),
  -- guest_search: a visitor who found the name; guest_code: a visitor holding the household's code
  -- or link; couple: the wedding's owner; member: another account that manages the wedding.
  changed_by text not null,
  changed_by_user uuid,
  previous jsonb not null,
  current jsonb not null,
  constraint rsvp_changes_pkey primary key (id),
  constraint rsvp_changes_changed_by_check check (changed_by in ('guest_search', 'guest_code', 'couple', 'member')),
  constraint rsvp_changes_current_check check (jsonb_typeof(current) = 'object'),
  constraint rsvp_changes_previous_check check (jsonb_typeof(previous) = 'object'),
  constraint rsvp_changes_household_id_fkey foreign key (household_id) references kasalan.households(id) on delete cascade,
  constraint rsvp_changes_person_id_fkey foreign key (person_id) references kasalan.persons(id) on delete cascade,
  constraint rsvp_changes_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.rsvp_changes enable row level security;
revoke all on kasalan.rsvp_changes from public, anon, authenticated;

-- For the cascades when a household or person is deleted.
create index rsvp_changes_household_id_idx on kasalan.rsvp_changes (household_id);

create index rsvp_changes_person_id_idx on kasalan.rsvp_changes (person_id);

create index rsvp_changes_wedding_id_changed_at_idx on kasalan.rsvp_changes (wedding_id, changed_at DESC);

-- When each account that manages a wedding last looked at its reply changes.
create table kasalan.rsvp_changes_seen (
  wedding_id uuid not null,
  user_id uuid not null,
  seen_at timestamptz not null,
  constraint rsvp_changes_seen_pkey primary key (wedding_id, user_id),
  constraint rsvp_changes_seen_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade,
  constraint rsvp_changes_seen_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.rsvp_changes_seen enable row level security;
revoke all on kasalan.rsvp_changes_seen from public, anon, authenticated;

create index rsvp_changes_seen_user_id_idx on kasalan.rsvp_changes_seen (user_id);

-- =============================================================================================
-- Functions
-- =============================================================================================

-- Whether the RSVP of a wedding with this deadline is closed: the deadline day itself is still open
-- until midnight in the Philippines. Helper.
create or replace function kasalan_private.rsvp_is_closed(p_deadline date)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_deadline is not null and (now() at time zone 'Asia/Manila')::date > p_deadline
$$;

revoke execute on function kasalan_private.rsvp_is_closed(p_deadline date) from public, anon, authenticated;

-- Checks the couple's RSVP questions and returns them cleaned:
-- [{id, question, kind: 'text'|'choice', options?, eventId?}], options trimmed, blank ones dropped;
-- eventId (a schedule event's id: the question is asked with that event's answer) kept when given,
-- in lower case, left out when null (asked with the main answer). Helper of update_rsvp_settings.
create or replace function kasalan_private.rsvp_questions_clean(p_questions jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_question jsonb;
  v_id text;
  v_ids text[] := '{}';
  v_kind text;
  v_text text;
  v_option jsonb;
  v_options text[];
  v_clean text;
  v_event jsonb;
  v_result jsonb := '[]';
begin
  if p_questions is null or jsonb_typeof(p_questions) = 'null' then
    return '[]';
  end if;
  if jsonb_typeof(p_questions) <> 'array' then
    raise exception 'invalid_input' using detail = 'questions must be a list';
  end if;
  if jsonb_array_length(p_questions) > 20 then
    raise exception 'invalid_input' using detail = 'at most 20 questions';
  end if;

  for v_question in select value from jsonb_array_elements(p_questions) loop
    if jsonb_typeof(v_question) <> 'object' then
      raise exception 'invalid_input' using detail = 'each question must be an object';
    end if;
    v_id := kasalan_private.json_text(v_question, 'id', 50);
    if v_id is null or v_id !~ '^[A-Za-z0-9_-]+$' then
      raise exception 'invalid_input' using detail = 'each question needs an id of letters, digits, _ or -';
    end if;
    if v_id = any (v_ids) then
      raise exception 'invalid_input' using detail = 'two questions have the same id';
    end if;
    v_ids := v_ids || v_id;

    v_text := kasalan_private.json_text(v_question, 'question', 300);
    if v_text is null then
      raise exception 'rsvp_question_text_required';
    end if;
    v_kind := coalesce(kasalan_private.json_text(v_question, 'kind', 10), 'text');
    if v_kind not in ('text', 'choice') then
      raise exception 'invalid_input' using detail = 'kind must be text or choice';
    end if;
    v_event := case when kasalan_private.json_uuid(v_question, 'eventId') is null then '{}'::jsonb
      else jsonb_build_object('eventId', kasalan_private.json_uuid(v_question, 'eventId')) end;

    if v_kind = 'choice' then
      if jsonb_typeof(v_question -> 'options') is distinct from 'array' then
        raise exception 'rsvp_choice_needs_options';
      end if;
      v_options := '{}';
      for v_option in select value from jsonb_array_elements(v_question -> 'options') loop
        if jsonb_typeof(v_option) <> 'string' then
          raise exception 'invalid_input' using detail = 'options must be text';
        end if;
        v_clean := btrim(v_option #>> '{}');
        if char_length(v_clean) > 100 then
          raise exception 'invalid_input' using detail = 'an option is longer than 100 characters';
        end if;
        if v_clean <> '' and not (v_clean = any (v_options)) then
          v_options := v_options || v_clean;
        end if;
      end loop;
      if coalesce(array_length(v_options, 1), 0) < 2 then
        raise exception 'rsvp_choice_needs_options';
      end if;
      if array_length(v_options, 1) > 20 then
        raise exception 'invalid_input' using detail = 'at most 20 options';
      end if;
      v_result := v_result || jsonb_build_array(jsonb_build_object(
        'id', v_id, 'question', v_text, 'kind', 'choice', 'options', to_jsonb(v_options)
      ) || v_event);
    else
      v_result := v_result || jsonb_build_array(jsonb_build_object('id', v_id, 'question', v_text, 'kind', 'text') || v_event);
    end if;
  end loop;
  return v_result;
end;
$$;

revoke execute on function kasalan_private.rsvp_questions_clean(p_questions jsonb) from public, anon, authenticated;

-- Checks one attending person's answers, given as [{questionId, answer}], against the wedding's
-- questions and returns what is stored: [{questionId, question, answer}] in the questions' order,
-- blank answers left out. The question's text is kept with the answer, so a later edit of the
-- question does not change what the guest answered. Raises rsvp_invalid_answer for an unknown
-- question or a choice that is not one of the options. Helper.
create or replace function kasalan_private.rsvp_response(p_questions jsonb, p_answers jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_answer jsonb;
  v_question jsonb;
  v_id text;
  v_text text;
  v_given jsonb := '{}';
begin
  if p_answers is null or jsonb_typeof(p_answers) = 'null' then
    return '[]';
  end if;
  if jsonb_typeof(p_answers) <> 'array' then
    raise exception 'invalid_input' using detail = 'response must be a list';
  end if;

  for v_answer in select value from jsonb_array_elements(p_answers) loop
    if jsonb_typeof(v_answer) <> 'object' then
      raise exception 'invalid_input' using detail = 'each answer must be an object';
    end if;
    v_id := kasalan_private.json_text(v_answer, 'questionId', 50);
    if v_id is null then
      raise exception 'invalid_input' using detail = 'each answer needs a questionId';
    end if;
    if v_given ? v_id then
      raise exception 'invalid_input' using detail = 'a question is answered twice';
    end if;
    v_question := (
      select q.value from jsonb_array_elements(coalesce(p_questions, '[]')) q where q.value ->> 'id' = v_id limit 1
    );
    if v_question is null then
      raise exception 'rsvp_invalid_answer' using detail = format('no question %s', v_id);
    end if;
    v_text := kasalan_private.json_text(v_answer, 'answer', 500);
    if v_text is null then
      continue;
    end if;
    if v_question ->> 'kind' = 'choice' and not coalesce((v_question -> 'options') ? v_text, false) then
      raise exception 'rsvp_invalid_answer' using detail = format('%s is not an option of %s', v_text, v_id);
    end if;
    v_given := v_given || jsonb_build_object(v_id, v_text);
  end loop;

  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object('questionId', q.value ->> 'id', 'question', q.value ->> 'question', 'answer', v_given ->> (q.value ->> 'id'))
        order by q.ordinality
      )
      from jsonb_array_elements(coalesce(p_questions, '[]')) with ordinality q
      where v_given ? (q.value ->> 'id')
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan_private.rsvp_response(p_questions jsonb, p_answers jsonb) from public, anon, authenticated;

-- The wedding a household/person pair belongs to, if a visitor may RSVP there: the person must be in
-- that household and the wedding published (or the caller its owner, previewing). Raises
-- rsvp_not_found otherwise, without saying which part did not match. Helper of the public calls
-- only; nobody else may call it.
create or replace function kasalan_private.rsvp_wedding(p_household_id uuid, p_person_id uuid)
returns kasalan.weddings
language plpgsql
stable
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  select w.* into v_wedding
  from kasalan.persons p
  join kasalan.weddings w on w.id = p.wedding_id
  where p.id = p_person_id
    and p.household_id = p_household_id;
  if not found or not (v_wedding.is_published or kasalan_private.can_manage(v_wedding.id)) then
    raise exception 'rsvp_not_found';
  end if;
  return v_wedding;
end;
$$;

revoke execute on function kasalan_private.rsvp_wedding(p_household_id uuid, p_person_id uuid) from public, anon, authenticated;

-- What a guest's RSVP page shows, without the access: the wedding's public details and the
-- household with every answer, the given person first. With events: events, the household's RSVP
-- events in the schedule's order ([] when no event takes RSVPs) as {id, name, type, date,
-- startTime, endTime, venue, deadline (the one in force), isClosed, isMain}; rsvpQuestions only
-- those asked of the household (naming no event, or one of its events); the schedule's events
-- (wedding.events, each with its id) without the private ones it is not invited to. Helper of the
-- four-argument form below.
-- Over 100 lines: the guest's whole page (household, persons, events, questions, the schedule) is
-- built as one object, so opening the RSVP is one call.
create or replace function kasalan_private.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_events jsonb;
begin
  select coalesce(jsonb_agg(
    jsonb_build_object(
      'id', e.event_id,
      'name', coalesce(e.event ->> 'name', ''),
      'type', coalesce(e.event ->> 'type', ''),
      'date', e.event ->> 'date',
      'startTime', e.event ->> 'startTime',
      'endTime', e.event ->> 'endTime',
      'venue', e.event ->> 'venue',
      'deadline', e.deadline,
      'isClosed', e.is_closed,
      'isMain', e.is_main
    )
    order by e.position
  ), '[]'::jsonb)
  into v_events
  from kasalan_private.household_rsvp_events(p_wedding, p_household_id) e;

  return jsonb_build_object(
    'personId', p_person_id,
    'events', v_events,
    'wedding', jsonb_build_object(
      'slug', p_wedding.slug,
      'title', p_wedding.title,
      'bride', p_wedding.bride,
      'groom', p_wedding.groom,
      'date', p_wedding.date,
      'theme', p_wedding.theme,
      'rsvpDeadline', p_wedding.rsvp_deadline,
      'rsvpQuestions', coalesce(
        (
          select jsonb_agg(q.value order by q.ordinality)
          from jsonb_array_elements(p_wedding.rsvp_questions) with ordinality q
          where q.value ->> 'eventId' is null
            or exists (select 1 from jsonb_array_elements(v_events) e where e.value ->> 'id' = q.value ->> 'eventId')
        ),
        '[]'::jsonb
      ),
      'contact', p_wedding.contact,
      'isClosed', kasalan_private.rsvp_is_closed(p_wedding.rsvp_deadline),
      'venue', (
        select case when jsonb_typeof(s.data #> '{wedding,location}') = 'object' then
          jsonb_build_object(
            'name', s.data #>> '{wedding,location,venue}',
            'city', s.data #>> '{wedding,location,city}',
            'country', s.data #>> '{wedding,location,country}'
          )
        end
        from kasalan.sections s
        where s.wedding_id = p_wedding.id and s.type = 'home'
        order by s.order_index
        limit 1
      ),
      'events', coalesce(
        (
          select jsonb_agg(
            jsonb_build_object(
              'id', e.value ->> 'id',
              'name', e.value ->> 'name',
              'date', e.value ->> 'date',
              'startTime', e.value ->> 'startTime',
              'endTime', e.value ->> 'endTime',
              'venue', e.value ->> 'venue',
              'street', e.value #>> '{address,street}',
              'city', e.value #>> '{address,city}'
            )
            order by e.ordinality
          )
          from kasalan.sections s
          cross join lateral (select kasalan_private.schedule_for(p_wedding.id, s.data, p_household_id) as data) v
          cross join lateral jsonb_array_elements(
            case when jsonb_typeof(v.data -> 'events') = 'array' then v.data -> 'events' else '[]'::jsonb end
          ) with ordinality e
          where s.wedding_id = p_wedding.id
            and s.type = 'schedule'
            and s.visible
            and jsonb_typeof(e.value) = 'object'
        ),
        '[]'::jsonb
      )
    ),
    'household', (
      select jsonb_build_object(
        'id', g.id,
        'message', g.rsvp_message,
        'messageAt', g.rsvp_message_at,
        'persons', coalesce(
          (
            select jsonb_agg(
              jsonb_build_object(
                'id', p.id,
                'firstName', p.first_name,
                'lastName', p.last_name,
                'type', p.type,
                'isAttending', p.is_attending,
                'response', p.response,
                'respondedAt', p.responded_at
              )
              order by p.id <> p_person_id, p.position, p.created_at, p.id
            )
            from kasalan_private.persons_with_answer p
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

revoke execute on function kasalan_private.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid) from public, anon, authenticated;

-- Sets the RSVP deadline (a date, or null for none) and the questions guests answer
-- ([{id, question, kind: 'text'|'choice', options?, eventId?}]; eventId a schedule event's id or
-- null, invalid_input otherwise). Returns the wedding. Called by the RSVPs tab; granted to
-- authenticated.
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

revoke execute on function kasalan.update_rsvp_settings(p_wedding_id uuid, p_deadline date, p_questions jsonb) from public, anon;
grant execute on function kasalan.update_rsvp_settings(p_wedding_id uuid, p_deadline date, p_questions jsonb) to authenticated;

-- The name of the member who last recorded this person's reply for them ("Tita Carmen"), or null
-- when it was the caller, when it is no longer known (they left), or when the caller may not see
-- RSVPs of its wedding. The person's own reply (the main event's): changes of replies to other
-- events (eventId) are not looked at. Security definer because the history and the members are
-- read only by functions. Helper of rsvp_household_json; granted to authenticated.
create or replace function kasalan_private.rsvp_recorded_by_name(p_person_id uuid)
returns text
language sql
stable security definer
set search_path = ''
as $$
  select nullif(m.display_name, '')
  from kasalan.rsvp_changes c
  join kasalan.wedding_members m on m.wedding_id = c.wedding_id and m.user_id = c.changed_by_user
  where c.person_id = p_person_id
    and kasalan_private.can(c.wedding_id, 'rsvps')
    and c.changed_by in ('couple', 'member')
    and c.changed_by_user is distinct from (select auth.uid())
    and not (c.current ? 'eventId')
    and c.changed_at = (
      select max(l.changed_at) from kasalan.rsvp_changes l where l.person_id = p_person_id and not (l.current ? 'eventId')
    )
  limit 1
$$;

revoke execute on function kasalan_private.rsvp_recorded_by_name(p_person_id uuid) from public, anon;
grant execute on function kasalan_private.rsvp_recorded_by_name(p_person_id uuid) to authenticated;

-- A household as the RSVP lists show it: contact, message and each person's answers, with
-- recordedByName: who recorded a reply the couple's side recorded (null: the caller, or a guest). Helper of list_rsvps and record_reply; granted to authenticated.
create or replace function kasalan_private.rsvp_household_json(p_household kasalan.households)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
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
        from kasalan_private.persons_with_answer p
        where p.household_id = p_household.id
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan_private.rsvp_household_json(p_household kasalan.households) from public, anon;
grant execute on function kasalan_private.rsvp_household_json(p_household kasalan.households) to authenticated;

-- Records (or corrects) one person's reply on their behalf, e.g. a coordinator taking a phone call:
-- p_is_attending true/false with p_response [{questionId, answer}] (checked against the questions
-- asked with the event, kept only when attending), or null to put them back to pending, for
-- p_event_id, an RSVP event of the schedule inviting the person's household, or null (or the main
-- event's id) for the main event: the person's own answer, the wedding's while no event takes
-- RSVPs. Ignores the deadline; not the household's seat cap (rsvp_over_seat_cap). The history keeps
-- mainEventId for the main event while a schedule event is the main one, eventId for another.
-- Returns the person's household in the shape list_rsvps gives, with reply: {eventId (null: the
-- whole wedding), personId, householdId, isAttending, response, respondedAt, recordedBy ('couple'
-- for the owner, 'member' for another member; null once cleared)}. Raises wedding_not_found (not
-- owner, partner or coordinator), person_not_found, event_not_found (no event of the schedule
-- taking RSVPs), invalid_input (a private event not inviting the household; the main event while
-- the household's events include none, the main one having left the schedule). Granted to
-- authenticated.
create or replace function kasalan.record_reply(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb, p_event_id uuid default NULL::uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_person kasalan.persons;
  v_main uuid;
  v_is_main boolean;
  v_private boolean;
  v_store uuid;
  v_key jsonb;
  v_previous jsonb;
  v_current jsonb;
  v_response jsonb;
  v_kind text;
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  -- Which event is the main one holds until this call commits: changing it (save_event_settings)
  -- takes the wedding for no key update and waits for the answers being written, or they for it.
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id for share;
  -- The household first, as submit_rsvp takes it: one reply of a household at a time, so two
  -- replies recorded at once (or a guest's and the couple's) cannot pass its seat cap together.
  perform 1 from kasalan.households g
  where g.id = (select p.household_id from kasalan.persons p where p.id = p_person_id and p.wedding_id = p_wedding_id)
  for update;
  select * into v_person from kasalan.persons p where p.id = p_person_id and p.wedding_id = p_wedding_id;
  if not found then
    raise exception 'person_not_found';
  end if;

  -- The main event as the schedule has it (null: no event takes RSVPs, or it left the schedule).
  select e.event_id into v_main from kasalan_private.schedule_events(p_wedding_id) e where e.is_main;
  v_is_main := p_event_id is null or p_event_id = v_main;
  if v_is_main then
    -- The household's events take RSVPs but none is the main one (it left the schedule): the
    -- person's own answer is that event's, kept, and answers nothing else.
    if v_main is null and exists (select 1 from kasalan_private.household_rsvp_events(v_wedding, v_person.household_id)) then
      raise exception 'invalid_input' using detail = 'no main event';
    end if;
    v_store := kasalan_private.main_event_id(p_wedding_id);
    v_key := case when v_main is null then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end;
  else
    select e.is_private into v_private from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = p_event_id and e.takes_rsvp;
    if not found then
      raise exception 'event_not_found';
    end if;
    if not kasalan_private.event_invites(p_wedding_id, p_event_id, v_private, v_person.household_id) then
      raise exception 'invalid_input' using detail = 'the event does not invite this household';
    end if;
    v_store := p_event_id;
    v_key := jsonb_build_object('eventId', p_event_id);
  end if;

  v_response := case when p_is_attending then
    kasalan_private.rsvp_response(
      kasalan_private.event_questions(v_wedding.rsvp_questions, case when v_is_main then v_main else p_event_id end, v_is_main),
      p_response
    )
    else '[]'::jsonb end;
  v_kind := kasalan_private.rsvp_manager_kind(p_wedding_id);
  -- The history keeps a main answer as the couple's, whoever on its side recorded it.
  select case when v_is_main then kasalan_private.rsvp_reply_json(r) else kasalan_private.event_reply_json(p_event_id, r) - 'eventId' end
  into v_previous
  from (select) x
  left join kasalan.event_replies r on r.wedding_id = p_wedding_id and r.event_id = v_store and r.person_id = v_person.id;
  v_current := jsonb_build_object(
    'isAttending', p_is_attending,
    'response', v_response,
    'respondedAt', case when p_is_attending is null then null else now() end,
    'recordedBy', case when p_is_attending is null then null when v_is_main then 'couple' else v_kind end
  );
  if v_previous - 'respondedAt' is distinct from v_current - 'respondedAt' then
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (p_wedding_id, v_person.household_id, v_person.id, v_kind, auth.uid(), v_previous || v_key, v_current || v_key);
  end if;
  perform kasalan_private.set_reply(p_wedding_id, v_store, v_person, p_is_attending, v_response, now(), v_kind, auth.uid());

  return (select kasalan_private.rsvp_household_json(g) from kasalan.households g where g.id = v_person.household_id)
    || jsonb_build_object('reply', jsonb_build_object(
      'eventId', nullif(v_store, kasalan_private.whole_wedding_event()),
      'personId', v_person.id,
      'householdId', v_person.household_id,
      'isAttending', p_is_attending,
      'response', v_response,
      'respondedAt', v_current -> 'respondedAt',
      'recordedBy', case when p_is_attending is null then null else v_kind end
    ));
end;
$$;

revoke execute on function kasalan.record_reply(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb, p_event_id uuid) from public, anon;
grant execute on function kasalan.record_reply(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb, p_event_id uuid) to authenticated;

-- Every household of a wedding with each person's reply, answers and when they answered, oldest
-- household first. For the owner, partner and coordinator (who see every household). Security
-- definer: the answers are read only through functions. Granted to authenticated.
create or replace function kasalan.list_rsvps(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
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

revoke execute on function kasalan.list_rsvps(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_rsvps(p_wedding_id uuid) to authenticated;

-- How the caller reaches a household's RSVP: 'couple' for the wedding's owner (the member with
-- role owner), 'member' for another member who may see it, 'guest_code' with the household's code,
-- 'guest_search' for a visitor of a published site, null for none. Helper of the public calls get_rsvp and
-- submit_rsvp; nobody else may call it.
create or replace function kasalan_private.rsvp_access(p_wedding kasalan.weddings, p_household_id uuid, p_code text)
returns text
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is not null and exists (
    select 1 from kasalan.wedding_members m
    where m.wedding_id = p_wedding.id and m.user_id = (select auth.uid()) and m.role = 'owner'
  ) then
    return 'couple';
  end if;
  if (select auth.uid()) is not null and kasalan_private.can_manage(p_wedding.id) then
    return 'member';
  end if;
  if p_code is not null and exists (
    select 1 from kasalan.households g
    where g.id = p_household_id
      and g.invitation_code = upper(regexp_replace(left(p_code, 40), '[^A-Za-z0-9]', '', 'g'))
  ) then
    return 'guest_code';
  end if;
  if p_wedding.rsvp_requires_code then
    raise exception 'invitation_code_required';
  end if;
  return 'guest_search';
end;
$$;

revoke execute on function kasalan_private.rsvp_access(p_wedding kasalan.weddings, p_household_id uuid, p_code text) from public, anon, authenticated;

-- What a guest's RSVP page shows, with how the caller reached it: the wedding's public details and the
-- household, the given person first. With p_access 'guest_search' each person's answer, answers,
-- answer time and the household's message are left out (null / []); hasAnswered says whether they
-- answered and recordedByCouple whether the couple recorded it (then only the code may change it).
-- Each person carries events: one entry per event of the answer's events, {eventId, hasAnswered,
-- recordedByCouple, isAttending, response, respondedAt} (the main event's their own answer; under
-- 'guest_search' only eventId, hasAnswered and recordedByCouple filled).
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
        'hasAnswered', exists (select 1 from kasalan_private.persons_with_answer p where p.household_id = g.id and p.is_attending is not null)
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
                    left join kasalan.event_replies a
                      on a.wedding_id = p_wedding.id and a.event_id = (e.value ->> 'id')::uuid and a.person_id = p.id
                  ),
                  '[]'::jsonb
                )
              )
              order by p.id <> p_person_id, p.position, p.created_at, p.id
            )
            from kasalan_private.persons_with_answer p
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

revoke execute on function kasalan_private.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid, p_access text) from public, anon, authenticated;

-- One household's RSVP for the guest's RSVP and thank-you pages (rsvp_json); raises
-- rsvp_not_found unless the caller may reach it (rsvp_access). A guest holding the household's
-- code (access 'guest_code') is never rate limited, even when the wedding's cap for the hour is reached: only a visitor without
-- it (the name-search path) is. A wrong code is the same as none. Granted to anon and
-- authenticated.
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

revoke execute on function kasalan.get_rsvp(p_household_id uuid, p_person_id uuid, p_code text) from public;
grant execute on function kasalan.get_rsvp(p_household_id uuid, p_person_id uuid, p_code text) to anon, authenticated;

-- Whether a visitor by name search could fill a household's seats past its cap with these answers
-- (p_rows: [{id, isAttending}] for the main event, p_event_rows: [{personId, eventId,
-- isAttending}] for the others), counting as a yes every person of the household left out of an
-- event's answers who has answered it: such a visitor does not see those answers (rsvp_json), so
-- what it is told must not depend on them. True for the same answers whatever the others said, so
-- a refusal tells nothing and nothing can be tested with it; at or under it, no trigger refuses
-- either. Helper of submit_rsvp.
create or replace function kasalan_private.seat_cap_may_overflow(p_household kasalan.households, p_rows jsonb, p_event_rows jsonb)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return p_household.seat_cap is not null and (
    (
      jsonb_array_length(p_rows) > 0
      and (select count(*) from jsonb_array_elements(p_rows) r where (r.value ->> 'isAttending')::boolean)
        + (
          select count(*) from kasalan_private.persons_with_answer p
          where p.household_id = p_household.id and p.is_attending is not null
            and not exists (select 1 from jsonb_array_elements(p_rows) r where (r.value ->> 'id')::uuid = p.id)
        ) > p_household.seat_cap
    )
    or exists (
      select 1
      from (select distinct (r.value ->> 'eventId')::uuid as event_id from jsonb_array_elements(p_event_rows) r) e
      where (
          select count(*) from jsonb_array_elements(p_event_rows) r
          where (r.value ->> 'eventId')::uuid = e.event_id and (r.value ->> 'isAttending')::boolean
        )
        + (
          select count(*) from kasalan.event_replies er
          where er.household_id = p_household.id and er.wedding_id = p_household.wedding_id
            and er.event_id = e.event_id and er.is_attending is not null
            and not exists (
              select 1 from jsonb_array_elements(p_event_rows) r
              where (r.value ->> 'eventId')::uuid = e.event_id and (r.value ->> 'personId')::uuid = er.person_id
            )
        ) > p_household.seat_cap
    )
  );
end;
$$;

revoke execute on function kasalan_private.seat_cap_may_overflow(p_household kasalan.households, p_rows jsonb, p_event_rows jsonb) from public, anon, authenticated;

-- A guest's answers for their household's persons and the household's message; raises
-- rsvp_not_found, rsvp_closed, rsvp_recorded_by_couple, rsvp_invalid_answer,
-- rsvp_person_not_in_household or rsvp_over_seat_cap (more persons coming than the seats the couple
-- reserved, for any event: kasalan_private.check_seat_cap). p_answers: [{personId, isAttending?,
-- response?, events?: [{eventId, isAttending, response?}]}]: isAttending and response answer the
-- main event (or the wedding, when no event takes RSVPs), events the household's other RSVP
-- events; an entry answers something. An event that is not one of the household's RSVP events (not
-- in the schedule, not taking RSVPs, or private and not inviting it) is invalid_input, the same for
-- each; an answer to an event whose deadline has passed (the main event's: the wedding's) is
-- rsvp_closed, and nothing is written; a household none of whose events takes RSVPs closes with the
-- wedding (its own events only: one it is not invited to changes nothing it is told). While the
-- household's events include no main one (it left the schedule), isAttending is invalid_input. A
-- guest's rsvp_over_seat_cap carries no detail; a visitor by name search is refused when the
-- answers could fill the seats past the cap whatever the answers it cannot see
-- (kasalan_private.seat_cap_may_overflow). A change of the main answer carries mainEventId.
-- Each answer is checked against its event's questions
-- (kasalan_private.event_questions). As get_rsvp, a guest holding the household's code is never
-- rate limited, a visitor without it is. Granted to anon and authenticated.
-- Over 100 lines: the household's whole answer is one transaction (access, limit, each person's
-- checks, the seat cap, each event's reply, the history and the activity, in that order).
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
  v_store uuid;
begin
  v_wedding := kasalan_private.rsvp_wedding(p_household_id, p_person_id);
  v_access := kasalan_private.rsvp_access(v_wedding, p_household_id, p_code);
  -- A guest holding the household's code is never limited: only the name-search path is.
  if v_access = 'guest_search' then
    perform kasalan_private.rate_limit(v_wedding.id, 'rsvp');
  end if;

  -- Which event is the main one holds until this call commits: changing it (save_event_settings)
  -- takes the wedding for no key update and waits for the answers being written, or they for it.
  perform 1 from kasalan.weddings w where w.id = v_wedding.id for share;
  -- One household answers one at a time (two phones of one family).
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
      select 1 from kasalan_private.persons_with_answer p
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
  -- Every answer with its history: the main event's (the persons' own; mainEventId while an event of
  -- the schedule is the main one), then the other events' (eventId).
  v_store := kasalan_private.main_event_id(v_wedding.id);
  v_event_rows := coalesce(
    (
      select jsonb_agg(jsonb_build_object('personId', r.value -> 'id', 'eventId', v_store) || (r.value - 'id') order by r.ordinality)
      from jsonb_array_elements(v_rows) with ordinality r
    ),
    '[]'::jsonb
  ) || v_event_rows;
  insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
  select v_wedding.id, p_household_id, (r.value ->> 'personId')::uuid, v_access, auth.uid(),
    case when x.event_id = v_store
      then kasalan_private.rsvp_reply_json(er) || x.change_key
      else kasalan_private.event_reply_json(x.event_id, er) end,
    jsonb_build_object(
      'isAttending', (r.value ->> 'isAttending')::boolean,
      'response', r.value -> 'response',
      'respondedAt', now(),
      'recordedBy', 'guest'
    ) || x.change_key
  from jsonb_array_elements(v_event_rows) with ordinality r
  cross join lateral (
    select (r.value ->> 'eventId')::uuid as event_id,
      case when (r.value ->> 'eventId')::uuid <> v_store then jsonb_build_object('eventId', (r.value ->> 'eventId')::uuid)
        when v_main is not null then jsonb_build_object('mainEventId', v_main)
        else '{}'::jsonb end as change_key
  ) x
  left join kasalan.event_replies er
    on er.wedding_id = v_wedding.id and er.event_id = x.event_id and er.person_id = (r.value ->> 'personId')::uuid
  where (er.is_attending, er.response, er.recorded_by)
    is distinct from ((r.value ->> 'isAttending')::boolean, r.value -> 'response', 'guest')
  order by r.ordinality;

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

revoke execute on function kasalan.submit_rsvp(p_household_id uuid, p_person_id uuid, p_answers jsonb, p_message text, p_code text) from public;
grant execute on function kasalan.submit_rsvp(p_household_id uuid, p_person_id uuid, p_answers jsonb, p_message text, p_code text) to anon, authenticated;

-- Who on the couple's side records a reply: 'couple' for the wedding's owner (role owner),
-- 'member' for anyone else who manages it. Helper of the reply functions; nobody else may call it.
create or replace function kasalan_private.rsvp_manager_kind(p_wedding_id uuid)
returns text
language sql
stable security definer
set search_path = ''
as $$
  select case
    when exists (
      select 1 from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid()) and m.role = 'owner'
    ) then 'couple'
    else 'member'
  end
$$;

revoke execute on function kasalan_private.rsvp_manager_kind(p_wedding_id uuid) from public, anon, authenticated;

-- Puts a reply (or a household's message) back to what it was before one change of the history, and
-- keeps that as a change too (so a restore can itself be undone). A change of a reply names its
-- event (eventId; mainEventId for the main event's answers; neither, from before events: the
-- person's own answer, the main event's now) and is restored to it. Raises wedding_not_found,
-- rsvp_change_not_found (not a change of this wedding, or its person or event was removed). Returns the
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
  v_event_id uuid;
  v_previous jsonb;
  v_main uuid;
  v_key jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  select * into v_change from kasalan.rsvp_changes c where c.id = p_change_id and c.wedding_id = p_wedding_id;
  if not found then
    raise exception 'rsvp_change_not_found';
  end if;
  v_kind := kasalan_private.rsvp_manager_kind(p_wedding_id);
  -- Which event is the main one holds until this call commits: changing it (save_event_settings)
  -- takes the wedding for no key update and waits for the answers being written, or they for it.
  perform 1 from kasalan.weddings w where w.id = p_wedding_id for share;
  -- The household first, as submit_rsvp and record_reply take it (its seat cap is counted under it).
  perform 1 from kasalan.households g where g.id = v_change.household_id for update;

  if v_change.person_id is not null then
    v_main := kasalan_private.main_event_id(p_wedding_id);
    v_event_id := coalesce(
      (coalesce(v_change.current, v_change.previous) ->> 'eventId')::uuid,
      (coalesce(v_change.current, v_change.previous) ->> 'mainEventId')::uuid,
      v_main
    );
    v_change.previous := v_change.previous - 'eventId' - 'mainEventId';
    select * into v_person from kasalan.persons p where p.id = v_change.person_id for update;
    if not found or not exists (
      select 1 from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.event_id = v_event_id
    ) then
      raise exception 'rsvp_change_not_found';
    end if;
    select case when v_event_id = v_main then kasalan_private.rsvp_reply_json(r) else kasalan_private.event_reply_json(v_event_id, r) end
    into v_previous
    from (select) x
    left join kasalan.event_replies r on r.wedding_id = p_wedding_id and r.event_id = v_event_id and r.person_id = v_person.id;
    if v_event_id = v_main then
      -- The persons' own answers are the couple's whoever on its side recorded them.
      v_key := case when v_main = kasalan_private.whole_wedding_event() then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end;
      if v_change.previous ->> 'recordedBy' = 'member' then
        v_change.previous := v_change.previous || jsonb_build_object('recordedBy', 'couple');
      end if;
      insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
      values (
        p_wedding_id, v_person.household_id, v_person.id, v_kind, auth.uid(),
        v_previous || v_key, v_change.previous || v_key
      );
    else
      insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
      values (
        p_wedding_id, v_person.household_id, v_person.id, v_kind, auth.uid(),
        v_previous, v_change.previous || jsonb_build_object('eventId', v_event_id)
      );
    end if;
    perform kasalan_private.set_reply(
      p_wedding_id, v_event_id, v_person,
      (v_change.previous ->> 'isAttending')::boolean,
      coalesce(v_change.previous -> 'response', '[]'::jsonb),
      (v_change.previous ->> 'respondedAt')::timestamptz,
      v_change.previous ->> 'recordedBy',
      null
    );
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

-- What changed in the wedding's replies, for the RSVPs tab: {lastSeenAt, changes, probes}. changes:
-- the 100 latest [{id, householdId, personId, firstName, lastName, changedAt, changedBy, previous,
-- current}] (for a message change personId is null and the name is the household's first person);
-- lastSeenAt: when this account last marked them seen (null: never); probes: the hours of the last
-- 60 days in which a visitor, or all visitors together, reached a rate limit [{kind:
-- 'search'|'rsvp', scope: 'caller'|'wedding', at}]. For the owner, partner and coordinator. Granted
-- to authenticated.
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
            -- Who on the wedding's side made it, as the reader should read it: themselves, or the
            -- member by the name they are shown under (null for a guest, or a member who left).
            'byMe', coalesce(c.changed_by_user = (select auth.uid()), false),
            'changedByName', (
              select nullif(m.display_name, '') from kasalan.wedding_members m
              where m.wedding_id = c.wedding_id and m.user_id = c.changed_by_user
            ),
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

revoke execute on function kasalan.list_rsvp_changes(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_rsvp_changes(p_wedding_id uuid) to authenticated;

-- Marks the wedding's reply changes up to p_seen_at (at most now) as seen by this account, so the
-- next visit shows only what came after. Returns nothing. For the owner, partner and coordinator.
-- Granted to authenticated.
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

revoke execute on function kasalan.mark_rsvp_changes_seen(p_wedding_id uuid, p_seen_at timestamp with time zone) from public, anon;
grant execute on function kasalan.mark_rsvp_changes_seen(p_wedding_id uuid, p_seen_at timestamp with time zone) to authenticated;

-- Turns the stricter privacy setting on or off; returns the setting now in force. Raises
-- wedding_not_found unless the caller manages the wedding. Called from the RSVPs tab's settings;
-- granted to authenticated.
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

revoke execute on function kasalan.set_rsvp_requires_code(p_wedding_id uuid, p_required boolean) from public, anon;
grant execute on function kasalan.set_rsvp_requires_code(p_wedding_id uuid, p_required boolean) to authenticated;

-- Whether the wedding needs the invitation code to RSVP, for the RSVPs tab's settings. Raises
-- wedding_not_found unless the caller may see the RSVPs (owner, partner, coordinator: 0012_members).
-- Granted to authenticated.
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

revoke execute on function kasalan.get_rsvp_requires_code(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.get_rsvp_requires_code(p_wedding_id uuid) to authenticated;

-- What the RSVPs tab shows beside the guest list's replies, only where there is something:
-- {messages: [{householdId, message, messageAt}], recorded: [{personId, recordedBy, recordedByName}]}
-- (recordedByName as in list_rsvps: another member who recorded the reply, else null). Security
-- definer so that the wedding's rows are read once rather than each checked by RLS; it checks
-- itself that the caller may see the wedding's replies (the owner, the partner, a coordinator: all
-- of the wedding's households) and raises wedding_not_found otherwise. Granted to authenticated.
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
        from kasalan_private.persons_with_answer p
        where p.wedding_id = p_wedding_id
          and p.rsvp_recorded_by is not null
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan.list_rsvp_details(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_rsvp_details(p_wedding_id uuid) to authenticated;

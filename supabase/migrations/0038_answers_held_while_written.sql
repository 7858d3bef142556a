-- 0038: the one RSVP model (0035), after review.
-- - Which event is the main one holds while an answer is written: submit_rsvp, record_reply,
--   restore_rsvp and import_households take the wedding for share before reading it (and before
--   their household), so save_event_settings (for no key update) waits for them, or they for it.
--   Before, the first event made the main one could move the whole wedding's replies while an import
--   was writing more of them, and deleting the whole wedding's row then deleted those (its foreign
--   key cascades); a flip between two events could also come between an answer's two readings of
--   the main event.
-- - event_answers writes out the private-event check: called per person, event_invites is never
--   inlined, and every person is now checked (the main event too), which made the forecast and the
--   door's roster several times slower at 2,000 households.
-- - The embedded database never analyzes by itself: persons and households get figures too, so the
--   joins to the answers are planned for the wedding's size.

-- Adds the households of a spreadsheet import in one transaction, with the same checks and codes
-- as save_household, and records the import's one activity entry itself (see above). The whole
-- file is written set by set (import_households_at_once); should that refuse anything, it is
-- undone and the file goes household by household through write_household, which names the
-- household refused (household N: …), as it always has. Granted to authenticated.
-- Over 100 lines: the set-by-set write and the household-by-household fallback share one
-- transaction and one activity entry, and the fallback must run only when the first is undone.
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
  v_main uuid;
begin
  perform kasalan_private.require(p_wedding_id, 'guests');
  if jsonb_typeof(p_households) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'households must be a list';
  end if;
  -- A sanity limit far above any guest list, so one call cannot run for minutes.
  if jsonb_array_length(p_households) > 5000 then
    raise exception 'invalid_input' using detail = 'at most 5000 households per import';
  end if;
  -- Which event is the main one holds until this call commits: changing it (save_event_settings)
  -- takes the wedding for no key update and waits for the replies being imported, or they for it.
  select w.rsvp_questions into v_questions from kasalan.weddings w where w.id = p_wedding_id for share;
  -- The activity triggers stay quiet while this call writes: it records one entry itself, below.
  perform set_config('kasalan.importing', 'on', true);
  v_kind := kasalan_private.rsvp_manager_kind(p_wedding_id);
  v_main := kasalan_private.main_event_id(p_wedding_id);

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
            kasalan_private.rsvp_reply_json(null::kasalan.event_replies),
            jsonb_build_object('isAttending', v_attending, 'response', v_response, 'respondedAt', now(), 'recordedBy', 'couple')
          );
          insert into kasalan.event_replies (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
          values (p_wedding_id, v_main, v_person.id, v_person.household_id, v_attending, v_response, now(), v_kind, auth.uid());
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
    perform kasalan_private.add_activity(
      p_wedding_id, 'households_imported', null, jsonb_build_object('count', cardinality(v_ids)),
      p_household_side => (select min(s) from unnest(v_sides) s having count(distinct s) = 1 and count(s) = cardinality(v_ids))
    );
  end if;

  return jsonb_build_object(
    'households', cardinality(v_ids),
    'persons', v_count,
    'replies', v_replies,
    'householdIds', to_jsonb(v_ids)
  );
end;
$$;

revoke execute on function kasalan.import_households(p_wedding_id uuid, p_households jsonb) from public, anon;
grant execute on function kasalan.import_households(p_wedding_id uuid, p_households jsonb) to authenticated;

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

-- Every person of the wedding the event invites (p_event_id null: the main one, which invites every
-- household), with their answer for it. Helper of the counts and the forecast (which check the
-- caller themselves).
create or replace function kasalan_private.event_answers(p_wedding_id uuid, p_event_id uuid)
returns table(person_id uuid, household_id uuid, side text, type text, first_name text, last_name text, is_attending boolean, response jsonb)
language sql
stable
set search_path = ''
as $$
  select p.id, p.household_id, g.relationship_side, p.type, p.first_name, p.last_name, r.is_attending, coalesce(r.response, '[]'::jsonb)
  from kasalan.wedding_events we
  join kasalan.persons p on p.wedding_id = we.wedding_id
  join kasalan.households g on g.id = p.household_id
  left join kasalan.event_replies r on r.wedding_id = we.wedding_id and r.event_id = we.event_id and r.person_id = p.id
  where we.wedding_id = p_wedding_id
    and (we.event_id = p_event_id or (p_event_id is null and we.is_main))
    -- event_invites, written out: called for each of thousands of persons, it is never inlined.
    and (
      not we.is_private
      or exists (
        select 1 from kasalan.event_guests eg
        where eg.wedding_id = p_wedding_id and eg.event_id = we.event_id and eg.household_id = p.household_id
      )
    )
$$;

revoke execute on function kasalan_private.event_answers(p_wedding_id uuid, p_event_id uuid) from public, anon, authenticated;

-- Sets one schedule event's RSVP settings: p_settings = {takesRsvp, deadline (a date or null: the
-- wedding's), isPrivate, isMain, householdIds (the households invited when private)}; returns
-- list_events. The first event to take RSVPs becomes the main one (the first reception among the
-- events taking RSVPs, else the first of them), and the wedding's answers so far become its
-- answers. Making another event the main one moves no answer: the persons' own answers are the
-- new main event's from then on (its own deadline is kept, ignored while it is main). The main event cannot be private
-- (event_main_private), and its RSVPs are not turned off, nor does it stop being the main one,
-- while other events take RSVPs (event_main_required: choose another main event first). The last
-- event taking RSVPs, turned off, keeps the main mark (its answers stay the persons' own). A private
-- event takes RSVPs only while a public main event takes them (event_main_required). Raises
-- wedding_not_found (not owner, partner or coordinator), event_not_found (the id is not in the
-- schedule), invalid_input. Granted to authenticated.
-- Over 100 lines: one event's settings are checked, saved and the main event's rules applied (never
-- private, one while others take RSVPs, which event it is after the change) under the wedding's
-- lock, in one transaction.
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
    -- Each event's answers are its own: only the mark moves. Every writer of an answer holds the
    -- wedding for share while it reads which event is the main one and writes, so none is halfway
    -- through here (and none writes to the whole wedding's row once it is gone). The first event made the main one
    -- takes the whole wedding's answers (once per wedding); the replies it kept while it was not
    -- the main one give way to them.
    if v_old_main = kasalan_private.whole_wedding_event() then
      -- The households in one order, before any answer moves: a guest answering waits, or is waited for.
      perform 1 from kasalan.households g where g.wedding_id = p_wedding_id order by g.id for update;
      delete from kasalan.event_replies r where r.wedding_id = p_wedding_id and r.event_id = v_new_main;
      update kasalan.event_replies r set event_id = v_new_main
      where r.wedding_id = p_wedding_id and r.event_id = v_old_main;
      delete from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.event_id = v_old_main;
    else
      update kasalan.wedding_events we set is_main = false where we.wedding_id = p_wedding_id and we.event_id = v_old_main;
    end if;
    -- Its own deadline is kept, ignored while it is the main one.
    update kasalan.wedding_events we set is_main = true where we.wedding_id = p_wedding_id and we.event_id = v_new_main;
  end if;

  return kasalan.list_events(p_wedding_id);
end;
$$;

revoke execute on function kasalan.save_event_settings(p_wedding_id uuid, p_event_id uuid, p_settings jsonb) from public, anon;
grant execute on function kasalan.save_event_settings(p_wedding_id uuid, p_event_id uuid, p_settings jsonb) to authenticated;

-- PGlite never analyzes by itself (0027).
analyze kasalan.persons, kasalan.households, kasalan.event_replies, kasalan.wedding_events;

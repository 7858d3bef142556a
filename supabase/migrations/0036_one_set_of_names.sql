-- 0036: one set of names for the answers. With every answer an event's reply (0035), recording one
-- needed no two functions: record_rsvp (the main event's) and record_event_reply (another's) are
-- record_reply, whose p_event_id (last, null: the main event) says which, and which answers the
-- household as record_rsvp did with the reply as record_event_reply did; list_event_replies is
-- list_replies. A page loaded before this change calls the old names and fails until reloaded.

drop function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb);
drop function kasalan.record_event_reply(p_wedding_id uuid, p_event_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb);
drop function kasalan.list_event_replies(p_wedding_id uuid);

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
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;
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

-- Every reply to an RSVP event other than the main one: [{eventId, personId, householdId,
-- isAttending, response, respondedAt, recordedBy}], for the events in the schedule taking RSVPs,
-- of the persons they invite, in the households the caller may see (a family helper: their side).
-- The main event's answers are the persons' own (list_rsvps, list_households). For every member
-- but an usher (view); raises wedding_not_found otherwise. Granted to authenticated.
create or replace function kasalan.list_replies(p_wedding_id uuid)
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

revoke execute on function kasalan.list_replies(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_replies(p_wedding_id uuid) to authenticated;

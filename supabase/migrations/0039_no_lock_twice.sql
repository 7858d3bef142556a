-- 0039: two things 0038 made needless. save_event_settings locked every household before moving the
-- whole wedding's answers to the first main event; since 0038 every writer of an answer holds the
-- wedding for share, which the call's own lock on the wedding already waits for. And set_reply
-- returned the reply, which no caller reads since record_reply (0036).

drop function kasalan_private.set_reply(p_wedding_id uuid, p_event_id uuid, p_person kasalan.persons, p_is_attending boolean, p_response jsonb, p_responded_at timestamp with time zone, p_recorded_by text, p_recorded_by_user uuid);

-- Sets a person's answer for one event (p_is_attending null: no answer, the reply deleted). The
-- caller holds the wedding for share and the household's lock, and keeps the history. Helper of the
-- reply functions.
create or replace function kasalan_private.set_reply(p_wedding_id uuid, p_event_id uuid, p_person kasalan.persons, p_is_attending boolean, p_response jsonb, p_responded_at timestamp with time zone, p_recorded_by text, p_recorded_by_user uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_is_attending is null then
    delete from kasalan.event_replies r
    where r.wedding_id = p_wedding_id and r.event_id = p_event_id and r.person_id = p_person.id;
    return;
  end if;
  insert into kasalan.event_replies as r (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
  values (p_wedding_id, p_event_id, p_person.id, p_person.household_id, p_is_attending, p_response, p_responded_at, p_recorded_by, p_recorded_by_user)
  on conflict (wedding_id, event_id, person_id) do update
  set is_attending = excluded.is_attending,
      response = excluded.response,
      responded_at = excluded.responded_at,
      recorded_by = excluded.recorded_by,
      recorded_by_user = excluded.recorded_by_user;
end;
$$;

revoke execute on function kasalan_private.set_reply(p_wedding_id uuid, p_event_id uuid, p_person kasalan.persons, p_is_attending boolean, p_response jsonb, p_responded_at timestamp with time zone, p_recorded_by text, p_recorded_by_user uuid) from public, anon, authenticated;

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
    -- Each event's answers are its own: only the mark moves. The first event made the main one
    -- takes the whole wedding's answers (once per wedding); the replies it kept while it was not
    -- the main one give way to them. Every writer of an answer holds the wedding for share while it
    -- reads which event is the main one and writes, and this call holds it for no key update: no
    -- answer is halfway through here, and none is written to the whole wedding's row once it is gone.
    if v_old_main = kasalan_private.whole_wedding_event() then
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

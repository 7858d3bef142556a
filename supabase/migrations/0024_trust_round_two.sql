-- Trust, round two: what an attack on the public calls and the planning, events and door functions
-- found. The current definitions live in supabase/schemas/ (01_core, 03_rsvp, 06_invitations,
-- 09_limits, 10_wedding_file, 12_budget, 14_forecast).
--   - A visitor by name search is refused by the seat cap on what it may see only
--     (seat_cap_may_overflow): the refusal no longer tells how the others answered.
--   - A seat cap counts every event's yeses, also those kept while the event does not ask the
--     household; caps already below such kept yeses are raised to them, so nothing is lost and every
--     exported file imports.
--   - An import checks a gift's household, a supplier's budget line and an event reply's person
--     against the file's own rows before writing, the same answer whether or not the id exists.
--   - A seating chart with no tables does not keep a wedding from taking a file; empty_wedding.
--   - Table checks answered by the functions themselves, naming the field.
--   - Members other than the couple are counted when they type invitation codes, by account.
--   - An usher is not told the owner's account; open_invitation run read only is read_only_call.

-- Caps already below an event's kept yeses (possible before this change) are raised to them.
update kasalan.households g
set seat_cap = n.yeses
from (
  select r.household_id, max(r.yeses) as yeses
  from (
    select er.household_id, er.event_id, count(*) as yeses
    from kasalan.event_replies er
    where er.is_attending
    group by er.household_id, er.event_id
  ) r
  group by r.household_id
) n
where g.id = n.household_id and g.seat_cap is not null and n.yeses > g.seat_cap;

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
          select count(*) from kasalan.persons p
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
  v_wedding := kasalan.rsvp_wedding(p_household_id, p_person_id);
  v_access := kasalan.rsvp_access(v_wedding, p_household_id, p_code);
  -- A guest holding the household's code is never limited: only the name-search path is.
  if v_access = 'guest_search' then
    perform kasalan.rate_limit(v_wedding.id, 'rsvp');
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
    kasalan.rsvp_reply_json(p) || case when v_main is null then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end,
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

  return kasalan.rsvp_json(v_wedding, p_household_id, p_person_id, v_access);
end;
$$;

revoke execute on function kasalan.submit_rsvp(p_household_id uuid, p_person_id uuid, p_answers jsonb, p_message text, p_code text) from public;
grant execute on function kasalan.submit_rsvp(p_household_id uuid, p_person_id uuid, p_answers jsonb, p_message text, p_code text) to anon, authenticated;

-- A guest opens their household's link (/i/<token>): returns {slug, householdId, personId, code} (the
-- household's first person, and its code for the RSVP page's calls), and records that the link
-- was opened, unless the caller manages the wedding (the couple trying their own link). The token
-- is compared exactly. An unknown or renewed token, anything else (an old 8-character code
-- included), or a wedding not published, raises household_link_not_found and reveals nothing else.
-- Never rate limited: a token is 128 random bits, and a guest with their card always gets in.
-- Granted to anon and authenticated.
create or replace function kasalan.open_invitation(p_token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household kasalan.households;
  v_wedding kasalan.weddings;
  v_manages boolean;
  v_person_id uuid;
begin
  -- It records the opening: run read only (a GET), it is refused before anything is looked up.
  perform kasalan_private.require_writable();
  select * into v_household from kasalan.households g where g.invitation_token = left(coalesce(p_token, ''), 64);
  if not found then
    raise exception 'household_link_not_found';
  end if;
  select * into v_wedding from kasalan.weddings w where w.id = v_household.wedding_id;
  v_manages := (select auth.uid()) is not null and kasalan_private.can(v_wedding.id, 'view');
  if not (v_wedding.is_published or v_manages) then
    raise exception 'household_link_not_found';
  end if;
  select p.id into v_person_id from kasalan.persons p
  where p.household_id = v_household.id
  order by p.position, p.created_at, p.id
  limit 1;
  if v_person_id is null then
    raise exception 'household_link_not_found';
  end if;

  if not v_manages then
    update kasalan.households g
    set invitation_opened_at = coalesce(g.invitation_opened_at, now()),
        invitation_last_opened_at = now()
    where g.id = v_household.id;
  end if;

  return jsonb_build_object(
    'slug', v_wedding.slug, 'householdId', v_household.id, 'personId', v_person_id, 'code', v_household.invitation_code
  );
end;
$$;

revoke execute on function kasalan.open_invitation(p_token text) from public;
grant execute on function kasalan.open_invitation(p_token text) to anon, authenticated;

-- A guest types their printed code on a wedding's site (p_slug, its current address): returns
-- {status: 'found', slug, householdId, personId, code} and records "opened" as the link does, or
-- {status: 'not_found'} for a wrong code, an unknown address and a wedding not published alike
-- (the same work in each case: one lookup of the wedding, one of the code). The code is read as a
-- guest may type it (case, spaces and dashes ignored) and checked only within that wedding.
-- Every visitor's attempt on a published wedding counts under the rate limit's kind 'code' (10 a
-- minute, 30 an hour per caller, 300 an hour for the wedding): not_found is an answer, not an
-- error, so the attempt stays counted; past the limit every code, right or wrong, raises
-- rate_limited. The couple (owner and partner) are not counted; the wedding's other members are, by
-- their account (a code opens a household of either side), and their tries past the limit reach
-- the couple as a visitor's do (rate_probes). Granted to anon and authenticated.
create or replace function kasalan.open_invitation_code(p_slug text, p_code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text := kasalan.normalize_invitation_code(p_code);
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
    perform kasalan.rate_limit(v_target, 'code');
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

revoke execute on function kasalan.open_invitation_code(p_slug text, p_code text) from public;
grant execute on function kasalan.open_invitation_code(p_slug text, p_code text) to anon, authenticated;

-- Counts one visitor call of this kind on this wedding and says how it stands: 'ok', 'caller' when
-- this caller went over their own limit (per minute or per hour), or 'wedding' when the wedding's
-- calls of this kind from everyone together went over the hour's cap. Limits per caller: searches
-- 20 a minute and 150 an hour, RSVP loads and answers 30 and 200, codes 10 and 30; per wedding an
-- hour: 2000 searches, 3000 RSVP calls, 300 codes. The caller is kasalan_private.client_address()
-- hashed with the wedding (addresses are never stored), or for a member of the wedding (a family
-- helper, a coordinator, an usher: the couple is never counted) their account hashed with it. A refused call rolls back with its caller's
-- error, so the call that reaches a limit is the one that records the probe the couple sees.
-- Raises read_only_call in a read-only transaction, before writing anything.
create or replace function kasalan_private.count_call(p_wedding_id uuid, p_kind text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_caller text;
  v_minute integer;
  v_hour integer;
  v_wedding integer;
  v_limit_minute integer := case p_kind when 'search' then 20 when 'code' then 10 else 30 end;
  v_limit_hour integer := case p_kind when 'search' then 150 when 'code' then 30 else 200 end;
  v_limit_wedding integer := case p_kind when 'search' then 2000 when 'code' then 300 else 3000 end;
  v_hour_start timestamptz := date_trunc('hour', now());
begin
  perform kasalan_private.require_writable();
  -- A member of the wedding is counted by their account, wherever they call from.
  if exists (
    select 1 from kasalan.wedding_members m where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  ) then
    v_caller := md5(p_wedding_id::text || '|member|' || (select auth.uid())::text);
  else
    v_caller := md5(p_wedding_id::text || '|' || kasalan_private.client_address());
  end if;

  insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start)
  values (p_wedding_id, p_kind, v_caller, 'm', date_trunc('minute', now()))
  on conflict (wedding_id, kind, caller, span, window_start) do update set calls = c.calls + 1
  returning c.calls into v_minute;

  insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start)
  values (p_wedding_id, p_kind, v_caller, 'h', v_hour_start)
  on conflict (wedding_id, kind, caller, span, window_start) do update set calls = c.calls + 1
  returning c.calls into v_hour;

  insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start)
  values (p_wedding_id, p_kind, '*', 'h', v_hour_start)
  on conflict (wedding_id, kind, caller, span, window_start) do update set calls = c.calls + 1
  returning c.calls into v_wedding;

  if v_wedding = 1 then
    -- A new hour for this wedding: forget the counters of earlier ones, and old probes.
    delete from kasalan.rate_counters c
    where c.wedding_id = p_wedding_id and c.window_start < now() - interval '1 hour';
    delete from kasalan.rate_probes r
    where r.wedding_id = p_wedding_id and r.reached_at < now() - interval '60 days';
  end if;

  if v_minute = v_limit_minute or v_hour = v_limit_hour then
    insert into kasalan.rate_probes (wedding_id, kind, caller, window_start)
    values (p_wedding_id, p_kind, v_caller, v_hour_start)
    on conflict do nothing;
  end if;
  if v_wedding = v_limit_wedding then
    insert into kasalan.rate_probes (wedding_id, kind, caller, window_start)
    values (p_wedding_id, p_kind, '*', v_hour_start)
    on conflict do nothing;
  end if;

  if v_minute > v_limit_minute or v_hour > v_limit_hour then
    return 'caller';
  end if;
  if v_wedding > v_limit_wedding then
    return 'wedding';
  end if;
  return 'ok';
end;
$$;

revoke execute on function kasalan_private.count_call(p_wedding_id uuid, p_kind text) from public, anon, authenticated;

-- Whether every row of p_rows (a file's list) whose p_key is set names a row of p_table that is
-- this wedding's (imported from the same file before): a value of another wedding's, one that
-- exists nowhere and one that is no id at all answer alike. Helper of import_wedding.
create or replace function kasalan_private.wedding_file_refers_to_own(p_rows jsonb, p_key text, p_table regclass, p_wedding_id uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  v_missing boolean;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    return true;
  end if;
  execute format(
    'select exists (
       select 1 from pg_catalog.jsonb_array_elements($1) r
       where pg_catalog.jsonb_typeof(r.value -> $2) is distinct from ''null''
         and r.value ? $2
         and not exists (
           select 1 from %s t
           where t.wedding_id = $3
             and t.id::text = case when pg_catalog.jsonb_typeof(r.value -> $2) = ''string'' then pg_catalog.lower(r.value ->> $2) end
         )
     )',
    p_table
  ) into v_missing using p_rows, p_key, p_wedding_id;
  return not v_missing;
end;
$$;

revoke execute on function kasalan_private.wedding_file_refers_to_own(p_rows jsonb, p_key text, p_table regclass, p_wedding_id uuid) from public, anon, authenticated;

-- Imports a wedding file into the caller's empty wedding (wedding_not_empty otherwise: it has
-- guests, a seating chart with tables, checklist items, budget lines, suppliers or gifts): its details,
-- sections, households, persons and seating, and its plan: checklist, budget lines and their
-- payments, suppliers, gifts and thank-you messages (the file's messages replace the wedding's),
-- and its events' RSVP settings, invited households and replies (they replace the wedding's
-- settings; a reply must name a person of the file's household). A file without the plan's or the
-- events' lists (an earlier export) imports as before. A file of an earlier
-- export is read as today's (wedding_file_current). Ids and link tokens of the file already in
-- use in this database are replaced by fresh ones (kasalan.import_file_with_free_ids) rather than
-- refused, which would tell anyone whether a value existed in a wedding they do not manage; a
-- file moved from another database keeps every id, code and token, so its links still work.
-- import_ids_taken means only that the file repeats an id, token or code of its own. The accounts
-- a plan's row names (an assignee, who ticked an item, who added an item or gift) are kept only
-- when they are members of this wedding (wedding_file_members_only). A gift's household, a
-- supplier's budget line and an event reply's person must be the file's own, checked before the
-- row is written (wedding_file_refers_to_own), so the refusal is the same whether or not the id
-- exists elsewhere; a payment's line, a person's household and an event's invited household are
-- keys within this wedding, refused alike for any id not the file's. A file nested more than 64 levels deep (no export is near it) is refused with invalid_input
-- before anything reads it. Security definer; checks can_manage and binds every row to the
-- wedding. Called by "Your data"; granted to authenticated.
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
begin
  if not kasalan_private.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
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
    p_file := kasalan.import_file_with_free_ids(kasalan_private.wedding_file_current(p_file));

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
    perform kasalan.import_rows('sections', p_wedding_id, coalesce(p_file -> 'sections', '[]'::jsonb));
    perform kasalan.import_rows('households', p_wedding_id, coalesce(p_file -> 'households', '[]'::jsonb));
    perform kasalan.import_rows('persons', p_wedding_id, coalesce(p_file -> 'persons', '[]'::jsonb));
    delete from kasalan.wedding_events we where we.wedding_id = p_wedding_id;
    perform kasalan.import_rows('wedding_events', p_wedding_id, coalesce(p_file -> 'events', '[]'::jsonb));
    perform kasalan.import_rows('event_guests', p_wedding_id, coalesce(p_file -> 'eventGuests', '[]'::jsonb));
    -- A reference to a row the file does not have is refused before its key is tried, with the
    -- same answer whether or not that id exists in another wedding.
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'eventReplies', 'person_id', 'kasalan.persons', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'an event reply names a person the file does not have';
    end if;
    perform kasalan.import_rows('event_replies', p_wedding_id, kasalan_private.wedding_file_members_only(
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
    perform kasalan.import_rows('checklist_items', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'checklistItems', '[]'::jsonb), array['assignee_user', 'done_by', 'created_by'], p_wedding_id));
    perform kasalan.import_rows('budget_lines', p_wedding_id, coalesce(p_file -> 'budgetLines', '[]'::jsonb));
    perform kasalan.import_rows('budget_payments', p_wedding_id, coalesce(p_file -> 'budgetPayments', '[]'::jsonb));
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'suppliers', 'budget_line_id', 'kasalan.budget_lines', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'a supplier names a budget line the file does not have';
    end if;
    perform kasalan.import_rows('suppliers', p_wedding_id, coalesce(p_file -> 'suppliers', '[]'::jsonb));
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'gifts', 'household_id', 'kasalan.households', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'a gift names a household the file does not have';
    end if;
    perform kasalan.import_rows('gifts', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'gifts', '[]'::jsonb), array['created_by'], p_wedding_id));
    if p_file ? 'giftThankYouTemplates' then
      delete from kasalan.gift_thank_you_templates tt where tt.wedding_id = p_wedding_id;
      perform kasalan.import_rows('gift_thank_you_templates', p_wedding_id, p_file -> 'giftThankYouTemplates');
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

revoke execute on function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb) from public, anon;
grant execute on function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb) to authenticated;

-- Empties a wedding for a fresh start, or to import a wedding file into it: removes its households
-- with their persons, replies, invitations and arrivals, its seating chart, its checklist, budget
-- (lines and payments), suppliers, gifts and the door's walk-ins and log, in one transaction (the
-- activity feed records each household deleted, as a delete on the guest list does). The
-- wedding's details, website, events, members and activity feed stay. For the owner alone, as
-- deleting the wedding is (wedding_not_found for anyone else, never saying which). Called by "Your
-- data"; granted to authenticated.
create or replace function kasalan.empty_wedding(p_wedding_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not kasalan_private.can(p_wedding_id, 'delete_wedding') then
    raise exception 'wedding_not_found';
  end if;
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

revoke execute on function kasalan.empty_wedding(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.empty_wedding(p_wedding_id uuid) to authenticated;

-- Adds a budget line (p_line_id null) or changes one, in one of the ten categories or one the
-- couple names (1 to 60 characters). A per-head line gives p_price_per_head and
-- p_head_count_basis ('attending' or 'invited') and no p_quote. Amounts in centavos. Returns the
-- line's id. Those who see the money only (else wedding_not_found); budget_line_not_found when
-- p_line_id is not a line of this wedding. Granted to authenticated.
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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'money') then
    raise exception 'wedding_not_found';
  end if;
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

revoke execute on function kasalan.save_budget_line(p_wedding_id uuid, p_line_id uuid, p_category text, p_name text, p_estimate bigint, p_quote bigint, p_price_per_head bigint, p_head_count_basis text, p_actual bigint, p_with_service boolean, p_with_vat boolean) from public, anon;
grant execute on function kasalan.save_budget_line(p_wedding_id uuid, p_line_id uuid, p_category text, p_name text, p_estimate bigint, p_quote bigint, p_price_per_head bigint, p_head_count_basis text, p_actual bigint, p_with_service boolean, p_with_vat boolean) to authenticated;

-- Adds a payment to a budget line (p_payment_id null) or changes one: p_kind down_payment, balance
-- or other; exactly one of p_amount (centavos) and p_percent (of the line's price); p_paid_on only
-- when p_paid. Returns the payment's id. Those who see the money only (else wedding_not_found);
-- budget_line_not_found, budget_payment_not_found. Granted to authenticated.
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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'money') then
    raise exception 'wedding_not_found';
  end if;
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

revoke execute on function kasalan.save_budget_payment(p_wedding_id uuid, p_payment_id uuid, p_line_id uuid, p_kind text, p_amount bigint, p_percent numeric, p_due_on date, p_paid boolean, p_paid_on date) from public, anon;
grant execute on function kasalan.save_budget_payment(p_wedding_id uuid, p_payment_id uuid, p_line_id uuid, p_kind text, p_amount bigint, p_percent numeric, p_due_on date, p_paid boolean, p_paid_on date) to authenticated;

-- Adds a supplier (p_supplier_id null) or changes one. p_contract (centavos) and p_budget_line_id
-- are the money's: from a caller who does not see the money they are left as they were (none on
-- a new supplier). Returns the supplier's id. Those who plan (else wedding_not_found);
-- supplier_not_found, budget_line_not_found; invalid_input naming the field for a phone over 40
-- characters, a Messenger name over 100, notes over 2,000 or a contract out of range. Granted to
-- authenticated.
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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'plan') then
    raise exception 'wedding_not_found';
  end if;
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

revoke execute on function kasalan.save_supplier(p_wedding_id uuid, p_supplier_id uuid, p_name text, p_service text, p_phone text, p_messenger text, p_notes text, p_status text, p_contract bigint, p_budget_line_id uuid) from public, anon;
grant execute on function kasalan.save_supplier(p_wedding_id uuid, p_supplier_id uuid, p_name text, p_service text, p_phone text, p_messenger text, p_notes text, p_status text, p_contract bigint, p_budget_line_id uuid) to authenticated;

-- Raises rsvp_over_seat_cap when a person's reply makes more of a household's persons attending
-- than its seat cap, for the wedding (the main event) or for another event (a reply in
-- event_replies: that event's yeses), and seat_cap_below_attending when a cap is lowered below the
-- persons already attending, for the wedding or any event, also one whose replies are kept while
-- its RSVPs are off or the household is off its private list (the couple records a "no" first).
-- So no event's yeses, live or kept, are ever more than the seats, and bringing kept replies back
-- (RSVPs on again, invited again, made the main event) or importing an exported file always fits. Takes the household's row lock before counting, as submit_rsvp and record_rsvp do, so
-- two replies of one household at once are counted one after the other. Security definer so that
-- it counts every person whoever writes. Trigger function only; nobody calls it.
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
  if tg_table_name = 'event_replies' then
    select count(*) into v_attending
    from kasalan.event_replies r
    where r.household_id = v_household_id and r.wedding_id = new.wedding_id and r.event_id = new.event_id and r.is_attending;
  else
    select count(*) into v_attending
    from kasalan.persons p
    where p.household_id = v_household_id and p.is_attending;
  end if;
  if tg_table_name = 'households' then
    -- Every event's yeses, also those kept while its RSVPs are off or the household is not on its
    -- private list: they come back as they are when it asks again, so they must fit too.
    select greatest(v_attending, coalesce(max(n.yeses), 0)) into v_attending
    from (
      select count(*) as yeses
      from kasalan.event_replies r
      where r.household_id = v_household_id and r.wedding_id = new.wedding_id and r.is_attending
      group by r.event_id
    ) n;
  end if;
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

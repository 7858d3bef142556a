-- 0035: one RSVP model. Every answer is a row of event_replies, for one event. The seated (main)
-- event's answers were the persons' own columns and every other event's were replies, so changing
-- the main event swapped them and every reader and writer had two paths. Now each wedding has
-- exactly one main wedding_events row: the seated schedule event, or, while no event was ever the
-- main one, the whole wedding (event_id kasalan_private.whole_wedding_event(), in no schedule).
-- The persons' answers become that row's replies; persons loses is_attending, response,
-- responded_at and rsvp_recorded_by, and the seat-cap trigger on them. Changing the main event
-- moves the mark and no answer. kasalan_private.persons_with_answer shows each person with their
-- main answer as the screens read it, so every answer's shape stays as it was. Older wedding files
-- are read into the same shape (wedding_file_current).


-- =============================================================================================
-- The main event of every wedding
-- =============================================================================================


-- The event id of the whole wedding, answered as one: the main event of a wedding none of whose
-- schedule events was ever the main one. The same for every wedding (the key is per wedding), in
-- no schedule (kasalan_private.schedule_with_ids refuses it). Helper.
create or replace function kasalan_private.whole_wedding_event()
returns uuid
language sql
immutable
set search_path = ''
as $$
  select '00000000-0000-0000-0000-000000000000'::uuid
$$;

revoke execute on function kasalan_private.whole_wedding_event() from public, anon, authenticated;

-- The wedding's main event: the one whose answers are the persons' own. Helper.
create or replace function kasalan_private.main_event_id(p_wedding_id uuid)
returns uuid
language sql
stable
set search_path = ''
as $$
  select we.event_id from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.is_main
$$;

revoke execute on function kasalan_private.main_event_id(p_wedding_id uuid) from public, anon, authenticated;

-- Gives a new wedding its main event, the whole wedding. Trigger function only; nobody calls it.
create or replace function kasalan_private.add_main_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into kasalan.wedding_events (wedding_id, event_id, is_main)
  values (new.id, kasalan_private.whole_wedding_event(), true)
  on conflict do nothing;
  return null;
end;
$$;

revoke execute on function kasalan_private.add_main_event() from public, anon, authenticated;

create trigger weddings_add_main_event after insert
  on kasalan.weddings
  for each row
  execute function kasalan_private.add_main_event();

-- =============================================================================================
-- The answers move
-- =============================================================================================


-- A wedding none of whose events was ever the main one answers as one: its whole-wedding row.
insert into kasalan.wedding_events (wedding_id, event_id, takes_rsvp, is_private, is_main)
select w.id, kasalan_private.whole_wedding_event(), false, false, true
from kasalan.weddings w
where not exists (select 1 from kasalan.wedding_events we where we.wedding_id = w.id and we.is_main);

-- The replies the main event kept from before it was the main one were ignored while it is: the
-- persons' answers are its answers.
delete from kasalan.event_replies r
using kasalan.wedding_events m
where m.wedding_id = r.wedding_id and m.event_id = r.event_id and m.is_main;

-- The persons' answers become the main event's replies. Who on the couple's side recorded one (the
-- persons kept only 'couple') is read back from the history, as changing the main event did: the
-- latest change for that event, when it gave this answer.
insert into kasalan.event_replies (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
select p.wedding_id, m.event_id, p.id, p.household_id, p.is_attending, p.response, p.responded_at,
  case when p.rsvp_recorded_by = 'couple' then coalesce(c.changed_by, 'couple') else p.rsvp_recorded_by end,
  case when p.rsvp_recorded_by = 'couple' then c.changed_by_user end
from kasalan.persons p
join kasalan.wedding_events m on m.wedding_id = p.wedding_id and m.is_main
left join lateral (
  select l.changed_by, (select u.id from auth.users u where u.id = l.changed_by_user) as changed_by_user
  from (
    select h.changed_by, h.changed_by_user, h.current
    from kasalan.rsvp_changes h
    where h.person_id = p.id
      and case when m.event_id = kasalan_private.whole_wedding_event()
        then not (h.current ? 'eventId') and not (h.current ? 'mainEventId')
        else h.current ->> 'eventId' = m.event_id::text or h.current ->> 'mainEventId' = m.event_id::text end
    order by h.changed_at desc, h.id desc
    limit 1
  ) l
  where l.changed_by in ('couple', 'member')
    and l.current -> 'isAttending' = to_jsonb(p.is_attending)
) c on true
where p.is_attending is not null;

drop trigger persons_seat_cap_holds on kasalan.persons;
drop function kasalan_private.rsvp_reply_json(p_person kasalan.persons);
alter table kasalan.persons
  drop column is_attending,
  drop column response,
  drop column responded_at,
  drop column rsvp_recorded_by;

-- Every person with their answer to the wedding's main event, as the guest list, the RSVP lists,
-- seating, invitations and the door show it: is_attending (null: no answer yet), response,
-- responded_at and rsvp_recorded_by ('guest', or 'couple' for anyone on the couple's side). Read by
-- functions only.
create view kasalan_private.persons_with_answer as
  select p.*, r.is_attending, coalesce(r.response, '[]'::jsonb) as response, r.responded_at,
    case when r.recorded_by = 'guest' then 'guest' when r.recorded_by is not null then 'couple' end as rsvp_recorded_by
  from kasalan.persons p
  left join kasalan.wedding_events m on m.wedding_id = p.wedding_id and m.is_main
  left join kasalan.event_replies r on r.wedding_id = p.wedding_id and r.event_id = m.event_id and r.person_id = p.id;
revoke all on kasalan_private.persons_with_answer from public, anon, authenticated;

-- =============================================================================================
-- households
-- =============================================================================================


-- A household in the contract's Household shape, with its persons in order and their answers (the
-- main event's). Helper of the functions below.
create or replace function kasalan_private.household_json(p_household kasalan.households)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
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
            'knownAs', p.known_as,
            'maidenName', p.maiden_name,
            'notes', p.notes,
            'emailHistory', p.email_history,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'position', p.position
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

revoke execute on function kasalan_private.household_json(p_household kasalan.households) from public, anon, authenticated;

-- The wedding's households in the Household shape of household_json, with lastChange (who last
-- changed each one), oldest first. Built in one pass: the persons are grouped once for the whole
-- wedding rather than one subquery per household (a third of the call at 2,000 households).
-- Security definer, with the rule of the tables' row-level security applied once: any member but
-- an usher reads the list (wedding_not_found for anyone else), a family helper only their side's
-- households, and every person of a household they read. Checking each of 7,000 rows under RLS
-- was half of the call at 2,000 households. Granted to authenticated.
create or replace function kasalan.list_households(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_role text;
  v_side text;
begin
  select m.role, m.side into v_role, v_side
  from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid());
  if v_role is null or v_role = 'usher' then
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
            'knownAs', p.known_as,
            'maidenName', p.maiden_name,
            'notes', p.notes,
            'emailHistory', p.email_history,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'position', p.position
          )
          order by p.position, p.created_at, p.id
        ) as persons
        from kasalan_private.persons_with_answer p
        where p.wedding_id = p_wedding_id
        group by p.household_id
      ) p on p.household_id = g.id
      left join kasalan_private.household_last_changes(p_wedding_id) c on c.household_id = g.id
      where g.wedding_id = p_wedding_id
        and (v_role <> 'family_helper' or g.relationship_side = v_side)
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.list_households(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_households(p_wedding_id uuid) to authenticated;

-- The spreadsheet import's households, persons and replies, each written in one statement: what
-- import_households does household by household through write_household, with the same checks
-- (json_text's on every field, the seat cap, side, type, address, a first name and an adult in
-- each household, the replies' form and answers) and the same rows, ids and creation times.
-- Returns {households, persons, replies, householdIds, sides}, or null when a household would be
-- refused by a check made here before writing; a refusal while writing raises. Either way
-- import_households then goes household by household, which says which household and why, as it
-- always has. At 2,000 households this is a few statements instead of some 40,000. Helper of
-- import_households, which has checked the caller and quieted the activity triggers.
-- Over 100 lines: one statement per table, each carrying write_household's checks as SQL over the
-- whole file; split, the same JSON would travel between functions and the statements lose their
-- one plan.
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
  v_main uuid := kasalan_private.main_event_id(p_wedding_id);
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

  -- The replies that came with the file, to the main event: each logged, then set, as the couple's.
  with
    replies as (
      select r.n, p.pos - 1 as position, (p.value #>> '{reply,isAttending}')::boolean as attending, p.value #> '{reply,response}' as answers
      from jsonb_array_elements(p_households) with ordinality r(h, n)
      cross join lateral jsonb_array_elements(r.h -> 'persons') with ordinality p(value, pos)
      where jsonb_typeof(p.value #> '{reply,isAttending}') = 'boolean'
    ),
    targets as (
      select pe.id, pe.household_id, x.attending, x.n, x.position,
        case when x.attending then kasalan_private.rsvp_response(p_questions, x.answers) else '[]'::jsonb end as response
      from replies x
      join kasalan.persons pe on pe.household_id = v_ids[x.n] and pe.position = x.position
    ),
    logged as (
      insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
      select p_wedding_id, t.household_id, t.id, p_kind, auth.uid(), kasalan_private.rsvp_reply_json(null::kasalan.event_replies),
        jsonb_build_object('isAttending', t.attending, 'response', t.response, 'respondedAt', now(), 'recordedBy', 'couple')
      from targets t
      order by t.n, t.position
    )
  insert into kasalan.event_replies (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
  select p_wedding_id, v_main, t.id, t.household_id, t.attending, t.response, now(), p_kind, auth.uid()
  from targets t;
  get diagnostics v_replies = row_count;

  v_sides := array(
    select g.relationship_side from unnest(v_ids) with ordinality x(id, n)
    join kasalan.households g on g.id = x.id
    order by x.n
  );
  return jsonb_build_object('households', v_count, 'persons', v_persons, 'replies', v_replies, 'householdIds', to_jsonb(v_ids), 'sides', to_jsonb(v_sides));
end;
$$;

revoke execute on function kasalan_private.import_households_at_once(p_wedding_id uuid, p_households jsonb, p_questions jsonb, p_kind text) from public, anon, authenticated;

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
  select w.rsvp_questions into v_questions from kasalan.weddings w where w.id = p_wedding_id;
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

-- =============================================================================================
-- rsvp
-- =============================================================================================


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

-- A household as the RSVP lists show it: contact, message and each person's answers, with
-- recordedByName: who recorded a reply the couple's side recorded (null: the caller, or a guest). Helper of list_rsvps and record_rsvp; granted to authenticated.
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
-- p_is_attending true/false with p_response [{questionId, answer}] (kept only when attending), or
-- null to put the person back to pending. Ignores the deadline; not the household's seat cap
-- (rsvp_over_seat_cap). When events take RSVPs this is the main event's answer, checked against
-- the questions asked with it (kasalan_private.event_questions); the other events' replies are
-- recorded with record_event_reply. Returns the person's household in the shape list_rsvps gives.
-- For the owner, partner and coordinator. Granted to authenticated.
create or replace function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_questions jsonb;
  v_person kasalan.persons;
  v_previous jsonb;
  v_response jsonb;
  v_main uuid;
  v_key jsonb;
  v_store uuid := kasalan_private.main_event_id(p_wedding_id);
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
  v_key := case when v_main is null then '{}'::jsonb else jsonb_build_object('mainEventId', v_main) end;

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
  select kasalan_private.rsvp_reply_json(r) into v_previous
  from (select) x
  left join kasalan.event_replies r on r.wedding_id = p_wedding_id and r.event_id = v_store and r.person_id = v_person.id;
  if v_previous - 'respondedAt' is distinct from jsonb_build_object(
    'isAttending', p_is_attending,
    'response', v_response,
    'recordedBy', case when p_is_attending is null then null else 'couple' end
  ) then
    insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_person.household_id, v_person.id, kasalan_private.rsvp_manager_kind(p_wedding_id), auth.uid(),
      v_previous || v_key,
      jsonb_build_object(
        'isAttending', p_is_attending,
        'response', v_response,
        'respondedAt', case when p_is_attending is null then null else now() end,
        'recordedBy', case when p_is_attending is null then null else 'couple' end
      ) || v_key
    );
  end if;

  perform kasalan_private.set_reply(
    p_wedding_id, v_store, v_person, p_is_attending, v_response, now(), kasalan_private.rsvp_manager_kind(p_wedding_id), auth.uid()
  );

  return (select kasalan_private.rsvp_household_json(g) from kasalan.households g where g.id = v_person.household_id);
end;
$$;

revoke execute on function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb) from public, anon;
grant execute on function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb) to authenticated;

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
  -- The household first, as submit_rsvp and record_rsvp take it (its seat cap is counted under it).
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

-- =============================================================================================
-- invitations
-- =============================================================================================


-- A household as the invitations screen shows it: its persons, code, state and sends, its link
-- token (token) and when its last sent link stopped working
-- (linkReplacedAt, null when the card it holds still opens). Helper of the invitation calls.
create or replace function kasalan_private.invitation_json(p_household kasalan.households)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return (
  select jsonb_build_object(
    'householdId', p_household.id,
    'code', p_household.invitation_code,
    'token', p_household.invitation_token,
    'linkReplacedAt', p_household.link_replaced_at,
    'email', p_household.email,
    'phone', p_household.phone,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name)
          order by p.position, p.created_at, p.id
        )
        from kasalan.persons p
        where p.household_id = p_household.id
      ),
      '[]'::jsonb
    ),
    'state', case
      when a.answered_at is not null or a.answered then 'answered'
      when p_household.invitation_opened_at is not null then 'opened'
      when s.first_at is not null then 'invited'
      else 'not_invited'
    end,
    'invitedAt', s.first_at,
    'invitedVia', s.first_channel,
    'lastSentAt', s.last_at,
    'lastChannel', s.last_channel,
    'sends', coalesce(s.sends, 0),
    'openedAt', p_household.invitation_opened_at,
    'lastOpenedAt', p_household.invitation_last_opened_at,
    'answered', coalesce(a.answered, false),
    'answeredAt', a.answered_at
  )
  from (
    select
      bool_or(p.is_attending is not null) as answered,
      max(p.responded_at) filter (where p.is_attending is not null) as answered_at
    from kasalan_private.persons_with_answer p
    where p.household_id = p_household.id
  ) a
  cross join (
    select
      count(*) as sends,
      min(x.sent_at) as first_at,
      (array_agg(x.channel order by x.sent_at, x.id))[1] as first_channel,
      max(x.sent_at) as last_at,
      (array_agg(x.channel order by x.sent_at desc, x.id))[1] as last_channel
    from kasalan.invitation_sends x
    where x.household_id = p_household.id
  ) s
  );
end;
$$;

revoke execute on function kasalan_private.invitation_json(p_household kasalan.households) from public, anon, authenticated;

-- Each household's invitation state as the guest list and the RSVPs tab show it, only for the
-- households past "not invited" and that the caller may see: [{householdId, state, invitedAt,
-- invitedVia, openedAt}], computed as invitation_json computes them. wedding_not_found unless the
-- caller is a member of the wedding. Security definer (the sends are not readable as a table);
-- granted to authenticated.
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
          from kasalan_private.persons_with_answer p
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

revoke execute on function kasalan.list_invitation_states(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_invitation_states(p_wedding_id uuid) to authenticated;

-- =============================================================================================
-- wedding file
-- =============================================================================================


-- A wedding file as today's import reads it. A file exported before households had their own
-- name calls a person's household guest_id and a seat's guestId: both become household_id and
-- householdId. A file exported before every answer was an event's reply keeps the main event's
-- answers on the persons (is_attending, response, responded_at, rsvp_recorded_by): they become the
-- main event's replies (the whole wedding's when no event is marked main), in place of the replies
-- the file kept for that event (ignored while it was the main one). Helper of import_wedding.
create or replace function kasalan_private.wedding_file_current(p_file jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_main jsonb;
begin
  if jsonb_typeof(p_file -> 'seatingLayout') = 'object' and jsonb_typeof(p_file #> '{seatingLayout,seats}') = 'array' then
    p_file := p_file || jsonb_build_object('seatingLayout', jsonb_set(p_file -> 'seatingLayout', '{seats}',
      kasalan_private.renamed_key(p_file #> '{seatingLayout,seats}', 'guestId', 'householdId')));
  end if;
  if jsonb_typeof(p_file -> 'persons') is distinct from 'array' then
    return p_file;
  end if;
  p_file := p_file || jsonb_build_object('persons', kasalan_private.renamed_key(p_file -> 'persons', 'guest_id', 'household_id'));
  if not exists (select 1 from jsonb_array_elements(p_file -> 'persons') p where jsonb_typeof(p.value) = 'object' and p.value ? 'is_attending') then
    return p_file;
  end if;

  if jsonb_typeof(p_file -> 'events') is distinct from 'array' then
    p_file := p_file || jsonb_build_object('events', '[]'::jsonb);
  end if;
  select e.value -> 'event_id' into v_main
  from jsonb_array_elements(p_file -> 'events') e
  where jsonb_typeof(e.value) = 'object' and e.value -> 'is_main' = 'true'::jsonb
  limit 1;
  if v_main is null then
    v_main := to_jsonb(kasalan_private.whole_wedding_event());
    p_file := jsonb_set(p_file, '{events}', (p_file -> 'events') || jsonb_build_array(
      jsonb_build_object('event_id', v_main, 'takes_rsvp', false, 'is_private', false, 'is_main', true)
    ));
  end if;
  return p_file || jsonb_build_object(
    'persons', (
      select jsonb_agg(
        case when jsonb_typeof(p.value) = 'object' then p.value - 'is_attending' - 'response' - 'responded_at' - 'rsvp_recorded_by' else p.value end
        order by p.ordinality
      )
      from jsonb_array_elements(p_file -> 'persons') with ordinality p
    ),
    'eventReplies', coalesce(
      (
        select jsonb_agg(r.value order by r.ordinality)
        from jsonb_array_elements(case when jsonb_typeof(p_file -> 'eventReplies') = 'array' then p_file -> 'eventReplies' else '[]'::jsonb end) with ordinality r
        where jsonb_typeof(r.value) is distinct from 'object' or r.value -> 'event_id' is distinct from v_main
      ),
      '[]'::jsonb
    ) || coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'event_id', v_main,
            'person_id', p.value -> 'id',
            'household_id', p.value -> 'household_id',
            'is_attending', p.value -> 'is_attending',
            'response', coalesce(p.value -> 'response', '[]'::jsonb),
            'responded_at', p.value -> 'responded_at',
            'recorded_by', p.value -> 'rsvp_recorded_by'
          )
          order by p.ordinality
        )
        from jsonb_array_elements(p_file -> 'persons') with ordinality p
        where jsonb_typeof(p.value) = 'object' and coalesce(jsonb_typeof(p.value -> 'is_attending'), 'null') <> 'null'
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan_private.wedding_file_current(p_file jsonb) from public, anon, authenticated;

-- Imports a wedding file into the caller's empty wedding (wedding_not_empty otherwise: it has
-- guests, a seating chart with tables, checklist items, budget lines, suppliers or gifts): its details,
-- sections, households, persons and seating, and its plan: checklist, budget lines and their
-- payments, suppliers, gifts and thank-you messages (the file's messages replace the wedding's),
-- and its events' RSVP settings, invited households and replies (they replace the wedding's
-- settings; a reply must name a person of the file's household), and the couple's own nicknames
-- (they replace the wedding's). A file without the plan's, the events' or the nicknames' lists, or
-- whose persons have no known-as or maiden names (an earlier export), imports as before. A file of an earlier
-- export is read as today's (wedding_file_current). Ids and link tokens of the file already in
-- use in this database are replaced by fresh ones (kasalan_private.import_file_with_free_ids) rather than
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
-- Over 100 lines: the file's lists are written in one transaction, in the order their keys need
-- (households before persons, lines before payments, events before replies).
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
      -- On their side when they all share one.
      select min(g.relationship_side) into v_side
      from kasalan.households g where g.wedding_id = p_wedding_id
      having count(distinct g.relationship_side) = 1 and count(g.relationship_side) = count(*);
      perform kasalan_private.add_activity(p_wedding_id, 'households_imported', null,
        jsonb_build_object('count', cardinality(v_household_ids), 'householdIds', to_jsonb(v_household_ids)),
        p_household_side => v_side);
    end if;
    delete from kasalan.wedding_events we where we.wedding_id = p_wedding_id;
    perform kasalan_private.import_rows('wedding_events', p_wedding_id, coalesce(p_file -> 'events', '[]'::jsonb));
    -- A wedding always has its main event: the whole wedding when the file marks none.
    insert into kasalan.wedding_events (wedding_id, event_id, is_main)
    select p_wedding_id, kasalan_private.whole_wedding_event(), true
    where not exists (select 1 from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.is_main);
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

revoke execute on function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb) from public, anon;
grant execute on function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb) to authenticated;

-- =============================================================================================
-- budget
-- =============================================================================================


-- The suppliers, in the categories' order: {id, name, service, phone, messenger, notes, status,
-- contractCentavos, budgetLineId, budgetLineName, payments}. The money (contract, budget line and
-- its payments) is null unless the caller sees the money. Those who plan (owner, partner,
-- coordinator; else wedding_not_found). Called by the suppliers page; granted to authenticated.
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
    from kasalan_private.persons_with_answer p
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

revoke execute on function kasalan.list_suppliers(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_suppliers(p_wedding_id uuid) to authenticated;

-- =============================================================================================
-- forecast
-- =============================================================================================


-- Raises rsvp_over_seat_cap when a person's reply makes more of a household's persons attending
-- than its seat cap for that event (the main one, the persons' own answers, or another), and
-- seat_cap_below_attending when a cap is lowered below the
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
    -- Every event's yeses, also those kept while its RSVPs are off or the household is not on its
    -- private list: they come back as they are when it asks again, so they must fit too.
    select coalesce(max(n.yeses), 0) into v_attending
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

-- =============================================================================================
-- check-in
-- =============================================================================================


-- The tables of the wedding's seating chart as the door needs them (only p_table_id when given):
-- id, name, how many seats, how many of them hold a person still on the guest list who has not
-- declined (a guest who said no leaves their seat free for a walk-in), and the walk-ins seated
-- there. Seated persons are found by their uuid, through the persons' key. Helper of the functions
-- below; nobody calls it.
create or replace function kasalan_private.checkin_tables(p_wedding_id uuid, p_table_id text default NULL::text)
returns table (table_id text, table_name text, table_order bigint, seats integer, seated integer, walk_ins integer)
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
  select
    t ->> 'id',
    t ->> 'name',
    tables.ord,
    (select count(*)::integer from jsonb_array_elements(l.layout -> 'seats') s where s ->> 'tableId' = t ->> 'id'),
    (
      select count(*)::integer
      from jsonb_array_elements(l.layout -> 'seats') s
      join kasalan_private.persons_with_answer p
        on p.id = case
          when s ->> 'personId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (s ->> 'personId')::uuid
        end
      where s ->> 'tableId' = t ->> 'id' and p.wedding_id = p_wedding_id and p.is_attending is distinct from false
    ),
    (
      select count(*)::integer from kasalan.checkin_walk_ins w
      where w.wedding_id = p_wedding_id and w.table_id = t ->> 'id' and not w.removed
    )
  from kasalan.seating_layouts l
  cross join jsonb_array_elements(coalesce(l.layout -> 'tables', '[]'::jsonb)) with ordinality as tables(t, ord)
  where l.wedding_id = p_wedding_id and (p_table_id is null or t ->> 'id' = p_table_id);
end;
$$;

revoke execute on function kasalan_private.checkin_tables(p_wedding_id uuid, p_table_id text) from public, anon, authenticated;

-- What the door needs of the guest list, and nothing more: {version, households: [{id, side,
-- tokenKey, mayCome, persons: [{id, firstName, lastName, type, attending, tableId, seat}]}], tables: [{id,
-- name, seats, seated}], arrivals: [personId], walkIns: [{id, tableId, name}]}. Names, the table
-- and seat (its number at its table), whether the person said yes (true), no (false) or not yet
-- (null); never an address, e-mail, phone, note, answer or message. tokenKey: the first 32 hex
-- digits of the SHA-256 of the household's invitation link token, so the phone recognises a
-- scanned invitation without holding the links themselves. mayCome: the persons of the household
-- who may come, as the forecast counts them (the yeses and those still to answer within its seats:
-- kasalan_private.household_tally), so the door's "expected" is the forecast's. For members who check in (owner,
-- partner, coordinator, usher); else wedding_not_found. Called by the check-in screen.
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
            from kasalan_private.persons_with_answer p
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

revoke execute on function kasalan.get_checkin_roster(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.get_checkin_roster(p_wedding_id uuid) to authenticated;

-- =============================================================================================
-- events
-- =============================================================================================


-- A schedule section's data with an id on every event: an event without one (or with a blank one)
-- gets a new uuid; an id is kept in lower case. Raises invalid_input for an id that is not a uuid
-- (or is the whole wedding's) or that two events share. Anything else (events that are not objects) is left for section_data_problem to judge.
-- Helper of the sections trigger (kasalan_private.check_section_content) and of migration 0023.
create or replace function kasalan_private.schedule_with_ids(p_data jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_events jsonb := '[]';
  v_event jsonb;
  v_id text;
  v_ids text[] := '{}';
begin
  if jsonb_typeof(p_data) is distinct from 'object' or jsonb_typeof(p_data -> 'events') is distinct from 'array' then
    return p_data;
  end if;
  for v_event in select e.value from jsonb_array_elements(p_data -> 'events') with ordinality e order by e.ordinality loop
    if jsonb_typeof(v_event) = 'object' then
      if v_event ? 'id' and jsonb_typeof(v_event -> 'id') <> 'null' and btrim(coalesce(v_event ->> 'id', '')) <> '' then
        if jsonb_typeof(v_event -> 'id') <> 'string'
          or (v_event ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then
          raise exception 'invalid_input' using detail = 'an event id must be a uuid';
        end if;
        v_id := lower(v_event ->> 'id');
        if v_id::uuid = kasalan_private.whole_wedding_event() then
          raise exception 'invalid_input' using detail = 'an event id must be a uuid';
        end if;
      else
        v_id := extensions.gen_random_uuid()::text;
      end if;
      if v_id = any (v_ids) then
        raise exception 'invalid_input' using detail = 'two events have the same id';
      end if;
      v_ids := v_ids || v_id;
      v_event := v_event || jsonb_build_object('id', v_id);
    end if;
    v_events := v_events || jsonb_build_array(v_event);
  end loop;
  return jsonb_set(p_data, '{events}', v_events);
end;
$$;

revoke execute on function kasalan_private.schedule_with_ids(p_data jsonb) from public, anon, authenticated;

-- A person's answer to the main event as the history keeps it ({isAttending, response, respondedAt,
-- recordedBy}: 'guest', or 'couple' for anyone on the couple's side; all null but response [] when
-- they have none). Helper.
create or replace function kasalan_private.rsvp_reply_json(p_reply kasalan.event_replies)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'isAttending', p_reply.is_attending,
    'response', coalesce(p_reply.response, '[]'::jsonb),
    'respondedAt', p_reply.responded_at,
    'recordedBy', case when p_reply.recorded_by = 'guest' then 'guest' when p_reply.recorded_by is not null then 'couple' end
  )
$$;

revoke execute on function kasalan_private.rsvp_reply_json(p_reply kasalan.event_replies) from public, anon, authenticated;

-- Sets a person's answer for one event (p_is_attending null: no answer, the reply deleted); returns
-- the reply (null when none). The caller holds the household's lock and keeps the history. Helper
-- of the reply functions.
create or replace function kasalan_private.set_reply(p_wedding_id uuid, p_event_id uuid, p_person kasalan.persons, p_is_attending boolean, p_response jsonb, p_responded_at timestamp with time zone, p_recorded_by text, p_recorded_by_user uuid)
returns kasalan.event_replies
language plpgsql
set search_path = ''
as $$
declare
  v_reply kasalan.event_replies;
begin
  if p_is_attending is null then
    delete from kasalan.event_replies r
    where r.wedding_id = p_wedding_id and r.event_id = p_event_id and r.person_id = p_person.id;
    return null;
  end if;
  insert into kasalan.event_replies as r (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
  values (p_wedding_id, p_event_id, p_person.id, p_person.household_id, p_is_attending, p_response, p_responded_at, p_recorded_by, p_recorded_by_user)
  on conflict (wedding_id, event_id, person_id) do update
  set is_attending = excluded.is_attending,
      response = excluded.response,
      responded_at = excluded.responded_at,
      recorded_by = excluded.recorded_by,
      recorded_by_user = excluded.recorded_by_user
  returning * into v_reply;
  return v_reply;
end;
$$;

revoke execute on function kasalan_private.set_reply(p_wedding_id uuid, p_event_id uuid, p_person kasalan.persons, p_is_attending boolean, p_response jsonb, p_responded_at timestamp with time zone, p_recorded_by text, p_recorded_by_user uuid) from public, anon, authenticated;

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
    and kasalan_private.event_invites(p_wedding_id, we.event_id, we.is_private, p.household_id)
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
    -- Each event's answers are its own: only the mark moves. The first event made the main one
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

-- Records (or corrects) one person's reply to an RSVP event other than the main one, on their
-- behalf: p_is_attending true/false with p_response [{questionId, answer}] (checked against the
-- event's questions, kept only when attending), or null to put them back to pending. Ignores the
-- deadline; not the household's seat cap for the event (rsvp_over_seat_cap). The main event is
-- answered with record_rsvp. Returns {eventId, personId, householdId, isAttending, response,
-- respondedAt, recordedBy}. Raises wedding_not_found (not owner, partner or coordinator),
-- person_not_found, event_not_found (not an event of the schedule taking RSVPs), invalid_input (the
-- main event, or a private event not inviting the person's household). Granted to authenticated.
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

  v_reply := kasalan_private.set_reply(p_wedding_id, p_event_id, v_person, p_is_attending, v_response, now(), v_kind, auth.uid());

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

revoke execute on function kasalan.record_event_reply(p_wedding_id uuid, p_event_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb) from public, anon;
grant execute on function kasalan.record_event_reply(p_wedding_id uuid, p_event_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb) to authenticated;

-- =============================================================================================
-- Statistics
-- =============================================================================================


-- PGlite never analyzes by itself (0027): the planner reads the moved answers with fresh figures.
analyze kasalan.event_replies, kasalan.wedding_events;

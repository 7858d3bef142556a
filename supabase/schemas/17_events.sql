-- Kasalan events with their own RSVPs: the schedule section's events (data.events[], each with a
-- stable id) are the events guests answer for. Every answer is a row of event_replies, for one
-- event. Each wedding has one main event (wedding_events.is_main): the seated one, whose deadline is
-- the wedding's and whose answers the guest list, seating and the door show as the person's own;
-- while no schedule event was ever made the main one, it is the whole wedding
-- (kasalan_private.whole_wedding_event), answered as one. The other events' answers have their own
-- deadlines. A private event exists only for the households invited to it (event_guests).

-- =============================================================================================
-- Tables
-- =============================================================================================

-- The RSVP settings of one schedule event (by its id in the schedule section's data). A row whose
-- event left the schedule is kept and ignored (putting the event back brings it back). One more
-- row, the whole wedding's (event_id kasalan_private.whole_wedding_event(), never in a schedule),
-- is the main one of a wedding none of whose events was ever the main one: every wedding has one
-- from its creation (weddings_add_main_event) until an event becomes the main one.
create table kasalan.wedding_events (
  wedding_id uuid not null,
  event_id uuid not null,
  takes_rsvp boolean not null default false,
  -- Null: the wedding's. Ignored while the event is the main one (whose deadline is the wedding's),
  -- and kept, so that it is the event's own again once another event is the main one.
  rsvp_deadline date,
  is_private boolean not null default false,
  is_main boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint wedding_events_pkey primary key (wedding_id, event_id),
  constraint wedding_events_main_not_private check (not (is_main and is_private)),
  constraint wedding_events_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.wedding_events enable row level security;
revoke all on kasalan.wedding_events from public, anon, authenticated;

-- One main event per wedding (kasalan_private.main_event_id): the event whose answers are the
-- persons' own. A schedule event keeps the mark while no event takes RSVPs
-- (kasalan_private.schedule_events reads it as main only while it takes them), so that the
-- persons' answers stay its answers.
create unique index wedding_events_one_main_idx on kasalan.wedding_events (wedding_id) where is_main;

-- The households invited to a private event. Rows of an event that is no longer private are kept
-- and ignored (making it private again brings the list back).
create table kasalan.event_guests (
  wedding_id uuid not null,
  event_id uuid not null,
  household_id uuid not null,
  constraint event_guests_pkey primary key (wedding_id, event_id, household_id),
  constraint event_guests_event_fkey foreign key (wedding_id, event_id) references kasalan.wedding_events(wedding_id, event_id) on delete cascade,
  constraint event_guests_household_id_wedding_id_fkey foreign key (household_id, wedding_id) references kasalan.households(id, wedding_id) on delete cascade
);
alter table kasalan.event_guests enable row level security;
revoke all on kasalan.event_guests from public, anon, authenticated;

create index event_guests_household_id_idx on kasalan.event_guests (household_id, wedding_id);

-- A person's answer for one event: the main one's (the person's own answer) or another's; no row is
-- no answer yet. Replies of an event removed from the schedule, no longer taking RSVPs, or no longer
-- inviting the person's household are kept and ignored. recorded_by: 'guest', or who on the couple's
-- side recorded it ('couple' the owner, 'member' another; recorded_by_user the account).
create table kasalan.event_replies (
  wedding_id uuid not null,
  event_id uuid not null,
  person_id uuid not null,
  household_id uuid not null,
  is_attending boolean not null,
  response jsonb not null default '[]'::jsonb,
  responded_at timestamptz,
  recorded_by text,
  recorded_by_user uuid,
  constraint event_replies_pkey primary key (wedding_id, event_id, person_id),
  constraint event_replies_recorded_by_check check (recorded_by in ('guest', 'couple', 'member')),
  constraint event_replies_response_check check (jsonb_typeof(response) = 'array'),
  constraint event_replies_event_fkey foreign key (wedding_id, event_id) references kasalan.wedding_events(wedding_id, event_id) on delete cascade,
  constraint event_replies_household_id_wedding_id_fkey foreign key (household_id, wedding_id) references kasalan.households(id, wedding_id) on delete cascade,
  constraint event_replies_person_id_fkey foreign key (person_id) references kasalan.persons(id) on delete cascade,
  constraint event_replies_recorded_by_user_fkey foreign key (recorded_by_user) references auth.users(id) on delete set null
);
alter table kasalan.event_replies enable row level security;
revoke all on kasalan.event_replies from public, anon, authenticated;

create index event_replies_household_id_idx on kasalan.event_replies (household_id, wedding_id);

create index event_replies_person_id_idx on kasalan.event_replies (person_id);

create index event_replies_recorded_by_user_idx on kasalan.event_replies (recorded_by_user);

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
-- Functions
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

-- Every event of a wedding's schedule, in the order of their days (an event without a date of its
-- own is on the wedding's day; with no date at all, after the dated ones), and within a day in
-- the schedule's order, with its RSVP settings (a wedding keeps one schedule section; were there
-- more, their events follow each other in the sections' order). So a despedida the day before comes
-- first, wherever the couple wrote it. An event without a row of settings takes no RSVPs and is
-- public. Hidden or shown, the schedule section is the list. Helper of the event functions.
create or replace function kasalan_private.schedule_events(p_wedding_id uuid)
returns table(event_id uuid, "position" bigint, event jsonb, takes_rsvp boolean, rsvp_deadline date, is_private boolean, is_main boolean)
language sql
stable
set search_path = ''
as $$
  select x.event_id, x.position, x.event,
    coalesce(we.takes_rsvp, false), we.rsvp_deadline, coalesce(we.is_private, false), coalesce(we.is_main and we.takes_rsvp, false)
  from (
    select distinct on ((e.value ->> 'id')::uuid)
      (e.value ->> 'id')::uuid as event_id,
      row_number() over (
        order by
          case when e.value ->> 'date' ~ '^\d{4}-\d{2}-\d{2}$' then e.value ->> 'date' else w.date::text end nulls last,
          s.order_index, s.created_at, s.id, e.ordinality
      ) as position,
      e.value as event
    from kasalan.sections s
    join kasalan.weddings w on w.id = s.wedding_id
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(s.data -> 'events') = 'array' then s.data -> 'events' else '[]'::jsonb end
    ) with ordinality e
    where s.wedding_id = p_wedding_id
      and s.type = 'schedule'
      and jsonb_typeof(e.value) = 'object'
      and (e.value ->> 'id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    order by (e.value ->> 'id')::uuid, s.order_index, s.created_at, s.id, e.ordinality
  ) x
  left join kasalan.wedding_events we on we.wedding_id = p_wedding_id and we.event_id = x.event_id
  order by x.position
$$;

revoke execute on function kasalan_private.schedule_events(p_wedding_id uuid) from public, anon, authenticated;

-- Whether a household (null: a visitor who is no household) is invited to a wedding's event: a
-- public event invites every household, a private one those chosen. Helper.
create or replace function kasalan_private.event_invites(p_wedding_id uuid, p_event_id uuid, p_is_private boolean, p_household_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select not coalesce(p_is_private, false) or (
    p_household_id is not null and exists (
      select 1 from kasalan.event_guests eg
      where eg.wedding_id = p_wedding_id and eg.event_id = p_event_id and eg.household_id = p_household_id
    )
  )
$$;

revoke execute on function kasalan_private.event_invites(p_wedding_id uuid, p_event_id uuid, p_is_private boolean, p_household_id uuid) from public, anon, authenticated;

-- A schedule section's data as a household (null: any visitor) may see it: the private events it
-- is not invited to left out, as if they did not exist. Helper of get_site and rsvp_json.
create or replace function kasalan_private.schedule_for(p_wedding_id uuid, p_data jsonb, p_household_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if jsonb_typeof(p_data -> 'events') is distinct from 'array'
    or not exists (select 1 from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.is_private)
  then
    return p_data;
  end if;
  return jsonb_set(p_data, '{events}', coalesce(
    (
      select jsonb_agg(e.value order by e.ordinality)
      from jsonb_array_elements(p_data -> 'events') with ordinality e
      left join kasalan.wedding_events we
        on we.wedding_id = p_wedding_id
        and jsonb_typeof(e.value) = 'object'
        and (e.value ->> 'id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        and we.event_id = (e.value ->> 'id')::uuid
      where kasalan_private.event_invites(p_wedding_id, we.event_id, we.is_private, p_household_id)
    ),
    '[]'::jsonb
  ));
end;
$$;

revoke execute on function kasalan_private.schedule_for(p_wedding_id uuid, p_data jsonb, p_household_id uuid) from public, anon, authenticated;

-- The RSVP events of a wedding (in the schedule, taking RSVPs) that a household is invited to, in
-- the schedule's order, with the deadline in force (the main event's and, when an event has none of
-- its own, the wedding's) and whether it has passed. Helper of the RSVP functions.
create or replace function kasalan_private.household_rsvp_events(p_wedding kasalan.weddings, p_household_id uuid)
returns table(event_id uuid, "position" bigint, event jsonb, deadline date, is_closed boolean, is_private boolean, is_main boolean)
language sql
stable
set search_path = ''
as $$
  select e.event_id, e.position, e.event, d.deadline, kasalan_private.rsvp_is_closed(d.deadline), e.is_private, e.is_main
  from kasalan_private.schedule_events(p_wedding.id) e
  cross join lateral (
    select case when e.is_main then p_wedding.rsvp_deadline else coalesce(e.rsvp_deadline, p_wedding.rsvp_deadline) end as deadline
  ) d
  where e.takes_rsvp
    and kasalan_private.event_invites(p_wedding.id, e.event_id, e.is_private, p_household_id)
  order by e.position
$$;

revoke execute on function kasalan_private.household_rsvp_events(p_wedding kasalan.weddings, p_household_id uuid) from public, anon, authenticated;

-- The questions asked with one event's answer: those naming the event (eventId), and for the main
-- event (p_is_main) or a wedding whose events take no RSVPs (p_event_id null) those naming none.
-- Helper of the RSVP functions and the forecast.
create or replace function kasalan_private.event_questions(p_questions jsonb, p_event_id uuid, p_is_main boolean)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    (
      select jsonb_agg(q.value order by q.ordinality)
      from jsonb_array_elements(case when jsonb_typeof(p_questions) = 'array' then p_questions else '[]'::jsonb end) with ordinality q
      where case
        when q.value ->> 'eventId' is null then p_event_id is null or coalesce(p_is_main, false)
        else q.value ->> 'eventId' = p_event_id::text
      end
    ),
    '[]'::jsonb
  )
$$;

revoke execute on function kasalan_private.event_questions(p_questions jsonb, p_event_id uuid, p_is_main boolean) from public, anon, authenticated;

-- A person's answer for one event as the history keeps it ({eventId, isAttending, response,
-- respondedAt, recordedBy}; all null but eventId when they have none). Helper.
create or replace function kasalan_private.event_reply_json(p_event_id uuid, p_reply kasalan.event_replies)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'eventId', p_event_id,
    'isAttending', p_reply.is_attending,
    'response', coalesce(p_reply.response, '[]'::jsonb),
    'respondedAt', p_reply.responded_at,
    'recordedBy', p_reply.recorded_by
  )
$$;

revoke execute on function kasalan_private.event_reply_json(p_event_id uuid, p_reply kasalan.event_replies) from public, anon, authenticated;

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

-- Each household an event invites (p_event_id null: the wedding's own answers), counted once for
-- every figure that speaks of it, so the forecast, the Events page, the door and the budget agree:
-- persons listed; yeses, noes, no reply; seats: its seat cap, else its persons; still_to_answer,
-- the persons with no reply who may still come (no more than its seats left after the yeses);
-- beyond_seats, the rest of those with no reply (the seats are taken: they cannot say yes);
-- may_come, the yeses and still_to_answer. Helper of the counts (which check the caller themselves).
create or replace function kasalan_private.household_tally(p_wedding_id uuid, p_event_id uuid)
returns table(household_id uuid, side text, persons integer, yeses integer, noes integer, no_reply integer, seats integer, still_to_answer integer, beyond_seats integer, may_come integer)
language sql
stable
set search_path = ''
as $$
  select t.household_id, t.side, t.persons, t.yeses, t.noes, t.no_reply,
    least(t.persons, coalesce(t.seat_cap, t.persons)),
    o.still_to_answer,
    t.no_reply - o.still_to_answer,
    t.yeses + o.still_to_answer
  from (
    select a.household_id, a.side, g.seat_cap,
      count(*)::integer as persons,
      (count(*) filter (where a.is_attending))::integer as yeses,
      (count(*) filter (where not a.is_attending))::integer as noes,
      (count(*) filter (where a.is_attending is null))::integer as no_reply
    from kasalan_private.event_answers(p_wedding_id, p_event_id) a
    join kasalan.households g on g.id = a.household_id
    group by a.household_id, a.side, g.seat_cap
  ) t
  cross join lateral (
    select greatest(0, least(t.no_reply, coalesce(t.seat_cap - t.yeses, t.no_reply)))::integer as still_to_answer
  ) o
$$;

revoke execute on function kasalan_private.household_tally(p_wedding_id uuid, p_event_id uuid) from public, anon, authenticated;

-- Every event of the schedule for the couple's screens, in order: [{id, name, type, date,
-- startTime, endTime, venue, takesRsvp, deadline, effectiveDeadline, isClosed, isPrivate, isMain,
-- householdIds, counts: {households, persons, attending, declined, pending (no reply yet),
-- stillToAnswer, beyondSeats}}], the counts summed from household_tally (stillToAnswer is the
-- forecast's pending). deadline is the event's own (null: the wedding's; always null for the main
-- event, whose deadline is the wedding's); householdIds the households invited when private, else
-- []. The counts are over the
-- persons the event invites that the caller may see (a family helper: their side's households),
-- all zero when the event takes no RSVPs; the main event's come from the persons' own answers.
-- For every member but an usher (view); raises wedding_not_found otherwise. Security definer: the
-- settings are read only through functions. Granted to authenticated.
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

revoke execute on function kasalan.list_events(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_events(p_wedding_id uuid) to authenticated;

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

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger wedding_events_protect_row_identity before update
  on kasalan.wedding_events
  for each row
  execute function kasalan_private.protect_row_identity('wedding_id', 'event_id');

create trigger event_replies_seat_cap_holds after insert or update of is_attending
  on kasalan.event_replies
  for each row
  when (new.is_attending)
  execute function kasalan_private.check_seat_cap();

create trigger weddings_add_main_event after insert
  on kasalan.weddings
  for each row
  execute function kasalan_private.add_main_event();

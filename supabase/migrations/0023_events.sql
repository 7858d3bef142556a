-- Events with their own RSVPs: the schedule section's events get a stable id and become the events
-- guests answer for. Settings per event (takes RSVPs, deadline, private, main), the households a
-- private event invites, and the replies to events other than the main one (whose answers stay on
-- the persons). get_site and the RSVP calls leave private events out for everyone not invited;
-- submit_rsvp answers per event; the forecast and the wedding file follow. The current
-- definitions live in supabase/schemas/17_events.sql and the schema files named below.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- The RSVP settings of one schedule event (by its id in the schedule section's data). A row whose
-- event left the schedule is kept and ignored (putting the event back brings it back).
create table kasalan.wedding_events (
  wedding_id uuid not null,
  event_id uuid not null,
  takes_rsvp boolean not null default false,
  -- Null: the wedding's. Always null for the main event, whose deadline is the wedding's.
  rsvp_deadline date,
  is_private boolean not null default false,
  is_main boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint wedding_events_pkey primary key (wedding_id, event_id),
  constraint wedding_events_main_not_private check (not (is_main and is_private)),
  constraint wedding_events_main_takes_rsvp check (not is_main or takes_rsvp),
  constraint wedding_events_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.wedding_events enable row level security;
revoke all on kasalan.wedding_events from public, anon, authenticated;

-- At most one main event per wedding.
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

-- A person's answer for an RSVP event other than the main one (the main one's is on the person).
-- Replies of an event removed from the schedule, no longer taking RSVPs, or no longer inviting the
-- person's household are kept and ignored.
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

-- =============================================================================================
-- Functions
-- =============================================================================================

-- A schedule section's data with an id on every event: an event without one (or with a blank one)
-- gets a new uuid; an id is kept in lower case. Raises invalid_input for an id that is not a uuid
-- or that two events share. Anything else (events that are not objects) is left for section_data_problem to judge.
-- Helper of the sections trigger (kasalan.check_section_content) and of migration 0023.
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

-- Every event of a wedding's schedule, in the schedule's order, with its RSVP settings (a wedding
-- keeps one schedule section; were there more, their events follow each other in the sections'
-- order). An event without a row of settings takes no RSVPs and is public. Hidden or shown, the
-- schedule section is the list. Helper of the event functions.
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
      row_number() over (order by s.order_index, s.created_at, s.id, e.ordinality) as position,
      e.value as event
    from kasalan.sections s
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

-- Every person of the wedding the event invites, with their answer for it: for the main event or
-- p_event_id null (a wedding whose events take no RSVPs), every person and their own answer; for
-- another event the persons of its invited households and their replies. Helper of the counts and
-- the forecast (which check the caller themselves).
create or replace function kasalan_private.event_answers(p_wedding_id uuid, p_event_id uuid)
returns table(person_id uuid, household_id uuid, side text, type text, first_name text, last_name text, is_attending boolean, response jsonb)
language sql
stable
set search_path = ''
as $$
  select p.id, p.household_id, g.relationship_side, p.type, p.first_name, p.last_name, p.is_attending, p.response
  from kasalan.persons p
  join kasalan.households g on g.id = p.household_id
  where p.wedding_id = p_wedding_id
    and (
      p_event_id is null
      or exists (select 1 from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.event_id = p_event_id and we.is_main)
    )
  union all
  select p.id, p.household_id, g.relationship_side, p.type, p.first_name, p.last_name, r.is_attending, coalesce(r.response, '[]'::jsonb)
  from kasalan.wedding_events we
  join kasalan.persons p on p.wedding_id = we.wedding_id
  join kasalan.households g on g.id = p.household_id
  left join kasalan.event_replies r on r.wedding_id = we.wedding_id and r.event_id = we.event_id and r.person_id = p.id
  where we.wedding_id = p_wedding_id
    and we.event_id = p_event_id
    and not we.is_main
    and kasalan_private.event_invites(p_wedding_id, we.event_id, we.is_private, p.household_id)
$$;

revoke execute on function kasalan_private.event_answers(p_wedding_id uuid, p_event_id uuid) from public, anon, authenticated;

-- Every event of the schedule for the couple's screens, in order: [{id, name, type, date,
-- startTime, endTime, venue, takesRsvp, deadline, effectiveDeadline, isClosed, isPrivate, isMain,
-- householdIds, counts: {households, persons, attending, declined, pending}}]. deadline is the
-- event's own (null: the wedding's; always null for the main event, whose deadline is the
-- wedding's); householdIds the households invited when private, else []. The counts are over the
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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'view') then
    raise exception 'wedding_not_found';
  end if;
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
              'households', count(distinct a.household_id),
              'persons', count(a.person_id),
              'attending', count(a.person_id) filter (where a.is_attending),
              'declined', count(a.person_id) filter (where not a.is_attending),
              'pending', count(a.person_id) filter (where a.is_attending is null)
            )
            from kasalan_private.event_answers(p_wedding_id, e.event_id) a
            where e.takes_rsvp and kasalan_private.can_see_household(p_wedding_id, a.side)
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
-- answers. Making another event the main one swaps the answers in one transaction: the old main
-- event's (on the persons) move into its event_replies, the new one's replies onto the persons
-- (the households' seat caps hold for each). The main event cannot be private
-- (event_main_private), and its RSVPs are not turned off, nor does it stop being the main one,
-- while other events take RSVPs (event_main_required: choose another main event first). Raises
-- wedding_not_found (not owner, partner or coordinator), event_not_found (the id is not in the
-- schedule), invalid_input. Granted to authenticated.
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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
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
  if v_old_main = p_event_id and not v_main then
    if exists (
      select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.takes_rsvp and e.event_id <> p_event_id
    ) then
      raise exception 'event_main_required';
    end if;
    -- The only event taking RSVPs stays the main one; turned off, the wedding answers as one again.
    v_main := v_takes;
  end if;
  if v_main and v_private then
    raise exception 'event_main_private';
  end if;

  insert into kasalan.wedding_events as we (wedding_id, event_id, takes_rsvp, rsvp_deadline, is_private, is_main)
  values (p_wedding_id, p_event_id, v_takes, case when v_main then null else v_deadline end, v_private, false)
  on conflict (wedding_id, event_id) do update
  set takes_rsvp = excluded.takes_rsvp,
      rsvp_deadline = excluded.rsvp_deadline,
      is_private = excluded.is_private,
      is_main = we.is_main and excluded.takes_rsvp and not excluded.is_private;
  if v_private then
    delete from kasalan.event_guests eg
    where eg.wedding_id = p_wedding_id and eg.event_id = p_event_id and eg.household_id <> all (v_households);
    insert into kasalan.event_guests (wedding_id, event_id, household_id)
    select distinct p_wedding_id, p_event_id, h.id from unnest(v_households) h(id)
    on conflict do nothing;
  end if;

  -- Which event is the main one now: the one chosen; none when the main one was turned off (the
  -- last taking RSVPs); the main one still in the schedule taking RSVPs; else, when events take
  -- RSVPs, the first reception among them or the first of them; else as it was.
  if v_main then
    v_new_main := p_event_id;
  elsif v_old_main = p_event_id then
    v_new_main := null;
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
      -- The old main event's answers, on the persons, become its replies.
      delete from kasalan.event_replies r where r.wedding_id = p_wedding_id and r.event_id = v_old_main;
      insert into kasalan.event_replies (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by)
      select p.wedding_id, v_old_main, p.id, p.household_id, p.is_attending, p.response, p.responded_at, p.rsvp_recorded_by
      from kasalan.persons p
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
    end if;
    if v_new_main is not null then
      delete from kasalan.event_replies r where r.wedding_id = p_wedding_id and r.event_id = v_new_main;
      update kasalan.wedding_events we
      set is_main = true, rsvp_deadline = null
      where we.wedding_id = p_wedding_id and we.event_id = v_new_main;
    end if;
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
create or replace function kasalan.list_event_replies(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'view') then
    raise exception 'wedding_not_found';
  end if;
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

revoke execute on function kasalan.list_event_replies(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_event_replies(p_wedding_id uuid) to authenticated;

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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
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
  v_kind := kasalan.rsvp_manager_kind(p_wedding_id);

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

revoke execute on function kasalan.record_event_reply(p_wedding_id uuid, p_event_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb) from public, anon;
grant execute on function kasalan.record_event_reply(p_wedding_id uuid, p_event_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb) to authenticated;

-- =============================================================================================
-- Changed functions (current definitions in the schema files named)
-- =============================================================================================

-- supabase/schemas/14_forecast.sql
-- Raises rsvp_over_seat_cap when a person's reply makes more of a household's persons attending
-- than its seat cap, for the wedding (the main event) or for another event (a reply in
-- event_replies: that event's yeses), and seat_cap_below_attending when a cap is lowered below the
-- persons already attending, for the wedding or any event taking RSVPs (the couple records a "no"
-- first). Takes the household's row lock before counting, as submit_rsvp and record_rsvp do, so
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
    -- The events other than the main one, that take RSVPs and invite the household.
    select greatest(v_attending, coalesce(max(n.yeses), 0)) into v_attending
    from (
      select count(*) as yeses
      from kasalan.event_replies r
      join kasalan.wedding_events we on we.wedding_id = r.wedding_id and we.event_id = r.event_id
      where r.household_id = v_household_id and r.wedding_id = new.wedding_id and r.is_attending
        and we.takes_rsvp and not we.is_main
        and kasalan_private.event_invites(we.wedding_id, we.event_id, we.is_private, v_household_id)
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

-- supabase/schemas/04_site.sql
-- The shape of one section type's data (src/lib/site-content/shapes.ts, word for word): an object
-- of keys, a one-item array for a list, or a leaf kind (line, text, url, image, embed, date, time,
-- color, enum:a|b). Helper of the checks below.
create or replace function kasalan_private.section_shape(p_type text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select (case p_type
    when 'home' then '{"header":{"title":"line","description":"text","image":"image"},"bride":{"firstName":"line","lastName":"line"},"groom":{"firstName":"line","lastName":"line"},"wedding":{"date":"date","location":{"venue":"line","city":"line","country":"line"},"hashtag":"line"},"stories":[{"title":"line","date":"date","description":"text","image":"image"}]}'
    when 'our-story' then '{"header":{"title":"line","description":"text","image":"image"},"stories":[{"title":"line","date":"date","description":"text","image":"image"}]}'
    when 'schedule' then '{"header":{"title":"line","description":"text","image":"image"},"events":[{"id":"line","name":"line","type":"line","date":"date","startTime":"time","endTime":"time","image":"image","venue":"line","address":{"url":"url","street":"line","city":"line","state":"line","country":"line","zip":"line"},"attire":"line","notes":"text"}],"dressCode":{"title":"line","description":"text","palette":[{"name":"line","hex":"color"}],"notes":"text"}}'
    when 'travel' then '{"header":{"title":"line","description":"text","image":"image"},"hotels":[{"name":"line","description":"text","eta":"line","image":"image","address":{"street":"line","city":"line","state":"line","country":"line","zip":"line","map":"url","url":"url","direction":"text"}}]}'
    when 'registry' then '{"header":{"title":"line","description":"text","image":"image"},"note":"text","paymentOptions":[{"label":"line","accountName":"line","accountNumber":"line","qrImage":"image"}]}'
    when 'wedding-party' then '{"header":{"title":"line","description":"text","image":"image"},"entourage":{"officiatingPriest":{"name":"line","role":"line"},"parentsOfGroom":[{"name":"line","role":"line"}],"parentsOfBride":[{"name":"line","role":"line"}],"principalSponsors":{"left":[{"name":"line","role":"line"}],"right":[{"name":"line","role":"line"}]},"secondarySponsors":{"bestMan":{"name":"line","role":"line"},"maidOfHonor":{"name":"line","role":"line"},"groomsmen":[{"name":"line","role":"line"}],"bridesmaid":[{"name":"line","role":"line"}]},"candle":[{"name":"line","role":"line"}],"veil":[{"name":"line","role":"line"}],"cord":[{"name":"line","role":"line"}],"ringBearer":{"name":"line","role":"line"},"bibleBearer":{"name":"line","role":"line"},"coinBearer":{"name":"line","role":"line"},"flowerGirls":[{"name":"line","role":"line"}]}}'
    when 'gallery' then '{"header":{"title":"line","description":"text","image":"image"},"images":[{"image":"image","src":"url","caption":"line"}],"videos":[{"url":"url","thumbnail":"image","caption":"line"}]}'
    when 'things-to-do' then '{"header":{"title":"line","description":"text","image":"image"},"activities":[{"name":"line","description":"text","image":"image","eta":"line","address":{"street":"line","city":"line","state":"line","country":"line","zip":"line","map":"url","url":"url","direction":"text"},"video":"embed"}]}'
    when 'faqs' then '{"header":{"title":"line","description":"text","image":"image"},"faqs":[{"question":"line","answer":"text","image2":"image"}],"footer":{"description":"text"}}'
    when 'rsvp' then '{"header":{"title":"line","description":"text","image":"image"}}'
    when 'about' then '{"header":{"title":"line","description":"text","image":"image"},"body":"text","blocks":[{"kind":"enum:heading|paragraph|list|link","text":"text","items":["line"],"url":"url"}]}'
    when 'custom' then '{"header":{"title":"line","description":"text","image":"image"},"body":"text","blocks":[{"kind":"enum:heading|paragraph|list|link","text":"text","items":["line"],"url":"url"}]}'
  end)::jsonb
$$;

revoke execute on function kasalan_private.section_shape(p_type text) from public, anon, authenticated;

-- supabase/schemas/04_site.sql
-- Holds every write of a section's data to its type's shape (section_data_invalid, detail: where
-- and why), gives every schedule event without an id a new one (kasalan_private.schedule_with_ids:
-- invalid_input for an id that is no uuid or is taken by another event of the schedule), and moves
-- content_updated_at when the title or data changed. Trigger function only.
create or replace function kasalan.check_section_content()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_problem text;
begin
  if tg_op = 'UPDATE'
    and new.data is not distinct from old.data
    and new.title is not distinct from old.title
    and new.type is not distinct from old.type
  then
    return new;
  end if;
  if new.type = 'schedule' then
    new.data := kasalan_private.schedule_with_ids(new.data);
  end if;
  v_problem := kasalan_private.section_data_problem(new.type, new.data);
  if v_problem is not null then
    raise exception 'section_data_invalid' using detail = v_problem;
  end if;
  if tg_op = 'UPDATE' and (new.data is distinct from old.data or new.title is distinct from old.title) then
    new.content_updated_at := clock_timestamp();
  end if;
  return new;
end;
$$;

revoke execute on function kasalan.check_section_content() from public, anon, authenticated;

-- supabase/schemas/04_site.sql
-- THE public call: a published wedding's site (the wedding's public details, theme and visible
-- sections) by its slug, or the couple's own site while they preview it. The schedule leaves out
-- the private events (kasalan_private.schedule_for), whoever asks: the couple's content editor
-- reads them with get_section_content. For an earlier slug of a
-- wedding the caller may see (published, or theirs), {redirectTo: <current slug>} so the
-- site sends the visitor on. Otherwise null, as for an unknown slug. Granted to anon and
-- authenticated.
create or replace function kasalan.get_site(p_slug text)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_is_owner boolean;
begin
  select * into v_wedding from kasalan.weddings w where w.slug = p_slug;
  if not found then
    select w.* into v_wedding
    from kasalan.wedding_old_slugs o
    join kasalan.weddings w on w.id = o.wedding_id
    where o.slug = p_slug;
    if found and (v_wedding.is_published or kasalan_private.can_manage(v_wedding.id)) then
      return jsonb_build_object('redirectTo', v_wedding.slug);
    end if;
    return null;
  end if;

  v_is_owner := kasalan_private.can_manage(v_wedding.id);
  if not (v_wedding.is_published or v_is_owner) then
    return null;
  end if;

  return jsonb_build_object(
    'slug', v_wedding.slug,
    'title', v_wedding.title,
    'isPublished', v_wedding.is_published,
    'isOwner', v_is_owner,
    'wedding', jsonb_build_object(
      'id', v_wedding.id,
      'slug', v_wedding.slug,
      'title', v_wedding.title,
      'bride', v_wedding.bride,
      'groom', v_wedding.groom,
      'date', v_wedding.date,
      'theme', v_wedding.theme,
      'rsvpDeadline', v_wedding.rsvp_deadline,
      'contact', v_wedding.contact,
      'location', jsonb_build_object('venue', v_wedding.venue, 'city', v_wedding.city, 'country', v_wedding.country),
      'hashtag', v_wedding.hashtag,
      'siteLanguage', v_wedding.site_language
    ),
    'sections', coalesce(
      (
        select jsonb_agg(
          case when s.type = 'schedule'
            then jsonb_set(kasalan_private.section_json(s), '{data}', kasalan_private.schedule_for(v_wedding.id, s.data, null))
            else kasalan_private.section_json(s)
          end
          order by s.order_index, s.created_at, s.id
        )
        from kasalan.sections s
        where s.wedding_id = v_wedding.id
          and (s.visible or v_is_owner)
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan.get_site(p_slug text) from public;
grant execute on function kasalan.get_site(p_slug text) to anon, authenticated;

-- supabase/schemas/03_rsvp.sql
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

-- supabase/schemas/03_rsvp.sql
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

-- supabase/schemas/03_rsvp.sql
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
  if not kasalan_private.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;

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

-- supabase/schemas/03_rsvp.sql
-- What a guest's RSVP page shows, without the access: the wedding's public details and the
-- household with every answer, the given person first. With events: events, the household's RSVP
-- events in the schedule's order ([] when no event takes RSVPs) as {id, name, type, date,
-- startTime, endTime, venue, deadline (the one in force), isClosed, isMain}; rsvpQuestions only
-- those asked of the household (naming no event, or one of its events); the schedule's events
-- (wedding.events, each with its id) without the private ones it is not invited to. Helper of the
-- four-argument form below.
create or replace function kasalan.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid)
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

revoke execute on function kasalan.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid) from public, anon, authenticated;

-- supabase/schemas/03_rsvp.sql
-- What a guest's RSVP page shows, with how the caller reached it: the wedding's public details and the
-- household, the given person first. With p_access 'guest_search' each person's answer, answers,
-- answer time and the household's message are left out (null / []); hasAnswered says whether they
-- answered and recordedByCouple whether the couple recorded it (then only the code may change it).
-- Each person carries events: one entry per event of the answer's events, {eventId, hasAnswered,
-- recordedByCouple, isAttending, response, respondedAt} (the main event's their own answer; under
-- 'guest_search' only eventId, hasAnswered and recordedByCouple filled).
create or replace function kasalan.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid, p_access text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_result jsonb := kasalan.rsvp_json(p_wedding, p_household_id, p_person_id);
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

revoke execute on function kasalan.rsvp_json(p_wedding kasalan.weddings, p_household_id uuid, p_person_id uuid, p_access text) from public, anon, authenticated;

-- supabase/schemas/03_rsvp.sql
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
  v_response jsonb;
  v_recorded_by text;
begin
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;

  -- The household first, as submit_rsvp takes it: one reply of a household at a time, so two
  -- replies recorded at once (or a guest's and the couple's) cannot pass its seat cap together.
  perform 1 from kasalan.households g
  where g.id = (select p.household_id from kasalan.persons p where p.id = p_person_id and p.wedding_id = p_wedding_id)
  for update;
  -- The questions of the main event (or, without RSVP events, those naming no event).
  select kasalan_private.event_questions(
    w.rsvp_questions,
    (select e.event_id from kasalan_private.schedule_events(p_wedding_id) e where e.is_main),
    true
  )
  into v_questions
  from kasalan.weddings w where w.id = p_wedding_id;

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

-- supabase/schemas/03_rsvp.sql
-- A guest's answers for their household's persons and the household's message; raises
-- rsvp_not_found, rsvp_closed, rsvp_recorded_by_couple, rsvp_invalid_answer,
-- rsvp_person_not_in_household or rsvp_over_seat_cap (more persons coming than the seats the couple
-- reserved, for any event: kasalan_private.check_seat_cap). p_answers: [{personId, isAttending?,
-- response?, events?: [{eventId, isAttending, response?}]}]: isAttending and response answer the
-- main event (or the wedding, when no event takes RSVPs), events the household's other RSVP
-- events; an entry answers something. An event that is not one of the household's RSVP events (not
-- in the schedule, not taking RSVPs, or private and not inviting it) is invalid_input, the same for
-- each; an answer to an event whose deadline has passed (the main event's: the wedding's) is
-- rsvp_closed, and nothing is written. Each answer is checked against its event's questions
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
  -- A wedding whose events take no RSVPs closes as one.
  if kasalan_private.rsvp_is_closed(v_wedding.rsvp_deadline)
    and not exists (select 1 from kasalan_private.schedule_events(v_wedding.id) e where e.takes_rsvp)
  then
    raise exception 'rsvp_closed';
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

  insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
  select p.wedding_id, p.household_id, p.id, v_access, auth.uid(),
    kasalan.rsvp_reply_json(p),
    jsonb_build_object(
      'isAttending', (r.value ->> 'isAttending')::boolean,
      'response', r.value -> 'response',
      'respondedAt', now(),
      'recordedBy', 'guest'
    )
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

-- supabase/schemas/03_rsvp.sql
-- Puts a reply (or a household's message) back to what it was before one change of the history, and
-- keeps that as a change too (so a restore can itself be undone). A change of a reply to an event
-- other than the main one (eventId in previous and current) is restored in event_replies. Raises wedding_not_found,
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
  v_event_id uuid;
  v_previous jsonb;
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

  v_event_id := (coalesce(v_change.current, v_change.previous) ->> 'eventId')::uuid;
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

-- supabase/schemas/07_members.sql
-- Replies: one entry per household and transaction, listing each person's answer (with eventId
-- for a reply to an event other than the main one); a guest's own reply is the guest's. Replies
-- that come with an import are part of the import's entry. Trigger function only; nobody calls it.
create or replace function kasalan.record_reply_activity()
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
    or kasalan.activity_covers(new.household_id, array['household_added'])
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
    perform kasalan.add_activity(
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

revoke execute on function kasalan.record_reply_activity() from public, anon, authenticated;

-- The forecast takes an event: the one-argument form goes.
drop function kasalan.get_pax_forecast(p_wedding_id uuid);

-- supabase/schemas/14_forecast.sql
-- The pax forecast of a wedding, for the RSVPs tab's card and the forecast page:
-- {settings: {expectedPct, noShowPct, walkIns},
--  households: {total, answered, pending}: answered when no person of it is left to answer or
--    its yeses fill its seat cap (it adds no pending person),
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
-- round() is to the nearest person, halves up. p_event_id: null or the main event, the wedding's
-- own answers (and the questions asked with them), as always; another event taking RSVPs, the same
-- figures over the persons it invites and their replies to it, with its questions (event_not_found
-- for an id that is neither). For the owner, partner and coordinator (rsvps); raises
-- wedding_not_found otherwise. Security definer: it reads every household of the wedding whatever
-- the caller's side. Granted to authenticated.
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
begin
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;
  -- null: the persons' own answers (the main event's, or the wedding's).
  if p_event_id is not null and not exists (
    select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = p_event_id and e.is_main
  ) then
    if not exists (select 1 from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = p_event_id and e.takes_rsvp) then
      raise exception 'event_not_found';
    end if;
    v_event := p_event_id;
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
    count(*) filter (where p.is_attending and p.type = 'child'),
    count(*) filter (where not p.is_attending)
  into v_confirmed_adults, v_confirmed_children, v_declined
  from kasalan_private.event_answers(p_wedding_id, v_event) p;

  select
    count(*),
    count(*) filter (where h.unanswered = 0 or h.yeses >= h.seat_cap),
    coalesce(sum(greatest(0, least(h.unanswered, coalesce(h.seat_cap - h.yeses, h.unanswered)))), 0)
  into v_households, v_answered, v_pending
  from (
    select g.id, g.seat_cap,
      count(p.person_id) filter (where p.is_attending is null) as unanswered,
      count(p.person_id) filter (where p.is_attending) as yeses
    from kasalan.households g
    join kasalan_private.event_answers(p_wedding_id, v_event) p on p.household_id = g.id
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

revoke execute on function kasalan.get_pax_forecast(p_wedding_id uuid, p_event_id uuid) from public, anon;
grant execute on function kasalan.get_pax_forecast(p_wedding_id uuid, p_event_id uuid) to authenticated;

-- supabase/schemas/10_wedding_file.sql
-- The couple's whole wedding as one file: {format: 'kasalan-wedding', version: 1, exportedAt,
-- wedding, sections, households, persons, seatingLayout, checklistItems, budgetLines,
-- budgetPayments, suppliers, gifts, giftThankYouTemplates, events, eventGuests, eventReplies}
-- (events: the schedule events' RSVP settings; eventGuests: who a private event invites;
-- eventReplies: the answers to events other than the main one). Each row is every column of its table
-- under the column's name, but user_id, wedding_id and seq (the order rows were added in, which
-- the lists keep), so columns added by later migrations travel without a change here; rows keep
-- their ids, so invitation links keep working after a move. The money travels: the owner and the
-- partner, who alone may export, see it. Security definer (the plan's tables are read only through
-- functions); checks can_manage. Called by "Your data"; granted to authenticated.
create or replace function kasalan.export_wedding(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  if not kasalan_private.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
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
      (select jsonb_agg(to_jsonb(p) - 'user_id' - 'wedding_id' order by p.household_id, p.position, p.id)
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
      '[]'::jsonb)
  );
end;
$$;

revoke execute on function kasalan.export_wedding(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.export_wedding(p_wedding_id uuid) to authenticated;

-- supabase/schemas/10_wedding_file.sql
-- Imports a wedding file into the caller's empty wedding (wedding_not_empty otherwise: it has
-- guests, a seating chart, checklist items, budget lines, suppliers or gifts): its details,
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
-- when they are members of this wedding (wedding_file_members_only). A gift's household and a
-- supplier's budget line must be the file's own (invalid_input otherwise), as must a payment's
-- line. A file nested more than 64 levels deep (no export is near it) is refused with invalid_input
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
    or exists (select 1 from kasalan.seating_layouts l where l.wedding_id = p_wedding_id)
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
    perform kasalan.import_rows('suppliers', p_wedding_id, coalesce(p_file -> 'suppliers', '[]'::jsonb));
    perform kasalan.import_rows('gifts', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'gifts', '[]'::jsonb), array['created_by'], p_wedding_id));
    if p_file ? 'giftThankYouTemplates' then
      delete from kasalan.gift_thank_you_templates tt where tt.wedding_id = p_wedding_id;
      perform kasalan.import_rows('gift_thank_you_templates', p_wedding_id, p_file -> 'giftThankYouTemplates');
    end if;
    -- Their keys ask only that the household or line exists somewhere: it must be this wedding's.
    if exists (
      select 1 from kasalan.gifts gi
      where gi.wedding_id = p_wedding_id and gi.household_id is not null
        and not exists (select 1 from kasalan.households g where g.id = gi.household_id and g.wedding_id = p_wedding_id)
    ) then
      raise exception 'invalid_input' using detail = 'a gift names a household the file does not have';
    end if;
    if exists (
      select 1 from kasalan.suppliers su
      where su.wedding_id = p_wedding_id and su.budget_line_id is not null
        and not exists (select 1 from kasalan.budget_lines b where b.id = su.budget_line_id and b.wedding_id = p_wedding_id)
    ) then
      raise exception 'invalid_input' using detail = 'a supplier names a budget line the file does not have';
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

-- supabase/schemas/10_wedding_file.sql
-- The file's households, persons, sections and plan's rows (checklist items, budget lines and
-- payments, suppliers, gifts) with every id and link token that is already in use in this database
-- (by any wedding, whoever manages it) replaced by a fresh one, and the file's references
-- following: persons to their household, seats to their person and household, payments and
-- suppliers to their budget line, gifts to their household, events' invited households and
-- replies to their household and person (event ids are the wedding's own: they stay).
-- The same id (or token) in the file gets the same replacement, so the file's own duplicates stay
-- duplicates. Whether a value was in use changes nothing in the import's answer: the check is one
-- index lookup either way. Malformed parts are left as they are for the import to refuse. Helper of
-- import_wedding.
create or replace function kasalan.import_file_with_free_ids(p_file jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_households jsonb := '{}';
  v_persons jsonb := '{}';
  v_sections jsonb := '{}';
  v_tokens jsonb := '{}';
  v_lines jsonb;
  v_rows jsonb;
  v_row jsonb;
  v_id uuid;
  v_token text;
  v_layout jsonb;
begin
  if jsonb_typeof(p_file -> 'households') = 'array' then
    v_rows := '[]';
    for v_row in select value from jsonb_array_elements(p_file -> 'households') loop
      if jsonb_typeof(v_row) = 'object' then
        v_id := kasalan_private.json_uuid(v_row, 'id');
        if v_id is not null and (v_households ? v_id::text or exists (select 1 from kasalan.households g where g.id = v_id)) then
          if not v_households ? v_id::text then
            v_households := v_households || jsonb_build_object(v_id::text, extensions.gen_random_uuid());
          end if;
          v_row := jsonb_set(v_row, '{id}', v_households -> v_id::text);
        end if;
        if jsonb_typeof(v_row -> 'invitation_token') = 'string' then
          v_token := v_row ->> 'invitation_token';
          if v_tokens ? v_token or exists (select 1 from kasalan.households g where g.invitation_token = v_token) then
            if not v_tokens ? v_token then
              v_tokens := v_tokens || jsonb_build_object(v_token, kasalan_private.new_invitation_token());
            end if;
            v_row := jsonb_set(v_row, '{invitation_token}', v_tokens -> v_token);
          end if;
        end if;
      end if;
      v_rows := v_rows || jsonb_build_array(v_row);
    end loop;
    p_file := jsonb_set(p_file, '{households}', v_rows);
  end if;

  if jsonb_typeof(p_file -> 'persons') = 'array' then
    v_rows := '[]';
    for v_row in select value from jsonb_array_elements(p_file -> 'persons') loop
      if jsonb_typeof(v_row) = 'object' then
        v_id := kasalan_private.json_uuid(v_row, 'id');
        if v_id is not null and (v_persons ? v_id::text or exists (select 1 from kasalan.persons p where p.id = v_id)) then
          if not v_persons ? v_id::text then
            v_persons := v_persons || jsonb_build_object(v_id::text, extensions.gen_random_uuid());
          end if;
          v_row := jsonb_set(v_row, '{id}', v_persons -> v_id::text);
        end if;
        v_id := kasalan_private.json_uuid(v_row, 'household_id');
        if v_id is not null and v_households ? v_id::text then
          v_row := jsonb_set(v_row, '{household_id}', v_households -> v_id::text);
        end if;
      end if;
      v_rows := v_rows || jsonb_build_array(v_row);
    end loop;
    p_file := jsonb_set(p_file, '{persons}', v_rows);
  end if;

  if jsonb_typeof(p_file -> 'sections') = 'array' then
    v_rows := '[]';
    for v_row in select value from jsonb_array_elements(p_file -> 'sections') loop
      if jsonb_typeof(v_row) = 'object' then
        v_id := kasalan_private.json_uuid(v_row, 'id');
        if v_id is not null and (v_sections ? v_id::text or exists (select 1 from kasalan.sections s where s.id = v_id)) then
          if not v_sections ? v_id::text then
            v_sections := v_sections || jsonb_build_object(v_id::text, extensions.gen_random_uuid());
          end if;
          v_row := jsonb_set(v_row, '{id}', v_sections -> v_id::text);
        end if;
      end if;
      v_rows := v_rows || jsonb_build_array(v_row);
    end loop;
    p_file := jsonb_set(p_file, '{sections}', v_rows);
  end if;

  -- Seats name a person and their household by id (checked_seating_layout checks the form later).
  v_layout := p_file -> 'seatingLayout';
  if jsonb_typeof(v_layout) = 'object' and jsonb_typeof(v_layout -> 'seats') = 'array'
    and (v_households <> '{}' or v_persons <> '{}')
  then
    select coalesce(jsonb_agg(
      case
        when jsonb_typeof(s.value) = 'object' then
          s.value
          || case when v_persons ? lower(s.value ->> 'personId')
               then jsonb_build_object('personId', v_persons -> lower(s.value ->> 'personId')) else '{}'::jsonb end
          || case when v_households ? lower(s.value ->> 'householdId')
               then jsonb_build_object('householdId', v_households -> lower(s.value ->> 'householdId')) else '{}'::jsonb end
        else s.value
      end
      order by s.ordinality
    ), '[]'::jsonb)
    into v_layout
    from jsonb_array_elements(v_layout -> 'seats') with ordinality s;
    p_file := jsonb_set(p_file, '{seatingLayout,seats}', v_layout);
  end if;

  if jsonb_typeof(p_file -> 'eventGuests') = 'array' then
    p_file := jsonb_set(p_file, '{eventGuests}', kasalan_private.wedding_file_ids_replaced(p_file -> 'eventGuests', 'household_id', v_households));
  end if;
  if jsonb_typeof(p_file -> 'eventReplies') = 'array' then
    p_file := jsonb_set(p_file, '{eventReplies}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'eventReplies', 'person_id', v_persons),
      'household_id', v_households));
  end if;

  -- The plan's rows: their own ids, then what they name.
  v_lines := kasalan_private.wedding_file_taken_ids(p_file -> 'budgetLines', 'kasalan.budget_lines');
  if jsonb_typeof(p_file -> 'budgetLines') = 'array' then
    p_file := jsonb_set(p_file, '{budgetLines}', kasalan_private.wedding_file_ids_replaced(p_file -> 'budgetLines', 'id', v_lines));
  end if;
  if jsonb_typeof(p_file -> 'budgetPayments') = 'array' then
    p_file := jsonb_set(p_file, '{budgetPayments}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'budgetPayments', 'id',
        kasalan_private.wedding_file_taken_ids(p_file -> 'budgetPayments', 'kasalan.budget_payments')),
      'line_id', v_lines));
  end if;
  if jsonb_typeof(p_file -> 'suppliers') = 'array' then
    p_file := jsonb_set(p_file, '{suppliers}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'suppliers', 'id',
        kasalan_private.wedding_file_taken_ids(p_file -> 'suppliers', 'kasalan.suppliers')),
      'budget_line_id', v_lines));
  end if;
  if jsonb_typeof(p_file -> 'gifts') = 'array' then
    p_file := jsonb_set(p_file, '{gifts}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'gifts', 'id',
        kasalan_private.wedding_file_taken_ids(p_file -> 'gifts', 'kasalan.gifts')),
      'household_id', v_households));
  end if;
  if jsonb_typeof(p_file -> 'checklistItems') = 'array' then
    p_file := jsonb_set(p_file, '{checklistItems}', kasalan_private.wedding_file_ids_replaced(p_file -> 'checklistItems', 'id',
      kasalan_private.wedding_file_taken_ids(p_file -> 'checklistItems', 'kasalan.checklist_items')));
  end if;

  return p_file;
end;
$$;

revoke execute on function kasalan.import_file_with_free_ids(p_file jsonb) from public, anon, authenticated;

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger wedding_events_protect_row_identity before update
  on kasalan.wedding_events
  for each row
  execute function kasalan.protect_row_identity('wedding_id', 'event_id');

create trigger event_replies_seat_cap_holds after insert or update of is_attending
  on kasalan.event_replies
  for each row
  when (new.is_attending)
  execute function kasalan_private.check_seat_cap();

-- =============================================================================================
-- Data
-- =============================================================================================

-- Every event already in a schedule gets its id (the sections trigger gives one to each new event).
update kasalan.sections s
set data = kasalan_private.schedule_with_ids(s.data)
where s.type = 'schedule'
  and jsonb_typeof(s.data -> 'events') = 'array'
  and exists (
    select 1 from jsonb_array_elements(s.data -> 'events') e
    where jsonb_typeof(e.value) = 'object' and not (e.value ? 'id')
  );

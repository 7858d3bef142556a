-- Kasalan check-in at the door: the arrivals and walk-ins ushers record on their phones (several
-- at once, offline first), the counter that orders their calls, and the calls the check-in screen
-- makes. Who may check in: kasalan_private.can(wedding, 'checkin') in 01_core.sql.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- The wedding's check-in counter: every call that changes an arrival or a walk-in takes this row's
-- lock and raises the number by one, so the calls of several ushers are applied one after the
-- other and commit in the order of their numbers. An usher's screen asks for what changed after
-- the number it last saw (checkin_changes).
create table kasalan.checkin_state (
  wedding_id uuid not null,
  version bigint not null default 0,
  constraint checkin_state_pkey primary key (wedding_id),
  constraint checkin_state_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.checkin_state enable row level security;
revoke all on kasalan.checkin_state from public, anon, authenticated;

-- One row per person who has been marked arrived at the door: one per person whoever marks them
-- (the key), marked again or by two ushers at once. Undoing keeps the row with arrived false, so
-- the other ushers' screens learn of the undo. version: the counter's number of the last change.
create table kasalan.checkin_arrivals (
  wedding_id uuid not null,
  person_id uuid not null,
  arrived boolean not null default true,
  version bigint not null,
  changed_at timestamptz not null default now(),
  changed_by uuid,
  constraint checkin_arrivals_pkey primary key (person_id),
  constraint checkin_arrivals_changed_by_fkey foreign key (changed_by) references auth.users(id) on delete set null,
  constraint checkin_arrivals_person_id_fkey foreign key (person_id) references kasalan.persons(id) on delete cascade,
  constraint checkin_arrivals_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.checkin_arrivals enable row level security;
revoke all on kasalan.checkin_arrivals from public, anon, authenticated;

create index checkin_arrivals_changed_by_idx on kasalan.checkin_arrivals (changed_by);

create index checkin_arrivals_wedding_id_version_idx on kasalan.checkin_arrivals (wedding_id, version);

-- A guest who came without being on the list, given a free seat at a table of the seating chart
-- (table_id, the layout's id of the table). id: the id the usher's phone made for the call that
-- added them. name: optional ("Pinsan ni Ana"). removed: taken back (a mistake), kept so the other
-- ushers' screens learn of it.
create table kasalan.checkin_walk_ins (
  id uuid not null,
  wedding_id uuid not null,
  table_id text not null,
  name text not null default '',
  removed boolean not null default false,
  version bigint not null,
  created_at timestamptz not null default now(),
  created_by uuid,
  constraint checkin_walk_ins_pkey primary key (id),
  constraint checkin_walk_ins_name_check check (char_length(name) <= 100),
  constraint checkin_walk_ins_name_clean check (kasalan_private.text_is_clean(name, 'name')),
  constraint checkin_walk_ins_table_id_check check (table_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  constraint checkin_walk_ins_created_by_fkey foreign key (created_by) references auth.users(id) on delete set null,
  constraint checkin_walk_ins_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.checkin_walk_ins enable row level security;
revoke all on kasalan.checkin_walk_ins from public, anon, authenticated;

create index checkin_walk_ins_created_by_idx on kasalan.checkin_walk_ins (created_by);

create index checkin_walk_ins_wedding_id_version_idx on kasalan.checkin_walk_ins (wedding_id, version);

-- The check-in calls already answered, by the id the usher's phone made for each, with their
-- outcome (status applied or refused, and the refusal's code): a call sent again (the answer was
-- lost on a poor signal, the phone's queue sent it twice) is applied once and answered as it was
-- the first time.
create table kasalan.checkin_actions (
  wedding_id uuid not null,
  id uuid not null,
  applied_at timestamptz not null default now(),
  applied_by uuid,
  status text not null default 'applied',
  code text,
  constraint checkin_actions_pkey primary key (wedding_id, id),
  constraint checkin_actions_code_check check ((status = 'refused') = (code is not null)),
  constraint checkin_actions_status_check check (status in ('applied', 'refused')),
  constraint checkin_actions_applied_by_fkey foreign key (applied_by) references auth.users(id) on delete set null,
  constraint checkin_actions_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.checkin_actions enable row level security;
revoke all on kasalan.checkin_actions from public, anon, authenticated;

create index checkin_actions_applied_by_idx on kasalan.checkin_actions (applied_by);

-- =============================================================================================
-- Functions
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

-- What changed at the door after the counter's number p_since (null: everything):
-- {version, arrivals: [{personId, arrived}], walkIns: [{id, tableId, name, removed}]}. Cheap
-- enough to ask every few seconds: an index on (wedding_id, version) and nothing when nothing
-- changed. For members who check in; else wedding_not_found. Called by the check-in screen.
create or replace function kasalan.checkin_changes(p_wedding_id uuid, p_since bigint default NULL::bigint)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_version bigint;
begin
  perform kasalan_private.require(p_wedding_id, 'checkin');
  v_version := coalesce((select c.version from kasalan.checkin_state c where c.wedding_id = p_wedding_id), 0);
  if p_since is not null and p_since >= v_version then
    return jsonb_build_object('version', v_version, 'arrivals', '[]'::jsonb, 'walkIns', '[]'::jsonb);
  end if;
  return jsonb_build_object(
    'version', v_version,
    'arrivals', coalesce((
      select jsonb_agg(jsonb_build_object('personId', a.person_id, 'arrived', a.arrived) order by a.version, a.person_id)
      from kasalan.checkin_arrivals a
      where a.wedding_id = p_wedding_id and a.version > coalesce(p_since, -1)
    ), '[]'::jsonb),
    'walkIns', coalesce((
      select jsonb_agg(
        jsonb_build_object('id', w.id, 'tableId', w.table_id, 'name', w.name, 'removed', w.removed)
        order by w.version, w.id
      )
      from kasalan.checkin_walk_ins w
      where w.wedding_id = p_wedding_id and w.version > coalesce(p_since, -1)
    ), '[]'::jsonb)
  );
end;
$$;

revoke execute on function kasalan.checkin_changes(p_wedding_id uuid, p_since bigint) from public, anon;
grant execute on function kasalan.checkin_changes(p_wedding_id uuid, p_since bigint) to authenticated;

-- Applies what ushers did at the door, in order, each once: p_actions is a list (at most 500) of
-- {id, kind, ...} where id is the id the phone made for it and kind is
--   arrive         personIds: these persons came (a whole household, or one person)
--   unarrive       personIds: marked by mistake
--   walkIn         tableId, name?: a guest not on the list, to a table with a free seat
--   removeWalkIn   walkInId: the walk-in taken back
-- Each action's outcome is kept with its id (kasalan.checkin_actions): one sent again changes
-- nothing and is answered with the outcome it had the first time, marked duplicate: true, so a
-- refused one whose answer was lost is refused again, never taken for applied. A person marked
-- arrived twice (again, or by another usher at the same moment) stays one arrival. Returns
-- {version, results: [{id, status: applied | refused, code?, duplicate?}]}; refused codes:
-- person_not_found (not on this wedding's list), table_not_found, table_full, walk_in_not_found,
-- and invalid for an action that is not one (no object, no id, an unknown kind, malformed ids, a
-- name too long): answered so, not kept, and the others applied. Raises invalid_input for a list
-- that is not one or holds more than 500, wedding_not_found for a caller who does not check in.
-- Called by the check-in screen and its offline queue.
-- Over 100 lines: a batch of the door's actions, queued offline, applied in one transaction with
-- one case per kind of action and an answer for each.
create or replace function kasalan.record_checkins(p_wedding_id uuid, p_actions jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_version bigint;
  v_changed boolean := false;
  v_action jsonb;
  v_id uuid;
  v_kind text;
  v_person_ids uuid[];
  v_table_id text;
  v_name text;
  v_free integer;
  v_results jsonb := '[]'::jsonb;
  v_walk_in_id uuid;
  v_code text;
  v_count integer;
  v_invalid boolean;
  v_done kasalan.checkin_actions;
begin
  perform kasalan_private.require(p_wedding_id, 'checkin');
  perform kasalan_private.require_writable();
  if jsonb_typeof(p_actions) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'actions must be a list';
  end if;
  if jsonb_array_length(p_actions) > 500 then
    raise exception 'invalid_input' using detail = 'at most 500 actions at once';
  end if;

  -- One writer at a time per wedding: the ushers' calls queue on this row.
  insert into kasalan.checkin_state (wedding_id) values (p_wedding_id) on conflict do nothing;
  select c.version + 1 into v_version from kasalan.checkin_state c where c.wedding_id = p_wedding_id for update;

  for v_action in select value from jsonb_array_elements(p_actions) loop
    -- An action that is not one is refused as invalid, and the others go on.
    v_invalid := false;
    begin
      v_id := null;
      if jsonb_typeof(v_action) is distinct from 'object' then
        raise exception 'invalid_input' using detail = 'each action must be an object';
      end if;
      v_id := kasalan_private.json_uuid(v_action, 'id');
      v_kind := v_action ->> 'kind';
      if v_id is null then
        raise exception 'invalid_input' using detail = 'each action needs an id';
      end if;
      if v_kind is null or v_kind not in ('arrive', 'unarrive', 'walkIn', 'removeWalkIn') then
        raise exception 'invalid_input' using detail = 'kind must be arrive, unarrive, walkIn or removeWalkIn';
      end if;
      v_person_ids := null;
      v_table_id := null;
      v_name := null;
      v_walk_in_id := null;
      if v_kind in ('arrive', 'unarrive') then
        if jsonb_typeof(v_action -> 'personIds') is distinct from 'array'
          or jsonb_array_length(v_action -> 'personIds') not between 1 and 100
          or exists (
            select 1 from jsonb_array_elements(v_action -> 'personIds') x
            where jsonb_typeof(x) <> 'string' or x #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          )
        then
          raise exception 'invalid_input' using detail = 'personIds must be a list of 1 to 100 ids';
        end if;
        select array_agg(distinct (x #>> '{}')::uuid) into v_person_ids from jsonb_array_elements(v_action -> 'personIds') x;
      elsif v_kind = 'walkIn' then
        v_table_id := kasalan_private.json_text(v_action, 'tableId', 64);
        v_name := coalesce(kasalan_private.json_text(v_action, 'name', 100), '');
      else
        v_walk_in_id := kasalan_private.json_uuid(v_action, 'walkInId');
      end if;
    exception when raise_exception then
      if sqlerrm <> 'invalid_input' then
        raise;
      end if;
      v_invalid := true;
    end;
    if v_invalid then
      v_results := v_results || jsonb_build_object(
        'id', coalesce(v_id::text, case when jsonb_typeof(v_action -> 'id') = 'string' then v_action ->> 'id' end, ''),
        'status', 'refused',
        'code', 'invalid'
      );
      continue;
    end if;

    -- Sent before: answered with the outcome it had then. The wedding's lock above orders the
    -- calls, so no other call is recording this id meanwhile.
    select * into v_done from kasalan.checkin_actions a where a.wedding_id = p_wedding_id and a.id = v_id;
    if found then
      v_results := v_results || jsonb_strip_nulls(
        jsonb_build_object('id', v_id, 'status', v_done.status, 'code', v_done.code, 'duplicate', true)
      );
      continue;
    end if;

    v_code := null;
    if v_kind in ('arrive', 'unarrive') then
      if (select count(*) from kasalan.persons p where p.id = any (v_person_ids) and p.wedding_id = p_wedding_id)
        <> cardinality(v_person_ids)
      then
        v_code := 'person_not_found';
      elsif v_kind = 'arrive' then
        insert into kasalan.checkin_arrivals as a (wedding_id, person_id, version, changed_by)
        select p_wedding_id, x, v_version, v_user from unnest(v_person_ids) x
        on conflict (person_id) do update
          set arrived = true, version = excluded.version, changed_at = now(), changed_by = excluded.changed_by
          where not a.arrived;
        get diagnostics v_count = row_count;
        v_changed := v_changed or v_count > 0;
      else
        update kasalan.checkin_arrivals a
        set arrived = false, version = v_version, changed_at = now(), changed_by = v_user
        where a.wedding_id = p_wedding_id and a.person_id = any (v_person_ids) and a.arrived;
        get diagnostics v_count = row_count;
        v_changed := v_changed or v_count > 0;
      end if;
    elsif v_kind = 'walkIn' then
      select t.seats - t.seated - t.walk_ins into v_free
      from kasalan_private.checkin_tables(p_wedding_id, v_table_id) t
      where t.table_id = v_table_id
      limit 1;
      if not found then
        v_code := 'table_not_found';
      elsif v_free <= 0 then
        v_code := 'table_full';
      else
        insert into kasalan.checkin_walk_ins (id, wedding_id, table_id, name, version, created_by)
        values (v_id, p_wedding_id, v_table_id, v_name, v_version, v_user)
        on conflict do nothing;
        get diagnostics v_count = row_count;
        if v_count = 0 then
          v_code := 'walk_in_not_found';
        end if;
        v_changed := v_changed or v_count > 0;
      end if;
    else
      update kasalan.checkin_walk_ins w
      set removed = true, version = v_version
      where w.wedding_id = p_wedding_id and w.id = v_walk_in_id and not w.removed;
      get diagnostics v_count = row_count;
      if v_count = 0 then
        v_code := 'walk_in_not_found';
      end if;
      v_changed := v_changed or v_count > 0;
    end if;

    insert into kasalan.checkin_actions (wedding_id, id, applied_by, status, code)
    values (p_wedding_id, v_id, v_user, case when v_code is null then 'applied' else 'refused' end, v_code);
    v_results := v_results || case
      when v_code is null then jsonb_build_object('id', v_id, 'status', 'applied')
      else jsonb_build_object('id', v_id, 'status', 'refused', 'code', v_code)
    end;
  end loop;

  if v_changed then
    update kasalan.checkin_state c set version = v_version where c.wedding_id = p_wedding_id;
  else
    v_version := v_version - 1;
  end if;
  return jsonb_build_object('version', v_version, 'results', v_results);
end;
$$;

revoke execute on function kasalan.record_checkins(p_wedding_id uuid, p_actions jsonb) from public, anon;
grant execute on function kasalan.record_checkins(p_wedding_id uuid, p_actions jsonb) to authenticated;

-- Fixes to check-in at the door and the pax forecast (0018-0020). The current definitions live in
-- supabase/schemas/01_core.sql, 14_forecast.sql and 15_checkin.sql.
--   - A check-in call keeps its outcome with its id, so one sent again is answered as it was the
--     first time (a refused one stays refused), and an invalid action is refused on its own
--     (code invalid) rather than failing the whole list.
--   - A seat held by a guest who declined is free for a walk-in; seated persons are found by uuid.
--   - The forecast counts a household whose yeses fill its seat cap as answered.
--   - An usher no longer reads the wedding's row: get_my_wedding gives them what the public site
--     shows, and the row policy is every member's but the usher's again.

alter table kasalan.checkin_actions add column status text not null default 'applied';
alter table kasalan.checkin_actions add column code text;
alter table kasalan.checkin_actions add constraint checkin_actions_code_check check ((status = 'refused') = (code is not null));
alter table kasalan.checkin_actions add constraint checkin_actions_status_check check (status in ('applied', 'refused'));

drop function kasalan_private.checkin_tables(p_wedding_id uuid);

-- The tables of the wedding's seating chart as the door needs them (only p_table_id when given):
-- id, name, how many seats, how many of them hold a person still on the guest list who has not
-- declined (a guest who said no leaves their seat free for a walk-in), and the walk-ins seated
-- there. Seated persons are found by their uuid, through the persons' key. Helper of the functions
-- below; nobody calls it.
create or replace function kasalan_private.checkin_tables(p_wedding_id uuid, p_table_id text default NULL::text)
returns table (table_id text, table_name text, table_order bigint, seats integer, seated integer, walk_ins integer)
language sql
stable
set search_path = ''
as $$
  select
    t ->> 'id',
    t ->> 'name',
    tables.ord,
    (select count(*)::integer from jsonb_array_elements(l.layout -> 'seats') s where s ->> 'tableId' = t ->> 'id'),
    (
      select count(*)::integer
      from jsonb_array_elements(l.layout -> 'seats') s
      join kasalan.persons p
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
  where l.wedding_id = p_wedding_id and (p_table_id is null or t ->> 'id' = p_table_id)
$$;

revoke execute on function kasalan_private.checkin_tables(p_wedding_id uuid, p_table_id text) from public, anon, authenticated;

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
  perform kasalan_private.require_writable();
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'checkin') then
    raise exception 'wedding_not_found';
  end if;
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
    count(*) filter (where h.unanswered = 0 or h.yeses >= h.seat_cap),
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

-- The wedding as an usher opens it, in the Wedding shape: only what the public site shows (id,
-- slug, title, the couple's names, date, place, hashtag, theme, site language, whether it is
-- published and the RSVP deadline); no contact, questions, sections or settings (rsvpQuestions
-- and sections empty, contact blank). Null unless the caller checks in at the wedding. Security
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
    'userId', w.user_id,
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

-- The wedding management opens, in the Wedding shape with the caller's role and side, whether the
-- couple lets their coordinator see the money and whether the caller does: p_wedding_id
-- when the caller is one of its members, else the first of theirs (the one they own first); null
-- when they belong to none. An usher, who may not read the wedding's row, gets only what the
-- public site shows (kasalan_private.door_wedding_json) and neither sees the money. Called by
-- management's wedding gate; granted to authenticated.
create or replace function kasalan.get_my_wedding(p_wedding_id uuid default NULL::uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case
    when m.role = 'usher' then kasalan_private.door_wedding_json(m.wedding_id) || jsonb_build_object(
      'myRole', m.role,
      'mySide', m.side,
      'coordinatorSeesMoney', false,
      'seesMoney', false
    )
    else (
      select kasalan_private.wedding_json(w) || jsonb_build_object(
        'myRole', m.role,
        'mySide', m.side,
        'coordinatorSeesMoney', w.coordinator_sees_money,
        'seesMoney', kasalan_private.can(w.id, 'money')
      )
      from kasalan.weddings w
      where w.id = m.wedding_id
    )
  end
  from kasalan_private.my_membership(p_wedding_id) m
$$;

revoke execute on function kasalan.get_my_wedding(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.get_my_wedding(p_wedding_id uuid) to authenticated;

drop policy "Weddings can be read by their members" on kasalan.weddings;
create policy "Weddings can be read by their members"
  on kasalan.weddings for select to authenticated
  using ((kasalan_private.can(id, 'view') or ((user_id = ( select auth.uid() as uid)) and (not kasalan_private.wedding_has_members(id)))));

-- 0029: counts that agree. One count per household (kasalan_private.household_tally) behind every
-- figure that speaks of who may come: the forecast's "still to answer", the Events page's counts,
-- the door's "expected" and the budget's "everyone invited" all count a household with a seat cap
-- up to its seats, and the forecast says how many with no reply its seats leave out. A private
-- event's forecast adds no walk-ins. And the schedule's events in the order of their days, so a
-- despedida the day before is listed first wherever the couple wrote it.

-- =============================================================================================
-- kasalan_private.schedule_events
-- =============================================================================================

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

-- =============================================================================================
-- kasalan_private.household_tally
-- =============================================================================================

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

-- =============================================================================================
-- kasalan.list_events
-- =============================================================================================

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

-- =============================================================================================
-- kasalan.get_pax_forecast
-- =============================================================================================

-- The pax forecast of a wedding, for the RSVPs tab's card and the forecast page:
-- {settings: {expectedPct, noShowPct, walkIns},
--  households: {total, answered, pending}: answered when no person of it is left to answer or
--    its yeses fill its seat cap (it adds no pending person); every household figure is
--    kasalan_private.household_tally's,
--  confirmed: {adults, children, total}, declined,
--  pending: the persons still to answer, a household counting no more than its seats left
--    (seat cap less its yeses),
--  noReply: every person with no reply yet (the Events page's and the RSVPs tab's figure),
--  beyondSeats: noReply less pending, those whose household's seats are already taken,
--  mayCome: confirmed.total + pending, the door's "expected",
--  isPrivate: whether the event is private,
--  expectedFromPending: round(pending * expectedPct / 100),
--  noShows: round(confirmed.total * noShowPct / 100),
--  walkIns: the wedding's walk-ins, none for a private event (it is for the households chosen),
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
  v_no_reply integer;
  v_beyond_seats integer;
  v_private boolean := false;
  v_walk_ins integer;
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
    v_private := (select e.is_private from kasalan_private.schedule_events(p_wedding_id) e where e.event_id = p_event_id);
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
    count(*) filter (where p.is_attending and p.type = 'child')
  into v_confirmed_adults, v_confirmed_children
  from kasalan_private.event_answers(p_wedding_id, v_event) p;

  -- The households' figures as every other count reads them (household_tally).
  select
    count(*),
    count(*) filter (where h.still_to_answer = 0),
    coalesce(sum(h.noes), 0),
    coalesce(sum(h.still_to_answer), 0),
    coalesce(sum(h.no_reply), 0),
    coalesce(sum(h.beyond_seats), 0)
  into v_households, v_answered, v_declined, v_pending, v_no_reply, v_beyond_seats
  from kasalan_private.household_tally(p_wedding_id, v_event) h;

  -- Walk-ins come to what is open to everyone: a private event is for the households chosen.
  v_walk_ins := case when v_private then 0 else v_wedding.forecast_walk_ins end;

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
    'noReply', v_no_reply,
    'beyondSeats', v_beyond_seats,
    'mayCome', v_confirmed_adults + v_confirmed_children + v_pending,
    'isPrivate', v_private,
    'expectedFromPending', v_expected,
    'noShows', v_no_shows,
    'walkIns', v_walk_ins,
    'low', v_confirmed_adults + v_confirmed_children - v_no_shows + v_expected,
    'high', v_confirmed_adults + v_confirmed_children + v_expected + v_walk_ins,
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

-- =============================================================================================
-- kasalan.get_checkin_roster
-- =============================================================================================

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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'checkin') then
    raise exception 'wedding_not_found';
  end if;

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
            from kasalan.persons p
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
-- kasalan.get_budget
-- =============================================================================================

-- The whole budget: {lines, guests: {attending, invited}, totals: {estimateCentavos,
-- quoteCentavos, actualCentavos, priceCentavos, paidCentavos, leftCentavos, dueThisMonthCentavos,
-- dueThisMonthCount, costPerGuestCentavos}, month}. guests.invited: every person on the list, a
-- household with a seat cap counting no more than its seats (kasalan_private.household_tally);
-- guests.attending: the yeses. Due this month: the unpaid payments due on or
-- before the last day of this month in Manila (overdue ones included). Cost per guest: the price
-- over the persons who said yes, else over everyone invited. Those who see the money only (else
-- wedding_not_found). Called by the budget page; granted to authenticated.
create or replace function kasalan.get_budget(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_attending integer;
  v_invited integer;
  v_today date := (now() at time zone 'Asia/Manila')::date;
  v_month_end date;
  v_lines jsonb;
begin
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'money') then
    raise exception 'wedding_not_found';
  end if;
  v_month_end := (date_trunc('month', v_today) + interval '1 month - 1 day')::date;
  -- Everyone invited counts each household up to its seat cap, as the forecast and the door do.
  select coalesce(sum(h.yeses), 0), coalesce(sum(h.seats), 0)
  into v_attending, v_invited
  from kasalan_private.household_tally(p_wedding_id, null) h;

  select coalesce(jsonb_agg(kasalan_private.budget_line_json(l, v_attending, v_invited)
    order by coalesce(kasalan_private.budget_category_order(l.category) * 2, 19), l.category, l.seq), '[]'::jsonb)
  into v_lines
  from kasalan.budget_lines l
  where l.wedding_id = p_wedding_id;

  return jsonb_build_object(
    'lines', v_lines,
    'guests', jsonb_build_object('attending', v_attending, 'invited', v_invited),
    'month', to_char(v_today, 'YYYY-MM'),
    'totals', (
      select jsonb_build_object(
        'estimateCentavos', coalesce(sum((line ->> 'estimateCentavos')::bigint), 0),
        'quoteCentavos', coalesce(sum((line ->> 'quoteTotalCentavos')::bigint), 0),
        'actualCentavos', coalesce(sum((line ->> 'actualCentavos')::bigint), 0),
        'priceCentavos', coalesce(sum((line ->> 'priceCentavos')::bigint), 0),
        'paidCentavos', coalesce(sum((line ->> 'paidCentavos')::bigint), 0),
        'leftCentavos', coalesce(sum((line ->> 'leftCentavos')::bigint), 0),
        'dueThisMonthCentavos', coalesce((
          select sum((pay ->> 'dueCentavos')::bigint)
          from jsonb_array_elements(v_lines) l2, jsonb_array_elements(l2 -> 'payments') pay
          where not (pay ->> 'paid')::boolean and (pay ->> 'dueOn')::date <= v_month_end
        ), 0),
        'dueThisMonthCount', (
          select count(*)
          from jsonb_array_elements(v_lines) l2, jsonb_array_elements(l2 -> 'payments') pay
          where not (pay ->> 'paid')::boolean and (pay ->> 'dueOn')::date <= v_month_end
        ),
        'costPerGuestCentavos', case
          when coalesce(nullif(v_attending, 0), v_invited) = 0 then null
          else round(coalesce(sum((line ->> 'priceCentavos')::bigint), 0)::numeric / coalesce(nullif(v_attending, 0), v_invited))::bigint
        end
      )
      from jsonb_array_elements(v_lines) line
    )
  );
end;
$$;

revoke execute on function kasalan.get_budget(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.get_budget(p_wedding_id uuid) to authenticated;

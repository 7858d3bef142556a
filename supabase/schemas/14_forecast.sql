-- Kasalan pax forecast: the number of persons to give the caterer, from the replies so far, the
-- households' seat caps and the couple's assumptions (kasalan.weddings.forecast_*), and the seat
-- caps' own rule: no household has more persons coming than the seats reserved for it.

-- =============================================================================================
-- Functions
-- =============================================================================================

-- Raises rsvp_over_seat_cap when a person's reply makes more of a household's persons attending
-- than its seat cap for that event (the main one, the persons' own answers, or another), and
-- seat_cap_below_attending when a cap is lowered below the
-- persons already attending, for the wedding or any event, also one whose replies are kept while
-- its RSVPs are off or the household is off its private list (the couple records a "no" first).
-- So no event's yeses, live or kept, are ever more than the seats, and bringing kept replies back
-- (RSVPs on again, invited again, made the main event) or importing an exported file always fits. Takes the household's row lock before counting, as submit_rsvp and record_reply do, so
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

-- The answer a person gave to one of the wedding's questions ({id, question, ...}) in their stored
-- response ([{questionId, question, answer}]), or null when none or blank. An answer saved before
-- answers carried the question's id is matched by the question's text. Helper of get_pax_forecast.
create or replace function kasalan_private.response_answer(p_response jsonb, p_question jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(btrim(r.value ->> 'answer'), '')
  from jsonb_array_elements(case when jsonb_typeof(p_response) = 'array' then p_response else '[]'::jsonb end) with ordinality r
  where jsonb_typeof(r.value) = 'object'
    and (
      r.value ->> 'questionId' = p_question ->> 'id'
      or (not (r.value ? 'questionId') and btrim(r.value ->> 'question') = btrim(p_question ->> 'question'))
    )
  order by r.ordinality
  limit 1
$$;

revoke execute on function kasalan_private.response_answer(p_response jsonb, p_question jsonb) from public, anon, authenticated;

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
-- Over 100 lines: one read of every figure (the counts, the households' tally and every question's
-- answers) for one event, so the forecast's parts agree.
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
  perform kasalan_private.require(p_wedding_id, 'rsvps');
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

-- Saves the forecast's assumptions: the percent of pending persons expected to come (0-100), the
-- percent of the yeses allowed for not coming (0-50) and the walk-ins (0-1000 persons). Returns the
-- forecast as get_pax_forecast gives it. Raises wedding_not_found (not owner, partner or
-- coordinator) or invalid_input. Granted to authenticated.
create or replace function kasalan.save_pax_forecast_settings(p_wedding_id uuid, p_expected_pct integer, p_no_show_pct integer, p_walk_ins integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  if p_expected_pct is null or p_expected_pct not between 0 and 100 then
    raise exception 'invalid_input' using detail = 'expectedPct must be from 0 to 100';
  end if;
  if p_no_show_pct is null or p_no_show_pct not between 0 and 50 then
    raise exception 'invalid_input' using detail = 'noShowPct must be from 0 to 50';
  end if;
  if p_walk_ins is null or p_walk_ins not between 0 and 1000 then
    raise exception 'invalid_input' using detail = 'walkIns must be from 0 to 1000';
  end if;
  update kasalan.weddings w
  set forecast_expected_pct = p_expected_pct,
      forecast_no_show_pct = p_no_show_pct,
      forecast_walk_ins = p_walk_ins
  where w.id = p_wedding_id;
  return kasalan.get_pax_forecast(p_wedding_id);
end;
$$;

revoke execute on function kasalan.save_pax_forecast_settings(p_wedding_id uuid, p_expected_pct integer, p_no_show_pct integer, p_walk_ins integer) from public, anon;
grant execute on function kasalan.save_pax_forecast_settings(p_wedding_id uuid, p_expected_pct integer, p_no_show_pct integer, p_walk_ins integer) to authenticated;

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger households_seat_cap_holds after update of seat_cap
  on kasalan.households
  for each row
  when (new.seat_cap is not null and new.seat_cap is distinct from old.seat_cap)
  execute function kasalan_private.check_seat_cap();

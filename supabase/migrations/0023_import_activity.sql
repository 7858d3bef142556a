-- Kasalan: an import of 2,000 households in half the time.
--
-- Since 0019 the activity triggers ran for every household, person and reply an import wrote, at
-- commit: each household rewrote the one households_imported entry with a longer list of ids, and
-- each person searched that list, so an import of 2,000 households spent more time on its one
-- activity entry than on the households (5.2 s against 2.3 s in PGlite). Now import_households
-- tells the triggers to stay quiet for the rest of its call (the transaction-local setting
-- kasalan.importing, which only a function can set: PostgREST exposes no way to set it) and writes
-- the same entry itself, once. A single household saved by hand is recorded as before.

-- The activity triggers of 0019, with one more condition each: not while import_households writes.
-- A constraint trigger's WHEN is checked when the row is written, not at commit, so an import
-- queues no trigger events at all.
drop trigger guests_record_activity on kasalan.guests;
create constraint trigger guests_record_activity after insert on kasalan.guests
  deferrable initially deferred
  for each row
  when (current_setting('kasalan.importing', true) is distinct from 'on')
  execute function kasalan.record_household_activity();

drop trigger persons_record_activity on kasalan.persons;
create constraint trigger persons_record_activity after insert or delete on kasalan.persons
  deferrable initially deferred
  for each row
  when (current_setting('kasalan.importing', true) is distinct from 'on')
  execute function kasalan.record_household_activity();

drop trigger rsvp_changes_record_activity on kasalan.rsvp_changes;
create constraint trigger rsvp_changes_record_activity after insert on kasalan.rsvp_changes
  deferrable initially deferred
  for each row
  when (current_setting('kasalan.importing', true) is distinct from 'on')
  execute function kasalan.record_reply_activity();

-- As in 0013 (same checks, codes and answers), writing each household with write_household and
-- recording the import's one activity entry itself (see above). Granted to authenticated.
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
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'guests') then
    raise exception 'wedding_not_found';
  end if;
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
  v_kind := kasalan.rsvp_manager_kind(p_wedding_id);

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
      v_saved := kasalan.write_household(p_wedding_id, v_household);
      v_ids := array_append(v_ids, (v_saved ->> 'id')::uuid);
      v_sides := array_append(v_sides, v_saved ->> 'relationshipSide');
      v_count := v_count + jsonb_array_length(v_saved -> 'persons');

      -- save_household keeps the persons in the order given (position = index).
      for v_person in
        select p.* from kasalan.persons p where p.guest_id = (v_saved ->> 'id')::uuid order by p.position
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
        v_response := case when v_attending then kasalan.rsvp_response(v_questions, v_reply -> 'response') else '[]'::jsonb end;

        insert into kasalan.rsvp_changes (wedding_id, guest_id, person_id, changed_by, changed_by_user, previous, current)
        values (
          p_wedding_id, v_person.guest_id, v_person.id, v_kind, auth.uid(),
          kasalan.rsvp_reply_json(v_person),
          jsonb_build_object('isAttending', v_attending, 'response', v_response, 'respondedAt', now(), 'recordedBy', 'couple')
        );
        update kasalan.persons p
        set is_attending = v_attending,
            response = v_response,
            responded_at = now(),
            rsvp_recorded_by = 'couple'
        where p.id = v_person.id;
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
  update kasalan.guests g
  set created_at = g.created_at - make_interval(secs => (cardinality(v_ids) - imported.ordinality) / 1000000.0)
  from unnest(v_ids) with ordinality as imported(id, ordinality)
  where g.id = imported.id and g.wedding_id = p_wedding_id;

  perform set_config('kasalan.importing', '', true);
  -- What the triggers would have written: one household is household_added; more are one
  -- households_imported entry, on their side when they all share one.
  if cardinality(v_ids) = 1 then
    perform kasalan.add_activity(p_wedding_id, 'household_added', v_ids[1]);
  elsif cardinality(v_ids) > 1 then
    perform kasalan.add_activity(p_wedding_id, 'households_imported', null, jsonb_build_object('count', cardinality(v_ids)));
    if (select count(distinct s) = 1 and count(s) = cardinality(v_ids) from unnest(v_sides) s) then
      update kasalan.wedding_activity a set household_side = v_sides[1]
      where a.xact = txid_current() and a.wedding_id = p_wedding_id and a.action = 'households_imported';
    end if;
  end if;

  return jsonb_build_object(
    'households', cardinality(v_ids),
    'persons', v_count,
    'replies', v_replies,
    'householdIds', to_jsonb(v_ids)
  );
end;
$$;

revoke execute on function kasalan.import_households(uuid, jsonb) from public, anon;
grant execute on function kasalan.import_households(uuid, jsonb) to authenticated;

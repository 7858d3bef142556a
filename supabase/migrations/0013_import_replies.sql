-- Kasalan: a guest list exported as CSV imports back with its replies, in the file's order.
--
-- The export has each person's RSVP status and answers; until now the import dropped them, so a
-- couple who moved their list (or restored it from a spreadsheet) found every guest "Pending" again.
-- import_households now takes an optional `reply` per person and records it as the couple recording
-- it by hand would (record_rsvp): checked against the wedding's questions, kept in the reply history.
--
-- An import also keeps the file's order. Until now every imported household got the same created_at
-- (the transaction's now()), so list_guests and list_rsvps, which sort by (created_at, id), shuffled
-- them by their random ids.

-- Adds many households at once, all or none (0005), in the file's order, now with each person's
-- reply when the file has one: persons[i].reply = {"isAttending": true|false, "response":
-- [{"questionId", "answer"}]}. A person without a reply (or with isAttending null) is pending.
-- Answers are checked like record_rsvp's (rsvp_invalid_answer); a declined person keeps no answers.
-- Returns {households, persons, replies, householdIds}, the ids in list order. Security definer
-- because households, persons and the history are written only through functions; it first checks
-- that the caller keeps the whole guest list (owner, partner, coordinator: 0012_members). Raises
-- wedding_not_found, household_needs_adult, person_first_name_required, invalid_input,
-- rsvp_invalid_answer (each with the household's number in the detail). Granted to authenticated.
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
  v_ids jsonb := '[]'::jsonb;
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

      v_saved := kasalan.save_household(p_wedding_id, v_household);
      v_ids := v_ids || jsonb_build_array(v_saved -> 'id');
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
  set created_at = g.created_at - make_interval(secs => (jsonb_array_length(v_ids) - imported.ordinality) / 1000000.0)
  from jsonb_array_elements_text(v_ids) with ordinality as imported(id, ordinality)
  where g.id = imported.id::uuid and g.wedding_id = p_wedding_id;

  return jsonb_build_object(
    'households', jsonb_array_length(v_ids),
    'persons', v_count,
    'replies', v_replies,
    'householdIds', v_ids
  );
end;
$$;

revoke execute on function kasalan.import_households(uuid, jsonb) from public, anon;
grant execute on function kasalan.import_households(uuid, jsonb) to authenticated;

-- Scale: a guest list of a few thousand households.
--
-- An import keeps the file's order. Until now every imported household got the same created_at (the
-- transaction's now()), so list_guests and list_rsvps, which sort by (created_at, id), shuffled them
-- by their random ids.

-- =============================================================================================
-- Functions: importing households
-- =============================================================================================

-- Creates every household of p_households (a list in save_household's shape; ids are ignored, an
-- import only ever adds) in one transaction, in list order: if one household is not valid, nothing is
-- saved and the error names it in its detail ("household 12: ..."). Returns {households, persons,
-- householdIds} for the households created, in list order; the guest list then shows them in that
-- order too. Called by the guest list's Import tab; granted to authenticated. Security definer now,
-- like save_household (0009), because it sets the creation times it spaces and direct writes to
-- guests are revoked: it checks can_manage first and touches only that wedding's new households.
create or replace function kasalan.import_households(p_wedding_id uuid, p_households jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household jsonb;
  v_index integer := 0;
  v_saved jsonb;
  v_ids jsonb := '[]'::jsonb;
  v_persons integer := 0;
  v_message text;
  v_state text;
  v_detail text;
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  if jsonb_typeof(p_households) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'households must be a list';
  end if;
  -- A sanity limit far above any guest list, so one call cannot run for minutes.
  if jsonb_array_length(p_households) > 5000 then
    raise exception 'invalid_input' using detail = 'at most 5000 households per import';
  end if;

  begin
    for v_household in select value from jsonb_array_elements(p_households) loop
      v_index := v_index + 1;
      if jsonb_typeof(v_household) <> 'object' then
        raise exception 'invalid_input' using detail = 'each household must be an object';
      end if;
      -- An import only adds: drop any ids, so a household or person can never overwrite another.
      v_household := v_household - 'id';
      if jsonb_typeof(v_household -> 'persons') = 'array' then
        v_household := jsonb_set(
          v_household,
          '{persons}',
          coalesce(
            (
              select jsonb_agg(case when jsonb_typeof(p.value) = 'object' then p.value - 'id' else p.value end order by p.ordinality)
              from jsonb_array_elements(v_household -> 'persons') with ordinality as p(value, ordinality)
            ),
            '[]'::jsonb
          )
        );
      end if;

      v_saved := kasalan.save_household(p_wedding_id, v_household);
      v_ids := v_ids || jsonb_build_array(v_saved -> 'id');
      v_persons := v_persons + jsonb_array_length(v_saved -> 'persons');
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
    'persons', v_persons,
    'householdIds', v_ids
  );
end;
$$;

revoke execute on function kasalan.import_households(uuid, jsonb) from public, anon;
grant execute on function kasalan.import_households(uuid, jsonb) to authenticated;

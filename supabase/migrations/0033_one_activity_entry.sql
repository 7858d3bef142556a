-- 0033: one way to add to this transaction's activity entry. What many rows of one action make
-- (an import's households, a reply's persons, a send to many) is one entry of the activity: the
-- first row adds it, the next ones add to it. Three triggers each looked that entry up their own
-- way and two imports wrote its side afterwards with an update of their own. Now
-- kasalan_private.activity_this_transaction finds (and locks) it, and add_activity takes the side
-- of an import whose households share one.

-- =============================================================================================
-- members
-- =============================================================================================

drop function kasalan_private.add_activity(p_wedding_id uuid, p_action text, p_household_id uuid, p_details jsonb, p_actor_kind text, p_actor_name text);

create or replace function kasalan_private.add_activity(p_wedding_id uuid, p_action text, p_household_id uuid default NULL::uuid, p_details jsonb default '{}'::jsonb, p_actor_kind text default NULL::text, p_actor_name text default NULL::text, p_household_side text default NULL::text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := case when p_actor_kind = 'guest' then null else auth.uid() end;
  v_name text := p_actor_name;
  v_side text := p_household_side;
begin
  if not exists (select 1 from kasalan.weddings w where w.id = p_wedding_id) then
    return; -- the wedding is being deleted with everything in it
  end if;
  if v_user_id is null and p_actor_kind is distinct from 'guest' then
    return; -- neither a member nor a guest: the seed, a migration, the database's owner
  end if;
  if v_user_id is not null and v_name is null then
    select nullif(m.display_name, '') into v_name from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = v_user_id;
    v_name := coalesce(v_name, kasalan_private.account_display_name(v_user_id), '');
  end if;
  if p_household_id is not null then
    select g.relationship_side into v_side from kasalan.households g where g.id = p_household_id;
  end if;
  insert into kasalan.wedding_activity (
    wedding_id, actor_kind, actor_user, actor_name, action, household_id, household_name, household_side, details
  )
  values (
    p_wedding_id,
    coalesce(p_actor_kind, case when v_user_id is null then 'system' else 'member' end),
    v_user_id,
    coalesce(v_name, ''),
    p_action,
    p_household_id,
    case when p_household_id is not null then kasalan_private.activity_household_name(p_household_id) end,
    v_side,
    coalesce(p_details, '{}'::jsonb)
  );
end;
$$;

revoke execute on function kasalan_private.add_activity(p_wedding_id uuid, p_action text, p_household_id uuid, p_details jsonb, p_actor_kind text, p_actor_name text, p_household_side text) from public, anon, authenticated;

create or replace function kasalan_private.activity_this_transaction(p_wedding_id uuid, p_actions text[], p_household_id uuid default NULL::uuid, p_details jsonb default '{}'::jsonb)
returns kasalan.wedding_activity
language sql
security definer
set search_path = ''
as $$
  select a.* from kasalan.wedding_activity a
  where a.xact = txid_current() and a.wedding_id = p_wedding_id and a.action = any (p_actions)
    and (p_household_id is null or a.household_id = p_household_id)
    and a.details @> p_details
  order by a.at, a.id
  limit 1
  for update
$$;

revoke execute on function kasalan_private.activity_this_transaction(p_wedding_id uuid, p_actions text[], p_household_id uuid, p_details jsonb) from public, anon, authenticated;

create or replace function kasalan_private.record_household_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household_id uuid;
  v_wedding_id uuid;
  v_entry kasalan.wedding_activity;
begin
  if tg_op = 'DELETE' and tg_table_name = 'households' then
    -- Before the delete, while its persons still give it a name (household_id then goes null).
    perform kasalan_private.add_activity(old.wedding_id, 'household_deleted', old.id);
    return old;
  end if;

  if tg_table_name = 'households' then
    v_household_id := new.id;
    v_wedding_id := new.wedding_id;
  elsif tg_op = 'DELETE' then
    v_household_id := old.household_id;
    v_wedding_id := old.wedding_id;
  else
    v_household_id := new.household_id;
    v_wedding_id := new.wedding_id;
  end if;
  if not exists (select 1 from kasalan.households g where g.id = v_household_id) then
    return null; -- deleted later in the same transaction
  end if;

  if tg_table_name = 'households' and tg_op = 'INSERT' then
    v_entry := kasalan_private.activity_this_transaction(v_wedding_id, array['household_added', 'households_imported']);
    if v_entry.id is null then
      perform kasalan_private.add_activity(v_wedding_id, 'household_added', v_household_id);
    else
      update kasalan.wedding_activity a
      set action = 'households_imported',
          household_id = null,
          household_name = null,
          household_side = case when a.household_side = new.relationship_side then a.household_side end,
          details = jsonb_build_object(
            'count', coalesce((a.details ->> 'count')::integer, 1) + 1,
            'householdIds', coalesce(a.details -> 'householdIds', jsonb_build_array(v_entry.household_id)) || to_jsonb(v_household_id)
          )
      where a.id = v_entry.id;
    end if;
    return null;
  end if;

  if not kasalan_private.activity_covers(v_household_id, array['household_added', 'household_changed']) then
    perform kasalan_private.add_activity(v_wedding_id, 'household_changed', v_household_id);
  end if;
  return null;
end;
$$;

create or replace function kasalan_private.record_reply_activity()
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
    or kasalan_private.activity_covers(new.household_id, array['household_added'])
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

  v_entry_id := (kasalan_private.activity_this_transaction(new.wedding_id, array['reply_recorded'], new.household_id)).id;
  if v_entry_id is null then
    perform kasalan_private.add_activity(
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

create or replace function kasalan_private.record_invitation_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry kasalan.wedding_activity;
begin
  if not exists (select 1 from kasalan.households g where g.id = new.household_id) then
    return null;
  end if;
  v_entry := kasalan_private.activity_this_transaction(
    new.wedding_id, array['invitation_sent'], null, jsonb_build_object('channel', new.channel, 'kind', new.kind)
  );
  if v_entry.id is null then
    perform kasalan_private.add_activity(new.wedding_id, 'invitation_sent', new.household_id,
      jsonb_build_object('channel', new.channel, 'kind', new.kind, 'count', 1));
  else
    update kasalan.wedding_activity a
    set household_id = null,
        household_name = null,
        household_side = case when a.household_side = (select g.relationship_side from kasalan.households g where g.id = new.household_id)
          then a.household_side end,
        details = jsonb_set(a.details, '{count}', to_jsonb(coalesce((a.details ->> 'count')::integer, 1) + 1))
    where a.id = v_entry.id;
  end if;
  return null;
end;
$$;

-- =============================================================================================
-- households
-- =============================================================================================

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
            kasalan_private.rsvp_reply_json(v_person),
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

-- =============================================================================================
-- wedding_file
-- =============================================================================================

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


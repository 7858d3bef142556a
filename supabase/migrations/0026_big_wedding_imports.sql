-- 0026: a wedding of thousands of households moves house in seconds, a spreadsheet of thousands
-- is imported in one, and their lists open sooner. Importing a wedding file read and rewrote its lists a row at a
-- time, each row copying the list built so far, and the activity triggers rewrote one growing
-- entry once per household: at 2,031 households the import took 28 s in the browser, at 5,000 it
-- ran past the call's time limit. The spreadsheet import wrote each household through
-- write_household, some twenty statements a household. Now each list is read, written and
-- rewritten in one statement, and the guest list's activity entry is written once. Same checks,
-- same refusals, same answers. And two reads every management screen waits for after a reload:
-- list_households applies the list's visibility rule once instead of row-level security on each of
-- its 7,000 rows, and the seating layout finds each seat's person by index.

-- The objects of a list with the key p_old renamed p_new (where the object has p_old and not
-- p_new); anything else as it is, and a list with no such object unread a second time. Helper of
-- wedding_file_current, and of the move of a browser's database onto this baseline
-- (src/lib/backend/local/baseline-upgrade.ts).
create or replace function kasalan_private.renamed_key(p_list jsonb, p_old text, p_new text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(p_list) = 'array' and exists (
      select 1 from jsonb_array_elements(p_list) e
      where jsonb_typeof(e.value) = 'object' and e.value ? p_old and not e.value ? p_new
    ) then (
    select coalesce(jsonb_agg(
      case when jsonb_typeof(e.value) = 'object' and e.value ? p_old and not e.value ? p_new
        then (e.value - p_old) || jsonb_build_object(p_new, e.value -> p_old)
        else e.value
      end
      order by e.ordinality), '[]'::jsonb)
    from jsonb_array_elements(p_list) with ordinality e
  ) else p_list end
$$;

revoke execute on function kasalan_private.renamed_key(p_list jsonb, p_old text, p_new text) from public, anon, authenticated;

-- Raises what kasalan_private.json_uuid raises (invalid_input: '<key> must be an id') for the first
-- value in p_rows (a list) under one of p_keys that is there, not null and no id, reading the rows
-- in order and each row's keys in the order of p_keys; nothing when all are ids or missing. A
-- set-based statement may then read the ids without raising, and refuses a file as the row-by-row
-- loop before it did. Helper of the wedding file's import.
create or replace function kasalan_private.json_uuids_checked(p_rows jsonb, p_keys text[])
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_row jsonb;
  v_key text;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    return;
  end if;
  select r.value, k.key into v_row, v_key
  from jsonb_array_elements(p_rows) with ordinality r
  cross join unnest(p_keys) with ordinality k(key, n)
  where jsonb_typeof(r.value) = 'object'
    and coalesce(jsonb_typeof(r.value -> k.key), 'null') <> 'null'
    and (jsonb_typeof(r.value -> k.key) <> 'string'
      or (r.value ->> k.key) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
  order by r.ordinality, k.n
  limit 1;
  if found then
    perform kasalan_private.json_uuid(v_row, v_key);
  end if;
end;
$$;

revoke execute on function kasalan_private.json_uuids_checked(p_rows jsonb, p_keys text[]) from public, anon, authenticated;

-- The ids of a file's rows (p_rows, a list) already used by a row of p_table, any wedding's, each
-- mapped to a fresh one: {old: new}. Rows that are no objects or have no id are left for the
-- import to refuse. One lookup per distinct id, in one statement. Helper of import_file_with_free_ids.
create or replace function kasalan_private.wedding_file_taken_ids(p_rows jsonb, p_table regclass)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_taken jsonb;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    return '{}'::jsonb;
  end if;
  perform kasalan_private.json_uuids_checked(p_rows, array['id']);
  execute format(
    'select coalesce(pg_catalog.jsonb_object_agg(f.id, extensions.gen_random_uuid()), ''{}''::jsonb)
       from (
         select distinct kasalan_private.json_uuid(r.value, ''id'') as id
         from pg_catalog.jsonb_array_elements($1) r
         where pg_catalog.jsonb_typeof(r.value) = ''object''
       ) f
      where exists (select 1 from %s t where t.id = f.id)',
    p_table
  ) into v_taken using p_rows;
  return v_taken;
end;
$$;

revoke execute on function kasalan_private.wedding_file_taken_ids(p_rows jsonb, p_table regclass) from public, anon, authenticated;

-- A file's rows (p_rows, a list) with the id under p_key replaced where p_ids ({old: new}) has it;
-- anything else as it is. Helper of import_file_with_free_ids.
create or replace function kasalan_private.wedding_file_ids_replaced(p_rows jsonb, p_key text, p_ids jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p_rows) is distinct from 'array' or p_ids = '{}' then
    return p_rows;
  end if;
  perform kasalan_private.json_uuids_checked(p_rows, array[p_key]);
  return (
    select coalesce(jsonb_agg(
      case when jsonb_typeof(r.value) = 'object' and p_ids ? kasalan_private.json_uuid(r.value, p_key)::text
        then jsonb_set(r.value, array[p_key], p_ids -> kasalan_private.json_uuid(r.value, p_key)::text)
        else r.value
      end
      order by r.ordinality), '[]'::jsonb)
    from jsonb_array_elements(p_rows) with ordinality r
  );
end;
$$;

revoke execute on function kasalan_private.wedding_file_ids_replaced(p_rows jsonb, p_key text, p_ids jsonb) from public, anon, authenticated;

-- A file's rows (p_rows, a list) with each account they name under p_keys (an assignee, who ticked
-- an item, who added it) kept only when that account is a member of p_wedding_id, else null: an
-- account of the wedding the file came from means nothing here, or someone else. Names kept
-- beside (done_by_name) stay. Helper of import_wedding.
create or replace function kasalan_private.wedding_file_members_only(p_rows jsonb, p_keys text[], p_wedding_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    return p_rows;
  end if;
  perform kasalan_private.json_uuids_checked(p_rows, p_keys);
  return (
    select coalesce(jsonb_agg(
      case when jsonb_typeof(r.value) = 'object'
        then r.value || coalesce((
          select jsonb_object_agg(k.key, 'null'::jsonb)
          from unnest(p_keys) k(key)
          where kasalan_private.json_uuid(r.value, k.key) is not null
            and not exists (
              select 1 from kasalan.wedding_members m
              where m.wedding_id = p_wedding_id and m.user_id = kasalan_private.json_uuid(r.value, k.key)
            )
        ), '{}'::jsonb)
        else r.value
      end
      order by r.ordinality), '[]'::jsonb)
    from jsonb_array_elements(p_rows) with ordinality r
  );
end;
$$;

revoke execute on function kasalan_private.wedding_file_members_only(p_rows jsonb, p_keys text[], p_wedding_id uuid) from public, anon, authenticated;

-- Imports a wedding file into the caller's empty wedding (wedding_not_empty otherwise: it has
-- guests, a seating chart with tables, checklist items, budget lines, suppliers or gifts): its details,
-- sections, households, persons and seating, and its plan: checklist, budget lines and their
-- payments, suppliers, gifts and thank-you messages (the file's messages replace the wedding's),
-- and its events' RSVP settings, invited households and replies (they replace the wedding's
-- settings; a reply must name a person of the file's household), and the couple's own nicknames
-- (they replace the wedding's). A file without the plan's, the events' or the nicknames' lists, or
-- whose persons have no known-as or maiden names (an earlier export), imports as before. A file of an earlier
-- export is read as today's (wedding_file_current). Ids and link tokens of the file already in
-- use in this database are replaced by fresh ones (kasalan.import_file_with_free_ids) rather than
-- refused, which would tell anyone whether a value existed in a wedding they do not manage; a
-- file moved from another database keeps every id, code and token, so its links still work.
-- import_ids_taken means only that the file repeats an id, token or code of its own. The accounts
-- a plan's row names (an assignee, who ticked an item, who added an item or gift) are kept only
-- when they are members of this wedding (wedding_file_members_only). A gift's household, a
-- supplier's budget line and an event reply's person must be the file's own, checked before the
-- row is written (wedding_file_refers_to_own), so the refusal is the same whether or not the id
-- exists elsewhere; a payment's line, a person's household and an event's invited household are
-- keys within this wedding, refused alike for any id not the file's. A file nested more than 64 levels deep (no export is near it) is refused with invalid_input
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
  v_household_ids uuid[];
  v_side text;
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
    -- The activity triggers stay quiet while the guest list is written, and its one entry is
    -- recorded below as they would have made it at commit: one trigger call per row, each
    -- rewriting the growing entry, took most of a minute at 2,000 households.
    perform set_config('kasalan.importing', 'on', true);
    perform kasalan.import_rows('households', p_wedding_id, coalesce(p_file -> 'households', '[]'::jsonb));
    perform kasalan.import_rows('persons', p_wedding_id, coalesce(p_file -> 'persons', '[]'::jsonb));
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
      perform kasalan.add_activity(p_wedding_id, 'household_added', v_household_ids[1]);
    elsif cardinality(v_household_ids) > 1 then
      perform kasalan.add_activity(p_wedding_id, 'households_imported', null,
        jsonb_build_object('count', cardinality(v_household_ids), 'householdIds', to_jsonb(v_household_ids)));
      -- On their side when they all share one.
      select min(g.relationship_side) into v_side
      from kasalan.households g where g.wedding_id = p_wedding_id
      having count(distinct g.relationship_side) = 1 and count(g.relationship_side) = count(*);
      if v_side is not null then
        update kasalan.wedding_activity a set household_side = v_side
        where a.xact = txid_current() and a.wedding_id = p_wedding_id and a.action = 'households_imported';
      end if;
    end if;
    delete from kasalan.wedding_events we where we.wedding_id = p_wedding_id;
    perform kasalan.import_rows('wedding_events', p_wedding_id, coalesce(p_file -> 'events', '[]'::jsonb));
    perform kasalan.import_rows('event_guests', p_wedding_id, coalesce(p_file -> 'eventGuests', '[]'::jsonb));
    -- A reference to a row the file does not have is refused before its key is tried, with the
    -- same answer whether or not that id exists in another wedding.
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'eventReplies', 'person_id', 'kasalan.persons', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'an event reply names a person the file does not have';
    end if;
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
    perform kasalan.import_rows('checklist_items', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'checklistItems', '[]'::jsonb), array['assignee_user', 'done_by', 'created_by'], p_wedding_id));
    perform kasalan.import_rows('budget_lines', p_wedding_id, coalesce(p_file -> 'budgetLines', '[]'::jsonb));
    perform kasalan.import_rows('budget_payments', p_wedding_id, coalesce(p_file -> 'budgetPayments', '[]'::jsonb));
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'suppliers', 'budget_line_id', 'kasalan.budget_lines', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'a supplier names a budget line the file does not have';
    end if;
    perform kasalan.import_rows('suppliers', p_wedding_id, coalesce(p_file -> 'suppliers', '[]'::jsonb));
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'gifts', 'household_id', 'kasalan.households', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'a gift names a household the file does not have';
    end if;
    perform kasalan.import_rows('gifts', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'gifts', '[]'::jsonb), array['created_by'], p_wedding_id));
    -- The couple's own nicknames (files from before have none).
    if p_file ? 'nicknames' then
      delete from kasalan.nicknames n where n.wedding_id = p_wedding_id;
      perform kasalan.import_rows('nicknames', p_wedding_id, p_file -> 'nicknames');
    end if;
    if p_file ? 'giftThankYouTemplates' then
      delete from kasalan.gift_thank_you_templates tt where tt.wedding_id = p_wedding_id;
      perform kasalan.import_rows('gift_thank_you_templates', p_wedding_id, p_file -> 'giftThankYouTemplates');
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

-- The file's households, persons, sections and plan's rows (checklist items, budget lines and
-- payments, suppliers, gifts) with every id and link token that is already in use in this database
-- (by any wedding, whoever manages it) replaced by a fresh one, and the file's references
-- following: persons to their household, seats to their person and household, payments and
-- suppliers to their budget line, gifts to their household, events' invited households and
-- replies to their household and person (event ids are the wedding's own: they stay).
-- The same id (or token) in the file gets the same replacement, so the file's own duplicates stay
-- duplicates. Whether a value was in use changes nothing in the import's answer: the check is one
-- index lookup either way. Each list is read and rewritten in one statement (at 2,000 households,
-- a row at a time took minutes). Malformed parts are left as they are for the import to refuse;
-- a value that is no id is refused as the import always did (json_uuids_checked). Helper of
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
  v_layout jsonb;
begin
  if jsonb_typeof(p_file -> 'households') = 'array' then
    v_households := kasalan_private.wedding_file_taken_ids(p_file -> 'households', 'kasalan.households');
    select coalesce(jsonb_object_agg(f.token, kasalan_private.new_invitation_token()), '{}'::jsonb)
    into v_tokens
    from (
      select distinct r.value ->> 'invitation_token' as token
      from jsonb_array_elements(p_file -> 'households') r
      where jsonb_typeof(r.value) = 'object' and jsonb_typeof(r.value -> 'invitation_token') = 'string'
    ) f
    where exists (select 1 from kasalan.households g where g.invitation_token = f.token);
    if v_households <> '{}' or v_tokens <> '{}' then
      p_file := jsonb_set(p_file, '{households}', (
        select jsonb_agg(
          case when jsonb_typeof(r.value) = 'object' then
            r.value
            || case when v_households ? kasalan_private.json_uuid(r.value, 'id')::text
                 then jsonb_build_object('id', v_households -> kasalan_private.json_uuid(r.value, 'id')::text)
                 else '{}'::jsonb end
            || case when jsonb_typeof(r.value -> 'invitation_token') = 'string' and v_tokens ? (r.value ->> 'invitation_token')
                 then jsonb_build_object('invitation_token', v_tokens -> (r.value ->> 'invitation_token'))
                 else '{}'::jsonb end
          else r.value end
          order by r.ordinality)
        from jsonb_array_elements(p_file -> 'households') with ordinality r
      ));
    end if;
  end if;

  if jsonb_typeof(p_file -> 'persons') = 'array' then
    perform kasalan_private.json_uuids_checked(p_file -> 'persons', array['id', 'household_id']);
    v_persons := kasalan_private.wedding_file_taken_ids(p_file -> 'persons', 'kasalan.persons');
    p_file := jsonb_set(p_file, '{persons}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'persons', 'id', v_persons),
      'household_id', v_households));
  end if;

  if jsonb_typeof(p_file -> 'sections') = 'array' then
    v_sections := kasalan_private.wedding_file_taken_ids(p_file -> 'sections', 'kasalan.sections');
    p_file := jsonb_set(p_file, '{sections}', kasalan_private.wedding_file_ids_replaced(p_file -> 'sections', 'id', v_sections));
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

-- The spreadsheet import's households, persons and replies, each written in one statement: what
-- import_households does household by household through write_household, with the same checks
-- (json_text's on every field, the seat cap, side, type, address, a first name and an adult in
-- each household, the replies' form and answers) and the same rows, ids and creation times.
-- Returns {households, persons, replies, householdIds, sides}, or null when a household would be
-- refused by a check made here before writing; a refusal while writing raises. Either way
-- import_households then goes household by household, which says which household and why, as it
-- always has. At 2,000 households this is a few statements instead of some 40,000. Helper of
-- import_households, which has checked the caller and quieted the activity triggers.
create or replace function kasalan_private.import_households_at_once(p_wedding_id uuid, p_households jsonb, p_questions jsonb, p_kind text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_count integer := jsonb_array_length(p_households);
  v_helper_side text;
  v_ids uuid[];
  v_sides text[];
  v_persons integer;
  v_replies integer;
begin
  if not kasalan_private.can(p_wedding_id, 'households') then
    return null;
  end if;
  -- A family helper's households are on their side; the file may leave it to the database.
  select m.side into v_helper_side from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid()) and m.role = 'family_helper';

  -- The checks write_household makes with a raise of its own; json_text's raise by themselves
  -- below, as each field is read.
  if exists (
    select 1 from jsonb_array_elements(p_households) r(h)
    where jsonb_typeof(r.h) is distinct from 'object'
      or jsonb_typeof(r.h -> 'persons') is distinct from 'array'
  ) then
    return null;
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_households) r(h)
    where coalesce(jsonb_typeof(r.h -> 'seatCap'), 'null') not in ('number', 'null')
      or (jsonb_typeof(r.h -> 'seatCap') = 'number'
        and ((r.h ->> 'seatCap')::numeric not between 1 and 100 or (r.h ->> 'seatCap')::numeric % 1 <> 0))
      or coalesce(kasalan_private.json_text(r.h, 'relationshipSide', 20), v_helper_side) not in ('bride', 'groom', 'both')
      or kasalan_private.json_text(r.h, 'relationshipType', 20) not in ('family', 'friend', 'familyFriend', 'others')
      or coalesce(jsonb_typeof(r.h -> 'address'), 'null') not in ('object', 'null')
      or not exists (
        select 1 from jsonb_array_elements(r.h -> 'persons') p
        where jsonb_typeof(p.value) = 'object' and coalesce(kasalan_private.json_text(p.value, 'type', 10), 'adult') = 'adult'
      )
      or exists (
        select 1 from jsonb_array_elements(r.h -> 'persons') p
        where jsonb_typeof(p.value) is distinct from 'object'
          or kasalan_private.json_text(p.value, 'firstName', 100) is null
          or coalesce(kasalan_private.json_text(p.value, 'type', 10), 'adult') not in ('adult', 'child')
          -- A reply given must be {isAttending: true, false or null, ...}.
          or (p.value ? 'reply' and jsonb_typeof(p.value -> 'reply') <> 'null'
            and (jsonb_typeof(p.value -> 'reply') <> 'object'
              or coalesce(jsonb_typeof(p.value #> '{reply,isAttending}'), 'null') not in ('boolean', 'null')))
      )
  ) then
    return null;
  end if;

  -- The households in the file's order, their creation times a microsecond apart ending at now(),
  -- as import_households spaces them.
  v_ids := array(select extensions.gen_random_uuid() from generate_series(1, v_count));
  insert into kasalan.households (id, wedding_id, email, phone, address, relationship_side, relationship_type, notes, seat_cap, created_at)
  select
    v_ids[r.n], p_wedding_id,
    kasalan_private.json_text(r.h, 'email', 254),
    kasalan_private.json_text(r.h, 'phone', 50),
    jsonb_build_object(
      'address1', coalesce(kasalan_private.json_text(r.h -> 'address', 'address1', 200), ''),
      'address2', coalesce(kasalan_private.json_text(r.h -> 'address', 'address2', 200), ''),
      'city', coalesce(kasalan_private.json_text(r.h -> 'address', 'city', 100), ''),
      'state', coalesce(kasalan_private.json_text(r.h -> 'address', 'state', 100), ''),
      'zip', coalesce(kasalan_private.json_text(r.h -> 'address', 'zip', 20), ''),
      'country', coalesce(kasalan_private.json_text(r.h -> 'address', 'country', 100), 'Philippines')
    ),
    coalesce(kasalan_private.json_text(r.h, 'relationshipSide', 20), v_helper_side),
    kasalan_private.json_text(r.h, 'relationshipType', 20),
    kasalan_private.json_text(r.h, 'notes', 2000),
    (r.h ->> 'seatCap')::integer,
    now() - make_interval(secs => (v_count - r.n) / 1000000.0)
  from jsonb_array_elements(p_households) with ordinality r(h, n)
  order by r.n;

  insert into kasalan.persons (wedding_id, household_id, first_name, last_name, type, title, suffix, known_as, maiden_name, notes, position)
  select
    p_wedding_id, v_ids[r.n],
    kasalan_private.json_text(p.value, 'firstName', 100),
    coalesce(kasalan_private.json_text(p.value, 'lastName', 100), ''),
    coalesce(kasalan_private.json_text(p.value, 'type', 10), 'adult'),
    kasalan_private.json_text(p.value, 'title', 50),
    kasalan_private.json_text(p.value, 'suffix', 20),
    kasalan_private.json_text(p.value, 'knownAs', 50),
    kasalan_private.json_text(p.value, 'maidenName', 100),
    kasalan_private.json_text(p.value, 'notes', 2000),
    p.pos - 1
  from jsonb_array_elements(p_households) with ordinality r(h, n)
  cross join lateral jsonb_array_elements(r.h -> 'persons') with ordinality p(value, pos)
  order by r.n, p.pos;
  get diagnostics v_persons = row_count;

  -- The replies that came with the file: each logged, then set, as the couple's.
  with
    replies as (
      select r.n, p.pos - 1 as position, (p.value #>> '{reply,isAttending}')::boolean as attending, p.value #> '{reply,response}' as answers
      from jsonb_array_elements(p_households) with ordinality r(h, n)
      cross join lateral jsonb_array_elements(r.h -> 'persons') with ordinality p(value, pos)
      where jsonb_typeof(p.value #> '{reply,isAttending}') = 'boolean'
    ),
    targets as (
      select pe.id, pe.household_id, kasalan.rsvp_reply_json(pe) as previous, x.attending, x.n, x.position,
        case when x.attending then kasalan_private.rsvp_response(p_questions, x.answers) else '[]'::jsonb end as response
      from replies x
      join kasalan.persons pe on pe.household_id = v_ids[x.n] and pe.position = x.position
    ),
    logged as (
      insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
      select p_wedding_id, t.household_id, t.id, p_kind, auth.uid(), t.previous,
        jsonb_build_object('isAttending', t.attending, 'response', t.response, 'respondedAt', now(), 'recordedBy', 'couple')
      from targets t
      order by t.n, t.position
    )
  update kasalan.persons p
  set is_attending = t.attending,
      response = t.response,
      responded_at = now(),
      rsvp_recorded_by = 'couple'
  from targets t
  where p.id = t.id;
  get diagnostics v_replies = row_count;

  v_sides := array(
    select g.relationship_side from unnest(v_ids) with ordinality x(id, n)
    join kasalan.households g on g.id = x.id
    order by x.n
  );
  return jsonb_build_object('households', v_count, 'persons', v_persons, 'replies', v_replies, 'householdIds', to_jsonb(v_ids), 'sides', to_jsonb(v_sides));
end;
$$;

revoke execute on function kasalan_private.import_households_at_once(p_wedding_id uuid, p_households jsonb, p_questions jsonb, p_kind text) from public, anon, authenticated;

-- Adds the households of a spreadsheet import in one transaction, with the same checks and codes
-- as save_household, and records the import's one activity entry itself (see above). The whole
-- file is written set by set (import_households_at_once); should that refuse anything, it is
-- undone and the file goes household by household through write_household, which names the
-- household refused (household N: …), as it always has. Granted to authenticated.
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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'guests') then
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
        v_saved := kasalan.write_household(p_wedding_id, v_household);
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
    update kasalan.households g
    set created_at = g.created_at - make_interval(secs => (cardinality(v_ids) - imported.ordinality) / 1000000.0)
    from unnest(v_ids) with ordinality as imported(id, ordinality)
    where g.id = imported.id and g.wedding_id = p_wedding_id;
  end if;

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

revoke execute on function kasalan.import_households(p_wedding_id uuid, p_households jsonb) from public, anon;
grant execute on function kasalan.import_households(p_wedding_id uuid, p_households jsonb) to authenticated;

-- The wedding's households in the Household shape of household_json, with lastChange (who last
-- changed each one), oldest first. Built in one pass: the persons are grouped once for the whole
-- wedding rather than one subquery per household (a third of the call at 2,000 households).
-- Security definer, with the rule of the tables' row-level security applied once: any member but
-- an usher reads the list (wedding_not_found for anyone else), a family helper only their side's
-- households, and every person of a household they read. Checking each of 7,000 rows under RLS
-- was half of the call at 2,000 households. Granted to authenticated.
create or replace function kasalan.list_households(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_role text;
  v_side text;
begin
  select m.role, m.side into v_role, v_side
  from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid());
  if v_role is null or v_role = 'usher' then
    raise exception 'wedding_not_found';
  end if;

  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object(
          'id', g.id,
          'weddingId', g.wedding_id,
          'userId', g.user_id,
          'createdAt', g.created_at,
          'email', g.email,
          'phone', g.phone,
          'address', g.address,
          'relationshipSide', g.relationship_side,
          'relationshipType', g.relationship_type,
          'notes', g.notes,
          'seatCap', g.seat_cap,
          'persons', coalesce(p.persons, '[]'::jsonb),
          'lastChange', c.change
        )
        order by g.created_at, g.id
      )
      from kasalan.households g
      left join (
        select p.household_id, jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'householdId', p.household_id,
            'userId', p.user_id,
            'firstName', p.first_name,
            'lastName', p.last_name,
            'type', p.type,
            'title', p.title,
            'suffix', p.suffix,
            'knownAs', p.known_as,
            'maidenName', p.maiden_name,
            'notes', p.notes,
            'emailHistory', p.email_history,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'position', p.position
          )
          order by p.position, p.created_at, p.id
        ) as persons
        from kasalan.persons p
        where p.wedding_id = p_wedding_id
        group by p.household_id
      ) p on p.household_id = g.id
      left join kasalan_private.household_last_changes(p_wedding_id) c on c.household_id = g.id
      where g.wedding_id = p_wedding_id
        and (v_role <> 'family_helper' or g.relationship_side = v_side)
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.list_households(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_households(p_wedding_id uuid) to authenticated;

-- The layout with everyone who is no longer on the wedding's guest list taken out of their seat,
-- and each seat's household (householdId) read from the person's own record, so a seat always names
-- the person and their current household. The layout must already have a valid shape. Helper of
-- the functions below; granted to authenticated.
create or replace function kasalan_private.seating_layout_for_guest_list(p_wedding_id uuid, p_layout jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'tables', coalesce(p_layout -> 'tables', '[]'::jsonb),
    'seats', coalesce(
      (
        select jsonb_agg(
          s || jsonb_build_object(
            'personId', case when p.id is null then null else to_jsonb(p.id) end,
            'householdId', case when p.id is null then null else to_jsonb(p.household_id) end
          )
          order by ord
        )
        from jsonb_array_elements(coalesce(p_layout -> 'seats', '[]'::jsonb)) with ordinality as seats(s, ord)
        -- Each seat's person by their id's index (a seat names an id or nothing), whatever the
        -- embedded database's statistics, never analyzed, say of the wedding's size: a join on the
        -- wedding read all its persons, each checked by row-level security.
        left join lateral (
          select p.id, p.household_id from kasalan.persons p
          where p.id = case when s ->> 'personId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              then (s ->> 'personId')::uuid end
            and p.wedding_id = p_wedding_id
        ) p on true
      ),
      '[]'::jsonb
    )
  )
$$;

revoke execute on function kasalan_private.seating_layout_for_guest_list(p_wedding_id uuid, p_layout jsonb) from public, anon;
grant execute on function kasalan_private.seating_layout_for_guest_list(p_wedding_id uuid, p_layout jsonb) to authenticated;

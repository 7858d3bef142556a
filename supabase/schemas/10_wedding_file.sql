-- Kasalan wedding file: a whole wedding exported as one JSON file and imported back, into the same
-- account or another. Files exported by earlier versions are still accepted.

-- =============================================================================================
-- Functions
-- =============================================================================================

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

-- A wedding file as today's import reads it. A file exported before households had their own
-- name calls a person's household guest_id and a seat's guestId: both become household_id and
-- householdId. A file exported before every answer was an event's reply keeps the main event's
-- answers on the persons (is_attending, response, responded_at, rsvp_recorded_by): they become the
-- main event's replies (the whole wedding's when no event is marked main), in place of the replies
-- the file kept for that event (ignored while it was the main one). Helper of import_wedding.
create or replace function kasalan_private.wedding_file_current(p_file jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_main jsonb;
begin
  if jsonb_typeof(p_file -> 'seatingLayout') = 'object' and jsonb_typeof(p_file #> '{seatingLayout,seats}') = 'array' then
    p_file := p_file || jsonb_build_object('seatingLayout', jsonb_set(p_file -> 'seatingLayout', '{seats}',
      kasalan_private.renamed_key(p_file #> '{seatingLayout,seats}', 'guestId', 'householdId')));
  end if;
  if jsonb_typeof(p_file -> 'persons') is distinct from 'array' then
    return p_file;
  end if;
  p_file := p_file || jsonb_build_object('persons', kasalan_private.renamed_key(p_file -> 'persons', 'guest_id', 'household_id'));
  if not exists (select 1 from jsonb_array_elements(p_file -> 'persons') p where jsonb_typeof(p.value) = 'object' and p.value ? 'is_attending') then
    return p_file;
  end if;

  if jsonb_typeof(p_file -> 'events') is distinct from 'array' then
    p_file := p_file || jsonb_build_object('events', '[]'::jsonb);
  end if;
  select e.value -> 'event_id' into v_main
  from jsonb_array_elements(p_file -> 'events') e
  where jsonb_typeof(e.value) = 'object' and e.value -> 'is_main' = 'true'::jsonb
  limit 1;
  if v_main is null then
    v_main := to_jsonb(kasalan_private.whole_wedding_event());
    p_file := jsonb_set(p_file, '{events}', (p_file -> 'events') || jsonb_build_array(
      jsonb_build_object('event_id', v_main, 'takes_rsvp', false, 'is_private', false, 'is_main', true)
    ));
  end if;
  return p_file || jsonb_build_object(
    'persons', (
      select jsonb_agg(
        case when jsonb_typeof(p.value) = 'object' then p.value - 'is_attending' - 'response' - 'responded_at' - 'rsvp_recorded_by' else p.value end
        order by p.ordinality
      )
      from jsonb_array_elements(p_file -> 'persons') with ordinality p
    ),
    'eventReplies', coalesce(
      (
        select jsonb_agg(r.value order by r.ordinality)
        from jsonb_array_elements(case when jsonb_typeof(p_file -> 'eventReplies') = 'array' then p_file -> 'eventReplies' else '[]'::jsonb end) with ordinality r
        where jsonb_typeof(r.value) is distinct from 'object' or r.value -> 'event_id' is distinct from v_main
      ),
      '[]'::jsonb
    ) || coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'event_id', v_main,
            'person_id', p.value -> 'id',
            'household_id', p.value -> 'household_id',
            'is_attending', p.value -> 'is_attending',
            'response', coalesce(p.value -> 'response', '[]'::jsonb),
            'responded_at', p.value -> 'responded_at',
            'recorded_by', p.value -> 'rsvp_recorded_by'
          )
          order by p.ordinality
        )
        from jsonb_array_elements(p_file -> 'persons') with ordinality p
        where jsonb_typeof(p.value) = 'object' and coalesce(jsonb_typeof(p.value -> 'is_attending'), 'null') <> 'null'
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan_private.wedding_file_current(p_file jsonb) from public, anon, authenticated;

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

-- The values under p_key of a file's rows (p_rows, a list) already used by a row of p_table, any
-- wedding's, each mapped to a fresh one: {old: new}. p_key is 'id' (an id: refused as json_uuid
-- refuses it when it is none, read in any case, and replaced by a fresh id) or a link token's
-- column ('invitation_token': text as written, replaced by a fresh new_invitation_token()). Rows
-- that are no objects, or have no such value, are left for the import to refuse. One lookup per
-- distinct value, in one statement. Helper of import_file_with_free_ids.
create or replace function kasalan_private.wedding_file_taken_ids(p_rows jsonb, p_table regclass, p_key text default 'id')
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
  if p_key = 'id' then
    perform kasalan_private.json_uuids_checked(p_rows, array['id']);
  end if;
  execute format(
    'select coalesce(pg_catalog.jsonb_object_agg(f.value, %2$s), ''{}''::jsonb)
       from (
         select distinct %3$s as value
         from pg_catalog.jsonb_array_elements($1) r
         where pg_catalog.jsonb_typeof(r.value) = ''object'' and pg_catalog.jsonb_typeof(r.value -> $2) = ''string''
       ) f
      where exists (select 1 from %1$s t where t.%4$I = f.value)',
    p_table,
    case when p_key = 'id' then 'extensions.gen_random_uuid()' else 'kasalan_private.new_invitation_token()' end,
    case when p_key = 'id' then 'kasalan_private.json_uuid(r.value, $2)' else 'r.value ->> $2' end,
    p_key
  ) into v_taken using p_rows, p_key;
  return v_taken;
end;
$$;

revoke execute on function kasalan_private.wedding_file_taken_ids(p_rows jsonb, p_table regclass, p_key text) from public, anon, authenticated;

-- A file's rows (p_rows, a list) with the value under p_key replaced where p_ids ({old: new},
-- wedding_file_taken_ids's) has it: an id in any case (as json_uuid reads it), anything else as
-- written (a link token). Anything else as it is: a value that is no id is the caller's to
-- refuse (json_uuids_checked), or the import's, the same whether or not p_ids is empty. Helper
-- of import_file_with_free_ids.
create or replace function kasalan_private.wedding_file_ids_replaced(p_rows jsonb, p_key text, p_ids jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(p_rows) is distinct from 'array' or p_ids = '{}' then p_rows else (
    select coalesce(jsonb_agg(
      case when f.old is not null and p_ids ? f.old
        then jsonb_set(r.value, array[p_key], p_ids -> f.old)
        else r.value
      end
      order by r.ordinality), '[]'::jsonb)
    from jsonb_array_elements(p_rows) with ordinality r
    cross join lateral (
      select case
        when jsonb_typeof(r.value) <> 'object' or jsonb_typeof(r.value -> p_key) is distinct from 'string' then null
        when (r.value ->> p_key) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then lower(r.value ->> p_key)
        else r.value ->> p_key
      end as old
    ) f
  ) end
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

-- The couple's whole wedding as one file: {format: 'kasalan-wedding', version: 1, exportedAt,
-- wedding, sections, households, persons, seatingLayout, checklistItems, budgetLines,
-- budgetPayments, suppliers, gifts, giftThankYouTemplates, events, eventGuests, eventReplies,
-- nicknames} (events: the schedule events' RSVP settings and the main event, the whole wedding's
-- row included; eventGuests: who a private event invites; eventReplies: every answer, the main
-- event's too; nicknames: the couple's own, for the
-- name search). A person's search columns are left out: the database makes them again. Each row is every column of its table
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
  perform kasalan_private.require(p_wedding_id, 'manage');
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
      (select jsonb_agg(to_jsonb(p) - 'user_id' - 'wedding_id' - 'search_names' - 'search_sounds' - 'search_keys'
                        order by p.household_id, p.position, p.id)
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
      '[]'::jsonb),
    'nicknames', coalesce(
      (select jsonb_agg(jsonb_build_object('nickname', n.nickname, 'name', n.name, 'created_at', n.created_at) order by n.created_at, n.id)
       from kasalan.nicknames n where n.wedding_id = p_wedding_id),
      '[]'::jsonb)
  );
end;
$$;

revoke execute on function kasalan.export_wedding(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.export_wedding(p_wedding_id uuid) to authenticated;

-- Whether every row of p_rows (a file's list) whose p_key is set names a row of p_table that is
-- this wedding's (imported from the same file before): a value of another wedding's, one that
-- exists nowhere and one that is no id at all answer alike. Helper of import_wedding.
create or replace function kasalan_private.wedding_file_refers_to_own(p_rows jsonb, p_key text, p_table regclass, p_wedding_id uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  v_missing boolean;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    return true;
  end if;
  execute format(
    'select exists (
       select 1 from pg_catalog.jsonb_array_elements($1) r
       where pg_catalog.jsonb_typeof(r.value -> $2) is distinct from ''null''
         and r.value ? $2
         and not exists (
           select 1 from %s t
           where t.wedding_id = $3
             and t.id::text = case when pg_catalog.jsonb_typeof(r.value -> $2) = ''string'' then pg_catalog.lower(r.value ->> $2) end
         )
     )',
    p_table
  ) into v_missing using p_rows, p_key, p_wedding_id;
  return not v_missing;
end;
$$;

revoke execute on function kasalan_private.wedding_file_refers_to_own(p_rows jsonb, p_key text, p_table regclass, p_wedding_id uuid) from public, anon, authenticated;

-- Imports a wedding file into the caller's empty wedding (wedding_not_empty otherwise: it has
-- guests, a seating chart with tables, checklist items, budget lines, suppliers or gifts): its details,
-- sections, households, persons and seating, and its plan: checklist, budget lines and their
-- payments, suppliers, gifts and thank-you messages (the file's messages replace the wedding's),
-- and its events' RSVP settings, invited households and replies (they replace the wedding's
-- settings; a reply must name a person of the file's household), and the couple's own nicknames
-- (they replace the wedding's). A file without the plan's, the events' or the nicknames' lists, or
-- whose persons have no known-as or maiden names (an earlier export), imports as before. A file of an earlier
-- export is read as today's (wedding_file_current). Ids and link tokens of the file already in
-- use in this database are replaced by fresh ones (kasalan_private.import_file_with_free_ids) rather than
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
-- Over 100 lines: the file's lists are written in one transaction, in the order their keys need
-- (households before persons, lines before payments, events before replies).
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
    -- A wedding always has its main event: the whole wedding when the file marks none.
    insert into kasalan.wedding_events (wedding_id, event_id, is_main)
    select p_wedding_id, kasalan_private.whole_wedding_event(), true
    where not exists (select 1 from kasalan.wedding_events we where we.wedding_id = p_wedding_id and we.is_main);
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

revoke execute on function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb) from public, anon;
grant execute on function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb) to authenticated;

-- Empties a wedding for a fresh start, or to import a wedding file into it: removes its households
-- with their persons, replies, invitations and arrivals, its seating chart, its checklist, budget
-- (lines and payments), suppliers, gifts and the door's walk-ins and log, in one transaction (the
-- activity feed records each household deleted, as a delete on the guest list does). The
-- wedding's details, website, events, members and activity feed stay. For the owner alone, as
-- deleting the wedding is (wedding_not_found for anyone else, never saying which). Called by "Your
-- data"; granted to authenticated.
create or replace function kasalan.empty_wedding(p_wedding_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'delete_wedding');
  perform 1 from kasalan.weddings w where w.id = p_wedding_id for update;
  delete from kasalan.households g where g.wedding_id = p_wedding_id;
  delete from kasalan.seating_layouts l where l.wedding_id = p_wedding_id;
  delete from kasalan.checklist_items i where i.wedding_id = p_wedding_id;
  delete from kasalan.suppliers su where su.wedding_id = p_wedding_id;
  delete from kasalan.budget_lines b where b.wedding_id = p_wedding_id;
  delete from kasalan.gifts gi where gi.wedding_id = p_wedding_id;
  delete from kasalan.checkin_walk_ins wi where wi.wedding_id = p_wedding_id;
  delete from kasalan.checkin_actions a where a.wedding_id = p_wedding_id;
end;
$$;

revoke execute on function kasalan.empty_wedding(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.empty_wedding(p_wedding_id uuid) to authenticated;

-- The file's households, persons, sections and plan's rows (checklist items, budget lines and
-- payments, suppliers, gifts) with every id and link token that is already in use in this database
-- (by any wedding, whoever manages it) replaced by a fresh one (wedding_file_taken_ids), and the
-- file's references following (wedding_file_ids_replaced): persons to their household, seats to
-- their person and household, payments and suppliers to their budget line, gifts to their
-- household, events' invited households and replies to their household and person (event ids are
-- the wedding's own: they stay). The same id (or token) in the file gets the same replacement, so
-- the file's own duplicates stay duplicates. Whether a value was in use changes nothing in the
-- import's answer: the check is one index lookup either way, and a value that is no id is refused
-- here (json_uuids_checked, naming the first) or by the import whether or not anything was
-- replaced. Each list is read and rewritten in one statement (at 2,000 households, a row at a time
-- took minutes). Malformed parts are left as they are for the import to refuse; a seat's ids are
-- checked with the rest of the chart (checked_seating_layout). Helper of import_wedding.
create or replace function kasalan_private.import_file_with_free_ids(p_file jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_households jsonb := '{}';
  v_persons jsonb := '{}';
  v_lines jsonb;
begin
  if jsonb_typeof(p_file -> 'households') = 'array' then
    v_households := kasalan_private.wedding_file_taken_ids(p_file -> 'households', 'kasalan.households');
    p_file := jsonb_set(p_file, '{households}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'households', 'id', v_households),
      'invitation_token',
      kasalan_private.wedding_file_taken_ids(p_file -> 'households', 'kasalan.households', 'invitation_token')));
  end if;

  if jsonb_typeof(p_file -> 'persons') = 'array' then
    perform kasalan_private.json_uuids_checked(p_file -> 'persons', array['id', 'household_id']);
    v_persons := kasalan_private.wedding_file_taken_ids(p_file -> 'persons', 'kasalan.persons');
    p_file := jsonb_set(p_file, '{persons}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'persons', 'id', v_persons),
      'household_id', v_households));
  end if;

  if jsonb_typeof(p_file -> 'sections') = 'array' then
    p_file := jsonb_set(p_file, '{sections}', kasalan_private.wedding_file_ids_replaced(p_file -> 'sections', 'id',
      kasalan_private.wedding_file_taken_ids(p_file -> 'sections', 'kasalan.sections')));
  end if;

  -- Seats name a person and their household by id (checked_seating_layout checks the form later).
  if jsonb_typeof(p_file -> 'seatingLayout') = 'object' and jsonb_typeof(p_file #> '{seatingLayout,seats}') = 'array' then
    p_file := jsonb_set(p_file, '{seatingLayout,seats}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file #> '{seatingLayout,seats}', 'personId', v_persons),
      'householdId', v_households));
  end if;

  if jsonb_typeof(p_file -> 'eventGuests') = 'array' then
    perform kasalan_private.json_uuids_checked(p_file -> 'eventGuests', array['household_id']);
    p_file := jsonb_set(p_file, '{eventGuests}', kasalan_private.wedding_file_ids_replaced(p_file -> 'eventGuests', 'household_id', v_households));
  end if;
  if jsonb_typeof(p_file -> 'eventReplies') = 'array' then
    perform kasalan_private.json_uuids_checked(p_file -> 'eventReplies', array['person_id']);
    perform kasalan_private.json_uuids_checked(p_file -> 'eventReplies', array['household_id']);
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
    perform kasalan_private.json_uuids_checked(p_file -> 'budgetPayments', array['line_id']);
  end if;
  if jsonb_typeof(p_file -> 'suppliers') = 'array' then
    p_file := jsonb_set(p_file, '{suppliers}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'suppliers', 'id',
        kasalan_private.wedding_file_taken_ids(p_file -> 'suppliers', 'kasalan.suppliers')),
      'budget_line_id', v_lines));
    perform kasalan_private.json_uuids_checked(p_file -> 'suppliers', array['budget_line_id']);
  end if;
  if jsonb_typeof(p_file -> 'gifts') = 'array' then
    p_file := jsonb_set(p_file, '{gifts}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'gifts', 'id',
        kasalan_private.wedding_file_taken_ids(p_file -> 'gifts', 'kasalan.gifts')),
      'household_id', v_households));
    perform kasalan_private.json_uuids_checked(p_file -> 'gifts', array['household_id']);
  end if;
  if jsonb_typeof(p_file -> 'checklistItems') = 'array' then
    p_file := jsonb_set(p_file, '{checklistItems}', kasalan_private.wedding_file_ids_replaced(p_file -> 'checklistItems', 'id',
      kasalan_private.wedding_file_taken_ids(p_file -> 'checklistItems', 'kasalan.checklist_items')));
  end if;

  return p_file;
end;
$$;

revoke execute on function kasalan_private.import_file_with_free_ids(p_file jsonb) from public, anon, authenticated;

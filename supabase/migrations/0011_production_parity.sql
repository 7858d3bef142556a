-- Production parity and data safety.
--
-- - Two devices at once, as real PostgreSQL runs them (tests/db/races.test.ts): the first seating
--   save from two devices, and two builder saves adding the same path, each end in a stable code
--   instead of a silent overwrite or a raw unique violation.
-- - Every foreign key that row-level security, joins or a cascading delete follow is indexed
--   (Supabase's "unindexed foreign keys" advisor).
-- - A couple's whole wedding as one versioned JSON file: export_wedding, and import_wedding into
--   an empty wedding, all or nothing, on either backend (moving from the embedded database to
--   hosted Supabase).
-- New codes (see docs/database-contract.md): section_path_taken, wedding_not_empty,
-- import_unsupported_file, import_ids_taken.

-- =============================================================================================
-- Seating: the first save from two devices
-- =============================================================================================

-- 0006's save_seating_layout, with the base check made part of the write itself. Before the first
-- save there is no row for `for update` to lock, so two first saves both passed the check and the
-- second overwrote the first. Now: no base saves regardless (upsert); base '-infinity' inserts only
-- if no layout exists (a concurrent first save makes it wait, then find the row); any other base
-- updates only the row still stamped with it (a concurrent save makes it wait, then re-check).
-- Either way the loser gets seating_layout_conflict. Called by the seating chart; granted to
-- authenticated.
create or replace function kasalan.save_seating_layout(
  p_wedding_id uuid,
  p_layout jsonb,
  p_base_updated_at timestamptz default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_layout jsonb;
  v_row kasalan.seating_layouts;
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  v_layout := kasalan.seating_layout_for_guest_list(p_wedding_id, kasalan.checked_seating_layout(p_layout));

  if p_base_updated_at is null then
    insert into kasalan.seating_layouts as l (wedding_id, layout)
    values (p_wedding_id, v_layout)
    on conflict (wedding_id) do update set layout = excluded.layout
    returning * into v_row;
  elsif p_base_updated_at = '-infinity'::timestamptz then
    insert into kasalan.seating_layouts (wedding_id, layout)
    values (p_wedding_id, v_layout)
    on conflict (wedding_id) do nothing
    returning * into v_row;
  else
    update kasalan.seating_layouts l
    set layout = v_layout
    where l.wedding_id = p_wedding_id
      and l.updated_at = p_base_updated_at
    returning * into v_row;
  end if;
  if v_row.id is null then
    raise exception 'seating_layout_conflict';
  end if;

  return jsonb_build_object('weddingId', p_wedding_id, 'layout', v_row.layout, 'updatedAt', v_row.updated_at);
end;
$$;

revoke execute on function kasalan.save_seating_layout(uuid, jsonb, timestamptz) from public, anon;
grant execute on function kasalan.save_seating_layout(uuid, jsonb, timestamptz) to authenticated;

-- =============================================================================================
-- Sections: two saves adding the same path
-- =============================================================================================

-- 0001's save_sections, one save per wedding at a time. The path check ran before the other save
-- had committed, and the deferred unique constraint then failed at commit with a raw unique
-- violation. Now the wedding's row is locked first, so the second save waits, then sees the first
-- one's path and raises section_path_taken (also when the path was already taken before).
-- Called by the builder; granted to authenticated.
create or replace function kasalan.save_sections(p_wedding_id uuid, p_sections jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_section jsonb;
  v_index integer;
  v_id uuid;
  v_type text;
  v_path text;
  v_ids uuid[] := '{}';
  v_paths text[] := '{}';
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  if jsonb_typeof(p_sections) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'sections must be a list';
  end if;

  -- One save of the wedding's sections at a time (no key update: guests may still be added).
  perform 1 from kasalan.weddings w where w.id = p_wedding_id for no key update;

  -- Check the whole list before writing anything.
  for v_section in select value from jsonb_array_elements(p_sections) loop
    if jsonb_typeof(v_section) <> 'object' then
      raise exception 'invalid_input' using detail = 'each section must be an object';
    end if;
    v_id := kasalan.json_uuid(v_section, 'id');
    v_type := kasalan.json_text(v_section, 'type', 20);
    if v_type is null or v_type not in (
      'home', 'our-story', 'schedule', 'travel', 'registry', 'wedding-party', 'gallery', 'things-to-do',
      'faqs', 'rsvp', 'about', 'custom'
    ) then
      raise exception 'invalid_input' using detail = 'unknown section type';
    end if;
    v_path := coalesce(kasalan.json_text(v_section, 'path', 63), v_type);
    if v_path !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
      raise exception 'invalid_input' using detail = 'path must be lowercase letters, digits and dashes';
    end if;
    if v_path = any (v_paths) then
      raise exception 'invalid_input' using detail = format('two sections have the path %s', v_path);
    end if;
    v_paths := v_paths || v_path;
    perform kasalan.json_text(v_section, 'label', 100), kasalan.json_text(v_section, 'title', 200);
    if coalesce(jsonb_typeof(v_section -> 'visible'), 'null') not in ('boolean', 'null') then
      raise exception 'invalid_input' using detail = 'visible must be true or false';
    end if;
    if coalesce(jsonb_typeof(v_section -> 'data'), 'null') not in ('object', 'null') then
      raise exception 'invalid_input' using detail = 'data must be an object';
    end if;
    if v_id is not null then
      if v_id = any (v_ids) then
        raise exception 'invalid_input' using detail = 'a section is listed twice';
      end if;
      v_ids := v_ids || v_id;
    end if;
  end loop;

  if exists (
    select 1
    from kasalan.sections s
    where s.wedding_id = p_wedding_id
      and s.path = any (v_paths)
      and s.id <> all (v_ids)
  ) then
    raise exception 'section_path_taken';
  end if;

  -- Paths may trade places within the list; uniqueness is checked again at commit.
  set constraints kasalan.sections_wedding_id_path_key deferred;

  for v_section, v_index in select value, ordinality - 1 from jsonb_array_elements(p_sections) with ordinality loop
    v_id := kasalan.json_uuid(v_section, 'id');
    v_type := kasalan.json_text(v_section, 'type', 20);

    if v_id is not null then
      update kasalan.sections s
      set type = v_type,
          label = coalesce(kasalan.json_text(v_section, 'label', 100), ''),
          title = coalesce(kasalan.json_text(v_section, 'title', 200), ''),
          path = coalesce(kasalan.json_text(v_section, 'path', 63), v_type),
          visible = coalesce((v_section ->> 'visible')::boolean, true),
          data = coalesce(nullif(v_section -> 'data', 'null'::jsonb), '{}'::jsonb),
          order_index = v_index
      where s.id = v_id
        and s.wedding_id = p_wedding_id;
      if found then
        continue;
      end if;
    end if;

    begin
      insert into kasalan.sections (id, wedding_id, type, label, title, path, visible, data, order_index)
      values (
        coalesce(v_id, extensions.gen_random_uuid()),
        p_wedding_id,
        v_type,
        coalesce(kasalan.json_text(v_section, 'label', 100), ''),
        coalesce(kasalan.json_text(v_section, 'title', 200), ''),
        coalesce(kasalan.json_text(v_section, 'path', 63), v_type),
        coalesce((v_section ->> 'visible')::boolean, true),
        coalesce(nullif(v_section -> 'data', 'null'::jsonb), '{}'::jsonb),
        v_index
      );
    exception when unique_violation then
      -- The id is taken by a section of another wedding.
      raise exception 'invalid_input' using detail = 'a section belongs to another wedding';
    end;
  end loop;

  return coalesce(
    (
      select jsonb_agg(kasalan.section_json(s) order by s.order_index, s.created_at, s.id)
      from kasalan.sections s
      where s.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.save_sections(uuid, jsonb) from public, anon;
grant execute on function kasalan.save_sections(uuid, jsonb) to authenticated;

-- =============================================================================================
-- Indexes for foreign keys
-- =============================================================================================

-- Deleting an account cascades through user_id on every table; persons reach their household by
-- (guest_id, wedding_id).
create index sections_user_id_idx on kasalan.sections (user_id);
create index guests_user_id_idx on kasalan.guests (user_id);
create index persons_user_id_idx on kasalan.persons (user_id);
create index persons_guest_id_wedding_id_idx on kasalan.persons (guest_id, wedding_id);
create index seating_layouts_user_id_idx on kasalan.seating_layouts (user_id);

-- =============================================================================================
-- Moving a wedding: export and import as one versioned JSON file
-- =============================================================================================

-- The couple's whole wedding as one file: {format: 'kasalan-wedding', version: 1, exportedAt,
-- wedding, sections, households, persons, seatingLayout}. Each row is every column of its table
-- under the column's name, but user_id and wedding_id, so columns added by later migrations travel
-- without a change here; rows keep their ids, so invitation links keep working after a move. Called by "Your data";
-- granted to authenticated.
create function kasalan.export_wedding(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
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
       from kasalan.guests g where g.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'persons', coalesce(
      (select jsonb_agg(to_jsonb(p) - 'user_id' - 'wedding_id' order by p.guest_id, p.position, p.id)
       from kasalan.persons p where p.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'seatingLayout', (select l.layout from kasalan.seating_layouts l where l.wedding_id = p_wedding_id)
  );
end;
$$;

revoke execute on function kasalan.export_wedding(uuid) from public, anon;
grant execute on function kasalan.export_wedding(uuid) to authenticated;

-- Inserts a file's rows into one of the wedding's tables, owned by the caller and bound to the
-- wedding whatever the file says. Only columns the file names are written (the others take their
-- defaults); generated columns never. Helper of import_wedding, which checks the caller first.
create function kasalan.import_rows(p_table text, p_wedding_id uuid, p_rows jsonb)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_columns text;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'invalid_input' using detail = format('%s must be a list', p_table);
  end if;
  if jsonb_array_length(p_rows) = 0 then
    return;
  end if;
  if exists (select 1 from jsonb_array_elements(p_rows) r where jsonb_typeof(r.value) <> 'object') then
    raise exception 'invalid_input' using detail = format('each of %s must be an object', p_table);
  end if;

  select string_agg(format('%I', a.attname), ', ' order by a.attnum)
  into v_columns
  from pg_catalog.pg_attribute a
  where a.attrelid = format('kasalan.%I', p_table)::regclass
    and a.attnum > 0
    and not a.attisdropped
    and a.attgenerated = ''
    and a.attname not in ('user_id', 'wedding_id')
    and exists (select 1 from jsonb_array_elements(p_rows) r where r.value ? a.attname::text);
  if v_columns is null then
    raise exception 'invalid_input' using detail = format('%s have no known columns', p_table);
  end if;

  execute format(
    'insert into kasalan.%1$I (user_id, wedding_id, %2$s) select $1, $2, %2$s from pg_catalog.jsonb_populate_recordset(null::kasalan.%1$I, $3)',
    p_table, v_columns
  ) using auth.uid(), p_wedding_id, p_rows;
end;
$$;

revoke execute on function kasalan.import_rows(text, uuid, jsonb) from public, anon, authenticated;

-- Fills the caller's empty wedding (no households, no saved seating) from an export_wedding file,
-- all or nothing: the wedding's details (not its address, which stays the one it has here), its
-- sections (replacing the defaults), households, persons with their answers, and the seating
-- layout. Ids are kept, so guests' RSVP links still work after a move; a file whose ids are in
-- use here (imported before) raises import_ids_taken. The wedding's row is locked first, so an
-- edit at the same moment either waits and then adds to the imported wedding, or got there first
-- and the import finds the wedding not empty. Security definer because households and persons
-- may be written only through functions; it checks can_manage and binds every row to the
-- wedding. Called by "Your data"; granted to authenticated.
create function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb)
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
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  if jsonb_typeof(p_file) is distinct from 'object'
    or p_file ->> 'format' is distinct from 'kasalan-wedding'
    or p_file -> 'version' is distinct from '1'::jsonb
    or jsonb_typeof(p_file -> 'wedding') is distinct from 'object'
  then
    raise exception 'import_unsupported_file';
  end if;

  perform 1 from kasalan.weddings w where w.id = p_wedding_id for update;
  if exists (select 1 from kasalan.guests g where g.wedding_id = p_wedding_id)
    or exists (select 1 from kasalan.seating_layouts l where l.wedding_id = p_wedding_id)
  then
    raise exception 'wedding_not_empty';
  end if;

  begin
    -- The details: every column the file has, except what identifies this wedding here.
    v_details := (p_file -> 'wedding') - 'id' - 'user_id' - 'slug' - 'created_at' - 'updated_at';
    if v_details ? 'rsvp_questions' then
      v_details := jsonb_set(v_details, '{rsvp_questions}', kasalan.rsvp_questions_clean(v_details -> 'rsvp_questions'));
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
    perform kasalan.import_rows('guests', p_wedding_id, coalesce(p_file -> 'households', '[]'::jsonb));
    perform kasalan.import_rows('persons', p_wedding_id, coalesce(p_file -> 'persons', '[]'::jsonb));

    if jsonb_typeof(p_file -> 'seatingLayout') = 'object' then
      insert into kasalan.seating_layouts (user_id, wedding_id, layout)
      values (
        auth.uid(), p_wedding_id,
        kasalan.seating_layout_for_guest_list(p_wedding_id, kasalan.checked_seating_layout(p_file -> 'seatingLayout'))
      );
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
  return kasalan.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.import_wedding(uuid, jsonb) from public, anon;
grant execute on function kasalan.import_wedding(uuid, jsonb) to authenticated;

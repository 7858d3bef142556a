-- Kasalan seating: one layout per wedding (tables and seats), saved against the version it started
-- from, and kept consistent with the guest list.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- The seating chart of a wedding: {tables: [...], seats: [...]}.
create table kasalan.seating_layouts (
  id uuid not null default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  wedding_id uuid not null,
  layout jsonb not null default '{"seats": [], "tables": []}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint seating_layouts_pkey primary key (id),
  constraint seating_layouts_wedding_id_key unique (wedding_id),
  constraint seating_layouts_layout_check check (jsonb_typeof(layout) = 'object'),
  constraint seating_layouts_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade,
  constraint seating_layouts_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.seating_layouts enable row level security;
revoke all on kasalan.seating_layouts from public, anon, authenticated;
grant select on kasalan.seating_layouts to authenticated;

create index seating_layouts_user_id_idx on kasalan.seating_layouts (user_id);

-- =============================================================================================
-- Functions
-- =============================================================================================

-- Checks a layout's shape and raises invalid_input (with a detail saying what is wrong) unless it
-- is one: tables and seats are lists; ids are unique short tokens; names are given; numbers are
-- finite and in range; a table's type is round, 1-sided, 2-sided or 4-sided; every seat belongs to
-- a table in the layout; a person has one seat at most. Returns the layout with only the known
-- fields, names trimmed. Helper of save_seating_layout.
-- Over 100 lines: one pass over a layout, one check and one message per kind of mistake, so the
-- couple hears the first thing wrong.
create or replace function kasalan_private.checked_seating_layout(p_layout jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_tables jsonb;
  v_seats jsonb;
  v_problem text;
begin
  if jsonb_typeof(p_layout) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'layout must be an object';
  end if;
  v_tables := coalesce(p_layout -> 'tables', '[]'::jsonb);
  v_seats := coalesce(p_layout -> 'seats', '[]'::jsonb);
  if jsonb_typeof(v_tables) <> 'array' or jsonb_typeof(v_seats) <> 'array' then
    raise exception 'invalid_input' using detail = 'tables and seats must be lists';
  end if;
  if jsonb_array_length(v_tables) > 500 or jsonb_array_length(v_seats) > 10000 then
    raise exception 'invalid_input' using detail = 'a layout has at most 500 tables and 10000 seats';
  end if;

  select problem into v_problem
  from (
    select case
      when jsonb_typeof(t) <> 'object' then 'each table must be an object'
      when coalesce(t ->> 'id', '') !~ '^[A-Za-z0-9_-]{1,64}$' then 'a table id must be 1 to 64 letters, digits, - or _'
      when jsonb_typeof(t -> 'name') is distinct from 'string'
        or btrim(t ->> 'name') = '' or char_length(btrim(t ->> 'name')) > 100
        then 'a table needs a name of at most 100 characters'
      when coalesce(t ->> 'type', '') not in ('round', '1-sided', '2-sided', '4-sided')
        then 'a table type must be round, 1-sided, 2-sided or 4-sided'
      -- Each cast comes in a later branch than its type check: CASE tries its branches in order.
      when jsonb_typeof(t -> 'x') is distinct from 'number' or jsonb_typeof(t -> 'y') is distinct from 'number'
        then 'a table needs an x and y'
      when jsonb_typeof(t -> 'width') is distinct from 'number' or jsonb_typeof(t -> 'height') is distinct from 'number'
        then 'a table needs a width and height'
      when abs((t ->> 'x')::numeric) > 100000 or abs((t ->> 'y')::numeric) > 100000
        then 'a table needs an x and y within 100000'
      when (t ->> 'width')::numeric not between 1 and 10000 or (t ->> 'height')::numeric not between 1 and 10000
        then 'a table needs a width and height from 1 to 10000'
    end as problem
    from jsonb_array_elements(v_tables) as tables(t)
  ) checks
  where problem is not null
  limit 1;
  if v_problem is not null then
    raise exception 'invalid_input' using detail = v_problem;
  end if;

  select problem into v_problem
  from (
    select case
      when jsonb_typeof(s) <> 'object' then 'each seat must be an object'
      when coalesce(s ->> 'id', '') !~ '^[A-Za-z0-9_-]{1,64}$' then 'a seat id must be 1 to 64 letters, digits, - or _'
      when jsonb_typeof(s -> 'tableId') is distinct from 'string'
        or not exists (select 1 from jsonb_array_elements(v_tables) as tables(t) where t ->> 'id' = s ->> 'tableId')
        then 'a seat belongs to a table that is not in the layout'
      when jsonb_typeof(s -> 'x') is distinct from 'number' or jsonb_typeof(s -> 'y') is distinct from 'number'
        then 'a seat needs an x and y'
      when abs((s ->> 'x')::numeric) > 10000 or abs((s ->> 'y')::numeric) > 10000
        then 'a seat needs an x and y within 10000 of its table'
      when coalesce(jsonb_typeof(s -> 'personId'), 'null') not in ('string', 'null')
        or (s ->> 'personId') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then 'a seat personId must be an id or null'
      when coalesce(jsonb_typeof(s -> 'householdId'), 'null') not in ('string', 'null')
        or (s ->> 'householdId') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then 'a seat householdId must be an id or null'
    end as problem
    from jsonb_array_elements(v_seats) as seats(s)
  ) checks
  where problem is not null
  limit 1;
  if v_problem is not null then
    raise exception 'invalid_input' using detail = v_problem;
  end if;

  if (select count(distinct t ->> 'id') from jsonb_array_elements(v_tables) as tables(t)) <> jsonb_array_length(v_tables)
    or (select count(distinct s ->> 'id') from jsonb_array_elements(v_seats) as seats(s)) <> jsonb_array_length(v_seats)
  then
    raise exception 'invalid_input' using detail = 'two tables or two seats have the same id';
  end if;
  if exists (
    select 1
    from jsonb_array_elements(v_seats) as seats(s)
    where s ->> 'personId' is not null
    group by lower(s ->> 'personId')
    having count(*) > 1
  ) then
    raise exception 'invalid_input' using detail = 'a person has two seats';
  end if;

  return jsonb_build_object(
    'tables', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', t -> 'id',
            'name', btrim(t ->> 'name'),
            'x', t -> 'x',
            'y', t -> 'y',
            'width', t -> 'width',
            'height', t -> 'height',
            'type', t -> 'type'
          )
          order by ord
        )
        from jsonb_array_elements(v_tables) with ordinality as tables(t, ord)
      ),
      '[]'::jsonb
    ),
    'seats', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', s -> 'id',
            'tableId', s -> 'tableId',
            'x', s -> 'x',
            'y', s -> 'y',
            'householdId', coalesce(s -> 'householdId', 'null'::jsonb),
            'personId', coalesce(s -> 'personId', 'null'::jsonb)
          )
          order by ord
        )
        from jsonb_array_elements(v_seats) with ordinality as seats(s, ord)
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan_private.checked_seating_layout(p_layout jsonb) from public, anon, authenticated;

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

-- The wedding's seating layout as last saved (an empty one before the first save), with people who
-- have left the guest list taken out of their seats. For the owner, partner and coordinator.
-- Granted to authenticated.
create or replace function kasalan.get_seating_layout(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_row kasalan.seating_layouts;
begin
  perform kasalan_private.require(p_wedding_id, 'seating');
  select * into v_row from kasalan.seating_layouts l where l.wedding_id = p_wedding_id;
  return jsonb_build_object(
    'weddingId', p_wedding_id,
    'layout', kasalan_private.seating_layout_for_guest_list(p_wedding_id, coalesce(v_row.layout, '{"tables": [], "seats": []}'::jsonb)),
    'updatedAt', v_row.updated_at
  );
end;
$$;

revoke execute on function kasalan.get_seating_layout(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.get_seating_layout(p_wedding_id uuid) to authenticated;

-- Saves the wedding's whole seating layout (see checked_seating_layout for what is refused) and
-- returns it as get_seating_layout would. People no longer on the guest list are dropped from their
-- seats rather than refused: the guest list may change in another tab while the chart is open.
-- p_base_updated_at is the updatedAt the caller's layout started from ('-infinity' when it started
-- from no saved layout): if the saved layout has changed since, nothing is written and
-- seating_layout_conflict is raised, so two devices never silently overwrite each other. Null saves
-- regardless. For the owner, partner and coordinator. Granted to authenticated.
create or replace function kasalan.save_seating_layout(p_wedding_id uuid, p_layout jsonb, p_base_updated_at timestamp with time zone default NULL::timestamp with time zone)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_layout jsonb;
  v_row kasalan.seating_layouts;
begin
  perform kasalan_private.require(p_wedding_id, 'seating');
  v_layout := kasalan_private.seating_layout_for_guest_list(p_wedding_id, kasalan_private.checked_seating_layout(p_layout));

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

revoke execute on function kasalan.save_seating_layout(p_wedding_id uuid, p_layout jsonb, p_base_updated_at timestamp with time zone) from public, anon;
grant execute on function kasalan.save_seating_layout(p_wedding_id uuid, p_layout jsonb, p_base_updated_at timestamp with time zone) to authenticated;

-- =============================================================================================
-- Row-level security
-- =============================================================================================

create policy "Seating layouts can be read by members who do the seating"
  on kasalan.seating_layouts for select to authenticated
  using (kasalan_private.can(wedding_id, 'seating'));

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger seating_layouts_protect_row_identity before update
  on kasalan.seating_layouts
  for each row
  execute function kasalan_private.protect_row_identity('user_id', 'wedding_id');

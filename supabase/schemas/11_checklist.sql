-- Kasalan checklist: the couple's plan as items with a due date, who does each, and the church's
-- documents with their validity against the wedding date.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- One thing to do before (or after) the wedding. due_date when the couple set one, else it follows
-- the wedding date: days_before days before it (negative: after). A document (valid_days set) is
-- valid for valid_days days from issued_on. template_key names the timeline item it started from,
-- once per wedding. done_by_name keeps who ticked it when they have since left.
create table kasalan.checklist_items (
  id uuid not null default extensions.gen_random_uuid(),
  -- The order rows were added in (timestamps tie within a transaction, and within a millisecond in
  -- the embedded database).
  seq bigint generated always as identity,
  wedding_id uuid not null,
  template_key text,
  title text not null,
  notes text not null default '',
  category text not null default 'other',
  due_date date,
  days_before integer,
  assignee_user uuid,
  assignee_role text,
  issued_on date,
  valid_days integer,
  done_at timestamptz,
  done_by uuid,
  done_by_name text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint checklist_items_pkey primary key (id),
  constraint checklist_items_wedding_id_template_key_key unique (wedding_id, template_key),
  constraint checklist_items_assignee_role_check check (assignee_role in ('owner', 'partner', 'coordinator', 'family_helper')),
  constraint checklist_items_category_check check (category in ('planning', 'church', 'documents', 'reception', 'suppliers', 'guests', 'attire', 'after', 'other')),
  constraint checklist_items_days_before_check check (days_before between -365 and 1000),
  constraint checklist_items_done_by_name_check check (char_length(done_by_name) <= 100),
  constraint checklist_items_done_by_name_clean check (kasalan_private.text_is_clean(done_by_name, 'done_by_name')),
  constraint checklist_items_notes_check check (char_length(notes) <= 2000),
  constraint checklist_items_notes_clean check (kasalan_private.text_is_clean(notes, 'notes')),
  constraint checklist_items_template_key_check check (template_key ~ '^[a-z0-9_]{1,64}$'),
  constraint checklist_items_title_check check ((char_length(btrim(title)) >= 1) and (char_length(title) <= 200)),
  constraint checklist_items_title_clean check (kasalan_private.text_is_clean(title, 'title')),
  constraint checklist_items_valid_days_check check (valid_days between 1 and 3650),
  constraint checklist_items_assignee_user_fkey foreign key (assignee_user) references auth.users(id) on delete set null,
  constraint checklist_items_created_by_fkey foreign key (created_by) references auth.users(id) on delete set null,
  constraint checklist_items_done_by_fkey foreign key (done_by) references auth.users(id) on delete set null,
  constraint checklist_items_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.checklist_items enable row level security;
revoke all on kasalan.checklist_items from public, anon, authenticated;

create index checklist_items_assignee_user_idx on kasalan.checklist_items (assignee_user);

create index checklist_items_created_by_idx on kasalan.checklist_items (created_by);

create index checklist_items_done_by_idx on kasalan.checklist_items (done_by);

-- =============================================================================================
-- Functions
-- =============================================================================================

-- True when the signed-in member may see and tick this item: whoever keeps the plan sees them all;
-- any other member only those assigned to them or to their role. Helper of the functions below.
create or replace function kasalan_private.checklist_item_is_mine(p_item kasalan.checklist_items)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select kasalan_private.can(p_item.wedding_id, 'plan') or exists (
    select 1 from kasalan.wedding_members m
    where m.wedding_id = p_item.wedding_id and m.user_id = (select auth.uid())
      and (p_item.assignee_user = m.user_id or p_item.assignee_role = m.role)
  )
$$;

revoke execute on function kasalan_private.checklist_item_is_mine(p_item kasalan.checklist_items) from public, anon, authenticated;

-- An item in the contract's ChecklistItem shape, with its due date (set, or from the wedding date)
-- and, for a document, its validity on p_today (Manila) against the wedding date:
--   validity  null (not a document), 'not_issued', 'expired' (validUntil before p_today),
--             'expires_before_wedding' (validUntil before the wedding date; expiresDaysBeforeWedding
--             says by how many days) or 'valid'.
-- validUntil is issuedOn plus validDays. Helper of the functions below; nobody calls it.
create or replace function kasalan_private.checklist_item_json(p_item kasalan.checklist_items, p_wedding_date date, p_today date)
returns jsonb
language sql
stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_item.id,
    'templateKey', p_item.template_key,
    'title', p_item.title,
    'notes', p_item.notes,
    'category', p_item.category,
    'dueDate', coalesce(p_item.due_date, p_wedding_date - p_item.days_before),
    'fixedDueDate', p_item.due_date,
    'daysBefore', p_item.days_before,
    'assigneeUserId', p_item.assignee_user,
    'assigneeName', (
      select m.display_name from kasalan.wedding_members m
      where m.wedding_id = p_item.wedding_id and m.user_id = p_item.assignee_user
    ),
    'assigneeRole', p_item.assignee_role,
    'issuedOn', p_item.issued_on,
    'validDays', p_item.valid_days,
    'validUntil', v.valid_until,
    'validity', case
      when p_item.valid_days is null then null
      when p_item.issued_on is null then 'not_issued'
      when v.valid_until < p_today then 'expired'
      when v.valid_until < p_wedding_date then 'expires_before_wedding'
      else 'valid'
    end,
    'expiresDaysBeforeWedding', case
      when v.valid_until < p_wedding_date then p_wedding_date - v.valid_until
    end,
    'done', p_item.done_at is not null,
    'doneAt', p_item.done_at,
    'doneBy', case when p_item.done_at is not null then coalesce(
      (select m.display_name from kasalan.wedding_members m where m.wedding_id = p_item.wedding_id and m.user_id = p_item.done_by),
      p_item.done_by_name
    ) end,
    'updatedAt', p_item.updated_at
  )
  from (select p_item.issued_on + p_item.valid_days as valid_until) v
$$;

revoke execute on function kasalan_private.checklist_item_json(p_item kasalan.checklist_items, p_wedding_date date, p_today date) from public, anon, authenticated;

-- The checklist as the signed-in member sees it: {weddingDate, today, canEdit, items}; today is
-- Manila's. Whoever keeps the plan (owner, partner, coordinator) sees every item and may edit; a
-- family helper sees only the items assigned to them or to their role. Items in order of due date
-- (undated last), then as added. Raises wedding_not_found. Called by the checklist; granted to
-- authenticated.
create or replace function kasalan.list_checklist(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_date date;
  v_today date := (now() at time zone 'Asia/Manila')::date;
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  select w.date into v_date from kasalan.weddings w where w.id = p_wedding_id;
  return jsonb_build_object(
    'weddingDate', v_date,
    'today', v_today,
    'canEdit', kasalan_private.can(p_wedding_id, 'plan'),
    'items', (
      select coalesce(jsonb_agg(
        kasalan_private.checklist_item_json(i, v_date, v_today)
        order by coalesce(i.due_date, v_date - i.days_before) nulls last, i.seq
      ), '[]'::jsonb)
      from kasalan.checklist_items i
      where i.wedding_id = p_wedding_id and kasalan_private.checklist_item_is_mine(i)
    )
  );
end;
$$;

revoke execute on function kasalan.list_checklist(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_checklist(p_wedding_id uuid) to authenticated;

-- What needs doing this week, as the signed-in member sees the checklist: {today, overdue,
-- thisWeek}, today being Manila's. overdue: items not done whose due date has passed; thisWeek:
-- items not done due from today to six days on; each in order of due date. Raises
-- wedding_not_found. Called by the plan page and the guest list's summary; granted to authenticated.
create or replace function kasalan.checklist_this_week(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_date date;
  v_today date := (now() at time zone 'Asia/Manila')::date;
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  select w.date into v_date from kasalan.weddings w where w.id = p_wedding_id;
  return (
    select jsonb_build_object(
      'today', v_today,
      'overdue', coalesce(jsonb_agg(
        kasalan_private.checklist_item_json(i, v_date, v_today) order by d.due, i.seq
      ) filter (where d.due < v_today), '[]'::jsonb),
      'thisWeek', coalesce(jsonb_agg(
        kasalan_private.checklist_item_json(i, v_date, v_today) order by d.due, i.seq
      ) filter (where d.due >= v_today), '[]'::jsonb)
    )
    from kasalan.checklist_items i
    cross join lateral (select coalesce(i.due_date, v_date - i.days_before) as due) d
    where i.wedding_id = p_wedding_id and i.done_at is null
      and d.due < v_today + 7
      and kasalan_private.checklist_item_is_mine(i)
  );
end;
$$;

revoke execute on function kasalan.checklist_this_week(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.checklist_this_week(p_wedding_id uuid) to authenticated;

-- Checks an item's fields (ChecklistItemInput: title, notes, category, dueDate, daysBefore,
-- assigneeUserId, assigneeRole, issuedOn, validDays) and raises invalid_input with a detail saying
-- which is wrong: a title of 1 to 200 characters, notes of at most 2000, a known category, dates as
-- YYYY-MM-DD, days as whole numbers in range, an assignee who is a member of p_wedding_id and a
-- known role. Returns the fields trimmed. Helper of the functions below; nobody calls it.
create or replace function kasalan_private.checked_checklist_item(p_wedding_id uuid, p_item jsonb)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_title text := btrim(p_item ->> 'title');
  v_due date;
  v_issued date;
begin
  if jsonb_typeof(p_item) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'item must be an object';
  end if;
  if jsonb_typeof(p_item -> 'title') is distinct from 'string' or v_title = '' or char_length(v_title) > 200 then
    raise exception 'invalid_input' using detail = 'title must be 1 to 200 characters';
  end if;
  if coalesce(jsonb_typeof(p_item -> 'notes'), 'null') not in ('string', 'null')
    or char_length(p_item ->> 'notes') > 2000 then
    raise exception 'invalid_input' using detail = 'notes must be at most 2000 characters';
  end if;
  if coalesce(p_item ->> 'category', 'other') not in ('planning', 'church', 'documents', 'reception', 'suppliers', 'guests', 'attire', 'after', 'other') then
    raise exception 'invalid_input' using detail = 'category is not one of the checklist categories';
  end if;
  v_due := kasalan_private.json_date(p_item, 'dueDate');
  v_issued := kasalan_private.json_date(p_item, 'issuedOn');
  if coalesce(jsonb_typeof(p_item -> 'daysBefore'), 'null') not in ('number', 'null')
    or ((p_item ->> 'daysBefore') is not null
      and ((p_item ->> 'daysBefore') !~ '^-?\d{1,4}$' or (p_item ->> 'daysBefore')::integer not between -365 and 1000)) then
    raise exception 'invalid_input' using detail = 'daysBefore must be a whole number from -365 to 1000';
  end if;
  if coalesce(jsonb_typeof(p_item -> 'validDays'), 'null') not in ('number', 'null')
    or ((p_item ->> 'validDays') is not null
      and ((p_item ->> 'validDays') !~ '^\d{1,4}$' or (p_item ->> 'validDays')::integer not between 1 and 3650)) then
    raise exception 'invalid_input' using detail = 'validDays must be a whole number from 1 to 3650';
  end if;
  if v_issued is not null and (p_item ->> 'validDays') is null then
    raise exception 'invalid_input' using detail = 'an issue date needs validDays';
  end if;
  if coalesce(jsonb_typeof(p_item -> 'assigneeRole'), 'null') not in ('string', 'null')
    or coalesce(p_item ->> 'assigneeRole', 'owner') not in ('owner', 'partner', 'coordinator', 'family_helper') then
    raise exception 'invalid_input' using detail = 'assigneeRole must be owner, partner, coordinator or family_helper';
  end if;
  if coalesce(jsonb_typeof(p_item -> 'assigneeUserId'), 'null') not in ('string', 'null')
    or ((p_item ->> 'assigneeUserId') is not null and not exists (
      select 1 from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id and m.user_id::text = lower(p_item ->> 'assigneeUserId')
    )) then
    raise exception 'invalid_input' using detail = 'assigneeUserId must be a member of the wedding';
  end if;
  return jsonb_build_object(
    'title', v_title,
    'notes', btrim(coalesce(p_item ->> 'notes', '')),
    'category', coalesce(p_item ->> 'category', 'other'),
    'dueDate', to_jsonb(v_due),
    'daysBefore', p_item -> 'daysBefore',
    'assigneeUserId', lower(p_item ->> 'assigneeUserId'),
    'assigneeRole', p_item -> 'assigneeRole',
    'issuedOn', to_jsonb(v_issued),
    'validDays', p_item -> 'validDays'
  );
end;
$$;

revoke execute on function kasalan_private.checked_checklist_item(p_wedding_id uuid, p_item jsonb) from public, anon, authenticated;

-- Adds an item (p_item without id) or changes one (p_item.id), as ChecklistItemInput; returns it.
-- Ticking is set_checklist_item_done's. Those who keep the plan only (else wedding_not_found);
-- checklist_item_not_found when the id is no item of this wedding; invalid_input for a bad field,
-- or when the checklist already has 500 items. Called by the checklist; granted to authenticated.
create or replace function kasalan.save_checklist_item(p_wedding_id uuid, p_item jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_fields jsonb;
  v_date date;
  v_row kasalan.checklist_items;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_fields := kasalan_private.checked_checklist_item(p_wedding_id, p_item);
  -- Held until the end: two adds at once count each other.
  select w.date into v_date from kasalan.weddings w where w.id = p_wedding_id for no key update;

  if p_item ->> 'id' is null then
    if (select count(*) from kasalan.checklist_items i where i.wedding_id = p_wedding_id) >= 500 then
      raise exception 'invalid_input' using detail = 'a checklist has at most 500 items';
    end if;
    insert into kasalan.checklist_items (
      wedding_id, title, notes, category, due_date, days_before,
      assignee_user, assignee_role, issued_on, valid_days, created_by
    )
    values (
      p_wedding_id, v_fields ->> 'title', v_fields ->> 'notes', v_fields ->> 'category',
      (v_fields ->> 'dueDate')::date, (v_fields ->> 'daysBefore')::integer,
      (v_fields ->> 'assigneeUserId')::uuid, v_fields ->> 'assigneeRole',
      (v_fields ->> 'issuedOn')::date, (v_fields ->> 'validDays')::integer, auth.uid()
    )
    returning * into v_row;
  else
    if (p_item ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'checklist_item_not_found';
    end if;
    update kasalan.checklist_items i
    set title = v_fields ->> 'title',
      notes = v_fields ->> 'notes',
      category = v_fields ->> 'category',
      due_date = (v_fields ->> 'dueDate')::date,
      days_before = (v_fields ->> 'daysBefore')::integer,
      assignee_user = (v_fields ->> 'assigneeUserId')::uuid,
      assignee_role = v_fields ->> 'assigneeRole',
      issued_on = (v_fields ->> 'issuedOn')::date,
      valid_days = (v_fields ->> 'validDays')::integer
    where i.id = (p_item ->> 'id')::uuid and i.wedding_id = p_wedding_id
    returning * into v_row;
    if v_row.id is null then
      raise exception 'checklist_item_not_found';
    end if;
  end if;
  return kasalan_private.checklist_item_json(v_row, v_date, (now() at time zone 'Asia/Manila')::date);
end;
$$;

revoke execute on function kasalan.save_checklist_item(p_wedding_id uuid, p_item jsonb) from public, anon;
grant execute on function kasalan.save_checklist_item(p_wedding_id uuid, p_item jsonb) to authenticated;

-- Ticks an item done (p_done true: by the caller, now) or not done; returns it. Whoever keeps the
-- plan may tick any item; another member only one they see (assigned to them or to their role).
-- Ticking a done item again keeps who ticked it first. Raises wedding_not_found,
-- checklist_item_not_found (also for an item the caller may not see). Called by the checklist and
-- the summaries; granted to authenticated.
create or replace function kasalan.set_checklist_item_done(p_wedding_id uuid, p_item_id uuid, p_done boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row kasalan.checklist_items;
  v_name text;
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  if p_done is null then
    raise exception 'invalid_input' using detail = 'done must be true or false';
  end if;
  select * into v_row from kasalan.checklist_items i
  where i.id = p_item_id and i.wedding_id = p_wedding_id
  for update;
  if v_row.id is null or not kasalan_private.checklist_item_is_mine(v_row) then
    raise exception 'checklist_item_not_found';
  end if;
  select m.display_name into v_name from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid());

  update kasalan.checklist_items i
  set done_at = case when p_done then coalesce(i.done_at, now()) end,
    done_by = case when p_done then case when i.done_at is null then auth.uid() else i.done_by end end,
    done_by_name = case when p_done then case when i.done_at is null then left(v_name, 100) else i.done_by_name end end
  where i.id = v_row.id
  returning * into v_row;
  return kasalan_private.checklist_item_json(
    v_row,
    (select w.date from kasalan.weddings w where w.id = p_wedding_id),
    (now() at time zone 'Asia/Manila')::date
  );
end;
$$;

revoke execute on function kasalan.set_checklist_item_done(p_wedding_id uuid, p_item_id uuid, p_done boolean) from public, anon;
grant execute on function kasalan.set_checklist_item_done(p_wedding_id uuid, p_item_id uuid, p_done boolean) to authenticated;

-- Deletes an item. Those who keep the plan only (else wedding_not_found); checklist_item_not_found
-- when it is no item of this wedding. Called by the checklist; granted to authenticated.
create or replace function kasalan.delete_checklist_item(p_wedding_id uuid, p_item_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  delete from kasalan.checklist_items i where i.id = p_item_id and i.wedding_id = p_wedding_id;
  if not found then
    raise exception 'checklist_item_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.delete_checklist_item(p_wedding_id uuid, p_item_id uuid) from public, anon;
grant execute on function kasalan.delete_checklist_item(p_wedding_id uuid, p_item_id uuid) to authenticated;

-- Starts the checklist from a timeline: p_items is a list of {key, title, category, daysBefore,
-- validDays?}, titles in the couple's language (the app sends its Filipino timeline). Each key is
-- added once per wedding: starting again, or two members starting at once, adds only the keys not
-- there yet (one deleted since comes back). At most 100 items, and 500 on the checklist. Returns the checklist as
-- list_checklist does. Those who keep the plan only (else wedding_not_found); invalid_input for a
-- bad item. Called by the checklist; granted to authenticated.
create or replace function kasalan.start_checklist(p_wedding_id uuid, p_items jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item jsonb;
  v_fields jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  if jsonb_typeof(p_items) is distinct from 'array' or jsonb_array_length(p_items) not between 1 and 100 then
    raise exception 'invalid_input' using detail = 'items must be a list of 1 to 100 items';
  end if;
  -- Held until the end: two starts at once count each other.
  perform 1 from kasalan.weddings w where w.id = p_wedding_id for no key update;
  if (select count(*) from kasalan.checklist_items i where i.wedding_id = p_wedding_id)
    + jsonb_array_length(p_items) > 500 then
    raise exception 'invalid_input' using detail = 'a checklist has at most 500 items';
  end if;
  for v_item in select e from jsonb_array_elements(p_items) e loop
    if jsonb_typeof(v_item -> 'key') is distinct from 'string' or (v_item ->> 'key') !~ '^[a-z0-9_]{1,64}$' then
      raise exception 'invalid_input' using detail = 'a timeline item key must be 1 to 64 lowercase letters, digits or _';
    end if;
    v_fields := kasalan_private.checked_checklist_item(
      p_wedding_id,
      v_item - 'key' - 'assigneeUserId' - 'assigneeRole' - 'issuedOn' - 'dueDate'
    );
    insert into kasalan.checklist_items (wedding_id, template_key, title, category, days_before, valid_days, created_by)
    values (
      p_wedding_id, v_item ->> 'key', v_fields ->> 'title', v_fields ->> 'category',
      (v_fields ->> 'daysBefore')::integer, (v_fields ->> 'validDays')::integer, auth.uid()
    )
    on conflict (wedding_id, template_key) do nothing;
  end loop;
  return kasalan.list_checklist(p_wedding_id);
end;
$$;

revoke execute on function kasalan.start_checklist(p_wedding_id uuid, p_items jsonb) from public, anon;
grant execute on function kasalan.start_checklist(p_wedding_id uuid, p_items jsonb) to authenticated;

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger checklist_items_protect_row_identity before update
  on kasalan.checklist_items
  for each row
  execute function kasalan_private.protect_row_identity('id', 'wedding_id', 'template_key');

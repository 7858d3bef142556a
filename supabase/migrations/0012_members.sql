-- Members of a wedding: the owner, the partner, a coordinator and family helpers, each with their
-- own account and just the access their role needs, and invitations to become one.
--
-- One permission helper, kasalan.can(wedding, capability), answers every "may this account do
-- this?" from kasalan.wedding_members, on every call (no claims in the session token, so a removed
-- member is refused at their next call). kasalan.can_manage keeps its name and now means "may
-- manage the whole wedding" (owner or partner): every site, content and settings function and
-- policy that asks it keeps working. The guest list, RSVP and seating functions are redefined
-- below to ask the finer capabilities instead; a family helper's side is enforced per household by
-- row-level security and a trigger.
--
-- weddings.user_id stays the account that created the wedding (one wedding each); who owns it
-- now is the member with role 'owner'.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- Who may work on a wedding, and as what. side: which family a family helper keeps the list of.
-- display_name: how the others see this member ("Tita Carmen"), chosen when they join.
create table kasalan.wedding_members (
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'partner', 'coordinator', 'family_helper')),
  side text check (side in ('bride', 'groom')),
  display_name text not null default '' check (char_length(display_name) <= 100),
  joined_at timestamptz not null default now(),
  invited_by uuid references auth.users (id) on delete set null,
  primary key (wedding_id, user_id),
  constraint wedding_members_side_for_family_helpers check ((role = 'family_helper') = (side is not null))
);

-- At most one owner per wedding here; at least one is checked at commit (below).
create unique index wedding_members_one_owner_key on kasalan.wedding_members (wedding_id) where role = 'owner';
create index wedding_members_user_id_idx on kasalan.wedding_members (user_id);
create index wedding_members_invited_by_idx on kasalan.wedding_members (invited_by);

-- A link that lets one person join a wedding as one role: single use, 14 days, revocable. email:
-- when set, only the account with that e-mail may accept it.
create table kasalan.member_invitations (
  id uuid primary key default extensions.gen_random_uuid(),
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  token text not null constraint member_invitations_token_key unique,
  role text not null check (role in ('partner', 'coordinator', 'family_helper')),
  side text check (side in ('bride', 'groom')),
  email text check (char_length(email) between 3 and 254),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  constraint member_invitations_side_for_family_helpers check ((role = 'family_helper') = (side is not null))
);

create index member_invitations_wedding_id_idx on kasalan.member_invitations (wedding_id, created_at desc);
create index member_invitations_created_by_idx on kasalan.member_invitations (created_by);
create index member_invitations_accepted_by_idx on kasalan.member_invitations (accepted_by);

-- Both tables are reached only through the functions below.
alter table kasalan.wedding_members enable row level security;
alter table kasalan.member_invitations enable row level security;
revoke all on kasalan.wedding_members, kasalan.member_invitations from public, anon, authenticated;

-- How a member is called when they did not choose a name: their account's name, else the part of
-- their e-mail before the @. Helper of the functions below; nobody calls it.
create function kasalan.account_display_name(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select left(coalesce(
    nullif(btrim(u.raw_user_meta_data ->> 'name'), ''),
    nullif(split_part(u.email, '@', 1), ''),
    ''
  ), 100)
  from auth.users u
  where u.id = p_user_id
$$;

revoke execute on function kasalan.account_display_name(uuid) from public, anon, authenticated;

-- Every existing wedding's creator becomes its owner.
insert into kasalan.wedding_members (wedding_id, user_id, role, display_name, joined_at)
select w.id, w.user_id, 'owner', coalesce(kasalan.account_display_name(w.user_id), ''), w.created_at
from kasalan.weddings w
on conflict do nothing;

-- Makes the account that creates a wedding its owner. Trigger function only; nobody calls it.
create function kasalan.add_wedding_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into kasalan.wedding_members (wedding_id, user_id, role, display_name, joined_at)
  values (new.id, new.user_id, 'owner', coalesce(kasalan.account_display_name(new.user_id), ''), new.created_at)
  on conflict do nothing;
  return null;
end;
$$;

revoke execute on function kasalan.add_wedding_owner() from public, anon, authenticated;

create trigger weddings_add_owner after insert on kasalan.weddings
  for each row execute function kasalan.add_wedding_owner();

-- Checks, at commit, that a wedding that still exists has exactly one owner (a handover demotes
-- and promotes in one transaction). Trigger function only; nobody calls it.
create function kasalan.check_wedding_has_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from kasalan.weddings w where w.id = old.wedding_id)
    and not exists (select 1 from kasalan.wedding_members m where m.wedding_id = old.wedding_id and m.role = 'owner')
  then
    raise exception 'wedding_needs_owner';
  end if;
  return null;
end;
$$;

revoke execute on function kasalan.check_wedding_has_owner() from public, anon, authenticated;

create constraint trigger wedding_members_need_owner after update or delete on kasalan.wedding_members
  deferrable initially deferred
  for each row execute function kasalan.check_wedding_has_owner();

-- =============================================================================================
-- The permission helper
-- =============================================================================================

-- True when the signed-in account may do p_capability on the wedding, asked on every call:
--   view           any member
--   households     any member (a family helper only on their side: see can_see_household)
--   guests, rsvps, seating, invitations
--                  owner, partner, coordinator (the whole guest list, replies, seating, invitations)
--   site, members  owner, partner (the website, its content and settings; who has access)
--   delete_wedding owner (also handing the wedding over)
-- Any other capability is false. Called by policies and functions; granted to authenticated.
create function kasalan.can(p_wedding_id uuid, p_capability text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select case
      when p_capability in ('view', 'households') then true
      when p_capability in ('guests', 'rsvps', 'seating', 'invitations')
        then m.role in ('owner', 'partner', 'coordinator')
      when p_capability in ('site', 'members') then m.role in ('owner', 'partner')
      when p_capability = 'delete_wedding' then m.role = 'owner'
      else false
    end
    from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  ), false)
$$;

revoke execute on function kasalan.can(uuid, text) from public, anon;
grant execute on function kasalan.can(uuid, text) to authenticated;

-- True when the signed-in account may see and edit a household of this side: every member but a
-- family helper sees all; a family helper only households of their own side. Called by policies
-- and the household trigger; granted to authenticated.
create function kasalan.can_see_household(p_wedding_id uuid, p_side text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select m.role <> 'family_helper' or m.side = p_side
    from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  ), false)
$$;

revoke execute on function kasalan.can_see_household(uuid, text) from public, anon;
grant execute on function kasalan.can_see_household(uuid, text) to authenticated;

-- Managing the whole wedding (site, content, settings, export) is for the owner and the partner.
create or replace function kasalan.can_manage(p_wedding_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select kasalan.can(p_wedding_id, 'site')
$$;

-- A family helper adds and edits households of their own side only, and deletes only households
-- they added; checked on every write of a household, whichever function makes it. Households
-- written by anyone else (the couple, a coordinator, a visitor's RSVP, a migration) pass.
-- Trigger function only; nobody calls it.
create function kasalan.guard_family_helper_household()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_side text;
  v_wedding_id uuid := case when tg_op = 'DELETE' then old.wedding_id else new.wedding_id end;
begin
  select m.side into v_side
  from kasalan.wedding_members m
  where m.wedding_id = v_wedding_id and m.user_id = (select auth.uid()) and m.role = 'family_helper';
  if not found then
    return case when tg_op = 'DELETE' then old else new end;
  end if;

  if tg_op in ('UPDATE', 'DELETE') and old.relationship_side is distinct from v_side then
    raise exception 'household_not_found';
  end if;
  if tg_op = 'DELETE' then
    if old.user_id is distinct from (select auth.uid()) then
      raise exception 'household_not_yours';
    end if;
    return old;
  end if;
  if new.relationship_side is distinct from v_side then
    raise exception 'household_side_not_allowed';
  end if;
  return new;
end;
$$;

revoke execute on function kasalan.guard_family_helper_household() from public, anon, authenticated;

create trigger guests_guard_family_helper before insert or update or delete on kasalan.guests
  for each row execute function kasalan.guard_family_helper_household();

-- =============================================================================================
-- Row-level security: every policy asks the permission helper
-- =============================================================================================

-- weddings: a wedding that has no members yet is its creator's (an INSERT ... RETURNING checks
-- the select policy before the owner's membership row exists).
create function kasalan.wedding_has_members(p_wedding_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from kasalan.wedding_members m where m.wedding_id = p_wedding_id)
$$;

revoke execute on function kasalan.wedding_has_members(uuid) from public, anon;
grant execute on function kasalan.wedding_has_members(uuid) to authenticated;

drop policy "Weddings can be read by their owner" on kasalan.weddings;
drop policy "Weddings can be edited by their owner" on kasalan.weddings;
drop policy "Weddings can be deleted by their owner" on kasalan.weddings;
create policy "Weddings can be read by their members"
  on kasalan.weddings for select to authenticated
  using (
    kasalan.can(id, 'view')
    or (user_id = (select auth.uid()) and not kasalan.wedding_has_members(id))
  );
create policy "Weddings can be edited by their owner and partner"
  on kasalan.weddings for update to authenticated
  using (kasalan.can(id, 'site'))
  with check (kasalan.can(id, 'site'));
create policy "Weddings can be deleted by their owner"
  on kasalan.weddings for delete to authenticated
  using (kasalan.can(id, 'delete_wedding'));

-- guests: a family helper sees only their side's households.
drop policy "Guests can be read by the wedding's owner" on kasalan.guests;
drop policy "Guests can be added by the wedding's owner" on kasalan.guests;
drop policy "Guests can be edited by the wedding's owner" on kasalan.guests;
drop policy "Guests can be deleted by the wedding's owner" on kasalan.guests;
create policy "Guests can be read by members who keep their side of the list"
  on kasalan.guests for select to authenticated
  using (kasalan.can_see_household(wedding_id, relationship_side));
create policy "Guests can be added by members who keep their side of the list"
  on kasalan.guests for insert to authenticated
  with check (user_id = (select auth.uid()) and kasalan.can_see_household(wedding_id, relationship_side));
create policy "Guests can be edited by members who keep their side of the list"
  on kasalan.guests for update to authenticated
  using (kasalan.can_see_household(wedding_id, relationship_side))
  with check (kasalan.can_see_household(wedding_id, relationship_side));
create policy "Guests can be deleted by members who keep their side of the list"
  on kasalan.guests for delete to authenticated
  using (kasalan.can_see_household(wedding_id, relationship_side));

-- persons: through their household.
drop policy "Persons can be read by the wedding's owner" on kasalan.persons;
drop policy "Persons can be added by the wedding's owner" on kasalan.persons;
drop policy "Persons can be edited by the wedding's owner" on kasalan.persons;
drop policy "Persons can be deleted by the wedding's owner" on kasalan.persons;
create policy "Persons can be read by members who may see their household"
  on kasalan.persons for select to authenticated
  using (kasalan.can(wedding_id, 'guests') or exists (select 1 from kasalan.guests g where g.id = guest_id));
create policy "Persons can be added by members who may see their household"
  on kasalan.persons for insert to authenticated
  with check (user_id = (select auth.uid()) and exists (select 1 from kasalan.guests g where g.id = guest_id));
create policy "Persons can be edited by members who may see their household"
  on kasalan.persons for update to authenticated
  using (exists (select 1 from kasalan.guests g where g.id = guest_id))
  with check (exists (select 1 from kasalan.guests g where g.id = guest_id));
create policy "Persons can be deleted by members who may see their household"
  on kasalan.persons for delete to authenticated
  using (exists (select 1 from kasalan.guests g where g.id = guest_id));

-- seating_layouts: the seating chart is for members who run the guest list.
drop policy "Seating layouts can be read by the wedding's owner" on kasalan.seating_layouts;
drop policy "Seating layouts can be added by the wedding's owner" on kasalan.seating_layouts;
drop policy "Seating layouts can be edited by the wedding's owner" on kasalan.seating_layouts;
drop policy "Seating layouts can be deleted by the wedding's owner" on kasalan.seating_layouts;
create policy "Seating layouts can be read by members who do the seating"
  on kasalan.seating_layouts for select to authenticated
  using (kasalan.can(wedding_id, 'seating'));
create policy "Seating layouts can be added by members who do the seating"
  on kasalan.seating_layouts for insert to authenticated
  with check (user_id = (select auth.uid()) and kasalan.can(wedding_id, 'seating'));
create policy "Seating layouts can be edited by members who do the seating"
  on kasalan.seating_layouts for update to authenticated
  using (kasalan.can(wedding_id, 'seating'))
  with check (kasalan.can(wedding_id, 'seating'));
create policy "Seating layouts can be deleted by members who do the seating"
  on kasalan.seating_layouts for delete to authenticated
  using (kasalan.can(wedding_id, 'seating'));

-- =============================================================================================
-- The guest list, RSVPs and seating ask the finer capabilities (bodies as before otherwise)
-- =============================================================================================

-- As before, for any member: a family helper gets only their side's households (row-level security). Granted to authenticated.
create or replace function kasalan.list_guests(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not kasalan.can(p_wedding_id, 'households') then
    raise exception 'wedding_not_found';
  end if;

  return coalesce(
    (
      select jsonb_agg(kasalan.household_json(g) order by g.created_at, g.id)
      from kasalan.guests g
      where g.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

-- As before, for any member; a family helper's household goes on their side (the guard trigger refuses another). Granted to authenticated.
create or replace function kasalan.save_household(p_wedding_id uuid, p_household jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_guest_id uuid;
  v_guest kasalan.guests;
  v_email text;
  v_phone text;
  v_notes text;
  v_address jsonb;
  v_side text;
  v_type text;
  v_persons jsonb;
  v_person jsonb;
  v_person_id uuid;
  v_person_ids uuid[] := '{}';
  v_index integer;
  v_has_adult boolean := false;
begin
  if not kasalan.can(p_wedding_id, 'households') then
    raise exception 'wedding_not_found';
  end if;
  if jsonb_typeof(p_household) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'household must be an object';
  end if;

  -- Check the whole household before writing anything.
  v_guest_id := kasalan.json_uuid(p_household, 'id');
  v_email := kasalan.json_text(p_household, 'email', 254);
  v_phone := kasalan.json_text(p_household, 'phone', 50);
  v_notes := kasalan.json_text(p_household, 'notes', 2000);
  v_side := kasalan.json_text(p_household, 'relationshipSide', 20);
  -- A family helper's households are on their side; the form may leave it to the database.
  if v_side is null then
    select m.side into v_side from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid()) and m.role = 'family_helper';
  end if;
  if v_side not in ('bride', 'groom', 'both') then
    raise exception 'invalid_input' using detail = 'relationshipSide must be bride, groom or both';
  end if;
  v_type := kasalan.json_text(p_household, 'relationshipType', 20);
  if v_type not in ('family', 'friend', 'familyFriend', 'others') then
    raise exception 'invalid_input' using detail = 'relationshipType must be family, friend, familyFriend or others';
  end if;
  if coalesce(jsonb_typeof(p_household -> 'address'), 'null') not in ('object', 'null') then
    raise exception 'invalid_input' using detail = 'address must be an object';
  end if;
  v_address := jsonb_build_object(
    'address1', coalesce(kasalan.json_text(p_household -> 'address', 'address1', 200), ''),
    'address2', coalesce(kasalan.json_text(p_household -> 'address', 'address2', 200), ''),
    'city', coalesce(kasalan.json_text(p_household -> 'address', 'city', 100), ''),
    'state', coalesce(kasalan.json_text(p_household -> 'address', 'state', 100), ''),
    'zip', coalesce(kasalan.json_text(p_household -> 'address', 'zip', 20), ''),
    'country', coalesce(kasalan.json_text(p_household -> 'address', 'country', 100), 'Philippines')
  );

  v_persons := p_household -> 'persons';
  if jsonb_typeof(v_persons) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'persons must be a list';
  end if;
  for v_person in select value from jsonb_array_elements(v_persons) loop
    if jsonb_typeof(v_person) <> 'object' then
      raise exception 'invalid_input' using detail = 'each person must be an object';
    end if;
    if kasalan.json_text(v_person, 'firstName', 100) is null then
      raise exception 'person_first_name_required';
    end if;
    perform kasalan.json_text(v_person, 'lastName', 100),
      kasalan.json_text(v_person, 'title', 50),
      kasalan.json_text(v_person, 'suffix', 20),
      kasalan.json_text(v_person, 'notes', 2000);
    if coalesce(kasalan.json_text(v_person, 'type', 10), 'adult') not in ('adult', 'child') then
      raise exception 'invalid_input' using detail = 'type must be adult or child';
    end if;
    v_has_adult := v_has_adult or coalesce(kasalan.json_text(v_person, 'type', 10), 'adult') = 'adult';
    v_person_id := kasalan.json_uuid(v_person, 'id');
    if v_person_id is not null then
      if v_person_id = any (v_person_ids) then
        raise exception 'invalid_input' using detail = 'a person is listed twice';
      end if;
      v_person_ids := v_person_ids || v_person_id;
    end if;
  end loop;
  if not v_has_adult then
    raise exception 'household_needs_adult';
  end if;

  if v_guest_id is null then
    insert into kasalan.guests (wedding_id, email, phone, address, relationship_side, relationship_type, notes)
    values (p_wedding_id, v_email, v_phone, v_address, v_side, v_type, v_notes)
    returning id into v_guest_id;
  else
    update kasalan.guests g
    set email = v_email,
        phone = v_phone,
        address = v_address,
        relationship_side = v_side,
        relationship_type = v_type,
        notes = v_notes
    where g.id = v_guest_id
      and g.wedding_id = p_wedding_id;
    if not found then
      raise exception 'household_not_found';
    end if;
  end if;

  -- A listed id must be one of this household's persons (a new household has none yet).
  if exists (
    select 1
    from unnest(v_person_ids) as listed(id)
    where not exists (select 1 from kasalan.persons p where p.id = listed.id and p.guest_id = v_guest_id)
  ) then
    raise exception 'invalid_input' using detail = 'a person belongs to another household';
  end if;

  delete from kasalan.persons p
  where p.guest_id = v_guest_id
    and p.id <> all (v_person_ids);

  for v_person, v_index in select value, ordinality - 1 from jsonb_array_elements(v_persons) with ordinality loop
    v_person_id := kasalan.json_uuid(v_person, 'id');
    if v_person_id is null then
      insert into kasalan.persons (wedding_id, guest_id, first_name, last_name, type, title, suffix, notes, position)
      values (
        p_wedding_id, v_guest_id,
        kasalan.json_text(v_person, 'firstName', 100),
        coalesce(kasalan.json_text(v_person, 'lastName', 100), ''),
        coalesce(kasalan.json_text(v_person, 'type', 10), 'adult'),
        kasalan.json_text(v_person, 'title', 50),
        kasalan.json_text(v_person, 'suffix', 20),
        kasalan.json_text(v_person, 'notes', 2000),
        v_index
      );
    else
      update kasalan.persons p
      set first_name = kasalan.json_text(v_person, 'firstName', 100),
          last_name = coalesce(kasalan.json_text(v_person, 'lastName', 100), ''),
          type = coalesce(kasalan.json_text(v_person, 'type', 10), 'adult'),
          title = kasalan.json_text(v_person, 'title', 50),
          suffix = kasalan.json_text(v_person, 'suffix', 20),
          notes = kasalan.json_text(v_person, 'notes', 2000),
          position = v_index
      where p.id = v_person_id
        and p.guest_id = v_guest_id;
    end if;
  end loop;

  select * into v_guest from kasalan.guests g where g.id = v_guest_id;
  return kasalan.household_json(v_guest);
end;
$$;

-- As before, for any member; a family helper deletes only their own side's households that they added. Granted to authenticated.
create or replace function kasalan.delete_household(p_guest_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from kasalan.guests g
  where g.id = p_guest_id
    and kasalan.can(g.wedding_id, 'households');
  if not found then
    raise exception 'household_not_found';
  end if;
end;
$$;

-- As before, for the owner, partner and coordinator. Granted to authenticated.
create or replace function kasalan.list_rsvps(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not kasalan.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;

  return coalesce(
    (
      select jsonb_agg(kasalan.rsvp_household_json(g) order by g.created_at, g.id)
      from kasalan.guests g
      where g.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

-- As before (a coordinator taking a phone call), for the owner, partner and coordinator. Granted to authenticated.
create or replace function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_questions jsonb;
  v_person kasalan.persons;
  v_response jsonb;
  v_recorded_by text;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
  select w.rsvp_questions into v_questions from kasalan.weddings w where w.id = p_wedding_id;

  select * into v_person from kasalan.persons p
  where p.id = p_person_id and p.wedding_id = p_wedding_id
  for update;
  if not found then
    raise exception 'person_not_found';
  end if;

  v_response := case when p_is_attending then kasalan.rsvp_response(v_questions, p_response) else '[]'::jsonb end;
  v_recorded_by := case when p_is_attending is null then null else 'couple' end;

  if (v_person.is_attending, v_person.response, v_person.rsvp_recorded_by)
    is distinct from (p_is_attending, v_response, v_recorded_by)
  then
    insert into kasalan.rsvp_changes (wedding_id, guest_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_person.guest_id, v_person.id, kasalan.rsvp_manager_kind(p_wedding_id), auth.uid(),
      kasalan.rsvp_reply_json(v_person),
      jsonb_build_object(
        'isAttending', p_is_attending,
        'response', v_response,
        'respondedAt', case when p_is_attending is null then null else now() end,
        'recordedBy', v_recorded_by
      )
    );
  end if;

  update kasalan.persons p
  set is_attending = p_is_attending,
      response = v_response,
      responded_at = case when p_is_attending is null then null else now() end,
      rsvp_recorded_by = v_recorded_by
  where p.id = v_person.id;

  return (select kasalan.rsvp_household_json(g) from kasalan.guests g where g.id = v_person.guest_id);
end;
$$;

-- As before, for the owner, partner and coordinator. Granted to authenticated.
create or replace function kasalan.restore_rsvp(p_wedding_id uuid, p_change_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change kasalan.rsvp_changes;
  v_person kasalan.persons;
  v_guest kasalan.guests;
  v_kind text;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
  select * into v_change from kasalan.rsvp_changes c where c.id = p_change_id and c.wedding_id = p_wedding_id;
  if not found then
    raise exception 'rsvp_change_not_found';
  end if;
  v_kind := kasalan.rsvp_manager_kind(p_wedding_id);

  if v_change.person_id is not null then
    select * into v_person from kasalan.persons p where p.id = v_change.person_id for update;
    if not found then
      raise exception 'rsvp_change_not_found';
    end if;
    insert into kasalan.rsvp_changes (wedding_id, guest_id, person_id, changed_by, changed_by_user, previous, current)
    values (p_wedding_id, v_person.guest_id, v_person.id, v_kind, auth.uid(), kasalan.rsvp_reply_json(v_person), v_change.previous);
    update kasalan.persons p
    set is_attending = (v_change.previous ->> 'isAttending')::boolean,
        response = coalesce(v_change.previous -> 'response', '[]'::jsonb),
        responded_at = (v_change.previous ->> 'respondedAt')::timestamptz,
        rsvp_recorded_by = v_change.previous ->> 'recordedBy'
    where p.id = v_person.id;
  else
    select * into v_guest from kasalan.guests g where g.id = v_change.guest_id for update;
    insert into kasalan.rsvp_changes (wedding_id, guest_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_guest.id, null, v_kind, auth.uid(),
      jsonb_build_object('message', v_guest.rsvp_message, 'messageAt', v_guest.rsvp_message_at),
      v_change.previous
    );
    update kasalan.guests g
    set rsvp_message = v_change.previous ->> 'message',
        rsvp_message_at = (v_change.previous ->> 'messageAt')::timestamptz
    where g.id = v_guest.id;
  end if;

  return (select kasalan.rsvp_household_json(g) from kasalan.guests g where g.id = v_change.guest_id);
end;
$$;

-- As before, for the owner, partner and coordinator. Granted to authenticated.
create or replace function kasalan.list_rsvp_changes(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;

  return jsonb_build_object(
    'lastSeenAt', (
      select s.seen_at from kasalan.rsvp_changes_seen s
      where s.wedding_id = p_wedding_id and s.user_id = (select auth.uid())
    ),
    'changes', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', c.id,
            'guestId', c.guest_id,
            'personId', c.person_id,
            'firstName', n.first_name,
            'lastName', n.last_name,
            'changedAt', c.changed_at,
            'changedBy', c.changed_by,
            'previous', c.previous,
            'current', c.current
          )
          order by c.changed_at desc, c.id
        )
        from (
          select * from kasalan.rsvp_changes c
          where c.wedding_id = p_wedding_id
          order by c.changed_at desc, c.id
          limit 100
        ) c
        cross join lateral (
          select p.first_name, p.last_name
          from kasalan.persons p
          where p.guest_id = c.guest_id and (c.person_id is null or p.id = c.person_id)
          order by p.id <> c.person_id, p.position
          limit 1
        ) n
      ),
      '[]'::jsonb
    ),
    'probes', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'kind', r.kind,
            'scope', case when r.caller = '*' then 'wedding' else 'caller' end,
            'at', r.reached_at
          )
          order by r.reached_at desc
        )
        from kasalan.rate_probes r
        where r.wedding_id = p_wedding_id and r.reached_at > now() - interval '60 days'
      ),
      '[]'::jsonb
    )
  );
end;
$$;

-- As before, for the owner, partner and coordinator. Granted to authenticated.
create or replace function kasalan.mark_rsvp_changes_seen(p_wedding_id uuid, p_seen_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
  if p_seen_at is null or p_seen_at = 'infinity' or p_seen_at = '-infinity' then
    raise exception 'invalid_input' using detail = 'seenAt must be a time';
  end if;
  insert into kasalan.rsvp_changes_seen as s (wedding_id, user_id, seen_at)
  values (p_wedding_id, auth.uid(), least(p_seen_at, now()))
  on conflict (wedding_id, user_id) do update set seen_at = greatest(s.seen_at, excluded.seen_at);
end;
$$;

-- As before, for the owner, partner and coordinator. Granted to authenticated.
create or replace function kasalan.get_seating_layout(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_row kasalan.seating_layouts;
begin
  if not kasalan.can(p_wedding_id, 'seating') then
    raise exception 'wedding_not_found';
  end if;

  select * into v_row from kasalan.seating_layouts l where l.wedding_id = p_wedding_id;
  return jsonb_build_object(
    'weddingId', p_wedding_id,
    'layout', kasalan.seating_layout_for_guest_list(p_wedding_id, coalesce(v_row.layout, '{"tables": [], "seats": []}'::jsonb)),
    'updatedAt', v_row.updated_at
  );
end;
$$;

-- As before, for the owner, partner and coordinator. Granted to authenticated.
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
  if not kasalan.can(p_wedding_id, 'seating') then
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

-- =============================================================================================
-- Who recorded a reply
-- =============================================================================================

-- The name of the member who last recorded this person's reply for them ("Tita Carmen"), or null
-- when it was the caller, when it is no longer known (they left), or when the caller may not see
-- RSVPs of its wedding. Security definer because the history and the members are read only by
-- functions. Helper of rsvp_household_json; granted to authenticated.
create function kasalan.rsvp_recorded_by_name(p_person_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select nullif(m.display_name, '')
  from kasalan.rsvp_changes c
  join kasalan.wedding_members m on m.wedding_id = c.wedding_id and m.user_id = c.changed_by_user
  where c.person_id = p_person_id
    and kasalan.can(c.wedding_id, 'rsvps')
    and c.changed_by in ('couple', 'member')
    and c.changed_by_user is distinct from (select auth.uid())
    and c.changed_at = (select max(l.changed_at) from kasalan.rsvp_changes l where l.person_id = p_person_id)
  limit 1
$$;

revoke execute on function kasalan.rsvp_recorded_by_name(uuid) from public, anon;
grant execute on function kasalan.rsvp_recorded_by_name(uuid) to authenticated;

-- As in 0004, with recordedByName: who recorded a reply the couple's side recorded (null: the
-- caller, or a guest). Helper of list_rsvps and record_rsvp; granted to authenticated.
create or replace function kasalan.rsvp_household_json(p_guest kasalan.guests)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_guest.id,
    'email', p_guest.email,
    'message', p_guest.rsvp_message,
    'messageAt', p_guest.rsvp_message_at,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'guestId', p.guest_id,
            'firstName', p.first_name,
            'lastName', p.last_name,
            'type', p.type,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'recordedBy', p.rsvp_recorded_by,
            'recordedByName', case when p.rsvp_recorded_by = 'couple' then kasalan.rsvp_recorded_by_name(p.id) end
          )
          order by p.position, p.created_at, p.id
        )
        from kasalan.persons p
        where p.guest_id = p_guest.id
      ),
      '[]'::jsonb
    )
  )
$$;

-- =============================================================================================
-- Weddings of an account
-- =============================================================================================

-- The weddings the signed-in account belongs to, for the wedding switcher: [{id, slug, title,
-- bride, groom, date, role, side}], the one they own first, then by date. Granted to authenticated.
create function kasalan.list_my_weddings()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object(
        'id', w.id, 'slug', w.slug, 'title', w.title, 'bride', w.bride, 'groom', w.groom,
        'date', w.date, 'role', m.role, 'side', m.side
      )
      order by m.role = 'owner' desc, w.date nulls last, m.joined_at, w.id
    ),
    '[]'::jsonb
  )
  from kasalan.wedding_members m
  join kasalan.weddings w on w.id = m.wedding_id
  where m.user_id = (select auth.uid())
$$;

revoke execute on function kasalan.list_my_weddings() from public, anon;
grant execute on function kasalan.list_my_weddings() to authenticated;

-- The membership management works on: p_wedding_id when the account belongs to it, else the
-- wedding they own, else the first they joined. Helper of get_my_wedding; granted to authenticated.
create function kasalan.my_membership(p_wedding_id uuid)
returns setof kasalan.wedding_members
language sql
stable
security definer
set search_path = ''
as $$
  select * from kasalan.wedding_members m
  where m.user_id = (select auth.uid())
  order by m.wedding_id = p_wedding_id desc nulls last, m.role = 'owner' desc, m.joined_at, m.wedding_id
  limit 1
$$;

revoke execute on function kasalan.my_membership(uuid) from public, anon;
grant execute on function kasalan.my_membership(uuid) to authenticated;

-- The wedding management works on, with all the sections the caller may read, plus `myRole` and
-- `mySide`: p_wedding_id when the account is a member of it, else the one they own, else the
-- first they joined; null when they belong to none. Called by the management area; granted to
-- authenticated.
drop function kasalan.get_my_wedding();
create function kasalan.get_my_wedding(p_wedding_id uuid default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select kasalan.wedding_json(w) || jsonb_build_object('myRole', m.role, 'mySide', m.side)
  from kasalan.my_membership(p_wedding_id) m
  join kasalan.weddings w on w.id = m.wedding_id
$$;

revoke execute on function kasalan.get_my_wedding(uuid) from public, anon;
grant execute on function kasalan.get_my_wedding(uuid) to authenticated;

-- =============================================================================================
-- Members
-- =============================================================================================

-- A member in the contract's Member shape. Helper of the functions below; nobody calls it.
create function kasalan.member_json(p_member kasalan.wedding_members)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'userId', p_member.user_id,
    'displayName', p_member.display_name,
    'email', (select u.email from auth.users u where u.id = p_member.user_id),
    'role', p_member.role,
    'side', p_member.side,
    'joinedAt', p_member.joined_at,
    'isMe', p_member.user_id = (select auth.uid())
  )
$$;

revoke execute on function kasalan.member_json(kasalan.wedding_members) from public, anon, authenticated;

-- An invitation in the contract's MemberInvitation shape (with its token: only those who may
-- manage members see it). Helper of the functions below; nobody calls it.
create function kasalan.member_invitation_json(p_invitation kasalan.member_invitations)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_invitation.id,
    'token', p_invitation.token,
    'role', p_invitation.role,
    'side', p_invitation.side,
    'email', p_invitation.email,
    'createdAt', p_invitation.created_at,
    'expiresAt', p_invitation.expires_at
  )
$$;

revoke execute on function kasalan.member_invitation_json(kasalan.member_invitations) from public, anon, authenticated;

-- Who has access to a wedding and the invitations still open: {members, invitations}. Any member
-- may see who else has access; only the owner and partner see the open invitations (their links).
-- Raises wedding_not_found. Called by the members page; granted to authenticated.
create function kasalan.list_members(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'view') then
    raise exception 'wedding_not_found';
  end if;
  return jsonb_build_object(
    'members', (
      select coalesce(jsonb_agg(
        kasalan.member_json(m)
        order by array_position(array['owner', 'partner', 'coordinator', 'family_helper'], m.role), m.joined_at, m.user_id
      ), '[]'::jsonb)
      from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id
    ),
    'invitations', case when kasalan.can(p_wedding_id, 'members') then (
      select coalesce(jsonb_agg(kasalan.member_invitation_json(i) order by i.created_at desc, i.id), '[]'::jsonb)
      from kasalan.member_invitations i
      where i.wedding_id = p_wedding_id
        and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
    ) else '[]'::jsonb end
  );
end;
$$;

revoke execute on function kasalan.list_members(uuid) from public, anon;
grant execute on function kasalan.list_members(uuid) to authenticated;

-- Checks a role and side pair for a member who is not the owner; returns the side to store.
-- Helper of the functions below; nobody calls it.
create function kasalan.member_side(p_role text, p_side text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_role is null or p_role not in ('partner', 'coordinator', 'family_helper') then
    raise exception 'invalid_input' using detail = 'role must be partner, coordinator or family_helper';
  end if;
  if p_role <> 'family_helper' then
    return null;
  end if;
  if p_side is null or p_side not in ('bride', 'groom') then
    raise exception 'invalid_input' using detail = 'a family helper needs side bride or groom';
  end if;
  return p_side;
end;
$$;

revoke execute on function kasalan.member_side(text, text) from public, anon, authenticated;

-- Creates an invitation to join the wedding as p_role (p_side for a family helper; p_email, when
-- given, is the only account that may accept it). Returns it with its token, from which the app
-- builds the link. The owner and partner only (else wedding_not_found). Granted to authenticated.
create function kasalan.create_member_invitation(
  p_wedding_id uuid,
  p_role text,
  p_side text default null,
  p_email text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_side text;
  v_email text := nullif(lower(btrim(p_email)), '');
  v_invitation kasalan.member_invitations;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'members') then
    raise exception 'wedding_not_found';
  end if;
  v_side := kasalan.member_side(p_role, p_side);
  if v_email is not null and (char_length(v_email) > 254 or v_email !~ '^[^@\s]+@[^@\s]+$') then
    raise exception 'invalid_input' using detail = 'email must be an e-mail address';
  end if;

  insert into kasalan.member_invitations (wedding_id, token, role, side, email, created_by)
  values (
    p_wedding_id,
    translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_'),
    p_role, v_side, v_email, auth.uid()
  )
  returning * into v_invitation;
  return kasalan.member_invitation_json(v_invitation);
end;
$$;

revoke execute on function kasalan.create_member_invitation(uuid, text, text, text) from public, anon;
grant execute on function kasalan.create_member_invitation(uuid, text, text, text) to authenticated;

-- Revokes an open invitation, so its link no longer works. The owner and partner only (else
-- wedding_not_found); invitation_not_found when it is not an open invitation of this wedding.
-- Granted to authenticated.
create function kasalan.revoke_member_invitation(p_wedding_id uuid, p_invitation_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'members') then
    raise exception 'wedding_not_found';
  end if;
  update kasalan.member_invitations i
  set revoked_at = now()
  where i.id = p_invitation_id and i.wedding_id = p_wedding_id
    and i.accepted_at is null and i.revoked_at is null;
  if not found then
    raise exception 'invitation_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.revoke_member_invitation(uuid, uuid) from public, anon;
grant execute on function kasalan.revoke_member_invitation(uuid, uuid) to authenticated;

-- The invitation behind a link, for the accept screen: {weddingId, title, bride, groom, date,
-- role, side, invitedBy, expiresAt, status, alreadyMember}; status is 'open', 'accepted', 'expired'
-- or 'revoked'. Security definer: the invited account is not a member yet; the token is the
-- secret. Raises invitation_not_found. Granted to authenticated (signed-in accounts only).
create function kasalan.get_member_invitation(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when i.id is null then null else jsonb_build_object(
    'weddingId', w.id,
    'title', w.title,
    'bride', w.bride,
    'groom', w.groom,
    'date', w.date,
    'role', i.role,
    'side', i.side,
    'invitedBy', (
      select m.display_name from kasalan.wedding_members m
      where m.wedding_id = i.wedding_id and m.user_id = i.created_by
    ),
    'expiresAt', i.expires_at,
    'status', case
      when i.accepted_at is not null then 'accepted'
      when i.revoked_at is not null then 'revoked'
      when i.expires_at <= now() then 'expired'
      else 'open'
    end,
    'alreadyMember', exists (
      select 1 from kasalan.wedding_members m where m.wedding_id = i.wedding_id and m.user_id = (select auth.uid())
    )
  ) end
  from kasalan.member_invitations i
  join kasalan.weddings w on w.id = i.wedding_id
  where i.token = p_token
$$;

revoke execute on function kasalan.get_member_invitation(text) from public, anon;
grant execute on function kasalan.get_member_invitation(text) to authenticated;

-- Accepts an invitation as the signed-in account, under p_display_name (else the account's name).
-- Returns {weddingId, role, side}. Raises invitation_not_found, invitation_used, invitation_revoked,
-- invitation_expired, invitation_wrong_account (addressed to another e-mail), already_member.
-- Two accounts accepting one link at once: the row lock lets only the first in. Granted to
-- authenticated.
create function kasalan.accept_member_invitation(p_token text, p_display_name text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_invitation kasalan.member_invitations;
  v_name text := nullif(btrim(p_display_name), '');
begin
  if v_user_id is null then
    raise exception 'not_authenticated';
  end if;
  if char_length(v_name) > 100 then
    raise exception 'invalid_input' using detail = 'displayName must be at most 100 characters';
  end if;
  select * into v_invitation from kasalan.member_invitations i where i.token = p_token for update;
  if not found then
    raise exception 'invitation_not_found';
  elsif v_invitation.accepted_at is not null then
    raise exception 'invitation_used';
  elsif v_invitation.revoked_at is not null then
    raise exception 'invitation_revoked';
  elsif v_invitation.expires_at <= now() then
    raise exception 'invitation_expired';
  elsif v_invitation.email is not null
    and v_invitation.email is distinct from (select lower(u.email) from auth.users u where u.id = v_user_id)
  then
    raise exception 'invitation_wrong_account';
  elsif exists (
    select 1 from kasalan.wedding_members m where m.wedding_id = v_invitation.wedding_id and m.user_id = v_user_id
  ) then
    raise exception 'already_member';
  end if;

  insert into kasalan.wedding_members (wedding_id, user_id, role, side, display_name, invited_by)
  values (
    v_invitation.wedding_id, v_user_id, v_invitation.role, v_invitation.side,
    coalesce(v_name, kasalan.account_display_name(v_user_id), ''), v_invitation.created_by
  );
  update kasalan.member_invitations i
  set accepted_at = now(), accepted_by = v_user_id
  where i.id = v_invitation.id;
  return jsonb_build_object('weddingId', v_invitation.wedding_id, 'role', v_invitation.role, 'side', v_invitation.side);
end;
$$;

revoke execute on function kasalan.accept_member_invitation(text, text) from public, anon;
grant execute on function kasalan.accept_member_invitation(text, text) to authenticated;

-- Changes a member's role (and side). The owner and partner only (else wedding_not_found); the
-- owner's own role changes only by handing the wedding over (member_is_owner). Returns the member.
-- Granted to authenticated.
create function kasalan.change_member_role(p_wedding_id uuid, p_user_id uuid, p_role text, p_side text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_side text;
  v_member kasalan.wedding_members;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'members') then
    raise exception 'wedding_not_found';
  end if;
  v_side := kasalan.member_side(p_role, p_side);
  select * into v_member from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = p_user_id
  for update;
  if not found then
    raise exception 'member_not_found';
  elsif v_member.role = 'owner' then
    raise exception 'member_is_owner';
  end if;
  update kasalan.wedding_members m
  set role = p_role, side = v_side
  where m.wedding_id = p_wedding_id and m.user_id = p_user_id
  returning * into v_member;
  return kasalan.member_json(v_member);
end;
$$;

revoke execute on function kasalan.change_member_role(uuid, uuid, text, text) from public, anon;
grant execute on function kasalan.change_member_role(uuid, uuid, text, text) to authenticated;

-- Removes a member: their very next call is refused. The owner and partner only (else
-- wedding_not_found); nobody removes the owner (member_is_owner). Granted to authenticated.
create function kasalan.remove_member(p_wedding_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'members') then
    raise exception 'wedding_not_found';
  end if;
  select m.role into v_role from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = p_user_id
  for update;
  if not found then
    raise exception 'member_not_found';
  elsif v_role = 'owner' then
    raise exception 'member_is_owner';
  end if;
  delete from kasalan.wedding_members m where m.wedding_id = p_wedding_id and m.user_id = p_user_id;
end;
$$;

revoke execute on function kasalan.remove_member(uuid, uuid) from public, anon;
grant execute on function kasalan.remove_member(uuid, uuid) to authenticated;

-- Leaves a wedding the signed-in account is a member of (wedding_not_found otherwise). The owner
-- hands the wedding over first (owner_cannot_leave). Granted to authenticated.
create function kasalan.leave_wedding(p_wedding_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
begin
  select m.role into v_role from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  for update;
  if not found then
    raise exception 'wedding_not_found';
  elsif v_role = 'owner' then
    raise exception 'owner_cannot_leave';
  end if;
  delete from kasalan.wedding_members m where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid());
end;
$$;

revoke execute on function kasalan.leave_wedding(uuid) from public, anon;
grant execute on function kasalan.leave_wedding(uuid) to authenticated;

-- Hands the wedding over to another member, who becomes its owner; the former owner stays as its
-- partner. The owner only (else wedding_not_found); member_not_found when p_user_id is not a
-- member. Granted to authenticated.
create function kasalan.transfer_wedding_ownership(p_wedding_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'delete_wedding') then
    raise exception 'wedding_not_found';
  end if;
  perform 1 from kasalan.wedding_members m where m.wedding_id = p_wedding_id for update;
  if p_user_id is null or p_user_id = (select auth.uid()) or not exists (
    select 1 from kasalan.wedding_members m where m.wedding_id = p_wedding_id and m.user_id = p_user_id
  ) then
    raise exception 'member_not_found';
  end if;
  update kasalan.wedding_members m
  set role = 'partner', side = null
  where m.wedding_id = p_wedding_id and m.role = 'owner';
  update kasalan.wedding_members m
  set role = 'owner', side = null
  where m.wedding_id = p_wedding_id and m.user_id = p_user_id;
end;
$$;

revoke execute on function kasalan.transfer_wedding_ownership(uuid, uuid) from public, anon;
grant execute on function kasalan.transfer_wedding_ownership(uuid, uuid) to authenticated;

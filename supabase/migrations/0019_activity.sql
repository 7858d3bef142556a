-- Who did what: an activity record of a wedding (household added, changed, deleted or imported; a
-- reply recorded; guests seated or unseated; invitations sent; members invited, joined, removed,
-- their role changed, the wedding handed over; the site published), written in the same
-- transaction as the change.
--
-- The entries are written by triggers on the tables the functions change, not by each function:
-- every writer (save_household, import_households, import_wedding, record_rsvp, submit_rsvp,
-- restore_rsvp, save_seating_layout, record_invitation, the member functions,
-- set_wedding_published, and any later one) records what it did without having to remember to.
-- The household, reply, seating and invitation triggers are deferred to commit, so one call makes
-- one entry per household (a household and its persons; a reply for several persons), an import
-- one entry in all, and the household's name is read once its persons are saved.
--
-- Read through kasalan.list_activity (a family helper sees only their side's households' entries)
-- and, per household, the lastChange field of kasalan.list_guests.

-- =============================================================================================
-- Table
-- =============================================================================================

-- One thing a member (or a guest, answering) did to a wedding. actor_name is how the actor was
-- called then, so the record reads the same after they leave. guest_id is kept while the
-- household exists; household_name and household_side are its name and side at the time (a family
-- helper's view filters on the side). xact groups what one transaction did.
create table kasalan.wedding_activity (
  id uuid primary key default extensions.gen_random_uuid(),
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  at timestamptz not null default now(),
  xact bigint not null default txid_current(),
  actor_kind text not null check (actor_kind in ('member', 'guest', 'system')),
  actor_user uuid references auth.users (id) on delete set null,
  actor_name text not null default '' check (char_length(actor_name) <= 100),
  action text not null check (action in (
    'household_added', 'household_changed', 'household_deleted', 'households_imported',
    'reply_recorded', 'seated', 'unseated', 'seating_changed',
    'invitation_sent', 'member_invited', 'member_invitation_revoked', 'member_joined',
    'member_removed', 'member_left', 'member_role_changed', 'ownership_transferred',
    'site_published', 'site_unpublished'
  )),
  guest_id uuid references kasalan.guests (id) on delete set null,
  household_name text check (char_length(household_name) <= 300),
  household_side text,
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object')
);

create index wedding_activity_wedding_id_at_idx on kasalan.wedding_activity (wedding_id, at desc, id desc);
create index wedding_activity_guest_id_at_idx on kasalan.wedding_activity (guest_id, at desc);
create index wedding_activity_xact_idx on kasalan.wedding_activity (xact);
create index wedding_activity_actor_user_idx on kasalan.wedding_activity (actor_user);

-- Written by the triggers below and read through the functions below only.
alter table kasalan.wedding_activity enable row level security;
revoke all on kasalan.wedding_activity from public, anon, authenticated;

-- =============================================================================================
-- Writing
-- =============================================================================================

-- A household's name as the activity shows it: its first person's full name, "+ N" for the others.
-- Helper of the triggers below; nobody calls it.
create function kasalan.activity_household_name(p_guest_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select left(
    btrim(first.first_name || ' ' || first.last_name)
      || case when n.total > 1 then ' + ' || (n.total - 1) else '' end,
    300
  )
  from (select count(*) as total from kasalan.persons p where p.guest_id = p_guest_id) n
  cross join lateral (
    select p.first_name, p.last_name from kasalan.persons p
    where p.guest_id = p_guest_id
    order by p.type = 'adult' desc, p.position, p.created_at, p.id
    limit 1
  ) first
$$;

revoke execute on function kasalan.activity_household_name(uuid) from public, anon, authenticated;

-- Adds one activity entry for the signed-in account (or 'guest' when p_actor_kind says so;
-- nothing without either), under p_actor_name or their member name, with the household's
-- current name and side when p_guest_id is given. Helper of the triggers below; nobody calls it.
create function kasalan.add_activity(
  p_wedding_id uuid,
  p_action text,
  p_guest_id uuid default null,
  p_details jsonb default '{}'::jsonb,
  p_actor_kind text default null,
  p_actor_name text default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := case when p_actor_kind = 'guest' then null else auth.uid() end;
  v_name text := p_actor_name;
  v_side text;
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
    v_name := coalesce(v_name, kasalan.account_display_name(v_user_id), '');
  end if;
  if p_guest_id is not null then
    select g.relationship_side into v_side from kasalan.guests g where g.id = p_guest_id;
  end if;
  insert into kasalan.wedding_activity (
    wedding_id, actor_kind, actor_user, actor_name, action, guest_id, household_name, household_side, details
  )
  values (
    p_wedding_id,
    coalesce(p_actor_kind, case when v_user_id is null then 'system' else 'member' end),
    v_user_id,
    coalesce(v_name, ''),
    p_action,
    p_guest_id,
    case when p_guest_id is not null then kasalan.activity_household_name(p_guest_id) end,
    v_side,
    coalesce(p_details, '{}'::jsonb)
  );
end;
$$;

revoke execute on function kasalan.add_activity(uuid, text, uuid, jsonb, text, text) from public, anon, authenticated;

-- True when this transaction already recorded something about the household (so its persons,
-- replies of an import, and so on add nothing more). Helper of the triggers below.
create function kasalan.activity_covers(p_guest_id uuid, p_actions text[])
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from kasalan.wedding_activity a
    where a.xact = txid_current()
      and (a.guest_id = p_guest_id and a.action = any (p_actions)
        or a.action = 'households_imported' and a.details -> 'guestIds' ? p_guest_id::text)
  )
$$;

revoke execute on function kasalan.activity_covers(uuid, text[]) from public, anon, authenticated;

-- Households: added (several in one transaction make one households_imported entry), changed
-- (its own fields or its persons), deleted. Trigger function only; nobody calls it.
create function kasalan.record_household_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_guest_id uuid;
  v_wedding_id uuid;
  v_entry kasalan.wedding_activity;
begin
  if tg_op = 'DELETE' and tg_table_name = 'guests' then
    -- Before the delete, while its persons still give it a name (guest_id then goes null).
    perform kasalan.add_activity(old.wedding_id, 'household_deleted', old.id);
    return old;
  end if;

  if tg_table_name = 'guests' then
    v_guest_id := new.id;
    v_wedding_id := new.wedding_id;
  elsif tg_op = 'DELETE' then
    v_guest_id := old.guest_id;
    v_wedding_id := old.wedding_id;
  else
    v_guest_id := new.guest_id;
    v_wedding_id := new.wedding_id;
  end if;
  if not exists (select 1 from kasalan.guests g where g.id = v_guest_id) then
    return null; -- deleted later in the same transaction
  end if;

  if tg_table_name = 'guests' and tg_op = 'INSERT' then
    select * into v_entry from kasalan.wedding_activity a
    where a.xact = txid_current() and a.wedding_id = v_wedding_id
      and a.action in ('household_added', 'households_imported')
    order by a.at
    limit 1
    for update;
    if v_entry.id is null then
      perform kasalan.add_activity(v_wedding_id, 'household_added', v_guest_id);
    else
      update kasalan.wedding_activity a
      set action = 'households_imported',
          guest_id = null,
          household_name = null,
          household_side = case when a.household_side = new.relationship_side then a.household_side end,
          details = jsonb_build_object(
            'count', coalesce((a.details ->> 'count')::integer, 1) + 1,
            'guestIds', coalesce(a.details -> 'guestIds', jsonb_build_array(v_entry.guest_id)) || to_jsonb(v_guest_id)
          )
      where a.id = v_entry.id;
    end if;
    return null;
  end if;

  if not kasalan.activity_covers(v_guest_id, array['household_added', 'household_changed']) then
    perform kasalan.add_activity(v_wedding_id, 'household_changed', v_guest_id);
  end if;
  return null;
end;
$$;

revoke execute on function kasalan.record_household_activity() from public, anon, authenticated;

create trigger guests_record_deleted_activity before delete on kasalan.guests
  for each row execute function kasalan.record_household_activity();

create constraint trigger guests_record_activity after insert on kasalan.guests
  deferrable initially deferred
  for each row execute function kasalan.record_household_activity();

-- Only the household's own fields: codes, messages and sending times are not a change of it.
create constraint trigger guests_record_changed_activity after update on kasalan.guests
  deferrable initially deferred
  for each row
  when ((old.email, old.phone, old.address, old.relationship_side, old.relationship_type, old.notes)
    is distinct from (new.email, new.phone, new.address, new.relationship_side, new.relationship_type, new.notes))
  execute function kasalan.record_household_activity();

create constraint trigger persons_record_activity after insert or delete on kasalan.persons
  deferrable initially deferred
  for each row execute function kasalan.record_household_activity();

-- Only who the person is: replies and e-mail history are not a change of the household.
create constraint trigger persons_record_changed_activity after update on kasalan.persons
  deferrable initially deferred
  for each row
  when ((old.first_name, old.last_name, old.type, old.title, old.suffix, old.notes, old.position)
    is distinct from (new.first_name, new.last_name, new.type, new.title, new.suffix, new.notes, new.position))
  execute function kasalan.record_household_activity();

-- Replies: one entry per household and transaction, listing each person's answer; a guest's own
-- reply is the guest's. Replies that come with an import are part of the import's entry. Trigger
-- function only; nobody calls it.
create function kasalan.record_reply_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_person jsonb;
  v_entry_id uuid;
begin
  if not exists (select 1 from kasalan.guests g where g.id = new.guest_id)
    or kasalan.activity_covers(new.guest_id, array['household_added'])
  then
    return null;
  end if;
  v_person := case when new.person_id is null
    then jsonb_build_object('message', true)
    else (
      select jsonb_build_object(
        'name', btrim(p.first_name || ' ' || p.last_name),
        'isAttending', new.current -> 'isAttending'
      )
      from kasalan.persons p where p.id = new.person_id
    )
  end;
  if v_person is null then
    return null;
  end if;

  select a.id into v_entry_id from kasalan.wedding_activity a
  where a.xact = txid_current() and a.guest_id = new.guest_id and a.action = 'reply_recorded'
  limit 1;
  if v_entry_id is null then
    perform kasalan.add_activity(
      new.wedding_id, 'reply_recorded', new.guest_id,
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

revoke execute on function kasalan.record_reply_activity() from public, anon, authenticated;

create constraint trigger rsvp_changes_record_activity after insert on kasalan.rsvp_changes
  deferrable initially deferred
  for each row execute function kasalan.record_reply_activity();

-- Seating: a save that seats or unseats the persons of a few households makes one entry per
-- household ("seated Maria Santos at Table 3"); a save that moves more makes one seating_changed
-- entry with the counts. Moving tables alone is not recorded. Trigger function only.
create function kasalan.record_seating_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op = 'UPDATE' then old.layout else '{"tables": [], "seats": []}'::jsonb end;
  v_changes jsonb;
  v_household record;
begin
  -- Who sits where, before and after: [{guestId, personId, table}] for each person whose table changed.
  with
    before as (
      select s ->> 'personId' as person_id, s ->> 'guestId' as guest_id, t ->> 'name' as table_name
      from jsonb_array_elements(coalesce(v_old -> 'seats', '[]'::jsonb)) s
      left join lateral (
        select t from jsonb_array_elements(coalesce(v_old -> 'tables', '[]'::jsonb)) t
        where t ->> 'id' = s ->> 'tableId' limit 1
      ) tt on true
      where s ->> 'personId' is not null
    ),
    after as (
      select s ->> 'personId' as person_id, s ->> 'guestId' as guest_id, t ->> 'name' as table_name
      from jsonb_array_elements(coalesce(new.layout -> 'seats', '[]'::jsonb)) s
      left join lateral (
        select t from jsonb_array_elements(coalesce(new.layout -> 'tables', '[]'::jsonb)) t
        where t ->> 'id' = s ->> 'tableId' limit 1
      ) tt on true
      where s ->> 'personId' is not null
    )
  select coalesce(jsonb_agg(jsonb_build_object(
    'guestId', coalesce(a.guest_id, b.guest_id),
    'personId', coalesce(a.person_id, b.person_id),
    'table', a.table_name
  )), '[]'::jsonb)
  into v_changes
  from after a
  full join before b on b.person_id = a.person_id
  where a.table_name is distinct from b.table_name;

  if jsonb_array_length(v_changes) = 0 then
    return null;
  end if;
  if (select count(distinct c ->> 'guestId') from jsonb_array_elements(v_changes) c) > 5 then
    perform kasalan.add_activity(new.wedding_id, 'seating_changed', null, jsonb_build_object(
      'seated', (select count(*) from jsonb_array_elements(v_changes) c where c ->> 'table' is not null),
      'unseated', (select count(*) from jsonb_array_elements(v_changes) c where c ->> 'table' is null)
    ));
    return null;
  end if;

  for v_household in
    select (c ->> 'guestId')::uuid as guest_id,
      jsonb_agg(jsonb_build_object('name', btrim(p.first_name || ' ' || p.last_name), 'table', c -> 'table')
        order by p.position) as persons,
      bool_or(c ->> 'table' is not null) as seated
    from jsonb_array_elements(v_changes) c
    join kasalan.persons p on p.id = (c ->> 'personId')::uuid and p.wedding_id = new.wedding_id
    join kasalan.guests g on g.id = p.guest_id
    group by 1
  loop
    perform kasalan.add_activity(
      new.wedding_id,
      case when v_household.seated then 'seated' else 'unseated' end,
      v_household.guest_id,
      jsonb_build_object('persons', v_household.persons)
    );
  end loop;
  return null;
end;
$$;

revoke execute on function kasalan.record_seating_activity() from public, anon, authenticated;

create constraint trigger seating_layouts_record_activity after insert or update on kasalan.seating_layouts
  deferrable initially deferred
  for each row execute function kasalan.record_seating_activity();

-- Invitations sent: one entry per call (channel, kind, how many households). Trigger function only.
create function kasalan.record_invitation_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry kasalan.wedding_activity;
begin
  if not exists (select 1 from kasalan.guests g where g.id = new.guest_id) then
    return null;
  end if;
  select * into v_entry from kasalan.wedding_activity a
  where a.xact = txid_current() and a.wedding_id = new.wedding_id and a.action = 'invitation_sent'
    and a.details ->> 'channel' = new.channel and a.details ->> 'kind' = new.kind
  limit 1;
  if v_entry.id is null then
    perform kasalan.add_activity(new.wedding_id, 'invitation_sent', new.guest_id,
      jsonb_build_object('channel', new.channel, 'kind', new.kind, 'count', 1));
  else
    update kasalan.wedding_activity a
    set guest_id = null,
        household_name = null,
        household_side = case when a.household_side = (select g.relationship_side from kasalan.guests g where g.id = new.guest_id)
          then a.household_side end,
        details = jsonb_set(a.details, '{count}', to_jsonb(coalesce((a.details ->> 'count')::integer, 1) + 1))
    where a.id = v_entry.id;
  end if;
  return null;
end;
$$;

revoke execute on function kasalan.record_invitation_activity() from public, anon, authenticated;

create constraint trigger invitation_sends_record_activity after insert on kasalan.invitation_sends
  deferrable initially deferred
  for each row execute function kasalan.record_invitation_activity();

-- Members: joined, removed or left, role changed, the wedding handed over; invitations created and
-- revoked. The owner a new wedding starts with is not news. Trigger function only.
create function kasalan.record_member_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'member_invitations' then
    if tg_op = 'INSERT' then
      perform kasalan.add_activity(new.wedding_id, 'member_invited', null,
        jsonb_build_object('role', new.role, 'side', new.side));
    elsif old.revoked_at is null and new.revoked_at is not null then
      perform kasalan.add_activity(new.wedding_id, 'member_invitation_revoked', null,
        jsonb_build_object('role', new.role, 'side', new.side));
    end if;
    return null;
  end if;

  if tg_op = 'INSERT' then
    if new.role <> 'owner' then
      perform kasalan.add_activity(new.wedding_id, 'member_joined', null,
        jsonb_build_object('userId', new.user_id, 'name', new.display_name, 'role', new.role, 'side', new.side));
    end if;
  elsif tg_op = 'DELETE' then
    perform kasalan.add_activity(
      old.wedding_id,
      case when old.user_id = auth.uid() then 'member_left' else 'member_removed' end,
      null,
      jsonb_build_object('userId', old.user_id, 'name', old.display_name, 'role', old.role, 'side', old.side),
      null,
      case when old.user_id = auth.uid() then nullif(old.display_name, '') end
    );
  elsif new.role = 'owner' and old.role <> 'owner' then
    perform kasalan.add_activity(new.wedding_id, 'ownership_transferred', null,
      jsonb_build_object('userId', new.user_id, 'name', new.display_name));
  elsif old.role <> 'owner' and (old.role, old.side) is distinct from (new.role, new.side) then
    perform kasalan.add_activity(new.wedding_id, 'member_role_changed', null, jsonb_build_object(
      'userId', new.user_id, 'name', new.display_name, 'role', new.role, 'side', new.side,
      'previousRole', old.role, 'previousSide', old.side
    ));
  end if;
  return null;
end;
$$;

revoke execute on function kasalan.record_member_activity() from public, anon, authenticated;

create trigger wedding_members_record_activity after insert or update or delete on kasalan.wedding_members
  for each row execute function kasalan.record_member_activity();

create trigger member_invitations_record_activity after insert or update on kasalan.member_invitations
  for each row execute function kasalan.record_member_activity();

-- The site published or taken down. Trigger function only; nobody calls it.
create function kasalan.record_site_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan.add_activity(new.id, case when new.is_published then 'site_published' else 'site_unpublished' end);
  return null;
end;
$$;

revoke execute on function kasalan.record_site_activity() from public, anon, authenticated;

create trigger weddings_record_activity after update on kasalan.weddings
  for each row
  when (old.is_published is distinct from new.is_published)
  execute function kasalan.record_site_activity();

-- =============================================================================================
-- Reading
-- =============================================================================================

-- An entry as list_activity and lastChange give it. Helper of the functions below; nobody calls it.
create function kasalan.activity_json(p_entry kasalan.wedding_activity)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_entry.id,
    'at', p_entry.at,
    'actorKind', p_entry.actor_kind,
    'actorUserId', p_entry.actor_user,
    'actorName', p_entry.actor_name,
    'isMe', p_entry.actor_user is not distinct from (select auth.uid()) and p_entry.actor_user is not null,
    'action', p_entry.action,
    'guestId', p_entry.guest_id,
    'householdName', p_entry.household_name,
    'details', p_entry.details - 'guestIds' - 'guestId'
  )
$$;

revoke execute on function kasalan.activity_json(kasalan.wedding_activity) from public, anon, authenticated;

-- The latest changes to a wedding, latest first: {entries, hasMore, actors}. p_before_at and
-- p_before_id continue after the last entry of the previous page; p_actor keeps one member's
-- entries. actors lists everyone who appears (for the filter). Any member may read it; a family
-- helper only the entries of their side's households. Raises wedding_not_found, invalid_input
-- (p_limit not 1–100). Called by the activity page; granted to authenticated.
create function kasalan.list_activity(
  p_wedding_id uuid,
  p_before_at timestamptz default null,
  p_before_id uuid default null,
  p_actor uuid default null,
  p_limit integer default 50
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_entries jsonb;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'view') then
    raise exception 'wedding_not_found';
  end if;
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception 'invalid_input' using detail = 'limit must be 1 to 100';
  end if;

  select coalesce(jsonb_agg(kasalan.activity_json(e) order by e.at desc, e.id desc), '[]'::jsonb)
  into v_entries
  from (
    select a.* from kasalan.wedding_activity a
    left join kasalan.guests g on g.id = a.guest_id
    where a.wedding_id = p_wedding_id
      and kasalan.can_see_household(p_wedding_id, coalesce(g.relationship_side, a.household_side))
      and (p_actor is null or a.actor_user = p_actor)
      and (p_before_at is null or (a.at, a.id) < (p_before_at, coalesce(p_before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
    order by a.at desc, a.id desc
    limit p_limit + 1
  ) e;

  return jsonb_build_object(
    'entries', (select coalesce(jsonb_agg(x order by o), '[]'::jsonb) from jsonb_array_elements(v_entries) with ordinality t(x, o) where o <= p_limit),
    'hasMore', jsonb_array_length(v_entries) > p_limit,
    'actors', (
      select coalesce(jsonb_agg(jsonb_build_object('userId', x.actor_user, 'name', x.actor_name) order by x.actor_name, x.actor_user), '[]'::jsonb)
      from (
        select distinct on (a.actor_user) a.actor_user, coalesce(nullif(m.display_name, ''), a.actor_name) as actor_name
        from kasalan.wedding_activity a
        left join kasalan.wedding_members m on m.wedding_id = a.wedding_id and m.user_id = a.actor_user
        where a.wedding_id = p_wedding_id and a.actor_user is not null
        order by a.actor_user, a.at desc
      ) x
    )
  );
end;
$$;

revoke execute on function kasalan.list_activity(uuid, timestamptz, uuid, uuid, integer) from public, anon;
grant execute on function kasalan.list_activity(uuid, timestamptz, uuid, uuid, integer) to authenticated;

-- Who last changed each household of a wedding that the caller may see, for the guest list: the
-- latest entry about it, else who added it (an import's households): rows of (guest_id, change
-- {actorKind, actorName, isMe, action, at}). Nothing for a wedding the caller is not a member of;
-- a family helper gets their side only. One pass over the wedding's entries, not one per
-- household. Helper of list_guests; granted to authenticated.
create function kasalan.household_last_changes(p_wedding_id uuid)
returns table (guest_id uuid, change jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  with
    me as (
      select m.role, m.side from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
    ),
    latest as (
      select distinct on (a.guest_id) a.guest_id, a.actor_kind, a.actor_user, a.actor_name, a.action, a.at
      from kasalan.wedding_activity a
      where a.wedding_id = p_wedding_id and a.guest_id is not null
      order by a.guest_id, a.at desc, a.id desc
    )
  select g.id, jsonb_build_object(
    'actorKind', coalesce(l.actor_kind, 'member'),
    'actorName', case
      when l.guest_id is not null and l.actor_user is null then l.actor_name
      else coalesce(nullif(am.display_name, ''), l.actor_name, kasalan.account_display_name(g.user_id), '')
    end,
    'isMe', coalesce(l.actor_user, case when l.guest_id is null then g.user_id end) is not distinct from (select auth.uid()),
    'action', coalesce(l.action, 'household_added'),
    'at', coalesce(l.at, g.created_at)
  )
  from kasalan.guests g
  cross join me
  left join latest l on l.guest_id = g.id
  left join kasalan.wedding_members am
    on am.wedding_id = g.wedding_id and am.user_id = case when l.guest_id is null then g.user_id else l.actor_user end
  where g.wedding_id = p_wedding_id
    and (me.role <> 'family_helper' or me.side = g.relationship_side)
$$;

revoke execute on function kasalan.household_last_changes(uuid) from public, anon;
grant execute on function kasalan.household_last_changes(uuid) to authenticated;

-- As in 0012, each household with lastChange: who last changed it and when (see
-- household_last_changes). Granted to authenticated.
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
      select jsonb_agg(
        kasalan.household_json(g) || jsonb_build_object('lastChange', c.change)
        order by g.created_at, g.id
      )
      from kasalan.guests g
      left join kasalan.household_last_changes(p_wedding_id) c on c.guest_id = g.id
      where g.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

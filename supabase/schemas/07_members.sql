-- Kasalan members and activity: inviting a partner, coordinator or family helper, joining, roles,
-- leaving and handing over a wedding; and the activity feed the triggers write.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- A link that lets one person join a wedding as one role: single use, 14 days, revocable. email:
-- when set, only the account with that e-mail may accept it.
create table kasalan.member_invitations (
  id uuid not null default extensions.gen_random_uuid(),
  wedding_id uuid not null,
  token text not null,
  role text not null,
  side text,
  email text,
  created_by uuid,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + '14 days'::interval),
  accepted_at timestamptz,
  accepted_by uuid,
  revoked_at timestamptz,
  constraint member_invitations_pkey primary key (id),
  constraint member_invitations_token_key unique (token),
  constraint member_invitations_email_check check ((char_length(email) >= 3) and (char_length(email) <= 254)),
  constraint member_invitations_email_clean check (kasalan_private.text_is_clean(email, 'email')),
  constraint member_invitations_role_check check (role in ('partner', 'coordinator', 'family_helper', 'usher')),
  constraint member_invitations_side_check check (side in ('bride', 'groom')),
  constraint member_invitations_side_for_family_helpers check ((role = 'family_helper') = (side IS not null)),
  constraint member_invitations_accepted_by_fkey foreign key (accepted_by) references auth.users(id) on delete set null,
  constraint member_invitations_created_by_fkey foreign key (created_by) references auth.users(id) on delete set null,
  constraint member_invitations_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.member_invitations enable row level security;
revoke all on kasalan.member_invitations from public, anon, authenticated;

create index member_invitations_accepted_by_idx on kasalan.member_invitations (accepted_by);

create index member_invitations_created_by_idx on kasalan.member_invitations (created_by);

create index member_invitations_wedding_id_idx on kasalan.member_invitations (wedding_id, created_at DESC);

-- =============================================================================================
-- Functions
-- =============================================================================================

-- A member in the contract's Member shape. Helper of the functions below; nobody calls it.
create or replace function kasalan_private.member_json(p_member kasalan.wedding_members)
returns jsonb
language sql
stable security definer
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

revoke execute on function kasalan_private.member_json(p_member kasalan.wedding_members) from public, anon, authenticated;

-- An invitation in the contract's MemberInvitation shape (with its token: only those who may
-- manage members see it). Helper of the functions below; nobody calls it.
create or replace function kasalan_private.member_invitation_json(p_invitation kasalan.member_invitations)
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

revoke execute on function kasalan_private.member_invitation_json(p_invitation kasalan.member_invitations) from public, anon, authenticated;

-- Who has access to a wedding and the invitations still open: {members, invitations}. Any member
-- may see who else has access; only the owner and partner see the open invitations (their links).
-- Raises wedding_not_found. Called by the members page; granted to authenticated.
create or replace function kasalan.list_members(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  return jsonb_build_object(
    'members', (
      select coalesce(jsonb_agg(
        kasalan_private.member_json(m)
        order by array_position(array['owner', 'partner', 'coordinator', 'family_helper'], m.role), m.joined_at, m.user_id
      ), '[]'::jsonb)
      from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id
    ),
    'invitations', case when kasalan_private.can(p_wedding_id, 'members') then (
      select coalesce(jsonb_agg(kasalan_private.member_invitation_json(i) order by i.created_at desc, i.id), '[]'::jsonb)
      from kasalan.member_invitations i
      where i.wedding_id = p_wedding_id
        and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
    ) else '[]'::jsonb end
  );
end;
$$;

revoke execute on function kasalan.list_members(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_members(p_wedding_id uuid) to authenticated;

-- Checks a role and side pair for a member who is not the owner; returns the side to store.
-- Helper of the functions below; nobody calls it.
create or replace function kasalan_private.member_side(p_role text, p_side text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_role is null or p_role not in ('partner', 'coordinator', 'family_helper', 'usher') then
    raise exception 'invalid_input' using detail = 'role must be partner, coordinator, family_helper or usher';
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

revoke execute on function kasalan_private.member_side(p_role text, p_side text) from public, anon, authenticated;

-- Creates an invitation to join the wedding as p_role (p_side for a family helper; p_email, when
-- given, is the only account that may accept it). Returns it with its token, from which the app
-- builds the link. The owner and partner only (else wedding_not_found). Granted to authenticated.
create or replace function kasalan.create_member_invitation(p_wedding_id uuid, p_role text, p_side text default NULL::text, p_email text default NULL::text)
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
  perform kasalan_private.require(p_wedding_id, 'members');
  v_side := kasalan_private.member_side(p_role, p_side);
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
  return kasalan_private.member_invitation_json(v_invitation);
end;
$$;

revoke execute on function kasalan.create_member_invitation(p_wedding_id uuid, p_role text, p_side text, p_email text) from public, anon;
grant execute on function kasalan.create_member_invitation(p_wedding_id uuid, p_role text, p_side text, p_email text) to authenticated;

-- Revokes an open invitation, so its link no longer works. The owner and partner only (else
-- wedding_not_found); member_invitation_not_found when it is not an open invitation of this wedding.
-- Granted to authenticated.
create or replace function kasalan.revoke_member_invitation(p_wedding_id uuid, p_invitation_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'members');
  update kasalan.member_invitations i
  set revoked_at = now()
  where i.id = p_invitation_id and i.wedding_id = p_wedding_id
    and i.accepted_at is null and i.revoked_at is null;
  if not found then
    raise exception 'member_invitation_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.revoke_member_invitation(p_wedding_id uuid, p_invitation_id uuid) from public, anon;
grant execute on function kasalan.revoke_member_invitation(p_wedding_id uuid, p_invitation_id uuid) to authenticated;

-- The invitation behind a link, for the accept screen: {weddingId, title, bride, groom, date,
-- role, side, invitedBy, expiresAt, status, alreadyMember}; status is 'open', 'accepted', 'expired'
-- or 'revoked'. Security definer: the invited account is not a member yet; the token is the
-- secret. Raises member_invitation_not_found. Granted to authenticated (signed-in accounts only).
create or replace function kasalan.get_member_invitation(p_token text)
returns jsonb
language sql
stable security definer
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

revoke execute on function kasalan.get_member_invitation(p_token text) from public, anon;
grant execute on function kasalan.get_member_invitation(p_token text) to authenticated;

-- Accepts an invitation as the signed-in account, under p_display_name (else the account's name).
-- Returns {weddingId, role, side}. Raises member_invitation_not_found, invitation_used, invitation_revoked,
-- invitation_expired, invitation_wrong_account (addressed to another e-mail), already_member.
-- Two accounts accepting one link at once: the row lock lets only the first in. Granted to
-- authenticated.
create or replace function kasalan.accept_member_invitation(p_token text, p_display_name text default NULL::text)
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
    raise exception 'member_invitation_not_found';
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
    coalesce(v_name, kasalan_private.account_display_name(v_user_id), ''), v_invitation.created_by
  );
  update kasalan.member_invitations i
  set accepted_at = now(), accepted_by = v_user_id
  where i.id = v_invitation.id;
  return jsonb_build_object('weddingId', v_invitation.wedding_id, 'role', v_invitation.role, 'side', v_invitation.side);
end;
$$;

revoke execute on function kasalan.accept_member_invitation(p_token text, p_display_name text) from public, anon;
grant execute on function kasalan.accept_member_invitation(p_token text, p_display_name text) to authenticated;

-- Changes a member's role (and side). The owner and partner only (else wedding_not_found); the
-- owner's own role changes only by handing the wedding over (member_is_owner). Returns the member.
-- Granted to authenticated.
create or replace function kasalan.change_member_role(p_wedding_id uuid, p_user_id uuid, p_role text, p_side text default NULL::text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_side text;
  v_member kasalan.wedding_members;
begin
  perform kasalan_private.require(p_wedding_id, 'members');
  v_side := kasalan_private.member_side(p_role, p_side);
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
  return kasalan_private.member_json(v_member);
end;
$$;

revoke execute on function kasalan.change_member_role(p_wedding_id uuid, p_user_id uuid, p_role text, p_side text) from public, anon;
grant execute on function kasalan.change_member_role(p_wedding_id uuid, p_user_id uuid, p_role text, p_side text) to authenticated;

-- Removes a member: their very next call is refused. The owner and partner only (else
-- wedding_not_found); nobody removes the owner (member_is_owner). Granted to authenticated.
create or replace function kasalan.remove_member(p_wedding_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
begin
  perform kasalan_private.require(p_wedding_id, 'members');
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

revoke execute on function kasalan.remove_member(p_wedding_id uuid, p_user_id uuid) from public, anon;
grant execute on function kasalan.remove_member(p_wedding_id uuid, p_user_id uuid) to authenticated;

-- Leaves a wedding the signed-in account is a member of (wedding_not_found otherwise). The owner
-- hands the wedding over first (owner_cannot_leave). Granted to authenticated.
create or replace function kasalan.leave_wedding(p_wedding_id uuid)
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

revoke execute on function kasalan.leave_wedding(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.leave_wedding(p_wedding_id uuid) to authenticated;

-- Hands the wedding over to another member, who becomes its owner; the former owner stays as its
-- partner. The owner only (else wedding_not_found); member_not_found when p_user_id is not a
-- member. Granted to authenticated.
create or replace function kasalan.transfer_wedding_ownership(p_wedding_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'delete_wedding');
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

revoke execute on function kasalan.transfer_wedding_ownership(p_wedding_id uuid, p_user_id uuid) from public, anon;
grant execute on function kasalan.transfer_wedding_ownership(p_wedding_id uuid, p_user_id uuid) to authenticated;

-- A household's name as the activity shows it: its first person's full name, "+ N" for the others.
-- Helper of the triggers below; nobody calls it.
create or replace function kasalan_private.activity_household_name(p_household_id uuid)
returns text
language sql
stable security definer
set search_path = ''
as $$
  select left(
    btrim(first.first_name || ' ' || first.last_name)
      || case when n.total > 1 then ' + ' || (n.total - 1) else '' end,
    300
  )
  from (select count(*) as total from kasalan.persons p where p.household_id = p_household_id) n
  cross join lateral (
    select p.first_name, p.last_name from kasalan.persons p
    where p.household_id = p_household_id
    order by p.type = 'adult' desc, p.position, p.created_at, p.id
    limit 1
  ) first
$$;

revoke execute on function kasalan_private.activity_household_name(p_household_id uuid) from public, anon, authenticated;

-- Adds one activity entry for the signed-in account (or 'guest' when p_actor_kind says so;
-- nothing without either), under p_actor_name or their member name, with the household's
-- current name and side when p_household_id is given, else on p_household_side (an import whose
-- households share a side). Helper of the triggers below and of the imports.
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

-- This transaction's entry of one of p_actions on the wedding, whose details hold p_details (and
-- about p_household_id when given), locked for what the caller adds to it; null when there is none
-- yet. What many rows of one action make (an import's households, a reply's persons, a send to
-- many) is one entry: the first row adds it (add_activity), the next ones add to it through this.
-- Helper of the triggers below.
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

-- True when this transaction already recorded something about the household (so its persons,
-- replies of an import, and so on add nothing more). Helper of the triggers below.
create or replace function kasalan_private.activity_covers(p_household_id uuid, p_actions text[])
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from kasalan.wedding_activity a
    where a.xact = txid_current()
      and (a.household_id = p_household_id and a.action = any (p_actions)
        or a.action = 'households_imported' and a.details -> 'householdIds' ? p_household_id::text)
  )
$$;

revoke execute on function kasalan_private.activity_covers(p_household_id uuid, p_actions text[]) from public, anon, authenticated;

-- Households: added (several in one transaction make one households_imported entry), changed
-- (its own fields or its persons), deleted. Trigger function only; nobody calls it.
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

revoke execute on function kasalan_private.record_household_activity() from public, anon, authenticated;

-- Replies: one entry per household and transaction, listing each person's answer (with eventId
-- for a reply to an event other than the main one); a guest's own reply is the guest's. Replies
-- that come with an import are part of the import's entry. Trigger function only; nobody calls it.
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

revoke execute on function kasalan_private.record_reply_activity() from public, anon, authenticated;

-- Seating: a save that seats or unseats the persons of a few households makes one entry per
-- household ("seated Maria Santos at Table 3"); a save that moves more makes one seating_changed
-- entry with the counts. Moving tables alone is not recorded. Trigger function only.
create or replace function kasalan_private.record_seating_activity()
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
  -- Who sits where, before and after: [{householdId, personId, table}] for each person whose table changed.
  with
    before as (
      select s ->> 'personId' as person_id, s ->> 'householdId' as household_id, t ->> 'name' as table_name
      from jsonb_array_elements(coalesce(v_old -> 'seats', '[]'::jsonb)) s
      left join lateral (
        select t from jsonb_array_elements(coalesce(v_old -> 'tables', '[]'::jsonb)) t
        where t ->> 'id' = s ->> 'tableId' limit 1
      ) tt on true
      where s ->> 'personId' is not null
    ),
    after as (
      select s ->> 'personId' as person_id, s ->> 'householdId' as household_id, t ->> 'name' as table_name
      from jsonb_array_elements(coalesce(new.layout -> 'seats', '[]'::jsonb)) s
      left join lateral (
        select t from jsonb_array_elements(coalesce(new.layout -> 'tables', '[]'::jsonb)) t
        where t ->> 'id' = s ->> 'tableId' limit 1
      ) tt on true
      where s ->> 'personId' is not null
    )
  select coalesce(jsonb_agg(jsonb_build_object(
    'householdId', coalesce(a.household_id, b.household_id),
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
  if (select count(distinct c ->> 'householdId') from jsonb_array_elements(v_changes) c) > 5 then
    perform kasalan_private.add_activity(new.wedding_id, 'seating_changed', null, jsonb_build_object(
      'seated', (select count(*) from jsonb_array_elements(v_changes) c where c ->> 'table' is not null),
      'unseated', (select count(*) from jsonb_array_elements(v_changes) c where c ->> 'table' is null)
    ));
    return null;
  end if;

  for v_household in
    select (c ->> 'householdId')::uuid as household_id,
      jsonb_agg(jsonb_build_object('name', btrim(p.first_name || ' ' || p.last_name), 'table', c -> 'table')
        order by p.position) as persons,
      bool_or(c ->> 'table' is not null) as seated
    from jsonb_array_elements(v_changes) c
    join kasalan.persons p on p.id = (c ->> 'personId')::uuid and p.wedding_id = new.wedding_id
    join kasalan.households g on g.id = p.household_id
    group by 1
  loop
    perform kasalan_private.add_activity(
      new.wedding_id,
      case when v_household.seated then 'seated' else 'unseated' end,
      v_household.household_id,
      jsonb_build_object('persons', v_household.persons)
    );
  end loop;
  return null;
end;
$$;

revoke execute on function kasalan_private.record_seating_activity() from public, anon, authenticated;

-- Invitations sent: one entry per call (channel, kind, how many households). Trigger function only.
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

revoke execute on function kasalan_private.record_invitation_activity() from public, anon, authenticated;

-- Members: joined, removed or left, role changed, the wedding handed over; invitations created and
-- revoked. The owner a new wedding starts with is not news. Trigger function only.
create or replace function kasalan_private.record_member_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'member_invitations' then
    if tg_op = 'INSERT' then
      perform kasalan_private.add_activity(new.wedding_id, 'member_invited', null,
        jsonb_build_object('role', new.role, 'side', new.side));
    elsif old.revoked_at is null and new.revoked_at is not null then
      perform kasalan_private.add_activity(new.wedding_id, 'member_invitation_revoked', null,
        jsonb_build_object('role', new.role, 'side', new.side));
    end if;
    return null;
  end if;

  if tg_op = 'INSERT' then
    if new.role <> 'owner' then
      perform kasalan_private.add_activity(new.wedding_id, 'member_joined', null,
        jsonb_build_object('userId', new.user_id, 'name', new.display_name, 'role', new.role, 'side', new.side));
    end if;
  elsif tg_op = 'DELETE' then
    perform kasalan_private.add_activity(
      old.wedding_id,
      case when old.user_id = auth.uid() then 'member_left' else 'member_removed' end,
      null,
      jsonb_build_object('userId', old.user_id, 'name', old.display_name, 'role', old.role, 'side', old.side),
      null,
      case when old.user_id = auth.uid() then nullif(old.display_name, '') end
    );
  elsif new.role = 'owner' and old.role <> 'owner' then
    perform kasalan_private.add_activity(new.wedding_id, 'ownership_transferred', null,
      jsonb_build_object('userId', new.user_id, 'name', new.display_name));
  elsif old.role <> 'owner' and (old.role, old.side) is distinct from (new.role, new.side) then
    perform kasalan_private.add_activity(new.wedding_id, 'member_role_changed', null, jsonb_build_object(
      'userId', new.user_id, 'name', new.display_name, 'role', new.role, 'side', new.side,
      'previousRole', old.role, 'previousSide', old.side
    ));
  end if;
  return null;
end;
$$;

revoke execute on function kasalan_private.record_member_activity() from public, anon, authenticated;

-- The site published or taken down. Trigger function only; nobody calls it.
create or replace function kasalan_private.record_site_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.add_activity(new.id, case when new.is_published then 'site_published' else 'site_unpublished' end);
  return null;
end;
$$;

revoke execute on function kasalan_private.record_site_activity() from public, anon, authenticated;

-- An entry as list_activity and lastChange give it. Helper of the functions below; nobody calls it.
create or replace function kasalan_private.activity_json(p_entry kasalan.wedding_activity)
returns jsonb
language sql
stable security definer
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
    'householdId', p_entry.household_id,
    'householdName', p_entry.household_name,
    'details', p_entry.details - 'householdIds' - 'householdId'
  )
$$;

revoke execute on function kasalan_private.activity_json(p_entry kasalan.wedding_activity) from public, anon, authenticated;

-- The latest changes to a wedding, latest first: {entries, hasMore, actors}. p_before_at and
-- p_before_id continue after the last entry of the previous page; p_actor keeps one member's
-- entries. actors lists everyone who appears (for the filter). Any member may read it; a family
-- helper only the entries of their side's households. Raises wedding_not_found, invalid_input
-- (p_limit not 1–100). Called by the activity page; granted to authenticated.
create or replace function kasalan.list_activity(p_wedding_id uuid, p_before_at timestamp with time zone default NULL::timestamp with time zone, p_before_id uuid default NULL::uuid, p_actor uuid default NULL::uuid, p_limit integer default 50)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_entries jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'view');
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception 'invalid_input' using detail = 'limit must be 1 to 100';
  end if;

  select coalesce(jsonb_agg(kasalan_private.activity_json(e) order by e.at desc, e.id desc), '[]'::jsonb)
  into v_entries
  from (
    select a.* from kasalan.wedding_activity a
    left join kasalan.households g on g.id = a.household_id
    where a.wedding_id = p_wedding_id
      and kasalan_private.can_see_household(p_wedding_id, coalesce(g.relationship_side, a.household_side))
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

revoke execute on function kasalan.list_activity(p_wedding_id uuid, p_before_at timestamp with time zone, p_before_id uuid, p_actor uuid, p_limit integer) from public, anon;
grant execute on function kasalan.list_activity(p_wedding_id uuid, p_before_at timestamp with time zone, p_before_id uuid, p_actor uuid, p_limit integer) to authenticated;

-- Whether the signed-in account ever joined a wedding through a member invitation (one it
-- accepted is kept while that wedding exists, even after the account left or was removed).
-- Management does not ask such an account to create a wedding when it belongs to none. Called by
-- the session; granted to authenticated.
create or replace function kasalan.has_joined_a_wedding()
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select (select auth.uid()) is not null and exists (
    select 1 from kasalan.member_invitations i where i.accepted_by = (select auth.uid())
  )
$$;

revoke execute on function kasalan.has_joined_a_wedding() from public, anon;
grant execute on function kasalan.has_joined_a_wedding() to authenticated;

-- =============================================================================================
-- Triggers
-- =============================================================================================

create constraint trigger households_record_activity after insert
  on kasalan.households
  deferrable initially deferred
  for each row
  when (current_setting('kasalan.importing'::text, true) IS DISTINCT FROM 'on'::text)
  execute function kasalan_private.record_household_activity();

-- Only the household's own fields: codes, messages and sending times are not a change of it.
create constraint trigger households_record_changed_activity after update
  on kasalan.households
  deferrable initially deferred
  for each row
  when (old.email IS DISTINCT FROM new.email or old.phone IS DISTINCT FROM new.phone or old.address IS DISTINCT FROM new.address or old.relationship_side IS DISTINCT FROM new.relationship_side or old.relationship_type IS DISTINCT FROM new.relationship_type or old.notes IS DISTINCT FROM new.notes)
  execute function kasalan_private.record_household_activity();

create trigger households_record_deleted_activity before delete
  on kasalan.households
  for each row
  execute function kasalan_private.record_household_activity();

create constraint trigger invitation_sends_record_activity after insert
  on kasalan.invitation_sends
  deferrable initially deferred
  for each row
  execute function kasalan_private.record_invitation_activity();

create trigger member_invitations_record_activity after insert or update
  on kasalan.member_invitations
  for each row
  execute function kasalan_private.record_member_activity();

create constraint trigger persons_record_activity after insert or delete
  on kasalan.persons
  deferrable initially deferred
  for each row
  when (current_setting('kasalan.importing'::text, true) IS DISTINCT FROM 'on'::text)
  execute function kasalan_private.record_household_activity();

-- Only who the person is: replies and e-mail history are not a change of the household.
create constraint trigger persons_record_changed_activity after update
  on kasalan.persons
  deferrable initially deferred
  for each row
  when (old.first_name IS DISTINCT FROM new.first_name or old.last_name IS DISTINCT FROM new.last_name or old.type IS DISTINCT FROM new.type or old.title IS DISTINCT FROM new.title or old.suffix IS DISTINCT FROM new.suffix or old.notes IS DISTINCT FROM new.notes or old."position" IS DISTINCT FROM new."position" or old.known_as IS DISTINCT FROM new.known_as or old.maiden_name IS DISTINCT FROM new.maiden_name)
  execute function kasalan_private.record_household_activity();

create constraint trigger rsvp_changes_record_activity after insert
  on kasalan.rsvp_changes
  deferrable initially deferred
  for each row
  when (current_setting('kasalan.importing'::text, true) IS DISTINCT FROM 'on'::text)
  execute function kasalan_private.record_reply_activity();

create constraint trigger seating_layouts_record_activity after insert or update
  on kasalan.seating_layouts
  deferrable initially deferred
  for each row
  execute function kasalan_private.record_seating_activity();

create trigger wedding_members_record_activity after insert or delete or update
  on kasalan.wedding_members
  for each row
  execute function kasalan_private.record_member_activity();

create trigger weddings_record_activity after update
  on kasalan.weddings
  for each row
  when (old.is_published IS DISTINCT FROM new.is_published)
  execute function kasalan_private.record_site_activity();

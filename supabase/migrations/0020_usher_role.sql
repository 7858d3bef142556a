-- The usher role: a member who only checks guests in at the door (names, tables, arrivals; never
-- contact details, answers, messages or money). can(wedding, 'checkin') is the owner, partner,
-- coordinator and usher; view and households, every other member's, are false for an usher, and
-- the households an usher may read through the row policies are none. The check-in itself is
-- 0019_checkin.sql. The current definitions live in supabase/schemas/01_core.sql, 02_households.sql
-- and 07_members.sql.

alter table kasalan.wedding_members drop constraint wedding_members_role_check;
alter table kasalan.wedding_members add constraint wedding_members_role_check check (role in ('owner', 'partner', 'coordinator', 'family_helper', 'usher'));

alter table kasalan.member_invitations drop constraint member_invitations_role_check;
alter table kasalan.member_invitations add constraint member_invitations_role_check check (role in ('partner', 'coordinator', 'family_helper', 'usher'));

-- True when the signed-in account may do p_capability on the wedding, asked on every call:
--   view           any member but an usher
--   households     any member but an usher (a family helper only on their side: see can_see_household)
--   guests, rsvps, seating, invitations
--                  owner, partner, coordinator (the whole guest list, replies, seating, invitations)
--   site, members  owner, partner (the website, its content and settings; who has access)
--   plan           owner, partner, coordinator (the checklist and the suppliers, money aside)
--   money          owner, partner; the coordinator too when the couple allows it
--                  (weddings.coordinator_sees_money): budget, payments, gift amounts
--   delete_wedding owner (also handing the wedding over)
--   checkin        owner, partner, coordinator, usher (the door: names, tables, arrivals)
-- An usher does only the check-in: view and households are false for them, so every screen and
-- call of the guest list, replies, invitations, plan and members refuses them.
-- Any other capability is false. Called by policies and functions; granted to authenticated.
create or replace function kasalan_private.can(p_wedding_id uuid, p_capability text)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select coalesce((
    select case
      when p_capability in ('view', 'households') then m.role <> 'usher'
      when p_capability in ('guests', 'rsvps', 'seating', 'invitations', 'plan')
        then m.role in ('owner', 'partner', 'coordinator')
      when p_capability in ('site', 'members') then m.role in ('owner', 'partner')
      when p_capability = 'money'
        then m.role in ('owner', 'partner') or (m.role = 'coordinator' and w.coordinator_sees_money)
      when p_capability = 'delete_wedding' then m.role = 'owner'
      when p_capability = 'checkin' then m.role in ('owner', 'partner', 'coordinator', 'usher')
      else false
    end
    from kasalan.wedding_members m
    join kasalan.weddings w on w.id = m.wedding_id
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  ), false)
$$;

revoke execute on function kasalan_private.can(p_wedding_id uuid, p_capability text) from public, anon;
grant execute on function kasalan_private.can(p_wedding_id uuid, p_capability text) to authenticated;

-- True when the signed-in account may see and edit a household of this side: every member but a
-- family helper sees all; a family helper only households of their own side; an usher none (the
-- door's list comes from get_checkin_roster, without contact details). Called by policies and the
-- household trigger; granted to authenticated.
create or replace function kasalan_private.can_see_household(p_wedding_id uuid, p_side text)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select coalesce((
    select m.role <> 'usher' and (m.role <> 'family_helper' or m.side = p_side)
    from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  ), false)
$$;

revoke execute on function kasalan_private.can_see_household(p_wedding_id uuid, p_side text) from public, anon;
grant execute on function kasalan_private.can_see_household(p_wedding_id uuid, p_side text) to authenticated;

-- Who last changed each household of a wedding that the caller may see, for the guest list: the
-- latest entry about it, else who added it (an import's households): rows of (household_id, change
-- {actorKind, actorName, isMe, action, at}). Nothing for a wedding the caller is not a member of,
-- nor for an usher; a family helper gets their side only. One pass over the wedding's entries, not
-- one per household. Helper of list_households; granted to authenticated.
create or replace function kasalan_private.household_last_changes(p_wedding_id uuid)
returns table (household_id uuid, change jsonb)
language sql
stable security definer
set search_path = ''
as $$
  with
    me as (
      select m.role, m.side from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
    ),
    latest as (
      select distinct on (a.household_id) a.household_id, a.actor_kind, a.actor_user, a.actor_name, a.action, a.at
      from kasalan.wedding_activity a
      where a.wedding_id = p_wedding_id and a.household_id is not null
      order by a.household_id, a.at desc, a.id desc
    )
  select g.id, jsonb_build_object(
    'actorKind', coalesce(l.actor_kind, 'member'),
    'actorName', case
      when l.household_id is not null and l.actor_user is null then l.actor_name
      else coalesce(nullif(am.display_name, ''), l.actor_name, kasalan.account_display_name(g.user_id), '')
    end,
    'isMe', coalesce(l.actor_user, case when l.household_id is null then g.user_id end) is not distinct from (select auth.uid()),
    'action', coalesce(l.action, 'household_added'),
    'at', coalesce(l.at, g.created_at)
  )
  from kasalan.households g
  cross join me
  left join latest l on l.household_id = g.id
  left join kasalan.wedding_members am
    on am.wedding_id = g.wedding_id and am.user_id = case when l.household_id is null then g.user_id else l.actor_user end
  where g.wedding_id = p_wedding_id
    and me.role <> 'usher'
    and (me.role <> 'family_helper' or me.side = g.relationship_side)
$$;

revoke execute on function kasalan_private.household_last_changes(p_wedding_id uuid) from public, anon;
grant execute on function kasalan_private.household_last_changes(p_wedding_id uuid) to authenticated;

-- Checks a role and side pair for a member who is not the owner; returns the side to store.
-- Helper of the functions below; nobody calls it.
create or replace function kasalan.member_side(p_role text, p_side text)
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

revoke execute on function kasalan.member_side(p_role text, p_side text) from public, anon, authenticated;

drop policy "Weddings can be read by their members" on kasalan.weddings;
create policy "Weddings can be read by their members"
  on kasalan.weddings for select to authenticated
  using ((kasalan_private.can(id, 'view') or kasalan_private.can(id, 'checkin') or ((user_id = ( select auth.uid() as uid)) and (not kasalan_private.wedding_has_members(id)))));

-- Planning's two capabilities: `plan` (the checklist and the suppliers) for the owner, partner and
-- coordinator, and `money` (budget, payments, gift amounts) for the owner and partner, and for the
-- coordinator when the couple allows it. Management reads whether the caller sees the money from
-- get_my_wedding. The current definitions live in supabase/schemas/01_core.sql.

alter table kasalan.weddings add column coordinator_sees_money boolean not null default false;

-- True when the signed-in account may do p_capability on the wedding, asked on every call:
--   view           any member
--   households     any member (a family helper only on their side: see can_see_household)
--   guests, rsvps, seating, invitations
--                  owner, partner, coordinator (the whole guest list, replies, seating, invitations)
--   site, members  owner, partner (the website, its content and settings; who has access)
--   plan           owner, partner, coordinator (the checklist and the suppliers, money aside)
--   money          owner, partner; the coordinator too when the couple allows it
--                  (weddings.coordinator_sees_money): budget, payments, gift amounts
--   delete_wedding owner (also handing the wedding over)
-- Any other capability is false. Called by policies and functions; granted to authenticated.
create or replace function kasalan_private.can(p_wedding_id uuid, p_capability text)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select coalesce((
    select case
      when p_capability in ('view', 'households') then true
      when p_capability in ('guests', 'rsvps', 'seating', 'invitations', 'plan')
        then m.role in ('owner', 'partner', 'coordinator')
      when p_capability in ('site', 'members') then m.role in ('owner', 'partner')
      when p_capability = 'money'
        then m.role in ('owner', 'partner') or (m.role = 'coordinator' and w.coordinator_sees_money)
      when p_capability = 'delete_wedding' then m.role = 'owner'
      else false
    end
    from kasalan.wedding_members m
    join kasalan.weddings w on w.id = m.wedding_id
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  ), false)
$$;

revoke execute on function kasalan_private.can(p_wedding_id uuid, p_capability text) from public, anon;
grant execute on function kasalan_private.can(p_wedding_id uuid, p_capability text) to authenticated;

-- The wedding management opens, in the Wedding shape with the caller's role and side: p_wedding_id
-- when the caller is one of its members, else the first of theirs (the one they own first); null
-- when they belong to none. Called by management's wedding gate; granted to authenticated.
create or replace function kasalan.get_my_wedding(p_wedding_id uuid default NULL::uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select kasalan_private.wedding_json(w) || jsonb_build_object(
    'myRole', m.role,
    'mySide', m.side,
    'coordinatorSeesMoney', w.coordinator_sees_money,
    'seesMoney', kasalan_private.can(w.id, 'money')
  )
  from kasalan_private.my_membership(p_wedding_id) m
  join kasalan.weddings w on w.id = m.wedding_id
$$;

revoke execute on function kasalan.get_my_wedding(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.get_my_wedding(p_wedding_id uuid) to authenticated;

-- Kasalan: each member sees the true invitation state of the households they see.
--
-- The guest list shows each household's invitation state from list_invitation_states (0022), which
-- asked the 'invitations' capability: a family helper was refused, and their list read "Not
-- invited" for households that had been invited, had opened their link and had answered. A helper
-- who follows up with relatives by that column would chase people who already answered.
--
-- Any member may now read the states of the households they may see, and only those: a family
-- helper their own side's (kasalan_private.can_see_household, the rule of the guests table's
-- policies), everyone else the whole list. What comes back is the state and when it got there
-- (invited when and through which channel, opened when), never a code, link or token: those stay
-- with list_invitations and the 'invitations' capability.

-- Each household's invitation state as the guest list and the RSVPs tab show it, only for the
-- households past "not invited" and that the caller may see: [{guestId, state, invitedAt,
-- invitedVia, openedAt}], computed as invitation_json computes them. wedding_not_found unless the
-- caller is a member of the wedding. Security definer (the sends are not readable as a table);
-- granted to authenticated.
create or replace function kasalan.list_invitation_states(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- Those who keep the whole list see every household; the check per household is for the rest.
  v_sees_all boolean;
begin
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'households') then
    raise exception 'wedding_not_found';
  end if;
  v_sees_all := kasalan_private.can(p_wedding_id, 'guests');

  return coalesce(
    (
      with
        first_sends as (
          select distinct on (x.guest_id) x.guest_id, x.sent_at, x.channel
          from kasalan.invitation_sends x
          where x.wedding_id = p_wedding_id
          order by x.guest_id, x.sent_at, x.id
        ),
        answered as (
          select distinct p.guest_id
          from kasalan.persons p
          where p.wedding_id = p_wedding_id and p.is_attending is not null
        )
      select jsonb_agg(
        jsonb_build_object(
          'guestId', g.id,
          'state', case
            when a.guest_id is not null then 'answered'
            when g.invitation_opened_at is not null then 'opened'
            else 'invited'
          end,
          'invitedAt', s.sent_at,
          'invitedVia', s.channel,
          'openedAt', g.invitation_opened_at
        )
        order by g.created_at, g.id
      )
      from kasalan.guests g
      left join first_sends s on s.guest_id = g.id
      left join answered a on a.guest_id = g.id
      where g.wedding_id = p_wedding_id
        and (s.guest_id is not null or a.guest_id is not null or g.invitation_opened_at is not null)
        and (v_sees_all or kasalan_private.can_see_household(g.wedding_id, g.relationship_side))
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.list_invitation_states(uuid) from public, anon;
grant execute on function kasalan.list_invitation_states(uuid) to authenticated;

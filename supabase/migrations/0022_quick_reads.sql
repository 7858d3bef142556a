-- Reading 2,000 households quickly (issue 18): the guest list in one pass, and two small reads
-- that let the guest list and the RSVPs tab show from the shared list instead of reading every
-- household again (list_invitations is 1 MB and list_rsvps 1.3 MB at that size).

-- =============================================================================================
-- The guest list
-- =============================================================================================

-- As in 0019 (the Household shape of household_json, with lastChange), built in one pass: the
-- persons are grouped once for the whole wedding instead of one subquery per household, which took
-- about a third of the call at 2,000 households. Still security invoker: RLS decides which
-- households and persons the caller reads. Granted to authenticated.
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
        jsonb_build_object(
          'id', g.id,
          'weddingId', g.wedding_id,
          'userId', g.user_id,
          'createdAt', g.created_at,
          'email', g.email,
          'phone', g.phone,
          'address', g.address,
          'relationshipSide', g.relationship_side,
          'relationshipType', g.relationship_type,
          'notes', g.notes,
          'persons', coalesce(p.persons, '[]'::jsonb),
          'lastChange', c.change
        )
        order by g.created_at, g.id
      )
      from kasalan.guests g
      left join (
        select p.guest_id, jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'guestId', p.guest_id,
            'userId', p.user_id,
            'firstName', p.first_name,
            'lastName', p.last_name,
            'type', p.type,
            'title', p.title,
            'suffix', p.suffix,
            'notes', p.notes,
            'emailHistory', p.email_history,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'position', p.position
          )
          order by p.position, p.created_at, p.id
        ) as persons
        from kasalan.persons p
        where p.wedding_id = p_wedding_id
        group by p.guest_id
      ) p on p.guest_id = g.id
      left join kasalan.household_last_changes(p_wedding_id) c on c.guest_id = g.id
      where g.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

-- =============================================================================================
-- What the RSVPs tab adds to the guest list
-- =============================================================================================

-- What the RSVPs tab shows beside the guest list's replies, only where there is something:
-- {messages: [{guestId, message, messageAt}], recorded: [{personId, recordedBy, recordedByName}]}
-- (recordedByName as in list_rsvps: another member who recorded the reply, else null). Security
-- definer so that the wedding's rows are read once rather than each checked by RLS; it checks
-- itself that the caller may see the wedding's replies (the owner, the partner, a coordinator: all
-- of the wedding's households) and raises wedding_not_found otherwise. Granted to authenticated.
create function kasalan.list_rsvp_details(p_wedding_id uuid)
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
    'messages', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object('guestId', g.id, 'message', g.rsvp_message, 'messageAt', g.rsvp_message_at)
          order by g.created_at, g.id
        )
        from kasalan.guests g
        where g.wedding_id = p_wedding_id
          and (g.rsvp_message is not null or g.rsvp_message_at is not null)
      ),
      '[]'::jsonb
    ),
    'recorded', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'personId', p.id,
            'recordedBy', p.rsvp_recorded_by,
            'recordedByName', case when p.rsvp_recorded_by = 'couple' then kasalan.rsvp_recorded_by_name(p.id) end
          )
          order by p.id
        )
        from kasalan.persons p
        where p.wedding_id = p_wedding_id
          and p.rsvp_recorded_by is not null
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan.list_rsvp_details(uuid) from public, anon;
grant execute on function kasalan.list_rsvp_details(uuid) to authenticated;

-- =============================================================================================
-- Invitation states
-- =============================================================================================

-- Each household's invitation state as the guest list and the RSVPs tab show it, only for the
-- households past "not invited": [{guestId, state, invitedAt, invitedVia, openedAt}], computed as
-- invitation_json computes them. Security definer like list_invitations, with the same check
-- (wedding_not_found unless the caller may send the wedding's invitations). Granted to
-- authenticated.
create function kasalan.list_invitation_states(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'invitations') then
    raise exception 'wedding_not_found';
  end if;

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
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.list_invitation_states(uuid) from public, anon;
grant execute on function kasalan.list_invitation_states(uuid) to authenticated;

-- 0018: the stricter privacy setting of issue 12. With weddings.rsvp_requires_code on, guests reach
-- their RSVP only with their household's invitation link or code: the public name search is
-- refused, and get_rsvp / submit_rsvp refuse a visitor without a valid code. The couple (and
-- whoever manages the wedding) keep every way in. Off by default: today's name search stays.

alter table kasalan.weddings
  add column rsvp_requires_code boolean not null default false;

-- How the caller may see and change a household's reply (0009's helper, same answers), now raising
-- invitation_code_required instead of answering 'guest_search' when the wedding needs the code.
-- Helper of the public calls get_rsvp and submit_rsvp; nobody else may call it.
create or replace function kasalan.rsvp_access(p_wedding kasalan.weddings, p_guest_id uuid, p_code text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is not null and p_wedding.user_id = (select auth.uid()) then
    return 'couple';
  end if;
  if (select auth.uid()) is not null and kasalan.can_manage(p_wedding.id) then
    return 'member';
  end if;
  if p_code is not null and exists (
    select 1 from kasalan.guests g
    where g.id = p_guest_id
      and g.invitation_code = upper(regexp_replace(left(p_code, 40), '[^A-Za-z0-9]', '', 'g'))
  ) then
    return 'guest_code';
  end if;
  if p_wedding.rsvp_requires_code then
    raise exception 'invitation_code_required';
  end if;
  return 'guest_search';
end;
$$;

revoke execute on function kasalan.rsvp_access(kasalan.weddings, uuid, text) from public, anon, authenticated;

-- A visitor's name search on one wedding site (0009's call, same answers), refused with
-- invitation_code_required when the wedding needs the invitation code: nobody can list the guest
-- list by typing names. Whoever manages the wedding may still search it. Granted to anon and
-- authenticated.
create or replace function kasalan.search_guests(p_slug text, p_query text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_wedding_id uuid;
  v_published boolean;
  v_manages boolean;
  v_requires_code boolean;
begin
  select w.id, w.is_published, kasalan.can_manage(w.id), w.rsvp_requires_code
  into v_wedding_id, v_published, v_manages, v_requires_code
  from kasalan.weddings w
  where w.slug = p_slug;
  if not found or not (v_published or v_manages) then
    return jsonb_build_object('status', 'none', 'matches', '[]'::jsonb);
  end if;
  if not v_manages then
    if v_requires_code then
      raise exception 'invitation_code_required';
    end if;
    perform kasalan.rate_limit(v_wedding_id, 'search');
  end if;
  return kasalan.search_persons(v_wedding_id, p_query);
end;
$$;

revoke execute on function kasalan.search_guests(text, text) from public;
grant execute on function kasalan.search_guests(text, text) to anon, authenticated;

-- Turns the stricter privacy setting on or off; returns the setting now in force. Raises
-- wedding_not_found unless the caller manages the wedding. Called from the RSVPs tab's settings;
-- granted to authenticated.
create function kasalan.set_rsvp_requires_code(p_wedding_id uuid, p_required boolean)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  if p_required is null then
    raise exception 'invalid_input';
  end if;
  update kasalan.weddings set rsvp_requires_code = p_required where id = p_wedding_id;
  return p_required;
end;
$$;

revoke execute on function kasalan.set_rsvp_requires_code(uuid, boolean) from public, anon;
grant execute on function kasalan.set_rsvp_requires_code(uuid, boolean) to authenticated;

-- Whether the wedding needs the invitation code to RSVP, for the RSVPs tab's settings. Raises
-- wedding_not_found unless the caller may see the RSVPs (owner, partner, coordinator: 0012_members).
-- Granted to authenticated.
create function kasalan.get_rsvp_requires_code(p_wedding_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_required boolean;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'rsvps') then
    raise exception 'wedding_not_found';
  end if;
  select w.rsvp_requires_code into v_required from kasalan.weddings w where w.id = p_wedding_id;
  return v_required;
end;
$$;

revoke execute on function kasalan.get_rsvp_requires_code(uuid) from public, anon;
grant execute on function kasalan.get_rsvp_requires_code(uuid) to authenticated;

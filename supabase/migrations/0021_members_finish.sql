-- 0021: the last gaps of members (issue 13).
--
-- 1. weddings.user_id is the account that created the wedding, and only that: it never changes
--    (protect_row_identity) and says nothing about who owns the wedding now. The owner is the
--    member with role 'owner' (0012). An account may therefore create another wedding once it owns
--    none (after handing its wedding over): the one-wedding-per-creator index goes, and every
--    function that read user_id as "the owner" or "the caller's own" asks the membership instead.
-- 2. Whether an account came in as a helper is answered by the database (has_joined_a_wedding),
--    not only by a mark written at sign-up.
-- 3. save_household answers with lastChange, as list_guests gives it, so a saved household shows
--    who changed it at once.

-- =============================================================================================
-- 1. More than one created wedding per account
-- =============================================================================================

drop index kasalan.weddings_user_id_key;
-- Deleting an account still cascades through user_id: keep it indexed.
create index weddings_user_id_idx on kasalan.weddings (user_id);

-- 0009's create_my_wedding, for an account that may have created weddings before. Creates the
-- signed-in couple's wedding with the default website sections, or returns the one the account
-- owns now (a member with role owner). An account that handed its wedding over owns none and gets
-- a new one. Calls of one account are serialised by a transaction lock, so two at once make one
-- wedding. Called at sign-up and by management; granted to authenticated.
create or replace function kasalan.create_my_wedding(p_bride jsonb, p_groom jsonb, p_date date default null)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_wedding kasalan.weddings;
  v_bride jsonb;
  v_groom jsonb;
  v_couple text;
  v_constraint text;
  v_attempt integer := 0;
begin
  if v_user_id is null then
    raise exception 'not_authenticated';
  end if;

  -- The same couple signing up twice at once: the second call waits, then finds the first's.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('kasalan.create_my_wedding:' || v_user_id::text, 0));
  select w.* into v_wedding
  from kasalan.my_membership(null) m
  join kasalan.weddings w on w.id = m.wedding_id
  where m.role = 'owner';
  if found then
    return kasalan.wedding_json(v_wedding);
  end if;

  if jsonb_typeof(p_bride) is distinct from 'object' or jsonb_typeof(p_groom) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'bride and groom must be objects';
  end if;
  v_bride := jsonb_build_object(
    'firstName', kasalan.json_text(p_bride, 'firstName', 100),
    'lastName', kasalan.json_text(p_bride, 'lastName', 100)
  );
  v_groom := jsonb_build_object(
    'firstName', kasalan.json_text(p_groom, 'firstName', 100),
    'lastName', kasalan.json_text(p_groom, 'lastName', 100)
  );
  if v_bride ->> 'firstName' is null or v_bride ->> 'lastName' is null
    or v_groom ->> 'firstName' is null or v_groom ->> 'lastName' is null
  then
    raise exception 'invalid_input' using detail = 'bride and groom need a first and last name';
  end if;
  v_couple := kasalan.couple_title(v_bride ->> 'firstName', v_groom ->> 'firstName');

  -- Two couples may pick the same free slug at once; the loser of the race takes the next one.
  loop
    v_attempt := v_attempt + 1;
    begin
      insert into kasalan.weddings (user_id, slug, title, bride, groom, date)
      values (
        v_user_id,
        kasalan.unique_wedding_slug(v_bride ->> 'firstName', v_groom ->> 'firstName'),
        v_couple, v_bride, v_groom, p_date
      )
      returning * into v_wedding;
      exit;
    exception when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint <> 'weddings_slug_key' or v_attempt >= 5 then
        raise;
      end if;
    end;
  end loop;
  insert into kasalan.sections (user_id, wedding_id, type, label, title, path, visible, data, order_index)
  select v_user_id, v_wedding.id, d.type, d.label, d.title, d.type, d.visible, d.data, d.order_index
  from (
    values
      ('home', 'Home', v_couple, true,
        jsonb_build_object(
          'bride', v_bride,
          'groom', v_groom,
          'wedding', jsonb_build_object(
            'date', p_date,
            'location', jsonb_build_object('venue', '', 'city', '', 'country', 'Philippines'),
            'hashtag', ''
          ),
          'stories', '[]'::jsonb
        ), 0),
      ('our-story', 'Our Story', 'Ang Aming Kuwento', false, '{}'::jsonb, 1),
      ('schedule', 'Schedule', 'Pagtitipon', true, '{}'::jsonb, 2),
      ('travel', 'Travel', 'Tuluyan', true, '{}'::jsonb, 3),
      ('wedding-party', 'Wedding Party', 'Gabay', true, '{}'::jsonb, 4),
      ('gallery', 'Gallery', 'Larawan', false, '{}'::jsonb, 5),
      ('things-to-do', 'Things to Do', 'Pasyalan at Kainan', true, '{}'::jsonb, 6),
      ('registry', 'Registry', 'Handog', true, '{}'::jsonb, 7),
      ('faqs', 'FAQs', 'Katanungan', true, '{}'::jsonb, 8),
      ('rsvp', 'RSVP', 'RSVP', true, '{}'::jsonb, 9)
  ) as d(type, label, title, visible, data, order_index);

  return kasalan.wedding_json(v_wedding);
end;
$$;

-- 0018's rsvp_access, same answers, with 'couple' for the wedding's owner now (the member with role
-- owner) rather than the account that created it. Helper of the public calls get_rsvp and
-- submit_rsvp; nobody else may call it.
create or replace function kasalan.rsvp_access(p_wedding kasalan.weddings, p_guest_id uuid, p_code text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is not null and exists (
    select 1 from kasalan.wedding_members m
    where m.wedding_id = p_wedding.id and m.user_id = (select auth.uid()) and m.role = 'owner'
  ) then
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

-- 0009's rsvp_manager_kind: 'couple' for the wedding's owner now (role owner), 'member' for
-- anyone else who manages it. Helper of the reply functions; nobody else may call it.
create or replace function kasalan.rsvp_manager_kind(p_wedding_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when exists (
      select 1 from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid()) and m.role = 'owner'
    ) then 'couple'
    else 'member'
  end
$$;

revoke execute on function kasalan.rsvp_manager_kind(uuid) from public, anon, authenticated;

-- 0008's media_readable: a file is readable when its wedding is published, or by the wedding's
-- members (before: by the account that created the wedding, even after it left). Used by the
-- storage policies; granted to anon and authenticated.
create or replace function kasalan.media_readable(p_path text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from kasalan.weddings w
    where w.id = kasalan.media_wedding_id(p_path)
      and (w.is_published or kasalan.can(w.id, 'view'))
  )
$$;

revoke execute on function kasalan.media_readable(text) from public;
grant execute on function kasalan.media_readable(text) to anon, authenticated;

-- 0007's slug_status: 'available' also for a slug (current or earlier) of a wedding the caller
-- manages (owner or partner), rather than one the caller created. Called by check_wedding_slug
-- and change_wedding_slug.
create or replace function kasalan.slug_status(p_slug text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_wedding_id uuid;
begin
  if p_slug is null or char_length(p_slug) not between 3 and 63
    or p_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or kasalan.is_reserved_slug(p_slug)
  then
    return 'not_allowed';
  end if;
  select w.id into v_wedding_id from kasalan.weddings w where w.slug = p_slug;
  if not found then
    select o.wedding_id into v_wedding_id from kasalan.wedding_old_slugs o where o.slug = p_slug;
    if not found then
      return 'available';
    end if;
  end if;
  return case when (select auth.uid()) is not null and kasalan.can_manage(v_wedding_id) then 'available' else 'taken' end;
end;
$$;

-- =============================================================================================
-- 2. An account that came in as a helper
-- =============================================================================================

-- Whether the signed-in account ever joined a wedding through a member invitation (one it
-- accepted is kept while that wedding exists, even after the account left or was removed).
-- Management does not ask such an account to create a wedding when it belongs to none. Called by
-- the session; granted to authenticated.
create function kasalan.has_joined_a_wedding()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select auth.uid()) is not null and exists (
    select 1 from kasalan.member_invitations i where i.accepted_by = (select auth.uid())
  )
$$;

revoke execute on function kasalan.has_joined_a_wedding() from public, anon;
grant execute on function kasalan.has_joined_a_wedding() to authenticated;

-- =============================================================================================
-- 3. save_household answers with lastChange
-- =============================================================================================

-- 0012's save_household keeps its body under this name; save_household (below) wraps it. Nobody
-- calls it but save_household.
alter function kasalan.save_household(uuid, jsonb) rename to write_household;
revoke execute on function kasalan.write_household(uuid, jsonb) from public, anon, authenticated;

-- What the activity triggers count as a change of a household (0019): its own fields and who its
-- persons are. Null when there is no such household. Helper of save_household; nobody calls it.
create function kasalan.household_watched_fields(p_guest_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_array(
    g.email, g.phone, g.address, g.relationship_side, g.relationship_type, g.notes,
    (
      select coalesce(jsonb_agg(
        jsonb_build_array(p.id, p.first_name, p.last_name, p.type, p.title, p.suffix, p.notes, p.position)
        order by p.id
      ), '[]'::jsonb)
      from kasalan.persons p where p.guest_id = g.id
    )
  )
  from kasalan.guests g
  where g.id = p_guest_id
$$;

revoke execute on function kasalan.household_watched_fields(uuid) from public, anon, authenticated;

-- Saves a household as before (write_household: same checks, codes and answers) and adds
-- lastChange, as list_guests gives it. The activity entry of this save is written at commit, so
-- when the save changed the household its lastChange is the caller's, now; a save that changed
-- nothing answers the latest entry. Granted to authenticated.
create function kasalan.save_household(p_wedding_id uuid, p_household jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_guest_id uuid;
  v_before jsonb;
  v_saved jsonb;
  v_change jsonb;
  v_name text;
begin
  if not kasalan.can(p_wedding_id, 'households') then
    raise exception 'wedding_not_found';
  end if;
  if jsonb_typeof(p_household) = 'object' and jsonb_typeof(p_household -> 'id') = 'string' then
    v_guest_id := kasalan.json_uuid(p_household, 'id');
    if exists (select 1 from kasalan.guests g where g.id = v_guest_id and g.wedding_id = p_wedding_id) then
      v_before := kasalan.household_watched_fields(v_guest_id);
    end if;
  end if;

  v_saved := kasalan.write_household(p_wedding_id, p_household);
  v_guest_id := (v_saved ->> 'id')::uuid;

  if v_before is distinct from kasalan.household_watched_fields(v_guest_id) then
    select nullif(m.display_name, '') into v_name from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid());
    v_change := jsonb_build_object(
      'actorKind', 'member',
      'actorName', coalesce(v_name, kasalan.account_display_name((select auth.uid())), ''),
      'isMe', true,
      'action', case when v_before is null then 'household_added' else 'household_changed' end,
      'at', now()
    );
  else
    select c.change into v_change from kasalan.household_last_changes(p_wedding_id) c where c.guest_id = v_guest_id;
  end if;
  return v_saved || jsonb_build_object('lastChange', v_change);
end;
$$;

revoke execute on function kasalan.save_household(uuid, jsonb) from public, anon;
grant execute on function kasalan.save_household(uuid, jsonb) to authenticated;

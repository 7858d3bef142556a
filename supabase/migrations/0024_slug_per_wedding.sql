-- Kasalan: a site address is "available" only for the wedding it belongs to.
--
-- Since 0021 an account may manage two weddings (a former owner who planned another). slug_status
-- answered "available" for an address of any wedding the caller manages, so the builder of one
-- wedding offered the other's address, and change_wedding_slug gave one wedding an earlier address
-- of the other, taking over its old links. The check now names the wedding whose address changes.

-- Whether p_slug may become p_wedding_id's address: 'not_allowed' (shape or reserved word),
-- 'available' (unused, or this wedding's own, now or before, and the caller manages it) or
-- 'taken'. A null p_wedding_id means any wedding the caller manages (0021's answer, kept by the
-- one-argument form below). Security definer because it must see other couples' slugs, and
-- answers nothing else about them. Called by check_wedding_slug and change_wedding_slug; granted
-- to authenticated.
create function kasalan.slug_status(p_slug text, p_wedding_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_owner uuid;
begin
  if p_slug is null or char_length(p_slug) not between 3 and 63
    or p_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or kasalan.is_reserved_slug(p_slug)
  then
    return 'not_allowed';
  end if;
  select w.id into v_owner from kasalan.weddings w where w.slug = p_slug;
  if not found then
    select o.wedding_id into v_owner from kasalan.wedding_old_slugs o where o.slug = p_slug;
    if not found then
      return 'available';
    end if;
  end if;
  return case
    when (p_wedding_id is null or v_owner = p_wedding_id)
      and (select auth.uid()) is not null and kasalan.can_manage(v_owner) then 'available'
    else 'taken'
  end;
end;
$$;

revoke execute on function kasalan.slug_status(text, uuid) from public, anon;
grant execute on function kasalan.slug_status(text, uuid) to authenticated;

-- 0021's one-argument form, now the two-argument one for any wedding the caller manages: one body
-- for both. Still called by 0007's check_wedding_slug(text).
create or replace function kasalan.slug_status(p_slug text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select kasalan.slug_status(p_slug, null)
$$;

-- Whether a slug is free for the site of p_wedding_id: {status: 'available' | 'taken' |
-- 'not_allowed'}, as slug_status(text, uuid). The builder's address field calls it as the couple
-- types; 0007's one-argument form stays for a page loaded before this change. Granted to
-- authenticated.
create function kasalan.check_wedding_slug(p_slug text, p_wedding_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object('status', kasalan.slug_status(p_slug, p_wedding_id))
$$;

revoke execute on function kasalan.check_wedding_slug(text, uuid) from public, anon;
grant execute on function kasalan.check_wedding_slug(text, uuid) to authenticated;

-- As in 0007, checking the address for this wedding only (slug_status(text, uuid)). Raises
-- wedding_not_found, slug_not_allowed or slug_taken. Returns the Wedding. Granted to authenticated.
create or replace function kasalan.change_wedding_slug(p_wedding_id uuid, p_slug text)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_status text;
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  if v_wedding.slug = p_slug then
    return kasalan.wedding_json(v_wedding);
  end if;

  v_status := kasalan.slug_status(p_slug, p_wedding_id);
  if v_status = 'not_allowed' then
    raise exception 'slug_not_allowed';
  elsif v_status = 'taken' then
    raise exception 'slug_taken';
  end if;

  delete from kasalan.wedding_old_slugs o where o.slug = p_slug and o.wedding_id = p_wedding_id;
  begin
    insert into kasalan.wedding_old_slugs (slug, wedding_id) values (v_wedding.slug, p_wedding_id);
    update kasalan.weddings w set slug = p_slug where w.id = p_wedding_id returning * into v_wedding;
  exception when unique_violation then
    -- Another couple took it a moment ago.
    raise exception 'slug_taken';
  end;
  return kasalan.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.change_wedding_slug(uuid, text) from public, anon;
grant execute on function kasalan.change_wedding_slug(uuid, text) to authenticated;

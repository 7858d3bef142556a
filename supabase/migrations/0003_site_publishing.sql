-- Site publishing: a couple's wedding site is private until they publish it.
--
-- weddings.is_published (0001) starts false for every new wedding, and kasalan.get_site already
-- hides an unpublished site from everyone but its owner. This file adds the one call that changes
-- it. It runs as `security invoker`, so row-level security and kasalan.can_manage decide who may.

-- =============================================================================================
-- Functions
-- =============================================================================================

-- Publishes (true) or unpublishes (false) a wedding's site and returns {id, slug, isPublished}.
-- Raises wedding_not_found when the wedding does not exist or the caller may not manage it
-- (never says which), invalid_input when p_published is null. Called by the site's owner banner
-- and the website builder; granted to authenticated.
create function kasalan.set_wedding_published(p_wedding_id uuid, p_published boolean)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  if p_published is null then
    raise exception 'invalid_input' using detail = 'published must be true or false';
  end if;
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;

  update kasalan.weddings w
  set is_published = p_published
  where w.id = p_wedding_id
  returning * into v_wedding;
  if not found then
    raise exception 'wedding_not_found';
  end if;

  return jsonb_build_object(
    'id', v_wedding.id,
    'slug', v_wedding.slug,
    'isPublished', v_wedding.is_published
  );
end;
$$;

revoke execute on function kasalan.set_wedding_published(uuid, boolean) from public, anon;
grant execute on function kasalan.set_wedding_published(uuid, boolean) to authenticated;

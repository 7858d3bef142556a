-- Kasalan site and content: the public site's address (with the addresses it had before), its
-- sections and their content, the theme, publishing, and get_site, the one call a visitor makes.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- A wedding's earlier slugs: /wedding/<old> keeps leading to the site, so a printed invitation never
-- breaks. An old slug stays the couple's: nobody else may take it.
create table kasalan.wedding_old_slugs (
  slug text not null,
  user_id uuid not null default auth.uid(),
  wedding_id uuid not null,
  created_at timestamptz not null default now(),
  constraint wedding_old_slugs_pkey primary key (slug),
  constraint wedding_old_slugs_slug_check check ((char_length(slug) <= 63) and (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')),
  constraint wedding_old_slugs_slug_not_reserved check (not kasalan_private.is_reserved_slug(slug)),
  constraint wedding_old_slugs_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade,
  constraint wedding_old_slugs_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.wedding_old_slugs enable row level security;
revoke all on kasalan.wedding_old_slugs from public, anon, authenticated;
grant select on kasalan.wedding_old_slugs to authenticated;

create index wedding_old_slugs_user_id_idx on kasalan.wedding_old_slugs (user_id);

create index wedding_old_slugs_wedding_id_idx on kasalan.wedding_old_slugs (wedding_id);

-- Every address a wedding has or had: its current slug and its old ones (wedding_old_slugs), one
-- primary key over both. A row is written by the triggers below and leaves only with its wedding.
-- Nobody reads it through the API.
create table kasalan.wedding_addresses (
  address text not null,
  wedding_id uuid not null,
  created_at timestamptz not null default now(),
  constraint wedding_addresses_pkey primary key (address),
  constraint wedding_addresses_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.wedding_addresses enable row level security;
revoke all on kasalan.wedding_addresses from public, anon, authenticated;

create index wedding_addresses_wedding_id_idx on kasalan.wedding_addresses (wedding_id);

-- =============================================================================================
-- Functions
-- =============================================================================================

-- A free, readable slug for a new couple ("maria-and-juan", then "-2", "-3"...), skipping every
-- wedding's earlier slugs too (they still lead to that wedding). Security definer because it must see every couple's
-- slugs; it returns only a slug nobody has. Called by create_my_wedding.
create or replace function kasalan_private.unique_wedding_slug(p_bride_first_name text, p_groom_first_name text)
returns text
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_name text;
  v_part text;
  v_parts text[] := '{}';
  v_base text;
  v_slug text;
  v_n integer := 1;
begin
  foreach v_name in array array[p_bride_first_name, p_groom_first_name] loop
    v_part := regexp_replace(lower(extensions.unaccent(coalesce(v_name, ''))), '[^a-z0-9]+', '-', 'g');
    v_part := btrim(left(btrim(v_part, '-'), 25), '-');
    if v_part <> '' then
      v_parts := v_parts || v_part;
    end if;
  end loop;

  v_base := coalesce(nullif(array_to_string(v_parts, '-and-'), ''), 'kasal');
  if char_length(v_base) < 3 or kasalan_private.is_reserved_slug(v_base) then
    v_base := v_base || '-kasal';
  end if;
  v_slug := v_base;
  while exists (select 1 from kasalan.weddings w where w.slug = v_slug)
    or exists (select 1 from kasalan.wedding_old_slugs o where o.slug = v_slug)
  loop
    v_n := v_n + 1;
    v_slug := v_base || '-' || v_n;
  end loop;
  return v_slug;
end;
$$;

revoke execute on function kasalan_private.unique_wedding_slug(p_bride_first_name text, p_groom_first_name text) from public, anon, authenticated;

-- THE public call: a published wedding's site (the wedding's public details, theme and visible
-- sections) by its slug, or the couple's own site while they preview it. The schedule leaves out
-- the private events (kasalan_private.schedule_for), whoever asks: the couple's content editor
-- reads them with get_section_content. For an earlier slug of a
-- wedding the caller may see (published, or theirs), {redirectTo: <current slug>} so the
-- site sends the visitor on. Otherwise null, as for an unknown slug. Granted to anon and
-- authenticated.
create or replace function kasalan.get_site(p_slug text)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_is_couple boolean;
begin
  select * into v_wedding from kasalan.weddings w where w.slug = p_slug;
  if not found then
    select w.* into v_wedding
    from kasalan.wedding_old_slugs o
    join kasalan.weddings w on w.id = o.wedding_id
    where o.slug = p_slug;
    if found and (v_wedding.is_published or kasalan_private.can_manage(v_wedding.id)) then
      return jsonb_build_object('redirectTo', v_wedding.slug);
    end if;
    return null;
  end if;

  v_is_couple := kasalan_private.can_manage(v_wedding.id);
  if not (v_wedding.is_published or v_is_couple) then
    return null;
  end if;

  return jsonb_build_object(
    'slug', v_wedding.slug,
    'title', v_wedding.title,
    'isPublished', v_wedding.is_published,
    'isCouple', v_is_couple,
    'wedding', jsonb_build_object(
      'id', v_wedding.id,
      'slug', v_wedding.slug,
      'title', v_wedding.title,
      'bride', v_wedding.bride,
      'groom', v_wedding.groom,
      'date', v_wedding.date,
      'theme', v_wedding.theme,
      'rsvpDeadline', v_wedding.rsvp_deadline,
      'contact', v_wedding.contact,
      'location', jsonb_build_object('venue', v_wedding.venue, 'city', v_wedding.city, 'country', v_wedding.country),
      'hashtag', v_wedding.hashtag,
      'siteLanguage', v_wedding.site_language
    ),
    'sections', coalesce(
      (
        select jsonb_agg(
          case when s.type = 'schedule'
            then jsonb_set(kasalan_private.section_json(s), '{data}', kasalan_private.schedule_for(v_wedding.id, s.data, null))
            else kasalan_private.section_json(s)
          end
          order by s.order_index, s.created_at, s.id
        )
        from kasalan.sections s
        where s.wedding_id = v_wedding.id
          and (s.visible or v_is_couple)
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan.get_site(p_slug text) from public;
grant execute on function kasalan.get_site(p_slug text) to anon, authenticated;

-- Publishes (true) or unpublishes (false) a wedding's site and returns {id, slug, isPublished}.
-- Raises wedding_not_found when the wedding does not exist or the caller may not manage it
-- (never says which), invalid_input when p_published is null. Called by the site's owner banner
-- and the website builder; granted to authenticated.
create or replace function kasalan.set_wedding_published(p_wedding_id uuid, p_published boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  if p_published is null then
    raise exception 'invalid_input' using detail = 'published must be true or false';
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

revoke execute on function kasalan.set_wedding_published(p_wedding_id uuid, p_published boolean) from public, anon;
grant execute on function kasalan.set_wedding_published(p_wedding_id uuid, p_published boolean) to authenticated;

-- Whether p_slug could be the address of p_wedding_id (null: of a new wedding): 'available',
-- 'taken' (by another wedding, now or before) or 'not_allowed' (form, or a reserved word).
create or replace function kasalan_private.slug_status(p_slug text, p_wedding_id uuid)
returns text
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_owner uuid;
begin
  if p_slug is null or char_length(p_slug) not between 3 and 63
    or p_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or kasalan_private.is_reserved_slug(p_slug)
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
      and (select auth.uid()) is not null and kasalan_private.can_manage(v_owner) then 'available'
    else 'taken'
  end;
end;
$$;

revoke execute on function kasalan_private.slug_status(p_slug text, p_wedding_id uuid) from public, anon;
grant execute on function kasalan_private.slug_status(p_slug text, p_wedding_id uuid) to authenticated;

-- Moves the site to a new address, checked for this wedding (slug_status(text, uuid)); the old
-- one is kept and leads to the new. Raises
-- wedding_not_found, slug_not_allowed or slug_taken. Returns the Wedding. Granted to authenticated.
create or replace function kasalan.change_wedding_slug(p_wedding_id uuid, p_slug text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_status text;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  if v_wedding.slug = p_slug then
    return kasalan_private.wedding_json(v_wedding);
  end if;

  v_status := kasalan_private.slug_status(p_slug, p_wedding_id);
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
  return kasalan_private.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.change_wedding_slug(p_wedding_id uuid, p_slug text) from public, anon;
grant execute on function kasalan.change_wedding_slug(p_wedding_id uuid, p_slug text) to authenticated;

-- Saves the site's shape and theme in one transaction. p_sections is the whole list in the new
-- order: [{id?, type, label, path, visible}]. Listed sections get their label, path, visible and
-- order (never their data or title: those are the content editor's). A listed section without a
-- known id is a new page, of type custom or about only, with title = label and data = {}. Custom
-- and about pages left out are removed; every other section must be listed (built-in ones are
-- hidden, never removed). p_theme is checked by checked_theme. Returns the Wedding. Called by the
-- website builder; granted to authenticated.
-- Over 100 lines: the site's whole structure (order, visibility, new and removed pages, theme) is
-- checked and written in one transaction, so a refused page leaves the site as it was.
create or replace function kasalan.save_site_structure(p_wedding_id uuid, p_sections jsonb, p_theme jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_theme jsonb;
  v_section jsonb;
  v_index integer;
  v_id uuid;
  v_type text;
  v_label text;
  v_path text;
  v_ids uuid[] := '{}';
  v_paths text[] := '{}';
  v_existing kasalan.sections;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  v_theme := kasalan_private.checked_theme(p_theme);
  if jsonb_typeof(p_sections) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'sections must be a list';
  end if;
  if jsonb_array_length(p_sections) > 50 then
    raise exception 'invalid_input' using detail = 'a site has at most 50 sections';
  end if;

  -- Check the whole list before writing anything.
  for v_section in select value from jsonb_array_elements(p_sections) loop
    if jsonb_typeof(v_section) <> 'object' then
      raise exception 'invalid_input' using detail = 'each section must be an object';
    end if;
    v_id := kasalan_private.json_uuid(v_section, 'id');
    v_type := kasalan_private.json_text(v_section, 'type', 20);
    v_label := kasalan_private.json_text(v_section, 'label', 100);
    v_path := kasalan_private.json_text(v_section, 'path', 63);
    if v_path is null or v_path !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
      raise exception 'invalid_input' using detail = 'path must be lowercase letters, digits and dashes';
    end if;
    if v_path = any (v_paths) then
      raise exception 'invalid_input' using detail = format('two sections have the path %s', v_path);
    end if;
    v_paths := v_paths || v_path;
    if jsonb_typeof(v_section -> 'visible') is distinct from 'boolean' then
      raise exception 'invalid_input' using detail = 'visible must be true or false';
    end if;

    select * into v_existing from kasalan.sections s where s.id = v_id and s.wedding_id = p_wedding_id;
    if found then
      if v_type is distinct from v_existing.type then
        raise exception 'invalid_input' using detail = 'a section keeps its type';
      end if;
      if v_id = any (v_ids) then
        raise exception 'invalid_input' using detail = 'a section is listed twice';
      end if;
      v_ids := v_ids || v_id;
    else
      if v_type is null or v_type not in ('custom', 'about') then
        raise exception 'invalid_input' using detail = 'only custom and about pages may be added';
      end if;
      if v_label is null then
        raise exception 'invalid_input' using detail = 'a new page needs a label';
      end if;
    end if;
  end loop;

  if exists (
    select 1 from kasalan.sections s
    where s.wedding_id = p_wedding_id
      and s.type not in ('custom', 'about')
      and s.id <> all (v_ids)
  ) then
    raise exception 'invalid_input' using detail = 'built-in sections are hidden, not removed';
  end if;

  delete from kasalan.sections s
  where s.wedding_id = p_wedding_id
    and s.type in ('custom', 'about')
    and s.id <> all (v_ids);

  -- Paths may trade places within the list; uniqueness is checked again at commit.
  set constraints kasalan.sections_wedding_id_path_key deferred;

  for v_section, v_index in select value, ordinality - 1 from jsonb_array_elements(p_sections) with ordinality loop
    v_id := kasalan_private.json_uuid(v_section, 'id');
    v_label := coalesce(kasalan_private.json_text(v_section, 'label', 100), '');
    v_path := kasalan_private.json_text(v_section, 'path', 63);
    if v_id is not null and v_id = any (v_ids) then
      update kasalan.sections s
      set label = v_label,
          path = v_path,
          visible = (v_section ->> 'visible')::boolean,
          order_index = v_index
      where s.id = v_id
        and s.wedding_id = p_wedding_id;
    else
      begin
        insert into kasalan.sections (id, wedding_id, type, label, title, path, visible, data, order_index)
        values (
          coalesce(v_id, extensions.gen_random_uuid()), p_wedding_id,
          kasalan_private.json_text(v_section, 'type', 20), v_label, v_label, v_path,
          (v_section ->> 'visible')::boolean, '{}'::jsonb, v_index
        );
      exception when unique_violation then
        -- The id is taken by a section of another wedding.
        raise exception 'invalid_input' using detail = 'a section belongs to another wedding';
      end;
    end if;
  end loop;

  update kasalan.weddings w
  set theme = v_theme
  where w.id = p_wedding_id
  returning * into v_wedding;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  return kasalan_private.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.save_site_structure(p_wedding_id uuid, p_sections jsonb, p_theme jsonb) from public, anon;
grant execute on function kasalan.save_site_structure(p_wedding_id uuid, p_sections jsonb, p_theme jsonb) to authenticated;

-- The shape of one section type's data (src/lib/site-content/shapes.ts, word for word): an object
-- of keys, a one-item array for a list, or a leaf kind (line, text, url, image, embed, date, time,
-- color, enum:a|b). Helper of the checks below.
create or replace function kasalan_private.section_shape(p_type text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select (case p_type
    when 'home' then '{"header":{"title":"line","description":"text","image":"image"},"bride":{"firstName":"line","lastName":"line"},"groom":{"firstName":"line","lastName":"line"},"wedding":{"date":"date","location":{"venue":"line","city":"line","country":"line"},"hashtag":"line"},"stories":[{"title":"line","date":"date","description":"text","image":"image"}]}'
    when 'our-story' then '{"header":{"title":"line","description":"text","image":"image"},"stories":[{"title":"line","date":"date","description":"text","image":"image"}]}'
    when 'schedule' then '{"header":{"title":"line","description":"text","image":"image"},"events":[{"id":"line","name":"line","type":"line","date":"date","startTime":"time","endTime":"time","image":"image","venue":"line","address":{"url":"url","street":"line","city":"line","state":"line","country":"line","zip":"line"},"attire":"line","notes":"text"}],"dressCode":{"title":"line","description":"text","palette":[{"name":"line","hex":"color"}],"notes":"text"}}'
    when 'travel' then '{"header":{"title":"line","description":"text","image":"image"},"hotels":[{"name":"line","description":"text","eta":"line","image":"image","address":{"street":"line","city":"line","state":"line","country":"line","zip":"line","map":"url","url":"url","direction":"text"}}]}'
    when 'registry' then '{"header":{"title":"line","description":"text","image":"image"},"note":"text","paymentOptions":[{"label":"line","accountName":"line","accountNumber":"line","qrImage":"image"}]}'
    when 'wedding-party' then '{"header":{"title":"line","description":"text","image":"image"},"entourage":{"officiatingPriest":{"name":"line","role":"line"},"parentsOfGroom":[{"name":"line","role":"line"}],"parentsOfBride":[{"name":"line","role":"line"}],"principalSponsors":{"left":[{"name":"line","role":"line"}],"right":[{"name":"line","role":"line"}]},"secondarySponsors":{"bestMan":{"name":"line","role":"line"},"maidOfHonor":{"name":"line","role":"line"},"groomsmen":[{"name":"line","role":"line"}],"bridesmaid":[{"name":"line","role":"line"}]},"candle":[{"name":"line","role":"line"}],"veil":[{"name":"line","role":"line"}],"cord":[{"name":"line","role":"line"}],"ringBearer":{"name":"line","role":"line"},"bibleBearer":{"name":"line","role":"line"},"coinBearer":{"name":"line","role":"line"},"flowerGirls":[{"name":"line","role":"line"}]}}'
    when 'gallery' then '{"header":{"title":"line","description":"text","image":"image"},"images":[{"image":"image","src":"url","caption":"line"}],"videos":[{"url":"url","thumbnail":"image","caption":"line"}]}'
    when 'things-to-do' then '{"header":{"title":"line","description":"text","image":"image"},"activities":[{"name":"line","description":"text","image":"image","eta":"line","address":{"street":"line","city":"line","state":"line","country":"line","zip":"line","map":"url","url":"url","direction":"text"},"video":"embed"}]}'
    when 'faqs' then '{"header":{"title":"line","description":"text","image":"image"},"faqs":[{"question":"line","answer":"text","image2":"image"}],"footer":{"description":"text"}}'
    when 'rsvp' then '{"header":{"title":"line","description":"text","image":"image"}}'
    when 'about' then '{"header":{"title":"line","description":"text","image":"image"},"body":"text","blocks":[{"kind":"enum:heading|paragraph|list|link","text":"text","items":["line"],"url":"url"}]}'
    when 'custom' then '{"header":{"title":"line","description":"text","image":"image"},"body":"text","blocks":[{"kind":"enum:heading|paragraph|list|link","text":"text","items":["line"],"url":"url"}]}'
  end)::jsonb
$$;

revoke execute on function kasalan_private.section_shape(p_type text) from public, anon, authenticated;

-- A short-video embed as it is stored: only an allow-listed player's https address (and a plain
-- title) kept, rebuilt as `<iframe src="…" title="…"></iframe>`; null when it is not an allowed
-- player. The twin of videoEmbedForStorage in src/lib/site-content/video-embed.ts. Helper of the
-- checks below.
create or replace function kasalan_private.video_embed_for_storage(p_value text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_html text := replace(btrim(coalesce(p_value, ''), E' \t\r\n'), '&amp;', '&');
  v_src text;
  v_title text;
begin
  if v_html = '' or char_length(v_html) > 5000 then
    return null;
  end if;
  if left(v_html, 1) = '<' then
    v_src := (regexp_match(v_html, '<iframe\s[^>]*?\msrc\s*=\s*["'']([^"''<>[:space:]]+)["'']', 'i'))[1];
    v_title := (regexp_match(v_html, '<iframe\s[^>]*?\mtitle\s*=\s*"([^"]*)"', 'i'))[1];
  else
    v_src := v_html;
  end if;
  v_src := regexp_replace(v_src, '#.*$', '');
  if v_src is null or v_src !~ (
    '^https://('
    || '(www\.)?(youtube\.com|youtube-nocookie\.com)/embed/[A-Za-z0-9_-]+/?'
    || '|player\.vimeo\.com/video/[0-9]+/?'
    || '|(www\.)?facebook\.com/plugins/video\.php/?'
    || '|(www\.)?tiktok\.com/embed/(v2/)?[0-9]+/?'
    || ')(\?[A-Za-z0-9_.~%&=+:/-]*)?$'
  ) then
    return null;
  end if;
  v_title := left(btrim(regexp_replace(coalesce(v_title, ''), '[<>"''&]', '', 'g')), 200);
  if v_title = '' then
    return format('<iframe src="%s"></iframe>', v_src);
  end if;
  return format('<iframe src="%s" title="%s"></iframe>', v_src, v_title);
end;
$$;

revoke execute on function kasalan_private.video_embed_for_storage(p_value text) from public, anon, authenticated;

-- What is wrong with a section's data for its type, or null when nothing: not an object, larger
-- than 200,000 characters as JSON, or the first value that does not fit the type's shape. Used by
-- the save below and by the sections table's trigger. Helper.
create or replace function kasalan_private.section_data_problem(p_type text, p_data jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_shape jsonb := kasalan_private.section_shape(p_type);
begin
  if p_data is null or jsonb_typeof(p_data) <> 'object' then
    return ': invalid';
  end if;
  if v_shape is null then
    return ': unknown section type';
  end if;
  if char_length(p_data::text) > 200000 then
    return ': too_large';
  end if;
  return kasalan_private.json_shape_problem(p_data, v_shape, '');
end;
$$;

revoke execute on function kasalan_private.section_data_problem(p_type text, p_data jsonb) from public, anon, authenticated;

-- The data with every embed replaced by its stored form (kasalan.video_embed_for_storage); raises
-- video_embed_not_allowed (detail: where) for an embed that is not an allowed player. Leaves the
-- rest as it is for kasalan.section_data_problem to judge. Helper of save_section_content.
create or replace function kasalan_private.sanitize_section_embeds(p_value jsonb, p_shape jsonb, p_path text)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key text;
  v_result jsonb;
  v_item jsonb;
  v_index integer;
  v_embed text;
begin
  if p_value is null or p_shape is null or jsonb_typeof(p_value) = 'null' then
    return p_value;
  end if;
  if jsonb_typeof(p_shape) = 'array' and jsonb_typeof(p_value) = 'array' then
    v_result := '[]';
    for v_item, v_index in select value, ordinality - 1 from jsonb_array_elements(p_value) with ordinality loop
      v_result := v_result || jsonb_build_array(
        kasalan_private.sanitize_section_embeds(v_item, p_shape -> 0, concat_ws('.', nullif(p_path, ''), v_index::text))
      );
    end loop;
    return v_result;
  end if;
  if jsonb_typeof(p_shape) = 'object' and jsonb_typeof(p_value) = 'object' then
    v_result := p_value;
    for v_key in select jsonb_object_keys(p_value) loop
      if p_shape ? v_key then
        v_result := jsonb_set(
          v_result,
          array[v_key],
          kasalan_private.sanitize_section_embeds(p_value -> v_key, p_shape -> v_key, concat_ws('.', nullif(p_path, ''), v_key))
        );
      end if;
    end loop;
    return v_result;
  end if;
  if p_shape = '"embed"'::jsonb and jsonb_typeof(p_value) = 'string' then
    if btrim(p_value #>> '{}') = '' then
      return 'null'::jsonb;
    end if;
    v_embed := kasalan_private.video_embed_for_storage(p_value #>> '{}');
    if v_embed is null then
      raise exception 'video_embed_not_allowed' using detail = p_path;
    end if;
    return to_jsonb(v_embed);
  end if;
  return p_value;
end;
$$;

revoke execute on function kasalan_private.sanitize_section_embeds(p_value jsonb, p_shape jsonb, p_path text) from public, anon, authenticated;

-- Holds every write of a section's data to its type's shape (section_data_invalid, detail: where
-- and why), gives every schedule event without an id a new one (kasalan_private.schedule_with_ids:
-- invalid_input for an id that is no uuid or is taken by another event of the schedule), and moves
-- content_updated_at when the title or data changed. Trigger function only.
create or replace function kasalan_private.check_section_content()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_problem text;
begin
  if tg_op = 'UPDATE'
    and new.data is not distinct from old.data
    and new.title is not distinct from old.title
    and new.type is not distinct from old.type
  then
    return new;
  end if;
  if new.type = 'schedule' then
    new.data := kasalan_private.schedule_with_ids(new.data);
  end if;
  v_problem := kasalan_private.section_data_problem(new.type, new.data);
  if v_problem is not null then
    raise exception 'section_data_invalid' using detail = v_problem;
  end if;
  if tg_op = 'UPDATE' and (new.data is distinct from old.data or new.title is distinct from old.title) then
    new.content_updated_at := clock_timestamp();
  end if;
  return new;
end;
$$;

revoke execute on function kasalan_private.check_section_content() from public, anon, authenticated;

-- One section for the content editor: {section: Section, contentUpdatedAt}. Raises
-- section_not_found when it does not exist or the caller may not manage its wedding. Called by
-- the content editor; granted to authenticated.
create or replace function kasalan.get_section_content(p_section_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_section kasalan.sections;
begin
  select * into v_section from kasalan.sections s where s.id = p_section_id;
  if not found or not kasalan_private.can_manage(v_section.wedding_id) then
    raise exception 'section_not_found';
  end if;
  return jsonb_build_object(
    'section', kasalan_private.section_json(v_section),
    'contentUpdatedAt', v_section.content_updated_at
  );
end;
$$;

revoke execute on function kasalan.get_section_content(p_section_id uuid) from public, anon;
grant execute on function kasalan.get_section_content(p_section_id uuid) to authenticated;

-- Saves one section's title and content (checked against its type's shape), against the version
-- the editor started from (section_content_conflict otherwise). Security definer; the caller's
-- right is checked before the row is
-- locked, so a section of another wedding is neither locked nor waited for (its answer and its
-- timing are those of a section that does not exist).
create or replace function kasalan.save_section_content(p_section_id uuid, p_title text, p_data jsonb, p_base_content_updated_at timestamp with time zone default NULL::timestamp with time zone)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_section kasalan.sections;
  v_title text := btrim(coalesce(p_title, ''));
  v_data jsonb;
  v_problem text;
begin
  select * into v_section from kasalan.sections s where s.id = p_section_id;
  if not found or not kasalan_private.can_manage(v_section.wedding_id) then
    raise exception 'section_not_found';
  end if;
  select * into v_section from kasalan.sections s where s.id = p_section_id for update;
  if not found then
    raise exception 'section_not_found';
  end if;
  if p_base_content_updated_at is not null and v_section.content_updated_at <> p_base_content_updated_at then
    raise exception 'section_content_conflict';
  end if;
  if char_length(v_title) > 200 then
    raise exception 'invalid_input' using detail = 'title is longer than 200 characters';
  end if;
  if p_data is null or jsonb_typeof(p_data) <> 'object' then
    raise exception 'invalid_input' using detail = 'data must be an object';
  end if;
  if char_length(p_data::text) > 200000 then
    raise exception 'section_data_too_large';
  end if;

  v_data := kasalan_private.sanitize_section_embeds(p_data, kasalan_private.section_shape(v_section.type), '');
  v_problem := kasalan_private.section_data_problem(v_section.type, v_data);
  if v_problem is not null then
    raise exception 'section_data_invalid' using detail = v_problem;
  end if;

  update kasalan.sections s
  set title = v_title,
      data = v_data
  where s.id = p_section_id
  returning * into v_section;

  return jsonb_build_object(
    'section', kasalan_private.section_json(v_section),
    'contentUpdatedAt', v_section.content_updated_at
  );
end;
$$;

revoke execute on function kasalan.save_section_content(p_section_id uuid, p_title text, p_data jsonb, p_base_content_updated_at timestamp with time zone) from public, anon;
grant execute on function kasalan.save_section_content(p_section_id uuid, p_title text, p_data jsonb, p_base_content_updated_at timestamp with time zone) to authenticated;

-- Whether a slug is free for the site of p_wedding_id (null: for a new wedding): {status:
-- 'available' | 'taken' | 'not_allowed'}, as slug_status(text, uuid). The builder's address field
-- calls it as the couple types. Granted to authenticated.
create or replace function kasalan.check_wedding_slug(p_slug text, p_wedding_id uuid default NULL::uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('status', kasalan_private.slug_status(p_slug, p_wedding_id))
$$;

revoke execute on function kasalan.check_wedding_slug(p_slug text, p_wedding_id uuid) from public, anon;
grant execute on function kasalan.check_wedding_slug(p_slug text, p_wedding_id uuid) to authenticated;

-- Claims new.slug for its wedding (weddings: new.id; wedding_old_slugs: new.wedding_id) in
-- wedding_addresses, after every insert and every change of the address or its wedding. An address
-- already there for another wedding is refused with unique_violation ('slug_taken', constraint
-- wedding_addresses_pkey), which change_wedding_slug answers as slug_taken and create_my_wedding
-- takes as "try the next one". Two transactions claiming one address meet at the primary key: the
-- second waits for the first and is refused if it commits. Trigger; nobody calls it.
create or replace function kasalan_private.claim_wedding_address()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding_id uuid;
begin
  if tg_table_name = 'weddings' then
    v_wedding_id := new.id;
  else
    v_wedding_id := new.wedding_id;
  end if;
  begin
    insert into kasalan.wedding_addresses (address, wedding_id) values (new.slug, v_wedding_id);
  exception when unique_violation then
    if not exists (
      select 1 from kasalan.wedding_addresses a where a.address = new.slug and a.wedding_id = v_wedding_id
    ) then
      raise exception 'slug_taken'
        using errcode = 'unique_violation', constraint = 'wedding_addresses_pkey';
    end if;
  end;
  return null;
end;
$$;

revoke execute on function kasalan_private.claim_wedding_address() from public, anon, authenticated;

-- =============================================================================================
-- Row-level security
-- =============================================================================================

create policy "Old slugs can be read by the wedding's owner"
  on kasalan.wedding_old_slugs for select to authenticated
  using (kasalan_private.can_manage(wedding_id));

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger sections_check_content before insert or update
  on kasalan.sections
  for each row
  execute function kasalan_private.check_section_content();

create trigger wedding_old_slugs_claim_address after insert or update of slug, wedding_id
  on kasalan.wedding_old_slugs
  for each row
  execute function kasalan_private.claim_wedding_address();

create trigger weddings_claim_address after insert or update of slug
  on kasalan.weddings
  for each row
  execute function kasalan_private.claim_wedding_address();

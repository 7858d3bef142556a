-- The couple's own website: their wedding details, the site's address (slug) with old addresses
-- that keep working, and the website builder's one save of the site's shape and theme.
--
-- Management calls here are `security invoker` under row-level security. The one helper that must
-- see every couple's slugs (kasalan.slug_status) is `security definer` and answers only
-- available / taken / not_allowed.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- The wedding details the site, the RSVP pages and the e-mail show. Blank means "not given".
alter table kasalan.weddings
  add column venue text not null default '' check (char_length(venue) <= 200),
  add column city text not null default '' check (char_length(city) <= 100),
  add column country text not null default 'Philippines' check (char_length(country) <= 100),
  add column hashtag text not null default '' check (char_length(hashtag) <= 100),
  -- The language a visitor sees first, until they choose one.
  add column site_language text not null default 'fil' check (site_language in ('fil', 'en'));

-- A wedding's earlier slugs: /wedding/<old> keeps leading to the site, so a printed invitation never
-- breaks. An old slug stays the couple's: nobody else may take it.
create table kasalan.wedding_old_slugs (
  slug text primary key check (char_length(slug) <= 63 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  created_at timestamptz not null default now()
);

create index wedding_old_slugs_wedding_id_idx on kasalan.wedding_old_slugs (wedding_id);
create index wedding_old_slugs_user_id_idx on kasalan.wedding_old_slugs (user_id);

alter table kasalan.wedding_old_slugs enable row level security;
revoke all on kasalan.wedding_old_slugs from public, anon;
grant select, insert, delete on kasalan.wedding_old_slugs to authenticated;

create policy "Old slugs can be read by the wedding's owner"
  on kasalan.wedding_old_slugs for select to authenticated
  using (kasalan.can_manage(wedding_id));
create policy "Old slugs can be added by the wedding's owner"
  on kasalan.wedding_old_slugs for insert to authenticated
  with check (user_id = (select auth.uid()) and kasalan.can_manage(wedding_id));
create policy "Old slugs can be deleted by the wedding's owner"
  on kasalan.wedding_old_slugs for delete to authenticated
  using (kasalan.can_manage(wedding_id));

-- =============================================================================================
-- Functions: helpers
-- =============================================================================================

-- Words a wedding's address may not be: the app's own routes and names a subdomain must keep.
-- Helper of slug_status; granted to authenticated.
create function kasalan.is_reserved_slug(p_slug text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_slug in (
    'manage', 'auth', 'rsvp', 'api', 'www', 'admin', 'wedding', 'weddings', 'welcome', 'terms',
    'privacy', 'preview', 'assets', 'images', 'static', 'app', 'login', 'register', 'signup',
    'help', 'support', 'mail', 'email', 'kasalan', 'root', 'null', 'undefined', '404'
  )
$$;

-- Whether a slug could be the caller's wedding's address: 'not_allowed' (wrong shape or reserved),
-- 'taken' (another couple's current or earlier slug) or 'available' (free, or already the
-- caller's own). Security definer because it must see every couple's slugs; it answers one of
-- those three words and nothing else. Called by the builder's address check and change_wedding_slug;
-- granted to authenticated.
create function kasalan.slug_status(p_slug text)
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
  select w.user_id into v_owner from kasalan.weddings w where w.slug = p_slug;
  if not found then
    select o.user_id into v_owner
    from kasalan.wedding_old_slugs o
    join kasalan.weddings w on w.id = o.wedding_id
    where o.slug = p_slug;
    if not found then
      return 'available';
    end if;
  end if;
  return case when v_owner = (select auth.uid()) then 'available' else 'taken' end;
end;
$$;

-- A theme as the site reads it, checked: {name, pageStyle?, fonts?: {<role>: <font>}, colors?:
-- {<role>: '#rrggbb'}}; a known name, fonts from the ones the site ships, colours hex only, no
-- other keys. Returns it with only those keys. Raises invalid_input otherwise. Helper of
-- save_site_structure; granted to authenticated.
create function kasalan.checked_theme(p_theme jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
  v_fonts jsonb := '{}';
  v_colors jsonb := '{}';
begin
  if jsonb_typeof(p_theme) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'theme must be an object';
  end if;
  if coalesce(p_theme ->> 'name', '') not in ('classic', 'elegant', 'modern') then
    raise exception 'invalid_input' using detail = 'theme name must be classic, elegant or modern';
  end if;
  for v_key in select jsonb_object_keys(p_theme) loop
    if v_key not in ('name', 'pageStyle', 'fonts', 'colors') then
      raise exception 'invalid_input' using detail = format('unknown theme field %s', v_key);
    end if;
  end loop;
  if coalesce(p_theme ->> 'pageStyle', 'single-page') <> 'single-page' then
    raise exception 'invalid_input' using detail = 'pageStyle must be single-page';
  end if;

  if coalesce(jsonb_typeof(p_theme -> 'fonts'), 'null') not in ('object', 'null') then
    raise exception 'invalid_input' using detail = 'theme fonts must be an object';
  end if;
  for v_key, v_value in select key, value from jsonb_each(coalesce(p_theme -> 'fonts', '{}')) loop
    if v_key not in (
      'names', 'headings', 'body', 'navigation', 'subheading', 'subtitles', 'weddingDateHeading',
      'eventDateHeading', 'welcomeTitle'
    ) then
      raise exception 'invalid_input' using detail = format('unknown font role %s', v_key);
    end if;
    if jsonb_typeof(v_value) <> 'string' or v_value #>> '{}' not in (
      'Great Vibes', 'Playfair Display', 'Lato', 'Cormorant Garamond', 'Montserrat',
      'DM Serif Display', 'DM Sans'
    ) then
      raise exception 'invalid_input' using detail = format('font %s is not one the site ships', v_key);
    end if;
    v_fonts := v_fonts || jsonb_build_object(v_key, v_value);
  end loop;

  if coalesce(jsonb_typeof(p_theme -> 'colors'), 'null') not in ('object', 'null') then
    raise exception 'invalid_input' using detail = 'theme colors must be an object';
  end if;
  for v_key, v_value in select key, value from jsonb_each(coalesce(p_theme -> 'colors', '{}')) loop
    if v_key not in ('background', 'text', 'secondaryBackground', 'secondaryText', 'linkAndButtonText') then
      raise exception 'invalid_input' using detail = format('unknown colour role %s', v_key);
    end if;
    if jsonb_typeof(v_value) <> 'string' or v_value #>> '{}' !~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' then
      raise exception 'invalid_input' using detail = format('colour %s must be a hex colour', v_key);
    end if;
    v_colors := v_colors || jsonb_build_object(v_key, lower(v_value #>> '{}'));
  end loop;

  return jsonb_strip_nulls(jsonb_build_object(
    'name', p_theme ->> 'name',
    'pageStyle', p_theme ->> 'pageStyle',
    'fonts', nullif(v_fonts, '{}'),
    'colors', nullif(v_colors, '{}')
  ));
end;
$$;

revoke execute on function
  kasalan.is_reserved_slug(text),
  kasalan.slug_status(text),
  kasalan.checked_theme(jsonb)
from public, anon;
grant execute on function
  kasalan.is_reserved_slug(text),
  kasalan.slug_status(text),
  kasalan.checked_theme(jsonb)
to authenticated;

-- A wedding in the contract's Wedding shape, now with its details (location, hashtag, site
-- language). Replaces 0001's; helper of the management functions; granted to authenticated.
create or replace function kasalan.wedding_json(p_wedding kasalan.weddings)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_wedding.id,
    'userId', p_wedding.user_id,
    'slug', p_wedding.slug,
    'title', p_wedding.title,
    'bride', p_wedding.bride,
    'groom', p_wedding.groom,
    'date', p_wedding.date,
    'theme', p_wedding.theme,
    'isPublished', p_wedding.is_published,
    'rsvpDeadline', p_wedding.rsvp_deadline,
    'rsvpQuestions', p_wedding.rsvp_questions,
    'contact', p_wedding.contact,
    'location', jsonb_build_object('venue', p_wedding.venue, 'city', p_wedding.city, 'country', p_wedding.country),
    'hashtag', p_wedding.hashtag,
    'siteLanguage', p_wedding.site_language,
    'sections', coalesce(
      (
        select jsonb_agg(kasalan.section_json(s) order by s.order_index, s.created_at, s.id)
        from kasalan.sections s
        where s.wedding_id = p_wedding.id
      ),
      '[]'::jsonb
    )
  )
$$;

-- A free, readable slug for a new couple, as in 0001, now also skipping every wedding's earlier
-- slugs (they still lead to that wedding). Security definer because it must see every couple's
-- slugs; it returns only a slug nobody has. Called by create_my_wedding; granted to authenticated.
create or replace function kasalan.unique_wedding_slug(p_bride_first_name text, p_groom_first_name text)
returns text
language plpgsql
stable
security definer
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
  if char_length(v_base) < 3 or kasalan.is_reserved_slug(v_base) then
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

-- =============================================================================================
-- Functions: the couple's wedding details and address
-- =============================================================================================

-- Updates the wedding's details: {bride: {firstName, lastName}, groom: {...}, date: 'YYYY-MM-DD' |
-- null, location: {venue, city, country}, hashtag, contact: {names, email, phone, messenger},
-- siteLanguage: 'fil' | 'en'}. Every key is required (the form always sends all); names as typed,
-- trimmed. The title follows the first names. The RSVP deadline is the RSVPs tab's
-- (update_rsvp_settings). Returns the Wedding. Called by the builder's details panel; granted to
-- authenticated.
create function kasalan.update_wedding_details(p_wedding_id uuid, p_details jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_bride jsonb;
  v_groom jsonb;
  v_date date;
  v_contact jsonb;
  v_email text;
  v_messenger text;
  v_language text;
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  if jsonb_typeof(p_details) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'details must be an object';
  end if;
  if jsonb_typeof(p_details -> 'bride') is distinct from 'object'
    or jsonb_typeof(p_details -> 'groom') is distinct from 'object'
    or coalesce(jsonb_typeof(p_details -> 'location'), 'null') not in ('object', 'null')
    or coalesce(jsonb_typeof(p_details -> 'contact'), 'null') not in ('object', 'null')
  then
    raise exception 'invalid_input' using detail = 'bride and groom must be objects, location and contact objects or null';
  end if;

  v_bride := jsonb_build_object(
    'firstName', kasalan.json_text(p_details -> 'bride', 'firstName', 100),
    'lastName', kasalan.json_text(p_details -> 'bride', 'lastName', 100)
  );
  v_groom := jsonb_build_object(
    'firstName', kasalan.json_text(p_details -> 'groom', 'firstName', 100),
    'lastName', kasalan.json_text(p_details -> 'groom', 'lastName', 100)
  );
  if v_bride ->> 'firstName' is null or v_bride ->> 'lastName' is null
    or v_groom ->> 'firstName' is null or v_groom ->> 'lastName' is null
  then
    raise exception 'invalid_input' using detail = 'bride and groom need a first and last name';
  end if;

  if coalesce(jsonb_typeof(p_details -> 'date'), 'null') = 'null' then
    v_date := null;
  elsif jsonb_typeof(p_details -> 'date') <> 'string' or p_details ->> 'date' !~ '^\d{4}-\d{2}-\d{2}$' then
    raise exception 'invalid_input' using detail = 'date must be YYYY-MM-DD or null';
  else
    begin
      v_date := (p_details ->> 'date')::date;
    exception when others then
      raise exception 'invalid_input' using detail = 'date is not a real day';
    end;
  end if;

  v_email := kasalan.json_text(p_details -> 'contact', 'email', 254);
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception 'invalid_input' using detail = 'contact email is not an e-mail address';
  end if;
  v_messenger := kasalan.json_text(p_details -> 'contact', 'messenger', 300);
  if v_messenger !~* '^https://(www\.|m\.|web\.)?(facebook\.com|fb\.com|messenger\.com|m\.me)/[^\s]*$' then
    raise exception 'invalid_input' using detail = 'contact messenger must be an https link to Facebook or Messenger';
  end if;
  v_contact := jsonb_strip_nulls(jsonb_build_object(
    'names', kasalan.json_text(p_details -> 'contact', 'names', 100),
    'email', v_email,
    'phone', kasalan.json_text(p_details -> 'contact', 'phone', 50),
    'messenger', v_messenger
  ));

  v_language := coalesce(kasalan.json_text(p_details, 'siteLanguage', 3), 'fil');
  if v_language not in ('fil', 'en') then
    raise exception 'invalid_input' using detail = 'siteLanguage must be fil or en';
  end if;

  update kasalan.weddings w
  set bride = v_bride,
      groom = v_groom,
      title = (v_bride ->> 'firstName') || ' & ' || (v_groom ->> 'firstName'),
      date = v_date,
      venue = coalesce(kasalan.json_text(p_details -> 'location', 'venue', 200), ''),
      city = coalesce(kasalan.json_text(p_details -> 'location', 'city', 100), ''),
      country = coalesce(kasalan.json_text(p_details -> 'location', 'country', 100), ''),
      hashtag = coalesce(kasalan.json_text(p_details, 'hashtag', 100), ''),
      contact = v_contact,
      site_language = v_language
  where w.id = p_wedding_id
  returning * into v_wedding;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  return kasalan.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.update_wedding_details(uuid, jsonb) from public, anon;
grant execute on function kasalan.update_wedding_details(uuid, jsonb) to authenticated;

-- Whether a slug is free for the signed-in couple's site: {status: 'available' | 'taken' |
-- 'not_allowed'}. Nothing else about another couple. Called by the builder's address field as the
-- couple types; granted to authenticated.
create function kasalan.check_wedding_slug(p_slug text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object('status', kasalan.slug_status(p_slug))
$$;

revoke execute on function kasalan.check_wedding_slug(text) from public, anon;
grant execute on function kasalan.check_wedding_slug(text) to authenticated;

-- Moves the wedding's site to a new slug and keeps the old one leading there. Raises
-- slug_not_allowed (shape or reserved word) or slug_taken (another couple's, now or before).
-- Taking back one of the couple's own earlier slugs is allowed. Returns the Wedding. Called by the
-- builder's address panel; granted to authenticated.
create function kasalan.change_wedding_slug(p_wedding_id uuid, p_slug text)
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

  v_status := kasalan.slug_status(p_slug);
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

-- =============================================================================================
-- Functions: the builder's save
-- =============================================================================================

-- Saves the site's shape and theme in one transaction. p_sections is the whole list in the new
-- order: [{id?, type, label, path, visible}]. Listed sections get their label, path, visible and
-- order (never their data or title: those are the content editor's). A listed section without a
-- known id is a new page, of type custom or about only, with title = label and data = {}. Custom
-- and about pages left out are removed; every other section must be listed (built-in ones are
-- hidden, never removed). p_theme is checked by checked_theme. Returns the Wedding. Called by the
-- website builder; granted to authenticated.
create function kasalan.save_site_structure(p_wedding_id uuid, p_sections jsonb, p_theme jsonb)
returns jsonb
language plpgsql
security invoker
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
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  v_theme := kasalan.checked_theme(p_theme);
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
    v_id := kasalan.json_uuid(v_section, 'id');
    v_type := kasalan.json_text(v_section, 'type', 20);
    v_label := kasalan.json_text(v_section, 'label', 100);
    v_path := kasalan.json_text(v_section, 'path', 63);
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
    v_id := kasalan.json_uuid(v_section, 'id');
    v_label := coalesce(kasalan.json_text(v_section, 'label', 100), '');
    v_path := kasalan.json_text(v_section, 'path', 63);
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
          kasalan.json_text(v_section, 'type', 20), v_label, v_label, v_path,
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
  return kasalan.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.save_site_structure(uuid, jsonb, jsonb) from public, anon;
grant execute on function kasalan.save_site_structure(uuid, jsonb, jsonb) to authenticated;

-- =============================================================================================
-- Functions: the public site
-- =============================================================================================

-- THE public call, as in 0001, now with the wedding's details, and one more answer: for an earlier
-- slug of a wedding the caller may see (published, or theirs), {redirectTo: <current slug>} so the
-- site sends the visitor on. Otherwise null, as for an unknown slug. Granted to anon and
-- authenticated.
create or replace function kasalan.get_site(p_slug text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_is_owner boolean;
begin
  select * into v_wedding from kasalan.weddings w where w.slug = p_slug;
  if not found then
    select w.* into v_wedding
    from kasalan.wedding_old_slugs o
    join kasalan.weddings w on w.id = o.wedding_id
    where o.slug = p_slug;
    if found and (v_wedding.is_published or kasalan.can_manage(v_wedding.id)) then
      return jsonb_build_object('redirectTo', v_wedding.slug);
    end if;
    return null;
  end if;

  v_is_owner := kasalan.can_manage(v_wedding.id);
  if not (v_wedding.is_published or v_is_owner) then
    return null;
  end if;

  return jsonb_build_object(
    'slug', v_wedding.slug,
    'title', v_wedding.title,
    'isPublished', v_wedding.is_published,
    'isOwner', v_is_owner,
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
        select jsonb_agg(kasalan.section_json(s) order by s.order_index, s.created_at, s.id)
        from kasalan.sections s
        where s.wedding_id = v_wedding.id
          and (s.visible or v_is_owner)
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan.get_site(text) from public;
grant execute on function kasalan.get_site(text) to anon, authenticated;

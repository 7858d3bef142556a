-- Site content: what the couple writes in each section of their website, and their photos.
--
-- A section's `data` is checked by its type and size here, whoever writes it (the content editor's
-- save, the builder's list save, a direct table write): kasalan.section_shape holds the same
-- description as src/lib/site-content/shapes.ts (a test compares them). The content editor saves one
-- section at a time with kasalan.save_section_content, which refuses to overwrite a change made
-- since the editor loaded it. Photos live in Supabase Storage (bucket `site-media`, created below
-- only where the storage schema exists) or, in the embedded database, in kasalan.media_objects;
-- either way the couple writes them and visitors read them only once the site is published.
-- Functions raise a stable snake_case code as the message (see docs/database-contract.md).

-- =============================================================================================
-- Tables
-- =============================================================================================

-- When the section's content (title or data) last changed: only content changes move it, so the
-- builder reordering or hiding a section never reads as someone else's edit.
alter table kasalan.sections
  add column content_updated_at timestamptz not null default now();

-- Uploaded photos kept in the embedded database (local mode). On hosted Supabase the photos are in
-- Storage and this table stays empty. `path` is `<wedding id>/<file>`, as in Storage.
create table kasalan.media_objects (
  path text primary key
    constraint media_objects_path_format check (path ~ '^[0-9a-f-]{36}/[A-Za-z0-9_.-]{1,120}$'),
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content_type text not null check (content_type in ('image/webp', 'image/jpeg', 'image/png')),
  content bytea not null check (octet_length(content) <= 2097152),
  created_at timestamptz not null default now(),
  constraint media_objects_in_wedding_folder check (split_part(path, '/', 1) = wedding_id::text)
);

create index media_objects_wedding_id_idx on kasalan.media_objects (wedding_id);
create index media_objects_user_id_idx on kasalan.media_objects (user_id);

alter table kasalan.media_objects enable row level security;
revoke all on kasalan.media_objects from public, anon;
grant select, insert, delete on kasalan.media_objects to authenticated;

create policy "Photos can be read by the wedding's owner"
  on kasalan.media_objects for select to authenticated
  using (kasalan.can_manage(wedding_id));
create policy "Photos can be added by the wedding's owner"
  on kasalan.media_objects for insert to authenticated
  with check (user_id = (select auth.uid()) and kasalan.can_manage(wedding_id));
create policy "Photos can be deleted by the wedding's owner"
  on kasalan.media_objects for delete to authenticated
  using (kasalan.can_manage(wedding_id));

-- =============================================================================================
-- Functions: what a section's data may hold
-- =============================================================================================

-- The shape of one section type's data (src/lib/site-content/shapes.ts, word for word): an object
-- of keys, a one-item array for a list, or a leaf kind (line, text, url, image, embed, date, time,
-- color, enum:a|b). Helper of the checks below; granted to authenticated.
create function kasalan.section_shape(p_type text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select (case p_type
    when 'home' then '{"header":{"title":"line","description":"text","image":"image"},"bride":{"firstName":"line","lastName":"line"},"groom":{"firstName":"line","lastName":"line"},"wedding":{"date":"date","location":{"venue":"line","city":"line","country":"line"},"hashtag":"line"},"stories":[{"title":"line","date":"date","description":"text","image":"image"}]}'
    when 'our-story' then '{"header":{"title":"line","description":"text","image":"image"},"stories":[{"title":"line","date":"date","description":"text","image":"image"}]}'
    when 'schedule' then '{"header":{"title":"line","description":"text","image":"image"},"events":[{"name":"line","type":"line","date":"date","startTime":"time","endTime":"time","image":"image","venue":"line","address":{"url":"url","street":"line","city":"line","state":"line","country":"line","zip":"line"},"attire":"line","notes":"text"}],"dressCode":{"title":"line","description":"text","palette":[{"name":"line","hex":"color"}],"notes":"text"}}'
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

-- A short-video embed as it is stored: only an allow-listed player's https address (and a plain
-- title) kept, rebuilt as `<iframe src="…" title="…"></iframe>`; null when it is not an allowed
-- player. The twin of videoEmbedForStorage in src/lib/site-content/video-embed.ts. Helper of the
-- checks below; granted to authenticated.
create function kasalan.video_embed_for_storage(p_value text)
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

-- The first problem of a JSON value against a shape, as `path: code` (codes as the editor's:
-- too_long, too_many, not_a_link, not_a_date, not_a_time, not_a_colour, video_embed_not_allowed,
-- unknown_field, invalid); null when it fits. Helper of kasalan.section_data_problem.
create function kasalan.json_shape_problem(p_value jsonb, p_shape jsonb, p_path text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_kind text;
  v_text text;
  v_key text;
  v_item jsonb;
  v_index integer;
  v_problem text;
  v_variant jsonb;
  v_http constant text := '^https?://[^[:space:]]+$';
  v_media constant text := '^media:[0-9a-f-]{36}/[A-Za-z0-9_.-]{1,120}$';
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    return null;
  end if;

  if jsonb_typeof(p_shape) = 'array' then
    if jsonb_typeof(p_value) <> 'array' then
      return p_path || ': invalid';
    end if;
    if jsonb_array_length(p_value) > 100 then
      return p_path || ': too_many';
    end if;
    for v_item, v_index in select value, ordinality - 1 from jsonb_array_elements(p_value) with ordinality loop
      v_problem := kasalan.json_shape_problem(v_item, p_shape -> 0, concat_ws('.', nullif(p_path, ''), v_index::text));
      if v_problem is not null then
        return v_problem;
      end if;
    end loop;
    return null;
  end if;

  if jsonb_typeof(p_shape) = 'object' then
    if jsonb_typeof(p_value) <> 'object' then
      return p_path || ': invalid';
    end if;
    for v_key in select jsonb_object_keys(p_value) loop
      if not p_shape ? v_key then
        return p_path || ': unknown_field';
      end if;
      v_problem := kasalan.json_shape_problem(p_value -> v_key, p_shape -> v_key, concat_ws('.', nullif(p_path, ''), v_key));
      if v_problem is not null then
        return v_problem;
      end if;
    end loop;
    return null;
  end if;

  v_kind := p_shape #>> '{}';

  if v_kind = 'image' then
    if jsonb_typeof(p_value) = 'string' then
      v_text := p_value #>> '{}';
      if char_length(v_text) > 2000 then
        return p_path || ': too_long';
      end if;
      return case when v_text ~* v_http then null else p_path || ': not_a_link' end;
    end if;
    if jsonb_typeof(p_value) <> 'object'
      or exists (select 1 from jsonb_object_keys(p_value) k where k not in ('src', 'width', 'height', 'alt', 'variants'))
      or jsonb_typeof(p_value -> 'width') is distinct from 'number'
      or jsonb_typeof(p_value -> 'height') is distinct from 'number'
      or coalesce(jsonb_typeof(p_value -> 'alt'), 'string') <> 'string'
      or char_length(coalesce(p_value ->> 'alt', '')) > 200
      or coalesce(jsonb_typeof(p_value -> 'variants'), 'array') <> 'array'
      or jsonb_array_length(coalesce(p_value -> 'variants', '[]')) > 4
    then
      return p_path || ': invalid';
    end if;
    for v_variant in select p_value union all select value from jsonb_array_elements(coalesce(p_value -> 'variants', '[]')) loop
      if jsonb_typeof(v_variant -> 'src') is distinct from 'string'
        or not (v_variant ->> 'src' ~ v_media or v_variant ->> 'src' ~* v_http)
      then
        return p_path || '.src: not_a_link';
      end if;
      if jsonb_typeof(v_variant -> 'width') is distinct from 'number'
        or jsonb_typeof(v_variant -> 'height') is distinct from 'number'
        or (v_variant ->> 'width')::numeric not between 1 and 10000
        or (v_variant ->> 'height')::numeric not between 1 and 10000
        or (v_variant ->> 'width')::numeric <> trunc((v_variant ->> 'width')::numeric)
        or (v_variant ->> 'height')::numeric <> trunc((v_variant ->> 'height')::numeric)
      then
        return p_path || ': invalid';
      end if;
    end loop;
    return null;
  end if;

  if jsonb_typeof(p_value) <> 'string' then
    return p_path || ': invalid';
  end if;
  v_text := p_value #>> '{}';

  return case
    when v_kind = 'line' then case when char_length(v_text) > 200 then p_path || ': too_long' end
    when v_kind = 'text' then case when char_length(v_text) > 5000 then p_path || ': too_long' end
    when v_kind = 'url' then case
      when char_length(v_text) > 2000 then p_path || ': too_long'
      when v_text !~* v_http then p_path || ': not_a_link'
    end
    when v_kind = 'embed' then case
      when char_length(v_text) > 5000 then p_path || ': too_long'
      when kasalan.video_embed_for_storage(v_text) is null then p_path || ': video_embed_not_allowed'
    end
    when v_kind = 'date' then case when v_text !~ '^\d{4}-\d{2}-\d{2}$' then p_path || ': not_a_date' end
    when v_kind = 'time' then case when v_text !~ '^([01]\d|2[0-3]):[0-5]\d$' then p_path || ': not_a_time' end
    when v_kind = 'color' then case when v_text !~* '^#([0-9a-f]{3}|[0-9a-f]{6})$' then p_path || ': not_a_colour' end
    when v_kind like 'enum:%' then case
      when not v_text = any (string_to_array(substr(v_kind, 6), '|')) then p_path || ': invalid'
    end
    else p_path || ': invalid'
  end;
end;
$$;

-- What is wrong with a section's data for its type, or null when nothing: not an object, larger
-- than 200,000 characters as JSON, or the first value that does not fit the type's shape. Used by
-- the save below and by the sections table's trigger. Helper; granted to authenticated.
create function kasalan.section_data_problem(p_type text, p_data jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_shape jsonb := kasalan.section_shape(p_type);
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
  return kasalan.json_shape_problem(p_data, v_shape, '');
end;
$$;

-- The data with every embed replaced by its stored form (kasalan.video_embed_for_storage); raises
-- video_embed_not_allowed (detail: where) for an embed that is not an allowed player. Leaves the
-- rest as it is for kasalan.section_data_problem to judge. Helper of save_section_content.
create function kasalan.sanitize_section_embeds(p_value jsonb, p_shape jsonb, p_path text)
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
        kasalan.sanitize_section_embeds(v_item, p_shape -> 0, concat_ws('.', nullif(p_path, ''), v_index::text))
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
          kasalan.sanitize_section_embeds(p_value -> v_key, p_shape -> v_key, concat_ws('.', nullif(p_path, ''), v_key))
        );
      end if;
    end loop;
    return v_result;
  end if;
  if p_shape = '"embed"'::jsonb and jsonb_typeof(p_value) = 'string' then
    if btrim(p_value #>> '{}') = '' then
      return 'null'::jsonb;
    end if;
    v_embed := kasalan.video_embed_for_storage(p_value #>> '{}');
    if v_embed is null then
      raise exception 'video_embed_not_allowed' using detail = p_path;
    end if;
    return to_jsonb(v_embed);
  end if;
  return p_value;
end;
$$;

revoke execute on function
  kasalan.section_shape(text),
  kasalan.video_embed_for_storage(text),
  kasalan.json_shape_problem(jsonb, jsonb, text),
  kasalan.section_data_problem(text, jsonb),
  kasalan.sanitize_section_embeds(jsonb, jsonb, text)
from public, anon;
grant execute on function
  kasalan.section_shape(text),
  kasalan.video_embed_for_storage(text),
  kasalan.json_shape_problem(jsonb, jsonb, text),
  kasalan.section_data_problem(text, jsonb),
  kasalan.sanitize_section_embeds(jsonb, jsonb, text)
to authenticated;

-- Holds every write of a section's data to its type's shape (section_data_invalid, detail: where
-- and why), and moves content_updated_at when the title or data changed. Trigger function only.
create function kasalan.check_section_content()
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
  v_problem := kasalan.section_data_problem(new.type, new.data);
  if v_problem is not null then
    raise exception 'section_data_invalid' using detail = v_problem;
  end if;
  if tg_op = 'UPDATE' and (new.data is distinct from old.data or new.title is distinct from old.title) then
    new.content_updated_at := clock_timestamp();
  end if;
  return new;
end;
$$;

revoke execute on function kasalan.check_section_content() from public, anon, authenticated;

create trigger sections_check_content before insert or update on kasalan.sections
  for each row execute function kasalan.check_section_content();

-- =============================================================================================
-- Functions: the content editor
-- =============================================================================================

-- One section for the content editor: {section: Section, contentUpdatedAt}. Raises
-- section_not_found when it does not exist or the caller may not manage its wedding. Called by
-- the content editor; granted to authenticated.
create function kasalan.get_section_content(p_section_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_section kasalan.sections;
begin
  select * into v_section from kasalan.sections s where s.id = p_section_id;
  if not found or not kasalan.can_manage(v_section.wedding_id) then
    raise exception 'section_not_found';
  end if;
  return jsonb_build_object(
    'section', kasalan.section_json(v_section),
    'contentUpdatedAt', v_section.content_updated_at
  );
end;
$$;

revoke execute on function kasalan.get_section_content(uuid) from public, anon;
grant execute on function kasalan.get_section_content(uuid) to authenticated;

-- Saves ONE section's content (its title and data) and returns it as get_section_content does.
-- `p_base_content_updated_at` is the contentUpdatedAt the editor loaded: if the content changed
-- since (another device, another tab), nothing is saved and section_content_conflict is raised;
-- null saves regardless. Embeds are reduced to their allowed player (video_embed_not_allowed
-- otherwise); the data must fit its type (section_data_invalid, section_data_too_large); the title
-- is at most 200 characters (invalid_input). Never touches order, visibility, path or type (the
-- builder's). Called by the content editor; granted to authenticated.
create function kasalan.save_section_content(
  p_section_id uuid,
  p_title text,
  p_data jsonb,
  p_base_content_updated_at timestamptz default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_section kasalan.sections;
  v_title text := btrim(coalesce(p_title, ''));
  v_data jsonb;
  v_problem text;
begin
  select * into v_section from kasalan.sections s where s.id = p_section_id for update;
  if not found or not kasalan.can_manage(v_section.wedding_id) then
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

  v_data := kasalan.sanitize_section_embeds(p_data, kasalan.section_shape(v_section.type), '');
  v_problem := kasalan.section_data_problem(v_section.type, v_data);
  if v_problem is not null then
    raise exception 'section_data_invalid' using detail = v_problem;
  end if;

  update kasalan.sections s
  set title = v_title,
      data = v_data
  where s.id = p_section_id
  returning * into v_section;

  return jsonb_build_object(
    'section', kasalan.section_json(v_section),
    'contentUpdatedAt', v_section.content_updated_at
  );
end;
$$;

revoke execute on function kasalan.save_section_content(uuid, text, jsonb, timestamptz) from public, anon;
grant execute on function kasalan.save_section_content(uuid, text, jsonb, timestamptz) to authenticated;

-- =============================================================================================
-- Functions: photos
-- =============================================================================================

-- The wedding a photo's path belongs to (its first folder), or null when that is not an id.
-- Helper of the storage policies and the functions below; granted to authenticated.
create function kasalan.media_wedding_id(p_path text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when split_part(p_path, '/', 1) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then split_part(p_path, '/', 1)::uuid
  end
$$;

revoke execute on function kasalan.media_wedding_id(text) from public, anon;
grant execute on function kasalan.media_wedding_id(text) to authenticated;

-- True when the caller may see the photo at this path: anyone once its wedding's site is
-- published, its couple always. Security definer because a visitor cannot read weddings; reveals
-- only that one fact. Used by the storage read policy and get_media_object; granted to anon and
-- authenticated (a deliberate public call: visitors' photo reads go through it).
create function kasalan.media_readable(p_path text)
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
      and (w.is_published or w.user_id = (select auth.uid()))
  )
$$;

revoke execute on function kasalan.media_readable(text) from public;
grant execute on function kasalan.media_readable(text) to anon, authenticated;

-- Stores one photo in the embedded database (`p_content` is base64) and returns {path}. Raises
-- wedding_not_found (not the caller's wedding), invalid_input (a path outside the wedding's
-- folder or already taken, content that is not base64), media_type_not_allowed (not webp, jpeg or
-- png), media_too_large (over 2 MB). Called by the embedded media adapter; granted to authenticated.
create function kasalan.put_media_object(p_wedding_id uuid, p_path text, p_content_type text, p_content text)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_bytes bytea;
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  if p_path is null
    or p_path !~ '^[0-9a-f-]{36}/[A-Za-z0-9_.-]{1,120}$'
    or kasalan.media_wedding_id(p_path) is distinct from p_wedding_id
  then
    raise exception 'invalid_input' using detail = 'path must be in the wedding''s folder';
  end if;
  if p_content_type is null or p_content_type not in ('image/webp', 'image/jpeg', 'image/png') then
    raise exception 'media_type_not_allowed';
  end if;
  if p_content is null or char_length(p_content) > 2800000 then
    raise exception 'media_too_large';
  end if;
  begin
    v_bytes := decode(p_content, 'base64');
  exception when others then
    raise exception 'invalid_input' using detail = 'content must be base64';
  end;
  if octet_length(v_bytes) > 2097152 then
    raise exception 'media_too_large';
  end if;
  begin
    insert into kasalan.media_objects (path, wedding_id, content_type, content)
    values (p_path, p_wedding_id, p_content_type, v_bytes);
  exception when unique_violation then
    raise exception 'invalid_input' using detail = 'a photo with this path exists';
  end;
  return jsonb_build_object('path', p_path);
end;
$$;

revoke execute on function kasalan.put_media_object(uuid, text, text, text) from public, anon;
grant execute on function kasalan.put_media_object(uuid, text, text, text) to authenticated;

-- One photo from the embedded database: {contentType, content (base64)}, or null when there is no
-- such photo or the caller may not see it (the wedding is unpublished and not theirs). A public
-- call, like get_site: security definer, checks kasalan.media_readable inside. Granted to anon and
-- authenticated.
create function kasalan.get_media_object(p_path text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'contentType', m.content_type,
    'content', translate(encode(m.content, 'base64'), E'\n', '')
  )
  from kasalan.media_objects m
  where m.path = p_path
    and kasalan.media_readable(m.path)
$$;

revoke execute on function kasalan.get_media_object(text) from public;
grant execute on function kasalan.get_media_object(text) to anon, authenticated;

-- Deletes photos of a wedding from the embedded database (`p_paths`: a list of paths; those of
-- other weddings are ignored);
-- returns how many were deleted. Raises wedding_not_found. Called by the embedded media adapter
-- once a save has dropped a photo from the content; granted to authenticated.
create function kasalan.delete_media_objects(p_wedding_id uuid, p_paths jsonb)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  delete from kasalan.media_objects m
  where m.wedding_id = p_wedding_id
    and m.path in (select jsonb_array_elements_text(case when jsonb_typeof(p_paths) = 'array' then p_paths else '[]' end));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke execute on function kasalan.delete_media_objects(uuid, jsonb) from public, anon;
grant execute on function kasalan.delete_media_objects(uuid, jsonb) to authenticated;

-- The uploaded photos (`<wedding id>/<file>`) that the wedding's content still names anywhere, so
-- the client deletes only files no section uses. Raises wedding_not_found. Granted to authenticated.
create function kasalan.media_in_use(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  return coalesce(
    (
      select jsonb_agg(distinct substr(m[1], 7))
      from kasalan.sections s,
        regexp_matches(s.data::text, '(media:[0-9a-f-]{36}/[A-Za-z0-9_.-]{1,120})', 'g') m
      where s.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.media_in_use(uuid) from public, anon;
grant execute on function kasalan.media_in_use(uuid) to authenticated;

-- =============================================================================================
-- Supabase Storage (only where the storage schema exists: not in the embedded database)
-- =============================================================================================

-- A private bucket: only the wedding's couple writes under `<wedding id>/`, and a file is read
-- (signed addresses included) only by its couple or, once the site is published, by anyone.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('site-media', 'site-media', false, 2097152, array['image/webp', 'image/jpeg', 'image/png'])
    on conflict (id) do nothing;

    create policy "Site photos can be read by the couple, and by anyone once the site is published"
      on storage.objects for select to anon, authenticated
      using (bucket_id = 'site-media' and kasalan.media_readable(name));
    create policy "Site photos can be added by the wedding's owner"
      on storage.objects for insert to authenticated
      with check (bucket_id = 'site-media' and kasalan.can_manage(kasalan.media_wedding_id(name)));
    create policy "Site photos can be replaced by the wedding's owner"
      on storage.objects for update to authenticated
      using (bucket_id = 'site-media' and kasalan.can_manage(kasalan.media_wedding_id(name)))
      with check (bucket_id = 'site-media' and kasalan.can_manage(kasalan.media_wedding_id(name)));
    create policy "Site photos can be deleted by the wedding's owner"
      on storage.objects for delete to authenticated
      using (bucket_id = 'site-media' and kasalan.can_manage(kasalan.media_wedding_id(name)));
  end if;
end;
$$;

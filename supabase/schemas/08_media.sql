-- Kasalan media: the site's photos (a row per stored object), which content uses them, and, on
-- hosted Supabase, the Storage bucket and its policies.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- Uploaded photos kept in the embedded database (local mode). On hosted Supabase the photos are in
-- Storage and this table stays empty. `path` is `<wedding id>/<file>`, as in Storage.
create table kasalan.media_objects (
  path text not null,
  wedding_id uuid not null,
  user_id uuid not null default auth.uid(),
  content_type text not null,
  content bytea not null,
  created_at timestamptz not null default now(),
  constraint media_objects_pkey primary key (path),
  constraint media_objects_content_check check (octet_length(content) <= 2097152),
  constraint media_objects_content_type_check check (content_type in ('image/webp', 'image/jpeg', 'image/png')),
  constraint media_objects_in_wedding_folder check (split_part(path, '/', 1) = (wedding_id)::text),
  constraint media_objects_path_format check (path ~ '^[0-9a-f-]{36}/[A-Za-z0-9_.-]{1,120}$'),
  constraint media_objects_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade,
  constraint media_objects_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.media_objects enable row level security;
revoke all on kasalan.media_objects from public, anon, authenticated;
grant select on kasalan.media_objects to authenticated;

create index media_objects_user_id_idx on kasalan.media_objects (user_id);

create index media_objects_wedding_id_idx on kasalan.media_objects (wedding_id);

-- =============================================================================================
-- Functions
-- =============================================================================================

-- The wedding a photo's path belongs to (its first folder), or null when that is not an id.
-- Helper of the storage policies and the functions below; executed by the callers only where
-- Storage's policies exist (granted with them, at the end of this file).
create or replace function kasalan_private.media_wedding_id(p_path text)
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

revoke execute on function kasalan_private.media_wedding_id(p_path text) from public, anon, authenticated;

-- Whether a stored photo may be read: when its wedding is published, or by the wedding's
-- members. Used by the
-- storage policies; executed by the callers only where Storage's policies exist (granted with
-- them, at the end of this file).
create or replace function kasalan_private.media_readable(p_path text)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select exists (
    select 1
    from kasalan.weddings w
    where w.id = kasalan_private.media_wedding_id(p_path)
      and (w.is_published or kasalan_private.can(w.id, 'view'))
  )
$$;

revoke execute on function kasalan_private.media_readable(p_path text) from public, anon, authenticated;

-- Stores one photo in the embedded database (`p_content` is base64) and returns {path}. Raises
-- wedding_not_found (not the caller's wedding), invalid_input (a path outside the wedding's
-- folder or already taken, content that is not base64), media_type_not_allowed (not webp, jpeg or
-- png), media_too_large (over 2 MB). Called by the embedded media adapter; granted to authenticated.
create or replace function kasalan.put_media_object(p_wedding_id uuid, p_path text, p_content_type text, p_content text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_bytes bytea;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  if p_path is null
    or p_path !~ '^[0-9a-f-]{36}/[A-Za-z0-9_.-]{1,120}$'
    or kasalan_private.media_wedding_id(p_path) is distinct from p_wedding_id
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

revoke execute on function kasalan.put_media_object(p_wedding_id uuid, p_path text, p_content_type text, p_content text) from public, anon;
grant execute on function kasalan.put_media_object(p_wedding_id uuid, p_path text, p_content_type text, p_content text) to authenticated;

-- One photo from the embedded database: {contentType, content (base64)}, or null when there is no
-- such photo or the caller may not see it (the wedding is unpublished and not theirs). A public
-- call, like get_site: security definer, checks kasalan.media_readable inside. Granted to anon and
-- authenticated.
create or replace function kasalan.get_media_object(p_path text)
returns jsonb
language sql
stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'contentType', m.content_type,
    'content', translate(encode(m.content, 'base64'), E'\n', '')
  )
  from kasalan.media_objects m
  where m.path = p_path
    and kasalan_private.media_readable(m.path)
$$;

revoke execute on function kasalan.get_media_object(p_path text) from public;
grant execute on function kasalan.get_media_object(p_path text) to anon, authenticated;

-- Deletes photos of a wedding from the embedded database (`p_paths`: a list of paths; those of
-- other weddings are ignored);
-- returns how many were deleted. Raises wedding_not_found. Called by the embedded media adapter
-- once a save has dropped a photo from the content; granted to authenticated.
create or replace function kasalan.delete_media_objects(p_wedding_id uuid, p_paths jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
  delete from kasalan.media_objects m
  where m.wedding_id = p_wedding_id
    and m.path in (select jsonb_array_elements_text(case when jsonb_typeof(p_paths) = 'array' then p_paths else '[]' end));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke execute on function kasalan.delete_media_objects(p_wedding_id uuid, p_paths jsonb) from public, anon;
grant execute on function kasalan.delete_media_objects(p_wedding_id uuid, p_paths jsonb) to authenticated;

-- The uploaded photos (`<wedding id>/<file>`) that the wedding's content still names anywhere, so
-- the client deletes only files no section uses. Raises wedding_not_found. Granted to authenticated.
create or replace function kasalan.media_in_use(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'manage');
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

revoke execute on function kasalan.media_in_use(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.media_in_use(p_wedding_id uuid) to authenticated;

-- =============================================================================================
-- Row-level security
-- =============================================================================================

create policy "Photos can be read by the wedding's owner"
  on kasalan.media_objects for select to authenticated
  using (kasalan_private.can_manage(wedding_id));

-- =============================================================================================
-- Supabase Storage (only where the storage schema exists: not in the embedded database)
-- =============================================================================================

-- A private bucket: only the wedding's couple writes under `<wedding id>/`, and a file is read
-- (signed addresses included) only by its couple or, once the site is published, by anyone. The
-- policies run their helpers with the caller's rights, so the callers get those helpers here.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('site-media', 'site-media', false, 2097152, array['image/webp', 'image/jpeg', 'image/png'])
    on conflict (id) do nothing;

    create policy "Site photos can be read by the couple, and by anyone once the site is published"
      on storage.objects for select to anon, authenticated
      using (bucket_id = 'site-media' and kasalan_private.media_readable(name));
    create policy "Site photos can be added by the wedding's owner"
      on storage.objects for insert to authenticated
      with check (bucket_id = 'site-media' and kasalan_private.can_manage(kasalan_private.media_wedding_id(name)));
    create policy "Site photos can be replaced by the wedding's owner"
      on storage.objects for update to authenticated
      using (bucket_id = 'site-media' and kasalan_private.can_manage(kasalan_private.media_wedding_id(name)))
      with check (bucket_id = 'site-media' and kasalan_private.can_manage(kasalan_private.media_wedding_id(name)));
    create policy "Site photos can be deleted by the wedding's owner"
      on storage.objects for delete to authenticated
      using (bucket_id = 'site-media' and kasalan_private.can_manage(kasalan_private.media_wedding_id(name)));

    grant execute on function kasalan_private.media_readable(text) to anon, authenticated;
    grant execute on function kasalan_private.media_wedding_id(text) to authenticated;
  end if;
end;
$$;

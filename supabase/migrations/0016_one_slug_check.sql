-- One form of the address check: the one-argument check_wedding_slug(text) and slug_status(text)
-- had no caller in the app (the builder always names its wedding); the two-argument form now takes
-- a missing wedding as a new one. The current definitions live in supabase/schemas/04_site.sql.

drop function kasalan.check_wedding_slug(p_slug text);
drop function kasalan_private.slug_status(p_slug text);

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

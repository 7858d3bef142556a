-- Kasalan link previews: what a chat app shows when a wedding's address or a household's
-- invitation link is pasted (Messenger, Viber, WhatsApp, Facebook). The public site is a static
-- page that names nobody until its JavaScript runs, and the apps' crawlers run none; the
-- link-preview Edge Function (supabase/functions/link-preview) answers them from this call.

-- =============================================================================================
-- Functions
-- =============================================================================================

-- What a chat app's link preview may show of a wedding's site, for the link-preview Edge Function:
-- {slug, bride: {firstName}, groom: {firstName}, date, venue, city, siteLanguage, theme, heroImage}
-- for a published wedding, found by its address (p_slug, current or earlier) or by one of its
-- households' invitation tokens (p_token, compared exactly; used when given). Only what the
-- published site's first screen shows: the couple's first names, the date and place (the home
-- section's own when the wedding has none, as the site does), the theme's name and the visible
-- home section's photo (null: the theme's art). A household's link gives its wedding's preview and
-- nothing of the household, and opening it here records nothing (a chat app's crawler is not the
-- guest). An unknown address or token, and a wedding not published (whoever asks), give null alike,
-- after the same one lookup. Granted to anon and authenticated.
create or replace function kasalan.get_link_preview(p_slug text, p_token text)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_home jsonb;
  v_place jsonb;
begin
  if p_token is not null then
    select w.* into v_wedding
    from kasalan.households g
    join kasalan.weddings w on w.id = g.wedding_id
    where g.invitation_token = left(p_token, 64);
  else
    select w.* into v_wedding
    from kasalan.wedding_addresses a
    join kasalan.weddings w on w.id = a.wedding_id
    where a.address = left(coalesce(p_slug, ''), 63);
  end if;
  if v_wedding.id is null or not v_wedding.is_published then
    return null;
  end if;

  select s.data into v_home
  from kasalan.sections s
  where s.wedding_id = v_wedding.id and s.type = 'home' and s.visible
  order by s.order_index, s.created_at, s.id
  limit 1;
  v_place := case
    when btrim(v_wedding.venue) <> '' or btrim(v_wedding.city) <> ''
      then jsonb_build_object('venue', v_wedding.venue, 'city', v_wedding.city)
    else coalesce(v_home #> '{wedding,location}', '{}'::jsonb)
  end;

  return jsonb_build_object(
    'slug', v_wedding.slug,
    'bride', jsonb_build_object('firstName', v_wedding.bride ->> 'firstName'),
    'groom', jsonb_build_object('firstName', v_wedding.groom ->> 'firstName'),
    'date', coalesce(v_wedding.date::text, v_home #>> '{wedding,date}'),
    'venue', case when jsonb_typeof(v_place -> 'venue') = 'string' then btrim(v_place ->> 'venue') end,
    'city', case when jsonb_typeof(v_place -> 'city') = 'string' then btrim(v_place ->> 'city') end,
    'siteLanguage', v_wedding.site_language,
    'theme', coalesce(v_wedding.theme ->> 'name', 'classic'),
    'heroImage', v_home #> '{header,image}'
  );
end;
$$;

revoke execute on function kasalan.get_link_preview(p_slug text, p_token text) from public;
grant execute on function kasalan.get_link_preview(p_slug text, p_token text) to anon, authenticated;

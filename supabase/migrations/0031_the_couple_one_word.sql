-- 0031: the couple, one word. get_site calls its reader `isCouple` (the owner or the partner,
-- kasalan_private.can_manage), the word the app and the screens use; it was `isOwner`, true for
-- the partner too. And the RSVP history says who made a change as its reader should read it:
-- `byMe`, and the member's name (`changedByName`). Its `changedBy` says 'couple' for the owner
-- alone, so a partner read the owner's changes as "by you" and their own as "by a helper".

-- =============================================================================================
-- rsvp
-- =============================================================================================

create or replace function kasalan.list_rsvp_changes(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'rsvps');
  return jsonb_build_object(
    'lastSeenAt', (
      select s.seen_at from kasalan.rsvp_changes_seen s
      where s.wedding_id = p_wedding_id and s.user_id = (select auth.uid())
    ),
    'changes', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', c.id,
            'householdId', c.household_id,
            'personId', c.person_id,
            'firstName', n.first_name,
            'lastName', n.last_name,
            'changedAt', c.changed_at,
            'changedBy', c.changed_by,
            -- Who on the wedding's side made it, as the reader should read it: themselves, or the
            -- member by the name they are shown under (null for a guest, or a member who left).
            'byMe', coalesce(c.changed_by_user = (select auth.uid()), false),
            'changedByName', (
              select nullif(m.display_name, '') from kasalan.wedding_members m
              where m.wedding_id = c.wedding_id and m.user_id = c.changed_by_user
            ),
            'previous', c.previous,
            'current', c.current
          )
          order by c.changed_at desc, c.id
        )
        from (
          select * from kasalan.rsvp_changes c
          where c.wedding_id = p_wedding_id
          order by c.changed_at desc, c.id
          limit 100
        ) c
        cross join lateral (
          select p.first_name, p.last_name
          from kasalan.persons p
          where p.household_id = c.household_id and (c.person_id is null or p.id = c.person_id)
          order by p.id <> c.person_id, p.position
          limit 1
        ) n
      ),
      '[]'::jsonb
    ),
    'probes', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'kind', r.kind,
            'scope', case when r.caller = '*' then 'wedding' else 'caller' end,
            'at', r.reached_at
          )
          order by r.reached_at desc
        )
        from kasalan.rate_probes r
        where r.wedding_id = p_wedding_id and r.reached_at > now() - interval '60 days'
      ),
      '[]'::jsonb
    )
  );
end;
$$;

-- =============================================================================================
-- site
-- =============================================================================================

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


-- Invitations and follow-ups: a personal link per household, sending it through the channels
-- Filipino guests answer (Messenger, Viber, WhatsApp, SMS, e-mail, copy, the phone's share sheet),
-- and knowing who was invited, who opened their link and who answered.
--
-- - The household's link is /i/<invitation_code> (0009's code). Opening it is a public call that
--   records "opened" in the database (no cookies, no pixels) and hands back where the RSVP is.
--   The couple can renew a household's code: the old link stops working at once.
-- - Every send the couple makes (invitation or reminder, and through which channel) is kept in
--   kasalan.invitation_sends; an e-mail send is also added to each person's e-mail history.
-- - The messages come from templates the couple edits, kept on the wedding.
-- New codes (see docs/database-contract.md): household_not_found (reused), invitation_not_found,
-- invitation_no_email, invitation_no_phone.

-- =============================================================================================
-- Tables
-- =============================================================================================

alter table kasalan.guests
  -- The first time the household's own link was opened by someone other than the couple.
  add column invitation_opened_at timestamptz,
  -- The latest time it was opened.
  add column invitation_last_opened_at timestamptz;

-- The couple's message templates: {invitation: {fil, en}, reminder: {fil, en}}, each at most 1000
-- characters; a missing one means the app's default wording.
alter table kasalan.weddings
  add column invitation_templates jsonb not null default '{}'
    constraint weddings_invitation_templates_object check (jsonb_typeof(invitation_templates) = 'object');

-- Every invitation or reminder the couple sent to a household, and how. Written only by
-- kasalan.record_invitation; read through kasalan.list_invitations.
create table kasalan.invitation_sends (
  id uuid primary key default extensions.gen_random_uuid(),
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  guest_id uuid not null references kasalan.guests (id) on delete cascade,
  kind text not null check (kind in ('invitation', 'reminder')),
  channel text not null check (channel in ('messenger', 'viber', 'whatsapp', 'sms', 'email', 'copy', 'share')),
  -- The address an e-mail went to (null for the other channels).
  address text check (char_length(address) <= 254),
  sent_at timestamptz not null default now(),
  sent_by uuid default auth.uid() references auth.users (id) on delete set null
);

create index invitation_sends_guest_id_sent_at_idx on kasalan.invitation_sends (guest_id, sent_at desc);
create index invitation_sends_wedding_id_idx on kasalan.invitation_sends (wedding_id);
create index invitation_sends_sent_by_idx on kasalan.invitation_sends (sent_by);

alter table kasalan.invitation_sends enable row level security;
revoke all on kasalan.invitation_sends from public, anon, authenticated;

-- =============================================================================================
-- Helpers
-- =============================================================================================

-- A code as a guest may type it (lower case, spaces, dashes), in its stored form. Helper of the
-- public call.
create function kasalan.normalize_invitation_code(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(left(coalesce(p_code, ''), 40), '[^A-Za-z0-9]', '', 'g'))
$$;

revoke execute on function kasalan.normalize_invitation_code(text) from public, anon, authenticated;

-- One household as the invitations screen shows it: {guestId, code, email, phone, persons: [{id,
-- firstName, lastName}], state, invitedAt, invitedVia, lastSentAt, lastChannel, sends, openedAt,
-- lastOpenedAt, answered, answeredAt}. state is 'answered' (someone in it answered), else 'opened',
-- else 'invited', else 'not_invited'. Helper of the functions below.
create function kasalan.invitation_json(p_guest kasalan.guests)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'guestId', p_guest.id,
    'code', p_guest.invitation_code,
    'email', p_guest.email,
    'phone', p_guest.phone,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name)
          order by p.position, p.created_at, p.id
        )
        from kasalan.persons p
        where p.guest_id = p_guest.id
      ),
      '[]'::jsonb
    ),
    'state', case
      when a.answered_at is not null or a.answered then 'answered'
      when p_guest.invitation_opened_at is not null then 'opened'
      when s.first_at is not null then 'invited'
      else 'not_invited'
    end,
    'invitedAt', s.first_at,
    'invitedVia', s.first_channel,
    'lastSentAt', s.last_at,
    'lastChannel', s.last_channel,
    'sends', coalesce(s.sends, 0),
    'openedAt', p_guest.invitation_opened_at,
    'lastOpenedAt', p_guest.invitation_last_opened_at,
    'answered', coalesce(a.answered, false),
    'answeredAt', a.answered_at
  )
  from (
    select
      bool_or(p.is_attending is not null) as answered,
      max(p.responded_at) filter (where p.is_attending is not null) as answered_at
    from kasalan.persons p
    where p.guest_id = p_guest.id
  ) a
  cross join (
    select
      count(*) as sends,
      min(x.sent_at) as first_at,
      (array_agg(x.channel order by x.sent_at, x.id))[1] as first_channel,
      max(x.sent_at) as last_at,
      (array_agg(x.channel order by x.sent_at desc, x.id))[1] as last_channel
    from kasalan.invitation_sends x
    where x.guest_id = p_guest.id
  ) s
$$;

revoke execute on function kasalan.invitation_json(kasalan.guests) from public, anon, authenticated;

-- =============================================================================================
-- The couple's calls
-- =============================================================================================

-- The wedding's invitations: {templates, households} where households is every household as
-- kasalan.invitation_json gives it, in the guest list's order. Raises wedding_not_found unless the
-- caller manages the wedding. Called by the invitations screen; granted to authenticated.
create function kasalan.list_invitations(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'invitations') then
    raise exception 'wedding_not_found';
  end if;
  return jsonb_build_object(
    'templates', (select w.invitation_templates from kasalan.weddings w where w.id = p_wedding_id),
    'households', coalesce(
      (
        select jsonb_agg(kasalan.invitation_json(g) order by g.created_at, g.id)
        from kasalan.guests g
        where g.wedding_id = p_wedding_id
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan.list_invitations(uuid) from public, anon;
grant execute on function kasalan.list_invitations(uuid) to authenticated;

-- Records that the couple sent an invitation or a reminder (p_kind) to each of p_guest_ids (a JSON
-- list of household ids) through
-- p_channel, now. An e-mail needs the household's e-mail address (invitation_no_email) and is added
-- to each person's e-mail history ({sentAt, address, kind}); SMS and WhatsApp need its phone
-- (invitation_no_phone). All or nothing: a household not of this wedding raises
-- household_not_found and records none. Returns the households as list_invitations shows them.
-- Raises wedding_not_found, invalid_input. Called by the send dialog; granted to authenticated.
create function kasalan.record_invitation(p_wedding_id uuid, p_guest_ids jsonb, p_channel text, p_kind text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_guest kasalan.guests;
  v_ids uuid[];
  v_count integer;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'invitations') then
    raise exception 'wedding_not_found';
  end if;
  if p_kind is null or p_kind not in ('invitation', 'reminder') then
    raise exception 'invalid_input' using detail = 'kind must be invitation or reminder';
  end if;
  if p_channel is null or p_channel not in ('messenger', 'viber', 'whatsapp', 'sms', 'email', 'copy', 'share') then
    raise exception 'invalid_input' using detail = 'unknown channel';
  end if;
  if jsonb_typeof(p_guest_ids) is distinct from 'array'
    or exists (select 1 from jsonb_array_elements(p_guest_ids) e where jsonb_typeof(e) <> 'string'
      or e #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
  then
    raise exception 'invalid_input' using detail = 'guestIds must be a list of ids';
  end if;
  select coalesce(array_agg(distinct (e #>> '{}')::uuid), '{}') into v_ids from jsonb_array_elements(p_guest_ids) e;
  v_count := cardinality(v_ids);
  if v_count = 0 or v_count > 2000 then
    raise exception 'invalid_input' using detail = 'between 1 and 2000 households';
  end if;

  for v_guest in
    select * from kasalan.guests g
    where g.id = any (v_ids) and g.wedding_id = p_wedding_id
    order by g.id
    for update
  loop
    if p_channel = 'email' and v_guest.email is null then
      raise exception 'invitation_no_email';
    end if;
    if p_channel in ('sms', 'whatsapp') and v_guest.phone is null then
      raise exception 'invitation_no_phone';
    end if;
    insert into kasalan.invitation_sends (wedding_id, guest_id, kind, channel, address)
    values (p_wedding_id, v_guest.id, p_kind, p_channel, case when p_channel = 'email' then v_guest.email end);
    if p_channel = 'email' then
      update kasalan.persons p
      set email_history = p.email_history || jsonb_build_array(
        jsonb_build_object('sentAt', now(), 'address', v_guest.email, 'kind', p_kind)
      )
      where p.guest_id = v_guest.id;
    end if;
  end loop;

  if (select count(*) from kasalan.guests g where g.id = any (v_ids) and g.wedding_id = p_wedding_id) <> v_count then
    raise exception 'household_not_found';
  end if;

  return (
    select jsonb_agg(kasalan.invitation_json(g) order by g.created_at, g.id)
    from kasalan.guests g
    where g.id = any (v_ids)
  );
end;
$$;

revoke execute on function kasalan.record_invitation(uuid, jsonb, text, text) from public, anon;
grant execute on function kasalan.record_invitation(uuid, jsonb, text, text) to authenticated;

-- Gives one household a new invitation code: its old link and code stop working at once, and
-- "opened" starts again for the new link. Returns the household as list_invitations shows it.
-- Raises wedding_not_found, household_not_found. Called by the invitations screen; granted to
-- authenticated.
create function kasalan.renew_invitation_code(p_wedding_id uuid, p_guest_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_guest kasalan.guests;
  v_attempt integer := 0;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'invitations') then
    raise exception 'wedding_not_found';
  end if;
  loop
    v_attempt := v_attempt + 1;
    begin
      update kasalan.guests g
      set invitation_code = kasalan.new_invitation_code(),
          invitation_opened_at = null,
          invitation_last_opened_at = null
      where g.id = p_guest_id and g.wedding_id = p_wedding_id
      returning * into v_guest;
      exit;
    exception when unique_violation then
      -- Two households drew the same code (about one in 10^11): draw again.
      if v_attempt >= 5 then
        raise;
      end if;
    end;
  end loop;
  if v_guest.id is null then
    raise exception 'household_not_found';
  end if;
  return kasalan.invitation_json(v_guest);
end;
$$;

revoke execute on function kasalan.renew_invitation_code(uuid, uuid) from public, anon;
grant execute on function kasalan.renew_invitation_code(uuid, uuid) to authenticated;

-- Saves the couple's message templates: p_templates is {invitation?: {fil?, en?}, reminder?: {fil?,
-- en?}}, each text at most 1000 characters; a blank or missing one goes back to the default
-- wording. Returns the saved templates. Raises wedding_not_found, invalid_input. Called by the
-- templates form; granted to authenticated.
create function kasalan.save_invitation_templates(p_wedding_id uuid, p_templates jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_kind text;
  v_language text;
  v_text text;
  v_saved jsonb := '{}';
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'invitations') then
    raise exception 'wedding_not_found';
  end if;
  if jsonb_typeof(p_templates) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'templates must be an object';
  end if;
  foreach v_kind in array array['invitation', 'reminder'] loop
    if p_templates ? v_kind and jsonb_typeof(p_templates -> v_kind) not in ('object', 'null') then
      raise exception 'invalid_input' using detail = format('%s must be an object', v_kind);
    end if;
    foreach v_language in array array['fil', 'en'] loop
      v_text := kasalan.json_text(coalesce(p_templates -> v_kind, '{}'), v_language, 1000);
      if v_text is not null then
        v_saved := jsonb_set(v_saved, array[v_kind], coalesce(v_saved -> v_kind, '{}') || jsonb_build_object(v_language, v_text));
      end if;
    end loop;
  end loop;
  update kasalan.weddings w set invitation_templates = v_saved where w.id = p_wedding_id;
  return v_saved;
end;
$$;

revoke execute on function kasalan.save_invitation_templates(uuid, jsonb) from public, anon;
grant execute on function kasalan.save_invitation_templates(uuid, jsonb) to authenticated;

-- =============================================================================================
-- The guest's call
-- =============================================================================================

-- A guest opens their household's link (/i/<code>) or types its code: returns {slug, guestId,
-- personId} (the household's first person) for the RSVP page, and records that the link was
-- opened, unless the caller manages the wedding (the couple trying their own link). The code is
-- read as a guest may type it (case, spaces and dashes ignored). A wrong or renewed code, or a
-- wedding not published, raises invitation_not_found and reveals nothing else; visitors are rate
-- limited per wedding like RSVP loads (rate_limited). With 31^8 codes, guessing one is hopeless
-- long before any limit. Granted to anon and authenticated.
create function kasalan.open_invitation(p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := kasalan.normalize_invitation_code(p_code);
  v_guest kasalan.guests;
  v_wedding kasalan.weddings;
  v_manages boolean;
  v_person_id uuid;
begin
  if v_code !~ '^[2-9A-HJKMNP-Z]{8}$' then
    raise exception 'invitation_not_found';
  end if;
  select * into v_guest from kasalan.guests g where g.invitation_code = v_code;
  if not found then
    raise exception 'invitation_not_found';
  end if;
  select * into v_wedding from kasalan.weddings w where w.id = v_guest.wedding_id;
  v_manages := (select auth.uid()) is not null and kasalan.can(v_wedding.id, 'view');
  if not (v_wedding.is_published or v_manages) then
    raise exception 'invitation_not_found';
  end if;
  select p.id into v_person_id from kasalan.persons p
  where p.guest_id = v_guest.id
  order by p.position, p.created_at, p.id
  limit 1;
  if v_person_id is null then
    raise exception 'invitation_not_found';
  end if;

  if not v_manages then
    perform kasalan.rate_limit(v_wedding.id, 'rsvp');
    update kasalan.guests g
    set invitation_opened_at = coalesce(g.invitation_opened_at, now()),
        invitation_last_opened_at = now()
    where g.id = v_guest.id;
  end if;

  return jsonb_build_object('slug', v_wedding.slug, 'guestId', v_guest.id, 'personId', v_person_id);
end;
$$;

revoke execute on function kasalan.open_invitation(text) from public;
grant execute on function kasalan.open_invitation(text) to anon, authenticated;

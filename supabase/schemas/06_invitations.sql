-- Kasalan invitations: each household's link and code, the record of invitations and reminders
-- sent, e-mail sending with its daily cap, and the message templates.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- Every invitation or reminder the couple sent to a household, and how. Written only by
-- kasalan.record_invitation; read through kasalan.list_invitations.
create table kasalan.invitation_sends (
  id uuid not null default extensions.gen_random_uuid(),
  wedding_id uuid not null,
  household_id uuid not null,
  kind text not null,
  channel text not null,
  -- The address an e-mail went to (null for the other channels).
  address text,
  sent_at timestamptz not null default now(),
  sent_by uuid default auth.uid(),
  constraint invitation_sends_pkey primary key (id),
  constraint invitation_sends_address_check check (char_length(address) <= 254),
  constraint invitation_sends_address_clean check (kasalan_private.text_is_clean(address, 'address')),
  constraint invitation_sends_channel_check check (channel in ('messenger', 'viber', 'whatsapp', 'sms', 'email', 'copy', 'share')),
  constraint invitation_sends_kind_check check (kind in ('invitation', 'reminder')),
  constraint invitation_sends_household_id_fkey foreign key (household_id) references kasalan.households(id) on delete cascade,
  constraint invitation_sends_sent_by_fkey foreign key (sent_by) references auth.users(id) on delete set null,
  constraint invitation_sends_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.invitation_sends enable row level security;
revoke all on kasalan.invitation_sends from public, anon, authenticated;

create index invitation_sends_household_id_sent_at_idx on kasalan.invitation_sends (household_id, sent_at DESC);

create index invitation_sends_sent_by_idx on kasalan.invitation_sends (sent_by);

create index invitation_sends_wedding_id_idx on kasalan.invitation_sends (wedding_id);

-- How many e-mails each wedding has claimed per day (Asia/Manila). Written only by
-- kasalan.claim_email_sends; nobody reads it directly.
create table kasalan.email_send_days (
  wedding_id uuid not null,
  day date not null,
  sent integer not null default 0,
  constraint email_send_days_pkey primary key (wedding_id, day),
  constraint email_send_days_sent_check check (sent >= 0),
  constraint email_send_days_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.email_send_days enable row level security;
revoke all on kasalan.email_send_days from public, anon, authenticated;

-- =============================================================================================
-- Functions
-- =============================================================================================

-- A code as a guest may type it (lower case, spaces, dashes), in its stored form. Helper of the
-- public call.
create or replace function kasalan_private.normalize_invitation_code(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(left(coalesce(p_code, ''), 40), '[^A-Za-z0-9]', '', 'g'))
$$;

revoke execute on function kasalan_private.normalize_invitation_code(p_code text) from public, anon, authenticated;

-- A household as the invitations screen shows it: its persons, code, state and sends, its link
-- token (token) and when its last sent link stopped working
-- (linkReplacedAt, null when the card it holds still opens). Helper of the invitation calls.
create or replace function kasalan_private.invitation_json(p_household kasalan.households)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return (
  select jsonb_build_object(
    'householdId', p_household.id,
    'code', p_household.invitation_code,
    'token', p_household.invitation_token,
    'linkReplacedAt', p_household.link_replaced_at,
    'email', p_household.email,
    'phone', p_household.phone,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name)
          order by p.position, p.created_at, p.id
        )
        from kasalan.persons p
        where p.household_id = p_household.id
      ),
      '[]'::jsonb
    ),
    'state', case
      when a.answered_at is not null or a.answered then 'answered'
      when p_household.invitation_opened_at is not null then 'opened'
      when s.first_at is not null then 'invited'
      else 'not_invited'
    end,
    'invitedAt', s.first_at,
    'invitedVia', s.first_channel,
    'lastSentAt', s.last_at,
    'lastChannel', s.last_channel,
    'sends', coalesce(s.sends, 0),
    'openedAt', p_household.invitation_opened_at,
    'lastOpenedAt', p_household.invitation_last_opened_at,
    'answered', coalesce(a.answered, false),
    'answeredAt', a.answered_at
  )
  from (
    select
      bool_or(p.is_attending is not null) as answered,
      max(p.responded_at) filter (where p.is_attending is not null) as answered_at
    from kasalan_private.persons_with_answer p
    where p.household_id = p_household.id
  ) a
  cross join (
    select
      count(*) as sends,
      min(x.sent_at) as first_at,
      (array_agg(x.channel order by x.sent_at, x.id))[1] as first_channel,
      max(x.sent_at) as last_at,
      (array_agg(x.channel order by x.sent_at desc, x.id))[1] as last_channel
    from kasalan.invitation_sends x
    where x.household_id = p_household.id
  ) s
  );
end;
$$;

revoke execute on function kasalan_private.invitation_json(p_household kasalan.households) from public, anon, authenticated;

-- The wedding's invitations: {templates, households} where households is every household as
-- kasalan_private.invitation_json gives it, in the guest list's order. Raises wedding_not_found unless the
-- caller manages the wedding. Called by the invitations screen; granted to authenticated.
create or replace function kasalan.list_invitations(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  return jsonb_build_object(
    'templates', (select w.invitation_templates from kasalan.weddings w where w.id = p_wedding_id),
    'households', coalesce(
      (
        select jsonb_agg(kasalan_private.invitation_json(g) order by g.created_at, g.id)
        from kasalan.households g
        where g.wedding_id = p_wedding_id
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan.list_invitations(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_invitations(p_wedding_id uuid) to authenticated;

-- Records that the couple sent an invitation or a reminder (p_kind) to each of p_household_ids (a JSON
-- list of household ids) through
-- p_channel, now. An e-mail needs the household's e-mail address (invitation_no_email) and is added
-- to each person's e-mail history ({sentAt, address, kind}); SMS and WhatsApp need its phone
-- (invitation_no_phone). All or nothing: a household not of this wedding raises
-- household_not_found and records none. Returns the households as list_invitations shows them.
-- Raises wedding_not_found, invalid_input. Called by the send dialog; granted to authenticated.
create or replace function kasalan.record_invitation(p_wedding_id uuid, p_household_ids jsonb, p_channel text, p_kind text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household kasalan.households;
  v_ids uuid[];
  v_count integer;
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  if p_kind is null or p_kind not in ('invitation', 'reminder') then
    raise exception 'invalid_input' using detail = 'kind must be invitation or reminder';
  end if;
  if p_channel is null or p_channel not in ('messenger', 'viber', 'whatsapp', 'sms', 'email', 'copy', 'share') then
    raise exception 'invalid_input' using detail = 'unknown channel';
  end if;
  if jsonb_typeof(p_household_ids) is distinct from 'array'
    or exists (select 1 from jsonb_array_elements(p_household_ids) e where jsonb_typeof(e) <> 'string'
      or e #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
  then
    raise exception 'invalid_input' using detail = 'householdIds must be a list of ids';
  end if;
  select coalesce(array_agg(distinct (e #>> '{}')::uuid), '{}') into v_ids from jsonb_array_elements(p_household_ids) e;
  v_count := cardinality(v_ids);
  if v_count = 0 or v_count > 2000 then
    raise exception 'invalid_input' using detail = 'between 1 and 2000 households';
  end if;

  for v_household in
    select * from kasalan.households g
    where g.id = any (v_ids) and g.wedding_id = p_wedding_id
    order by g.id
    for update
  loop
    if p_channel = 'email' and v_household.email is null then
      raise exception 'invitation_no_email';
    end if;
    if p_channel in ('sms', 'whatsapp') and v_household.phone is null then
      raise exception 'invitation_no_phone';
    end if;
    insert into kasalan.invitation_sends (wedding_id, household_id, kind, channel, address)
    values (p_wedding_id, v_household.id, p_kind, p_channel, case when p_channel = 'email' then v_household.email end);
    if p_channel = 'email' then
      update kasalan.persons p
      set email_history = p.email_history || jsonb_build_array(
        jsonb_build_object('sentAt', now(), 'address', v_household.email, 'kind', p_kind)
      )
      where p.household_id = v_household.id;
    end if;
  end loop;

  if (select count(*) from kasalan.households g where g.id = any (v_ids) and g.wedding_id = p_wedding_id) <> v_count then
    raise exception 'household_not_found';
  end if;

  return (
    select jsonb_agg(kasalan_private.invitation_json(g) order by g.created_at, g.id)
    from kasalan.households g
    where g.id = any (v_ids)
  );
end;
$$;

revoke execute on function kasalan.record_invitation(p_wedding_id uuid, p_household_ids jsonb, p_channel text, p_kind text) from public, anon;
grant execute on function kasalan.record_invitation(p_wedding_id uuid, p_household_ids jsonb, p_channel text, p_kind text) to authenticated;

-- Renews a household's whole invitation: a new token and a new code, so the old link and the
-- old code stop working at once, and "opened" starts again. A household that had been sent its
-- link is marked as needing a new card. Returns the household as list_invitations shows it.
-- Raises wedding_not_found, household_not_found. Called by the invitations screen; granted to
-- authenticated.
create or replace function kasalan.renew_invitation_code(p_wedding_id uuid, p_household_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household kasalan.households;
  v_attempt integer := 0;
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  loop
    v_attempt := v_attempt + 1;
    begin
      update kasalan.households g
      set invitation_code = kasalan_private.new_invitation_code(),
          invitation_token = kasalan_private.new_invitation_token(),
          invitation_opened_at = null,
          invitation_last_opened_at = null,
          link_replaced_at = case
            when exists (select 1 from kasalan.invitation_sends x where x.household_id = g.id) then now()
          end
      where g.id = p_household_id and g.wedding_id = p_wedding_id
      returning * into v_household;
      exit;
    exception when unique_violation then
      -- Two households of the wedding drew the same code (about one in 10^11 per pair): draw again.
      if v_attempt >= 5 then
        raise;
      end if;
    end;
  end loop;
  if v_household.id is null then
    raise exception 'household_not_found';
  end if;
  return kasalan_private.invitation_json(v_household);
end;
$$;

revoke execute on function kasalan.renew_invitation_code(p_wedding_id uuid, p_household_id uuid) from public, anon;
grant execute on function kasalan.renew_invitation_code(p_wedding_id uuid, p_household_id uuid) to authenticated;

-- Saves the couple's message templates: p_templates is {invitation?: {fil?, en?}, reminder?: {fil?,
-- en?}}, each text at most 1000 characters; a blank or missing one goes back to the default
-- wording. Returns the saved templates. Raises wedding_not_found, invalid_input. Called by the
-- templates form; granted to authenticated.
create or replace function kasalan.save_invitation_templates(p_wedding_id uuid, p_templates jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
  v_language text;
  v_text text;
  v_saved jsonb := '{}';
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  if jsonb_typeof(p_templates) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'templates must be an object';
  end if;
  foreach v_kind in array array['invitation', 'reminder'] loop
    if p_templates ? v_kind and jsonb_typeof(p_templates -> v_kind) not in ('object', 'null') then
      raise exception 'invalid_input' using detail = format('%s must be an object', v_kind);
    end if;
    foreach v_language in array array['fil', 'en'] loop
      v_text := kasalan_private.json_text(coalesce(p_templates -> v_kind, '{}'), v_language, 1000);
      if v_text is not null then
        v_saved := jsonb_set(v_saved, array[v_kind], coalesce(v_saved -> v_kind, '{}') || jsonb_build_object(v_language, v_text));
      end if;
    end loop;
  end loop;
  update kasalan.weddings w set invitation_templates = v_saved where w.id = p_wedding_id;
  return v_saved;
end;
$$;

revoke execute on function kasalan.save_invitation_templates(p_wedding_id uuid, p_templates jsonb) from public, anon;
grant execute on function kasalan.save_invitation_templates(p_wedding_id uuid, p_templates jsonb) to authenticated;

-- The daily cap per wedding. Helper of kasalan.claim_email_sends (and readable by tests).
create or replace function kasalan_private.email_daily_cap()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 300
$$;

revoke execute on function kasalan_private.email_daily_cap() from public, anon, authenticated;

-- Claims p_count e-mails of today's allowance (Asia/Manila day) for a wedding the caller manages,
-- all or nothing, before they are sent; a claim is not given back when the provider then fails, so
-- the cap also bounds retries. Returns {sent, cap, remaining} after the claim. Raises
-- wedding_not_found, invalid_input (p_count not 1..cap), email_daily_limit (the claim would pass
-- the cap; nothing is claimed). Called by the send-invitations Edge Function with the couple's
-- JWT; granted to authenticated. Definer because the counter table has no grants: the caller can
-- only add to it through here.
create or replace function kasalan.claim_email_sends(p_wedding_id uuid, p_count integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_cap constant integer := kasalan_private.email_daily_cap();
  v_day date := (now() at time zone 'Asia/Manila')::date;
  v_sent integer;
begin
  perform kasalan_private.require(p_wedding_id, 'invitations');
  if p_count is null or p_count < 1 or p_count > v_cap then
    raise exception 'invalid_input' using detail = format('count must be between 1 and %s', v_cap);
  end if;
  -- One statement, so concurrent claims queue on the row and never pass the cap together.
  insert into kasalan.email_send_days as d (wedding_id, day, sent)
  values (p_wedding_id, v_day, p_count)
  on conflict (wedding_id, day) do update
    set sent = d.sent + excluded.sent
    where d.sent + excluded.sent <= v_cap
  returning d.sent into v_sent;
  if v_sent is null then
    raise exception 'email_daily_limit';
  end if;
  return jsonb_build_object('sent', v_sent, 'cap', v_cap, 'remaining', v_cap - v_sent);
end;
$$;

revoke execute on function kasalan.claim_email_sends(p_wedding_id uuid, p_count integer) from public, anon;
grant execute on function kasalan.claim_email_sends(p_wedding_id uuid, p_count integer) to authenticated;

-- Each household's invitation state as the guest list and the RSVPs tab show it, only for the
-- households past "not invited" and that the caller may see: [{householdId, state, invitedAt,
-- invitedVia, openedAt}], computed as invitation_json computes them. wedding_not_found unless the
-- caller is a member of the wedding. Security definer (the sends are not readable as a table);
-- granted to authenticated.
create or replace function kasalan.list_invitation_states(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  -- Those who keep the whole list see every household; the check per household is for the rest.
  v_sees_all boolean;
begin
  perform kasalan_private.require(p_wedding_id, 'households');
  v_sees_all := kasalan_private.can(p_wedding_id, 'guests');

  return coalesce(
    (
      with
        first_sends as (
          select distinct on (x.household_id) x.household_id, x.sent_at, x.channel
          from kasalan.invitation_sends x
          where x.wedding_id = p_wedding_id
          order by x.household_id, x.sent_at, x.id
        ),
        answered as (
          select distinct p.household_id
          from kasalan_private.persons_with_answer p
          where p.wedding_id = p_wedding_id and p.is_attending is not null
        )
      select jsonb_agg(
        jsonb_build_object(
          'householdId', g.id,
          'state', case
            when a.household_id is not null then 'answered'
            when g.invitation_opened_at is not null then 'opened'
            else 'invited'
          end,
          'invitedAt', s.sent_at,
          'invitedVia', s.channel,
          'openedAt', g.invitation_opened_at
        )
        order by g.created_at, g.id
      )
      from kasalan.households g
      left join first_sends s on s.household_id = g.id
      left join answered a on a.household_id = g.id
      where g.wedding_id = p_wedding_id
        and (s.household_id is not null or a.household_id is not null or g.invitation_opened_at is not null)
        and (v_sees_all or kasalan_private.can_see_household(g.wedding_id, g.relationship_side))
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.list_invitation_states(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_invitation_states(p_wedding_id uuid) to authenticated;

-- Sending a household an invitation or a reminder gives it the current link: it no longer needs a
-- new card. Trigger function only; nobody calls it.
create or replace function kasalan_private.invitation_sent_clears_replaced_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update kasalan.households g
  set link_replaced_at = null
  where g.id = new.household_id
    and g.link_replaced_at is not null;
  return null;
end;
$$;

revoke execute on function kasalan_private.invitation_sent_clears_replaced_link() from public, anon, authenticated;

-- A guest opens their household's link (/i/<token>): returns {slug, householdId, personId, code} (the
-- household's first person, and its code for the RSVP page's calls), and records that the link
-- was opened, unless the caller manages the wedding (the couple trying their own link). The token
-- is compared exactly. An unknown or renewed token, anything else (an old 8-character code
-- included), or a wedding not published, raises household_link_not_found and reveals nothing else.
-- Never rate limited: a token is 128 random bits, and a guest with their card always gets in.
-- Granted to anon and authenticated.
create or replace function kasalan.open_invitation(p_token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household kasalan.households;
  v_wedding kasalan.weddings;
  v_manages boolean;
  v_person_id uuid;
begin
  -- It records the opening: run read only (a GET), it is refused before anything is looked up.
  perform kasalan_private.require_writable();
  select * into v_household from kasalan.households g where g.invitation_token = left(coalesce(p_token, ''), 64);
  if not found then
    raise exception 'household_link_not_found';
  end if;
  select * into v_wedding from kasalan.weddings w where w.id = v_household.wedding_id;
  v_manages := (select auth.uid()) is not null and kasalan_private.can(v_wedding.id, 'view');
  if not (v_wedding.is_published or v_manages) then
    raise exception 'household_link_not_found';
  end if;
  select p.id into v_person_id from kasalan.persons p
  where p.household_id = v_household.id
  order by p.position, p.created_at, p.id
  limit 1;
  if v_person_id is null then
    raise exception 'household_link_not_found';
  end if;

  if not v_manages then
    update kasalan.households g
    set invitation_opened_at = coalesce(g.invitation_opened_at, now()),
        invitation_last_opened_at = now()
    where g.id = v_household.id;
  end if;

  return jsonb_build_object(
    'slug', v_wedding.slug, 'householdId', v_household.id, 'personId', v_person_id, 'code', v_household.invitation_code
  );
end;
$$;

revoke execute on function kasalan.open_invitation(p_token text) from public;
grant execute on function kasalan.open_invitation(p_token text) to anon, authenticated;

-- A guest types their printed code on a wedding's site (p_slug, its current address): returns
-- {status: 'found', slug, householdId, personId, code} and records "opened" as the link does, or
-- {status: 'not_found'} for a wrong code, an unknown address and a wedding not published alike
-- (the same work in each case: one lookup of the wedding, one of the code). The code is read as a
-- guest may type it (case, spaces and dashes ignored) and checked only within that wedding.
-- Every visitor's attempt on a published wedding counts under the rate limit's kind 'code' (10 a
-- minute, 30 an hour per caller, 300 an hour for the wedding): not_found is an answer, not an
-- error, so the attempt stays counted; past the limit every code, right or wrong, raises
-- rate_limited. The couple (owner and partner) are not counted; the wedding's other members are, by
-- their account (a code opens a household of either side), and their tries past the limit reach
-- the couple as a visitor's do (rate_probes). Granted to anon and authenticated.
create or replace function kasalan.open_invitation_code(p_slug text, p_code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text := kasalan_private.normalize_invitation_code(p_code);
  v_wedding kasalan.weddings;
  v_member boolean := false;
  v_couple boolean := false;
  v_target uuid;
  v_household kasalan.households;
  v_person_id uuid;
begin
  select * into v_wedding from kasalan.weddings w where w.slug = left(coalesce(p_slug, ''), 63);
  if v_wedding.id is not null then
    v_member := (select auth.uid()) is not null and kasalan_private.can(v_wedding.id, 'view');
    v_couple := v_member and kasalan_private.can_manage(v_wedding.id);
    if v_wedding.is_published or v_member then
      v_target := v_wedding.id;
    end if;
  end if;
  -- A code opens any household, also one of the side a family helper may not see: only the couple
  -- are not counted.
  if v_target is not null and not v_couple then
    perform kasalan_private.rate_limit(v_target, 'code');
  end if;

  -- With no wedding to look in, the same lookup finds nothing.
  select * into v_household from kasalan.households g
  where g.wedding_id = v_target and g.invitation_code = v_code;
  if v_household.id is not null then
    select p.id into v_person_id from kasalan.persons p
    where p.household_id = v_household.id
    order by p.position, p.created_at, p.id
    limit 1;
  end if;
  if v_person_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;

  if not v_member then
    update kasalan.households g
    set invitation_opened_at = coalesce(g.invitation_opened_at, now()),
        invitation_last_opened_at = now()
    where g.id = v_household.id;
  end if;

  return jsonb_build_object(
    'status', 'found',
    'slug', v_wedding.slug,
    'householdId', v_household.id,
    'personId', v_person_id,
    'code', v_household.invitation_code
  );
end;
$$;

revoke execute on function kasalan.open_invitation_code(p_slug text, p_code text) from public;
grant execute on function kasalan.open_invitation_code(p_slug text, p_code text) to anon, authenticated;

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger invitation_sends_clear_replaced_link after insert
  on kasalan.invitation_sends
  for each row
  execute function kasalan_private.invitation_sent_clears_replaced_link();

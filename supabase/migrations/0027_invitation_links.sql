-- Kasalan: invitation links no one can guess, and codes checked only where they belong.
--
-- Until now a household's link was /i/<invitation_code>, eight characters unique across every
-- wedding: one namespace for the whole platform, open to anyone, and the wedding file's import
-- answered import_ids_taken when a code (or an id) in the file belonged to any other wedding. So a
-- stranger could confirm codes in bulk, and every guess at /i/ was a ticket against every
-- household at once (open_invitation refused an unknown code before any rate limit could count it).
--
-- - Each household gets a link token: 16 random bytes in base64url (22 characters, 128 bits),
--   unique. The link is /i/<token>, and the QR carries it. Opening it is never rate limited: it
--   cannot be guessed, and a guest with their card must always get in.
-- - The printed code keeps its 8 characters but is unique only within its wedding, and is checked
--   only on that wedding's site (open_invitation_code, by the site's address). Every attempt counts
--   under the rate limit's kind 'code' (0025); a wrong code answers {status: 'not_found'} and
--   commits, so it is counted; past the limit every code, right or wrong, is rate_limited.
-- - get_rsvp and submit_rsvp never limit a guest holding the household's code; only the name-search
--   path keeps the 'rsvp' limit.
-- - Renewing a household's invitation gives it a new token and a new code.
-- - The wedding file still keeps every id, code and token of the couple's wedding. An id or token
--   the file carries that is already used in this database (by any wedding) is replaced by a fresh
--   one, references inside the file following, instead of refusing the import: the answer is the
--   same whether or not it was in use. A file nested more than 64 levels deep is refused
--   (invalid_input).
-- - Households whose old /i/<code> link was already sent (or opened) are marked link_replaced_at:
--   the card they hold no longer opens, and the invitations screen says so until the couple sends
--   them an invitation or reminder again.
-- New call (see docs/database-contract.md): open_invitation_code. open_invitation now takes
-- p_token.

-- =============================================================================================
-- Columns
-- =============================================================================================

-- A new link token: 16 random bytes as base64url without padding (22 characters). Helper of the
-- column default and of renewing.
create function kasalan.new_invitation_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select translate(rtrim(encode(extensions.gen_random_bytes(16), 'base64'), '='), '+/', '-_')
$$;

revoke execute on function kasalan.new_invitation_token() from public, anon;
grant execute on function kasalan.new_invitation_token() to authenticated;

-- A volatile default is evaluated per row: every existing household gets its own token.
alter table kasalan.guests
  add column invitation_token text not null default kasalan.new_invitation_token()
    constraint guests_invitation_token_key unique
    constraint guests_invitation_token_format check (invitation_token ~ '^[A-Za-z0-9_-]{22}$'),
  -- When the link the household was last sent stopped working (a new design of the link, or a
  -- renewed invitation): it needs a new card. Cleared when the couple sends it again.
  add column link_replaced_at timestamptz;

-- The households whose /i/<code> link already went out: sent through any channel, or opened.
update kasalan.guests g
set link_replaced_at = now()
where g.invitation_opened_at is not null
  or exists (select 1 from kasalan.invitation_sends x where x.guest_id = g.id);

-- A code is the wedding's own: unique within it, and only there.
alter table kasalan.guests drop constraint guests_invitation_code_key;
alter table kasalan.guests
  add constraint guests_wedding_id_invitation_code_key unique (wedding_id, invitation_code);

-- Sending a household an invitation or a reminder gives it the current link: it no longer needs a
-- new card. Trigger function only; nobody calls it.
create function kasalan.invitation_sent_clears_replaced_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update kasalan.guests g
  set link_replaced_at = null
  where g.id = new.guest_id
    and g.link_replaced_at is not null;
  return null;
end;
$$;

revoke execute on function kasalan.invitation_sent_clears_replaced_link() from public, anon, authenticated;

create trigger invitation_sends_clear_replaced_link after insert on kasalan.invitation_sends
  for each row execute function kasalan.invitation_sent_clears_replaced_link();

-- =============================================================================================
-- The couple's view
-- =============================================================================================

-- 0014's household, plus its link token (token) and when its last sent link stopped working
-- (linkReplacedAt, null when the card it holds still opens). Helper of the invitation calls.
create or replace function kasalan.invitation_json(p_guest kasalan.guests)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'guestId', p_guest.id,
    'code', p_guest.invitation_code,
    'token', p_guest.invitation_token,
    'linkReplacedAt', p_guest.link_replaced_at,
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

-- 0014's renewal, now of the whole invitation: a new token and a new code, so the old link and the
-- old code stop working at once, and "opened" starts again. A household that had been sent its
-- link is marked as needing a new card. Returns the household as list_invitations shows it.
-- Raises wedding_not_found, household_not_found. Called by the invitations screen; granted to
-- authenticated.
create or replace function kasalan.renew_invitation_code(p_wedding_id uuid, p_guest_id uuid)
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
          invitation_token = kasalan.new_invitation_token(),
          invitation_opened_at = null,
          invitation_last_opened_at = null,
          link_replaced_at = case
            when exists (select 1 from kasalan.invitation_sends x where x.guest_id = g.id) then now()
          end
      where g.id = p_guest_id and g.wedding_id = p_wedding_id
      returning * into v_guest;
      exit;
    exception when unique_violation then
      -- Two households of the wedding drew the same code (about one in 10^11 per pair): draw again.
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

-- =============================================================================================
-- The guest's calls
-- =============================================================================================

drop function kasalan.open_invitation(text);

-- A guest opens their household's link (/i/<token>): returns {slug, guestId, personId, code} (the
-- household's first person, and its code for the RSVP page's calls), and records that the link
-- was opened, unless the caller manages the wedding (the couple trying their own link). The token
-- is compared exactly. An unknown or renewed token, anything else (an old 8-character code
-- included), or a wedding not published, raises invitation_not_found and reveals nothing else.
-- Never rate limited: a token is 128 random bits, and a guest with their card always gets in.
-- Granted to anon and authenticated.
create function kasalan.open_invitation(p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_guest kasalan.guests;
  v_wedding kasalan.weddings;
  v_manages boolean;
  v_person_id uuid;
begin
  select * into v_guest from kasalan.guests g where g.invitation_token = left(coalesce(p_token, ''), 64);
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
    update kasalan.guests g
    set invitation_opened_at = coalesce(g.invitation_opened_at, now()),
        invitation_last_opened_at = now()
    where g.id = v_guest.id;
  end if;

  return jsonb_build_object(
    'slug', v_wedding.slug, 'guestId', v_guest.id, 'personId', v_person_id, 'code', v_guest.invitation_code
  );
end;
$$;

revoke execute on function kasalan.open_invitation(text) from public;
grant execute on function kasalan.open_invitation(text) to anon, authenticated;

-- A guest types their printed code on a wedding's site (p_slug, its current address): returns
-- {status: 'found', slug, guestId, personId, code} and records "opened" as the link does, or
-- {status: 'not_found'} for a wrong code, an unknown address and a wedding not published alike
-- (the same work in each case: one lookup of the wedding, one of the code). The code is read as a
-- guest may type it (case, spaces and dashes ignored) and checked only within that wedding.
-- Every visitor's attempt on a published wedding counts under the rate limit's kind 'code' (10 a
-- minute, 30 an hour per caller, 300 an hour for the wedding): not_found is an answer, not an
-- error, so the attempt stays counted; past the limit every code, right or wrong, raises
-- rate_limited. Whoever manages the wedding is not counted. Granted to anon and authenticated.
create function kasalan.open_invitation_code(p_slug text, p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := kasalan.normalize_invitation_code(p_code);
  v_wedding kasalan.weddings;
  v_manages boolean := false;
  v_target uuid;
  v_guest kasalan.guests;
  v_person_id uuid;
begin
  select * into v_wedding from kasalan.weddings w where w.slug = left(coalesce(p_slug, ''), 63);
  if v_wedding.id is not null then
    v_manages := (select auth.uid()) is not null and kasalan.can(v_wedding.id, 'view');
    if v_wedding.is_published or v_manages then
      v_target := v_wedding.id;
    end if;
  end if;
  if v_target is not null and not v_manages then
    perform kasalan.rate_limit(v_target, 'code');
  end if;

  -- With no wedding to look in, the same lookup finds nothing.
  select * into v_guest from kasalan.guests g
  where g.wedding_id = v_target and g.invitation_code = v_code;
  if v_guest.id is not null then
    select p.id into v_person_id from kasalan.persons p
    where p.guest_id = v_guest.id
    order by p.position, p.created_at, p.id
    limit 1;
  end if;
  if v_person_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;

  if not v_manages then
    update kasalan.guests g
    set invitation_opened_at = coalesce(g.invitation_opened_at, now()),
        invitation_last_opened_at = now()
    where g.id = v_guest.id;
  end if;

  return jsonb_build_object(
    'status', 'found',
    'slug', v_wedding.slug,
    'guestId', v_guest.id,
    'personId', v_person_id,
    'code', v_guest.invitation_code
  );
end;
$$;

revoke execute on function kasalan.open_invitation_code(text, text) from public;
grant execute on function kasalan.open_invitation_code(text, text) to anon, authenticated;

-- 0009's get_rsvp, same answers; a guest holding the household's code (access 'guest_code') is
-- never rate limited, even when the wedding's cap for the hour is reached: only a visitor without
-- it (the name-search path) is. A wrong code is the same as none. Granted to anon and
-- authenticated.
create or replace function kasalan.get_rsvp(p_guest_id uuid, p_person_id uuid, p_code text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_access text;
begin
  v_wedding := kasalan.rsvp_wedding(p_guest_id, p_person_id);
  v_access := kasalan.rsvp_access(v_wedding, p_guest_id, p_code);
  if v_access = 'guest_search' then
    perform kasalan.rate_limit(v_wedding.id, 'rsvp');
  end if;
  return kasalan.rsvp_json(v_wedding, p_guest_id, p_person_id, v_access);
end;
$$;

revoke execute on function kasalan.get_rsvp(uuid, uuid, text) from public;
grant execute on function kasalan.get_rsvp(uuid, uuid, text) to anon, authenticated;

-- 0009's submit_rsvp, same answers and writes; as get_rsvp, a guest holding the household's code
-- is never rate limited, a visitor without it is. Granted to anon and authenticated.
create or replace function kasalan.submit_rsvp(
  p_guest_id uuid,
  p_person_id uuid,
  p_answers jsonb,
  p_message text,
  p_code text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_access text;
  v_entry jsonb;
  v_person_id uuid;
  v_ids uuid[] := '{}';
  v_attending boolean;
  v_rows jsonb := '[]';
  v_message text;
  v_change_message boolean := false;
  v_guest kasalan.guests;
begin
  v_wedding := kasalan.rsvp_wedding(p_guest_id, p_person_id);
  v_access := kasalan.rsvp_access(v_wedding, p_guest_id, p_code);
  -- A guest holding the household's code is never limited: only the name-search path is.
  if v_access = 'guest_search' then
    perform kasalan.rate_limit(v_wedding.id, 'rsvp');
  end if;
  if kasalan.rsvp_is_closed(v_wedding.rsvp_deadline) then
    raise exception 'rsvp_closed';
  end if;

  -- One household answers one at a time (two phones of one family).
  select * into v_guest from kasalan.guests g where g.id = p_guest_id for update;

  if jsonb_typeof(p_answers) is distinct from 'array' or jsonb_array_length(p_answers) = 0 then
    raise exception 'invalid_input' using detail = 'answers must be a non-empty list';
  end if;

  -- Check every answer before writing anything.
  for v_entry in select value from jsonb_array_elements(p_answers) loop
    if jsonb_typeof(v_entry) <> 'object' then
      raise exception 'invalid_input' using detail = 'each answer must be an object';
    end if;
    v_person_id := kasalan.json_uuid(v_entry, 'personId');
    if v_person_id is null then
      raise exception 'invalid_input' using detail = 'each answer needs a personId';
    end if;
    if v_person_id = any (v_ids) then
      raise exception 'invalid_input' using detail = 'a person is answered twice';
    end if;
    v_ids := v_ids || v_person_id;
    if not exists (select 1 from kasalan.persons p where p.id = v_person_id and p.guest_id = p_guest_id) then
      raise exception 'rsvp_person_not_in_household';
    end if;
    if jsonb_typeof(v_entry -> 'isAttending') is distinct from 'boolean' then
      raise exception 'invalid_input' using detail = 'isAttending must be true or false';
    end if;
    v_attending := (v_entry ->> 'isAttending')::boolean;
    v_rows := v_rows || jsonb_build_array(jsonb_build_object(
      'id', v_person_id,
      'isAttending', v_attending,
      'response', case when v_attending then kasalan.rsvp_response(v_wedding.rsvp_questions, v_entry -> 'response') else '[]'::jsonb end
    ));
  end loop;

  if v_access = 'guest_search' and exists (
    select 1 from kasalan.persons p where p.id = any (v_ids) and p.rsvp_recorded_by = 'couple'
  ) then
    raise exception 'rsvp_recorded_by_couple';
  end if;

  if p_message is not null then
    if char_length(p_message) > 2000 then
      raise exception 'invalid_input' using detail = 'the message is longer than 1000 characters';
    end if;
    v_message := nullif(btrim(p_message), '');
    if char_length(v_message) > 1000 then
      raise exception 'invalid_input' using detail = 'the message is longer than 1000 characters';
    end if;
    v_change_message := v_message is distinct from v_guest.rsvp_message
      and (v_message is not null or v_access <> 'guest_search');
  end if;

  insert into kasalan.rsvp_changes (wedding_id, guest_id, person_id, changed_by, changed_by_user, previous, current)
  select p.wedding_id, p.guest_id, p.id, v_access, auth.uid(),
    kasalan.rsvp_reply_json(p),
    jsonb_build_object(
      'isAttending', (r.value ->> 'isAttending')::boolean,
      'response', r.value -> 'response',
      'respondedAt', now(),
      'recordedBy', 'guest'
    )
  from kasalan.persons p
  join jsonb_array_elements(v_rows) r on p.id = (r.value ->> 'id')::uuid
  where p.guest_id = p_guest_id
    and (p.is_attending, p.response, p.rsvp_recorded_by)
      is distinct from ((r.value ->> 'isAttending')::boolean, r.value -> 'response', 'guest');

  update kasalan.persons p
  set is_attending = (r.value ->> 'isAttending')::boolean,
      response = r.value -> 'response',
      responded_at = now(),
      rsvp_recorded_by = 'guest'
  from jsonb_array_elements(v_rows) r
  where p.id = (r.value ->> 'id')::uuid
    and p.guest_id = p_guest_id;

  if v_change_message then
    insert into kasalan.rsvp_changes (wedding_id, guest_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      v_guest.wedding_id, v_guest.id, null, v_access, auth.uid(),
      jsonb_build_object('message', v_guest.rsvp_message, 'messageAt', v_guest.rsvp_message_at),
      jsonb_build_object('message', v_message, 'messageAt', case when v_message is null then null else now() end)
    );
    update kasalan.guests g
    set rsvp_message = v_message,
        rsvp_message_at = case when v_message is null then null else now() end
    where g.id = p_guest_id;
  end if;

  return kasalan.rsvp_json(v_wedding, p_guest_id, p_person_id, v_access);
end;
$$;
revoke execute on function kasalan.submit_rsvp(uuid, uuid, jsonb, text, text) from public;
grant execute on function kasalan.submit_rsvp(uuid, uuid, jsonb, text, text) to anon, authenticated;

-- =============================================================================================
-- The wedding file
-- =============================================================================================

-- The file's households, persons and sections with every id and link token that is already in
-- use in this database (by any wedding, whoever manages it) replaced by a fresh one, and the
-- file's references following: persons to their household, seats to their person and household.
-- The same id (or token) in the file gets the same replacement, so the file's own duplicates stay
-- duplicates. Whether a value was in use changes nothing in the import's answer: the check is one
-- index lookup either way. Malformed parts are left as they are for the import to refuse. Helper of
-- import_wedding.
create function kasalan.import_file_with_free_ids(p_file jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_guests jsonb := '{}';
  v_persons jsonb := '{}';
  v_sections jsonb := '{}';
  v_tokens jsonb := '{}';
  v_rows jsonb;
  v_row jsonb;
  v_id uuid;
  v_token text;
  v_layout jsonb;
begin
  if jsonb_typeof(p_file -> 'households') = 'array' then
    v_rows := '[]';
    for v_row in select value from jsonb_array_elements(p_file -> 'households') loop
      if jsonb_typeof(v_row) = 'object' then
        v_id := kasalan.json_uuid(v_row, 'id');
        if v_id is not null and (v_guests ? v_id::text or exists (select 1 from kasalan.guests g where g.id = v_id)) then
          if not v_guests ? v_id::text then
            v_guests := v_guests || jsonb_build_object(v_id::text, extensions.gen_random_uuid());
          end if;
          v_row := jsonb_set(v_row, '{id}', v_guests -> v_id::text);
        end if;
        if jsonb_typeof(v_row -> 'invitation_token') = 'string' then
          v_token := v_row ->> 'invitation_token';
          if v_tokens ? v_token or exists (select 1 from kasalan.guests g where g.invitation_token = v_token) then
            if not v_tokens ? v_token then
              v_tokens := v_tokens || jsonb_build_object(v_token, kasalan.new_invitation_token());
            end if;
            v_row := jsonb_set(v_row, '{invitation_token}', v_tokens -> v_token);
          end if;
        end if;
      end if;
      v_rows := v_rows || jsonb_build_array(v_row);
    end loop;
    p_file := jsonb_set(p_file, '{households}', v_rows);
  end if;

  if jsonb_typeof(p_file -> 'persons') = 'array' then
    v_rows := '[]';
    for v_row in select value from jsonb_array_elements(p_file -> 'persons') loop
      if jsonb_typeof(v_row) = 'object' then
        v_id := kasalan.json_uuid(v_row, 'id');
        if v_id is not null and (v_persons ? v_id::text or exists (select 1 from kasalan.persons p where p.id = v_id)) then
          if not v_persons ? v_id::text then
            v_persons := v_persons || jsonb_build_object(v_id::text, extensions.gen_random_uuid());
          end if;
          v_row := jsonb_set(v_row, '{id}', v_persons -> v_id::text);
        end if;
        v_id := kasalan.json_uuid(v_row, 'guest_id');
        if v_id is not null and v_guests ? v_id::text then
          v_row := jsonb_set(v_row, '{guest_id}', v_guests -> v_id::text);
        end if;
      end if;
      v_rows := v_rows || jsonb_build_array(v_row);
    end loop;
    p_file := jsonb_set(p_file, '{persons}', v_rows);
  end if;

  if jsonb_typeof(p_file -> 'sections') = 'array' then
    v_rows := '[]';
    for v_row in select value from jsonb_array_elements(p_file -> 'sections') loop
      if jsonb_typeof(v_row) = 'object' then
        v_id := kasalan.json_uuid(v_row, 'id');
        if v_id is not null and (v_sections ? v_id::text or exists (select 1 from kasalan.sections s where s.id = v_id)) then
          if not v_sections ? v_id::text then
            v_sections := v_sections || jsonb_build_object(v_id::text, extensions.gen_random_uuid());
          end if;
          v_row := jsonb_set(v_row, '{id}', v_sections -> v_id::text);
        end if;
      end if;
      v_rows := v_rows || jsonb_build_array(v_row);
    end loop;
    p_file := jsonb_set(p_file, '{sections}', v_rows);
  end if;

  -- Seats name a person and their household by id (checked_seating_layout checks the form later).
  v_layout := p_file -> 'seatingLayout';
  if jsonb_typeof(v_layout) = 'object' and jsonb_typeof(v_layout -> 'seats') = 'array'
    and (v_guests <> '{}' or v_persons <> '{}')
  then
    select coalesce(jsonb_agg(
      case
        when jsonb_typeof(s.value) = 'object' then
          s.value
          || case when v_persons ? lower(s.value ->> 'personId')
               then jsonb_build_object('personId', v_persons -> lower(s.value ->> 'personId')) else '{}'::jsonb end
          || case when v_guests ? lower(s.value ->> 'guestId')
               then jsonb_build_object('guestId', v_guests -> lower(s.value ->> 'guestId')) else '{}'::jsonb end
        else s.value
      end
      order by s.ordinality
    ), '[]'::jsonb)
    into v_layout
    from jsonb_array_elements(v_layout -> 'seats') with ordinality s;
    p_file := jsonb_set(p_file, '{seatingLayout,seats}', v_layout);
  end if;

  return p_file;
end;
$$;

revoke execute on function kasalan.import_file_with_free_ids(jsonb) from public, anon, authenticated;

-- 0011's import, with two changes. Ids and link tokens of the file already in use in this database
-- are replaced by fresh ones (kasalan.import_file_with_free_ids) instead of refusing the import
-- with import_ids_taken, which told anyone whether a value existed in a wedding they do not
-- manage; a file moved from another database keeps every id, code and token, so its links still
-- work. import_ids_taken now means only that the file repeats an id, token or code of its own. And
-- a file nested more than 64 levels deep (no export is near it) is refused with invalid_input
-- before anything reads it. Security definer as before; checks can_manage and binds every row to
-- the wedding. Called by "Your data"; granted to authenticated.
create or replace function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_details jsonb;
  v_columns text;
  v_constraint text;
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  -- Bounded: the path walks no deeper than the level it asks for.
  if jsonb_path_exists(p_file, 'strict $.**{64}') then
    raise exception 'invalid_input' using detail = 'the file is nested too deeply';
  end if;
  if jsonb_typeof(p_file) is distinct from 'object'
    or p_file ->> 'format' is distinct from 'kasalan-wedding'
    or p_file -> 'version' is distinct from '1'::jsonb
    or jsonb_typeof(p_file -> 'wedding') is distinct from 'object'
  then
    raise exception 'import_unsupported_file';
  end if;

  perform 1 from kasalan.weddings w where w.id = p_wedding_id for update;
  if exists (select 1 from kasalan.guests g where g.wedding_id = p_wedding_id)
    or exists (select 1 from kasalan.seating_layouts l where l.wedding_id = p_wedding_id)
  then
    raise exception 'wedding_not_empty';
  end if;

  begin
    p_file := kasalan.import_file_with_free_ids(p_file);

    -- The details: every column the file has, except what identifies this wedding here.
    v_details := (p_file -> 'wedding') - 'id' - 'user_id' - 'slug' - 'created_at' - 'updated_at';
    if v_details ? 'rsvp_questions' then
      v_details := jsonb_set(v_details, '{rsvp_questions}', kasalan.rsvp_questions_clean(v_details -> 'rsvp_questions'));
    end if;
    select string_agg(format('%I', a.attname), ', ' order by a.attnum)
    into v_columns
    from pg_catalog.pg_attribute a
    where a.attrelid = 'kasalan.weddings'::regclass
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      and v_details ? a.attname::text;
    if v_columns is not null then
      execute format(
        'update kasalan.weddings w set (%1$s) = (select %1$s from pg_catalog.jsonb_populate_record(null::kasalan.weddings, $1)) where w.id = $2',
        v_columns
      ) using v_details, p_wedding_id;
    end if;

    delete from kasalan.sections s where s.wedding_id = p_wedding_id;
    perform kasalan.import_rows('sections', p_wedding_id, coalesce(p_file -> 'sections', '[]'::jsonb));
    perform kasalan.import_rows('guests', p_wedding_id, coalesce(p_file -> 'households', '[]'::jsonb));
    perform kasalan.import_rows('persons', p_wedding_id, coalesce(p_file -> 'persons', '[]'::jsonb));

    if jsonb_typeof(p_file -> 'seatingLayout') = 'object' then
      insert into kasalan.seating_layouts (user_id, wedding_id, layout)
      values (
        auth.uid(), p_wedding_id,
        kasalan.seating_layout_for_guest_list(p_wedding_id, kasalan.checked_seating_layout(p_file -> 'seatingLayout'))
      );
    end if;
  exception
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      raise exception 'import_ids_taken' using detail = v_constraint;
    when foreign_key_violation or not_null_violation or check_violation or invalid_text_representation
      or datetime_field_overflow or invalid_datetime_format or numeric_value_out_of_range
      or string_data_right_truncation
    then
      get stacked diagnostics v_constraint = message_text;
      raise exception 'invalid_input' using detail = v_constraint;
  end;

  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;
  return kasalan.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.import_wedding(uuid, jsonb) from public, anon;
grant execute on function kasalan.import_wedding(uuid, jsonb) to authenticated;

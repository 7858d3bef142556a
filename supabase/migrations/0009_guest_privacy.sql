-- Guest privacy: a guest list nobody can harvest, and replies nobody else can read or overwrite.
--
-- - The name search finds one guest, not a list: letters are counted after normalising, it takes
--   two words of a name (one alone is what a harvester guesses), all but the last whole, and a
--   query that matches many households returns no names. Ma./Maria, Sto./Santo, Sta./Santa, Jr./Junior, Sr./Senior are one word.
-- - Visitors' searches and RSVP loads are rate limited per caller and per wedding, in the database;
--   the couple sees when their site was probed.
-- - Every household has an invitation code. A visitor who found a name by searching sees the
--   household's names and whether it answered, and may answer; earlier answers, the message and
--   the answer time are for a caller holding the code, or for the couple.
-- - Every change of a reply is kept (who, when, the previous value); the couple restores one in
--   one step. A reply the couple recorded changes from the public site only with the code.
-- - Households and persons are written only through the functions (direct writes revoked);
--   the couple's names on a wedding must be strings.
-- New codes (see docs/database-contract.md): rate_limited, rsvp_recorded_by_couple,
-- rsvp_change_not_found.

-- =============================================================================================
-- Invitation codes
-- =============================================================================================

-- A new random invitation code: 8 characters from an alphabet without 0/O/1/I/L, so it reads aloud
-- and types from paper without doubt (31^8, about 8.5 * 10^11 codes). Helper of the column default.
create function kasalan.new_invitation_code()
returns text
language sql
volatile
set search_path = ''
as $$
  select string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + get_byte(r.bytes, i) % 31, 1), '' order by i)
  from (select extensions.gen_random_bytes(8) as bytes) r
  cross join generate_series(0, 7) as i
$$;

revoke execute on function kasalan.new_invitation_code() from public, anon;
grant execute on function kasalan.new_invitation_code() to authenticated;

-- A volatile default is evaluated per row, so every existing household gets its own code.
alter table kasalan.guests
  add column invitation_code text not null default kasalan.new_invitation_code()
    constraint guests_invitation_code_key unique
    constraint guests_invitation_code_format check (invitation_code ~ '^[2-9A-HJKMNP-Z]{8}$');

-- =============================================================================================
-- Name search
-- =============================================================================================

-- A search word in its canonical form: the common Filipino abbreviations and their long forms are
-- one word (ma → maria, sto → santo, sta → santa, jr → junior, sr → senior). Helper of the search.
create function kasalan.search_word(p_word text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_word
    when 'ma' then 'maria'
    when 'sto' then 'santo'
    when 'sta' then 'santa'
    when 'jr' then 'junior'
    when 'sr' then 'senior'
    else p_word
  end
$$;

-- The words a person can be found by: every word of the first name, last name and suffix in
-- canonical form, plus two and three neighbouring words joined ("dela cruz" → "delacruz"), so a
-- name typed together is still a whole word. Helper of the search (a stored column of persons).
create function kasalan.person_search_words(p_first_name text, p_last_name text, p_suffix text)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  with w as (
    select kasalan.search_word(t.word) as word, t.ord
    from unnest(string_to_array(
      kasalan.search_text(concat_ws(' ', p_first_name, p_last_name, p_suffix)), ' '
    )) with ordinality as t(word, ord)
    where t.word <> ''
  )
  select coalesce(array_agg(distinct x.word), '{}')
  from (
    select w.word from w
    union all
    select a.word || b.word from w a join w b on b.ord = a.ord + 1
    union all
    select a.word || b.word || c.word from w a join w b on b.ord = a.ord + 1 join w c on c.ord = a.ord + 2
  ) x
$$;

revoke execute on function kasalan.search_word(text), kasalan.person_search_words(text, text, text) from public, anon;
grant execute on function kasalan.search_word(text), kasalan.person_search_words(text, text, text) to authenticated;

alter table kasalan.persons
  add column search_words text[] not null
    generated always as (kasalan.person_search_words(first_name, last_name, suffix)) stored;

-- Without fastupdate: new names go straight into the index instead of a pending list that only
-- a vacuum empties (PGlite never runs one), which the planner rightly prices as a scan of everyone.
create index persons_search_words_idx on kasalan.persons using gin (search_words) with (fastupdate = off);
-- 0004's trigram index served the old prefix search; nothing asks it any more.
drop index kasalan.persons_search_name_idx;

-- The search itself, on one wedding, for the public call below and the harvest test; nobody calls
-- it directly. Returns {status, matches}:
--   too_short  a single word, or fewer than 4 letters after normalising (punctuation and spaces
--              do not count)
--   none       nothing matched
--   too_many   more than 3 households or 10 persons matched: no names, the guest adds a word
--   found      matches: [{personId, guestId, firstName, lastName, householdSize}], best first
-- At least two words ("maria santos", "ma. cristina", "sto domingo"): all but the last must be
-- whole name words, in any order, and the last may be a prefix of 3 letters or more ("maria
-- san"). Single letters (a middle initial) are ignored beside two longer words.
create function kasalan.search_persons(p_wedding_id uuid, p_query text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_raw text[];
  v_words text[];
  v_canon text[];
  v_whole text[];
  v_last text;
  v_letters integer;
  v_n integer;
  v_ids uuid[];
  v_households integer;
begin
  select coalesce(array_agg(t.word order by t.ord), '{}') into v_raw
  from unnest(string_to_array(kasalan.search_text(left(coalesce(p_query, ''), 100)), ' ')) with ordinality as t(word, ord)
  where t.word <> '';

  select coalesce(array_agg(word order by ord), '{}') into v_words
  from unnest(v_raw) with ordinality as t(word, ord)
  where char_length(word) >= 2;
  if coalesce(array_length(v_words, 1), 0) < 2 then
    v_words := v_raw;
  end if;
  v_words := v_words[1:6];
  v_n := coalesce(array_length(v_words, 1), 0);
  select coalesce(sum(char_length(word)), 0) into v_letters from unnest(v_words) as word;

  -- One word is never enough: a surname or a first name alone is what a harvester guesses.
  if v_n < 2 or v_letters < 4 then
    return jsonb_build_object('status', 'too_short', 'matches', '[]'::jsonb);
  end if;

  select array_agg(kasalan.search_word(word) order by ord) into v_canon
  from unnest(v_words) with ordinality as t(word, ord);
  v_whole := v_canon[1:v_n - 1];
  v_last := v_canon[v_n];

  -- At most 11 candidates: enough to know whether the query names one family or many. The whole
  -- words go through persons_search_words_idx first, materialised so that the planner never trades
  -- the index for a scan that hopes to find 11 rows early (for a rare name it would read everyone).
  with whole as materialized (
    select p.id, p.search_words
    from kasalan.persons p
    where p.search_words @> v_whole and p.wedding_id = p_wedding_id
  )
  select array_agg(m.id) into v_ids
  from (
    select w.id from whole w
    where w.search_words @> array[v_last]
      or (char_length(v_last) >= 3 and exists (select 1 from unnest(w.search_words) as x where starts_with(x, v_last)))
    limit 11
  ) m;

  if v_ids is null then
    return jsonb_build_object('status', 'none', 'matches', '[]'::jsonb);
  end if;
  select count(distinct p.guest_id) into v_households from kasalan.persons p where p.id = any (v_ids);
  if array_length(v_ids, 1) > 10 or v_households > 3 then
    return jsonb_build_object('status', 'too_many', 'matches', '[]'::jsonb);
  end if;

  return jsonb_build_object(
    'status', 'found',
    'matches', (
      select jsonb_agg(
        jsonb_build_object(
          'personId', p.id,
          'guestId', p.guest_id,
          'firstName', p.first_name,
          'lastName', p.last_name,
          'householdSize', (select count(*) from kasalan.persons h where h.guest_id = p.guest_id)
        )
        order by (select count(*) from unnest(v_canon) as q where q = any (p.search_words)) desc,
          kasalan.search_text(p.last_name), kasalan.search_text(p.first_name), p.id
      )
      from kasalan.persons p
      where p.id = any (v_ids)
    )
  );
end;
$$;

revoke execute on function kasalan.search_persons(uuid, text) from public, anon, authenticated;

-- =============================================================================================
-- Rate limits
-- =============================================================================================

-- Calls per caller (and per wedding, caller '*') in the current minute ('m') and hour ('h').
-- Written only by kasalan.rate_limit; rows older than an hour are removed as new hours start.
create table kasalan.rate_counters (
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  kind text not null check (kind in ('search', 'rsvp')),
  caller text not null,
  span text not null check (span in ('m', 'h')),
  window_start timestamptz not null,
  calls integer not null default 1,
  primary key (wedding_id, kind, caller, span, window_start)
);

-- When a caller (or the wedding as a whole) reached a limit, by hour: what the couple sees as
-- "your site was probed". Kept 60 days.
create table kasalan.rate_probes (
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  kind text not null check (kind in ('search', 'rsvp')),
  caller text not null,
  window_start timestamptz not null,
  reached_at timestamptz not null default now(),
  primary key (wedding_id, kind, caller, window_start)
);

alter table kasalan.rate_counters enable row level security;
alter table kasalan.rate_probes enable row level security;
revoke all on kasalan.rate_counters, kasalan.rate_probes from public, anon, authenticated;

-- Counts one visitor call of this kind on this wedding and raises rate_limited beyond a generous
-- human pace: per caller 20 searches a minute and 150 an hour, 30 RSVP loads or answers a minute
-- and 200 an hour; per wedding 2000 searches and 3000 RSVP calls an hour from everyone together.
-- The caller is the client address PostgREST passes in request.headers (cf-connecting-ip, else
-- the first x-forwarded-for, else x-real-ip), stored only as a hash; without headers (the embedded
-- database) there is one caller. A refused call rolls back, so the call that reaches a limit is
-- the one that records the probe. Helper of the public calls; nobody calls it directly.
create function kasalan.rate_limit(p_wedding_id uuid, p_kind text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_headers jsonb;
  v_address text;
  v_caller text;
  v_minute integer;
  v_hour integer;
  v_wedding integer;
  v_limit_minute integer := case p_kind when 'search' then 20 else 30 end;
  v_limit_hour integer := case p_kind when 'search' then 150 else 200 end;
  v_limit_wedding integer := case p_kind when 'search' then 2000 else 3000 end;
  v_hour_start timestamptz := date_trunc('hour', now());
begin
  begin
    v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    v_headers := null;
  end;
  v_address := coalesce(
    nullif(btrim(v_headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(v_headers ->> 'x-forwarded-for', ',', 1)), ''),
    nullif(btrim(v_headers ->> 'x-real-ip'), ''),
    'local'
  );
  v_caller := md5(p_wedding_id::text || '|' || v_address);

  insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start)
  values (p_wedding_id, p_kind, v_caller, 'm', date_trunc('minute', now()))
  on conflict (wedding_id, kind, caller, span, window_start) do update set calls = c.calls + 1
  returning c.calls into v_minute;

  insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start)
  values (p_wedding_id, p_kind, v_caller, 'h', v_hour_start)
  on conflict (wedding_id, kind, caller, span, window_start) do update set calls = c.calls + 1
  returning c.calls into v_hour;

  insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start)
  values (p_wedding_id, p_kind, '*', 'h', v_hour_start)
  on conflict (wedding_id, kind, caller, span, window_start) do update set calls = c.calls + 1
  returning c.calls into v_wedding;

  if v_wedding = 1 then
    -- A new hour for this wedding: forget the counters of earlier ones, and old probes.
    delete from kasalan.rate_counters c
    where c.wedding_id = p_wedding_id and c.window_start < now() - interval '1 hour';
    delete from kasalan.rate_probes r
    where r.wedding_id = p_wedding_id and r.reached_at < now() - interval '60 days';
  end if;

  if v_minute = v_limit_minute or v_hour = v_limit_hour then
    insert into kasalan.rate_probes (wedding_id, kind, caller, window_start)
    values (p_wedding_id, p_kind, v_caller, v_hour_start)
    on conflict do nothing;
  end if;
  if v_wedding = v_limit_wedding then
    insert into kasalan.rate_probes (wedding_id, kind, caller, window_start)
    values (p_wedding_id, p_kind, '*', v_hour_start)
    on conflict do nothing;
  end if;

  if v_minute > v_limit_minute or v_hour > v_limit_hour or v_wedding > v_limit_wedding then
    raise exception 'rate_limited';
  end if;
end;
$$;

revoke execute on function kasalan.rate_limit(uuid, text) from public, anon, authenticated;

-- =============================================================================================
-- Reply history
-- =============================================================================================

-- Every change of a reply: a person's answer (person_id set) or the household's message
-- (person_id null), who made it and the values before and after. Written only by the functions.
create table kasalan.rsvp_changes (
  id uuid primary key default extensions.gen_random_uuid(),
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  guest_id uuid not null references kasalan.guests (id) on delete cascade,
  person_id uuid references kasalan.persons (id) on delete cascade,
  changed_at timestamptz not null default now(),
  -- guest_search: a visitor who found the name; guest_code: a visitor holding the household's code
  -- or link; couple: the wedding's owner; member: another account that manages the wedding.
  changed_by text not null check (changed_by in ('guest_search', 'guest_code', 'couple', 'member')),
  changed_by_user uuid,
  previous jsonb not null check (jsonb_typeof(previous) = 'object'),
  current jsonb not null check (jsonb_typeof(current) = 'object')
);

create index rsvp_changes_wedding_id_changed_at_idx on kasalan.rsvp_changes (wedding_id, changed_at desc);
-- For the cascades when a household or person is deleted.
create index rsvp_changes_guest_id_idx on kasalan.rsvp_changes (guest_id);
create index rsvp_changes_person_id_idx on kasalan.rsvp_changes (person_id);

-- When each account that manages a wedding last looked at its reply changes.
create table kasalan.rsvp_changes_seen (
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  seen_at timestamptz not null,
  primary key (wedding_id, user_id)
);

create index rsvp_changes_seen_user_id_idx on kasalan.rsvp_changes_seen (user_id);

alter table kasalan.rsvp_changes enable row level security;
alter table kasalan.rsvp_changes_seen enable row level security;
revoke all on kasalan.rsvp_changes, kasalan.rsvp_changes_seen from public, anon, authenticated;

-- A person's reply as the history keeps it. Helper of the functions below.
create function kasalan.rsvp_reply_json(p_person kasalan.persons)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'isAttending', p_person.is_attending,
    'response', p_person.response,
    'respondedAt', p_person.responded_at,
    'recordedBy', p_person.rsvp_recorded_by
  )
$$;

-- How the caller may see and change a household's reply: 'couple' or 'member' when they manage the
-- wedding, 'guest_code' when p_code is the household's invitation code (case, spaces and dashes
-- ignored), else 'guest_search'. A wrong code is the same as none. Helper of the public calls.
create function kasalan.rsvp_access(p_wedding kasalan.weddings, p_guest_id uuid, p_code text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when (select auth.uid()) is not null and p_wedding.user_id = (select auth.uid()) then 'couple'
    when (select auth.uid()) is not null and kasalan.can_manage(p_wedding.id) then 'member'
    when p_code is not null and exists (
      select 1 from kasalan.guests g
      where g.id = p_guest_id
        and g.invitation_code = upper(regexp_replace(left(p_code, 40), '[^A-Za-z0-9]', '', 'g'))
    ) then 'guest_code'
    else 'guest_search'
  end
$$;

revoke execute on function
  kasalan.rsvp_reply_json(kasalan.persons),
  kasalan.rsvp_access(kasalan.weddings, uuid, text)
from public, anon, authenticated;

-- =============================================================================================
-- Public calls: search, load and answer an RSVP
-- =============================================================================================

-- What a guest's RSVP page shows (0004's shape plus access): the wedding's public details and the
-- household, the given person first. With p_access 'guest_search' each person's answer, answers,
-- answer time and the household's message are left out (null / []); hasAnswered says whether they
-- answered and recordedByCouple whether the couple recorded it (then only the code may change it).
create function kasalan.rsvp_json(p_wedding kasalan.weddings, p_guest_id uuid, p_person_id uuid, p_access text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_set(
    kasalan.rsvp_json(p_wedding, p_guest_id, p_person_id),
    '{household}',
    (
      select jsonb_build_object(
        'id', g.id,
        'access', p_access,
        'hasAnswered', exists (select 1 from kasalan.persons p where p.guest_id = g.id and p.is_attending is not null),
        'message', case when p_access <> 'guest_search' then g.rsvp_message end,
        'messageAt', case when p_access <> 'guest_search' then g.rsvp_message_at end,
        'persons', coalesce(
          (
            select jsonb_agg(
              jsonb_build_object(
                'id', p.id,
                'firstName', p.first_name,
                'lastName', p.last_name,
                'type', p.type,
                'hasAnswered', p.is_attending is not null,
                'recordedByCouple', coalesce(p.rsvp_recorded_by = 'couple', false),
                'isAttending', case when p_access <> 'guest_search' then p.is_attending end,
                'response', case when p_access <> 'guest_search' then p.response else '[]'::jsonb end,
                'respondedAt', case when p_access <> 'guest_search' then p.responded_at end
              )
              order by p.id <> p_person_id, p.position, p.created_at, p.id
            )
            from kasalan.persons p
            where p.guest_id = g.id
          ),
          '[]'::jsonb
        )
      )
      from kasalan.guests g
      where g.id = p_guest_id
    )
  )
$$;

revoke execute on function kasalan.rsvp_json(kasalan.weddings, uuid, uuid, text) from public, anon, authenticated;

drop function kasalan.search_guests(text, text);

-- A visitor's name search on one wedding site, by its exact slug: {status, matches} as
-- kasalan.search_persons gives it (too_short, none, too_many or found, with at most 10
-- {personId, guestId, firstName, lastName, householdSize}); never contact details. An unknown or
-- unpublished wedding answers none (its owner may search it while previewing). Visitors are rate
-- limited (rate_limited). Granted to anon and authenticated.
create function kasalan.search_guests(p_slug text, p_query text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_wedding_id uuid;
  v_published boolean;
  v_manages boolean;
begin
  select w.id, w.is_published, kasalan.can_manage(w.id) into v_wedding_id, v_published, v_manages
  from kasalan.weddings w
  where w.slug = p_slug;
  if not found or not (v_published or v_manages) then
    return jsonb_build_object('status', 'none', 'matches', '[]'::jsonb);
  end if;
  if not v_manages then
    perform kasalan.rate_limit(v_wedding_id, 'search');
  end if;
  return kasalan.search_persons(v_wedding_id, p_query);
end;
$$;

revoke execute on function kasalan.search_guests(text, text) from public;
grant execute on function kasalan.search_guests(text, text) to anon, authenticated;

drop function kasalan.get_rsvp(uuid, uuid);

-- One household's RSVP for the guest's RSVP and thank-you pages. p_code is the household's
-- invitation code when the guest came with it; without it (a guest who searched their name) the
-- earlier answers, message and answer time are left out. Raises rsvp_not_found unless the person
-- belongs to that household of a published wedding (or the caller manages it); visitors are rate
-- limited (rate_limited). Granted to anon and authenticated.
create function kasalan.get_rsvp(p_guest_id uuid, p_person_id uuid, p_code text default null)
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
  if v_access like 'guest%' then
    perform kasalan.rate_limit(v_wedding.id, 'rsvp');
  end if;
  return kasalan.rsvp_json(v_wedding, p_guest_id, p_person_id, v_access);
end;
$$;

revoke execute on function kasalan.get_rsvp(uuid, uuid, text) from public;
grant execute on function kasalan.get_rsvp(uuid, uuid, text) to anon, authenticated;

drop function kasalan.submit_rsvp(uuid, uuid, jsonb, text);

-- A guest's answer for their household, all or nothing, as in 0004, plus:
-- - p_code, the household's invitation code, decides what the answer may change: without it a
--   reply the couple recorded is refused (rsvp_recorded_by_couple, nothing saved) and a blank
--   message leaves the household's message as it is (the visitor never saw it);
-- - every change is kept in kasalan.rsvp_changes with the previous value;
-- - visitors are rate limited (rate_limited).
-- Returns what get_rsvp returns for the same caller. Granted to anon and authenticated.
create function kasalan.submit_rsvp(
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
  if v_access like 'guest%' then
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
-- Management: record, review and restore replies
-- =============================================================================================

-- Who the signed-in manager is in the history: 'couple' for the wedding's owner, 'member' for
-- another account that manages it. Helper of the functions below.
create function kasalan.rsvp_manager_kind(p_wedding_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when exists (select 1 from kasalan.weddings w where w.id = p_wedding_id and w.user_id = (select auth.uid()))
      then 'couple'
    else 'member'
  end
$$;

revoke execute on function kasalan.rsvp_manager_kind(uuid) from public, anon, authenticated;

-- Records (or corrects) one person's reply on their behalf, e.g. a coordinator taking a phone call,
-- as in 0004; the change is kept in the history. Security definer because households and persons
-- are written only through functions; it checks can_manage first. Granted to authenticated.
create or replace function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_questions jsonb;
  v_person kasalan.persons;
  v_response jsonb;
  v_recorded_by text;
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  select w.rsvp_questions into v_questions from kasalan.weddings w where w.id = p_wedding_id;

  select * into v_person from kasalan.persons p
  where p.id = p_person_id and p.wedding_id = p_wedding_id
  for update;
  if not found then
    raise exception 'person_not_found';
  end if;

  v_response := case when p_is_attending then kasalan.rsvp_response(v_questions, p_response) else '[]'::jsonb end;
  v_recorded_by := case when p_is_attending is null then null else 'couple' end;

  if (v_person.is_attending, v_person.response, v_person.rsvp_recorded_by)
    is distinct from (p_is_attending, v_response, v_recorded_by)
  then
    insert into kasalan.rsvp_changes (wedding_id, guest_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_person.guest_id, v_person.id, kasalan.rsvp_manager_kind(p_wedding_id), auth.uid(),
      kasalan.rsvp_reply_json(v_person),
      jsonb_build_object(
        'isAttending', p_is_attending,
        'response', v_response,
        'respondedAt', case when p_is_attending is null then null else now() end,
        'recordedBy', v_recorded_by
      )
    );
  end if;

  update kasalan.persons p
  set is_attending = p_is_attending,
      response = v_response,
      responded_at = case when p_is_attending is null then null else now() end,
      rsvp_recorded_by = v_recorded_by
  where p.id = v_person.id;

  return (select kasalan.rsvp_household_json(g) from kasalan.guests g where g.id = v_person.guest_id);
end;
$$;

revoke execute on function kasalan.record_rsvp(uuid, uuid, boolean, jsonb) from public, anon;
grant execute on function kasalan.record_rsvp(uuid, uuid, boolean, jsonb) to authenticated;

-- Puts a reply (or a household's message) back to what it was before one change of the history,
-- and keeps that as a change too (so a restore can itself be undone). Raises wedding_not_found,
-- rsvp_change_not_found (not a change of this wedding, or its person was removed). Returns the
-- household as list_rsvps shows it. Called by the RSVPs tab; granted to authenticated.
create function kasalan.restore_rsvp(p_wedding_id uuid, p_change_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change kasalan.rsvp_changes;
  v_person kasalan.persons;
  v_guest kasalan.guests;
  v_kind text;
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  select * into v_change from kasalan.rsvp_changes c where c.id = p_change_id and c.wedding_id = p_wedding_id;
  if not found then
    raise exception 'rsvp_change_not_found';
  end if;
  v_kind := kasalan.rsvp_manager_kind(p_wedding_id);

  if v_change.person_id is not null then
    select * into v_person from kasalan.persons p where p.id = v_change.person_id for update;
    if not found then
      raise exception 'rsvp_change_not_found';
    end if;
    insert into kasalan.rsvp_changes (wedding_id, guest_id, person_id, changed_by, changed_by_user, previous, current)
    values (p_wedding_id, v_person.guest_id, v_person.id, v_kind, auth.uid(), kasalan.rsvp_reply_json(v_person), v_change.previous);
    update kasalan.persons p
    set is_attending = (v_change.previous ->> 'isAttending')::boolean,
        response = coalesce(v_change.previous -> 'response', '[]'::jsonb),
        responded_at = (v_change.previous ->> 'respondedAt')::timestamptz,
        rsvp_recorded_by = v_change.previous ->> 'recordedBy'
    where p.id = v_person.id;
  else
    select * into v_guest from kasalan.guests g where g.id = v_change.guest_id for update;
    insert into kasalan.rsvp_changes (wedding_id, guest_id, person_id, changed_by, changed_by_user, previous, current)
    values (
      p_wedding_id, v_guest.id, null, v_kind, auth.uid(),
      jsonb_build_object('message', v_guest.rsvp_message, 'messageAt', v_guest.rsvp_message_at),
      v_change.previous
    );
    update kasalan.guests g
    set rsvp_message = v_change.previous ->> 'message',
        rsvp_message_at = (v_change.previous ->> 'messageAt')::timestamptz
    where g.id = v_guest.id;
  end if;

  return (select kasalan.rsvp_household_json(g) from kasalan.guests g where g.id = v_change.guest_id);
end;
$$;

revoke execute on function kasalan.restore_rsvp(uuid, uuid) from public, anon;
grant execute on function kasalan.restore_rsvp(uuid, uuid) to authenticated;

-- What changed in the wedding's replies, for the RSVPs tab: {lastSeenAt, changes, probes}.
-- changes: the 100 latest [{id, guestId, personId, firstName, lastName, changedAt, changedBy,
-- previous, current}] (for a message change personId is null and the name is the household's
-- first person); lastSeenAt: when this account last marked them seen (null: never); probes: the
-- hours of the last 60 days in which a visitor, or all visitors together, reached a rate limit
-- [{kind: 'search'|'rsvp', scope: 'caller'|'wedding', at}]. Granted to authenticated.
create function kasalan.list_rsvp_changes(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;

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
            'guestId', c.guest_id,
            'personId', c.person_id,
            'firstName', n.first_name,
            'lastName', n.last_name,
            'changedAt', c.changed_at,
            'changedBy', c.changed_by,
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
          where p.guest_id = c.guest_id and (c.person_id is null or p.id = c.person_id)
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

revoke execute on function kasalan.list_rsvp_changes(uuid) from public, anon;
grant execute on function kasalan.list_rsvp_changes(uuid) to authenticated;

-- Marks the wedding's reply changes up to p_seen_at (at most now) as seen by this account, so the
-- next visit shows only what came after. Returns nothing. Granted to authenticated.
create function kasalan.mark_rsvp_changes_seen(p_wedding_id uuid, p_seen_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_wedding_id is null or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  if p_seen_at is null or p_seen_at = 'infinity' or p_seen_at = '-infinity' then
    raise exception 'invalid_input' using detail = 'seenAt must be a time';
  end if;
  insert into kasalan.rsvp_changes_seen as s (wedding_id, user_id, seen_at)
  values (p_wedding_id, auth.uid(), least(p_seen_at, now()))
  on conflict (wedding_id, user_id) do update set seen_at = greatest(s.seen_at, excluded.seen_at);
end;
$$;

revoke execute on function kasalan.mark_rsvp_changes_seen(uuid, timestamptz) from public, anon;
grant execute on function kasalan.mark_rsvp_changes_seen(uuid, timestamptz) to authenticated;

-- =============================================================================================
-- Direct writes: households and persons only through the functions
-- =============================================================================================

-- A signed-in couple could otherwise write guests and persons through the API, around every check
-- of the functions (a forged "recorded by guest", malformed answers, a reply with no history).
revoke insert, update, delete on kasalan.guests, kasalan.persons from authenticated;

-- save_household checks can_manage first and writes only that wedding's rows.
alter function kasalan.save_household(uuid, jsonb) security definer;

-- Deletes one household and its persons, if the caller manages its wedding (else
-- household_not_found). Security definer now that direct deletes are revoked. Granted to
-- authenticated.
create or replace function kasalan.delete_household(p_guest_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from kasalan.guests g
  where g.id = p_guest_id
    and kasalan.can_manage(g.wedding_id);
  if not found then
    raise exception 'household_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.delete_household(uuid) from public, anon;
grant execute on function kasalan.delete_household(uuid) to authenticated;

-- The couple's names on a wedding, however written: an object whose firstName and lastName are
-- strings of at most 100 characters (or missing/null). Helper of the weddings constraint.
create function kasalan.couple_name_is_valid(p_name jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_name) = 'object'
    and coalesce(jsonb_typeof(p_name -> 'firstName'), 'null') in ('string', 'null')
    and coalesce(jsonb_typeof(p_name -> 'lastName'), 'null') in ('string', 'null')
    and char_length(coalesce(p_name ->> 'firstName', '')) <= 100
    and char_length(coalesce(p_name ->> 'lastName', '')) <= 100
$$;

revoke execute on function kasalan.couple_name_is_valid(jsonb) from public, anon;
grant execute on function kasalan.couple_name_is_valid(jsonb) to authenticated;

alter table kasalan.weddings
  add constraint weddings_couple_names_valid
    check (kasalan.couple_name_is_valid(bride) and kasalan.couple_name_is_valid(groom));

-- =============================================================================================
-- Invalid text
-- =============================================================================================

-- 0001's json_text, now also refusing control characters (other than tab and line breaks) with
-- invalid_input naming the field. NUL (\u0000) cannot reach a function at all: jsonb and text refuse
-- it before the body runs, so the app's backend port refuses it first with the same code
-- (src/lib/backend/invalid-text.ts).
create or replace function kasalan.json_text(p_object jsonb, p_key text, p_max_length integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_object -> p_key;
  v_text text;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v_value) <> 'string' then
    raise exception 'invalid_input' using detail = format('%s must be text', p_key);
  end if;
  v_text := btrim(v_value #>> '{}');
  if v_text ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]' then
    raise exception 'invalid_input' using detail = format('%s contains invalid characters', p_key);
  end if;
  if char_length(v_text) > p_max_length then
    raise exception 'invalid_input' using detail = format('%s is longer than %s characters', p_key, p_max_length);
  end if;
  return nullif(v_text, '');
end;
$$;

-- The wedding's title from the couple's first names ("Maria & Juan"), shortened to the title's
-- 200 characters when two very long names would overflow it. Helper of create_my_wedding.
create function kasalan.couple_title(p_bride_first_name text, p_groom_first_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when char_length(p_bride_first_name) + char_length(p_groom_first_name) + 3 <= 200
      then p_bride_first_name || ' & ' || p_groom_first_name
    else left(p_bride_first_name, 98) || ' & ' || left(p_groom_first_name, 99)
  end
$$;

revoke execute on function kasalan.couple_title(text, text) from public, anon;
grant execute on function kasalan.couple_title(text, text) to authenticated;

-- 0001's create_my_wedding, with a title that never overflows from two long first names.
-- Creates the signed-in couple's wedding with the default website sections, or returns the one
-- they already have. Called at sign-up; granted to authenticated.
create or replace function kasalan.create_my_wedding(p_bride jsonb, p_groom jsonb, p_date date default null)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_wedding kasalan.weddings;
  v_bride jsonb;
  v_groom jsonb;
  v_couple text;
  v_constraint text;
  v_attempt integer := 0;
begin
  if v_user_id is null then
    raise exception 'not_authenticated';
  end if;

  select * into v_wedding from kasalan.weddings w where w.user_id = v_user_id;
  if found then
    return kasalan.wedding_json(v_wedding);
  end if;

  if jsonb_typeof(p_bride) is distinct from 'object' or jsonb_typeof(p_groom) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'bride and groom must be objects';
  end if;
  v_bride := jsonb_build_object(
    'firstName', kasalan.json_text(p_bride, 'firstName', 100),
    'lastName', kasalan.json_text(p_bride, 'lastName', 100)
  );
  v_groom := jsonb_build_object(
    'firstName', kasalan.json_text(p_groom, 'firstName', 100),
    'lastName', kasalan.json_text(p_groom, 'lastName', 100)
  );
  if v_bride ->> 'firstName' is null or v_bride ->> 'lastName' is null
    or v_groom ->> 'firstName' is null or v_groom ->> 'lastName' is null
  then
    raise exception 'invalid_input' using detail = 'bride and groom need a first and last name';
  end if;
  v_couple := kasalan.couple_title(v_bride ->> 'firstName', v_groom ->> 'firstName');

  -- Two couples may pick the same free slug at once; the loser of the race takes the next one.
  loop
    v_attempt := v_attempt + 1;
    begin
      insert into kasalan.weddings (user_id, slug, title, bride, groom, date)
      values (
        v_user_id,
        kasalan.unique_wedding_slug(v_bride ->> 'firstName', v_groom ->> 'firstName'),
        v_couple, v_bride, v_groom, p_date
      )
      returning * into v_wedding;
      exit;
    exception when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint = 'weddings_user_id_key' then
        -- The same couple signed up twice at once: hand back the wedding the other call made.
        select * into v_wedding from kasalan.weddings w where w.user_id = v_user_id;
        return kasalan.wedding_json(v_wedding);
      end if;
      if v_constraint <> 'weddings_slug_key' or v_attempt >= 5 then
        raise;
      end if;
    end;
  end loop;

  insert into kasalan.sections (user_id, wedding_id, type, label, title, path, visible, data, order_index)
  select v_user_id, v_wedding.id, d.type, d.label, d.title, d.type, d.visible, d.data, d.order_index
  from (
    values
      ('home', 'Home', v_couple, true,
        jsonb_build_object(
          'bride', v_bride,
          'groom', v_groom,
          'wedding', jsonb_build_object(
            'date', p_date,
            'location', jsonb_build_object('venue', '', 'city', '', 'country', 'Philippines'),
            'hashtag', ''
          ),
          'stories', '[]'::jsonb
        ), 0),
      ('our-story', 'Our Story', 'Ang Aming Kuwento', false, '{}'::jsonb, 1),
      ('schedule', 'Schedule', 'Pagtitipon', true, '{}'::jsonb, 2),
      ('travel', 'Travel', 'Tuluyan', true, '{}'::jsonb, 3),
      ('wedding-party', 'Wedding Party', 'Gabay', true, '{}'::jsonb, 4),
      ('gallery', 'Gallery', 'Larawan', false, '{}'::jsonb, 5),
      ('things-to-do', 'Things to Do', 'Pasyalan at Kainan', true, '{}'::jsonb, 6),
      ('registry', 'Registry', 'Handog', true, '{}'::jsonb, 7),
      ('faqs', 'FAQs', 'Katanungan', true, '{}'::jsonb, 8),
      ('rsvp', 'RSVP', 'RSVP', true, '{}'::jsonb, 9)
  ) as d(type, label, title, visible, data, order_index);

  return kasalan.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.create_my_wedding(jsonb, jsonb, date) from public, anon;
grant execute on function kasalan.create_my_wedding(jsonb, jsonb, date) to authenticated;

-- Kasalan RSVP: a guest finds their name on a published wedding site, answers for their household
-- until the RSVP deadline, and the couple sees and corrects the answers and sets the questions.
--
-- Three calls are public (granted to anon): search_guests, get_rsvp and submit_rsvp. They are
-- `security definer`, check inside what a visitor may see, and never return a guest's e-mail, phone,
-- address or notes. Everything else runs as `security invoker` under row-level security for the
-- wedding's owner. Functions raise a stable snake_case code as the message
-- (see docs/database-contract.md):
--   rsvp_not_found                the household/person pair is unknown, or its wedding is not published
--   rsvp_closed                   the RSVP deadline (a date in Asia/Manila) has passed
--   rsvp_person_not_in_household  an answer names a person of another household
--   rsvp_invalid_answer           an answer to a question the wedding does not ask, or not one of its options
--   rsvp_question_text_required   a question without text
--   rsvp_choice_needs_options     a choice question with fewer than two options
--   person_not_found              the person is not in the caller's wedding

-- =============================================================================================
-- Columns
-- =============================================================================================

-- The household's note to the couple, written with its RSVP, and when it was last written.
alter table kasalan.guests
  add column rsvp_message text check (char_length(rsvp_message) <= 1000),
  add column rsvp_message_at timestamptz;

-- Who recorded a person's current reply: the guest on the site, or the couple on their behalf.
alter table kasalan.persons
  add column rsvp_recorded_by text check (rsvp_recorded_by in ('guest', 'couple'));

-- =============================================================================================
-- Name search: helpers and index
-- =============================================================================================

-- A name or a query as the search compares them: lower case, without accents (Peña → pena, with the
-- unaccent dictionary named so the result never depends on search_path), apostrophes dropped
-- (D'Souza → dsouza) and every other run of punctuation or spaces made one space
-- (Ma. Cristina → ma cristina, Ana-Marie → ana marie). Immutable, so an index can use it.
-- Helper of the search; granted to authenticated (index upkeep runs as the writer).
create function kasalan.search_text(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(
    regexp_replace(
      regexp_replace(
        lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, ''))),
        '[''’‘`]', '', 'g'
      ),
      '[^a-z0-9]+', ' ', 'g'
    )
  )
$$;

-- A person's first and last name as one searchable text ("ma cristina dela cruz pena").
-- Helper of the search; granted to authenticated.
create function kasalan.person_search_name(p_first_name text, p_last_name text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select kasalan.search_text(coalesce(p_first_name, '') || ' ' || coalesce(p_last_name, ''))
$$;

revoke execute on function kasalan.search_text(text), kasalan.person_search_name(text, text) from public, anon;
grant execute on function kasalan.search_text(text), kasalan.person_search_name(text, text) to authenticated;

-- Trigram index over the name with its spaces taken out: every way the search matches a word start
-- ("cruz", "dela cruz", "delacruz") is a substring of it, so it narrows the candidates that the
-- exact word-start test then checks.
create index persons_search_name_idx on kasalan.persons
  using gin (replace(kasalan.person_search_name(first_name, last_name), ' ', '') extensions.gin_trgm_ops);

-- =============================================================================================
-- RSVP helpers (not callable by visitors; the public calls below run them as the owner)
-- =============================================================================================

-- Whether the RSVP of a wedding with this deadline is closed: the deadline day itself is still open
-- until midnight in the Philippines. Helper; granted to authenticated.
create function kasalan.rsvp_is_closed(p_deadline date)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_deadline is not null and (now() at time zone 'Asia/Manila')::date > p_deadline
$$;

-- Checks the couple's RSVP questions and returns them cleaned:
-- [{id, question, kind: 'text'|'choice', options?}], options trimmed, blank ones dropped.
-- Helper of update_rsvp_settings; granted to authenticated.
create function kasalan.rsvp_questions_clean(p_questions jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_question jsonb;
  v_id text;
  v_ids text[] := '{}';
  v_kind text;
  v_text text;
  v_option jsonb;
  v_options text[];
  v_clean text;
  v_result jsonb := '[]';
begin
  if p_questions is null or jsonb_typeof(p_questions) = 'null' then
    return '[]';
  end if;
  if jsonb_typeof(p_questions) <> 'array' then
    raise exception 'invalid_input' using detail = 'questions must be a list';
  end if;
  if jsonb_array_length(p_questions) > 20 then
    raise exception 'invalid_input' using detail = 'at most 20 questions';
  end if;

  for v_question in select value from jsonb_array_elements(p_questions) loop
    if jsonb_typeof(v_question) <> 'object' then
      raise exception 'invalid_input' using detail = 'each question must be an object';
    end if;
    v_id := kasalan.json_text(v_question, 'id', 50);
    if v_id is null or v_id !~ '^[A-Za-z0-9_-]+$' then
      raise exception 'invalid_input' using detail = 'each question needs an id of letters, digits, _ or -';
    end if;
    if v_id = any (v_ids) then
      raise exception 'invalid_input' using detail = 'two questions have the same id';
    end if;
    v_ids := v_ids || v_id;

    v_text := kasalan.json_text(v_question, 'question', 300);
    if v_text is null then
      raise exception 'rsvp_question_text_required';
    end if;
    v_kind := coalesce(kasalan.json_text(v_question, 'kind', 10), 'text');
    if v_kind not in ('text', 'choice') then
      raise exception 'invalid_input' using detail = 'kind must be text or choice';
    end if;

    if v_kind = 'choice' then
      if jsonb_typeof(v_question -> 'options') is distinct from 'array' then
        raise exception 'rsvp_choice_needs_options';
      end if;
      v_options := '{}';
      for v_option in select value from jsonb_array_elements(v_question -> 'options') loop
        if jsonb_typeof(v_option) <> 'string' then
          raise exception 'invalid_input' using detail = 'options must be text';
        end if;
        v_clean := btrim(v_option #>> '{}');
        if char_length(v_clean) > 100 then
          raise exception 'invalid_input' using detail = 'an option is longer than 100 characters';
        end if;
        if v_clean <> '' and not (v_clean = any (v_options)) then
          v_options := v_options || v_clean;
        end if;
      end loop;
      if coalesce(array_length(v_options, 1), 0) < 2 then
        raise exception 'rsvp_choice_needs_options';
      end if;
      if array_length(v_options, 1) > 20 then
        raise exception 'invalid_input' using detail = 'at most 20 options';
      end if;
      v_result := v_result || jsonb_build_array(jsonb_build_object(
        'id', v_id, 'question', v_text, 'kind', 'choice', 'options', to_jsonb(v_options)
      ));
    else
      v_result := v_result || jsonb_build_array(jsonb_build_object('id', v_id, 'question', v_text, 'kind', 'text'));
    end if;
  end loop;
  return v_result;
end;
$$;

-- Checks one attending person's answers, given as [{questionId, answer}], against the wedding's
-- questions and returns what is stored: [{questionId, question, answer}] in the questions' order,
-- blank answers left out. The question's text is kept with the answer, so a later edit of the
-- question does not change what the guest answered. Raises rsvp_invalid_answer for an unknown
-- question or a choice that is not one of the options. Helper; granted to authenticated.
create function kasalan.rsvp_response(p_questions jsonb, p_answers jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_answer jsonb;
  v_question jsonb;
  v_id text;
  v_text text;
  v_given jsonb := '{}';
begin
  if p_answers is null or jsonb_typeof(p_answers) = 'null' then
    return '[]';
  end if;
  if jsonb_typeof(p_answers) <> 'array' then
    raise exception 'invalid_input' using detail = 'response must be a list';
  end if;

  for v_answer in select value from jsonb_array_elements(p_answers) loop
    if jsonb_typeof(v_answer) <> 'object' then
      raise exception 'invalid_input' using detail = 'each answer must be an object';
    end if;
    v_id := kasalan.json_text(v_answer, 'questionId', 50);
    if v_id is null then
      raise exception 'invalid_input' using detail = 'each answer needs a questionId';
    end if;
    if v_given ? v_id then
      raise exception 'invalid_input' using detail = 'a question is answered twice';
    end if;
    v_question := (
      select q.value from jsonb_array_elements(coalesce(p_questions, '[]')) q where q.value ->> 'id' = v_id limit 1
    );
    if v_question is null then
      raise exception 'rsvp_invalid_answer' using detail = format('no question %s', v_id);
    end if;
    v_text := kasalan.json_text(v_answer, 'answer', 500);
    if v_text is null then
      continue;
    end if;
    if v_question ->> 'kind' = 'choice' and not coalesce((v_question -> 'options') ? v_text, false) then
      raise exception 'rsvp_invalid_answer' using detail = format('%s is not an option of %s', v_text, v_id);
    end if;
    v_given := v_given || jsonb_build_object(v_id, v_text);
  end loop;

  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object('questionId', q.value ->> 'id', 'question', q.value ->> 'question', 'answer', v_given ->> (q.value ->> 'id'))
        order by q.ordinality
      )
      from jsonb_array_elements(coalesce(p_questions, '[]')) with ordinality q
      where v_given ? (q.value ->> 'id')
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function
  kasalan.rsvp_is_closed(date),
  kasalan.rsvp_questions_clean(jsonb),
  kasalan.rsvp_response(jsonb, jsonb)
from public, anon;
grant execute on function
  kasalan.rsvp_is_closed(date),
  kasalan.rsvp_questions_clean(jsonb),
  kasalan.rsvp_response(jsonb, jsonb)
to authenticated;

-- The wedding a household/person pair belongs to, if a visitor may RSVP there: the person must be in
-- that household and the wedding published (or the caller its owner, previewing). Raises
-- rsvp_not_found otherwise, without saying which part did not match. Helper of the public calls
-- only; nobody else may call it.
create function kasalan.rsvp_wedding(p_guest_id uuid, p_person_id uuid)
returns kasalan.weddings
language plpgsql
stable
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  select w.* into v_wedding
  from kasalan.persons p
  join kasalan.weddings w on w.id = p.wedding_id
  where p.id = p_person_id
    and p.guest_id = p_guest_id;
  if not found or not (v_wedding.is_published or kasalan.can_manage(v_wedding.id)) then
    raise exception 'rsvp_not_found';
  end if;
  return v_wedding;
end;
$$;

-- What a guest's RSVP page shows: the wedding's public details and the household, that person
-- first, with each person's answers; never anyone's contact details. Helper of the public calls
-- only; nobody else may call it.
create function kasalan.rsvp_json(p_wedding kasalan.weddings, p_guest_id uuid, p_person_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'personId', p_person_id,
    'wedding', jsonb_build_object(
      'slug', p_wedding.slug,
      'title', p_wedding.title,
      'bride', p_wedding.bride,
      'groom', p_wedding.groom,
      'date', p_wedding.date,
      'theme', p_wedding.theme,
      'rsvpDeadline', p_wedding.rsvp_deadline,
      'rsvpQuestions', p_wedding.rsvp_questions,
      'contact', p_wedding.contact,
      'isClosed', kasalan.rsvp_is_closed(p_wedding.rsvp_deadline),
      'venue', (
        select case when jsonb_typeof(s.data #> '{wedding,location}') = 'object' then
          jsonb_build_object(
            'name', s.data #>> '{wedding,location,venue}',
            'city', s.data #>> '{wedding,location,city}',
            'country', s.data #>> '{wedding,location,country}'
          )
        end
        from kasalan.sections s
        where s.wedding_id = p_wedding.id and s.type = 'home'
        order by s.order_index
        limit 1
      ),
      'events', coalesce(
        (
          select jsonb_agg(
            jsonb_build_object(
              'name', e.value ->> 'name',
              'date', e.value ->> 'date',
              'startTime', e.value ->> 'startTime',
              'endTime', e.value ->> 'endTime',
              'venue', e.value ->> 'venue',
              'street', e.value #>> '{address,street}',
              'city', e.value #>> '{address,city}'
            )
            order by e.ordinality
          )
          from kasalan.sections s
          cross join lateral jsonb_array_elements(
            case when jsonb_typeof(s.data -> 'events') = 'array' then s.data -> 'events' else '[]'::jsonb end
          ) with ordinality e
          where s.wedding_id = p_wedding.id
            and s.type = 'schedule'
            and s.visible
            and jsonb_typeof(e.value) = 'object'
        ),
        '[]'::jsonb
      )
    ),
    'household', (
      select jsonb_build_object(
        'id', g.id,
        'message', g.rsvp_message,
        'messageAt', g.rsvp_message_at,
        'persons', coalesce(
          (
            select jsonb_agg(
              jsonb_build_object(
                'id', p.id,
                'firstName', p.first_name,
                'lastName', p.last_name,
                'type', p.type,
                'isAttending', p.is_attending,
                'response', p.response,
                'respondedAt', p.responded_at
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

revoke execute on function
  kasalan.rsvp_wedding(uuid, uuid),
  kasalan.rsvp_json(kasalan.weddings, uuid, uuid)
from public, anon, authenticated;

-- =============================================================================================
-- Public calls: name search, load an RSVP, submit an RSVP
-- =============================================================================================

-- A visitor's name search on one wedding site, by its exact slug: at most 10 persons whose first or
-- last name has, for every word of the query, a word starting with it (accent- and case-blind;
-- "pena", "dela cruz", "cruz", "ma. cristina" and "delacruz" all find "Ma. Cristina dela Cruz Peña"),
-- best matches first. Only a published wedding (or the owner's own, previewing) is searched; fewer
-- than 3 non-space characters, or an unknown slug, give an empty list. Each result is
-- {personId, guestId, firstName, lastName, householdSize}: never contact details or notes.
-- Granted to anon and authenticated.
create function kasalan.search_guests(p_slug text, p_query text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_wedding_id uuid;
  v_query text;
  v_words text[];
  v_patterns text[];
  v_longest text;
begin
  if p_slug is null or p_query is null
    or char_length(regexp_replace(p_query, '\s', '', 'g')) < 3
  then
    return '[]'::jsonb;
  end if;

  select w.id into v_wedding_id
  from kasalan.weddings w
  where w.slug = p_slug
    and (w.is_published or kasalan.can_manage(w.id));
  if not found then
    return '[]'::jsonb;
  end if;

  v_query := kasalan.search_text(left(p_query, 100));
  if v_query = '' then
    return '[]'::jsonb;
  end if;
  select array_agg(distinct word) into v_words
  from unnest(string_to_array(v_query, ' ')) as word
  where word <> '';

  -- Each query word must start a word of the name; its letters may also run across the name's
  -- spaces ("delacruz" finds "dela cruz"). Best first: the whole name, then a name that starts with
  -- the query, then a first or last name that does, then the most words matched whole.
  select array_agg('(^| )' || array_to_string(regexp_split_to_array(word, ''), ' ?')),
         (array_agg(word order by char_length(word) desc))[1]
  into v_patterns, v_longest
  from unnest(v_words) as word;

  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object(
          'personId', m.id,
          'guestId', m.guest_id,
          'firstName', m.first_name,
          'lastName', m.last_name,
          'householdSize', (select count(*) from kasalan.persons h where h.guest_id = m.guest_id)
        )
        order by m.rank_exact desc, m.rank_start desc, m.rank_field desc, m.rank_words desc,
          m.last_name_key, m.first_name_key, m.id
      )
      from (
        select p.id, p.guest_id, p.first_name, p.last_name,
               c.name = v_query as rank_exact,
               c.name like v_query || '%' as rank_start,
               kasalan.search_text(p.first_name) like v_query || '%'
                 or kasalan.search_text(p.last_name) like v_query || '%' as rank_field,
               (select count(*) from unnest(v_words) as word where word = any (string_to_array(c.name, ' '))) as rank_words,
               kasalan.search_text(p.last_name) as last_name_key,
               kasalan.search_text(p.first_name) as first_name_key
        from kasalan.persons p
        cross join lateral (select kasalan.person_search_name(p.first_name, p.last_name) as name) c
        where p.wedding_id = v_wedding_id
          and replace(kasalan.person_search_name(p.first_name, p.last_name), ' ', '') like '%' || v_longest || '%'
          and c.name ~ all (v_patterns)
        order by rank_exact desc, rank_start desc, rank_field desc, rank_words desc, last_name_key, first_name_key, p.id
        limit 10
      ) m
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.search_guests(text, text) from public;
grant execute on function kasalan.search_guests(text, text) to anon, authenticated;

-- One household's RSVP, for the guest's RSVP and thank-you pages: the wedding's public details
-- (names, date, venue, deadline, questions, the couple's contact, whether RSVP is closed) and every
-- person of the household (the given person first) with their answers and the household's message.
-- Raises rsvp_not_found unless the person belongs to that household of a published wedding (or the
-- caller owns it). Granted to anon and authenticated.
create function kasalan.get_rsvp(p_guest_id uuid, p_person_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  v_wedding := kasalan.rsvp_wedding(p_guest_id, p_person_id);
  return kasalan.rsvp_json(v_wedding, p_guest_id, p_person_id);
end;
$$;

revoke execute on function kasalan.get_rsvp(uuid, uuid) from public;
grant execute on function kasalan.get_rsvp(uuid, uuid) to anon, authenticated;

-- A guest's answer for their household, all or nothing. p_answers is
-- [{personId, isAttending: true|false, response: [{questionId, answer}]}]; every person named must
-- be of this household (else rsvp_person_not_in_household and nothing is saved); answers are kept
-- only for persons who attend and are checked against the wedding's questions. Persons not named
-- keep their answer. p_message is the household's note to the couple: null leaves it as it is,
-- blank clears it. Refused with rsvp_closed after the deadline (Asia/Manila). Returns what get_rsvp
-- returns. Granted to anon and authenticated.
create function kasalan.submit_rsvp(p_guest_id uuid, p_person_id uuid, p_answers jsonb, p_message text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
  v_entry jsonb;
  v_person_id uuid;
  v_ids uuid[] := '{}';
  v_attending boolean;
  v_rows jsonb := '[]';
  v_message text;
begin
  v_wedding := kasalan.rsvp_wedding(p_guest_id, p_person_id);
  if kasalan.rsvp_is_closed(v_wedding.rsvp_deadline) then
    raise exception 'rsvp_closed';
  end if;

  -- One household answers one at a time (two phones of one family).
  perform 1 from kasalan.guests g where g.id = p_guest_id for update;

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

  if p_message is not null then
    v_message := nullif(btrim(p_message), '');
    if char_length(v_message) > 1000 then
      raise exception 'invalid_input' using detail = 'the message is longer than 1000 characters';
    end if;
  end if;

  update kasalan.persons p
  set is_attending = (r.value ->> 'isAttending')::boolean,
      response = r.value -> 'response',
      responded_at = now(),
      rsvp_recorded_by = 'guest'
  from jsonb_array_elements(v_rows) r
  where p.id = (r.value ->> 'id')::uuid
    and p.guest_id = p_guest_id;

  if p_message is not null then
    update kasalan.guests g
    set rsvp_message = v_message,
        rsvp_message_at = case
          when v_message is null then null
          when v_message is distinct from g.rsvp_message then now()
          else g.rsvp_message_at
        end
    where g.id = p_guest_id;
  end if;

  return kasalan.rsvp_json(v_wedding, p_guest_id, p_person_id);
end;
$$;

revoke execute on function kasalan.submit_rsvp(uuid, uuid, jsonb, text) from public;
grant execute on function kasalan.submit_rsvp(uuid, uuid, jsonb, text) to anon, authenticated;

-- =============================================================================================
-- Management: the couple's RSVP settings and replies
-- =============================================================================================

-- Sets the RSVP deadline (a date, or null for none) and the questions guests answer
-- ([{id, question, kind: 'text'|'choice', options?}]). Returns the wedding. Called by the RSVPs tab;
-- granted to authenticated.
create function kasalan.update_rsvp_settings(p_wedding_id uuid, p_deadline date, p_questions jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;

  update kasalan.weddings w
  set rsvp_deadline = p_deadline,
      rsvp_questions = kasalan.rsvp_questions_clean(p_questions)
  where w.id = p_wedding_id
  returning * into v_wedding;
  if not found then
    raise exception 'wedding_not_found';
  end if;
  return kasalan.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.update_rsvp_settings(uuid, date, jsonb) from public, anon;
grant execute on function kasalan.update_rsvp_settings(uuid, date, jsonb) to authenticated;

-- A household as the RSVPs tab shows it: the household's e-mail (for the confirmation e-mail), its
-- message to the couple and each person's reply. Helper of list_rsvps and record_rsvp; granted to
-- authenticated.
create function kasalan.rsvp_household_json(p_guest kasalan.guests)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_guest.id,
    'email', p_guest.email,
    'message', p_guest.rsvp_message,
    'messageAt', p_guest.rsvp_message_at,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'guestId', p.guest_id,
            'firstName', p.first_name,
            'lastName', p.last_name,
            'type', p.type,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'recordedBy', p.rsvp_recorded_by
          )
          order by p.position, p.created_at, p.id
        )
        from kasalan.persons p
        where p.guest_id = p_guest.id
      ),
      '[]'::jsonb
    )
  )
$$;

revoke execute on function kasalan.rsvp_household_json(kasalan.guests) from public, anon;
grant execute on function kasalan.rsvp_household_json(kasalan.guests) to authenticated;

-- Records (or corrects) one person's reply on their behalf, e.g. a coordinator taking a phone call:
-- p_is_attending true/false with p_response [{questionId, answer}] (kept only when attending), or
-- null to put the person back to pending. Ignores the deadline. Returns the person's household in
-- the shape list_rsvps gives. Called by the RSVPs tab; granted to authenticated.
create function kasalan.record_rsvp(p_wedding_id uuid, p_person_id uuid, p_is_attending boolean, p_response jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_questions jsonb;
  v_guest_id uuid;
begin
  select w.rsvp_questions into v_questions from kasalan.weddings w where w.id = p_wedding_id;
  if not found or not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;

  update kasalan.persons p
  set is_attending = p_is_attending,
      response = case when p_is_attending then kasalan.rsvp_response(v_questions, p_response) else '[]'::jsonb end,
      responded_at = case when p_is_attending is null then null else now() end,
      rsvp_recorded_by = case when p_is_attending is null then null else 'couple' end
  where p.id = p_person_id
    and p.wedding_id = p_wedding_id
  returning p.guest_id into v_guest_id;
  if not found then
    raise exception 'person_not_found';
  end if;

  return (select kasalan.rsvp_household_json(g) from kasalan.guests g where g.id = v_guest_id);
end;
$$;

revoke execute on function kasalan.record_rsvp(uuid, uuid, boolean, jsonb) from public, anon;
grant execute on function kasalan.record_rsvp(uuid, uuid, boolean, jsonb) to authenticated;

-- Every household of a wedding with each person's reply, answers and when they answered, oldest
-- household first. Called by the RSVPs tab and the e-mail preview; granted to authenticated.
create function kasalan.list_rsvps(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not kasalan.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;

  return coalesce(
    (
      select jsonb_agg(kasalan.rsvp_household_json(g) order by g.created_at, g.id)
      from kasalan.guests g
      where g.wedding_id = p_wedding_id
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.list_rsvps(uuid) from public, anon;
grant execute on function kasalan.list_rsvps(uuid) to authenticated;

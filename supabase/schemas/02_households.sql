-- Kasalan households and persons: the guest list. A household (kasalan.households) is who receives one
-- invitation and answers for its persons; persons are the people counted at the wedding. Saving,
-- deleting, importing, listing and searching them.

-- =============================================================================================
-- Checks the tables below rely on
-- =============================================================================================

-- A new random invitation code: 8 characters from an alphabet without 0/O/1/I/L, so it reads aloud
-- and types from paper without doubt (31^8, about 8.5 * 10^11 codes). Helper of the column default.
create or replace function kasalan_private.new_invitation_code()
returns text
language sql
set search_path = ''
as $$
  select string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + get_byte(r.bytes, i) % 31, 1), '' order by i)
  from (select extensions.gen_random_bytes(8) as bytes) r
  cross join generate_series(0, 7) as i
$$;

revoke execute on function kasalan_private.new_invitation_code() from public, anon, authenticated;

-- The words of a name or a query in canonical form (Ma. → maria, Sto. → santo,
-- Sta. → santa, Jr. → junior, Sr. → senior), with a surname particle joined to the word after it
-- whichever way it was written: "de la Cruz", "dela Cruz", "De La Cruz" and "Delacruz" are all
-- "delacruz"; "Sto. Domingo" and "Santo Domingo" are "santodomingo". For a stored name
-- (p_stored) also two neighbouring words run together ("Mary Ann" as "maryann"), the word after a
-- particle on its own ("cruz") and an abbreviated particle joined as guests type it
-- ("stodomingo"). Helper of the search.
create or replace function kasalan_private.name_words(p_text text, p_stored boolean)
returns text[]
language plpgsql
immutable parallel safe
set search_path = ''
as $$
declare
  v_raw text[] := string_to_array(kasalan_private.search_text(p_text), ' ');
  v_words text[] := '{}';
  v_more text[] := '{}';
  v_word text;
  v_next text;
  v_n integer := coalesce(array_length(v_raw, 1), 0);
  v_i integer := 1;
begin
  while v_i <= v_n loop
    v_word := v_raw[v_i];
    if v_word = 'de' and v_i < v_n and v_raw[v_i + 1] in ('la', 'los', 'las') then
      v_word := 'de' || v_raw[v_i + 1];
      v_i := v_i + 1;
    end if;
    if v_i < v_n and v_word in ('de', 'del', 'dela', 'delos', 'delas', 'della', 'di', 'da', 'du', 'van', 'von', 'san', 'santo', 'santa', 'sto', 'sta') then
      v_next := v_raw[v_i + 1];
      v_next := case v_next when 'ma' then 'maria' when 'jr' then 'junior' when 'sr' then 'senior' else v_next end;
      v_words := v_words || (case v_word when 'sto' then 'santo' when 'sta' then 'santa' else v_word end || v_next);
      if p_stored then
        v_more := v_more || v_next;
        if v_word in ('sto', 'sta', 'santo', 'santa') then
          v_more := v_more || (left(v_word, 1) || right(v_word, 2) || v_next);
        end if;
      end if;
      v_i := v_i + 2;
    else
      v_words := v_words || case v_word
        when 'ma' then 'maria' when 'sto' then 'santo' when 'sta' then 'santa' when 'jr' then 'junior' when 'sr' then 'senior'
        else v_word end;
      v_i := v_i + 1;
    end if;
  end loop;
  if p_stored then
    for v_i in 1 .. coalesce(array_length(v_words, 1), 0) - 1 loop
      v_more := v_more || (v_words[v_i] || v_words[v_i + 1]);
    end loop;
    return v_words || v_more;
  end if;
  return v_words;
end;
$$;

revoke execute on function kasalan_private.name_words(p_text text, p_stored boolean) from public, anon, authenticated;

-- A nickname or a name as one word the way the search compares it ("Ma. Cristina" →
-- "mariacristina"). Helper of the nicknames' columns.
create or replace function kasalan_private.nickname_word(p_text text)
returns text
language sql
immutable parallel safe
set search_path = ''
as $$
  select array_to_string(kasalan_private.name_words(p_text, false), '')
$$;

revoke execute on function kasalan_private.nickname_word(p_text text) from public, anon, authenticated;

-- A word as it sounds in Filipino spelling, so that the letters guests swap compare equal: ph/f/p,
-- v/b, z/s, c/k/qu (c before e or i as s), ch as k, o/u, e/i/y, a silent h, ñ typed as "ny", and
-- doubled letters as one ("Villanueba" = "Villanueva", "Jenifer" = "Jennifer", "Kristina" =
-- "Cristina", "Penya" = "Peña"). Helper of the search.
create or replace function kasalan_private.name_key(p_word text)
returns text
language sql
immutable parallel safe
set search_path = ''
as $$
  select regexp_replace(
    translate(
      replace(
        regexp_replace(
          replace(replace(replace(replace(replace(p_word, 'ph', 'f'), 'ch', 'k'), 'qu', 'k'), 'ck', 'k'), 'ny', 'n'),
          'c([eiy])', 's\1', 'g'
        ),
        'h', ''
      ),
      'cqvfzuyi', 'kkbpsoee'
    ),
    '(.)\1+', '\1', 'g'
  )
$$;

revoke execute on function kasalan_private.name_key(p_word text) from public, anon, authenticated;

-- The keys a word is found by in the index: the word itself; '#' and its sound (name_key); and
-- when p_fuzzy, for a sound of 4 letters or more '~' and the sound, and for one of 5 or more '~'
-- and the sound less each of its letters in turn. Two words one letter apart in sound (missing,
-- extra, wrong or two swapped) share a '~' key, so the index finds a typo without reading every
-- name. Helper of the search.
create or replace function kasalan_private.word_keys(p_word text, p_fuzzy boolean)
returns text[]
language plpgsql
immutable parallel safe
set search_path = ''
as $$
declare
  v_key text := kasalan_private.name_key(p_word);
  v_n integer := char_length(v_key);
  v_keys text[] := array[p_word, '#' || v_key];
begin
  if p_fuzzy and v_n >= 4 then
    v_keys := v_keys || ('~' || v_key);
  end if;
  if p_fuzzy and v_n >= 5 then
    for v_i in 1 .. v_n loop
      v_keys := v_keys || ('~' || left(v_key, v_i - 1) || substr(v_key, v_i + 1));
    end loop;
  end if;
  return v_keys;
end;
$$;

revoke execute on function kasalan_private.word_keys(p_word text, p_fuzzy boolean) from public, anon, authenticated;

-- Whether two words are one letter apart: one missing, extra or wrong, or two neighbours swapped
-- ("jenifer"/"jennifer", "micheal"/"michael"). Helper of the search (its typo pass).
create or replace function kasalan_private.one_letter_apart(p_a text, p_b text)
returns boolean
language plpgsql
immutable parallel safe
set search_path = ''
as $$
declare
  v_a integer := char_length(p_a);
  v_b integer := char_length(p_b);
  v_i integer := 1;
begin
  if abs(v_a - v_b) > 1 or p_a = p_b then
    return false;
  end if;
  while v_i <= least(v_a, v_b) and substr(p_a, v_i, 1) = substr(p_b, v_i, 1) loop
    v_i := v_i + 1;
  end loop;
  if v_a > v_b then
    return substr(p_a, v_i + 1) = substr(p_b, v_i);
  elsif v_a < v_b then
    return substr(p_a, v_i) = substr(p_b, v_i + 1);
  end if;
  return substr(p_a, v_i + 1) = substr(p_b, v_i + 1)
    or (substr(p_a, v_i, 1) = substr(p_b, v_i + 1, 1) and substr(p_a, v_i + 1, 1) = substr(p_b, v_i, 1)
        and substr(p_a, v_i + 2) = substr(p_b, v_i + 2));
end;
$$;

revoke execute on function kasalan_private.one_letter_apart(p_a text, p_b text) from public, anon, authenticated;

-- The words a person can be found by (name_words, stored form) of their first name, the name they
-- are known by, their last name, maiden surname and suffix, sorted, each once. Helper of the
-- search (a stored column of persons).
create or replace function kasalan_private.person_search_names(
  p_first_name text, p_last_name text, p_suffix text, p_known_as text, p_maiden_name text
)
returns text[]
language plpgsql
immutable parallel safe
set search_path = ''
as $$
declare
  v_words text[] := '{}';
  v_part text;
begin
  foreach v_part in array array[p_first_name, p_last_name, p_suffix, p_known_as, p_maiden_name] loop
    if v_part is not null then
      v_words := v_words || kasalan_private.name_words(v_part, true);
    end if;
  end loop;
  return array(select distinct w from unnest(v_words) as w where w <> '' order by w);
end;
$$;

revoke execute on function kasalan_private.person_search_names(p_first_name text, p_last_name text, p_suffix text, p_known_as text, p_maiden_name text) from public, anon, authenticated;

-- Sets a person's search columns from their names (person_search_names once): the words, the
-- sound of each in the same order, and every key of every word, each once (what the index finds a
-- person by). On every insert, and on every update that changes a name or touches one of them, so
-- they always say what the names say. Trigger of persons (0028).
create or replace function kasalan_private.person_search_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_word text;
  v_keys text[] := '{}';
begin
  if tg_op = 'UPDATE'
    and (new.first_name, new.last_name, new.suffix, new.known_as, new.maiden_name)
      is not distinct from (old.first_name, old.last_name, old.suffix, old.known_as, old.maiden_name)
    and (new.search_names, new.search_sounds, new.search_keys)
      is not distinct from (old.search_names, old.search_sounds, old.search_keys) then
    return new;
  end if;
  new.search_names := kasalan_private.person_search_names(new.first_name, new.last_name, new.suffix, new.known_as, new.maiden_name);
  -- The sound (name_key) of each word, in the same order.
  new.search_sounds := array(
    select kasalan_private.name_key(w.word) from unnest(new.search_names) with ordinality as w(word, ord) order by w.ord
  );
  -- Every key of every word (word_keys, typos included), each once: what the index finds a person by.
  foreach v_word in array new.search_names loop
    v_keys := v_keys || kasalan_private.word_keys(v_word, true);
  end loop;
  new.search_keys := array(select distinct k from unnest(v_keys) as k);
  return new;
end;
$$;

revoke execute on function kasalan_private.person_search_columns() from public, anon, authenticated;


-- A query word that is not part of anyone's name: titles (Mr., Mrs., Dr., Atty., Engr.), the
-- words Filipinos put before a relative's or an elder's name (Tita, Tito, Kuya, Ate, Lola, Lolo,
-- Ninang, Ninong, Mang, Aling) and the words between two names typed together (and, at, &).
-- Helper of the search; these words never count towards the two a search needs.
create or replace function kasalan_private.is_search_filler(p_word text)
returns boolean
language sql
immutable parallel safe
set search_path = ''
as $$
  select p_word in (
    'mr', 'mrs', 'ms', 'miss', 'mister', 'dr', 'dra', 'doc', 'doktor', 'atty', 'attorney', 'engr', 'engineer',
    'arch', 'archt', 'architect', 'hon', 'rev', 'fr', 'msgr', 'pastor', 'ptr', 'bro', 'sis', 'prof', 'sir',
    'maam', 'madam', 'mme', 'capt', 'judge', 'dona', 'kgg', 'kagawad', 'kap',
    'tita', 'tito', 'tiya', 'tiyo', 'tia', 'tio', 'kuya', 'ate', 'lola', 'lolo', 'ninang', 'ninong',
    'nanay', 'tatay', 'inay', 'itay', 'nay', 'tay', 'mommy', 'daddy', 'mama', 'papa', 'manang', 'manong',
    'nang', 'nong', 'ading', 'insan', 'pinsan', 'ditse', 'diko', 'sangko', 'sanko', 'auntie', 'aunt',
    'uncle', 'tatang', 'nanang', 'inang', 'amang', 'mang', 'aling', 'ka',
    'and', 'at', 'ang', 'si', 'sina', 'kay', 'ni', 'nina', 'ng', 'mga', 'family', 'fam', 'pamilya',
    'couple', 'magasawa', 'mag', 'asawa', 'the', 'of', 'with', 'plus', 'y'
  )
$$;

revoke execute on function kasalan_private.is_search_filler(p_word text) from public, anon, authenticated;

-- A new link token: 16 random bytes as base64url without padding (22 characters). Helper of the
-- column default and of renewing.
create or replace function kasalan_private.new_invitation_token()
returns text
language sql
set search_path = ''
as $$
  select translate(rtrim(encode(extensions.gen_random_bytes(16), 'base64'), '='), '+/', '-_')
$$;

revoke execute on function kasalan_private.new_invitation_token() from public, anon, authenticated;

-- =============================================================================================
-- Tables
-- =============================================================================================

-- One row per household: the contact details the invitation goes to.
create table kasalan.households (
  id uuid not null default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  wedding_id uuid not null,
  email text,
  phone text,
  address jsonb not null default '{"zip": "", "city": "", "state": "", "country": "Philippines", "address1": "", "address2": ""}'::jsonb,
  relationship_side text,
  relationship_type text,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  rsvp_message text,
  rsvp_message_at timestamptz,
  invitation_code text not null default kasalan_private.new_invitation_code(),
  -- The first time the household's own link was opened by someone other than the couple.
  invitation_opened_at timestamptz,
  invitation_last_opened_at timestamptz,
  invitation_token text not null default kasalan_private.new_invitation_token(),
  -- When the link the household was last sent stopped working (a new design of the link, or a
  -- renewed invitation): it needs a new card. Cleared when the couple sends it again.
  link_replaced_at timestamptz,
  -- How many of the household's persons may come ("we reserved 2 seats for you"); null: all of
  -- them. No more persons attending than this (kasalan_private.check_seat_cap).
  seat_cap integer,
  constraint households_pkey primary key (id),
  constraint households_id_wedding_id_key unique (id, wedding_id),
  constraint households_invitation_token_key unique (invitation_token),
  constraint households_wedding_id_invitation_code_key unique (wedding_id, invitation_code),
  constraint households_address_check check (jsonb_typeof(address) = 'object'),
  constraint households_address_clean check (kasalan_private.json_texts_are_clean(address, 'address')),
  constraint households_email_check check ((char_length(email) >= 1) and (char_length(email) <= 254)),
  constraint households_email_clean check (kasalan_private.text_is_clean(email, 'email')),
  constraint households_invitation_code_format check (invitation_code ~ '^[2-9A-HJKMNP-Z]{8}$'),
  constraint households_invitation_token_format check (invitation_token ~ '^[A-Za-z0-9_-]{22}$'),
  constraint households_notes_check check (char_length(notes) <= 2000),
  constraint households_notes_clean check (kasalan_private.text_is_clean(notes, 'notes')),
  constraint households_phone_check check ((char_length(phone) >= 1) and (char_length(phone) <= 50)),
  constraint households_phone_clean check (kasalan_private.text_is_clean(phone, 'phone')),
  constraint households_relationship_side_check check (relationship_side in ('bride', 'groom', 'both')),
  constraint households_relationship_type_check check (relationship_type in ('family', 'friend', 'familyFriend', 'others')),
  constraint households_seat_cap_check check ((seat_cap >= 1) and (seat_cap <= 100)),
  constraint households_rsvp_message_check check (char_length(rsvp_message) <= 1000),
  constraint households_rsvp_message_clean check (kasalan_private.text_is_clean(rsvp_message, 'rsvp_message')),
  constraint households_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade,
  constraint households_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.households enable row level security;
revoke all on kasalan.households from public, anon, authenticated;
grant select on kasalan.households to authenticated;

create index households_user_id_idx on kasalan.households (user_id);

create index households_wedding_id_created_at_idx on kasalan.households (wedding_id, created_at, id);

-- One invited person of a household.
create table kasalan.persons (
  id uuid not null default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  wedding_id uuid not null,
  household_id uuid not null,
  first_name text not null,
  last_name text not null default '',
  type text not null default 'adult',
  title text,
  suffix text,
  notes text,
  -- The name the person goes by, when the couple notes one ("Bobby"): searched, shown to the couple.
  known_as text,
  -- A married person's surname before marriage: searched, never shown to a visitor.
  maiden_name text,
  -- The RSVP e-mails sent to this person: [{sentAt, address}].
  email_history jsonb not null default '[]'::jsonb,
  -- Order within the household.
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- What the search compares a person by: their name words, the sound of each, and the keys the
  -- index finds them by.
  -- Set by persons_search_columns from the names.
  search_names text[] not null,
  search_sounds text[] not null,
  search_keys text[] not null,
  constraint persons_pkey primary key (id),
  constraint persons_email_history_check check (jsonb_typeof(email_history) = 'array'),
  constraint persons_first_name_check check ((btrim(first_name) <> '') and (char_length(first_name) <= 100)),
  constraint persons_first_name_clean check (kasalan_private.text_is_clean(first_name, 'first_name')),
  constraint persons_known_as_check check (char_length(known_as) <= 50),
  constraint persons_known_as_clean check (kasalan_private.text_is_clean(known_as, 'known_as')),
  constraint persons_maiden_name_check check (char_length(maiden_name) <= 100),
  constraint persons_maiden_name_clean check (kasalan_private.text_is_clean(maiden_name, 'maiden_name')),
  constraint persons_last_name_check check (char_length(last_name) <= 100),
  constraint persons_last_name_clean check (kasalan_private.text_is_clean(last_name, 'last_name')),
  constraint persons_notes_check check (char_length(notes) <= 2000),
  constraint persons_notes_clean check (kasalan_private.text_is_clean(notes, 'notes')),
  constraint persons_suffix_check check (char_length(suffix) <= 20),
  constraint persons_suffix_clean check (kasalan_private.text_is_clean(suffix, 'suffix')),
  constraint persons_title_check check (char_length(title) <= 50),
  constraint persons_title_clean check (kasalan_private.text_is_clean(title, 'title')),
  constraint persons_type_check check (type in ('adult', 'child')),
  constraint persons_household_id_wedding_id_fkey foreign key (household_id, wedding_id) references kasalan.households(id, wedding_id) on delete cascade,
  constraint persons_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade,
  constraint persons_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.persons enable row level security;
revoke all on kasalan.persons from public, anon, authenticated;
grant select on kasalan.persons to authenticated;

create index persons_household_id_idx on kasalan.persons (household_id, "position");

create index persons_household_id_wedding_id_idx on kasalan.persons (household_id, wedding_id);

-- New names wait in a pending list of at most 64 kB, merged into the index by the insert that fills
-- it: an import's keys go in by batches, and the list is never long enough for the planner to price
-- the index as a scan of everyone (PGlite never vacuums; 0027).
create index persons_search_keys_idx on kasalan.persons using gin (search_keys) with (fastupdate = on, gin_pending_list_limit = 64);

create index persons_user_id_idx on kasalan.persons (user_id);

create index persons_wedding_id_idx on kasalan.persons (wedding_id);

-- A nickname or short form and the name it stands for, one word each as the search compares them
-- (nickname_word, name_word: the words run together, "Juan Miguel" as "juanmiguel"). Rows without a
-- wedding are the built-in Filipino list below; a wedding's own rows are the couple's, written only
-- by kasalan.save_nicknames and read through kasalan.list_nicknames.
create table kasalan.nicknames (
  id uuid not null default extensions.gen_random_uuid(),
  wedding_id uuid,
  nickname text not null,
  name text not null,
  nickname_word text not null generated always as (kasalan_private.nickname_word(nickname)) stored,
  name_word text not null generated always as (kasalan_private.nickname_word(name)) stored,
  nickname_key text not null generated always as (kasalan_private.name_key(kasalan_private.nickname_word(nickname))) stored,
  name_key text not null generated always as (kasalan_private.name_key(kasalan_private.nickname_word(name))) stored,
  created_at timestamptz not null default now(),
  constraint nicknames_pkey primary key (id),
  constraint nicknames_nickname_check check ((char_length(nickname) >= 1) and (char_length(nickname) <= 50)),
  constraint nicknames_nickname_clean check (kasalan_private.text_is_clean(nickname, 'nickname')),
  constraint nicknames_name_check check ((char_length(name) >= 1) and (char_length(name) <= 50)),
  constraint nicknames_name_clean check (kasalan_private.text_is_clean(name, 'name')),
  constraint nicknames_words_check check ((char_length(nickname_word) >= 2) and (char_length(name_word) >= 2) and (nickname_word <> name_word)),
  constraint nicknames_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.nicknames enable row level security;
revoke all on kasalan.nicknames from public, anon, authenticated;

create unique index nicknames_wedding_id_words_key on kasalan.nicknames (coalesce(wedding_id, '00000000-0000-0000-0000-000000000000'::uuid), nickname_word, name_word);
-- Deleting a wedding finds its own nicknames by this key.
create index nicknames_wedding_id_idx on kasalan.nicknames (wedding_id);

create index nicknames_nickname_key_idx on kasalan.nicknames (nickname_key);

create index nicknames_name_key_idx on kasalan.nicknames (name_key);

-- The built-in list: nicknames and short forms common in Filipino families, and Junior as Jun.
insert into kasalan.nicknames (nickname, name) values
  ('Bobby', 'Roberto'), ('Bob', 'Roberto'), ('Obet', 'Roberto'), ('Bert', 'Roberto'), ('Berto', 'Roberto'), ('Robert', 'Roberto'),
  ('Robby', 'Roberto'), ('Bobot', 'Roberto'), ('Obeth', 'Roberto'), ('Bobby', 'Robert'), ('Bob', 'Robert'), ('Rob', 'Robert'),
  ('Robby', 'Robert'), ('Bert', 'Robert'), ('Jun', 'Junior'), ('Junjun', 'Junior'), ('Jonjon', 'Junior'), ('Junie', 'Junior'),
  ('Pepe', 'Jose'), ('Peping', 'Jose'), ('Joe', 'Jose'), ('Jojo', 'Jose'), ('Joey', 'Jose'), ('Pepito', 'Jose'),
  ('Pitoy', 'Jose'), ('Seng', 'Jose'), ('Pina', 'Josefina'), ('Fina', 'Josefina'), ('Josie', 'Josefina'), ('Pining', 'Josefina'),
  ('Jo', 'Josefina'), ('Josie', 'Josephine'), ('Jo', 'Josephine'), ('Jopay', 'Josephine'), ('Jeng', 'Josephine'), ('Joe', 'Joseph'),
  ('Jojo', 'Joseph'), ('Joey', 'Joseph'), ('Seph', 'Joseph'), ('Tina', 'Cristina'), ('Tintin', 'Cristina'), ('Cris', 'Cristina'),
  ('Crissy', 'Cristina'), ('Tin', 'Cristina'), ('Ting', 'Cristina'), ('Tina', 'Christina'), ('Tintin', 'Christina'), ('Chris', 'Christina'),
  ('Tin', 'Christina'), ('Tin', 'Kristine'), ('Tine', 'Kristine'), ('Kris', 'Kristine'), ('Tintin', 'Kristine'), ('Tina', 'Martina'),
  ('Tina', 'Agustina'), ('Tina', 'Ernestina'), ('Nesting', 'Ernestina'), ('Chris', 'Christopher'), ('Topher', 'Christopher'), ('Tope', 'Christopher'),
  ('Toper', 'Christopher'), ('Mike', 'Michael'), ('Mikey', 'Michael'), ('Mickey', 'Michael'), ('Mitch', 'Michael'), ('Mikel', 'Michael'),
  ('Miggy', 'Miguel'), ('Migs', 'Miguel'), ('Migo', 'Miguel'), ('Mike', 'Miguel'), ('Miko', 'Miguel'), ('Mikoy', 'Miguel'),
  ('Miggy', 'Juan Miguel'), ('Migs', 'Juan Miguel'), ('JM', 'Juan Miguel'), ('Connie', 'Concepcion'), ('Concha', 'Concepcion'), ('Choleng', 'Concepcion'),
  ('Ching', 'Concepcion'), ('Connie', 'Consolacion'), ('Sol', 'Consolacion'), ('Cons', 'Consolacion'), ('Chit', 'Consolacion'), ('Sion', 'Consolacion'),
  ('Connie', 'Consuelo'), ('Suelo', 'Consuelo'), ('Chelo', 'Consuelo'), ('Connie', 'Constancia'), ('Tancing', 'Constancia'), ('Connie', 'Cornelia'),
  ('Nelia', 'Cornelia'), ('Kiko', 'Francisco'), ('Paco', 'Francisco'), ('Frank', 'Francisco'), ('Francis', 'Francisco'), ('Cisco', 'Francisco'),
  ('Pancho', 'Francisco'), ('Paquito', 'Francisco'), ('Isko', 'Francisco'), ('Kiks', 'Francisco'), ('Kika', 'Francisca'), ('Paquita', 'Francisca'),
  ('Cisca', 'Francisca'), ('Sisa', 'Francisca'), ('Kiko', 'Federico'), ('Fred', 'Federico'), ('Ding', 'Federico'), ('Eric', 'Federico'),
  ('Jen', 'Jennifer'), ('Jenny', 'Jennifer'), ('Jenn', 'Jennifer'), ('Jennie', 'Jennifer'), ('Jenjen', 'Jennifer'), ('Jeni', 'Jennifer'),
  ('Tess', 'Teresita'), ('Tessie', 'Teresita'), ('Tessa', 'Teresita'), ('Teri', 'Teresita'), ('Techie', 'Teresita'), ('Sita', 'Teresita'),
  ('Tet', 'Teresita'), ('Tess', 'Teresa'), ('Tessie', 'Teresa'), ('Tere', 'Teresa'), ('Tessa', 'Teresa'), ('Teri', 'Teresa'),
  ('Tet', 'Teresa'), ('Marites', 'Maria Teresa'), ('Maritess', 'Maria Teresa'), ('Tess', 'Maria Teresa'), ('Maite', 'Maria Teresa'), ('Eddie', 'Eduardo'),
  ('Edu', 'Eduardo'), ('Ed', 'Eduardo'), ('Eddy', 'Eduardo'), ('Dado', 'Eduardo'), ('Edong', 'Eduardo'), ('Edgar', 'Edgardo'),
  ('Egay', 'Edgardo'), ('Ed', 'Edgardo'), ('Dado', 'Edgardo'), ('Tony', 'Antonio'), ('Anton', 'Antonio'), ('Tonyo', 'Antonio'),
  ('Tonio', 'Antonio'), ('Tonton', 'Antonio'), ('Toni', 'Antonio'), ('Ton', 'Antonio'), ('Tony', 'Anthony'), ('Anton', 'Anthony'),
  ('Ton', 'Anthony'), ('Tonton', 'Anthony'), ('Jess', 'Jesus'), ('Jessie', 'Jesus'), ('Chuy', 'Jesus'), ('Jesse', 'Jesus'),
  ('Susing', 'Jesus'), ('Manny', 'Manuel'), ('Maning', 'Manuel'), ('Manolo', 'Manuel'), ('Mano', 'Manuel'), ('Manoling', 'Manuel'),
  ('Manny', 'Emmanuel'), ('Eman', 'Emmanuel'), ('Emman', 'Emmanuel'), ('Lito', 'Manolito'), ('Manny', 'Manolito'), ('Nolito', 'Manolito'),
  ('Lito', 'Carlito'), ('Caloy', 'Carlito'), ('Lito', 'Angelito'), ('Angel', 'Angelito'), ('Charo', 'Rosario'), ('Rosie', 'Rosario'),
  ('Chayong', 'Rosario'), ('Sayong', 'Rosario'), ('Charing', 'Rosario'), ('Cedes', 'Mercedes'), ('Meding', 'Mercedes'), ('Mercy', 'Mercedes'),
  ('Ched', 'Mercedes'), ('Chedeng', 'Mercedes'), ('Willy', 'Guillermo'), ('Memo', 'Guillermo'), ('Guiller', 'Guillermo'), ('Willie', 'Guillermo'),
  ('Gimo', 'Guillermo'), ('Willy', 'William'), ('Will', 'William'), ('Bill', 'William'), ('Billy', 'William'), ('Liam', 'William'),
  ('Willy', 'Wilfredo'), ('Fred', 'Wilfredo'), ('Freddie', 'Wilfredo'), ('Wil', 'Wilfredo'), ('Pido', 'Wilfredo'), ('Ricky', 'Enrique'),
  ('Rique', 'Enrique'), ('Henry', 'Enrique'), ('Enri', 'Enrique'), ('Ricky', 'Ricardo'), ('Carding', 'Ricardo'), ('Cardo', 'Ricardo'),
  ('Rick', 'Ricardo'), ('Vicky', 'Victoria'), ('Toyang', 'Victoria'), ('Vic', 'Victoria'), ('Tori', 'Victoria'), ('Vicky', 'Maria Victoria'),
  ('Marivic', 'Maria Victoria'), ('Rudy', 'Rodolfo'), ('Dolfo', 'Rodolfo'), ('Ody', 'Rodolfo'), ('Dolphy', 'Rodolfo'), ('Fred', 'Alfredo'),
  ('Freddie', 'Alfredo'), ('Alfie', 'Alfredo'), ('Pido', 'Alfredo'), ('Fredo', 'Alfredo'), ('Greg', 'Gregorio'), ('Goyo', 'Gregorio'),
  ('Gorio', 'Gregorio'), ('Gregg', 'Gregorio'), ('Yoyong', 'Gregorio'), ('Ernie', 'Ernesto'), ('Erning', 'Ernesto'), ('Esto', 'Ernesto'),
  ('Ernest', 'Ernesto'), ('Leo', 'Leonardo'), ('Nardo', 'Leonardo'), ('Leon', 'Leonardo'), ('Narding', 'Leonardo'), ('Onyo', 'Leonardo'),
  ('Bernie', 'Bernardo'), ('Nardo', 'Bernardo'), ('Bernard', 'Bernardo'), ('Narding', 'Bernardo'), ('Liza', 'Elizabeth'), ('Beth', 'Elizabeth'),
  ('Betty', 'Elizabeth'), ('Eliza', 'Elizabeth'), ('Lisa', 'Elizabeth'), ('Liz', 'Elizabeth'), ('Bessie', 'Elizabeth'), ('Betsy', 'Elizabeth'),
  ('Elsa', 'Elizabeth'), ('Marge', 'Margarita'), ('Margie', 'Margarita'), ('Marga', 'Margarita'), ('Rita', 'Margarita'), ('Margot', 'Margarita'),
  ('Pat', 'Patricia'), ('Patty', 'Patricia'), ('Trish', 'Patricia'), ('Tricia', 'Patricia'), ('Pia', 'Patricia'), ('Cathy', 'Catherine'),
  ('Kate', 'Catherine'), ('Cat', 'Catherine'), ('Kathy', 'Catherine'), ('Katie', 'Catherine'), ('Cath', 'Catherine'), ('Ben', 'Benjamin'),
  ('Benjie', 'Benjamin'), ('Benj', 'Benjamin'), ('Jamin', 'Benjamin'), ('Benny', 'Benjamin'), ('Alex', 'Alejandro'), ('Andoy', 'Alejandro'),
  ('Ale', 'Alejandro'), ('Jandro', 'Alejandro'), ('Alex', 'Alexander'), ('Xander', 'Alexander'), ('Sandro', 'Alexander'), ('Andoy', 'Alexander'),
  ('Paeng', 'Rafael'), ('Raffy', 'Rafael'), ('Raf', 'Rafael'), ('Pael', 'Rafael'), ('Raffi', 'Rafael'), ('Enteng', 'Vicente'),
  ('Vince', 'Vicente'), ('Vic', 'Vicente'), ('Intoy', 'Vicente'), ('Vic', 'Victor'), ('Toy', 'Victor'), ('Vicvic', 'Victor'),
  ('Vince', 'Vincent'), ('Vinny', 'Vincent'), ('Vin', 'Vincent'), ('Nando', 'Fernando'), ('Ferdie', 'Fernando'), ('Fern', 'Fernando'),
  ('Andoy', 'Fernando'), ('Pando', 'Fernando'), ('Ferdie', 'Ferdinand'), ('Andoy', 'Ferdinand'), ('Bongbong', 'Ferdinand'), ('Nand', 'Ferdinand'),
  ('Naty', 'Natividad'), ('Nati', 'Natividad'), ('Tibing', 'Natividad'), ('Badong', 'Salvador'), ('Buddy', 'Salvador'), ('Ador', 'Salvador'),
  ('Dodong', 'Salvador'), ('Teddy', 'Teodoro'), ('Ted', 'Teodoro'), ('Doro', 'Teodoro'), ('Dora', 'Teodora'), ('Doray', 'Teodora'),
  ('Weng', 'Rowena'), ('Wena', 'Rowena'), ('Wengweng', 'Rowena'), ('Letty', 'Leticia'), ('Tisha', 'Leticia'), ('Leti', 'Leticia'),
  ('Lety', 'Leticia'), ('Malou', 'Maria Luisa'), ('Luisa', 'Maria Luisa'), ('Malou', 'Maria Lourdes'), ('Lulu', 'Maria Lourdes'), ('Lulu', 'Lourdes'),
  ('Lou', 'Lourdes'), ('Odette', 'Lourdes'), ('Des', 'Lourdes'), ('Lodi', 'Lourdes'), ('Puring', 'Purificacion'), ('Pura', 'Purificacion'),
  ('Puri', 'Purificacion'), ('Pacing', 'Pacifico'), ('Paci', 'Pacifico'), ('Pax', 'Pacifico'), ('Dolly', 'Dolores'), ('Loleng', 'Dolores'),
  ('Lolita', 'Dolores'), ('Dolor', 'Dolores'), ('Lolit', 'Dolores'), ('Iggy', 'Ignacio'), ('Nacio', 'Ignacio'), ('Nash', 'Ignacio'),
  ('Ignas', 'Ignacio'), ('Ipe', 'Felipe'), ('Ipeng', 'Felipe'), ('Philip', 'Felipe'), ('Lipe', 'Felipe'), ('Pipo', 'Felipe'),
  ('Vangie', 'Evangeline'), ('Eva', 'Evangeline'), ('Vange', 'Evangeline'), ('Evang', 'Evangeline'), ('Celyn', 'Jocelyn'), ('Joy', 'Jocelyn'),
  ('Joce', 'Jocelyn'), ('Jossie', 'Jocelyn'), ('Mon', 'Ramon'), ('Monching', 'Ramon'), ('Moning', 'Ramon'), ('Bong', 'Ramon'),
  ('Mong', 'Ramon'), ('Boni', 'Bonifacio'), ('Facio', 'Bonifacio'), ('Bong', 'Bonifacio'), ('Ninoy', 'Benigno'), ('Noynoy', 'Benigno'),
  ('Rey', 'Reynaldo'), ('Naldo', 'Reynaldo'), ('Reynald', 'Reynaldo'), ('Ronnie', 'Ronaldo'), ('Ron', 'Ronaldo'), ('Naldo', 'Ronaldo'),
  ('Ronald', 'Ronaldo'), ('Mel', 'Rommel'), ('Omeng', 'Rommel'), ('Art', 'Arturo'), ('Turing', 'Arturo'), ('Arthur', 'Arturo'),
  ('Turo', 'Arturo'), ('Ben', 'Bienvenido'), ('Benny', 'Bienvenido'), ('Bien', 'Bienvenido'), ('Bienve', 'Bienvenido'), ('Nido', 'Bienvenido'),
  ('Sidro', 'Isidro'), ('Sid', 'Isidro'), ('Lita', 'Carmelita'), ('Mely', 'Carmelita'), ('Carmi', 'Carmelita'), ('Melit', 'Carmelita'),
  ('Carmel', 'Carmelita'), ('Mameng', 'Carmen'), ('Menchie', 'Carmen'), ('Menchu', 'Carmen'), ('Remy', 'Remedios'), ('Medy', 'Remedios'),
  ('Meding', 'Remedios'), ('Remedy', 'Remedios'), ('Star', 'Estrella'), ('Estring', 'Estrella'), ('Minnie', 'Herminia'), ('Minya', 'Herminia'),
  ('Miniang', 'Herminia'), ('Minyong', 'Herminio'), ('Miniong', 'Herminio'), ('Celia', 'Cecilia'), ('Cecile', 'Cecilia'), ('Ceci', 'Cecilia'),
  ('Cel', 'Cecilia'), ('Virgil', 'Virgilio'), ('Gilio', 'Virgilio'), ('Biboy', 'Virgilio'), ('Danny', 'Danilo'), ('Dan', 'Danilo'),
  ('Nilo', 'Danilo'), ('Dan', 'Daniel'), ('Danny', 'Daniel'), ('Dani', 'Daniel'), ('Ann', 'Mary Ann'), ('Anne', 'Mary Ann'),
  ('Mae', 'Mary Ann'), ('JC', 'Juan Carlos'), ('Carlo', 'Juan Carlos'), ('Caloy', 'Carlos'), ('Carlo', 'Carlos'), ('Charlie', 'Carlos'),
  ('Carl', 'Carlos'), ('Angel', 'Angelica'), ('Angie', 'Angelica'), ('Gelai', 'Angelica'), ('Jelly', 'Angelica'), ('Gelay', 'Angelica'),
  ('Ica', 'Angelica'), ('Gelo', 'Angelo'), ('Angel', 'Angelo'), ('Elo', 'Angelo'), ('Jelo', 'Angelo'), ('Chema', 'Jose Maria'),
  ('Joma', 'Jose Maria'), ('Jomar', 'Jose Maria'), ('Jomari', 'Jose Maria'), ('Glo', 'Gloria'), ('Gloring', 'Gloria'), ('Meldy', 'Imelda'),
  ('Mel', 'Imelda'), ('Edith', 'Editha'), ('Ditas', 'Editha'), ('Ditha', 'Editha'), ('Sebio', 'Eusebio'), ('Sebyo', 'Eusebio'),
  ('Arnold', 'Arnulfo'), ('Nulfo', 'Arnulfo'), ('Arnie', 'Arnulfo'), ('Pete', 'Pedro'), ('Peter', 'Pedro'), ('Pedring', 'Pedro'),
  ('Pido', 'Pedro'), ('Pearl', 'Perla'), ('Bert', 'Alberto'), ('Berto', 'Alberto'), ('Albert', 'Alberto'), ('Gil', 'Gilberto'),
  ('Bert', 'Gilberto'), ('Gibo', 'Gilberto'), ('Bert', 'Norberto'), ('Berto', 'Norberto'), ('Norbs', 'Norberto'), ('Flor', 'Florencio'),
  ('Lencio', 'Florencio'), ('Flor', 'Florencia'), ('Miling', 'Emilio'), ('Emil', 'Emilio'), ('Milo', 'Emilio'), ('Roger', 'Rogelio'),
  ('Oging', 'Rogelio'), ('Roland', 'Rolando'), ('Rolly', 'Rolando'), ('Lando', 'Rolando'), ('Olan', 'Rolando'), ('Orly', 'Orlando'),
  ('Lando', 'Orlando'), ('Enzo', 'Lorenzo'), ('Renz', 'Lorenzo'), ('Loren', 'Lorenzo'), ('Nikki', 'Nicole'), ('Nic', 'Nicole'),
  ('Cole', 'Nicole'), ('Kat', 'Katrina'), ('Trina', 'Katrina'), ('Kate', 'Katrina'), ('Katy', 'Katrina'), ('Linda', 'Rosalinda'),
  ('Rosa', 'Rosalinda'), ('Lindy', 'Rosalinda'), ('Nora', 'Leonora'), ('Leony', 'Leonora'), ('Leonor', 'Leonora'), ('Noring', 'Leonora'),
  ('Nene', 'Nenita'), ('Nita', 'Nenita'), ('Zeny', 'Zenaida'), ('Aida', 'Zenaida'), ('Naida', 'Zenaida'), ('Yoly', 'Yolanda'),
  ('Landa', 'Yolanda'), ('Yola', 'Yolanda'), ('Mila', 'Milagros'), ('Mimi', 'Milagros'), ('Cory', 'Corazon'), ('Cora', 'Corazon'),
  ('Azon', 'Corazon'), ('Coring', 'Corazon'), ('Lina', 'Rosalina'), ('Rosa', 'Rosalina'), ('Trining', 'Trinidad'), ('Trini', 'Trinidad'),
  ('Gerry', 'Gerardo'), ('Gerard', 'Gerardo'), ('Ardo', 'Gerardo'), ('Gerry', 'Geraldine'), ('Dine', 'Geraldine'), ('Uly', 'Ulysses'),
  ('Santi', 'Santiago'), ('Tiago', 'Santiago'), ('Yago', 'Santiago'), ('Isa', 'Isabel'), ('Bel', 'Isabel'), ('Belle', 'Isabel'),
  ('Isay', 'Isabel'), ('Sabel', 'Isabel'), ('Belita', 'Isabelita'), ('Lita', 'Isabelita'), ('Isay', 'Isabelita'), ('Sophie', 'Sofia'),
  ('Pia', 'Sofia'), ('Bea', 'Beatriz'), ('Trixie', 'Beatriz'), ('Gab', 'Gabriel'), ('Gabby', 'Gabriel'), ('Gabo', 'Gabriel'),
  ('Gab', 'Gabriela'), ('Gabby', 'Gabriela'), ('Ella', 'Gabriela'), ('Pat', 'Patrick'), ('Patty', 'Patrick'), ('Kin', 'Joaquin'),
  ('Jack', 'Joaquin'), ('Orio', 'Honorio'), ('Onyo', 'Honorio'), ('Max', 'Maximo'), ('Imo', 'Maximo'), ('Ben', 'Ruben'),
  ('Rubs', 'Ruben'), ('Val', 'Valentin'), ('Tino', 'Valentin'), ('Gus', 'Agustin'), ('Gusting', 'Agustin'), ('Tinoy', 'Agustin'),
  ('Mar', 'Mario'), ('Mayong', 'Mario'), ('Celo', 'Marcelo'), ('Marcy', 'Marcelo'), ('Ed', 'Edwin'), ('Win', 'Edwin'),
  ('Mundo', 'Raymundo'), ('Ray', 'Raymundo'), ('Monding', 'Raymundo'), ('Ray', 'Raymond'), ('Mon', 'Raymond'), ('Digong', 'Rodrigo'),
  ('Rudy', 'Rodrigo'), ('Rod', 'Rodrigo'), ('Drigo', 'Rodrigo'), ('Mando', 'Armando'), ('Armand', 'Armando'), ('Elle', 'Eleanor'),
  ('Nora', 'Eleanor'), ('Lena', 'Elena'), ('Len', 'Elena'), ('Lenlen', 'Elena'), ('Helen', 'Elena'), ('Malen', 'Maria Elena'),
  ('Lenlen', 'Maria Elena'), ('Virgie', 'Virginia'), ('Ginny', 'Virginia'), ('Bining', 'Virginia'), ('Pepa', 'Josefa'), ('Pepang', 'Josefa'),
  ('Dioni', 'Dionisio'), ('Nisyo', 'Dionisio'), ('Eugene', 'Eugenio'), ('Genio', 'Eugenio'), ('Dyoni', 'Eugenio'), ('Atong', 'Fortunato'),
  ('Tunato', 'Fortunato'), ('Gerty', 'Gertrudes'), ('Tuding', 'Gertrudes'), ('Nesto', 'Honesto'), ('Lucy', 'Lucia'), ('Luching', 'Lucia'),
  ('Luisita', 'Luisa'), ('Isa', 'Luisa'), ('Louie', 'Luis'), ('Luigi', 'Luis'), ('Lui', 'Luis'), ('Cel', 'Maricel'),
  ('Mace', 'Maricel'), ('Malou', 'Marilou'), ('Lou', 'Marilou'), ('Anong', 'Mariano'), ('Mar', 'Mariano'), ('Narcing', 'Narciso'),
  ('Ciso', 'Narciso'), ('Oca', 'Oscar'), ('Oscarito', 'Oscar'), ('Pabling', 'Pablo'), ('Pabs', 'Pablo'), ('Pacual', 'Pascual'),
  ('Ual', 'Pascual'), ('Pecto', 'Perfecto'), ('Perpek', 'Perfecto'), ('Carpio', 'Policarpio'), ('Poli', 'Policarpio'), ('Dencio', 'Prudencio'),
  ('Pruding', 'Prudencio'), ('Paeng', 'Rafaela'), ('Fely', 'Rafaela'), ('Mona', 'Ramona'), ('Mony', 'Ramona'), ('Rey', 'Reynato'),
  ('Nato', 'Reynato'), ('Rose', 'Rosita'), ('Sita', 'Rosita'), ('Sally', 'Salome'), ('Salud', 'Salome'), ('Rino', 'Severino'),
  ('Sever', 'Severino'), ('Sol', 'Soledad'), ('Soling', 'Soledad'), ('Susan', 'Susana'), ('Susie', 'Susana'), ('Sanang', 'Susana'),
  ('Tom', 'Tomas'), ('Tommy', 'Tomas'), ('Tomasito', 'Tomas'), ('Masing', 'Tomas'), ('Ben', 'Venancio'), ('Nancio', 'Venancio'),
  ('Wency', 'Wenceslao'), ('Laoy', 'Wenceslao'), ('Zack', 'Zacarias'), ('Kariyas', 'Zacarias'), ('Leo', 'Leopoldo'), ('Pol', 'Leopoldo'),
  ('Poldo', 'Leopoldo'), ('Pule', 'Apolinario'), ('Ario', 'Apolinario'), ('Ventura', 'Buenaventura'), ('Turing', 'Buenaventura'), ('Tomo', 'Crisostomo'),
  ('Cris', 'Crisostomo'), ('Inggo', 'Domingo'), ('Mingo', 'Domingo'), ('Espie', 'Esperanza'), ('Pansing', 'Esperanza'), ('Fely', 'Felicidad'),
  ('Cidad', 'Felicidad'), ('Mena', 'Filomena'), ('Pilo', 'Filomena'), ('Lari', 'Hilario'), ('Hilary', 'Hilario'), ('Lorns', 'Lorna'),
  ('Mye', 'Mylene'), ('Lene', 'Mylene');

alter table kasalan.wedding_activity add constraint wedding_activity_household_id_fkey foreign key (household_id) references kasalan.households(id) on delete set null;

-- =============================================================================================
-- Functions
-- =============================================================================================

-- Checks, at commit, that a household still has an adult; the database-side twin of the guest
-- form's rule. Security definer so that it also works when the transaction's role cannot read
-- households (a visitor's RSVP). Trigger function only; nobody calls it.
create or replace function kasalan_private.check_household_has_adult()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household_id uuid;
begin
  if tg_table_name = 'households' then
    v_household_id := new.id;
  elsif tg_op = 'DELETE' then
    v_household_id := old.household_id;
  else
    v_household_id := new.household_id;
  end if;

  if exists (select 1 from kasalan.households g where g.id = v_household_id)
    and not exists (select 1 from kasalan.persons p where p.household_id = v_household_id and p.type = 'adult')
  then
    raise exception 'household_needs_adult';
  end if;
  return null;
end;
$$;

revoke execute on function kasalan_private.check_household_has_adult() from public, anon, authenticated;

-- A household in the contract's Household shape, with its persons in order and their answers (the
-- main event's). Helper of the functions below.
create or replace function kasalan_private.household_json(p_household kasalan.households)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'id', p_household.id,
    'weddingId', p_household.wedding_id,
    'userId', p_household.user_id,
    'createdAt', p_household.created_at,
    'email', p_household.email,
    'phone', p_household.phone,
    'address', p_household.address,
    'relationshipSide', p_household.relationship_side,
    'relationshipType', p_household.relationship_type,
    'notes', p_household.notes,
    'seatCap', p_household.seat_cap,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'householdId', p.household_id,
            'userId', p.user_id,
            'firstName', p.first_name,
            'lastName', p.last_name,
            'type', p.type,
            'title', p.title,
            'suffix', p.suffix,
            'knownAs', p.known_as,
            'maidenName', p.maiden_name,
            'notes', p.notes,
            'emailHistory', p.email_history,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'position', p.position
          )
          order by p.position, p.created_at, p.id
        )
        from kasalan_private.persons_with_answer p
        where p.household_id = p_household.id
      ),
      '[]'::jsonb
    )
  );
end;
$$;

revoke execute on function kasalan_private.household_json(p_household kasalan.households) from public, anon, authenticated;

-- The wedding's households in the Household shape of household_json, with lastChange (who last
-- changed each one), oldest first. Built in one pass: the persons are grouped once for the whole
-- wedding rather than one subquery per household (a third of the call at 2,000 households).
-- Security definer, with the rule of the tables' row-level security applied once: any member but
-- an usher reads the list (wedding_not_found for anyone else), a family helper only their side's
-- households, and every person of a household they read. Checking each of 7,000 rows under RLS
-- was half of the call at 2,000 households. Granted to authenticated.
create or replace function kasalan.list_households(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_role text;
  v_side text;
begin
  select m.role, m.side into v_role, v_side
  from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid());
  if v_role is null or v_role = 'usher' then
    raise exception 'wedding_not_found';
  end if;

  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object(
          'id', g.id,
          'weddingId', g.wedding_id,
          'userId', g.user_id,
          'createdAt', g.created_at,
          'email', g.email,
          'phone', g.phone,
          'address', g.address,
          'relationshipSide', g.relationship_side,
          'relationshipType', g.relationship_type,
          'notes', g.notes,
          'seatCap', g.seat_cap,
          'persons', coalesce(p.persons, '[]'::jsonb),
          'lastChange', c.change
        )
        order by g.created_at, g.id
      )
      from kasalan.households g
      left join (
        select p.household_id, jsonb_agg(
          jsonb_build_object(
            'id', p.id,
            'householdId', p.household_id,
            'userId', p.user_id,
            'firstName', p.first_name,
            'lastName', p.last_name,
            'type', p.type,
            'title', p.title,
            'suffix', p.suffix,
            'knownAs', p.known_as,
            'maidenName', p.maiden_name,
            'notes', p.notes,
            'emailHistory', p.email_history,
            'isAttending', p.is_attending,
            'response', p.response,
            'respondedAt', p.responded_at,
            'position', p.position
          )
          order by p.position, p.created_at, p.id
        ) as persons
        from kasalan_private.persons_with_answer p
        where p.wedding_id = p_wedding_id
        group by p.household_id
      ) p on p.household_id = g.id
      left join kasalan_private.household_last_changes(p_wedding_id) c on c.household_id = g.id
      where g.wedding_id = p_wedding_id
        and (v_role <> 'family_helper' or g.relationship_side = v_side)
    ),
    '[]'::jsonb
  );
end;
$$;

revoke execute on function kasalan.list_households(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_households(p_wedding_id uuid) to authenticated;

-- Creates or updates one household and its persons from the guest form's shape ({id?, email,
-- phone, address, relationshipSide, relationshipType, notes, seatCap, persons: [...]}) and returns it as
-- household_json. Persons left out of the list are deleted. Checks the caller's right (a family
-- helper only on their side); raises wedding_not_found, household_not_found, household_needs_adult,
-- person_first_name_required, seat_cap_below_attending or invalid_input. The body of save_household and import_households;
-- nobody calls it directly.
-- Over 100 lines: one household's whole write (its checks, its persons updated in place, the seat
-- cap, the side) in one place, since save_household and both imports call it and a refusal must
-- name its field the same way from each.
create or replace function kasalan_private.write_household(p_wedding_id uuid, p_household jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household_id uuid;
  v_household kasalan.households;
  v_email text;
  v_phone text;
  v_notes text;
  v_seat_cap integer;
  v_address jsonb;
  v_side text;
  v_type text;
  v_persons jsonb;
  v_person jsonb;
  v_person_id uuid;
  v_person_ids uuid[] := '{}';
  v_index integer;
  v_has_adult boolean := false;
begin
  perform kasalan_private.require(p_wedding_id, 'households');
  if jsonb_typeof(p_household) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'household must be an object';
  end if;

  -- Check the whole household before writing anything.
  v_household_id := kasalan_private.json_uuid(p_household, 'id');
  v_email := kasalan_private.json_text(p_household, 'email', 254);
  v_phone := kasalan_private.json_text(p_household, 'phone', 50);
  v_notes := kasalan_private.json_text(p_household, 'notes', 2000);
  -- seatCap: a whole number of seats from 1 to 100, or null (or left out) for no cap.
  if coalesce(jsonb_typeof(p_household -> 'seatCap'), 'null') not in ('number', 'null')
    or (jsonb_typeof(p_household -> 'seatCap') = 'number'
      and ((p_household ->> 'seatCap')::numeric not between 1 and 100 or (p_household ->> 'seatCap')::numeric % 1 <> 0))
  then
    raise exception 'invalid_input' using detail = 'seatCap must be a whole number from 1 to 100, or null';
  end if;
  v_seat_cap := (p_household ->> 'seatCap')::integer;
  v_side := kasalan_private.json_text(p_household, 'relationshipSide', 20);
  -- A family helper's households are on their side; the form may leave it to the database.
  if v_side is null then
    select m.side into v_side from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid()) and m.role = 'family_helper';
  end if;
  if v_side not in ('bride', 'groom', 'both') then
    raise exception 'invalid_input' using detail = 'relationshipSide must be bride, groom or both';
  end if;
  v_type := kasalan_private.json_text(p_household, 'relationshipType', 20);
  if v_type not in ('family', 'friend', 'familyFriend', 'others') then
    raise exception 'invalid_input' using detail = 'relationshipType must be family, friend, familyFriend or others';
  end if;
  if coalesce(jsonb_typeof(p_household -> 'address'), 'null') not in ('object', 'null') then
    raise exception 'invalid_input' using detail = 'address must be an object';
  end if;
  v_address := jsonb_build_object(
    'address1', coalesce(kasalan_private.json_text(p_household -> 'address', 'address1', 200), ''),
    'address2', coalesce(kasalan_private.json_text(p_household -> 'address', 'address2', 200), ''),
    'city', coalesce(kasalan_private.json_text(p_household -> 'address', 'city', 100), ''),
    'state', coalesce(kasalan_private.json_text(p_household -> 'address', 'state', 100), ''),
    'zip', coalesce(kasalan_private.json_text(p_household -> 'address', 'zip', 20), ''),
    'country', coalesce(kasalan_private.json_text(p_household -> 'address', 'country', 100), 'Philippines')
  );

  v_persons := p_household -> 'persons';
  if jsonb_typeof(v_persons) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'persons must be a list';
  end if;
  for v_person in select value from jsonb_array_elements(v_persons) loop
    if jsonb_typeof(v_person) <> 'object' then
      raise exception 'invalid_input' using detail = 'each person must be an object';
    end if;
    if kasalan_private.json_text(v_person, 'firstName', 100) is null then
      raise exception 'person_first_name_required';
    end if;
    perform kasalan_private.json_text(v_person, 'lastName', 100),
      kasalan_private.json_text(v_person, 'title', 50),
      kasalan_private.json_text(v_person, 'suffix', 20),
      kasalan_private.json_text(v_person, 'knownAs', 50),
      kasalan_private.json_text(v_person, 'maidenName', 100),
      kasalan_private.json_text(v_person, 'notes', 2000);
    if coalesce(kasalan_private.json_text(v_person, 'type', 10), 'adult') not in ('adult', 'child') then
      raise exception 'invalid_input' using detail = 'type must be adult or child';
    end if;
    v_has_adult := v_has_adult or coalesce(kasalan_private.json_text(v_person, 'type', 10), 'adult') = 'adult';
    v_person_id := kasalan_private.json_uuid(v_person, 'id');
    if v_person_id is not null then
      if v_person_id = any (v_person_ids) then
        raise exception 'invalid_input' using detail = 'a person is listed twice';
      end if;
      v_person_ids := v_person_ids || v_person_id;
    end if;
  end loop;
  if not v_has_adult then
    raise exception 'household_needs_adult';
  end if;

  if v_household_id is null then
    insert into kasalan.households (wedding_id, email, phone, address, relationship_side, relationship_type, notes, seat_cap)
    values (p_wedding_id, v_email, v_phone, v_address, v_side, v_type, v_notes, v_seat_cap)
    returning id into v_household_id;
  else
    update kasalan.households g
    set email = v_email,
        phone = v_phone,
        address = v_address,
        relationship_side = v_side,
        relationship_type = v_type,
        notes = v_notes,
        -- A caller that does not send seatCap (an older form) keeps the household's cap.
        seat_cap = case when p_household ? 'seatCap' then v_seat_cap else g.seat_cap end
    where g.id = v_household_id
      and g.wedding_id = p_wedding_id;
    if not found then
      raise exception 'household_not_found';
    end if;
  end if;

  -- A listed id must be one of this household's persons (a new household has none yet).
  if exists (
    select 1
    from unnest(v_person_ids) as listed(id)
    where not exists (select 1 from kasalan.persons p where p.id = listed.id and p.household_id = v_household_id)
  ) then
    raise exception 'invalid_input' using detail = 'a person belongs to another household';
  end if;

  delete from kasalan.persons p
  where p.household_id = v_household_id
    and p.id <> all (v_person_ids);

  for v_person, v_index in select value, ordinality - 1 from jsonb_array_elements(v_persons) with ordinality loop
    v_person_id := kasalan_private.json_uuid(v_person, 'id');
    if v_person_id is null then
      insert into kasalan.persons (wedding_id, household_id, first_name, last_name, type, title, suffix, known_as, maiden_name, notes, position)
      values (
        p_wedding_id, v_household_id,
        kasalan_private.json_text(v_person, 'firstName', 100),
        coalesce(kasalan_private.json_text(v_person, 'lastName', 100), ''),
        coalesce(kasalan_private.json_text(v_person, 'type', 10), 'adult'),
        kasalan_private.json_text(v_person, 'title', 50),
        kasalan_private.json_text(v_person, 'suffix', 20),
        kasalan_private.json_text(v_person, 'knownAs', 50),
        kasalan_private.json_text(v_person, 'maidenName', 100),
        kasalan_private.json_text(v_person, 'notes', 2000),
        v_index
      );
    else
      update kasalan.persons p
      set first_name = kasalan_private.json_text(v_person, 'firstName', 100),
          last_name = coalesce(kasalan_private.json_text(v_person, 'lastName', 100), ''),
          type = coalesce(kasalan_private.json_text(v_person, 'type', 10), 'adult'),
          title = kasalan_private.json_text(v_person, 'title', 50),
          suffix = kasalan_private.json_text(v_person, 'suffix', 20),
          -- A caller that does not send them (an older form) keeps the person's known-as and maiden names.
          known_as = case when v_person ? 'knownAs' then kasalan_private.json_text(v_person, 'knownAs', 50) else p.known_as end,
          maiden_name = case when v_person ? 'maidenName' then kasalan_private.json_text(v_person, 'maidenName', 100) else p.maiden_name end,
          notes = kasalan_private.json_text(v_person, 'notes', 2000),
          position = v_index
      where p.id = v_person_id
        and p.household_id = v_household_id;
    end if;
  end loop;

  select * into v_household from kasalan.households g where g.id = v_household_id;
  return kasalan_private.household_json(v_household);
end;
$$;

revoke execute on function kasalan_private.write_household(p_wedding_id uuid, p_household jsonb) from public, anon, authenticated;

-- Deletes one household and its persons. For any member; a family helper deletes only their own
-- side's households that they added. Granted to authenticated.
create or replace function kasalan.delete_household(p_household_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from kasalan.households g
  where g.id = p_household_id
    and kasalan_private.can(g.wedding_id, 'households');
  if not found then
    raise exception 'household_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.delete_household(p_household_id uuid) from public, anon;
grant execute on function kasalan.delete_household(p_household_id uuid) to authenticated;

-- A person's first and last name as one searchable text ("ma cristina dela cruz pena").
-- Helper of the search.
create or replace function kasalan_private.person_search_name(p_first_name text, p_last_name text)
returns text
language sql
immutable parallel safe
set search_path = ''
as $$
  select kasalan_private.search_text(coalesce(p_first_name, '') || ' ' || coalesce(p_last_name, ''))
$$;

revoke execute on function kasalan_private.person_search_name(p_first_name text, p_last_name text) from public, anon, authenticated;

-- The spreadsheet import's households, persons and replies, each written in one statement: what
-- import_households does household by household through write_household, with the same checks
-- (json_text's on every field, the seat cap, side, type, address, a first name and an adult in
-- each household, the replies' form and answers) and the same rows, ids and creation times.
-- Returns {households, persons, replies, householdIds, sides}, or null when a household would be
-- refused by a check made here before writing; a refusal while writing raises. Either way
-- import_households then goes household by household, which says which household and why, as it
-- always has. At 2,000 households this is a few statements instead of some 40,000. Helper of
-- import_households, which has checked the caller and quieted the activity triggers.
-- Over 100 lines: one statement per table, each carrying write_household's checks as SQL over the
-- whole file; split, the same JSON would travel between functions and the statements lose their
-- one plan.
create or replace function kasalan_private.import_households_at_once(p_wedding_id uuid, p_households jsonb, p_questions jsonb, p_kind text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_count integer := jsonb_array_length(p_households);
  v_helper_side text;
  v_ids uuid[];
  v_sides text[];
  v_persons integer;
  v_replies integer;
  v_main uuid := kasalan_private.main_event_id(p_wedding_id);
begin
  if not kasalan_private.can(p_wedding_id, 'households') then
    return null;
  end if;
  -- A family helper's households are on their side; the file may leave it to the database.
  select m.side into v_helper_side from kasalan.wedding_members m
  where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid()) and m.role = 'family_helper';

  -- The checks write_household makes with a raise of its own; json_text's raise by themselves
  -- below, as each field is read.
  if exists (
    select 1 from jsonb_array_elements(p_households) r(h)
    where jsonb_typeof(r.h) is distinct from 'object'
      or jsonb_typeof(r.h -> 'persons') is distinct from 'array'
  ) then
    return null;
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_households) r(h)
    where coalesce(jsonb_typeof(r.h -> 'seatCap'), 'null') not in ('number', 'null')
      or (jsonb_typeof(r.h -> 'seatCap') = 'number'
        and ((r.h ->> 'seatCap')::numeric not between 1 and 100 or (r.h ->> 'seatCap')::numeric % 1 <> 0))
      or coalesce(kasalan_private.json_text(r.h, 'relationshipSide', 20), v_helper_side) not in ('bride', 'groom', 'both')
      or kasalan_private.json_text(r.h, 'relationshipType', 20) not in ('family', 'friend', 'familyFriend', 'others')
      or coalesce(jsonb_typeof(r.h -> 'address'), 'null') not in ('object', 'null')
      or not exists (
        select 1 from jsonb_array_elements(r.h -> 'persons') p
        where jsonb_typeof(p.value) = 'object' and coalesce(kasalan_private.json_text(p.value, 'type', 10), 'adult') = 'adult'
      )
      or exists (
        select 1 from jsonb_array_elements(r.h -> 'persons') p
        where jsonb_typeof(p.value) is distinct from 'object'
          or kasalan_private.json_text(p.value, 'firstName', 100) is null
          or coalesce(kasalan_private.json_text(p.value, 'type', 10), 'adult') not in ('adult', 'child')
          -- A reply given must be {isAttending: true, false or null, ...}.
          or (p.value ? 'reply' and jsonb_typeof(p.value -> 'reply') <> 'null'
            and (jsonb_typeof(p.value -> 'reply') <> 'object'
              or coalesce(jsonb_typeof(p.value #> '{reply,isAttending}'), 'null') not in ('boolean', 'null')))
      )
  ) then
    return null;
  end if;

  -- The households in the file's order, their creation times a microsecond apart ending at now(),
  -- as import_households spaces them.
  v_ids := array(select extensions.gen_random_uuid() from generate_series(1, v_count));
  insert into kasalan.households (id, wedding_id, email, phone, address, relationship_side, relationship_type, notes, seat_cap, created_at)
  select
    v_ids[r.n], p_wedding_id,
    kasalan_private.json_text(r.h, 'email', 254),
    kasalan_private.json_text(r.h, 'phone', 50),
    jsonb_build_object(
      'address1', coalesce(kasalan_private.json_text(r.h -> 'address', 'address1', 200), ''),
      'address2', coalesce(kasalan_private.json_text(r.h -> 'address', 'address2', 200), ''),
      'city', coalesce(kasalan_private.json_text(r.h -> 'address', 'city', 100), ''),
      'state', coalesce(kasalan_private.json_text(r.h -> 'address', 'state', 100), ''),
      'zip', coalesce(kasalan_private.json_text(r.h -> 'address', 'zip', 20), ''),
      'country', coalesce(kasalan_private.json_text(r.h -> 'address', 'country', 100), 'Philippines')
    ),
    coalesce(kasalan_private.json_text(r.h, 'relationshipSide', 20), v_helper_side),
    kasalan_private.json_text(r.h, 'relationshipType', 20),
    kasalan_private.json_text(r.h, 'notes', 2000),
    (r.h ->> 'seatCap')::integer,
    now() - make_interval(secs => (v_count - r.n) / 1000000.0)
  from jsonb_array_elements(p_households) with ordinality r(h, n)
  order by r.n;

  insert into kasalan.persons (wedding_id, household_id, first_name, last_name, type, title, suffix, known_as, maiden_name, notes, position)
  select
    p_wedding_id, v_ids[r.n],
    kasalan_private.json_text(p.value, 'firstName', 100),
    coalesce(kasalan_private.json_text(p.value, 'lastName', 100), ''),
    coalesce(kasalan_private.json_text(p.value, 'type', 10), 'adult'),
    kasalan_private.json_text(p.value, 'title', 50),
    kasalan_private.json_text(p.value, 'suffix', 20),
    kasalan_private.json_text(p.value, 'knownAs', 50),
    kasalan_private.json_text(p.value, 'maidenName', 100),
    kasalan_private.json_text(p.value, 'notes', 2000),
    p.pos - 1
  from jsonb_array_elements(p_households) with ordinality r(h, n)
  cross join lateral jsonb_array_elements(r.h -> 'persons') with ordinality p(value, pos)
  order by r.n, p.pos;
  get diagnostics v_persons = row_count;

  -- The replies that came with the file, to the main event: each logged, then set, as the couple's.
  with
    replies as (
      select r.n, p.pos - 1 as position, (p.value #>> '{reply,isAttending}')::boolean as attending, p.value #> '{reply,response}' as answers
      from jsonb_array_elements(p_households) with ordinality r(h, n)
      cross join lateral jsonb_array_elements(r.h -> 'persons') with ordinality p(value, pos)
      where jsonb_typeof(p.value #> '{reply,isAttending}') = 'boolean'
    ),
    targets as (
      select pe.id, pe.household_id, x.attending, x.n, x.position,
        case when x.attending then kasalan_private.rsvp_response(p_questions, x.answers) else '[]'::jsonb end as response
      from replies x
      join kasalan.persons pe on pe.household_id = v_ids[x.n] and pe.position = x.position
    ),
    logged as (
      insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
      select p_wedding_id, t.household_id, t.id, p_kind, auth.uid(), kasalan_private.rsvp_reply_json(null::kasalan.event_replies),
        jsonb_build_object('isAttending', t.attending, 'response', t.response, 'respondedAt', now(), 'recordedBy', 'couple')
      from targets t
      order by t.n, t.position
    )
  insert into kasalan.event_replies (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
  select p_wedding_id, v_main, t.id, t.household_id, t.attending, t.response, now(), p_kind, auth.uid()
  from targets t;
  get diagnostics v_replies = row_count;

  v_sides := array(
    select g.relationship_side from unnest(v_ids) with ordinality x(id, n)
    join kasalan.households g on g.id = x.id
    order by x.n
  );
  return jsonb_build_object('households', v_count, 'persons', v_persons, 'replies', v_replies, 'householdIds', to_jsonb(v_ids), 'sides', to_jsonb(v_sides));
end;
$$;

revoke execute on function kasalan_private.import_households_at_once(p_wedding_id uuid, p_households jsonb, p_questions jsonb, p_kind text) from public, anon, authenticated;

-- Adds the households of a spreadsheet import in one transaction, with the same checks and codes
-- as save_household, and records the import's one activity entry itself (see above). The whole
-- file is written set by set (import_households_at_once); should that refuse anything, it is
-- undone and the file goes household by household through write_household, which names the
-- household refused (household N: …), as it always has. Granted to authenticated.
-- Over 100 lines: the set-by-set write and the household-by-household fallback share one
-- transaction and one activity entry, and the fallback must run only when the first is undone.
create or replace function kasalan.import_households(p_wedding_id uuid, p_households jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household jsonb;
  v_persons jsonb;
  v_index integer := 0;
  v_saved jsonb;
  v_ids uuid[] := '{}';
  v_sides text[] := '{}';
  v_count integer := 0;
  v_replies integer := 0;
  v_questions jsonb;
  v_kind text;
  v_person kasalan.persons;
  v_reply jsonb;
  v_attending boolean;
  v_response jsonb;
  v_message text;
  v_state text;
  v_detail text;
  v_at_once jsonb;
  v_main uuid;
begin
  perform kasalan_private.require(p_wedding_id, 'guests');
  if jsonb_typeof(p_households) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'households must be a list';
  end if;
  -- A sanity limit far above any guest list, so one call cannot run for minutes.
  if jsonb_array_length(p_households) > 5000 then
    raise exception 'invalid_input' using detail = 'at most 5000 households per import';
  end if;
  -- Which event is the main one holds until this call commits: changing it (save_event_settings)
  -- takes the wedding for no key update and waits for the replies being imported, or they for it.
  select w.rsvp_questions into v_questions from kasalan.weddings w where w.id = p_wedding_id for share;
  -- The activity triggers stay quiet while this call writes: it records one entry itself, below.
  perform set_config('kasalan.importing', 'on', true);
  v_kind := kasalan_private.rsvp_manager_kind(p_wedding_id);
  v_main := kasalan_private.main_event_id(p_wedding_id);

  begin
    v_at_once := kasalan_private.import_households_at_once(p_wedding_id, p_households, v_questions, v_kind);
  exception when others then
    -- Undone; the way below says which household was refused.
    v_at_once := null;
  end;

  if v_at_once is not null then
    v_ids := array(select x.value::uuid from jsonb_array_elements_text(v_at_once -> 'householdIds') with ordinality x order by x.ordinality);
    v_sides := array(select x.value from jsonb_array_elements_text(v_at_once -> 'sides') with ordinality x order by x.ordinality);
    v_count := (v_at_once ->> 'persons')::integer;
    v_replies := (v_at_once ->> 'replies')::integer;
  else
    begin
      for v_household in select value from jsonb_array_elements(p_households) loop
        v_index := v_index + 1;
        if jsonb_typeof(v_household) <> 'object' then
          raise exception 'invalid_input' using detail = 'each household must be an object';
        end if;
        -- An import only adds: drop any ids, so a household or person can never overwrite another.
        v_household := v_household - 'id';
        v_persons := case when jsonb_typeof(v_household -> 'persons') = 'array' then v_household -> 'persons' else null end;
        if v_persons is not null then
          v_household := jsonb_set(
            v_household,
            '{persons}',
            coalesce(
              (
                select jsonb_agg(case when jsonb_typeof(p.value) = 'object' then p.value - 'id' - 'reply' else p.value end order by p.ordinality)
                from jsonb_array_elements(v_persons) with ordinality as p(value, ordinality)
              ),
              '[]'::jsonb
            )
          );
        end if;

        -- write_household, not save_household: an import needs no lastChange per household.
        v_saved := kasalan_private.write_household(p_wedding_id, v_household);
        v_ids := array_append(v_ids, (v_saved ->> 'id')::uuid);
        v_sides := array_append(v_sides, v_saved ->> 'relationshipSide');
        v_count := v_count + jsonb_array_length(v_saved -> 'persons');

        -- save_household keeps the persons in the order given (position = index).
        for v_person in
          select p.* from kasalan.persons p where p.household_id = (v_saved ->> 'id')::uuid order by p.position
        loop
          v_reply := v_persons -> v_person.position;
          if jsonb_typeof(v_reply) is distinct from 'object' or not (v_reply ? 'reply') or jsonb_typeof(v_reply -> 'reply') = 'null' then
            continue;
          end if;
          v_reply := v_reply -> 'reply';
          if jsonb_typeof(v_reply) <> 'object' or jsonb_typeof(coalesce(v_reply -> 'isAttending', 'null'::jsonb)) not in ('boolean', 'null') then
            raise exception 'invalid_input' using detail = 'reply.isAttending must be true, false or null';
          end if;
          v_attending := (v_reply ->> 'isAttending')::boolean;
          if v_attending is null then
            continue;
          end if;
          v_response := case when v_attending then kasalan_private.rsvp_response(v_questions, v_reply -> 'response') else '[]'::jsonb end;

          insert into kasalan.rsvp_changes (wedding_id, household_id, person_id, changed_by, changed_by_user, previous, current)
          values (
            p_wedding_id, v_person.household_id, v_person.id, v_kind, auth.uid(),
            kasalan_private.rsvp_reply_json(null::kasalan.event_replies),
            jsonb_build_object('isAttending', v_attending, 'response', v_response, 'respondedAt', now(), 'recordedBy', 'couple')
          );
          insert into kasalan.event_replies (wedding_id, event_id, person_id, household_id, is_attending, response, responded_at, recorded_by, recorded_by_user)
          values (p_wedding_id, v_main, v_person.id, v_person.household_id, v_attending, v_response, now(), v_kind, auth.uid());
          v_replies := v_replies + 1;
        end loop;
      end loop;
    exception when others then
      -- Same code for the app to translate, plus which household it was.
      get stacked diagnostics v_message = message_text, v_state = returned_sqlstate, v_detail = pg_exception_detail;
      raise exception using
        message = v_message,
        errcode = v_state,
        detail = format('household %s%s', v_index, coalesce(': ' || nullif(v_detail, ''), ''));
    end;

    -- Every household above was created at the same now(), and the list sorts by (created_at, id):
    -- space their creation times a microsecond apart, ending at now(), so the list keeps the file's
    -- order (and households saved later still come after them).
    update kasalan.households g
    set created_at = g.created_at - make_interval(secs => (cardinality(v_ids) - imported.ordinality) / 1000000.0)
    from unnest(v_ids) with ordinality as imported(id, ordinality)
    where g.id = imported.id and g.wedding_id = p_wedding_id;
  end if;

  perform set_config('kasalan.importing', '', true);
  -- What the triggers would have written: one household is household_added; more are one
  -- households_imported entry, on their side when they all share one.
  if cardinality(v_ids) = 1 then
    perform kasalan_private.add_activity(p_wedding_id, 'household_added', v_ids[1]);
  elsif cardinality(v_ids) > 1 then
    perform kasalan_private.add_activity(
      p_wedding_id, 'households_imported', null, jsonb_build_object('count', cardinality(v_ids)),
      p_household_side => (select min(s) from unnest(v_sides) s having count(distinct s) = 1 and count(s) = cardinality(v_ids))
    );
  end if;

  return jsonb_build_object(
    'households', cardinality(v_ids),
    'persons', v_count,
    'replies', v_replies,
    'householdIds', to_jsonb(v_ids)
  );
end;
$$;

revoke execute on function kasalan.import_households(p_wedding_id uuid, p_households jsonb) from public, anon;
grant execute on function kasalan.import_households(p_wedding_id uuid, p_households jsonb) to authenticated;

-- One pass of the search over a wedding's persons for the query's name words (p_words, as
-- name_words gives them): {status, matches} as search_wedding_persons answers. Each query word is
-- compared with each word of a person's names (persons.search_names): the same word scores 4; the
-- same sound (name_key), or a nickname's, either way (kasalan.nicknames: built in, and the
-- wedding's own), 3; the start of a name word, for the last query word of 3 letters or more, 2;
-- and in the typo pass (p_typos) a word one letter apart in sound, 2. Two neighbouring query words
-- may match one name word run together ("buena ventura"). A person matches when two query words
-- match two different words of their names and score 5 or more; words that match nothing (a middle
-- name, a second person's name) are allowed. Candidates come from persons_search_keys_idx, two
-- query words at a time, so a common first name alone never reads its hundreds of persons. The
-- best score wins and those one point below it are shown too (a near name), at most 3 in all;
-- more than 3 at the best score is too_many. Helper of search_wedding_persons.
-- Over 100 lines: one query, planned once per session (plan_cache_mode), which the name search's
-- speed at 2,000 households depends on; split into functions, each part would be planned apart.
create or replace function kasalan_private.search_pass(p_wedding_id uuid, p_words text[], p_typos boolean)
returns jsonb
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  -- PL/pgSQL with a generic plan, so that the plan is made once per session: planning this
  -- statement takes longer than running it.
  return (
  with
  n as (select cardinality(p_words) as n, p_words[cardinality(p_words)] as last),
  -- Each query word (i), and each two neighbouring words run together (covering i and i + 1),
  -- with its sound.
  items as materialized (
    select x.i, x.j, x.word, x.single, kasalan_private.name_key(x.word) as key
    from (
      select t.i, t.i as j, t.word, true as single
      from unnest(p_words) with ordinality as t(word, i)
      union all
      select t.i, t.i + 1, t.word || p_words[t.i + 1], false
      from unnest(p_words) with ordinality as t(word, i), n
      where t.i < n.n
    ) x
  ),
  -- The names a word may stand for, by sound: itself, the names it is a nickname of, and their
  -- nicknames.
  formal as (
    select it.i, it.key from items it where it.single
    union
    select it.i, nk.name_key
    from items it
    join kasalan.nicknames nk on nk.nickname_key = it.key
    where it.single and (nk.wedding_id is null or nk.wedding_id = p_wedding_id)
  ),
  alias as (
    select f.i, f.key from formal f
    union
    select f.i, nk.nickname_key
    from formal f
    join kasalan.nicknames nk on nk.name_key = f.key
    where nk.wedding_id is null or nk.wedding_id = p_wedding_id
  ),
  -- What each item looks for in the index: the word, the sounds of its names, and in the typo pass
  -- (single words) the keys one letter apart.
  wanted as materialized (
    select it.i, it.j, it.word, it.single, it.key, x.sound, x.typo,
      array[it.word] || x.sound || x.typo as keys
    from items it
    cross join lateral (
      select
        array(
          select '#' || it.key
          union
          select '#' || a.key from alias a where it.single and a.i = it.i
        ) as sound,
        case when p_typos and it.single then array(select k from unnest(kasalan_private.word_keys(it.word, true)) as k where left(k, 1) = '~')
             else '{}'::text[] end as typo
    ) x
  ),
  -- Candidates: persons the index finds for two query words (or for two run together).
  pairs as (
    select a.keys as first_keys, b.keys as second_keys
    from wanted a join wanted b on a.single and b.single and a.i < b.i
    union all
    select w.keys, w.keys from wanted w where not w.single
  ),
  found as materialized (
    select distinct f.id
    from pairs
    cross join lateral (
      select p.id from kasalan.persons p
      where p.wedding_id = p_wedding_id and p.search_keys && pairs.first_keys and p.search_keys && pairs.second_keys
      limit 60
    ) f
  ),
  -- Or, when that finds no one, found for a word as typed and with a name starting with the last
  -- word ("maria san").
  started as materialized (
    select p.id
    from wanted w
    cross join n
    join kasalan.persons p on p.wedding_id = p_wedding_id and p.search_keys @> array[w.word]
    where not p_typos and w.single and w.i < n.n and char_length(n.last) >= 3
      and not exists (select 1 from found)
      and exists (select 1 from unnest(p.search_names) as k where starts_with(k, n.last))
    limit 60
  ),
  candidates as materialized (
    select p.id, p.search_names, p.search_sounds
    from kasalan.persons p
    where p.id in (select id from found union select id from started)
  ),
  scored as (
    select c.id, w.i, w.j, nw.word as name_word,
      case
        when nw.word = w.word then 4
        when ('#' || nw.sound) = any (w.sound) then 3
        when w.single and w.i = n.n and char_length(w.word) >= 3 and starts_with(nw.word, w.word) then 2
        when p_typos and w.single and greatest(char_length(w.key), char_length(nw.sound)) >= 5
          and kasalan_private.one_letter_apart(w.key, nw.sound) then 2
        else 0
      end as score
    from candidates c
    cross join lateral unnest(c.search_names, c.search_sounds) as nw(word, sound)
    cross join wanted w
    cross join n
  ),
  -- Each query word's best score for a candidate.
  word_best as (
    select s.id, x.i, max(s.score) as score
    from scored s
    cross join lateral (values (s.i), (s.j)) as x(i)
    where s.score > 0
    group by s.id, x.i
  ),
  best as (
    select c.id, w.i, coalesce(wb.score, 0) as score
    from candidates c
    cross join wanted w
    left join word_best wb on wb.id = c.id and wb.i = w.i
    where w.single
  ),
  names_matched as (
    select s.id, count(distinct s.name_word) as names
    from scored s
    where s.score > 0
    group by s.id
  ),
  ranked as (
    select b.id, sum(b.score) as score, count(*) filter (where b.score > 0) as words,
      coalesce(min(nm.names), 0) as names
    from best b
    left join names_matched nm on nm.id = b.id
    group by b.id
  ),
  matched as (
    select r.id, r.score, max(r.score) over () as top
    from ranked r
    where r.words >= 2 and r.names >= 2 and r.score >= 5
  )
  select case
      when (select count(*) from matched m where m.score = m.top) > 3 then jsonb_build_object('status', 'too_many', 'matches', '[]'::jsonb)
      when not exists (select 1 from matched) then jsonb_build_object('status', 'none', 'matches', '[]'::jsonb)
      else jsonb_build_object('status', 'found', 'matches', (
        select jsonb_agg(x.match order by x.n)
        from (
          select jsonb_build_object(
              'personId', p.id,
              'householdId', p.household_id,
              'firstName', p.first_name,
              'lastName', p.last_name,
              'householdSize', (select count(*) from kasalan.persons h where h.household_id = p.household_id)
            ) as match,
            row_number() over (
              order by m.score desc, cardinality(p.search_names),
                kasalan_private.search_text(p.last_name), kasalan_private.search_text(p.first_name), p.id
            ) as n
          from matched m
          join kasalan.persons p on p.id = m.id
          where m.score >= m.top - 1
        ) x
        where x.n <= 3
      ))
    end
  );
end;
$$;

revoke execute on function kasalan_private.search_pass(p_wedding_id uuid, p_words text[], p_typos boolean) from public, anon, authenticated;

-- The search itself, on one wedding, for the public call kasalan.search_persons and the harvest
-- test; nobody calls it directly. Returns {status, matches}:
--   too_short  fewer than two name words (titles, kinship words and "and" do not count, a particle
--              and its surname are one word, "dela Cruz"), or fewer than 4 letters
--   none       nothing matched
--   too_many   more than 3 persons matched equally well: no names, the guest adds a word
--   found      up to 3 matches: [{personId, householdId, firstName, lastName, householdSize}], best
--              first
-- First as written (every word a whole word of one person's names, the last perhaps only begun);
-- when that finds no one, forgiving (search_pass: sounds, nicknames, words that match nobody);
-- and when that finds no one either, forgiving one letter per word too.
create or replace function kasalan_private.search_wedding_persons(p_wedding_id uuid, p_query text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_words text[];
  v_letters integer;
  v_ids uuid[];
  v_result jsonb;
begin
  -- Name words only: titles, kinship words and "and" are set aside; single letters (a middle
  -- initial) too, beside two longer words.
  select coalesce(array_agg(t.word order by t.ord), '{}') into v_words
  from unnest(string_to_array(kasalan_private.search_text(left(coalesce(p_query, ''), 100)), ' ')) with ordinality as t(word, ord)
  where not kasalan_private.is_search_filler(t.word);
  if (select count(*) from unnest(v_words) as w where char_length(w) >= 2) >= 2 then
    v_words := array(select w from unnest(v_words) with ordinality as t(w, ord) where char_length(w) >= 2 order by ord);
  end if;
  v_words := (kasalan_private.name_words(array_to_string(v_words, ' '), false))[1:6];
  select coalesce(sum(char_length(w)), 0) into v_letters from unnest(v_words) as w;

  -- One word is never enough: a surname or a first name alone is what a harvester guesses.
  if coalesce(cardinality(v_words), 0) < 2 or v_letters < 4 then
    return jsonb_build_object('status', 'too_short', 'matches', '[]'::jsonb);
  end if;

  -- A name typed as it is written, the last word perhaps not finished ("maria san"): every word
  -- a whole word of one person's names, the last one a whole word or the start of one. The whole
  -- words go through persons_search_keys_idx first, materialised so that the planner never trades
  -- the index for a scan that hopes to find 4 rows early.
  with whole as materialized (
    select p.id, p.search_keys, p.search_names
    from kasalan.persons p
    where p.search_keys @> v_words[1:cardinality(v_words) - 1] and p.wedding_id = p_wedding_id
  )
  select array_agg(w.id) into v_ids
  from (
    select w.id from whole w
    where w.search_keys @> v_words[cardinality(v_words):]
      or (char_length(v_words[cardinality(v_words)]) >= 3
          and exists (select 1 from unnest(w.search_names) as x where starts_with(x, v_words[cardinality(v_words)])))
    limit 4
  ) w;
  if cardinality(v_ids) > 3 then
    return jsonb_build_object('status', 'too_many', 'matches', '[]'::jsonb);
  elsif v_ids is not null then
    return jsonb_build_object('status', 'found', 'matches', (
      select jsonb_agg(
        jsonb_build_object(
          'personId', p.id,
          'householdId', p.household_id,
          'firstName', p.first_name,
          'lastName', p.last_name,
          'householdSize', (select count(*) from kasalan.persons h where h.household_id = p.household_id)
        )
        order by cardinality(array(select unnest(v_words) intersect select unnest(p.search_names))) desc,
          cardinality(p.search_names), kasalan_private.search_text(p.last_name), kasalan_private.search_text(p.first_name), p.id
      )
      from kasalan.persons p
      where p.id = any (v_ids)
    ));
  end if;

  -- Otherwise the forgiving search: nicknames, sounds, extra words; then typos.
  v_result := kasalan_private.search_pass(p_wedding_id, v_words, false);
  if v_result ->> 'status' = 'none' then
    v_result := kasalan_private.search_pass(p_wedding_id, v_words, true);
  end if;
  return v_result;
end;
$$;

revoke execute on function kasalan_private.search_wedding_persons(p_wedding_id uuid, p_query text) from public, anon, authenticated;

-- A visitor's name search on one wedding site, by its slug: the persons search_wedding_persons
-- finds ({status, matches}). A read-only call (GET) is refused with read_only_call; a wedding that
-- asks for the code answers invitation_code_required; a caller over their own limit gets
-- rate_limited; and when the wedding's searches of the hour are used up by everyone together the
-- search asks for the invitation code (invitation_code_required_busy) rather than refusing every
-- guest: the site shows the code field, and a guest with their code or link gets through. An
-- unknown or unpublished site finds nobody. Granted to anon and authenticated.
create or replace function kasalan.search_persons(p_slug text, p_query text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wedding_id uuid;
  v_published boolean;
  v_manages boolean;
  v_requires_code boolean;
  v_count text;
begin
  perform kasalan_private.require_writable();
  select w.id, w.is_published, kasalan_private.can_manage(w.id), w.rsvp_requires_code
  into v_wedding_id, v_published, v_manages, v_requires_code
  from kasalan.weddings w
  where w.slug = p_slug;
  if not found or not (v_published or v_manages) then
    return jsonb_build_object('status', 'none', 'matches', '[]'::jsonb);
  end if;
  if not v_manages then
    if v_requires_code then
      raise exception 'invitation_code_required';
    end if;
    v_count := kasalan_private.count_call(v_wedding_id, 'search');
    if v_count = 'caller' then
      raise exception 'rate_limited';
    elsif v_count = 'wedding' then
      raise exception 'invitation_code_required_busy';
    end if;
  end if;
  return kasalan_private.search_wedding_persons(v_wedding_id, p_query);
end;
$$;

revoke execute on function kasalan.search_persons(p_slug text, p_query text) from public;
grant execute on function kasalan.search_persons(p_slug text, p_query text) to anon, authenticated;

-- The wedding's own nicknames, as the couple wrote them: [{nickname, name}], in the order added,
-- and how many the built-in list holds. For a member who may edit the guest list; raises
-- wedding_not_found. Granted to authenticated.
create or replace function kasalan.list_nicknames(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'households');
  return jsonb_build_object(
    'nicknames', coalesce(
      (select jsonb_agg(jsonb_build_object('nickname', n.nickname, 'name', n.name) order by n.created_at, n.id)
       from kasalan.nicknames n where n.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'builtInCount', (select count(*) from kasalan.nicknames n where n.wedding_id is null)
  );
end;
$$;

revoke execute on function kasalan.list_nicknames(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_nicknames(p_wedding_id uuid) to authenticated;

-- Replaces the wedding's own nicknames with p_nicknames ([{nickname, name}], at most 200): what a
-- guest may type (nickname) for a name on the list (name), searched both ways as the built-in
-- ones are. Each must hold a letter and be at most 50 characters, and differ from its name; a pair
-- given twice is kept once. Returns list_nicknames. Raises wedding_not_found, invalid_input
-- (detail names the problem). For a member who may edit the guest list; granted to authenticated.
create or replace function kasalan.save_nicknames(p_wedding_id uuid, p_nicknames jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry jsonb;
  v_nickname text;
  v_name text;
begin
  perform kasalan_private.require(p_wedding_id, 'households');
  if jsonb_typeof(p_nicknames) is distinct from 'array' then
    raise exception 'invalid_input' using detail = 'nicknames must be a list';
  end if;
  if jsonb_array_length(p_nicknames) > 200 then
    raise exception 'invalid_input' using detail = 'at most 200 nicknames';
  end if;
  delete from kasalan.nicknames n where n.wedding_id = p_wedding_id;
  for v_entry in select value from jsonb_array_elements(p_nicknames) loop
    if jsonb_typeof(v_entry) is distinct from 'object' then
      raise exception 'invalid_input' using detail = 'each nickname must be an object';
    end if;
    v_nickname := kasalan_private.json_text(v_entry, 'nickname', 50);
    v_name := kasalan_private.json_text(v_entry, 'name', 50);
    if char_length(kasalan_private.nickname_word(v_nickname)) < 2 or char_length(kasalan_private.nickname_word(v_name)) < 2 then
      raise exception 'invalid_input' using detail = 'a nickname and its name need two letters each';
    end if;
    if kasalan_private.nickname_word(v_nickname) = kasalan_private.nickname_word(v_name) then
      raise exception 'invalid_input' using detail = 'a nickname must differ from its name';
    end if;
    insert into kasalan.nicknames (wedding_id, nickname, name)
    values (p_wedding_id, v_nickname, v_name)
    on conflict do nothing;
  end loop;
  return kasalan.list_nicknames(p_wedding_id);
end;
$$;

revoke execute on function kasalan.save_nicknames(p_wedding_id uuid, p_nicknames jsonb) from public, anon;
grant execute on function kasalan.save_nicknames(p_wedding_id uuid, p_nicknames jsonb) to authenticated;

-- Inserts a file's rows into one of the wedding's tables, bound to the wedding whatever the file
-- says and, where the table has an owner (user_id), owned by the caller. Only columns the file
-- names are written (the others take their defaults); generated and identity columns never, so a
-- table's seq numbers the rows in the file's order. Helper of import_wedding, which checks the
-- caller first.
create or replace function kasalan_private.import_rows(p_table text, p_wedding_id uuid, p_rows jsonb)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_columns text;
  v_values text;
  v_owned boolean;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'invalid_input' using detail = format('%s must be a list', p_table);
  end if;
  if jsonb_array_length(p_rows) = 0 then
    return;
  end if;
  if exists (select 1 from jsonb_array_elements(p_rows) r where jsonb_typeof(r.value) <> 'object') then
    raise exception 'invalid_input' using detail = format('each of %s must be an object', p_table);
  end if;

  select string_agg(format('%I', a.attname), ', ' order by a.attnum),
         string_agg(format('x.%I', a.attname), ', ' order by a.attnum)
  into v_columns, v_values
  from pg_catalog.pg_attribute a
  where a.attrelid = format('kasalan.%I', p_table)::regclass
    and a.attnum > 0
    and not a.attisdropped
    and a.attgenerated = ''
    and a.attidentity = ''
    and a.attname not in ('user_id', 'wedding_id')
    and exists (select 1 from jsonb_array_elements(p_rows) r where r.value ? a.attname::text);
  if v_columns is null then
    raise exception 'invalid_input' using detail = format('%s have no known columns', p_table);
  end if;
  v_owned := exists (
    select 1 from pg_catalog.pg_attribute a
    where a.attrelid = format('kasalan.%I', p_table)::regclass and a.attname = 'user_id' and not a.attisdropped
  );

  execute format(
    'insert into kasalan.%1$I (%3$s wedding_id, %2$s) select %4$s $2, %5$s'
    ' from pg_catalog.jsonb_array_elements($3) with ordinality r'
    ' cross join lateral pg_catalog.jsonb_populate_record(null::kasalan.%1$I, r.value) x order by r.ordinality',
    p_table, v_columns,
    case when v_owned then 'user_id,' else '' end,
    case when v_owned then '$1,' else '' end,
    v_values
  ) using auth.uid(), p_wedding_id, p_rows;
end;
$$;

revoke execute on function kasalan_private.import_rows(p_table text, p_wedding_id uuid, p_rows jsonb) from public, anon, authenticated;

-- True when the signed-in account may see and edit a household of this side: every member but a
-- family helper sees all; a family helper only households of their own side; an usher none (the
-- door's list comes from get_checkin_roster, without contact details). Called by policies and the
-- household trigger; granted to authenticated.
create or replace function kasalan_private.can_see_household(p_wedding_id uuid, p_side text)
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select coalesce((
    select m.role <> 'usher' and (m.role <> 'family_helper' or m.side = p_side)
    from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  ), false)
$$;

revoke execute on function kasalan_private.can_see_household(p_wedding_id uuid, p_side text) from public, anon;
grant execute on function kasalan_private.can_see_household(p_wedding_id uuid, p_side text) to authenticated;

-- A family helper adds and edits households of their own side only, and deletes only households
-- they added; checked on every write of a household, whichever function makes it. Households
-- written by anyone else (the couple, a coordinator, a visitor's RSVP, a migration) pass.
-- Trigger function only; nobody calls it.
create or replace function kasalan_private.guard_family_helper_household()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_side text;
  v_wedding_id uuid := case when tg_op = 'DELETE' then old.wedding_id else new.wedding_id end;
begin
  select m.side into v_side
  from kasalan.wedding_members m
  where m.wedding_id = v_wedding_id and m.user_id = (select auth.uid()) and m.role = 'family_helper';
  if not found then
    return case when tg_op = 'DELETE' then old else new end;
  end if;

  if tg_op in ('UPDATE', 'DELETE') and old.relationship_side is distinct from v_side then
    raise exception 'household_not_found';
  end if;
  if tg_op = 'DELETE' then
    if old.user_id is distinct from (select auth.uid()) then
      raise exception 'household_not_yours';
    end if;
    return old;
  end if;
  if new.relationship_side is distinct from v_side then
    raise exception 'household_side_not_allowed';
  end if;
  return new;
end;
$$;

revoke execute on function kasalan_private.guard_family_helper_household() from public, anon, authenticated;

-- Who last changed each household of a wedding that the caller may see, for the guest list: the
-- latest entry about it, else who added it (an import's households): rows of (household_id, change
-- {actorKind, actorName, isMe, action, at}). Nothing for a wedding the caller is not a member of,
-- nor for an usher; a family helper gets their side only. One pass over the wedding's entries, not
-- one per household. Helper of list_households; granted to authenticated.
create or replace function kasalan_private.household_last_changes(p_wedding_id uuid)
returns table (household_id uuid, change jsonb)
language sql
stable security definer
set search_path = ''
as $$
  with
    me as (
      select m.role, m.side from kasalan.wedding_members m
      where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
    ),
    latest as (
      select distinct on (a.household_id) a.household_id, a.actor_kind, a.actor_user, a.actor_name, a.action, a.at
      from kasalan.wedding_activity a
      where a.wedding_id = p_wedding_id and a.household_id is not null
      order by a.household_id, a.at desc, a.id desc
    )
  select g.id, jsonb_build_object(
    'actorKind', coalesce(l.actor_kind, 'member'),
    'actorName', case
      when l.household_id is not null and l.actor_user is null then l.actor_name
      else coalesce(nullif(am.display_name, ''), l.actor_name, kasalan_private.account_display_name(g.user_id), '')
    end,
    'isMe', coalesce(l.actor_user, case when l.household_id is null then g.user_id end) is not distinct from (select auth.uid()),
    'action', coalesce(l.action, 'household_added'),
    'at', coalesce(l.at, g.created_at)
  )
  from kasalan.households g
  cross join me
  left join latest l on l.household_id = g.id
  left join kasalan.wedding_members am
    on am.wedding_id = g.wedding_id and am.user_id = case when l.household_id is null then g.user_id else l.actor_user end
  where g.wedding_id = p_wedding_id
    and me.role <> 'usher'
    and (me.role <> 'family_helper' or me.side = g.relationship_side)
$$;

revoke execute on function kasalan_private.household_last_changes(p_wedding_id uuid) from public, anon;
grant execute on function kasalan_private.household_last_changes(p_wedding_id uuid) to authenticated;

-- What the activity triggers count as a change of a household: its own fields and who its
-- persons are. Null when there is no such household. Helper of save_household; nobody calls it.
create or replace function kasalan_private.household_watched_fields(p_household_id uuid)
returns jsonb
language sql
stable security definer
set search_path = ''
as $$
  select jsonb_build_array(
    g.email, g.phone, g.address, g.relationship_side, g.relationship_type, g.notes, g.seat_cap,
    (
      select coalesce(jsonb_agg(
        jsonb_build_array(p.id, p.first_name, p.last_name, p.type, p.title, p.suffix, p.notes, p.position, p.known_as, p.maiden_name)
        order by p.id
      ), '[]'::jsonb)
      from kasalan.persons p where p.household_id = g.id
    )
  )
  from kasalan.households g
  where g.id = p_household_id
$$;

revoke execute on function kasalan_private.household_watched_fields(p_household_id uuid) from public, anon, authenticated;

-- Saves a household as before (write_household: same checks, codes and answers) and adds
-- lastChange, as list_households gives it. The activity entry of this save is written at commit, so
-- when the save changed the household its lastChange is the caller's, now; a save that changed
-- nothing answers the latest entry. Granted to authenticated.
create or replace function kasalan.save_household(p_wedding_id uuid, p_household jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_household_id uuid;
  v_before jsonb;
  v_saved jsonb;
  v_change jsonb;
  v_name text;
begin
  perform kasalan_private.require(p_wedding_id, 'households');
  if jsonb_typeof(p_household) = 'object' and jsonb_typeof(p_household -> 'id') = 'string' then
    v_household_id := kasalan_private.json_uuid(p_household, 'id');
    if exists (select 1 from kasalan.households g where g.id = v_household_id and g.wedding_id = p_wedding_id) then
      v_before := kasalan_private.household_watched_fields(v_household_id);
    end if;
  end if;

  v_saved := kasalan_private.write_household(p_wedding_id, p_household);
  v_household_id := (v_saved ->> 'id')::uuid;

  if v_before is distinct from kasalan_private.household_watched_fields(v_household_id) then
    select nullif(m.display_name, '') into v_name from kasalan.wedding_members m
    where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid());
    v_change := jsonb_build_object(
      'actorKind', 'member',
      'actorName', coalesce(v_name, kasalan_private.account_display_name((select auth.uid())), ''),
      'isMe', true,
      'action', case when v_before is null then 'household_added' else 'household_changed' end,
      'at', now()
    );
  else
    select c.change into v_change from kasalan_private.household_last_changes(p_wedding_id) c where c.household_id = v_household_id;
  end if;
  return v_saved || jsonb_build_object('lastChange', v_change);
end;
$$;

revoke execute on function kasalan.save_household(p_wedding_id uuid, p_household jsonb) from public, anon;
grant execute on function kasalan.save_household(p_wedding_id uuid, p_household jsonb) to authenticated;

-- A person's name needs at least one letter, in any script (Latin with its accents, Baybayin,
-- Greek, Cyrillic, Arabic, Han, Hangul, ...): emoji, digits or punctuation alone name no one, and a
-- name is what the invitation, the RSVP page, the seating chart and the site's search read.
-- PostgreSQL's regular expressions know Unicode letters only under an ICU or builtin UTF-8 locale,
-- which neither PostgreSQL 15 nor the embedded engine can be counted on to have, so the letters are
-- named by code point: the blocks of letters of every script, leaving out the blocks that hold only
-- symbols, punctuation and emoji (U+2000-U+2BFF, U+3000-U+303F, U+3200-U+33FF, U+FE00-U+FE6F,
-- U+1F000 and up to U+1FFFF, and Latin-1's signs). It may accept a few non-letters the form refuses
-- (a digit of another script), never refuse a letter the form accepts (zod, \p{L}).
-- True when p_name holds at least one letter. Immutable and internal.
create or replace function kasalan_private.name_has_letter(p_name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_name ~ (
    '['
    || 'A-Za-z\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF'   -- Latin, IPA, modifier letters
    || '\u0370-\u1FFF'                                                   -- Greek ... Greek Extended
    || '\u2C00-\u2DFF'                                                   -- Glagolitic ... Cyrillic Extended-A
    || '\u3040-\u31FF\u3400-\uD7FF'                                       -- kana, Bopomofo, Hangul, Han, Yi
    || '\uF900-\uFDFF\uFE70-\uFEFF\uFF21-\uFF3A\uFF41-\uFF5A\uFF66-\uFFDC' -- compatibility and full/half-width forms
    || '\U00010000-\U0001EFFF\U00020000-\U0003FFFF'                       -- historic scripts, Han extensions
    || ']'
  )
$$;

revoke execute on function kasalan_private.name_has_letter(p_name text) from public, anon, authenticated;

-- Raises person_name_needs_letter when a person's first name, or a last name given, has no letter.
-- A blank first name is left to the table's own check, which answers as for any other missing
-- field. Runs when a person is added or a name changes: rows saved before the rule keep their names
-- (nothing here can guess the name meant), so such a guest can still answer, be seated and be
-- invited; the couple's form asks for a letter the next time they edit that household. A restored
-- backup adds its persons again and meets the same rule. Trigger function only.
create or replace function kasalan_private.person_names_need_a_letter()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (pg_catalog.btrim(new.first_name) <> '' and not kasalan_private.name_has_letter(new.first_name))
    or (pg_catalog.btrim(new.last_name) <> '' and not kasalan_private.name_has_letter(new.last_name)) then
    raise exception 'person_name_needs_letter';
  end if;
  return new;
end;
$$;

revoke execute on function kasalan_private.person_names_need_a_letter() from public, anon, authenticated;

-- =============================================================================================
-- Row-level security
-- =============================================================================================

create policy "Households can be read by members who keep their side of the list"
  on kasalan.households for select to authenticated
  using (kasalan_private.can_see_household(wedding_id, relationship_side));

create policy "Persons can be read by members who may see their household"
  on kasalan.persons for select to authenticated
  using ((kasalan_private.can(wedding_id, 'guests') or (exists ( select 1
   from kasalan.households g
  where (g.id = persons.household_id)))));

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger households_guard_family_helper before insert or delete or update
  on kasalan.households
  for each row
  execute function kasalan_private.guard_family_helper_household();

create constraint trigger households_need_adult after insert
  on kasalan.households
  deferrable initially deferred
  for each row
  execute function kasalan_private.check_household_has_adult();

create trigger households_protect_row_identity before update
  on kasalan.households
  for each row
  execute function kasalan_private.protect_row_identity('user_id', 'wedding_id');

create constraint trigger persons_need_adult after insert or delete or update of type
  on kasalan.persons
  deferrable initially deferred
  for each row
  execute function kasalan_private.check_household_has_adult();

create trigger persons_protect_row_identity before update
  on kasalan.persons
  for each row
  execute function kasalan_private.protect_row_identity('user_id', 'wedding_id', 'household_id');

create trigger persons_search_columns
  before insert or update on kasalan.persons
  for each row execute function kasalan_private.person_search_columns();

-- Always, as a generated column is computed always: also for rows copied with triggers off
-- (session_replication_role = replica, as when a dump is restored or an old database moves onto the
-- baseline), which would otherwise arrive with no search columns.
alter table kasalan.persons enable always trigger persons_search_columns;

create trigger persons_name_needs_a_letter_on_insert
  before insert on kasalan.persons
  for each row execute function kasalan_private.person_names_need_a_letter();

create trigger persons_name_needs_a_letter_on_rename
  before update of first_name, last_name on kasalan.persons
  for each row
  when (new.first_name is distinct from old.first_name or new.last_name is distinct from old.last_name)
  execute function kasalan_private.person_names_need_a_letter();

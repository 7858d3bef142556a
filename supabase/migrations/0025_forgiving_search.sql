-- 0025: a name search that forgives what guests really type. Nicknames and short forms (a
-- built-in Filipino list the couple can extend, and a person's "known as"), titles and kinship
-- words set aside, a middle name or a second person typed too, surname particles written any
-- way, Filipino spelling swaps and one-letter typos; and a person's maiden surname, searched but
-- never shown. Still two words, still no more than three persons an answer.

-- =============================================================================================
-- Persons: known as, maiden surname
-- =============================================================================================

alter table kasalan.persons add column known_as text;
alter table kasalan.persons add column maiden_name text;
alter table kasalan.persons add constraint persons_known_as_check check (char_length(known_as) <= 50);
alter table kasalan.persons add constraint persons_known_as_clean check (kasalan.text_is_clean(known_as, 'known_as'));
alter table kasalan.persons add constraint persons_maiden_name_check check (char_length(maiden_name) <= 100);
alter table kasalan.persons add constraint persons_maiden_name_clean check (kasalan.text_is_clean(maiden_name, 'maiden_name'));

-- =============================================================================================
-- Words and keys
-- =============================================================================================

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

-- The sound (name_key) of each of person_search_names, in the same order. Helper of the search
-- (a stored column of persons).
create or replace function kasalan_private.person_search_sounds(
  p_first_name text, p_last_name text, p_suffix text, p_known_as text, p_maiden_name text
)
returns text[]
language sql
immutable parallel safe
set search_path = ''
as $$
  select array(
    select kasalan_private.name_key(w.word)
    from unnest(kasalan_private.person_search_names(p_first_name, p_last_name, p_suffix, p_known_as, p_maiden_name)) with ordinality as w(word, ord)
    order by w.ord
  )
$$;

revoke execute on function kasalan_private.person_search_sounds(p_first_name text, p_last_name text, p_suffix text, p_known_as text, p_maiden_name text) from public, anon, authenticated;

-- Every key of every word of person_search_names (word_keys, typos included), each once: what the
-- index finds a person by. Helper of the search (a stored column of persons).
create or replace function kasalan_private.person_search_keys(
  p_first_name text, p_last_name text, p_suffix text, p_known_as text, p_maiden_name text
)
returns text[]
language plpgsql
immutable parallel safe
set search_path = ''
as $$
declare
  v_keys text[] := '{}';
  v_word text;
begin
  foreach v_word in array kasalan_private.person_search_names(p_first_name, p_last_name, p_suffix, p_known_as, p_maiden_name) loop
    v_keys := v_keys || kasalan_private.word_keys(v_word, true);
  end loop;
  return array(select distinct k from unnest(v_keys) as k);
end;
$$;

revoke execute on function kasalan_private.person_search_keys(p_first_name text, p_last_name text, p_suffix text, p_known_as text, p_maiden_name text) from public, anon, authenticated;

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

drop index kasalan.persons_search_words_idx;
alter table kasalan.persons drop column search_words;
drop function kasalan_private.person_search_words(p_first_name text, p_last_name text, p_suffix text);

-- What the search compares a person by: their name words, the sound of each, and the keys the index
-- finds them by (person_search_names, person_search_sounds, person_search_keys).
alter table kasalan.persons add column search_names text[] not null
  generated always as (kasalan_private.person_search_names(first_name, last_name, suffix, known_as, maiden_name)) stored;
alter table kasalan.persons add column search_sounds text[] not null
  generated always as (kasalan_private.person_search_sounds(first_name, last_name, suffix, known_as, maiden_name)) stored;
alter table kasalan.persons add column search_keys text[] not null
  generated always as (kasalan_private.person_search_keys(first_name, last_name, suffix, known_as, maiden_name)) stored;

-- Without fastupdate: new names go straight into the index instead of a pending list that only
-- a vacuum empties (PGlite never runs one), which the planner rightly prices as a scan of everyone.
create index persons_search_keys_idx on kasalan.persons using gin (search_keys) with (fastupdate = off);

-- =============================================================================================
-- Nicknames
-- =============================================================================================

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
  constraint nicknames_nickname_clean check (kasalan.text_is_clean(nickname, 'nickname')),
  constraint nicknames_name_check check ((char_length(name) >= 1) and (char_length(name) <= 50)),
  constraint nicknames_name_clean check (kasalan.text_is_clean(name, 'name')),
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

-- =============================================================================================
-- The search
-- =============================================================================================

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

-- =============================================================================================
-- Known as and maiden names through the guest list's functions
-- =============================================================================================

-- A household in the contract's Household shape, with its persons in order. Helper of the
-- functions below.
create or replace function kasalan_private.household_json(p_household kasalan.households)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
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
        from kasalan.persons p
        where p.household_id = p_household.id
      ),
      '[]'::jsonb
    )
  )
$$;

revoke execute on function kasalan_private.household_json(p_household kasalan.households) from public, anon, authenticated;

-- The wedding's households in the Household shape of household_json, with lastChange (who last
-- changed each one), oldest first. Built in one pass: the persons are grouped once for the whole
-- wedding rather than one subquery per household (a third of the call at 2,000 households).
-- Security invoker: RLS decides which households and persons the caller reads. Granted to
-- authenticated.
create or replace function kasalan.list_households(p_wedding_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if not kasalan_private.can(p_wedding_id, 'households') then
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
        from kasalan.persons p
        where p.wedding_id = p_wedding_id
        group by p.household_id
      ) p on p.household_id = g.id
      left join kasalan_private.household_last_changes(p_wedding_id) c on c.household_id = g.id
      where g.wedding_id = p_wedding_id
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
create or replace function kasalan.write_household(p_wedding_id uuid, p_household jsonb)
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
  if not kasalan_private.can(p_wedding_id, 'households') then
    raise exception 'wedding_not_found';
  end if;
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

revoke execute on function kasalan.write_household(p_wedding_id uuid, p_household jsonb) from public, anon, authenticated;

-- What the activity triggers count as a change of a household: its own fields and who its
-- persons are. Null when there is no such household. Helper of save_household; nobody calls it.
create or replace function kasalan.household_watched_fields(p_household_id uuid)
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

revoke execute on function kasalan.household_watched_fields(p_household_id uuid) from public, anon, authenticated;

-- Only who the person is: replies and e-mail history are not a change of the household.
drop trigger persons_record_changed_activity on kasalan.persons;
create constraint trigger persons_record_changed_activity after update
  on kasalan.persons
  deferrable initially deferred
  for each row
  when (old.first_name IS DISTINCT FROM new.first_name or old.last_name IS DISTINCT FROM new.last_name or old.type IS DISTINCT FROM new.type or old.title IS DISTINCT FROM new.title or old.suffix IS DISTINCT FROM new.suffix or old.notes IS DISTINCT FROM new.notes or old."position" IS DISTINCT FROM new."position" or old.known_as IS DISTINCT FROM new.known_as or old.maiden_name IS DISTINCT FROM new.maiden_name)
  execute function kasalan.record_household_activity();

-- =============================================================================================
-- The couple's nicknames
-- =============================================================================================

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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'households') then
    raise exception 'wedding_not_found';
  end if;
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
  if p_wedding_id is null or not kasalan_private.can(p_wedding_id, 'households') then
    raise exception 'wedding_not_found';
  end if;
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

-- =============================================================================================
-- The wedding file: the couple's nicknames travel, the search columns do not
-- =============================================================================================

-- The couple's whole wedding as one file: {format: 'kasalan-wedding', version: 1, exportedAt,
-- wedding, sections, households, persons, seatingLayout, checklistItems, budgetLines,
-- budgetPayments, suppliers, gifts, giftThankYouTemplates, events, eventGuests, eventReplies,
-- nicknames} (events: the schedule events' RSVP settings; eventGuests: who a private event invites;
-- eventReplies: the answers to events other than the main one; nicknames: the couple's own, for the
-- name search). A person's search columns are left out: the database makes them again. Each row is every column of its table
-- under the column's name, but user_id, wedding_id and seq (the order rows were added in, which
-- the lists keep), so columns added by later migrations travel without a change here; rows keep
-- their ids, so invitation links keep working after a move. The money travels: the owner and the
-- partner, who alone may export, see it. Security definer (the plan's tables are read only through
-- functions); checks can_manage. Called by "Your data"; granted to authenticated.
create or replace function kasalan.export_wedding(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_wedding kasalan.weddings;
begin
  if not kasalan_private.can_manage(p_wedding_id) then
    raise exception 'wedding_not_found';
  end if;
  select * into v_wedding from kasalan.weddings w where w.id = p_wedding_id;

  return jsonb_build_object(
    'format', 'kasalan-wedding',
    'version', 1,
    'exportedAt', now(),
    'wedding', to_jsonb(v_wedding) - 'user_id',
    'sections', coalesce(
      (select jsonb_agg(to_jsonb(s) - 'user_id' - 'wedding_id' order by s.order_index, s.created_at, s.id)
       from kasalan.sections s where s.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'households', coalesce(
      (select jsonb_agg(to_jsonb(g) - 'user_id' - 'wedding_id' order by g.created_at, g.id)
       from kasalan.households g where g.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'persons', coalesce(
      (select jsonb_agg(to_jsonb(p) - 'user_id' - 'wedding_id' - 'search_names' - 'search_sounds' - 'search_keys'
                        order by p.household_id, p.position, p.id)
       from kasalan.persons p where p.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'seatingLayout', (select l.layout from kasalan.seating_layouts l where l.wedding_id = p_wedding_id),
    'checklistItems', coalesce(
      (select jsonb_agg(to_jsonb(i) - 'wedding_id' - 'seq' order by i.seq)
       from kasalan.checklist_items i where i.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'budgetLines', coalesce(
      (select jsonb_agg(to_jsonb(b) - 'wedding_id' - 'seq' order by b.seq)
       from kasalan.budget_lines b where b.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'budgetPayments', coalesce(
      (select jsonb_agg(to_jsonb(pay) - 'wedding_id' order by pay.created_at, pay.id)
       from kasalan.budget_payments pay where pay.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'suppliers', coalesce(
      (select jsonb_agg(to_jsonb(su) - 'wedding_id' - 'seq' order by su.seq)
       from kasalan.suppliers su where su.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'gifts', coalesce(
      (select jsonb_agg(to_jsonb(gi) - 'wedding_id' order by gi.created_at, gi.id)
       from kasalan.gifts gi where gi.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'giftThankYouTemplates', coalesce(
      (select jsonb_agg(to_jsonb(tt) - 'wedding_id' order by tt.language)
       from kasalan.gift_thank_you_templates tt where tt.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'events', coalesce(
      (select jsonb_agg(to_jsonb(we) - 'wedding_id' order by we.created_at, we.event_id)
       from kasalan.wedding_events we where we.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'eventGuests', coalesce(
      (select jsonb_agg(to_jsonb(eg) - 'wedding_id' order by eg.event_id, eg.household_id)
       from kasalan.event_guests eg where eg.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'eventReplies', coalesce(
      (select jsonb_agg(to_jsonb(er) - 'wedding_id' order by er.event_id, er.household_id, er.person_id)
       from kasalan.event_replies er where er.wedding_id = p_wedding_id),
      '[]'::jsonb),
    'nicknames', coalesce(
      (select jsonb_agg(jsonb_build_object('nickname', n.nickname, 'name', n.name, 'created_at', n.created_at) order by n.created_at, n.id)
       from kasalan.nicknames n where n.wedding_id = p_wedding_id),
      '[]'::jsonb)
  );
end;
$$;

revoke execute on function kasalan.export_wedding(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.export_wedding(p_wedding_id uuid) to authenticated;

-- Imports a wedding file into the caller's empty wedding (wedding_not_empty otherwise: it has
-- guests, a seating chart with tables, checklist items, budget lines, suppliers or gifts): its details,
-- sections, households, persons and seating, and its plan: checklist, budget lines and their
-- payments, suppliers, gifts and thank-you messages (the file's messages replace the wedding's),
-- and its events' RSVP settings, invited households and replies (they replace the wedding's
-- settings; a reply must name a person of the file's household), and the couple's own nicknames
-- (they replace the wedding's). A file without the plan's, the events' or the nicknames' lists, or
-- whose persons have no known-as or maiden names (an earlier export), imports as before. A file of an earlier
-- export is read as today's (wedding_file_current). Ids and link tokens of the file already in
-- use in this database are replaced by fresh ones (kasalan.import_file_with_free_ids) rather than
-- refused, which would tell anyone whether a value existed in a wedding they do not manage; a
-- file moved from another database keeps every id, code and token, so its links still work.
-- import_ids_taken means only that the file repeats an id, token or code of its own. The accounts
-- a plan's row names (an assignee, who ticked an item, who added an item or gift) are kept only
-- when they are members of this wedding (wedding_file_members_only). A gift's household, a
-- supplier's budget line and an event reply's person must be the file's own, checked before the
-- row is written (wedding_file_refers_to_own), so the refusal is the same whether or not the id
-- exists elsewhere; a payment's line, a person's household and an event's invited household are
-- keys within this wedding, refused alike for any id not the file's. A file nested more than 64 levels deep (no export is near it) is refused with invalid_input
-- before anything reads it. Security definer; checks can_manage and binds every row to the
-- wedding. Called by "Your data"; granted to authenticated.
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
  if not kasalan_private.can_manage(p_wedding_id) then
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
  if exists (select 1 from kasalan.households g where g.wedding_id = p_wedding_id)
    or exists (
      select 1 from kasalan.seating_layouts l
      where l.wedding_id = p_wedding_id and jsonb_array_length(coalesce(l.layout -> 'tables', '[]'::jsonb)) > 0
    )
    or exists (select 1 from kasalan.checklist_items i where i.wedding_id = p_wedding_id)
    or exists (select 1 from kasalan.budget_lines b where b.wedding_id = p_wedding_id)
    or exists (select 1 from kasalan.suppliers su where su.wedding_id = p_wedding_id)
    or exists (select 1 from kasalan.gifts gi where gi.wedding_id = p_wedding_id)
  then
    raise exception 'wedding_not_empty';
  end if;

  begin
    p_file := kasalan.import_file_with_free_ids(kasalan_private.wedding_file_current(p_file));

    -- The details: every column the file has, except what identifies this wedding here.
    v_details := (p_file -> 'wedding') - 'id' - 'user_id' - 'slug' - 'created_at' - 'updated_at';
    if v_details ? 'rsvp_questions' then
      v_details := jsonb_set(v_details, '{rsvp_questions}', kasalan_private.rsvp_questions_clean(v_details -> 'rsvp_questions'));
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
    perform kasalan.import_rows('households', p_wedding_id, coalesce(p_file -> 'households', '[]'::jsonb));
    perform kasalan.import_rows('persons', p_wedding_id, coalesce(p_file -> 'persons', '[]'::jsonb));
    delete from kasalan.wedding_events we where we.wedding_id = p_wedding_id;
    perform kasalan.import_rows('wedding_events', p_wedding_id, coalesce(p_file -> 'events', '[]'::jsonb));
    perform kasalan.import_rows('event_guests', p_wedding_id, coalesce(p_file -> 'eventGuests', '[]'::jsonb));
    -- A reference to a row the file does not have is refused before its key is tried, with the
    -- same answer whether or not that id exists in another wedding.
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'eventReplies', 'person_id', 'kasalan.persons', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'an event reply names a person the file does not have';
    end if;
    perform kasalan.import_rows('event_replies', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'eventReplies', '[]'::jsonb), array['recorded_by_user'], p_wedding_id));
    if exists (
      select 1 from kasalan.event_replies er
      where er.wedding_id = p_wedding_id
        and not exists (
          select 1 from kasalan.persons p
          where p.id = er.person_id and p.household_id = er.household_id and p.wedding_id = p_wedding_id
        )
    ) then
      raise exception 'invalid_input' using detail = 'an event reply names a person the file does not have';
    end if;

    -- A chart saved with no tables (every household deleted) holds nothing: the file's replaces it.
    delete from kasalan.seating_layouts l where l.wedding_id = p_wedding_id;
    if jsonb_typeof(p_file -> 'seatingLayout') = 'object' then
      insert into kasalan.seating_layouts (user_id, wedding_id, layout)
      values (
        auth.uid(), p_wedding_id,
        kasalan_private.seating_layout_for_guest_list(p_wedding_id, kasalan_private.checked_seating_layout(p_file -> 'seatingLayout'))
      );
    end if;

    -- The plan, in the order its rows reference each other.
    if jsonb_typeof(p_file -> 'checklistItems') = 'array' and jsonb_array_length(p_file -> 'checklistItems') > 500 then
      raise exception 'invalid_input' using detail = 'a checklist has at most 500 items';
    end if;
    perform kasalan.import_rows('checklist_items', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'checklistItems', '[]'::jsonb), array['assignee_user', 'done_by', 'created_by'], p_wedding_id));
    perform kasalan.import_rows('budget_lines', p_wedding_id, coalesce(p_file -> 'budgetLines', '[]'::jsonb));
    perform kasalan.import_rows('budget_payments', p_wedding_id, coalesce(p_file -> 'budgetPayments', '[]'::jsonb));
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'suppliers', 'budget_line_id', 'kasalan.budget_lines', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'a supplier names a budget line the file does not have';
    end if;
    perform kasalan.import_rows('suppliers', p_wedding_id, coalesce(p_file -> 'suppliers', '[]'::jsonb));
    if not kasalan_private.wedding_file_refers_to_own(p_file -> 'gifts', 'household_id', 'kasalan.households', p_wedding_id) then
      raise exception 'invalid_input' using detail = 'a gift names a household the file does not have';
    end if;
    perform kasalan.import_rows('gifts', p_wedding_id, kasalan_private.wedding_file_members_only(
      coalesce(p_file -> 'gifts', '[]'::jsonb), array['created_by'], p_wedding_id));
    -- The couple's own nicknames (files from before have none).
    if p_file ? 'nicknames' then
      delete from kasalan.nicknames n where n.wedding_id = p_wedding_id;
      perform kasalan.import_rows('nicknames', p_wedding_id, p_file -> 'nicknames');
    end if;
    if p_file ? 'giftThankYouTemplates' then
      delete from kasalan.gift_thank_you_templates tt where tt.wedding_id = p_wedding_id;
      perform kasalan.import_rows('gift_thank_you_templates', p_wedding_id, p_file -> 'giftThankYouTemplates');
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
  return kasalan_private.wedding_json(v_wedding);
end;
$$;

revoke execute on function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb) from public, anon;
grant execute on function kasalan.import_wedding(p_wedding_id uuid, p_file jsonb) to authenticated;

-- Abbreviations are name_words' now.
drop function kasalan_private.search_word(p_word text);

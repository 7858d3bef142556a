-- Kasalan: a guest's name needs at least one letter.
--
-- A household whose only person was named "🌸🌸🌸" was saved without a word, though every other odd
-- name gets a message. A name is what the couple and the guests read on the invitation, the RSVP
-- page and the seating chart, and what a guest searches for on the site; emoji, digits or
-- punctuation alone name no one. The rule: a person's first name, and a last name when there is one,
-- holds at least one letter, in any script (Latin with its accents, Baybayin, Greek, Cyrillic,
-- Arabic, Han, Hangul, ...). The form (zod, \p{L}) and the CSV import say so before anything is
-- sent; here it holds for every writer of kasalan.persons.
--
-- PostgreSQL's regular expressions know Unicode letters only under an ICU or builtin UTF-8 locale,
-- which neither PostgreSQL 15 nor the embedded engine can be counted on to have, so the letters are
-- named by code point: the blocks of letters of every script, leaving out the blocks that hold only
-- symbols, punctuation and emoji (U+2000-U+2BFF, U+3000-U+303F, U+3200-U+33FF, U+FE00-U+FE6F,
-- U+1F000 and up to U+1FFFF, and Latin-1's signs). It may accept a few non-letters the form refuses
-- (a digit of another script), never refuse a letter the form accepts.
--
-- Rows saved before keep their names (nothing here can guess the name meant): the check runs when a
-- person is added or a name changes, so a guest named so before can still answer, be seated and be
-- invited; the couple's form asks for a letter the next time they edit that household. A restored
-- backup adds its persons again and meets the same rule. Refused with person_name_needs_letter.

-- True when p_name holds at least one letter (see above). Immutable and internal.
create function kasalan_private.name_has_letter(p_name text)
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

revoke execute on function kasalan_private.name_has_letter(text) from public, anon, authenticated;

-- Raises person_name_needs_letter when a person's first name, or a last name given, has no letter.
create function kasalan_private.person_names_need_a_letter()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not kasalan_private.name_has_letter(new.first_name)
    or (pg_catalog.btrim(new.last_name) <> '' and not kasalan_private.name_has_letter(new.last_name)) then
    raise exception 'person_name_needs_letter';
  end if;
  return new;
end;
$$;

revoke execute on function kasalan_private.person_names_need_a_letter() from public, anon, authenticated;

create trigger persons_name_needs_a_letter_on_insert
  before insert on kasalan.persons
  for each row execute function kasalan_private.person_names_need_a_letter();

create trigger persons_name_needs_a_letter_on_rename
  before update of first_name, last_name on kasalan.persons
  for each row
  when (new.first_name is distinct from old.first_name or new.last_name is distinct from old.last_name)
  execute function kasalan_private.person_names_need_a_letter();

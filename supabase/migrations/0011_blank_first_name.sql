-- A blank first name is answered by the persons table's own check (invalid_input), as any other
-- missing field is, rather than as a name without a letter: the letter rule is for names given.
-- The function's current definition lives in supabase/schemas/02_households.sql.

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

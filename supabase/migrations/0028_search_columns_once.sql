-- A person's search columns are written by one trigger that works out their name words once,
-- instead of three generated columns that each worked them out again (person_search_names ran three
-- times per person): a fifth of a 2,000-household import's time. The columns keep their values,
-- place and NOT NULL; the trigger sets all three on every insert, and on every update that changes a
-- name or touches one of them, so they always say what the names say, as a generated column did.

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

alter table kasalan.persons
  alter column search_names drop expression,
  alter column search_sounds drop expression,
  alter column search_keys drop expression;

create trigger persons_search_columns
  before insert or update on kasalan.persons
  for each row execute function kasalan_private.person_search_columns();

-- Always, as a generated column is computed always: also for rows copied with triggers off
-- (session_replication_role = replica, as when a dump is restored or an old database moves onto the
-- baseline), which would otherwise arrive with no search columns.
alter table kasalan.persons enable always trigger persons_search_columns;

drop function kasalan_private.person_search_sounds(text, text, text, text, text);
drop function kasalan_private.person_search_keys(text, text, text, text, text);

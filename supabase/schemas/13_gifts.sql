-- Kasalan gift ledger: the gifts a wedding received (cash envelopes, GCash and Maya transfers, the
-- money dance, registry items), who gave each, and the thank-you sent for it; and the couple's
-- thank-you message templates. The ledger is planning's (`plan`: owner, partner, coordinator);
-- its amounts are money (`money`): a caller without it reads them as null and cannot change them.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- One gift. household_id: the household on the guest list who gave it, when they are on it;
-- giver_name: the giver as typed (a ninong abroad), or the household's name when the gift was last
-- saved, kept when the household leaves the list. amount: centavos, null when not recorded.
-- thanked_at and thanked_via: when and through what the thank-you went (null: not yet). Written
-- only by the functions below; read through kasalan.list_gifts.
create table kasalan.gifts (
  id uuid not null default extensions.gen_random_uuid(),
  wedding_id uuid not null,
  household_id uuid,
  giver_name text not null,
  kind text not null,
  reference text,
  description text,
  amount bigint,
  received_on date,
  notes text,
  thanked_at timestamptz,
  thanked_via text,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint gifts_pkey primary key (id),
  constraint gifts_amount_check check (amount > 0 and amount <= 100000000000),
  constraint gifts_description_check check (char_length(description) <= 200),
  constraint gifts_description_clean check (kasalan_private.text_is_clean(description, 'description')),
  constraint gifts_giver_name_check check ((char_length(giver_name) >= 1) and (char_length(giver_name) <= 300)),
  constraint gifts_giver_name_clean check (kasalan_private.text_is_clean(giver_name, 'giver_name')),
  constraint gifts_kind_check check (kind in ('cash', 'gcash', 'maya', 'money_dance', 'registry', 'other')),
  constraint gifts_notes_check check (char_length(notes) <= 1000),
  constraint gifts_notes_clean check (kasalan_private.text_is_clean(notes, 'notes')),
  constraint gifts_reference_check check (char_length(reference) <= 100),
  constraint gifts_reference_clean check (kasalan_private.text_is_clean(reference, 'reference')),
  constraint gifts_reference_kind_check check (reference is null or kind in ('cash', 'gcash', 'maya')),
  constraint gifts_thanked_check check ((thanked_at is null) = (thanked_via is null)),
  constraint gifts_thanked_via_check check (thanked_via in ('messenger', 'viber', 'whatsapp', 'sms', 'email', 'copy', 'share', 'in_person')),
  constraint gifts_created_by_fkey foreign key (created_by) references auth.users(id) on delete set null,
  constraint gifts_household_id_fkey foreign key (household_id) references kasalan.households(id) on delete set null,
  constraint gifts_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.gifts enable row level security;
revoke all on kasalan.gifts from public, anon, authenticated;

create index gifts_created_by_idx on kasalan.gifts (created_by);

create index gifts_household_id_idx on kasalan.gifts (household_id);

create index gifts_wedding_id_idx on kasalan.gifts (wedding_id, received_on DESC, created_at DESC);

-- The couple's own thank-you message, one per language; a language without one uses the app's.
-- Written only by kasalan.save_gift_thank_you_templates; read through kasalan.list_gifts.
create table kasalan.gift_thank_you_templates (
  wedding_id uuid not null,
  language text not null,
  body text not null,
  updated_at timestamptz not null default now(),
  constraint gift_thank_you_templates_pkey primary key (wedding_id, language),
  constraint gift_thank_you_templates_body_check check ((char_length(body) >= 1) and (char_length(body) <= 1000)),
  constraint gift_thank_you_templates_body_clean check (kasalan_private.text_is_clean(body, 'body')),
  constraint gift_thank_you_templates_language_check check (language in ('fil', 'en')),
  constraint gift_thank_you_templates_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.gift_thank_you_templates enable row level security;
revoke all on kasalan.gift_thank_you_templates from public, anon, authenticated;

-- =============================================================================================
-- Functions
-- =============================================================================================

-- A gift in the contract's Gift shape: its giver's household (persons, phone and e-mail, for the
-- thank-you) when it is on the list; amount only when p_sees_money. Helper of the functions below.
create or replace function kasalan_private.gift_json(p_gift kasalan.gifts, p_sees_money boolean)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_gift.id,
    'householdId', p_gift.household_id,
    'giverName', p_gift.giver_name,
    'persons', coalesce(
      (
        select jsonb_agg(
          jsonb_build_object('firstName', p.first_name, 'lastName', p.last_name)
          order by p.position, p.created_at, p.id
        )
        from kasalan.persons p
        where p.household_id = p_gift.household_id
      ),
      '[]'::jsonb
    ),
    'phone', (select g.phone from kasalan.households g where g.id = p_gift.household_id),
    'email', (select g.email from kasalan.households g where g.id = p_gift.household_id),
    'kind', p_gift.kind,
    'reference', p_gift.reference,
    'description', p_gift.description,
    'amount', case when p_sees_money then p_gift.amount end,
    'receivedOn', p_gift.received_on,
    'notes', p_gift.notes,
    'thankedAt', p_gift.thanked_at,
    'thankedVia', p_gift.thanked_via,
    'createdAt', p_gift.created_at,
    'updatedAt', p_gift.updated_at
  )
$$;

revoke execute on function kasalan_private.gift_json(p_gift kasalan.gifts, p_sees_money boolean) from public, anon, authenticated;

-- The wedding's gift ledger: {seesMoney, templates: {fil?, en?}, gifts, totals} where gifts are in
-- kasalan_private.gift_json's shape, newest received first, and totals has one {kind, count,
-- amount} per kind received (amount: the sum of the amounts recorded, null for a caller without
-- money). Raises wedding_not_found unless the caller may plan (a family helper may not). Called by
-- the gifts screen; granted to authenticated.
create or replace function kasalan.list_gifts(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_money boolean;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_money := kasalan_private.can(p_wedding_id, 'money');
  return jsonb_build_object(
    'seesMoney', v_money,
    'templates', (
      select coalesce(jsonb_object_agg(t.language, t.body), '{}'::jsonb)
      from kasalan.gift_thank_you_templates t
      where t.wedding_id = p_wedding_id
    ),
    'gifts', (
      select coalesce(
        jsonb_agg(kasalan_private.gift_json(g, v_money) order by g.received_on desc nulls last, g.created_at desc, g.id),
        '[]'::jsonb
      )
      from kasalan.gifts g
      where g.wedding_id = p_wedding_id
    ),
    'totals', (
      select coalesce(
        jsonb_agg(
          jsonb_build_object('kind', x.kind, 'count', x.count, 'amount', case when v_money then x.amount end)
          order by array_position(array['cash', 'gcash', 'maya', 'money_dance', 'registry', 'other'], x.kind)
        ),
        '[]'::jsonb
      )
      from (
        select g.kind, count(*) as count, coalesce(sum(g.amount), 0) as amount
        from kasalan.gifts g
        where g.wedding_id = p_wedding_id
        group by g.kind
      ) x
    )
  );
end;
$$;

revoke execute on function kasalan.list_gifts(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_gifts(p_wedding_id uuid) to authenticated;

-- Records a gift (p_gift without an id) or changes one: p_gift is {id?, householdId?, giverName?,
-- kind, reference?, description?, amount?, receivedOn?, notes?}. A gift names a household of the
-- wedding (household_not_found otherwise) or a giver by name; reference is for cash, GCash and
-- Maya only; amount is whole centavos. Only a caller who sees the money sets or changes the
-- amount: for anyone else it is left as it was (none, on a new gift). The thank-you state is
-- kasalan.mark_gift_thanked's. Returns the gift. Raises wedding_not_found, gift_not_found,
-- household_not_found, invalid_input. Called by the gift form; granted to authenticated.
create or replace function kasalan.save_gift(p_wedding_id uuid, p_gift jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_money boolean;
  v_gift_id uuid;
  v_household_id uuid;
  v_giver_name text;
  v_kind text;
  v_reference text;
  v_amount bigint;
  v_received_on date;
  v_gift kasalan.gifts;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_money := kasalan_private.can(p_wedding_id, 'money');
  if jsonb_typeof(p_gift) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'gift must be an object';
  end if;
  v_gift_id := kasalan_private.json_uuid(p_gift, 'id');

  v_kind := kasalan_private.json_text(p_gift, 'kind', 20);
  if v_kind is null or v_kind not in ('cash', 'gcash', 'maya', 'money_dance', 'registry', 'other') then
    raise exception 'invalid_input' using detail = 'kind must be cash, gcash, maya, money_dance, registry or other';
  end if;
  v_reference := kasalan_private.json_text(p_gift, 'reference', 100);
  if v_reference is not null and v_kind not in ('cash', 'gcash', 'maya') then
    raise exception 'invalid_input' using detail = 'only cash, gcash and maya gifts have a reference';
  end if;

  v_household_id := kasalan_private.json_uuid(p_gift, 'householdId');
  if v_household_id is not null then
    if not exists (select 1 from kasalan.households g where g.id = v_household_id and g.wedding_id = p_wedding_id) then
      raise exception 'household_not_found';
    end if;
    v_giver_name := kasalan_private.activity_household_name(v_household_id);
  else
    v_giver_name := kasalan_private.json_text(p_gift, 'giverName', 300);
    if v_giver_name is null then
      raise exception 'invalid_input' using detail = 'a gift needs a household or a giver''s name';
    end if;
  end if;

  v_amount := kasalan_private.json_number(p_gift, 'amount');
  if v_amount not between 1 and 100000000000 then
    raise exception 'invalid_input' using detail = 'amount must be whole centavos, more than 0 and at most 100000000000';
  end if;

  v_received_on := kasalan_private.json_date(p_gift, 'receivedOn');

  if v_gift_id is null then
    insert into kasalan.gifts (wedding_id, household_id, giver_name, kind, reference, description, amount, received_on, notes)
    values (
      p_wedding_id, v_household_id, v_giver_name, v_kind, v_reference,
      kasalan_private.json_text(p_gift, 'description', 200),
      case when v_money then v_amount end,
      v_received_on,
      kasalan_private.json_text(p_gift, 'notes', 1000)
    )
    returning * into v_gift;
  else
    update kasalan.gifts g
    set household_id = v_household_id,
      giver_name = v_giver_name,
      kind = v_kind,
      reference = v_reference,
      description = kasalan_private.json_text(p_gift, 'description', 200),
      amount = case when v_money then v_amount else g.amount end,
      received_on = v_received_on,
      notes = kasalan_private.json_text(p_gift, 'notes', 1000)
    where g.id = v_gift_id and g.wedding_id = p_wedding_id
    returning * into v_gift;
    if not found then
      raise exception 'gift_not_found';
    end if;
  end if;
  return kasalan_private.gift_json(v_gift, v_money);
end;
$$;

revoke execute on function kasalan.save_gift(p_wedding_id uuid, p_gift jsonb) from public, anon;
grant execute on function kasalan.save_gift(p_wedding_id uuid, p_gift jsonb) to authenticated;

-- Deletes a gift from the ledger. Raises wedding_not_found, gift_not_found. Called by the gifts
-- screen; granted to authenticated.
create or replace function kasalan.delete_gift(p_wedding_id uuid, p_gift_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  delete from kasalan.gifts g where g.id = p_gift_id and g.wedding_id = p_wedding_id;
  if not found then
    raise exception 'gift_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.delete_gift(p_wedding_id uuid, p_gift_id uuid) from public, anon;
grant execute on function kasalan.delete_gift(p_wedding_id uuid, p_gift_id uuid) to authenticated;

-- Marks a gift's thank-you as sent now through p_channel (the invitations' channels, or in_person
-- for a card or a word given by hand), or as not yet sent when p_channel is null. Returns the
-- gift. Raises wedding_not_found, gift_not_found, invalid_input. Called by the thank-you dialog;
-- granted to authenticated.
create or replace function kasalan.mark_gift_thanked(p_wedding_id uuid, p_gift_id uuid, p_channel text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_gift kasalan.gifts;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  if p_channel is not null and p_channel not in ('messenger', 'viber', 'whatsapp', 'sms', 'email', 'copy', 'share', 'in_person') then
    raise exception 'invalid_input' using detail = 'unknown channel';
  end if;
  update kasalan.gifts g
  set thanked_at = case when p_channel is null then null else now() end,
    thanked_via = p_channel
  where g.id = p_gift_id and g.wedding_id = p_wedding_id
  returning * into v_gift;
  if not found then
    raise exception 'gift_not_found';
  end if;
  return kasalan_private.gift_json(v_gift, kasalan_private.can(p_wedding_id, 'money'));
end;
$$;

revoke execute on function kasalan.mark_gift_thanked(p_wedding_id uuid, p_gift_id uuid, p_channel text) from public, anon;
grant execute on function kasalan.mark_gift_thanked(p_wedding_id uuid, p_gift_id uuid, p_channel text) to authenticated;

-- Saves the couple's thank-you templates: p_templates is {fil?, en?}; a blank or missing language
-- goes back to the app's wording. Returns the saved templates ({fil?, en?}). Raises
-- wedding_not_found, invalid_input. Called by the thank-you template form; granted to
-- authenticated.
create or replace function kasalan.save_gift_thank_you_templates(p_wedding_id uuid, p_templates jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_language text;
  v_body text;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  if jsonb_typeof(p_templates) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'templates must be an object';
  end if;
  foreach v_language in array array['fil', 'en'] loop
    v_body := kasalan_private.json_text(p_templates, v_language, 1000);
    if v_body is null then
      delete from kasalan.gift_thank_you_templates t where t.wedding_id = p_wedding_id and t.language = v_language;
    else
      insert into kasalan.gift_thank_you_templates as t (wedding_id, language, body)
      values (p_wedding_id, v_language, v_body)
      on conflict (wedding_id, language) do update set body = excluded.body, updated_at = now();
    end if;
  end loop;
  return (
    select coalesce(jsonb_object_agg(t.language, t.body), '{}'::jsonb)
    from kasalan.gift_thank_you_templates t
    where t.wedding_id = p_wedding_id
  );
end;
$$;

revoke execute on function kasalan.save_gift_thank_you_templates(p_wedding_id uuid, p_templates jsonb) from public, anon;
grant execute on function kasalan.save_gift_thank_you_templates(p_wedding_id uuid, p_templates jsonb) to authenticated;

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger gifts_protect_row_identity before update
  on kasalan.gifts
  for each row
  execute function kasalan_private.protect_row_identity('id', 'wedding_id', 'created_by', 'created_at');

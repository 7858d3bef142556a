-- 0034: one shape for saving one record. save_budget_line, save_budget_payment and save_supplier
-- took ten or eleven arguments and save_gift its id apart; like save_household and
-- save_checklist_item, each now takes (p_wedding_id, p_<record> jsonb) with the id inside (none:
-- a new one), read with the json_* helpers, among them two new ones for numbers and for true or
-- false. The wedding file's import rewrote a household's id and link token and a seat's person and
-- household by hand; wedding_file_taken_ids now finds taken link tokens too, and
-- wedding_file_ids_replaced rewrites any of them, checking nothing itself: the import checks each
-- reference whether or not anything was replaced, so the answer to a malformed file never depends
-- on whether its ids are in use.

-- =============================================================================================
-- core: reading a number, and true or false
-- =============================================================================================

-- A number field of a JSON object, as json_text, json_uuid and json_date read theirs: null when
-- missing or null; invalid_input naming p_key when it is not a JSON number, or, p_whole, not
-- written as a whole number (1.5 and 1.0 are not, as a bigint argument refused them) or longer
-- than 18 digits (so that it is a bigint). The ranges are the caller's. The one reading of an
-- amount, a count or a percentage the couple types: a budget line's, a payment's, a supplier's,
-- a gift's.
create or replace function kasalan_private.json_number(p_object jsonb, p_key text, p_whole boolean default true)
returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_object -> p_key;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v_value) <> 'number' then
    raise exception 'invalid_input' using detail = format('%s must be a number', p_key);
  end if;
  if p_whole and (v_value #>> '{}') !~ '^-?[0-9]{1,18}$' then
    raise exception 'invalid_input' using detail = format('%s must be a whole number of at most 18 digits', p_key);
  end if;
  return (v_value #>> '{}')::numeric;
end;
$$;

revoke execute on function kasalan_private.json_number(p_object jsonb, p_key text, p_whole boolean) from public, anon, authenticated;

-- A true-or-false field of a JSON object: null when missing or null; invalid_input naming p_key
-- when it is anything but true or false.
create or replace function kasalan_private.json_boolean(p_object jsonb, p_key text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_object -> p_key;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v_value) <> 'boolean' then
    raise exception 'invalid_input' using detail = format('%s must be true or false', p_key);
  end if;
  return (v_value #>> '{}')::boolean;
end;
$$;

revoke execute on function kasalan_private.json_boolean(p_object jsonb, p_key text) from public, anon, authenticated;

-- =============================================================================================
-- budget and suppliers
-- =============================================================================================

drop function kasalan.save_budget_line(p_wedding_id uuid, p_line_id uuid, p_category text, p_name text, p_estimate bigint, p_quote bigint, p_price_per_head bigint, p_head_count_basis text, p_actual bigint, p_with_service boolean, p_with_vat boolean);
drop function kasalan.save_budget_payment(p_wedding_id uuid, p_payment_id uuid, p_line_id uuid, p_kind text, p_amount bigint, p_percent numeric, p_due_on date, p_paid boolean, p_paid_on date);
drop function kasalan.save_supplier(p_wedding_id uuid, p_supplier_id uuid, p_name text, p_service text, p_phone text, p_messenger text, p_notes text, p_status text, p_contract bigint, p_budget_line_id uuid);

-- Adds a budget line (p_line without an id) or changes one. p_line: {id?, category, name,
-- estimateCentavos?, quoteCentavos?, pricePerHeadCentavos?, headCountBasis?, actualCentavos?,
-- withService?, withVat?}, in one of the ten categories or one the couple names (1 to 60
-- characters). A per-head line gives pricePerHeadCentavos and headCountBasis ('attending' or
-- 'invited') and no quoteCentavos. Amounts in whole centavos. Returns the line's id. Those who
-- see the money only (else wedding_not_found); budget_line_not_found when the id is not a line of
-- this wedding. Granted to authenticated.
create or replace function kasalan.save_budget_line(p_wedding_id uuid, p_line jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_line_id uuid;
  v_name text;
  v_category text;
  v_estimate bigint;
  v_quote bigint;
  v_price_per_head bigint;
  v_basis text;
  v_actual bigint;
  v_with_service boolean;
  v_with_vat boolean;
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  if jsonb_typeof(p_line) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'line must be an object';
  end if;
  v_line_id := kasalan_private.json_uuid(p_line, 'id');
  v_category := kasalan_private.json_text(p_line, 'category', 60);
  v_name := kasalan_private.json_text(p_line, 'name', 120);
  v_estimate := kasalan_private.json_number(p_line, 'estimateCentavos');
  v_quote := kasalan_private.json_number(p_line, 'quoteCentavos');
  v_price_per_head := kasalan_private.json_number(p_line, 'pricePerHeadCentavos');
  v_actual := kasalan_private.json_number(p_line, 'actualCentavos');
  v_with_service := coalesce(kasalan_private.json_boolean(p_line, 'withService'), false);
  v_with_vat := coalesce(kasalan_private.json_boolean(p_line, 'withVat'), false);
  if v_category is null then
    raise exception 'invalid_input' using detail = 'category must be 1 to 60 characters';
  end if;
  if v_name is null then
    raise exception 'invalid_input' using detail = 'name must be 1 to 120 characters';
  end if;
  if v_price_per_head is not null and v_quote is not null then
    raise exception 'invalid_input' using detail = 'a per-head line has no quote of its own';
  end if;
  if least(v_estimate, v_quote, v_price_per_head, v_actual) < 0 then
    raise exception 'invalid_input' using detail = 'amounts cannot be negative';
  end if;
  perform kasalan_private.centavos_arg(v_estimate, 'estimateCentavos');
  perform kasalan_private.centavos_arg(v_quote, 'quoteCentavos');
  perform kasalan_private.centavos_arg(v_price_per_head, 'pricePerHeadCentavos', 100000000);
  perform kasalan_private.centavos_arg(v_actual, 'actualCentavos');
  if v_price_per_head is not null then
    v_basis := coalesce(kasalan_private.json_text(p_line, 'headCountBasis', 20), 'invited');
    if v_basis not in ('attending', 'invited') then
      raise exception 'invalid_input' using detail = 'headCountBasis must be attending or invited';
    end if;
  end if;

  if v_line_id is null then
    insert into kasalan.budget_lines (wedding_id, category, name, estimate_centavos, quote_centavos,
      price_per_head_centavos, head_count_basis, actual_centavos, with_service, with_vat)
    values (p_wedding_id, v_category, v_name, v_estimate, v_quote, v_price_per_head, v_basis,
      v_actual, v_with_service, v_with_vat)
    returning id into v_id;
  else
    update kasalan.budget_lines l
    set category = v_category, name = v_name, estimate_centavos = v_estimate, quote_centavos = v_quote,
      price_per_head_centavos = v_price_per_head, head_count_basis = v_basis, actual_centavos = v_actual,
      with_service = v_with_service, with_vat = v_with_vat
    where l.id = v_line_id and l.wedding_id = p_wedding_id
    returning l.id into v_id;
    if v_id is null then
      raise exception 'budget_line_not_found';
    end if;
  end if;
  return v_id;
end;
$$;

revoke execute on function kasalan.save_budget_line(p_wedding_id uuid, p_line jsonb) from public, anon;
grant execute on function kasalan.save_budget_line(p_wedding_id uuid, p_line jsonb) to authenticated;

-- Adds a payment to a budget line (p_payment without an id) or changes one. p_payment: {id?,
-- lineId, kind, amountCentavos?, percent?, dueOn?, paid?, paidOn?}: kind down_payment, balance or
-- other; exactly one of amountCentavos (whole centavos) and percent (of the line's price, 0.01 to
-- 100); dueOn and paidOn YYYY-MM-DD, paidOn only when paid. Returns the payment's id. Those who
-- see the money only (else wedding_not_found); budget_line_not_found, budget_payment_not_found.
-- Granted to authenticated.
create or replace function kasalan.save_budget_payment(p_wedding_id uuid, p_payment jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_payment_id uuid;
  v_line_id uuid;
  v_kind text;
  v_amount bigint;
  v_percent numeric;
  v_due_on date;
  v_paid boolean;
  v_paid_on date;
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  if jsonb_typeof(p_payment) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'payment must be an object';
  end if;
  v_payment_id := kasalan_private.json_uuid(p_payment, 'id');
  v_line_id := kasalan_private.json_uuid(p_payment, 'lineId');
  v_kind := kasalan_private.json_text(p_payment, 'kind', 20);
  v_amount := kasalan_private.json_number(p_payment, 'amountCentavos');
  v_percent := kasalan_private.json_number(p_payment, 'percent', p_whole => false);
  v_due_on := kasalan_private.json_date(p_payment, 'dueOn');
  v_paid := coalesce(kasalan_private.json_boolean(p_payment, 'paid'), false);
  v_paid_on := kasalan_private.json_date(p_payment, 'paidOn');
  if v_kind is null or v_kind not in ('down_payment', 'balance', 'other') then
    raise exception 'invalid_input' using detail = 'kind must be down_payment, balance or other';
  end if;
  if (v_amount is null) = (v_percent is null) then
    raise exception 'invalid_input' using detail = 'give an amount or a percentage';
  end if;
  if v_amount < 0 or v_percent <= 0 or v_percent > 100 then
    raise exception 'invalid_input' using detail = 'the amount or percentage is out of range';
  end if;
  perform kasalan_private.centavos_arg(v_amount, 'amountCentavos');
  if v_paid_on is not null and not v_paid then
    raise exception 'invalid_input' using detail = 'a paid date needs paid';
  end if;
  -- The line stays while the payment is written: a delete waits, then takes the payment with it;
  -- a change of the line does not wait.
  perform 1 from kasalan.budget_lines l where l.id = v_line_id and l.wedding_id = p_wedding_id for key share;
  if not found then
    raise exception 'budget_line_not_found';
  end if;

  if v_payment_id is null then
    insert into kasalan.budget_payments (wedding_id, line_id, kind, amount_centavos, percent, due_on, paid, paid_on)
    values (p_wedding_id, v_line_id, v_kind, v_amount, round(v_percent, 2), v_due_on, v_paid, v_paid_on)
    returning id into v_id;
  else
    update kasalan.budget_payments b
    set line_id = v_line_id, kind = v_kind, amount_centavos = v_amount, percent = round(v_percent, 2),
      due_on = v_due_on, paid = v_paid, paid_on = v_paid_on
    where b.id = v_payment_id and b.wedding_id = p_wedding_id
    returning b.id into v_id;
    if v_id is null then
      raise exception 'budget_payment_not_found';
    end if;
  end if;
  return v_id;
end;
$$;

revoke execute on function kasalan.save_budget_payment(p_wedding_id uuid, p_payment jsonb) from public, anon;
grant execute on function kasalan.save_budget_payment(p_wedding_id uuid, p_payment jsonb) to authenticated;

-- Adds a supplier (p_supplier without an id) or changes one. p_supplier: {id?, name, service,
-- phone?, messenger?, notes?, status?, contractCentavos?, budgetLineId?}; status considering
-- (when left out), booked, paid or cancelled. contractCentavos and budgetLineId are the money's:
-- from a caller who does not see the money they are left as they were (none on a new supplier).
-- Returns the supplier's id. Those who plan (else wedding_not_found); supplier_not_found,
-- budget_line_not_found; invalid_input naming the field for a phone over 40 characters, a
-- Messenger name over 100, notes over 2,000 or a contract out of range. Granted to
-- authenticated.
create or replace function kasalan.save_supplier(p_wedding_id uuid, p_supplier jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_supplier_id uuid;
  v_money boolean;
  v_name text;
  v_service text;
  v_phone text;
  v_messenger text;
  v_notes text;
  v_status text;
  v_contract bigint;
  v_budget_line_id uuid;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_money := kasalan_private.can(p_wedding_id, 'money');
  if jsonb_typeof(p_supplier) is distinct from 'object' then
    raise exception 'invalid_input' using detail = 'supplier must be an object';
  end if;
  v_supplier_id := kasalan_private.json_uuid(p_supplier, 'id');
  v_name := kasalan_private.json_text(p_supplier, 'name', 120);
  if v_name is null then
    raise exception 'invalid_input' using detail = 'name must be 1 to 120 characters';
  end if;
  v_phone := kasalan_private.json_text(p_supplier, 'phone', 40);
  v_messenger := kasalan_private.json_text(p_supplier, 'messenger', 100);
  v_notes := kasalan_private.json_text(p_supplier, 'notes', 2000);
  v_contract := kasalan_private.json_number(p_supplier, 'contractCentavos');
  v_budget_line_id := kasalan_private.json_uuid(p_supplier, 'budgetLineId');
  if v_money then
    perform kasalan_private.centavos_arg(v_contract, 'contractCentavos');
  end if;
  v_service := kasalan_private.json_text(p_supplier, 'service', 20);
  if v_service is null or kasalan_private.budget_category_order(v_service) is null then
    raise exception 'invalid_input' using detail = 'service is not a budget category';
  end if;
  -- Left out, a supplier is being considered; given, it must be one of the four.
  v_status := case when p_supplier ? 'status' then kasalan_private.json_text(p_supplier, 'status', 20) else 'considering' end;
  if v_status is null or v_status not in ('considering', 'booked', 'paid', 'cancelled') then
    raise exception 'invalid_input' using detail = 'status must be considering, booked, paid or cancelled';
  end if;
  if v_money and v_budget_line_id is not null then
    perform 1 from kasalan.budget_lines l where l.id = v_budget_line_id and l.wedding_id = p_wedding_id for key share;
    if not found then
      raise exception 'budget_line_not_found';
    end if;
  end if;

  if v_supplier_id is null then
    insert into kasalan.suppliers (wedding_id, name, service, phone, messenger, notes, status, contract_centavos, budget_line_id)
    values (p_wedding_id, v_name, v_service, v_phone, v_messenger, v_notes, v_status,
      case when v_money then v_contract end, case when v_money then v_budget_line_id end)
    returning id into v_id;
  else
    update kasalan.suppliers s
    set name = v_name, service = v_service, phone = v_phone, messenger = v_messenger, notes = v_notes, status = v_status,
      contract_centavos = case when v_money then v_contract else s.contract_centavos end,
      budget_line_id = case when v_money then v_budget_line_id else s.budget_line_id end
    where s.id = v_supplier_id and s.wedding_id = p_wedding_id
    returning s.id into v_id;
    if v_id is null then
      raise exception 'supplier_not_found';
    end if;
  end if;
  return v_id;
end;
$$;

revoke execute on function kasalan.save_supplier(p_wedding_id uuid, p_supplier jsonb) from public, anon;
grant execute on function kasalan.save_supplier(p_wedding_id uuid, p_supplier jsonb) to authenticated;

-- =============================================================================================
-- gifts
-- =============================================================================================

drop function kasalan.save_gift(p_wedding_id uuid, p_gift_id uuid, p_gift jsonb);

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

-- =============================================================================================
-- wedding file
-- =============================================================================================

drop function kasalan_private.wedding_file_taken_ids(p_rows jsonb, p_table regclass);

-- The values under p_key of a file's rows (p_rows, a list) already used by a row of p_table, any
-- wedding's, each mapped to a fresh one: {old: new}. p_key is 'id' (an id: refused as json_uuid
-- refuses it when it is none, read in any case, and replaced by a fresh id) or a link token's
-- column ('invitation_token': text as written, replaced by a fresh new_invitation_token()). Rows
-- that are no objects, or have no such value, are left for the import to refuse. One lookup per
-- distinct value, in one statement. Helper of import_file_with_free_ids.
create or replace function kasalan_private.wedding_file_taken_ids(p_rows jsonb, p_table regclass, p_key text default 'id')
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_taken jsonb;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    return '{}'::jsonb;
  end if;
  if p_key = 'id' then
    perform kasalan_private.json_uuids_checked(p_rows, array['id']);
  end if;
  execute format(
    'select coalesce(pg_catalog.jsonb_object_agg(f.value, %2$s), ''{}''::jsonb)
       from (
         select distinct %3$s as value
         from pg_catalog.jsonb_array_elements($1) r
         where pg_catalog.jsonb_typeof(r.value) = ''object'' and pg_catalog.jsonb_typeof(r.value -> $2) = ''string''
       ) f
      where exists (select 1 from %1$s t where t.%4$I = f.value)',
    p_table,
    case when p_key = 'id' then 'extensions.gen_random_uuid()' else 'kasalan_private.new_invitation_token()' end,
    case when p_key = 'id' then 'kasalan_private.json_uuid(r.value, $2)' else 'r.value ->> $2' end,
    p_key
  ) into v_taken using p_rows, p_key;
  return v_taken;
end;
$$;

revoke execute on function kasalan_private.wedding_file_taken_ids(p_rows jsonb, p_table regclass, p_key text) from public, anon, authenticated;

-- A file's rows (p_rows, a list) with the value under p_key replaced where p_ids ({old: new},
-- wedding_file_taken_ids's) has it: an id in any case (as json_uuid reads it), anything else as
-- written (a link token). Anything else as it is: a value that is no id is the caller's to
-- refuse (json_uuids_checked), or the import's, the same whether or not p_ids is empty. Helper
-- of import_file_with_free_ids.
create or replace function kasalan_private.wedding_file_ids_replaced(p_rows jsonb, p_key text, p_ids jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(p_rows) is distinct from 'array' or p_ids = '{}' then p_rows else (
    select coalesce(jsonb_agg(
      case when f.old is not null and p_ids ? f.old
        then jsonb_set(r.value, array[p_key], p_ids -> f.old)
        else r.value
      end
      order by r.ordinality), '[]'::jsonb)
    from jsonb_array_elements(p_rows) with ordinality r
    cross join lateral (
      select case
        when jsonb_typeof(r.value) <> 'object' or jsonb_typeof(r.value -> p_key) is distinct from 'string' then null
        when (r.value ->> p_key) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then lower(r.value ->> p_key)
        else r.value ->> p_key
      end as old
    ) f
  ) end
$$;

revoke execute on function kasalan_private.wedding_file_ids_replaced(p_rows jsonb, p_key text, p_ids jsonb) from public, anon, authenticated;

-- The file's households, persons, sections and plan's rows (checklist items, budget lines and
-- payments, suppliers, gifts) with every id and link token that is already in use in this database
-- (by any wedding, whoever manages it) replaced by a fresh one (wedding_file_taken_ids), and the
-- file's references following (wedding_file_ids_replaced): persons to their household, seats to
-- their person and household, payments and suppliers to their budget line, gifts to their
-- household, events' invited households and replies to their household and person (event ids are
-- the wedding's own: they stay). The same id (or token) in the file gets the same replacement, so
-- the file's own duplicates stay duplicates. Whether a value was in use changes nothing in the
-- import's answer: the check is one index lookup either way, and a value that is no id is refused
-- here (json_uuids_checked, naming the first) or by the import whether or not anything was
-- replaced. Each list is read and rewritten in one statement (at 2,000 households, a row at a time
-- took minutes). Malformed parts are left as they are for the import to refuse; a seat's ids are
-- checked with the rest of the chart (checked_seating_layout). Helper of import_wedding.
create or replace function kasalan_private.import_file_with_free_ids(p_file jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_households jsonb := '{}';
  v_persons jsonb := '{}';
  v_lines jsonb;
begin
  if jsonb_typeof(p_file -> 'households') = 'array' then
    v_households := kasalan_private.wedding_file_taken_ids(p_file -> 'households', 'kasalan.households');
    p_file := jsonb_set(p_file, '{households}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'households', 'id', v_households),
      'invitation_token',
      kasalan_private.wedding_file_taken_ids(p_file -> 'households', 'kasalan.households', 'invitation_token')));
  end if;

  if jsonb_typeof(p_file -> 'persons') = 'array' then
    perform kasalan_private.json_uuids_checked(p_file -> 'persons', array['id', 'household_id']);
    v_persons := kasalan_private.wedding_file_taken_ids(p_file -> 'persons', 'kasalan.persons');
    p_file := jsonb_set(p_file, '{persons}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'persons', 'id', v_persons),
      'household_id', v_households));
  end if;

  if jsonb_typeof(p_file -> 'sections') = 'array' then
    p_file := jsonb_set(p_file, '{sections}', kasalan_private.wedding_file_ids_replaced(p_file -> 'sections', 'id',
      kasalan_private.wedding_file_taken_ids(p_file -> 'sections', 'kasalan.sections')));
  end if;

  -- Seats name a person and their household by id (checked_seating_layout checks the form later).
  if jsonb_typeof(p_file -> 'seatingLayout') = 'object' and jsonb_typeof(p_file #> '{seatingLayout,seats}') = 'array' then
    p_file := jsonb_set(p_file, '{seatingLayout,seats}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file #> '{seatingLayout,seats}', 'personId', v_persons),
      'householdId', v_households));
  end if;

  if jsonb_typeof(p_file -> 'eventGuests') = 'array' then
    perform kasalan_private.json_uuids_checked(p_file -> 'eventGuests', array['household_id']);
    p_file := jsonb_set(p_file, '{eventGuests}', kasalan_private.wedding_file_ids_replaced(p_file -> 'eventGuests', 'household_id', v_households));
  end if;
  if jsonb_typeof(p_file -> 'eventReplies') = 'array' then
    perform kasalan_private.json_uuids_checked(p_file -> 'eventReplies', array['person_id']);
    perform kasalan_private.json_uuids_checked(p_file -> 'eventReplies', array['household_id']);
    p_file := jsonb_set(p_file, '{eventReplies}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'eventReplies', 'person_id', v_persons),
      'household_id', v_households));
  end if;

  -- The plan's rows: their own ids, then what they name.
  v_lines := kasalan_private.wedding_file_taken_ids(p_file -> 'budgetLines', 'kasalan.budget_lines');
  if jsonb_typeof(p_file -> 'budgetLines') = 'array' then
    p_file := jsonb_set(p_file, '{budgetLines}', kasalan_private.wedding_file_ids_replaced(p_file -> 'budgetLines', 'id', v_lines));
  end if;
  if jsonb_typeof(p_file -> 'budgetPayments') = 'array' then
    p_file := jsonb_set(p_file, '{budgetPayments}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'budgetPayments', 'id',
        kasalan_private.wedding_file_taken_ids(p_file -> 'budgetPayments', 'kasalan.budget_payments')),
      'line_id', v_lines));
    perform kasalan_private.json_uuids_checked(p_file -> 'budgetPayments', array['line_id']);
  end if;
  if jsonb_typeof(p_file -> 'suppliers') = 'array' then
    p_file := jsonb_set(p_file, '{suppliers}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'suppliers', 'id',
        kasalan_private.wedding_file_taken_ids(p_file -> 'suppliers', 'kasalan.suppliers')),
      'budget_line_id', v_lines));
    perform kasalan_private.json_uuids_checked(p_file -> 'suppliers', array['budget_line_id']);
  end if;
  if jsonb_typeof(p_file -> 'gifts') = 'array' then
    p_file := jsonb_set(p_file, '{gifts}', kasalan_private.wedding_file_ids_replaced(
      kasalan_private.wedding_file_ids_replaced(p_file -> 'gifts', 'id',
        kasalan_private.wedding_file_taken_ids(p_file -> 'gifts', 'kasalan.gifts')),
      'household_id', v_households));
    perform kasalan_private.json_uuids_checked(p_file -> 'gifts', array['household_id']);
  end if;
  if jsonb_typeof(p_file -> 'checklistItems') = 'array' then
    p_file := jsonb_set(p_file, '{checklistItems}', kasalan_private.wedding_file_ids_replaced(p_file -> 'checklistItems', 'id',
      kasalan_private.wedding_file_taken_ids(p_file -> 'checklistItems', 'kasalan.checklist_items')));
  end if;

  return p_file;
end;
$$;

revoke execute on function kasalan_private.import_file_with_free_ids(p_file jsonb) from public, anon, authenticated;

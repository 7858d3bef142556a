-- Kasalan budget and suppliers: budget lines by category with estimate, quote and actual (a
-- catering line priced per head), VAT and service charge, payments with due dates; the suppliers
-- with their contacts, contract and status. Money is in centavos (bigint) and every figure is
-- computed here. Budget and payments need 'money'; suppliers need 'plan', their amounts 'money'.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- One line of the budget, in one of the ten categories (budget_category_order) or one the couple
-- named. Its quote is quote_centavos, or price_per_head_centavos times the
-- wedding's guest count (head_count_basis: 'attending', the persons who said yes; 'invited', every
-- person on the list), plus the service charge and VAT when switched on.
create table kasalan.budget_lines (
  id uuid not null default extensions.gen_random_uuid(),
  -- The order rows were added in (timestamps tie within a transaction, and within a millisecond in
  -- the embedded database).
  seq bigint generated always as identity,
  wedding_id uuid not null,
  category text not null,
  name text not null,
  estimate_centavos bigint,
  quote_centavos bigint,
  price_per_head_centavos bigint,
  head_count_basis text,
  actual_centavos bigint,
  with_service boolean not null default false,
  with_vat boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint budget_lines_pkey primary key (id),
  constraint budget_lines_id_wedding_id_key unique (id, wedding_id),
  constraint budget_lines_category_check check ((btrim(category) <> '') and (char_length(category) <= 60)),
  constraint budget_lines_category_clean check (kasalan_private.text_is_clean(category, 'category')),
  constraint budget_lines_name_check check ((btrim(name) <> '') and (char_length(name) <= 120)),
  constraint budget_lines_name_clean check (kasalan_private.text_is_clean(name, 'name')),
  constraint budget_lines_estimate_centavos_check check ((estimate_centavos >= 0) and (estimate_centavos <= 100000000000)),
  constraint budget_lines_quote_centavos_check check ((quote_centavos >= 0) and (quote_centavos <= 100000000000)),
  constraint budget_lines_price_per_head_centavos_check check ((price_per_head_centavos >= 0) and (price_per_head_centavos <= 100000000)),
  constraint budget_lines_actual_centavos_check check ((actual_centavos >= 0) and (actual_centavos <= 100000000000)),
  constraint budget_lines_head_count_basis_check check (head_count_basis in ('attending', 'invited')),
  constraint budget_lines_per_head_has_basis check ((price_per_head_centavos IS null) = (head_count_basis IS null)),
  constraint budget_lines_one_quote check ((price_per_head_centavos IS null) or (quote_centavos IS null)),
  constraint budget_lines_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.budget_lines enable row level security;
revoke all on kasalan.budget_lines from public, anon, authenticated;

create index budget_lines_wedding_id_idx on kasalan.budget_lines (wedding_id, created_at);

-- A payment of a budget line: its amount in centavos, or a percentage of the line's price (the
-- actual when recorded, else the quote, else the estimate); a due date; paid, and when.
create table kasalan.budget_payments (
  id uuid not null default extensions.gen_random_uuid(),
  wedding_id uuid not null,
  line_id uuid not null,
  kind text not null,
  amount_centavos bigint,
  percent numeric(5,2),
  due_on date,
  paid boolean not null default false,
  paid_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint budget_payments_pkey primary key (id),
  constraint budget_payments_kind_check check (kind in ('down_payment', 'balance', 'other')),
  constraint budget_payments_amount_centavos_check check ((amount_centavos >= 0) and (amount_centavos <= 100000000000)),
  constraint budget_payments_percent_check check ((percent > (0)::numeric) and (percent <= (100)::numeric)),
  constraint budget_payments_amount_or_percent check ((amount_centavos IS null) <> (percent IS null)),
  constraint budget_payments_paid_on_needs_paid check ((paid_on IS null) or paid),
  constraint budget_payments_line_id_wedding_id_fkey foreign key (line_id, wedding_id) references kasalan.budget_lines(id, wedding_id) on delete cascade,
  constraint budget_payments_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.budget_payments enable row level security;
revoke all on kasalan.budget_payments from public, anon, authenticated;

create index budget_payments_line_id_wedding_id_idx on kasalan.budget_payments (line_id, wedding_id);

create index budget_payments_wedding_id_idx on kasalan.budget_payments (wedding_id);

-- A supplier of the wedding: contact (phone, for calls and Viber; Messenger name), contract amount,
-- the budget line whose payments are its schedule, notes and status.
create table kasalan.suppliers (
  id uuid not null default extensions.gen_random_uuid(),
  -- The order rows were added in (timestamps tie within a transaction, and within a millisecond in
  -- the embedded database).
  seq bigint generated always as identity,
  wedding_id uuid not null,
  name text not null,
  service text not null,
  phone text,
  messenger text,
  contract_centavos bigint,
  budget_line_id uuid,
  notes text,
  status text not null default 'considering',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint suppliers_pkey primary key (id),
  constraint suppliers_name_check check ((btrim(name) <> '') and (char_length(name) <= 120)),
  constraint suppliers_name_clean check (kasalan_private.text_is_clean(name, 'name')),
  constraint suppliers_service_check check (service in ('catering', 'venue', 'church', 'attire', 'photo_video', 'flowers', 'hair_makeup', 'rings', 'invitations', 'others')),
  constraint suppliers_phone_check check (char_length(phone) <= 40),
  constraint suppliers_phone_clean check (kasalan_private.text_is_clean(phone, 'phone')),
  constraint suppliers_messenger_check check (char_length(messenger) <= 100),
  constraint suppliers_messenger_clean check (kasalan_private.text_is_clean(messenger, 'messenger')),
  constraint suppliers_notes_check check (char_length(notes) <= 2000),
  constraint suppliers_notes_clean check (kasalan_private.text_is_clean(notes, 'notes')),
  constraint suppliers_contract_centavos_check check ((contract_centavos >= 0) and (contract_centavos <= 100000000000)),
  constraint suppliers_status_check check (status in ('considering', 'booked', 'paid', 'cancelled')),
  constraint suppliers_budget_line_id_fkey foreign key (budget_line_id) references kasalan.budget_lines(id) on delete set null,
  constraint suppliers_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.suppliers enable row level security;
revoke all on kasalan.suppliers from public, anon, authenticated;

create index suppliers_budget_line_id_idx on kasalan.suppliers (budget_line_id);

create index suppliers_wedding_id_idx on kasalan.suppliers (wedding_id, created_at);

-- =============================================================================================
-- Functions
-- =============================================================================================

-- The ten categories' order (null for any other), the budget's and the suppliers'; the couple's
-- own categories come between invitations and others. Helper; nobody calls it.
create or replace function kasalan_private.budget_category_order(p_category text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select array_position(array['catering', 'venue', 'church', 'attire', 'photo_video', 'flowers', 'hair_makeup', 'rings', 'invitations', 'others'], p_category)
$$;

revoke execute on function kasalan_private.budget_category_order(p_category text) from public, anon, authenticated;

-- A budget line in the contract's BudgetLine shape, with its figures in centavos: the quote's base
-- (per head: price x heads), the service charge (10 % of the base), VAT (12 % of base + service),
-- the quote's total, the price (actual, else quote total, else estimate), its payments, paid and
-- left to pay. p_attending and p_invited are the wedding's head counts. Helper of get_budget.
create or replace function kasalan_private.budget_line_json(p_line kasalan.budget_lines, p_attending integer, p_invited integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with quote as (
    select
      case
        when p_line.price_per_head_centavos is not null then
          p_line.price_per_head_centavos * (case p_line.head_count_basis when 'attending' then p_attending else p_invited end)
        else p_line.quote_centavos
      end as base
  ), charges as (
    select q.base,
      case when p_line.with_service then round(q.base * 0.10)::bigint else 0 end as service
    from quote q
  ), totals as (
    select c.base, c.service,
      case when p_line.with_vat then round((c.base + c.service) * 0.12)::bigint else 0 end as vat
    from charges c
  ), priced as (
    select t.base, t.service, t.vat,
      case when t.base is null then null else t.base + t.service + t.vat end as quote_total
    from totals t
  ), price as (
    select p.*, coalesce(p_line.actual_centavos, p.quote_total, p_line.estimate_centavos) as price
    from priced p
  ), payments as (
    select
      coalesce(jsonb_agg(jsonb_build_object(
        'id', pay.id,
        'kind', pay.kind,
        'amountCentavos', pay.amount_centavos,
        'percent', pay.percent,
        'dueCentavos', pay.due,
        'dueOn', pay.due_on,
        'paid', pay.paid,
        'paidOn', pay.paid_on
      ) order by pay.due_on nulls last, pay.created_at, pay.id), '[]'::jsonb) as list,
      coalesce(sum(pay.due) filter (where pay.paid), 0)::bigint as paid
    from (
      select b.*, coalesce(b.amount_centavos, round(coalesce((select price from price), 0) * b.percent / 100)::bigint) as due
      from kasalan.budget_payments b
      where b.line_id = p_line.id and b.wedding_id = p_line.wedding_id
    ) pay
  )
  select jsonb_build_object(
    'id', p_line.id,
    'category', p_line.category,
    'name', p_line.name,
    'estimateCentavos', p_line.estimate_centavos,
    'quoteCentavos', p_line.quote_centavos,
    'pricePerHeadCentavos', p_line.price_per_head_centavos,
    'headCountBasis', p_line.head_count_basis,
    'heads', case p_line.head_count_basis when 'attending' then p_attending when 'invited' then p_invited end,
    'withService', p_line.with_service,
    'withVat', p_line.with_vat,
    'actualCentavos', p_line.actual_centavos,
    'quoteBaseCentavos', pr.base,
    'serviceCentavos', case when pr.base is null then null else pr.service end,
    'vatCentavos', case when pr.base is null then null else pr.vat end,
    'quoteTotalCentavos', pr.quote_total,
    'priceCentavos', pr.price,
    'paidCentavos', pay.paid,
    'leftCentavos', greatest(coalesce(pr.price, 0) - pay.paid, 0),
    'payments', pay.list,
    'updatedAt', p_line.updated_at
  )
  from price pr, payments pay
$$;

revoke execute on function kasalan_private.budget_line_json(p_line kasalan.budget_lines, p_attending integer, p_invited integer) from public, anon, authenticated;

-- The whole budget: {lines, guests: {attending, invited}, totals: {estimateCentavos,
-- quoteCentavos, actualCentavos, priceCentavos, paidCentavos, leftCentavos, dueThisMonthCentavos,
-- dueThisMonthCount, costPerGuestCentavos}, month}. guests.invited: every person on the list, a
-- household with a seat cap counting no more than its seats (kasalan_private.household_tally);
-- guests.attending: the yeses. Due this month: the unpaid payments due on or
-- before the last day of this month in Manila (overdue ones included). Cost per guest: the price
-- over the persons who said yes, else over everyone invited. Those who see the money only (else
-- wedding_not_found). Called by the budget page; granted to authenticated.
create or replace function kasalan.get_budget(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_attending integer;
  v_invited integer;
  v_today date := (now() at time zone 'Asia/Manila')::date;
  v_month_end date;
  v_lines jsonb;
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  v_month_end := (date_trunc('month', v_today) + interval '1 month - 1 day')::date;
  -- Everyone invited counts each household up to its seat cap, as the forecast and the door do.
  select coalesce(sum(h.yeses), 0), coalesce(sum(h.seats), 0)
  into v_attending, v_invited
  from kasalan_private.household_tally(p_wedding_id, null) h;

  select coalesce(jsonb_agg(kasalan_private.budget_line_json(l, v_attending, v_invited)
    order by coalesce(kasalan_private.budget_category_order(l.category) * 2, 19), l.category, l.seq), '[]'::jsonb)
  into v_lines
  from kasalan.budget_lines l
  where l.wedding_id = p_wedding_id;

  return jsonb_build_object(
    'lines', v_lines,
    'guests', jsonb_build_object('attending', v_attending, 'invited', v_invited),
    'month', to_char(v_today, 'YYYY-MM'),
    'totals', (
      select jsonb_build_object(
        'estimateCentavos', coalesce(sum((line ->> 'estimateCentavos')::bigint), 0),
        'quoteCentavos', coalesce(sum((line ->> 'quoteTotalCentavos')::bigint), 0),
        'actualCentavos', coalesce(sum((line ->> 'actualCentavos')::bigint), 0),
        'priceCentavos', coalesce(sum((line ->> 'priceCentavos')::bigint), 0),
        'paidCentavos', coalesce(sum((line ->> 'paidCentavos')::bigint), 0),
        'leftCentavos', coalesce(sum((line ->> 'leftCentavos')::bigint), 0),
        'dueThisMonthCentavos', coalesce((
          select sum((pay ->> 'dueCentavos')::bigint)
          from jsonb_array_elements(v_lines) l2, jsonb_array_elements(l2 -> 'payments') pay
          where not (pay ->> 'paid')::boolean and (pay ->> 'dueOn')::date <= v_month_end
        ), 0),
        'dueThisMonthCount', (
          select count(*)
          from jsonb_array_elements(v_lines) l2, jsonb_array_elements(l2 -> 'payments') pay
          where not (pay ->> 'paid')::boolean and (pay ->> 'dueOn')::date <= v_month_end
        ),
        'costPerGuestCentavos', case
          when coalesce(nullif(v_attending, 0), v_invited) = 0 then null
          else round(coalesce(sum((line ->> 'priceCentavos')::bigint), 0)::numeric / coalesce(nullif(v_attending, 0), v_invited))::bigint
        end
      )
      from jsonb_array_elements(v_lines) line
    )
  );
end;
$$;

revoke execute on function kasalan.get_budget(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.get_budget(p_wedding_id uuid) to authenticated;

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

-- Deletes a budget line with its payments; a supplier linked to it keeps its contact, unlinked.
-- Those who see the money only (else wedding_not_found); budget_line_not_found when it is not a
-- line of this wedding. Granted to authenticated.
create or replace function kasalan.delete_budget_line(p_wedding_id uuid, p_line_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  delete from kasalan.budget_lines l where l.id = p_line_id and l.wedding_id = p_wedding_id;
  if not found then
    raise exception 'budget_line_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.delete_budget_line(p_wedding_id uuid, p_line_id uuid) from public, anon;
grant execute on function kasalan.delete_budget_line(p_wedding_id uuid, p_line_id uuid) to authenticated;

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
  -- A percentage is kept to the hundredth: one that rounds to 0.00 is no percentage.
  if v_amount < 0 or round(v_percent, 2) <= 0 or v_percent > 100 then
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

-- Deletes a payment. Those who see the money only (else wedding_not_found);
-- budget_payment_not_found when it is not a payment of this wedding. Granted to authenticated.
create or replace function kasalan.delete_budget_payment(p_wedding_id uuid, p_payment_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'money');
  delete from kasalan.budget_payments b where b.id = p_payment_id and b.wedding_id = p_wedding_id;
  if not found then
    raise exception 'budget_payment_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.delete_budget_payment(p_wedding_id uuid, p_payment_id uuid) from public, anon;
grant execute on function kasalan.delete_budget_payment(p_wedding_id uuid, p_payment_id uuid) to authenticated;

-- The suppliers, in the categories' order: {id, name, service, phone, messenger, notes, status,
-- contractCentavos, budgetLineId, budgetLineName, payments}. The money (contract, budget line and
-- its payments) is null unless the caller sees the money. Those who plan (owner, partner,
-- coordinator; else wedding_not_found). Called by the suppliers page; granted to authenticated.
create or replace function kasalan.list_suppliers(p_wedding_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_money boolean;
  v_attending integer;
  v_invited integer;
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  v_money := kasalan_private.can(p_wedding_id, 'money');
  if v_money then
    select count(*) filter (where p.is_attending), count(*)
    into v_attending, v_invited
    from kasalan_private.persons_with_answer p
    where p.wedding_id = p_wedding_id;
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', s.id,
      'name', s.name,
      'service', s.service,
      'phone', s.phone,
      'messenger', s.messenger,
      'notes', s.notes,
      'status', s.status,
      'contractCentavos', case when v_money then s.contract_centavos end,
      'budgetLineId', case when v_money then s.budget_line_id end,
      'budgetLine', case when v_money and l.id is not null then kasalan_private.budget_line_json(l, v_attending, v_invited) end,
      'updatedAt', s.updated_at
    ) order by kasalan_private.budget_category_order(s.service), s.seq), '[]'::jsonb)
    from kasalan.suppliers s
    left join kasalan.budget_lines l on l.id = s.budget_line_id and l.wedding_id = s.wedding_id
    where s.wedding_id = p_wedding_id
  );
end;
$$;

revoke execute on function kasalan.list_suppliers(p_wedding_id uuid) from public, anon;
grant execute on function kasalan.list_suppliers(p_wedding_id uuid) to authenticated;

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

-- Deletes a supplier (its budget line and payments stay). Those who plan (else wedding_not_found);
-- supplier_not_found when it is not a supplier of this wedding. Granted to authenticated.
create or replace function kasalan.delete_supplier(p_wedding_id uuid, p_supplier_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'plan');
  delete from kasalan.suppliers s where s.id = p_supplier_id and s.wedding_id = p_wedding_id;
  if not found then
    raise exception 'supplier_not_found';
  end if;
end;
$$;

revoke execute on function kasalan.delete_supplier(p_wedding_id uuid, p_supplier_id uuid) from public, anon;
grant execute on function kasalan.delete_supplier(p_wedding_id uuid, p_supplier_id uuid) to authenticated;

-- Lets the wedding's coordinator see the money (budget, payments, gift amounts), or not. Returns
-- {coordinatorSeesMoney}. The owner and partner only (else wedding_not_found). Called by the
-- members page; granted to authenticated.
create or replace function kasalan.set_coordinator_sees_money(p_wedding_id uuid, p_allowed boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform kasalan_private.require(p_wedding_id, 'members');
  if p_allowed is null then
    raise exception 'invalid_input' using detail = 'allowed must be true or false';
  end if;
  update kasalan.weddings w set coordinator_sees_money = p_allowed where w.id = p_wedding_id;
  return jsonb_build_object('coordinatorSeesMoney', p_allowed);
end;
$$;

revoke execute on function kasalan.set_coordinator_sees_money(p_wedding_id uuid, p_allowed boolean) from public, anon;
grant execute on function kasalan.set_coordinator_sees_money(p_wedding_id uuid, p_allowed boolean) to authenticated;

-- =============================================================================================
-- Triggers
-- =============================================================================================

create trigger budget_lines_protect_row_identity before update
  on kasalan.budget_lines
  for each row
  execute function kasalan_private.protect_row_identity('id', 'wedding_id');

create trigger budget_payments_protect_row_identity before update
  on kasalan.budget_payments
  for each row
  execute function kasalan_private.protect_row_identity('id', 'wedding_id');

create trigger suppliers_protect_row_identity before update
  on kasalan.suppliers
  for each row
  execute function kasalan_private.protect_row_identity('id', 'wedding_id');

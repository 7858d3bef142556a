-- 0037: a payment's percentage is kept to the hundredth, so one that rounds to 0.00 (0.001 %) was
-- refused by the table's check, a raw error the app could not put in words. save_budget_payment now
-- refuses it as a percentage out of range (invalid_input), as it does 0 and 101.

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

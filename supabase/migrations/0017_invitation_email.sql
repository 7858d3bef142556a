-- Invitation e-mail on hosted Supabase: the send-invitations Edge Function sends through a
-- transactional provider, and each wedding may send at most 300 e-mails a day (Manila time), so a
-- mistake or a stolen session cannot spend the provider account's quota or reputation.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- How many e-mails each wedding has claimed per day (Asia/Manila). Written only by
-- kasalan.claim_email_sends; nobody reads it directly.
create table kasalan.email_send_days (
  wedding_id uuid not null references kasalan.weddings (id) on delete cascade,
  day date not null,
  sent integer not null default 0 check (sent >= 0),
  primary key (wedding_id, day)
);

alter table kasalan.email_send_days enable row level security;
revoke all on kasalan.email_send_days from public, anon, authenticated;

-- =============================================================================================
-- Functions
-- =============================================================================================

-- The daily cap per wedding. Helper of kasalan.claim_email_sends (and readable by tests).
create function kasalan.email_daily_cap()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 300
$$;

revoke execute on function kasalan.email_daily_cap() from public, anon;
grant execute on function kasalan.email_daily_cap() to authenticated;

-- Claims p_count e-mails of today's allowance (Asia/Manila day) for a wedding the caller manages,
-- all or nothing, before they are sent; a claim is not given back when the provider then fails, so
-- the cap also bounds retries. Returns {sent, cap, remaining} after the claim. Raises
-- wedding_not_found, invalid_input (p_count not 1..cap), email_daily_limit (the claim would pass
-- the cap; nothing is claimed). Called by the send-invitations Edge Function with the couple's
-- JWT; granted to authenticated. Definer because the counter table has no grants: the caller can
-- only add to it through here.
create function kasalan.claim_email_sends(p_wedding_id uuid, p_count integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cap constant integer := kasalan.email_daily_cap();
  v_day date := (now() at time zone 'Asia/Manila')::date;
  v_sent integer;
begin
  if p_wedding_id is null or not kasalan.can(p_wedding_id, 'invitations') then
    raise exception 'wedding_not_found';
  end if;
  if p_count is null or p_count < 1 or p_count > v_cap then
    raise exception 'invalid_input' using detail = format('count must be between 1 and %s', v_cap);
  end if;
  -- One statement, so concurrent claims queue on the row and never pass the cap together.
  insert into kasalan.email_send_days as d (wedding_id, day, sent)
  values (p_wedding_id, v_day, p_count)
  on conflict (wedding_id, day) do update
    set sent = d.sent + excluded.sent
    where d.sent + excluded.sent <= v_cap
  returning d.sent into v_sent;
  if v_sent is null then
    raise exception 'email_daily_limit';
  end if;
  return jsonb_build_object('sent', v_sent, 'cap', v_cap, 'remaining', v_cap - v_sent);
end;
$$;

revoke execute on function kasalan.claim_email_sends(uuid, integer) from public, anon;
grant execute on function kasalan.claim_email_sends(uuid, integer) to authenticated;

-- Kasalan privacy and limits: per-address and per-call rate limits for the calls an outsider can
-- make, and the trusted client address they count by.

-- =============================================================================================
-- Tables
-- =============================================================================================

-- Calls per caller (and per wedding, caller '*') in the current minute ('m') and hour ('h').
-- Written only by kasalan_private.rate_limit; rows older than an hour are removed as new hours start.
create table kasalan.rate_counters (
  wedding_id uuid not null,
  kind text not null,
  caller text not null,
  span text not null,
  window_start timestamptz not null,
  calls integer not null default 1,
  constraint rate_counters_pkey primary key (wedding_id, kind, caller, span, window_start),
  constraint rate_counters_kind_check check (kind in ('search', 'rsvp', 'code')),
  constraint rate_counters_span_check check (span in ('m', 'h')),
  constraint rate_counters_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.rate_counters enable row level security;
revoke all on kasalan.rate_counters from public, anon, authenticated;

-- When a caller (or the wedding as a whole) reached a limit, by hour: what the couple sees as
-- "your site was probed". Kept 60 days.
create table kasalan.rate_probes (
  wedding_id uuid not null,
  kind text not null,
  caller text not null,
  window_start timestamptz not null,
  reached_at timestamptz not null default now(),
  constraint rate_probes_pkey primary key (wedding_id, kind, caller, window_start),
  constraint rate_probes_kind_check check (kind in ('search', 'rsvp', 'code')),
  constraint rate_probes_wedding_id_fkey foreign key (wedding_id) references kasalan.weddings(id) on delete cascade
);
alter table kasalan.rate_probes enable row level security;
revoke all on kasalan.rate_probes from public, anon, authenticated;

-- =============================================================================================
-- Functions
-- =============================================================================================

-- A public call's rate limit, counted by kasalan_private.count_call: raises rate_limited when the caller or the
-- wedding is over a limit of this kind, and read_only_call in a read-only transaction. Helper of
-- the public calls; nobody calls it directly.
create or replace function kasalan_private.rate_limit(p_wedding_id uuid, p_kind text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if kasalan_private.count_call(p_wedding_id, p_kind) <> 'ok' then
    raise exception 'rate_limited';
  end if;
end;
$$;

revoke execute on function kasalan_private.rate_limit(p_wedding_id uuid, p_kind text) from public, anon, authenticated;

-- The rate-limit caller for one address as a client or proxy wrote it: an IPv4 address as itself
-- ('203.0.113.7'), an IPv6 address as its /64 ('2001:db8:1:2::/64'), an IPv4-mapped IPv6 address
-- (::ffff:203.0.113.7) as the IPv4 one, and anything else (empty, garbage, too long) as 'unknown':
-- one caller for all of them. '[2001:db8::1]:443' and '203.0.113.7:443' lose their port.
create or replace function kasalan_private.address_bucket(p_address text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(coalesce(p_address, ''));
  v_address inet;
begin
  if v_text ~ '^\[[^]]*\](:[0-9]{1,5})?$' then
    v_text := substring(v_text from '^\[([^]]*)\]');
  elsif v_text ~ '^[0-9.]+:[0-9]{1,5}$' then
    v_text := split_part(v_text, ':', 1);
  end if;
  if v_text = '' or char_length(v_text) > 64 then
    return 'unknown';
  end if;
  begin
    v_address := v_text::inet;
  exception when others then
    return 'unknown';
  end;
  if family(v_address) = 6 and set_masklen(v_address, 128) <<= '::ffff:0:0/96'::inet then
    v_address := '0.0.0.0'::inet + (set_masklen(v_address, 128) - '::ffff:0:0'::inet);
  end if;
  if family(v_address) = 4 then
    return host(v_address);
  end if;
  return network(set_masklen(v_address, 64))::text;
end;
$$;

revoke execute on function kasalan_private.address_bucket(p_address text) from public, anon, authenticated;

-- The caller's address for the rate limits, from the one header the proxy in front of PostgREST
-- sets. The database setting kasalan.client_address_header names it, default 'cf-connecting-ip'
-- (hosted Supabase); 'name:N' takes the N-th comma-separated entry from the right (default the
-- last: the one the trusted proxy appended), e.g. 'x-forwarded-for' behind a proxy that appends
-- the address it saw. No other header is ever read. Answers 'local' when the call carries no
-- request headers at all (the embedded database, a test or a maintenance session: one caller),
-- and 'unknown' when the trusted header is missing or is not an address.
create or replace function kasalan_private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_headers jsonb;
  v_source text;
  v_header text;
  v_hop integer;
  v_entries text[];
begin
  begin
    v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    v_headers := null;
  end;
  if v_headers is null or jsonb_typeof(v_headers) <> 'object' then
    return 'local';
  end if;

  v_source := lower(btrim(coalesce(current_setting('kasalan.client_address_header', true), '')));
  if v_source !~ '^[a-z0-9_-]{1,64}(:[1-9])?$' then
    v_source := 'cf-connecting-ip';
  end if;
  v_header := split_part(v_source, ':', 1);
  v_hop := coalesce(nullif(split_part(v_source, ':', 2), '')::integer, 1);

  if jsonb_typeof(v_headers -> v_header) is distinct from 'string' then
    return 'unknown';
  end if;
  v_entries := string_to_array(v_headers ->> v_header, ',');
  if cardinality(v_entries) < v_hop then
    return 'unknown';
  end if;
  return kasalan_private.address_bucket(v_entries[cardinality(v_entries) - v_hop + 1]);
end;
$$;

revoke execute on function kasalan_private.client_address() from public, anon, authenticated;

-- Counts one visitor call of this kind on this wedding and says how it stands: 'ok', 'caller' when
-- this caller went over their own limit (per minute or per hour), or 'wedding' when the wedding's
-- calls of this kind from everyone together went over the hour's cap. Limits per caller: searches
-- 20 a minute and 150 an hour, RSVP loads and answers 30 and 200, codes 10 and 30; per wedding an
-- hour: 2000 searches, 3000 RSVP calls, 300 codes. The caller is kasalan_private.client_address()
-- hashed with the wedding (addresses are never stored), or for a member of the wedding (a family
-- helper, a coordinator, an usher: the couple is never counted) their account hashed with it. A refused call rolls back with its caller's
-- error, so the call that reaches a limit is the one that records the probe the couple sees.
-- Raises read_only_call in a read-only transaction, before writing anything.
create or replace function kasalan_private.count_call(p_wedding_id uuid, p_kind text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_caller text;
  v_minute integer;
  v_hour integer;
  v_wedding integer;
  v_limit_minute integer := case p_kind when 'search' then 20 when 'code' then 10 else 30 end;
  v_limit_hour integer := case p_kind when 'search' then 150 when 'code' then 30 else 200 end;
  v_limit_wedding integer := case p_kind when 'search' then 2000 when 'code' then 300 else 3000 end;
  v_hour_start timestamptz := date_trunc('hour', now());
begin
  perform kasalan_private.require_writable();
  -- A member of the wedding is counted by their account, wherever they call from.
  if exists (
    select 1 from kasalan.wedding_members m where m.wedding_id = p_wedding_id and m.user_id = (select auth.uid())
  ) then
    v_caller := md5(p_wedding_id::text || '|member|' || (select auth.uid())::text);
  else
    v_caller := md5(p_wedding_id::text || '|' || kasalan_private.client_address());
  end if;

  insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start)
  values (p_wedding_id, p_kind, v_caller, 'm', date_trunc('minute', now()))
  on conflict (wedding_id, kind, caller, span, window_start) do update set calls = c.calls + 1
  returning c.calls into v_minute;

  insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start)
  values (p_wedding_id, p_kind, v_caller, 'h', v_hour_start)
  on conflict (wedding_id, kind, caller, span, window_start) do update set calls = c.calls + 1
  returning c.calls into v_hour;

  insert into kasalan.rate_counters as c (wedding_id, kind, caller, span, window_start)
  values (p_wedding_id, p_kind, '*', 'h', v_hour_start)
  on conflict (wedding_id, kind, caller, span, window_start) do update set calls = c.calls + 1
  returning c.calls into v_wedding;

  if v_wedding = 1 then
    -- A new hour for this wedding: forget the counters of earlier ones, and old probes.
    delete from kasalan.rate_counters c
    where c.wedding_id = p_wedding_id and c.window_start < now() - interval '1 hour';
    delete from kasalan.rate_probes r
    where r.wedding_id = p_wedding_id and r.reached_at < now() - interval '60 days';
  end if;

  if v_minute = v_limit_minute or v_hour = v_limit_hour then
    insert into kasalan.rate_probes (wedding_id, kind, caller, window_start)
    values (p_wedding_id, p_kind, v_caller, v_hour_start)
    on conflict do nothing;
  end if;
  if v_wedding = v_limit_wedding then
    insert into kasalan.rate_probes (wedding_id, kind, caller, window_start)
    values (p_wedding_id, p_kind, '*', v_hour_start)
    on conflict do nothing;
  end if;

  if v_minute > v_limit_minute or v_hour > v_limit_hour then
    return 'caller';
  end if;
  if v_wedding > v_limit_wedding then
    return 'wedding';
  end if;
  return 'ok';
end;
$$;

revoke execute on function kasalan_private.count_call(p_wedding_id uuid, p_kind text) from public, anon, authenticated;

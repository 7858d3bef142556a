-- Kasalan: rate limits that a stranger can neither reset nor aim at the guests.
--
-- 1. One trusted source for the caller's address. Until now the address was the first of
--    cf-connecting-ip, the FIRST x-forwarded-for entry or x-real-ip: without cf-connecting-ip a
--    client could write its own x-forwarded-for or x-real-ip and get a fresh budget on every call.
--    Now exactly one header counts, the one the proxy in front of PostgREST sets and overwrites:
--    on hosted Supabase that is cf-connecting-ip (Cloudflare sets it to the address that connected
--    to it, whatever the client sent; x-forwarded-for and x-real-ip pass the client's own values
--    through). Another deployment names its header in the database setting
--    kasalan.client_address_header (see docs/security.md, "Rate limits").
-- 2. The address is parsed, not compared as text: IPv4 counts as itself, IPv6 by its /64 (what one
--    subscriber is given), an IPv4-mapped IPv6 address as the IPv4 one, and anything that is not an
--    address as one shared 'unknown' caller, so no spelling earns a budget of its own.
-- 3. The per-wedding cap of name searches no longer shuts the search for every guest: once the
--    wedding's searches of the hour are used up, a search asks for the code on the invitation
--    (invitation_code_required_busy) instead of refusing with rate_limited. A caller over their own
--    limit still gets rate_limited.
-- 4. A public call that writes (every one that counts through kasalan.rate_limit), sent as GET and
--    so run by PostgREST in a read-only transaction, is refused with read_only_call (hint: use
--    POST; SQLSTATE 25006, so still HTTP 405) before it writes anything, instead of PostgreSQL's
--    bare "cannot execute INSERT in a read-only transaction".

-- =============================================================================================
-- The private helpers: not in an exposed schema, not executable by the API roles
-- =============================================================================================

create schema if not exists kasalan_private;
revoke all on schema kasalan_private from public;
revoke all on schema kasalan_private from anon, authenticated;

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

revoke execute on function kasalan_private.address_bucket(text) from public, anon, authenticated;

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

-- Refuses a call that must write when PostgREST runs it read only (a GET or HEAD request) with the
-- project's code read_only_call and a hint, rather than PostgreSQL's bare "cannot execute INSERT in
-- a read-only transaction" from the first write. The SQLSTATE stays 25006
-- (read_only_sql_transaction), so PostgREST still answers 405 Method Not Allowed.
create or replace function kasalan_private.require_writable()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if current_setting('transaction_read_only') = 'on' then
    raise exception 'read_only_call'
      using errcode = '25006', hint = 'This call records the visit: send it as POST, not GET.';
  end if;
end;
$$;

revoke execute on function kasalan_private.require_writable() from public, anon, authenticated;

-- Counts one visitor call of this kind on this wedding and says how it stands: 'ok', 'caller' when
-- this caller went over their own limit (per minute or per hour), or 'wedding' when the wedding's
-- calls of this kind from everyone together went over the hour's cap. Limits per caller: searches
-- 20 a minute and 150 an hour, RSVP loads and answers 30 and 200, codes 10 and 30; per wedding an
-- hour: 2000 searches, 3000 RSVP calls, 300 codes. The caller is kasalan_private.client_address()
-- hashed with the wedding: addresses are never stored. A refused call rolls back with its caller's
-- error, so the call that reaches a limit is the one that records the probe the couple sees.
-- Raises read_only_call in a read-only transaction, before writing anything.
create or replace function kasalan_private.count_call(p_wedding_id uuid, p_kind text)
returns text
language plpgsql
volatile
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
  v_caller := md5(p_wedding_id::text || '|' || kasalan_private.client_address());

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

revoke execute on function kasalan_private.count_call(uuid, text) from public, anon, authenticated;

-- =============================================================================================
-- The public calls' helper and the name search
-- =============================================================================================

-- As in 0025, counted by kasalan_private.count_call: raises rate_limited when the caller or the
-- wedding is over a limit of this kind, and read_only_call in a read-only transaction. Helper of
-- the public calls; nobody calls it directly.
create or replace function kasalan.rate_limit(p_wedding_id uuid, p_kind text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if kasalan_private.count_call(p_wedding_id, p_kind) <> 'ok' then
    raise exception 'rate_limited';
  end if;
end;
$$;

revoke execute on function kasalan.rate_limit(uuid, text) from public, anon, authenticated;

-- A visitor's name search on one wedding site (0018's call, same answers), with three changes:
-- a read-only call (GET) is refused with read_only_call; a caller over their own limit gets
-- rate_limited; and when the wedding's searches of the hour are used up by everyone together the
-- search asks for the invitation code (invitation_code_required_busy) rather than refusing every
-- guest: the site shows the code field, and a guest with their code or link gets through.
-- Granted to anon and authenticated.
create or replace function kasalan.search_guests(p_slug text, p_query text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_wedding_id uuid;
  v_published boolean;
  v_manages boolean;
  v_requires_code boolean;
  v_count text;
begin
  perform kasalan_private.require_writable();
  select w.id, w.is_published, kasalan.can_manage(w.id), w.rsvp_requires_code
  into v_wedding_id, v_published, v_manages, v_requires_code
  from kasalan.weddings w
  where w.slug = p_slug;
  if not found or not (v_published or v_manages) then
    return jsonb_build_object('status', 'none', 'matches', '[]'::jsonb);
  end if;
  if not v_manages then
    if v_requires_code then
      raise exception 'invitation_code_required';
    end if;
    v_count := kasalan_private.count_call(v_wedding_id, 'search');
    if v_count = 'caller' then
      raise exception 'rate_limited';
    elsif v_count = 'wedding' then
      raise exception 'invitation_code_required_busy';
    end if;
  end if;
  return kasalan.search_persons(v_wedding_id, p_query);
end;
$$;

revoke execute on function kasalan.search_guests(text, text) from public;
grant execute on function kasalan.search_guests(text, text) to anon, authenticated;

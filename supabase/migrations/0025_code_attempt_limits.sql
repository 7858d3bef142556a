-- Kasalan: invitation codes typed on a wedding's site are counted as their own kind of call.
--
-- A printed invitation code is checked only within the wedding whose site the guest is on, and
-- every attempt there counts under the kind 'code': per caller 10 a minute and 30 an hour, and 300
-- an hour for the wedding from everyone together. A guest types their code once or twice; someone
-- trying codes one after another reaches these limits within the first minute, and the couple sees
-- it with the other probes of their site.

alter table kasalan.rate_counters drop constraint rate_counters_kind_check;
alter table kasalan.rate_counters add constraint rate_counters_kind_check
  check (kind in ('search', 'rsvp', 'code'));
alter table kasalan.rate_probes drop constraint rate_probes_kind_check;
alter table kasalan.rate_probes add constraint rate_probes_kind_check
  check (kind in ('search', 'rsvp', 'code'));

-- As in 0009, with the limits of the kind 'code'. Helper of the public calls; nobody calls it
-- directly.
create or replace function kasalan.rate_limit(p_wedding_id uuid, p_kind text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_headers jsonb;
  v_address text;
  v_caller text;
  v_minute integer;
  v_hour integer;
  v_wedding integer;
  v_limit_minute integer := case p_kind when 'search' then 20 when 'code' then 10 else 30 end;
  v_limit_hour integer := case p_kind when 'search' then 150 when 'code' then 30 else 200 end;
  v_limit_wedding integer := case p_kind when 'search' then 2000 when 'code' then 300 else 3000 end;
  v_hour_start timestamptz := date_trunc('hour', now());
begin
  begin
    v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    v_headers := null;
  end;
  v_address := coalesce(
    nullif(btrim(v_headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(v_headers ->> 'x-forwarded-for', ',', 1)), ''),
    nullif(btrim(v_headers ->> 'x-real-ip'), ''),
    'local'
  );
  v_caller := md5(p_wedding_id::text || '|' || v_address);

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

  if v_minute > v_limit_minute or v_hour > v_limit_hour or v_wedding > v_limit_wedding then
    raise exception 'rate_limited';
  end if;
end;
$$;

revoke execute on function kasalan.rate_limit(uuid, text) from public, anon, authenticated;

// The Data API's RPC against PostgREST's own documentation, example by example:
//   https://docs.postgrest.org/en/v12/references/api/functions.html   (calling with POST and GET, add_them)
//   https://docs.postgrest.org/en/v12/references/errors.html          (the body, the status table,
//                                                                      just_fail, PT402, PGRST codes)
//   https://docs.postgrest.org/en/v12/references/api/schemas.html     (Accept-Profile / Content-Profile)
//   https://docs.postgrest.org/en/v12/references/transactions.html    (role, claims, headers, read only)
// The fixtures are functions in schema public, created as the migrations' owner, as the docs' examples are.
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_JWT_SECRET } from '../../scripts/hosted-stack/keys'
import { call, confirmedUser, couple, database, hosted, rpc } from './support'

const owner = database('postgres')

beforeAll(async () => {
  await owner.query(`
    create or replace function public.add_them(a integer, b integer) returns integer
      language sql immutable as $$ select a + b $$;
    create or replace function public.just_fail() returns void language plpgsql as $$
    begin
      raise exception 'I refuse!' using detail = 'Pretty simple', hint = 'There is nothing you can do.';
    end $$;
    create or replace function public.payment_required() returns void language plpgsql as $$
    begin
      raise sqlstate 'PT402' using message = 'Payment Required', detail = 'Quota exceeded', hint = 'Upgrade your plan';
    end $$;
    create or replace function public.raise_sqlstate(code text) returns void language plpgsql as $$
    begin
      raise exception using errcode = code, message = 'raised ' || code;
    end $$;
    create or replace function public.noop() returns void language sql as $$ select $$;
    create or replace function public.evens(n integer) returns setof integer
      language sql immutable as $$ select g * 2 from generate_series(1, n) g $$;
    create or replace function public.pairs() returns table (a integer, b text)
      language sql immutable as $$ values (1, 'one'), (2, 'two') $$;
    create table if not exists public.conf_counter (n integer);
    grant select, insert on public.conf_counter to anon, authenticated;
    create or replace function public.bump() returns integer language sql as $$
      insert into public.conf_counter values (1) returning n
    $$;
    create or replace function public.stable_bump() returns integer language plpgsql stable as $$
    begin
      -- PostgreSQL refuses an INSERT written in a STABLE function; one made by a function it calls
      -- runs, and meets the transaction's access mode.
      return public.bump();
    end $$;
    create or replace function public.staff_only() returns integer language sql as $$ select 1 $$;
    revoke execute on function public.staff_only() from public;
    create or replace function public.whoami() returns jsonb language sql stable security definer set search_path = '' as $$
      select jsonb_build_object(
        'role', current_setting('role'),
        'sub', auth.uid(),
        'claims', current_setting('request.jwt.claims', true)::jsonb,
        'edgeAddress', current_setting('request.headers', true)::jsonb ->> 'cf-connecting-ip',
        'clientAddress', kasalan_private.client_address(),
        'method', current_setting('request.method', true),
        'path', current_setting('request.path', true),
        'readOnly', current_setting('transaction_read_only')
      )
    $$;
  `)
})

afterAll(async () => {
  await owner.end()
})

const post = (
  name: string,
  body: unknown,
  init: { token?: string; key?: string | null; headers?: Record<string, string> } = {},
) =>
  call(`/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(init.token ? { token: init.token } : {}),
    ...(init.key !== undefined ? { key: init.key } : {}),
  })

const sign = (claims: Record<string, unknown>, secret = DEFAULT_JWT_SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret))

describe('calling functions (references/api/functions)', () => {
  test('POST with the arguments as a JSON object answers the result: add_them(1, 2) is 3', async () => {
    const answer = await post('add_them', { a: 1, b: 2 })
    expect(answer.status).toBe(200)
    expect(answer.body).toBe(3)
  })

  test('GET with the arguments in the query string answers the same', async () => {
    const answer = await call('/rest/v1/rpc/add_them?a=1&b=2')
    expect(answer.status).toBe(200)
    expect(answer.body).toBe(3)
  })

  test('a function returning void answers 204 with no body; a set answers an array, a table an array of objects', async () => {
    const empty = await post('noop', {})
    expect(empty.status).toBe(204)
    expect(empty.body).toBe('')
    expect((await post('evens', { n: 3 })).body).toEqual([2, 4, 6])
    expect((await post('evens', { n: 0 })).body).toEqual([])
    expect((await post('pairs', {})).body).toEqual([
      { a: 1, b: 'one' },
      { a: 2, b: 'two' },
    ])
  })

  test('a function that is not there, or not with these argument names, is PGRST202 (404)', async () => {
    const missing = await post('nonexistent_function', {})
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nonexistent_function() in the schema cache',
    })
    const wrongNames = await post('add_them', { a: 1, c: 2 })
    expect(wrongNames.status).toBe(404)
    expect(wrongNames.body).toMatchObject({
      code: 'PGRST202',
      details: expect.stringContaining('a, c'),
    })
  })

  test('only GET and POST are allowed on functions: PGRST101 (405)', async () => {
    const answer = await call('/rest/v1/rpc/add_them', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(answer.status).toBe(405)
    expect(answer.body).toMatchObject({ code: 'PGRST101' })
  })

  test('an invalid body (malformed JSON, or not an object) is PGRST102 (400)', async () => {
    for (const body of ['{"a": 1', '[1, 2]']) {
      const answer = await post('add_them', body)
      expect(answer.status, body).toBe(400)
      expect(answer.body, body).toMatchObject({ code: 'PGRST102' })
    }
  })
})

describe('read-only transactions (references/transactions, "Access Mode")', () => {
  test('a VOLATILE function called by POST writes; by GET it runs read only and fails with 25006 (405)', async () => {
    expect((await post('bump', {})).status).toBe(200)
    const viaGet = await call('/rest/v1/rpc/bump')
    expect(viaGet.status).toBe(405)
    expect(viaGet.body).toMatchObject({
      code: '25006',
      message: 'cannot execute INSERT in a read-only transaction',
    })
  })

  test('a STABLE function runs read only even by POST: one that writes fails with 25006 (405)', async () => {
    const answer = await post('stable_bump', {})
    expect(answer.status).toBe(405)
    expect(answer.body).toMatchObject({ code: '25006' })
    expect((await post('whoami', {})).body).toMatchObject({ readOnly: 'on' })
  })

  test('the request is visible to SQL as request.method and request.path', async () => {
    expect((await call('/rest/v1/rpc/whoami')).body).toMatchObject({
      method: 'GET',
      path: '/rpc/whoami',
    })
    expect((await post('whoami', {})).body).toMatchObject({ method: 'POST', path: '/rpc/whoami' })
  })
})

describe('errors (references/errors)', () => {
  test('RAISE with detail and hint: 400 with the documented body', async () => {
    const answer = await post('just_fail', {})
    expect(answer.status).toBe(400)
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(answer.body).toEqual({
      message: 'I refuse!',
      details: 'Pretty simple',
      hint: 'There is nothing you can do.',
      code: 'P0001',
    })
  })

  test('RAISE sqlstate PT402: the status is 402, with the documented body', async () => {
    const answer = await post('payment_required', {})
    expect(answer.status).toBe(402)
    expect(answer.body).toEqual({
      message: 'Payment Required',
      details: 'Quota exceeded',
      hint: 'Upgrade your plan',
      code: 'PT402',
    })
  })

  // The table "HTTP Status Codes", one SQLSTATE of each row (and "other").
  const table: [string, number][] = [
    ['08006', 503],
    ['09000', 500],
    ['0L000', 403],
    ['0P000', 403],
    ['23503', 409],
    ['23505', 409],
    ['25006', 405],
    ['25001', 500],
    ['28000', 403],
    ['2D000', 500],
    ['38000', 500],
    ['39000', 500],
    ['3B000', 500],
    ['40001', 500],
    ['53400', 500],
    ['53100', 503],
    ['54000', 500],
    ['55000', 500],
    ['57014', 500],
    ['58030', 500],
    ['F0000', 500],
    ['HV000', 500],
    ['P0001', 400],
    ['P0002', 500],
    ['XX000', 500],
    ['42883', 404],
    ['42P01', 404],
    ['22023', 400],
    ['23502', 400],
    ['42P02', 400],
  ]
  test.each(table)('SQLSTATE %s answers %i', async (code, status) => {
    const answer = await post('raise_sqlstate', { code })
    expect(answer.status).toBe(status)
    expect(answer.body).toEqual({ code, message: `raised ${code}`, details: null, hint: null })
  })

  test('42501 (insufficient privilege) is 401 for the anonymous role and 403 for a signed-in one', async () => {
    const anon = await post('staff_only', {})
    expect(anon.status).toBe(401)
    expect(anon.body).toMatchObject({
      code: '42501',
      message: 'permission denied for function staff_only',
    })
    const { session } = await confirmedUser('privileges')
    const signedIn = await post('staff_only', {}, { token: session.access_token })
    expect(signedIn.status).toBe(403)
    expect(signedIn.body).toMatchObject({ code: '42501' })
  })
})

describe('schemas (references/api/schemas)', () => {
  test('without a profile the first exposed schema (public) is called; Content-Profile kasalan calls kasalan', async () => {
    expect((await post('get_site', { p_slug: 'isabel-and-miguel' })).status).toBe(404)
    const answer = await rpc<{ slug: string }>('get_site', { p_slug: 'isabel-and-miguel' })
    expect(answer.status).toBe(200)
    expect(answer.body.slug).toBe('isabel-and-miguel')
  })

  test('GET takes its schema from Accept-Profile', async () => {
    const answer = await call<{ slug: string }>('/rest/v1/rpc/get_site?p_slug=isabel-and-miguel', {
      headers: { 'Accept-Profile': 'kasalan' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.slug).toBe('isabel-and-miguel')
  })

  test('a schema that is not exposed is PGRST106 (406): kasalan_private stays out of reach', async () => {
    const answer = await post(
      'client_address',
      {},
      { headers: { 'Content-Profile': 'kasalan_private' } },
    )
    expect(answer.status).toBe(406)
    expect(answer.body).toMatchObject({
      code: 'PGRST106',
      message: 'The schema must be one of the following: public, graphql_public, kasalan',
    })
  })
})

describe('authentication (references/auth) and the API gateway', () => {
  test('no API key: 401 from the gateway; a key not signed by the project: 401', async () => {
    const none = await post('add_them', { a: 1, b: 2 }, { key: null })
    expect(none.status).toBe(401)
    expect(none.body).toMatchObject({ message: 'No API key found in request' })
    const forged = await post(
      'add_them',
      { a: 1, b: 2 },
      { key: await sign({ role: 'anon' }, 'another-secret-another-secret-another-secret') },
    )
    expect(forged.status).toBe(401)
    expect(forged.body).toMatchObject({ message: 'Invalid API key' })
  })

  test("the anon key alone runs as anon; a user's JWT as authenticated with its claims; the service key as service_role", async () => {
    expect((await post('whoami', {})).body).toMatchObject({
      role: 'anon',
      sub: null,
      claims: { role: 'anon' },
    })
    const { session } = await confirmedUser('claims')
    expect((await post('whoami', {}, { token: session.access_token })).body).toMatchObject({
      role: 'authenticated',
      sub: session.user.id,
      claims: {
        role: 'authenticated',
        sub: session.user.id,
        email: session.user.email,
        aud: 'authenticated',
      },
    })
    expect((await post('whoami', {}, { token: hosted().serviceRoleKey })).body).toMatchObject({
      role: 'service_role',
    })
  })

  test('a JWT with a bad signature is PGRST301 (401); an expired one PGRST303 (401), with WWW-Authenticate', async () => {
    const bad = await post(
      'whoami',
      {},
      { token: await sign({ role: 'authenticated', sub: crypto.randomUUID() }, 'x'.repeat(40)) },
    )
    expect(bad.status).toBe(401)
    expect(bad.body).toMatchObject({ code: 'PGRST301' })
    const now = Math.floor(Date.now() / 1000)
    const expired = await post(
      'whoami',
      {},
      {
        token: await sign({
          role: 'authenticated',
          sub: crypto.randomUUID(),
          iat: now - 120,
          exp: now - 60,
        }),
      },
    )
    expect(expired.status).toBe(401)
    expect(expired.body).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    expect(expired.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
  })

  test("the database reads the caller's address from the edge's header, never from the client's own", async () => {
    const answer = await post('whoami', {}, { headers: { 'cf-connecting-ip': '203.0.113.9' } })
    const body = answer.body as { edgeAddress: string; clientAddress: string }
    expect(body.edgeAddress).toBe('127.0.0.1')
    // kasalan_private.client_address(): the address's bucket, as the rate limits count it.
    expect(body.clientAddress).toMatch(/^127\.0\.0\./)
  })

  test('CORS: a preflight is answered with the origin, method and headers allowed; answers carry the origin', async () => {
    const { url } = hosted()
    const preflight = await fetch(`${url}/rest/v1/rpc/get_site`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey, authorization, content-type, content-profile, x-client-info',
      },
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-profile')
    const answer = await call('/rest/v1/rpc/add_them?a=1&b=1', {
      headers: { Origin: 'http://localhost:5173' },
    })
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })
})

describe("the app's rate limits over HTTP (docs/security.md, the trusted address)", () => {
  test('one address gets 20 searches a minute, whatever x-forwarded-for or cf-connecting-ip it sends; GET is refused as read only', async () => {
    const { session, wedding } = await couple('limits')
    expect(
      (
        await rpc(
          'set_wedding_published',
          { p_wedding_id: wedding.id, p_published: true },
          session.access_token,
        )
      ).status,
    ).toBe(200)
    const search = (n: number) =>
      post(
        'search_persons',
        { p_slug: wedding.slug, p_query: 'maria' },
        {
          headers: {
            'Content-Profile': 'kasalan',
            'x-forwarded-for': `198.51.100.${n}`,
            'cf-connecting-ip': `203.0.113.${n}`,
          },
        },
      )
    for (let n = 1; n <= 20; n++) expect((await search(n)).status, `search ${n}`).toBe(200)
    const refused = await search(21)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'P0001', message: 'rate_limited' })

    // Counting writes: a GET (always read only) is refused before anything is counted, with the
    // project's code and PostgREST's 405 for 25006 (kasalan_private.require_writable).
    const viaGet = await call(`/rest/v1/rpc/search_persons?p_slug=${wedding.slug}&p_query=maria`, {
      headers: { 'Accept-Profile': 'kasalan' },
    })
    expect(viaGet.status).toBe(405)
    expect(viaGet.body).toEqual({
      code: '25006',
      message: 'read_only_call',
      details: null,
      hint: 'This call records the visit: send it as POST, not GET.',
    })
  })
})

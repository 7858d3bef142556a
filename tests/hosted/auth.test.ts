// Auth against Supabase Auth's (GoTrue's) documented API, endpoint by endpoint
// (https://github.com/supabase/auth/blob/master/README.md "Endpoints", its openapi.yaml, and
// https://supabase.com/docs/guides/auth/debugging/error-codes for the codes).
import { afterAll, describe, expect, test } from 'vitest'
import {
  call,
  confirmedUser,
  database,
  fragmentOf,
  hosted,
  mailTo,
  newEmail,
  type Session,
} from './support'

const admin = database('supabase_admin')
afterAll(async () => {
  await admin.end()
})

const V2 = { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' }
const post = <T = unknown>(
  path: string,
  body: unknown,
  init: { token?: string; headers?: Record<string, string> } = {},
) =>
  call<T>(`/auth/v1${path}`, {
    method: 'POST',
    headers: init.headers ?? V2,
    body: JSON.stringify(body),
    ...(init.token ? { token: init.token } : {}),
  })
const passwordGrant = (email: string, password: string) =>
  post<Session>('/token?grant_type=password', { email, password })
const refreshGrant = (refreshToken: string) =>
  post<Session>('/token?grant_type=refresh_token', { refresh_token: refreshToken })

describe('POST /signup (e-mail confirmation on)', () => {
  test('answers the new user without a session and e-mails a link that confirms and signs in', async () => {
    const email = newEmail('signup')
    const redirect = `${hosted().siteUrl}/welcome`
    const answer = await post<Record<string, unknown>>(
      `/signup?redirect_to=${encodeURIComponent(redirect)}`,
      {
        email,
        password: 'correct horse battery',
        data: { full_name: 'Maria Reyes' },
      },
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { full_name: 'Maria Reyes' },
    })
    expect(answer.body).not.toHaveProperty('access_token')
    expect(answer.body.confirmation_sent_at).toEqual(expect.any(String))
    expect(answer.body.identities).toEqual([
      expect.objectContaining({ provider: 'email', user_id: answer.body.id }),
    ])

    // Not confirmed yet: no password sign-in.
    const early = await passwordGrant(email, 'correct horse battery')
    expect(early.status).toBe(400)
    expect(early.body).toMatchObject({ code: 'email_not_confirmed' })

    const [mail, ...more] = await mailTo(email)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Confirm Your Signup')
    const link = mail!.links[0]!
    expect(link).toMatch(
      new RegExp(`^${hosted().url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=`),
    )

    // Clicked: a redirect (303) to redirect_to with the session in the fragment, as GoTrue's implicit flow.
    const clicked = await fetch(link, { redirect: 'manual' })
    expect(clicked.status).toBe(303)
    const location = clicked.headers.get('location')!
    expect(location.split('#')[0]).toBe(redirect)
    const fragment = fragmentOf(location)
    expect(fragment).toMatchObject({ token_type: 'bearer', type: 'signup', expires_in: '3600' })
    const me = await call<{ id: string; email_confirmed_at: string }>('/auth/v1/user', {
      token: fragment.access_token!,
    })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ id: answer.body.id, email_confirmed_at: expect.any(String) })

    // A link works once.
    const again = await fetch(link, { redirect: 'manual' })
    expect(fragmentOf(again.headers.get('location'))).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
    })
    expect((await passwordGrant(email, 'correct horse battery')).status).toBe(200)
  })

  test('an address that already has an account gets the same answer with no identities, and no e-mail', async () => {
    const { email } = await confirmedUser('repeat')
    const before = (await mailTo(email)).length
    const answer = await post<{ id: string; identities: unknown[]; email: string }>('/signup', {
      email,
      password: 'another password here',
    })
    expect(answer.status).toBe(200)
    expect(answer.body.email).toBe(email)
    expect(answer.body.identities).toEqual([])
    const { rows } = await admin.query('select id from auth.users where email = $1', [email])
    expect(answer.body.id).not.toBe(rows[0].id)
    expect((await mailTo(email)).length).toBe(before)
  })

  test('a redirect_to on another host is replaced by the site URL', async () => {
    const email = newEmail('redirect')
    await post(`/signup?redirect_to=${encodeURIComponent('https://evil.example/steal')}`, {
      email,
      password: 'correct horse battery',
    })
    const [mail] = await mailTo(email)
    const clicked = await fetch(mail!.links[0]!, { redirect: 'manual' })
    expect(clicked.headers.get('location')!.split('#')[0]).toBe(hosted().siteUrl)
  })

  test('weak_password (422) below the minimum length; validation_failed (400) for a malformed address', async () => {
    const weak = await post('/signup', { email: newEmail('weak'), password: '12345' })
    expect(weak.status).toBe(422)
    expect(weak.body).toMatchObject({
      code: 'weak_password',
      weak_password: { reasons: ['length'] },
    })
    const malformed = await post('/signup', {
      email: 'not-an-address',
      password: 'correct horse battery',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ code: 'validation_failed' })
  })

  test('without X-Supabase-Api-Version the error has the older shape {code: status, error_code, msg}', async () => {
    const old = await post(
      '/signup',
      { email: newEmail('old'), password: '1' },
      { headers: { 'Content-Type': 'application/json' } },
    )
    expect(old.status).toBe(422)
    expect(old.body).toMatchObject({
      code: 422,
      error_code: 'weak_password',
      msg: expect.any(String),
    })
  })
})

describe('POST /token', () => {
  test('grant_type=password answers a session: bearer access token, expiry, refresh token, user', async () => {
    const { email, password } = await confirmedUser('password')
    const answer = await passwordGrant(email, password)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } })
    expect(answer.body.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500)
    const claims = JSON.parse(
      Buffer.from(answer.body.access_token.split('.')[1]!, 'base64url').toString(),
    )
    expect(claims).toMatchObject({
      sub: answer.body.user.id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      aal: 'aal1',
      session_id: expect.any(String),
    })
  })

  test('a wrong password and an unknown address get the same invalid_credentials (400)', async () => {
    const { email } = await confirmedUser('wrong')
    const wrong = await passwordGrant(email, 'not the password')
    const unknown = await passwordGrant(newEmail('nobody'), 'not the password')
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual(wrong.body)
  })

  test('grant_type=refresh_token rotates: a new refresh token each time, the session kept', async () => {
    const { session } = await confirmedUser('rotate')
    const first = await refreshGrant(session.refresh_token)
    expect(first.status).toBe(200)
    expect(first.body.refresh_token).not.toBe(session.refresh_token)
    const sessionOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).session_id
    expect(sessionOf(first.body.access_token)).toBe(sessionOf(session.access_token))
    const second = await refreshGrant(first.body.refresh_token)
    expect(second.status).toBe(200)
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token)
  })

  // Supabase Auth's rules (internal/tokens/service.go, RefreshTokenGrant; refresh_token_reuse_interval 10 s).
  test("the parent of the session's active refresh token gets the active one again (its answer was lost), however late", async () => {
    const { session } = await confirmedUser('reuse')
    const rotated = await refreshGrant(session.refresh_token)
    const retried = await refreshGrant(session.refresh_token)
    expect(retried.status).toBe(200)
    expect(retried.body.refresh_token).toBe(rotated.body.refresh_token)
    await admin.query(
      "update auth.refresh_tokens set created_at = created_at - interval '1 minute', updated_at = updated_at - interval '1 minute' where session_id = (select session_id from auth.refresh_tokens where token = $1)",
      [session.refresh_token],
    )
    const late = await refreshGrant(session.refresh_token)
    expect(late.status).toBe(200)
    expect(late.body.refresh_token).toBe(rotated.body.refresh_token)
  })

  test('any other used refresh token is swapped for a new one within the reuse interval from its use; past it, the session is revoked', async () => {
    const { session } = await confirmedUser('reuse-stale')
    const first = await refreshGrant(session.refresh_token)
    const second = await refreshGrant(first.body.refresh_token)
    expect(second.status).toBe(200)
    // A tab that read the first token before the others rotated it twice.
    const stale = await refreshGrant(session.refresh_token)
    expect(stale.status).toBe(200)
    expect([
      session.refresh_token,
      first.body.refresh_token,
      second.body.refresh_token,
    ]).not.toContain(stale.body.refresh_token)

    // Past the interval, a used token (here the first rotation's, no longer the active one's parent)
    // is someone else's copy: refused, and every token of the session revoked.
    await admin.query(
      "update auth.refresh_tokens set updated_at = updated_at - interval '1 minute' where token = $1",
      [first.body.refresh_token],
    )
    const replayed = await refreshGrant(first.body.refresh_token)
    expect(replayed.status).toBe(400)
    expect(replayed.body).toMatchObject({ code: 'refresh_token_already_used' })
    const { rows } = await admin.query<{ active: number }>(
      'select count(*)::int as active from auth.refresh_tokens where session_id = (select session_id from auth.refresh_tokens where token = $1) and not revoked',
      [session.refresh_token],
    )
    expect(rows[0]!.active).toBe(0)
  })

  test('an unknown refresh token is refresh_token_not_found (400)', async () => {
    const answer = await refreshGrant('no-such-token')
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'refresh_token_not_found' })
  })
})

describe('GET and PUT /user, POST /logout', () => {
  test('GET /user: the user for a valid token; no token 401 no_authorization; a bad one 403 bad_jwt', async () => {
    const { session, email } = await confirmedUser('me')
    expect((await call('/auth/v1/user', { token: session.access_token })).body).toMatchObject({
      id: session.user.id,
      email,
    })
    const none = await call('/auth/v1/user', {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    })
    expect(none.status).toBe(401)
    expect(none.body).toMatchObject({ code: 'no_authorization' })
    const bad = await call('/auth/v1/user', {
      token: `${session.access_token}x`,
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    })
    expect(bad.status).toBe(403)
    expect(bad.body).toMatchObject({ code: 'bad_jwt' })
  })

  test('PUT /user changes the password (not to the same one) and merges user metadata', async () => {
    const { session, email, password } = await confirmedUser('update')
    const same = await call('/auth/v1/user', {
      method: 'PUT',
      headers: V2,
      token: session.access_token,
      body: JSON.stringify({ password }),
    })
    expect(same.status).toBe(422)
    expect(same.body).toMatchObject({ code: 'same_password' })
    const changed = await call('/auth/v1/user', {
      method: 'PUT',
      headers: V2,
      token: session.access_token,
      body: JSON.stringify({ password: 'a brand new password', data: { language: 'fil' } }),
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ user_metadata: { language: 'fil' } })
    expect((await passwordGrant(email, password)).status).toBe(400)
    expect((await passwordGrant(email, 'a brand new password')).status).toBe(200)
  })

  test('POST /logout (204) ends the session: its access token and refresh token stop working', async () => {
    const { session } = await confirmedUser('logout')
    const out = await call('/auth/v1/logout', { method: 'POST', token: session.access_token })
    expect(out.status).toBe(204)
    const after = await call('/auth/v1/user', {
      token: session.access_token,
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    })
    expect(after.status).toBe(403)
    expect(after.body).toMatchObject({ code: 'session_not_found' })
    expect((await refreshGrant(session.refresh_token)).body).toMatchObject({
      code: 'refresh_token_not_found',
    })
  })

  test('scope=local ends this session only; the default (global) every session of the user', async () => {
    const { email, password } = await confirmedUser('scopes')
    const a = (await passwordGrant(email, password)).body
    const b = (await passwordGrant(email, password)).body
    const c = (await passwordGrant(email, password)).body
    await call('/auth/v1/logout?scope=local', { method: 'POST', token: a.access_token })
    expect((await call('/auth/v1/user', { token: a.access_token })).status).toBe(403)
    expect((await call('/auth/v1/user', { token: b.access_token })).status).toBe(200)
    await call('/auth/v1/logout', { method: 'POST', token: b.access_token })
    expect((await call('/auth/v1/user', { token: c.access_token })).status).toBe(403)
  })
})

describe('POST /recover and /verify', () => {
  test('recover answers {} for any address, and e-mails a link only to an account; the link signs in for a new password', async () => {
    const { email } = await confirmedUser('recover')
    const nobody = newEmail('nobody')
    const redirect = `${hosted().siteUrl}/auth/update-password`
    for (const address of [email, nobody]) {
      const answer = await post(`/recover?redirect_to=${encodeURIComponent(redirect)}`, {
        email: address,
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({})
    }
    expect(await mailTo(nobody)).toEqual([])
    const mail = (await mailTo(email)).at(-1)!
    expect(mail.subject).toBe('Reset Your Password')
    const clicked = await fetch(mail.links[0]!, { redirect: 'manual' })
    expect(clicked.status).toBe(303)
    expect(clicked.headers.get('location')!.split('#')[0]).toBe(redirect)
    const fragment = fragmentOf(clicked.headers.get('location'))
    expect(fragment.type).toBe('recovery')
    const set = await call('/auth/v1/user', {
      method: 'PUT',
      headers: V2,
      token: fragment.access_token!,
      body: JSON.stringify({ password: 'recovered password' }),
    })
    expect(set.status).toBe(200)
    expect((await passwordGrant(email, 'recovered password')).status).toBe(200)
  })

  test('POST /verify with the token hash answers a session; an unknown or expired one is otp_expired (403)', async () => {
    const email = newEmail('verify-post')
    await post('/signup', { email, password: 'correct horse battery' })
    const [mail] = await mailTo(email)
    const hash = new URL(mail!.links[0]!).searchParams.get('token')!
    const answer = await post<Session>('/verify', { type: 'signup', token_hash: hash })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ token_type: 'bearer', user: { email } })
    const used = await post('/verify', { type: 'signup', token_hash: hash })
    expect(used.status).toBe(403)
    expect(used.body).toMatchObject({ code: 'otp_expired' })

    const late = newEmail('verify-late')
    await post('/signup', { email: late, password: 'correct horse battery' })
    await admin.query(
      "update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = $1",
      [late],
    )
    const [lateMail] = await mailTo(late)
    const expired = await fetch(lateMail!.links[0]!, { redirect: 'manual' })
    expect(fragmentOf(expired.headers.get('location'))).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
    })
  })
})

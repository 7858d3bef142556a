// Auth: the endpoints of Supabase Auth (GoTrue) that supabase-js calls for e-mail and password
// accounts, following the service's own API description
// (https://github.com/supabase/auth/blob/master/README.md, "Endpoints", and openapi.yaml) and
// https://supabase.com/docs/guides/auth/debugging/error-codes for the error codes:
//   POST /signup (e-mail confirmation on), POST /token?grant_type=password|refresh_token (refresh
//   tokens rotate; the parent of the active one gets the active one again, any other used one is
//   swapped within the reuse interval from its use, and past it the session's every token is
//   revoked), GET/PUT /user, POST /logout?scope=, POST /recover, GET/POST /verify
//   (the link's redirect carries the session in the URL fragment), GET /settings, GET /health.
// Errors: {code, message} when the client sends X-Supabase-Api-Version (supabase-js does), else
// the older {code: <status>, error_code, msg}. Accounts live in auth.users and auth.identities,
// sessions in auth.sessions and auth.refresh_tokens, written as `supabase_auth_admin`.

import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type pg from 'pg'
import { bearer, readBody, sendEmpty, sendJson } from './http'
import type { Keys } from './keys'
import type { Outbox } from './outbox'

export interface AuthOptions {
  pool: pg.Pool
  keys: Keys
  outbox: Outbox
  /** The stack's public address (links in e-mails start at `${externalUrl}/auth/v1`). */
  externalUrl: string
  /** Where links go by default, and whose host any redirect_to must have ([auth] site_url). */
  siteUrl: string
  /** Other allowed redirect addresses ([auth] additional_redirect_urls). */
  redirectUrls: string[]
  /** Access tokens' lifetime in seconds ([auth] jwt_expiry, 3600 on Supabase). */
  jwtExpiry: number
  /** How long a link or code from an e-mail stays valid, in seconds ([auth.email] otp_expiry). */
  otpExpiry: number
  /** How long a rotated refresh token may be used again, in seconds (refresh_token_reuse_interval). */
  refreshTokenReuseInterval: number
  minimumPasswordLength: number
  mailFrom: string
}

interface UserRow {
  id: string
  email: string
  encrypted_password: string | null
  email_confirmed_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  banned_until: Date | null
  created_at: Date
  updated_at: Date
}

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** GoTrue's token hash: hex SHA-224 of the address and the one-time code. */
const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex')
const newRefreshToken = () => randomBytes(9).toString('base64url')
const isLoopback = (host: string) =>
  host === 'localhost' || host === '127.0.0.1' || host === '[::1]'

export function createAuth(options: AuthOptions) {
  const { pool, keys, outbox } = options
  const apiUrl = `${options.externalUrl}/auth/v1`

  async function transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect()
    try {
      await client.query('begin')
      const value = await fn(client)
      await client.query('commit')
      return value
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }

  async function userJson(client: pg.PoolClient, user: UserRow) {
    const { rows: identities } = await client.query(
      `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
         from auth.identities where user_id = $1 order by created_at`,
      [user.id],
    )
    return {
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      email_confirmed_at: user.email_confirmed_at ?? undefined,
      phone: '',
      confirmation_sent_at: user.confirmation_sent_at ?? undefined,
      confirmed_at: user.email_confirmed_at ?? undefined,
      recovery_sent_at: user.recovery_sent_at ?? undefined,
      last_sign_in_at: user.last_sign_in_at ?? undefined,
      app_metadata: user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
      user_metadata: user.raw_user_meta_data ?? {},
      identities: identities.map((identity) => ({
        identity_id: identity.id,
        id: identity.provider_id,
        user_id: identity.user_id,
        identity_data: identity.identity_data,
        provider: identity.provider,
        last_sign_in_at: identity.last_sign_in_at,
        created_at: identity.created_at,
        updated_at: identity.updated_at,
        email: identity.identity_data?.email,
      })),
      created_at: user.created_at,
      updated_at: user.updated_at,
      is_anonymous: false,
    }
  }

  async function accessToken(user: UserRow, sessionId: string, method: string) {
    const now = Math.floor(Date.now() / 1000)
    const token = await keys.sign(
      {
        iss: apiUrl,
        sub: user.id,
        aud: 'authenticated',
        email: user.email,
        phone: '',
        app_metadata: user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
        user_metadata: user.raw_user_meta_data ?? {},
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method, timestamp: now }],
        session_id: sessionId,
        is_anonymous: false,
      },
      options.jwtExpiry,
    )
    return { token, expiresAt: now + options.jwtExpiry }
  }

  /** A session's answer: a new access token with the refresh token given, and the user. */
  async function sessionJson(
    client: pg.PoolClient,
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    method: string,
  ) {
    const { token, expiresAt } = await accessToken(user, sessionId, method)
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: options.jwtExpiry,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: await userJson(client, user),
    }
  }

  /** Starts a session for the user: its row, its first refresh token, the answer. */
  async function startSession(client: pg.PoolClient, user: UserRow, method: string) {
    const sessionId = randomUUID()
    const refreshToken = newRefreshToken()
    await client.query('insert into auth.sessions (id, user_id) values ($1, $2)', [
      sessionId,
      user.id,
    ])
    await client.query(
      'insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)',
      [refreshToken, user.id, sessionId],
    )
    const { rows } = await client.query<UserRow>(
      'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
      [user.id],
    )
    await client.query(
      "update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'",
      [user.id],
    )
    return {
      sessionId,
      refreshToken,
      session: await sessionJson(client, rows[0]!, sessionId, refreshToken, method),
    }
  }

  /** redirect_to when the site may be sent there (its host is the site's, or it is listed), else the site. */
  function redirectTarget(requested: string | null): string {
    if (!requested) return options.siteUrl
    try {
      const url = new URL(requested)
      const site = new URL(options.siteUrl)
      const sameHost =
        url.hostname === site.hostname || (isLoopback(url.hostname) && isLoopback(site.hostname))
      const listed = options.redirectUrls.some(
        (allowed) =>
          requested === allowed || requested.startsWith(`${allowed.replace(/\/$/, '')}/`),
      )
      return sameHost || listed ? requested : options.siteUrl
    } catch {
      return options.siteUrl
    }
  }

  function sendMail(
    to: string,
    subject: string,
    heading: string,
    lead: string,
    link: string,
    label: string,
  ) {
    const escaped = link.replaceAll('&', '&amp;').replaceAll('"', '&quot;')
    outbox.add({
      source: 'auth',
      from: options.mailFrom,
      to: [to],
      subject,
      html: `<h2>${heading}</h2>\n<p>${lead}</p>\n<p><a href="${escaped}">${label}</a></p>\n`,
      text: `${heading}\n\n${lead}\n${link}\n`,
    })
  }

  async function sendConfirmation(client: pg.PoolClient, user: UserRow, redirectTo: string) {
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const hash = tokenHash(user.email, otp)
    await client.query(
      'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1',
      [user.id, hash],
    )
    const link = `${apiUrl}/verify?token=${hash}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`
    sendMail(
      user.email,
      'Confirm Your Signup',
      'Confirm your signup',
      'Follow this link to confirm your user:',
      link,
      'Confirm your mail',
    )
  }

  function checkPassword(password: unknown): string {
    if (typeof password !== 'string' || password.length < options.minimumPasswordLength) {
      throw new AuthError(
        422,
        'weak_password',
        `Password should be at least ${options.minimumPasswordLength} characters.`,
        {
          weak_password: { reasons: ['length'] },
        },
      )
    }
    return password
  }

  function checkEmail(email: unknown): string {
    const value = typeof email === 'string' ? email.trim().toLowerCase() : ''
    if (!EMAIL.test(value) || value.length > 255)
      throw new AuthError(
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      )
    return value
  }

  async function findUserByEmail(client: pg.PoolClient, email: string): Promise<UserRow | null> {
    const { rows } = await client.query<UserRow>(
      'select * from auth.users where email = $1 for update',
      [email],
    )
    return rows[0] ?? null
  }

  /** The caller's user and session from their access token, or the error GoTrue answers. */
  async function caller(
    client: pg.PoolClient,
    request: IncomingMessage,
  ): Promise<{ user: UserRow; sessionId: string | null }> {
    const token = bearer(request)
    if (!token)
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    const verified = await keys.verify(token)
    if (!verified.ok) {
      throw new AuthError(
        403,
        'bad_jwt',
        verified.reason === 'expired'
          ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
          : `invalid JWT: unable to parse or verify signature, ${verified.message}`,
      )
    }
    const sub = verified.claims.sub
    if (typeof sub !== 'string')
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
    const sessionId =
      typeof verified.claims.session_id === 'string' ? verified.claims.session_id : null
    if (sessionId) {
      const { rowCount } = await client.query('select 1 from auth.sessions where id = $1', [
        sessionId,
      ])
      if (!rowCount)
        throw new AuthError(
          403,
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
        )
    }
    const { rows } = await client.query<UserRow>('select * from auth.users where id = $1', [sub])
    if (!rows[0])
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    return { user: rows[0], sessionId }
  }

  async function signup(body: Record<string, unknown>, url: URL) {
    const email = checkEmail(body.email)
    const password = checkPassword(body.password)
    const data =
      body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data : {}
    const redirectTo = redirectTarget(url.searchParams.get('redirect_to'))
    return transaction(async (client) => {
      const existing = await findUserByEmail(client, email)
      if (existing?.email_confirmed_at) {
        // Confirmations on: the same answer as for a new address, a user with no identities and a
        // made-up id, so that sign-up does not tell who has an account.
        const now = new Date()
        return {
          id: randomUUID(),
          aud: 'authenticated',
          role: 'authenticated',
          email,
          phone: '',
          confirmation_sent_at: now,
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: data,
          identities: [],
          created_at: now,
          updated_at: now,
          is_anonymous: false,
        }
      }
      let user: UserRow
      if (existing) {
        const { rows } = await client.query<UserRow>(
          `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf')),
             raw_user_meta_data = $3, updated_at = now() where id = $1 returning *`,
          [existing.id, password, JSON.stringify(data)],
        )
        user = rows[0]!
      } else {
        const { rows } = await client.query<UserRow>(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data)
           values ('00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated',
                   $1, extensions.crypt($2, extensions.gen_salt('bf')), '{"provider": "email", "providers": ["email"]}', $3)
           returning *`,
          [email, password, JSON.stringify(data)],
        )
        user = rows[0]!
        await client.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider)
           values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', false, 'phone_verified', false), 'email')`,
          [user.id, email],
        )
      }
      await sendConfirmation(client, user, redirectTo)
      const { rows } = await client.query<UserRow>('select * from auth.users where id = $1', [
        user.id,
      ])
      return userJson(client, rows[0]!)
    })
  }

  async function passwordGrant(body: Record<string, unknown>) {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
    const password = typeof body.password === 'string' ? body.password : ''
    return transaction(async (client) => {
      const { rows } = await client.query<UserRow & { matches: boolean }>(
        `select *, encrypted_password is not null and encrypted_password = extensions.crypt($2, encrypted_password) as matches
           from auth.users where email = $1`,
        [email, password],
      )
      const user = rows[0]
      if (!user || !user.matches)
        throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
      if (!user.email_confirmed_at)
        throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
      if (user.banned_until && user.banned_until > new Date())
        throw new AuthError(400, 'user_banned', 'User is banned')
      return (await startSession(client, user, 'password')).session
    })
  }

  async function refreshGrant(body: Record<string, unknown>) {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : ''
    const session = await transaction(async (client) => {
      const { rows } = await client.query<{
        token: string
        revoked: boolean
        session_id: string
        user_id: string
        updated_at: Date
      }>('select * from auth.refresh_tokens where token = $1 for update', [token])
      const row = rows[0]
      if (!row)
        throw new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        )
      // One refresh of a session at a time: the session's row is the lock.
      await client.query('select 1 from auth.sessions where id = $1 for update', [row.session_id])
      const { rows: users } = await client.query<UserRow>(
        'select * from auth.users where id = $1',
        [row.user_id],
      )
      const user = users[0]!
      if (row.revoked) {
        // As Supabase Auth does (internal/tokens/service.go, RefreshTokenGrant): the parent of the
        // session's active token gets that token again (the client lost the answer); any other used
        // token is swapped for a new one within the reuse interval from its use, and past it the
        // session's every token is revoked (someone else may hold a copy).
        const { rows: active } = await client.query<{ token: string; parent: string | null }>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [row.session_id],
        )
        const child = active[0]
        if (child && child.parent === row.token)
          return sessionJson(client, user, row.session_id, child.token, 'token_refresh')
        if (Date.now() - row.updated_at.getTime() > options.refreshTokenReuseInterval * 1000) {
          await client.query(
            'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
            [row.session_id],
          )
          return null
        }
      }
      const next = newRefreshToken()
      if (!row.revoked)
        await client.query(
          'update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1',
          [row.token],
        )
      await client.query(
        'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
        [next, row.user_id, row.session_id, row.token],
      )
      await client.query('update auth.sessions set updated_at = now() where id = $1', [
        row.session_id,
      ])
      return sessionJson(client, user, row.session_id, next, 'token_refresh')
    })
    if (!session)
      throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    return session
  }

  async function updateUser(request: IncomingMessage, body: Record<string, unknown>) {
    return transaction(async (client) => {
      const { user } = await caller(client, request)
      if (body.email !== undefined && body.email !== user.email) {
        throw new AuthError(
          501,
          'not_implemented',
          'Changing the e-mail address is not part of this stand-in',
        )
      }
      if (body.password !== undefined) {
        const password = checkPassword(body.password)
        const { rows } = await client.query<{ same: boolean }>(
          'select encrypted_password = extensions.crypt($2, encrypted_password) as same from auth.users where id = $1',
          [user.id, password],
        )
        if (rows[0]?.same)
          throw new AuthError(
            422,
            'same_password',
            'New password should be different from the old password.',
          )
        await client.query(
          "update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf')), updated_at = now() where id = $1",
          [user.id, password],
        )
      }
      if (body.data && typeof body.data === 'object' && !Array.isArray(body.data)) {
        // Top-level keys merge; a key set to null is removed.
        await client.query(
          `update auth.users set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}') || $2::jsonb), updated_at = now()
            where id = $1`,
          [user.id, JSON.stringify(body.data)],
        )
      }
      const { rows } = await client.query<UserRow>('select * from auth.users where id = $1', [
        user.id,
      ])
      return userJson(client, rows[0]!)
    })
  }

  async function logout(request: IncomingMessage, scope: string) {
    await transaction(async (client) => {
      const { user, sessionId } = await caller(client, request)
      if (scope === 'local')
        await client.query('delete from auth.sessions where id = $1', [sessionId])
      else if (scope === 'others')
        await client.query(
          'delete from auth.sessions where user_id = $1 and id is distinct from $2',
          [user.id, sessionId],
        )
      else await client.query('delete from auth.sessions where user_id = $1', [user.id])
    })
  }

  async function recover(body: Record<string, unknown>, url: URL) {
    const email = checkEmail(body.email)
    const redirectTo = redirectTarget(
      url.searchParams.get('redirect_to') ??
        (typeof body.redirect_to === 'string' ? body.redirect_to : null),
    )
    await transaction(async (client) => {
      const user = await findUserByEmail(client, email)
      // The same answer whether or not the address has an account.
      if (!user) return
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const hash = tokenHash(user.email, otp)
      await client.query(
        'update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1',
        [user.id, hash],
      )
      const link = `${apiUrl}/verify?token=${hash}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`
      sendMail(
        user.email,
        'Reset Your Password',
        'Reset Password',
        'Follow this link to reset the password for your user:',
        link,
        'Reset Password',
      )
    })
    return {}
  }

  /** Uses an e-mail's token: confirms the address (signup) or signs in to set a password (recovery). */
  async function verifyToken(type: string, hash: string) {
    const column =
      type === 'signup' || type === 'email'
        ? 'confirmation'
        : type === 'recovery'
          ? 'recovery'
          : null
    if (!column || !/^[0-9a-f]{56}$/.test(hash))
      throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
    return transaction(async (client) => {
      const { rows } = await client.query<UserRow>(
        `select * from auth.users where ${column}_token = $1 and ${column}_sent_at > now() - make_interval(secs => $2) for update`,
        [hash, options.otpExpiry],
      )
      const user = rows[0]
      if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
      await client.query(
        `update auth.users set ${column}_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
        [user.id],
      )
      await client.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}' where user_id = $1 and provider = 'email'`,
        [user.id],
      )
      const { rows: fresh } = await client.query<UserRow>(
        'select * from auth.users where id = $1',
        [user.id],
      )
      return (await startSession(client, fresh[0]!, 'otp')).session
    })
  }

  const errorBody = (request: IncomingMessage, error: AuthError) =>
    request.headers['x-supabase-api-version']
      ? { code: error.code, message: error.message, ...error.extra }
      : { code: error.status, error_code: error.code, msg: error.message, ...error.extra }

  return async function handleAuth(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
  ) {
    const url = new URL(request.url ?? '/', 'http://stack')
    // Every answer names the API version it speaks: auth-js reads an error's `code` only when it does.
    response.setHeader('X-Supabase-Api-Version', '2024-01-01')
    const method = request.method ?? 'GET'
    const readJson = async (): Promise<Record<string, unknown>> => {
      const text = (await readBody(request, 1024 * 1024)).toString('utf8')
      try {
        const value = text.trim() === '' ? {} : JSON.parse(text)
        if (value && typeof value === 'object' && !Array.isArray(value)) return value
      } catch {
        // answered below
      }
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON')
    }
    try {
      if (path === '/health' && method === 'GET') {
        return sendJson(request, response, 200, {
          version: 'kasalan-hosted-stack',
          name: 'GoTrue',
          description: 'GoTrue is a user registration and authentication API',
        })
      }
      if (path === '/settings' && method === 'GET') {
        return sendJson(request, response, 200, {
          external: { email: true, phone: false },
          disable_signup: false,
          mailer_autoconfirm: false,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        })
      }
      if (path === '/signup' && method === 'POST')
        return sendJson(request, response, 200, await signup(await readJson(), url))
      if (path === '/token' && method === 'POST') {
        const grant = url.searchParams.get('grant_type')
        const body = await readJson()
        if (grant === 'password') return sendJson(request, response, 200, await passwordGrant(body))
        if (grant === 'refresh_token')
          return sendJson(request, response, 200, await refreshGrant(body))
        throw new AuthError(400, 'validation_failed', 'unsupported_grant_type')
      }
      if (path === '/user' && method === 'GET') {
        return sendJson(
          request,
          response,
          200,
          await transaction(async (client) =>
            userJson(client, (await caller(client, request)).user),
          ),
        )
      }
      if (path === '/user' && method === 'PUT')
        return sendJson(request, response, 200, await updateUser(request, await readJson()))
      if (path === '/logout' && method === 'POST') {
        await logout(request, url.searchParams.get('scope') ?? 'global')
        return sendEmpty(request, response, 204)
      }
      if (path === '/recover' && method === 'POST')
        return sendJson(request, response, 200, await recover(await readJson(), url))
      if (path === '/verify' && method === 'GET') {
        const redirectTo = redirectTarget(url.searchParams.get('redirect_to'))
        const type = url.searchParams.get('type') ?? ''
        let fragment: URLSearchParams
        try {
          const session = await verifyToken(type, url.searchParams.get('token') ?? '')
          fragment = new URLSearchParams({
            access_token: session.access_token,
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: session.refresh_token,
            token_type: 'bearer',
            type,
          })
        } catch (error) {
          if (!(error instanceof AuthError)) throw error
          fragment = new URLSearchParams({
            error: 'access_denied',
            error_code: error.code,
            error_description: error.message,
          })
        }
        return sendEmpty(request, response, 303, {
          Location: `${redirectTo.split('#')[0]}#${fragment}`,
        })
      }
      if (path === '/verify' && method === 'POST') {
        const body = await readJson()
        const type = typeof body.type === 'string' ? body.type : ''
        let hash = typeof body.token_hash === 'string' ? body.token_hash : ''
        if (!hash && typeof body.email === 'string' && typeof body.token === 'string')
          hash = tokenHash(body.email.trim().toLowerCase(), body.token)
        try {
          return sendJson(request, response, 200, await verifyToken(type, hash))
        } catch (error) {
          if (error instanceof AuthError && error.code === 'otp_expired')
            throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
          throw error
        }
      }
      throw new AuthError(404, 'not_found', 'Not found')
    } catch (error) {
      if (error instanceof AuthError)
        return sendJson(request, response, error.status, errorBody(request, error))
      throw error
    }
  }
}

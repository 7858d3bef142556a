// A Supabase-shaped stack on loopback, with no Docker: the database tests' throw-away PostgreSQL
// cluster bootstrapped like hosted Supabase (tests/db/postgres), plus this folder's platform-
// hosted.sql, and in front of it one Node HTTP server that answers as Supabase's API gateway does:
//   /rest/v1/rpc/*   the Data API's RPC protocol (rest.ts, after PostgREST)
//   /auth/v1/*       Auth for e-mail and password accounts (auth.ts, after GoTrue)
//   /storage/v1/*    Storage's object endpoints (storage.ts)
//   /functions/v1/*  the Edge Functions in real Deno (functions.ts)
//   /__outbox        the e-mails sent (GET, newest last; DELETE empties it), and
//   /__outbox/resend/emails, where the Edge Functions' e-mail provider calls land.
// What it does not reproduce is listed in docs/hosted-stack.md.

import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import type { JWTPayload } from 'jose'
import { startCluster } from '../../tests/db/postgres/server'
import { findServerBinaries } from '../../tests/db/postgres/versions'
import { createAuth } from './auth'
import { startFunctions } from './functions'
import { preflight, readBody, sendJson } from './http'
import { createKeys, DEFAULT_JWT_SECRET } from './keys'
import { createOutbox, type Outbox } from './outbox'
import { createRest } from './rest'
import { createStorage } from './storage'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The key the Edge Functions' e-mail provider calls must carry (their RESEND_API_KEY). */
const OUTBOX_PROVIDER_KEY = 're_local_outbox'

export interface StackOptions {
  /** The HTTP port (0: any free one). */
  port?: number
  /** The app's address: where e-mail links lead by default ([auth] site_url). */
  siteUrl?: string
  /** More allowed redirect addresses ([auth] additional_redirect_urls). */
  redirectUrls?: string[]
  /** Access tokens' lifetime in seconds (default 3600, as on Supabase). */
  jwtExpiry?: number
  /** The Edge Functions to run (default: none; `true`: every folder of supabase/functions). */
  functions?: boolean | string[]
  /** The caller's address as the edge reports it to the database (default: the socket's). */
  clientAddress?: (request: IncomingMessage) => string
  jwtSecret?: string
  log?: (line: string) => void
}

export interface Stack {
  /** The stack's address, what VITE_SUPABASE_URL is set to. */
  url: string
  anonKey: string
  serviceRoleKey: string
  outbox: Outbox
  /** The PostgreSQL cluster: its socket folder, port and database, reachable as `supabase_admin`. */
  db: { host: string; port: number; database: string; major: number }
  /** Milliseconds each part took to start. */
  timings: Record<string, number>
  stop(): Promise<void>
}

const FUNCTION_NAMES = ['send-invitations', 'link-preview']

export async function startHostedStack(options: StackOptions = {}): Promise<Stack> {
  const timings: Record<string, number> = {}
  let started = Date.now()
  const bin = findServerBinaries()
  if (!bin)
    throw new Error(
      'No PostgreSQL server binaries were found (install postgresql, or set KASALAN_PG_BIN)',
    )
  const cluster = await startCluster(bin, {
    database: 'kasalan_hosted',
    platformSql: [readFileSync(`${ROOT}scripts/hosted-stack/platform-hosted.sql`, 'utf8')],
  })
  timings.database = Date.now() - started

  const dir = mkdtempSync(join(tmpdir(), 'kasalan-hosted-'))
  const pools: pg.Pool[] = []
  const connect = (user: string, max: number) => {
    const pool = new pg.Pool({
      host: cluster.host,
      port: cluster.port,
      database: cluster.database,
      user,
      max,
    })
    pool.on('error', () => undefined)
    pools.push(pool)
    return pool
  }
  let functions: Awaited<ReturnType<typeof startFunctions>> | null = null
  const server = createServer()
  const stop = async () => {
    functions?.stop()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)))
    try {
      cluster.stop()
    } finally {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    }
  }

  try {
    const keys = await createKeys(options.jwtSecret ?? DEFAULT_JWT_SECRET)
    const outbox = createOutbox(join(dir, 'outbox'))
    const api = connect('authenticator', 10)

    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const siteUrl = options.siteUrl ?? 'http://localhost:5173'

    const rest = createRest({
      pool: api,
      keys,
      schemas: ['public', 'graphql_public', 'kasalan'],
      extraSearchPath: ['public', 'extensions'],
      clientAddressHeader: 'cf-connecting-ip',
      clientAddress:
        options.clientAddress ?? ((request) => request.socket.remoteAddress ?? 'unknown'),
    })
    const auth = createAuth({
      pool: connect('supabase_auth_admin', 4),
      keys,
      outbox,
      externalUrl: url,
      siteUrl,
      redirectUrls: options.redirectUrls ?? [],
      jwtExpiry: options.jwtExpiry ?? 3600,
      otpExpiry: 3600,
      refreshTokenReuseInterval: 10,
      minimumPasswordLength: 6,
      mailFrom: 'Kasalan <noreply@kasalan.local>',
    })
    const storage = createStorage({
      pool: api,
      adminPool: connect('supabase_storage_admin', 2),
      keys,
      dir: join(dir, 'storage'),
    })

    /** The gateway's key check (Supabase's API gateway): a JWT signed with the project's secret. */
    const apiKeyClaims = async (
      request: IncomingMessage,
      response: ServerResponse,
    ): Promise<JWTPayload | null> => {
      const given =
        request.headers.apikey ?? new URL(request.url ?? '/', url).searchParams.get('apikey')
      const key = Array.isArray(given) ? given[0] : given
      if (!key) {
        sendJson(request, response, 401, {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        })
        return null
      }
      const verified = await keys.verify(key)
      if (!verified.ok) {
        sendJson(request, response, 401, {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        })
        return null
      }
      return verified.claims
    }

    async function route(request: IncomingMessage, response: ServerResponse) {
      const path = new URL(request.url ?? '/', url).pathname
      const under = (prefix: string) =>
        path === prefix || path.startsWith(`${prefix}/`) ? path.slice(prefix.length) || '/' : null
      let rest_: string | null
      if ((rest_ = under('/functions/v1')) !== null) {
        if (!functions)
          return sendJson(request, response, 503, {
            code: 'BOOT_ERROR',
            message: 'Edge Functions are not running on this stack',
          })
        return functions.handle(request, response, rest_)
      }
      if (request.method === 'OPTIONS') return preflight(request, response)
      if ((rest_ = under('/rest/v1')) !== null) {
        const claims = await apiKeyClaims(request, response)
        if (claims) await rest(request, response, rest_, claims)
        return
      }
      if ((rest_ = under('/auth/v1')) !== null) {
        // The links in e-mails are opened without a key, as on Supabase.
        const open =
          ['/verify', '/callback', '/authorize', '/health'].includes(rest_) &&
          request.method === 'GET'
        if (open || (await apiKeyClaims(request, response))) await auth(request, response, rest_)
        return
      }
      if ((rest_ = under('/storage/v1')) !== null) return storage(request, response, rest_)
      if (path === '/__outbox' && request.method === 'GET') {
        const to = new URL(request.url ?? '/', url).searchParams.get('to')
        return sendJson(
          request,
          response,
          200,
          to ? outbox.messages.filter((m) => m.to.includes(to.toLowerCase())) : outbox.messages,
        )
      }
      if (path === '/__outbox' && request.method === 'DELETE') {
        outbox.clear()
        return sendJson(request, response, 200, [])
      }
      if (path === '/__outbox/resend/emails' && request.method === 'POST') {
        if (request.headers.authorization !== `Bearer ${OUTBOX_PROVIDER_KEY}`) {
          return sendJson(request, response, 401, {
            statusCode: 401,
            name: 'validation_error',
            message: 'API key is invalid',
          })
        }
        const body = JSON.parse((await readBody(request)).toString('utf8')) as {
          from: string
          to: string | string[]
          subject: string
          html?: string
          text?: string
        }
        const message = outbox.add({
          source: 'function',
          from: body.from,
          to: (Array.isArray(body.to) ? body.to : [body.to]).map((address) =>
            address.toLowerCase(),
          ),
          subject: body.subject,
          html: body.html ?? '',
          text: body.text ?? '',
        })
        return sendJson(request, response, 200, { id: message.id })
      }
      return sendJson(request, response, 404, { message: 'no Route matched with those values' })
    }

    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      route(request, response).catch((error: unknown) => {
        options.log?.(
          `500 ${request.method} ${request.url}: ${error instanceof Error ? error.stack : String(error)}`,
        )
        if (!response.headersSent)
          sendJson(request, response, 500, {
            code: 'XX000',
            message: 'Internal error',
            details: null,
            hint: null,
          })
        else response.end()
      })
    })

    const names = options.functions === true ? FUNCTION_NAMES : options.functions || []
    if (names.length > 0) {
      started = Date.now()
      functions = await startFunctions({
        keys,
        names,
        denoDir: join(ROOT, 'node_modules/.cache/kasalan-deno'),
        log: options.log,
        env: {
          SUPABASE_URL: url,
          SUPABASE_ANON_KEY: keys.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
          RESEND_API_KEY: OUTBOX_PROVIDER_KEY,
          KASALAN_EMAIL_API_URL: `${url}/__outbox/resend/emails`,
          KASALAN_EMAIL_FROM: 'Kasalan <imbitasyon@kasalan.local>',
          KASALAN_SITE_URL: siteUrl,
        },
      })
      timings.functions = Date.now() - started
    }

    return {
      url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      outbox,
      db: {
        host: cluster.host,
        port: cluster.port,
        database: cluster.database,
        major: cluster.major,
      },
      timings,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

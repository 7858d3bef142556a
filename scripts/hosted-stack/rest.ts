// The Data API: PostgREST's RPC protocol, the only part of PostgREST Kasalan uses. Follows
//   - https://docs.postgrest.org/en/v12/references/api/functions.html (calling with POST and GET,
//     named arguments, the function's volatility deciding a read-only transaction);
//   - https://docs.postgrest.org/en/v12/references/api/schemas.html (Accept-Profile / Content-Profile);
//   - https://docs.postgrest.org/en/v12/references/transactions.html (`set local role`, request.jwt.claims,
//     request.headers, request.method, request.path as transaction-scoped settings);
//   - https://docs.postgrest.org/en/v12/references/errors.html (the {code, message, details, hint}
//     body and the SQLSTATE → HTTP status table, PGRST1xx/2xx/3xx codes);
//   - https://docs.postgrest.org/en/v12/references/auth.html (the JWT's `role` claim, anon when none).

import type { IncomingMessage, ServerResponse } from 'node:http'
import type pg from 'pg'
import type { JWTPayload } from 'jose'
import { BodyTooLarge, readBody, sendEmpty, sendJson } from './http'
import type { Keys } from './keys'

export interface RestOptions {
  pool: pg.Pool
  keys: Keys
  /** The exposed schemas, the first the default (supabase/config.toml's [api] schemas). */
  schemas: string[]
  /** Schemas after the called one on the search path (config.toml's extra_search_path). */
  extraSearchPath: string[]
  /** The caller's address as the edge saw it, put in the header the database trusts. */
  clientAddress(request: IncomingMessage): string
  /** The header the edge sets (kasalan.client_address_header's default on Supabase). */
  clientAddressHeader: string
}

export interface ApiError {
  code: string
  message: string
  details: string | null
  hint: string | null
}

/** PostgREST's status for a PostgreSQL error (the table in references/errors.html). */
export function statusForSqlState(code: string, authenticated: boolean): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
  }
  if (code in exact) return exact[code]!
  if (code === '42501') return authenticated ? 403 : 401
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  }
  return byClass[code.slice(0, 2)] ?? 400
}

interface FunctionInfo {
  schema: string
  name: string
  /** Input parameters in order, with their types and whether they have a default. */
  params: { name: string; type: string; hasDefault: boolean }[]
  readOnly: boolean
  returnsSet: boolean
  returnsVoid: boolean
  returnsComposite: boolean
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The functions of a schema called `name`, read from pg_catalog (PostgREST's schema cache). */
async function loadFunctions(pool: pg.Pool, schema: string, name: string): Promise<FunctionInfo[]> {
  const { rows } = await pool.query<{
    argnames: string[] | null
    argmodes: string[] | null
    argtypes: string[]
    alltypes: string[] | null
    ndefaults: number
    provolatile: string
    proretset: boolean
    rettype: string
    typtype: string
  }>(
    `select p.proargnames as argnames, p.proargmodes::text[] as argmodes,
            array(select pg_catalog.format_type(t, null) from pg_catalog.unnest(p.proargtypes) t) as argtypes,
            array(select pg_catalog.format_type(t, null) from pg_catalog.unnest(p.proallargtypes) t) as alltypes,
            p.pronargdefaults as ndefaults, p.provolatile::text, p.proretset,
            pg_catalog.format_type(p.prorettype, null) as rettype, t.typtype::text
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_type t on t.oid = p.prorettype
      where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`,
    [schema, name],
  )
  return rows.map((row) => {
    // Input parameters only: proargnames lists OUT and TABLE columns too, proargtypes does not.
    const names = row.argnames ?? []
    const modes = row.argmodes ?? names.map(() => 'i')
    const inputs = names.filter((_, index) => ['i', 'b', 'v'].includes(modes[index] ?? 'i'))
    const count = row.argtypes.length
    return {
      schema,
      name,
      params: row.argtypes.map((type, index) => ({
        name: inputs[index] ?? '',
        type,
        hasDefault: index >= count - row.ndefaults,
      })),
      readOnly: row.provolatile === 's' || row.provolatile === 'i',
      returnsSet: row.proretset,
      returnsVoid: row.rettype === 'void',
      returnsComposite: row.typtype === 'c',
    }
  })
}

export function createRest(options: RestOptions) {
  const { pool, keys, schemas } = options

  const fail = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    error: ApiError,
    headers: Record<string, string> = {},
  ) => sendJson(request, response, status, error, headers)

  return async function handleRest(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    claimsFromGateway: JWTPayload | null,
  ) {
    const url = new URL(request.url ?? '/', 'http://stack')
    const match = /^\/rpc\/([^/]+)$/.exec(path)
    if (!match) {
      return fail(request, response, 404, {
        code: 'PGRST125',
        message: `Invalid path specified in request URL`,
        details: null,
        hint: null,
      })
    }
    const method = request.method ?? 'GET'
    if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') {
      return fail(request, response, 405, {
        code: 'PGRST101',
        message: 'Only GET and POST are allowed on functions',
        details: null,
        hint: null,
      })
    }
    const functionName = decodeURIComponent(match[1]!)

    // The schema: Accept-Profile for GET/HEAD, Content-Profile for POST; the first exposed one by default.
    const profileHeader =
      method === 'POST' ? request.headers['content-profile'] : request.headers['accept-profile']
    const schema =
      (Array.isArray(profileHeader) ? profileHeader[0] : profileHeader)?.trim() || schemas[0]!
    if (!schemas.includes(schema)) {
      return fail(request, response, 406, {
        code: 'PGRST106',
        message: `The schema must be one of the following: ${schemas.join(', ')}`,
        details: null,
        hint: null,
      })
    }

    // The role and claims: the JWT's (verified by the gateway), else the anonymous role.
    let claims: JWTPayload = claimsFromGateway ?? { role: 'anon' }
    const authorization = request.headers.authorization
    if (authorization) {
      const token = /^bearer\s+(\S+)$/i.exec(authorization.trim())?.[1]
      const verified = token
        ? await keys.verify(token)
        : ({ ok: false, reason: 'invalid', message: 'No suitable key or wrong key type' } as const)
      if (!verified.ok) {
        const expired = verified.reason === 'expired'
        return fail(
          request,
          response,
          401,
          {
            code: expired ? 'PGRST303' : 'PGRST301',
            message: expired ? 'JWT expired' : verified.message,
            details: null,
            hint: null,
          },
          {
            'WWW-Authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'JWT invalid'}"`,
          },
        )
      }
      claims = verified.claims
    }
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon'
    const authenticated = role !== 'anon'

    // The arguments: the JSON object of a POST, the query string of a GET.
    let args: Record<string, unknown>
    if (method === 'POST') {
      let text: string
      try {
        text = (await readBody(request)).toString('utf8')
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          return fail(request, response, 413, {
            code: 'PGRST102',
            message: 'Request body too large',
            details: null,
            hint: null,
          })
        }
        throw error
      }
      try {
        args = text.trim() === '' ? {} : JSON.parse(text)
      } catch {
        return fail(request, response, 400, {
          code: 'PGRST102',
          message: 'Empty or invalid json',
          details: null,
          hint: null,
        })
      }
      if (!args || typeof args !== 'object' || Array.isArray(args)) {
        return fail(request, response, 400, {
          code: 'PGRST102',
          message: 'Empty or invalid json',
          details: null,
          hint: null,
        })
      }
    } else {
      args = {}
      for (const key of new Set(url.searchParams.keys())) {
        const values = url.searchParams.getAll(key)
        args[key] = values.length > 1 ? values : values[0]
      }
    }

    const keysGiven = Object.keys(args).sort()
    const candidates = IDENTIFIER.test(functionName)
      ? await loadFunctions(pool, schema, functionName)
      : []
    const fits = candidates.filter(
      (fn) =>
        keysGiven.every((key) => fn.params.some((param) => param.name === key)) &&
        fn.params.every((param) => param.hasDefault || keysGiven.includes(param.name)),
    )
    if (fits.length === 0) {
      const signature = `${schema}.${functionName}(${keysGiven.join(', ')})`
      return fail(request, response, 404, {
        code: 'PGRST202',
        message: `Could not find the function ${signature} in the schema cache`,
        details: `Searched for the function ${schema}.${functionName} with parameters ${keysGiven.join(', ') || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
        hint:
          candidates.length > 0
            ? `Perhaps you meant to call the function ${schema}.${functionName}(${candidates[0]!.params.map((p) => p.name).join(', ')})`
            : null,
      })
    }
    if (fits.length > 1) {
      return fail(request, response, 300, {
        code: 'PGRST203',
        message: `Could not choose the best candidate function between: ${fits.map((fn) => `${schema}.${functionName}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      })
    }
    const fn = fits[0]!

    // Each argument converted to its parameter's type by PostgreSQL, as PostgREST does (json_to_record).
    const given = fn.params.filter((param) => keysGiven.includes(param.name))
    const record = `pg_catalog.jsonb_to_record($1::jsonb) as _(${given.map((p) => `${quote(p.name)} ${p.type}`).join(', ')})`
    const call = `${quote(schema)}.${quote(functionName)}(${given.map((p) => `${quote(p.name)} => _.${quote(p.name)}`).join(', ')})`
    const from = given.length > 0 ? ` from ${record}` : ''
    let sql: string
    if (fn.returnsVoid) sql = `select ${call}${from}`
    else if (fn.returnsSet || fn.returnsComposite) {
      // A set is an array; a single composite an object (PostgREST's "single" representation).
      const rows = given.length > 0 ? `${record} cross join lateral ${call} _r` : `${call} _r`
      const value = fn.returnsSet
        ? `coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(_r)), '[]')`
        : 'pg_catalog.to_jsonb(_r)'
      sql = `select ${value}::text as body from ${rows}`
    } else sql = `select pg_catalog.to_jsonb(${call})::text as body${from}`

    const headersForSql: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headersForSql[name] = value
      else if (Array.isArray(value)) headersForSql[name] = value.join(', ')
    }
    // The edge's own view of the caller, replacing whatever the client sent under that name.
    headersForSql[options.clientAddressHeader] = options.clientAddress(request)

    const readOnly = method !== 'POST' || fn.readOnly
    const client = await pool.connect()
    let body: string | null = null
    try {
      await client.query(`begin isolation level read committed${readOnly ? ' read only' : ''}`)
      await client.query(
        `select pg_catalog.set_config('role', $1, true),
                pg_catalog.set_config('request.jwt.claims', $2, true),
                pg_catalog.set_config('request.headers', $3, true),
                pg_catalog.set_config('request.method', $4, true),
                pg_catalog.set_config('request.path', $5, true),
                pg_catalog.set_config('search_path', $6, true)`,
        [
          role,
          JSON.stringify(claims),
          JSON.stringify(headersForSql),
          method,
          path,
          [schema, ...options.extraSearchPath].map(quote).join(', '),
        ],
      )
      const params = given.length > 0 ? [JSON.stringify(args)] : []
      const result = await client.query<{ body: string | null }>(sql, params)
      body = fn.returnsVoid ? null : (result.rows[0]?.body ?? null)
      await client.query('commit')
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      const pgError = error as { code?: string; message?: string; detail?: string; hint?: string }
      if (!pgError.code) throw error
      return fail(request, response, statusForSqlState(pgError.code, authenticated), {
        code: pgError.code,
        message: pgError.message ?? '',
        details: pgError.detail ?? null,
        hint: pgError.hint ?? null,
      })
    } finally {
      client.release()
    }

    if (fn.returnsVoid) return sendEmpty(request, response, 204)
    const headers = { 'Content-Profile': schema }
    if (method === 'HEAD') return sendEmpty(request, response, 200, headers)
    return sendJson(request, response, 200, body ?? 'null', headers)
  }
}

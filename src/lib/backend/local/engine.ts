// The local database engine: applies the SQL files to a PGlite database and calls the `kasalan`
// functions the way Supabase's API does (JWT claims in the transaction, `set local role`), so row-
// level security is real. Shared by the browser worker and the Node database tests, so it uses no
// browser-only or Node-only API. The build's Vite config loads it too (the prebuilt data
// directory), hence the explicit extensions: Vite's native config loader will need them.

import { findInvalidText, invalidTextDetail } from '../invalid-text.ts'

export interface SqlFile {
  /** The file's name without extension, e.g. '0001_kasalan_core'. */
  version: string
  sql: string
}

export interface QueryResult<T> {
  rows: T[]
  fields?: { name: string; dataTypeID: number }[]
}

export interface PgTx {
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
  exec(sql: string): Promise<unknown>
}

/** What the engine needs from a database: PGlite and PGliteWorker both fit. */
export interface PgLike extends PgTx {
  transaction<T>(fn: (tx: PgTx) => Promise<T>): Promise<T>
}

/** The caller of a function: a signed-in user, or null for an anonymous visitor. */
export type Claims = { sub: string; email?: string; role: 'authenticated' } | null

/** A Postgres error from a function call: `message` is the raised code, e.g. 'wedding_not_found'. */
export class RpcError extends Error {
  /** The SQLSTATE, e.g. 'P0001' for a raised code, '42501' for a missing privilege. */
  code: string
  details?: string
  hint?: string

  constructor(message: string, code: string, details?: string, hint?: string) {
    super(message)
    this.name = 'RpcError'
    this.code = code
    this.details = details
    this.hint = hint
  }
}

const SEED_VERSION = 'seed'
const SHIM_VERSION = 'auth-shim'
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/
const VOID_TYPE_OID = 2278

/**
 * Applies, once each and in order, the auth shim, every migration and the seed, each in its own
 * transaction, and records them in kasalan_local.applied_versions. Returns the versions applied now
 * (empty when the database was already up to date).
 */
export async function bootstrap(
  db: PgLike,
  files: { shim: string; migrations: SqlFile[]; seed: string },
): Promise<string[]> {
  await db.exec(`
    create schema if not exists kasalan_local;
    create table if not exists kasalan_local.applied_versions (
      version text primary key,
      applied_at timestamptz not null default now()
    );
  `)
  const { rows } = await db.query<{ version: string }>('select version from kasalan_local.applied_versions')
  const applied = new Set(rows.map((row) => row.version))

  const steps: SqlFile[] = [
    { version: SHIM_VERSION, sql: files.shim },
    ...[...files.migrations].sort((a, b) => a.version.localeCompare(b.version)),
    { version: SEED_VERSION, sql: files.seed },
  ]
  const appliedNow: string[] = []
  for (const step of steps) {
    if (applied.has(step.version)) continue
    try {
      await db.transaction(async (tx) => {
        await tx.exec(step.sql)
        await tx.query('insert into kasalan_local.applied_versions (version) values ($1)', [step.version])
      })
    } catch (error) {
      throw toRpcError(error, `applying ${step.version}`)
    }
    appliedNow.push(step.version)
  }
  return appliedNow
}

const volatilityCache = new WeakMap<PgLike, Map<string, string>>()

/** Whether kasalan.<name> is STABLE or IMMUTABLE (read from pg_proc once per database). */
async function isReadOnly(db: PgLike, name: string): Promise<boolean> {
  let known = volatilityCache.get(db)
  if (!known?.has(name)) {
    const { rows } = await db.query<{ name: string; volatility: string }>(
      `select p.proname as name, p.provolatile::text as volatility
       from pg_catalog.pg_proc p where p.pronamespace = 'kasalan'::regnamespace`,
    )
    known = new Map(rows.map((row) => [row.name, row.volatility]))
    volatilityCache.set(db, known)
  }
  const volatility = known.get(name)
  return volatility === 's' || volatility === 'i'
}

/**
 * Calls kasalan.<name>(p_x => ...) as `claims` in one transaction and returns its result (null for
 * a function that returns void or null). Throws RpcError. As PostgREST does, a STABLE or IMMUTABLE
 * function runs in a READ ONLY transaction, so one that writes fails here as it would in production.
 */
export async function callRpc(
  db: PgLike,
  claims: Claims,
  name: string,
  args: Record<string, unknown> = {},
): Promise<unknown> {
  if (!IDENTIFIER.test(name)) throw new RpcError('invalid_function_name', '42883', name)
  const invalid = findInvalidText(args)
  if (invalid) throw new RpcError('invalid_input', 'P0001', invalidTextDetail(invalid))
  const named: string[] = []
  const params: unknown[] = []
  for (const [arg, value] of Object.entries(args)) {
    if (value === undefined) continue
    if (!IDENTIFIER.test(arg)) throw new RpcError('invalid_argument_name', '42883', arg)
    params.push(toParam(value))
    named.push(`${arg} => $${params.length}`)
  }

  const role = claims ? 'authenticated' : 'anon'
  const jwtClaims = claims
    ? { sub: claims.sub, role: 'authenticated', ...(claims.email ? { email: claims.email } : {}) }
    : { role: 'anon' }

  try {
    const readOnly = await isReadOnly(db, name)
    return await db.transaction(async (tx) => {
      if (readOnly) await tx.exec('set transaction read only')
      await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(jwtClaims)])
      await tx.exec(`set local role ${role}`)
      const result = await tx.query<{ result: unknown }>(
        `select kasalan.${name}(${named.join(', ')}) as result`,
        params,
      )
      if (result.fields?.[0]?.dataTypeID === VOID_TYPE_OID) return null
      return result.rows[0]?.result ?? null
    })
  } catch (error) {
    throw toRpcError(error)
  }
}

/** The user as local auth returns it. */
export interface LocalUser {
  id: string
  email: string
  userMetadata: Record<string, unknown>
}

interface LocalAuthCalls {
  signUp: { args: [email: string, password: string, metadata?: Record<string, unknown>]; result: LocalUser }
  signIn: { args: [email: string, password: string]; result: LocalUser }
  updatePassword: { args: [userId: string, password: string]; result: LocalUser }
  getUser: { args: [userId: string]; result: LocalUser | null }
}

const LOCAL_AUTH_SQL: Record<keyof LocalAuthCalls, string> = {
  signUp: 'select auth.local_sign_up($1, $2, $3::jsonb) as result',
  signIn: 'select auth.local_sign_in($1, $2) as result',
  updatePassword: 'select auth.local_update_password($1::uuid, $2) as result',
  getUser: 'select auth.local_get_user($1::uuid) as result',
}

/**
 * Local sign-up, sign-in and account calls (the auth.local_* functions of the shim), run as the
 * database owner. Errors carry Supabase's codes as message: user_already_exists, weak_password,
 * invalid_email, invalid_credentials, email_not_confirmed, user_not_found.
 */
export async function localAuth<K extends keyof LocalAuthCalls>(
  db: PgLike,
  call: K,
  ...args: LocalAuthCalls[K]['args']
): Promise<LocalAuthCalls[K]['result']> {
  const params: unknown[] =
    call === 'signUp' ? [args[0], args[1], JSON.stringify(args[2] ?? {})] : [...args]
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ result: LocalAuthCalls[K]['result'] }>(LOCAL_AUTH_SQL[call], params)
      return rows[0]?.result ?? (null as LocalAuthCalls[K]['result'])
    })
  } catch (error) {
    throw toRpcError(error)
  }
}

function toParam(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value)
  return value
}

function toRpcError(error: unknown, context?: string): RpcError {
  if (error instanceof RpcError) return error
  const pg = (error ?? {}) as { message?: unknown; code?: unknown; detail?: unknown; hint?: unknown }
  const message = typeof pg.message === 'string' ? pg.message : String(error)
  const details = typeof pg.detail === 'string' ? pg.detail : undefined
  return new RpcError(
    message,
    typeof pg.code === 'string' ? pg.code : 'XX000',
    context ? [context, details].filter(Boolean).join(': ') : details,
    typeof pg.hint === 'string' ? pg.hint : undefined,
  )
}

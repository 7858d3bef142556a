// The local database engine: applies the SQL files to a PGlite database and calls the `kasalan`
// functions the way Supabase's API does (JWT claims in the transaction, `set local role`), so row-
// level security is real. Shared by the browser worker and the Node database tests, so it uses no
// browser-only or Node-only API. The build's Vite config loads it too (the prebuilt data
// directory), hence the explicit extensions: Vite's native config loader will need them.

import { findInvalidText, invalidTextDetail } from '../invalid-text.ts'
import { argumentsTooDeep, MAX_JSON_DEPTH } from '../../json-depth.ts'
import { COPIED_THROUGH, moveToBaseline, REPLACED_VERSIONS } from './baseline-upgrade.ts'

export interface SqlFile {
  /** The file's name without extension, e.g. '0001_core'. */
  version: string
  sql: string
}

/**
 * A file's SQL, or how to fetch it: the browser's worker passes loaders, so a start that finds every
 * file applied (each reload) fetches and parses none of the migrations' text.
 */
export interface LazySqlFile {
  version: string
  sql: string | (() => Promise<string>)
}

const sqlOf = async (file: LazySqlFile): Promise<SqlFile> => ({
  version: file.version,
  sql: typeof file.sql === 'string' ? file.sql : await file.sql(),
})

export interface QueryResult<T> {
  rows: T[]
  fields?: { name: string; dataTypeID: number }[]
}

export interface PgTx {
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
  exec(sql: string): Promise<unknown>
}

/** The parts of a protocol message the engine reads (PGlite's parsed backend messages). */
interface ProtocolMessage {
  name: string
  fields?: unknown[]
}

/** What the engine needs from a database: PGlite and PGliteWorker both fit. */
export interface PgLike extends PgTx {
  transaction<T>(fn: (tx: PgTx) => Promise<T>): Promise<T>
  /**
   * PGlite's: one protocol message in one exchange. Through PGliteWorker every exchange is a round
   * trip to the worker (10–60 ms on a busy phone), and `transaction()` + `query()` make about forty
   * of them per call, so a call is sent as one message when the database offers this.
   */
  execProtocol?(
    message: Uint8Array,
    options?: { syncToFs?: boolean },
  ): Promise<{ messages: ProtocolMessage[] }>
  _runExclusiveTransaction?<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveQuery?<T>(fn: () => Promise<T>): Promise<T>
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

/**
 * initdb's settings for a new embedded database: write-ahead log segments of 1 MB instead of
 * PostgreSQL's 16 MB. In the browser every file of the data directory lives in IndexedDB, and a file
 * that changed is stored again whole after each write: with one 16 MB segment, every saved RSVP
 * rewrote 16 MB, every start read them back, and the first visit downloaded them (as zeros, gzipped).
 * A database keeps the size it was made with (it is in pg_control), so older ones open as before.
 */
export const INITDB_PARAMS = ['--wal-segsize=1']

/**
 * PostgreSQL's settings for the embedded database, added to PGlite's own start parameters:
 * - The log: a segment the log is done with is removed at a checkpoint rather than kept for reuse
 *   (up to 80 MB of them by default), since each one kept is a file IndexedDB stores and every
 *   start reads back.
 * - 64 MB of shared buffers, not PGlite's 128 MB: every start zeroes them (0.8 s of the database
 *   worker's CPU in a reload's profile, 0.35 s now), and a phone keeps 64 MB less. A
 *   2,000-household wedding's whole database is about 26 MB and its reads keep their speed; the
 *   data directory is in memory anyway, so a page not in the buffers is a copy, not a disk read.
 *   32 MB starts hardly faster and slows the first reads of a big wedding.
 */
export const START_SETTINGS = [
  '-c',
  'wal_recycle=off',
  '-c',
  'min_wal_size=2MB',
  '-c',
  'shared_buffers=64MB',
]

const SEED_VERSION = 'seed'
const SHIM_VERSION = 'auth-shim'
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/
const VOID_TYPE_OID = 2278

/**
 * Applies, once each and in order, the auth shim, every migration and the seed, each in its own
 * transaction, and records them in kasalan_local.applied_versions. Returns the versions applied now
 * (empty when the database was already up to date). A database made by the migrations the
 * per-domain baseline replaced is first moved onto it with its rows (see baseline-upgrade.ts).
 */
export async function bootstrap(
  db: PgLike,
  files: { shim: LazySqlFile['sql']; migrations: LazySqlFile[]; seed: LazySqlFile['sql'] },
): Promise<string[]> {
  // One transaction, so that a start where nothing is to apply writes back to IndexedDB once:
  // PGlite stores the data directory after every statement outside a transaction.
  const rows = await db.transaction(async (tx) => {
    // Before any SQL text is read: a database opened from a backup may have carried other settings.
    await pinSessionSettings(tx)
    await tx.exec(`
      create schema if not exists kasalan_local;
      create table if not exists kasalan_local.applied_versions (
        version text primary key,
        applied_at timestamptz not null default now()
      );
    `)
    return (
      await tx.query<{ version: string }>('select version from kasalan_local.applied_versions')
    ).rows
  })
  const applied = new Set(rows.map((row) => row.version))

  const steps: LazySqlFile[] = [
    { version: SHIM_VERSION, sql: files.shim },
    ...[...files.migrations].sort((a, b) => a.version.localeCompare(b.version)),
    { version: SEED_VERSION, sql: files.seed },
  ]
  const appliedNow: string[] = []
  // A database made by the migrations the baseline replaced: its rows move onto the baseline.
  if (rows.some((row) => REPLACED_VERSIONS.has(row.version))) {
    const baseline = await Promise.all(
      steps
        .filter(
          (step) =>
            step.version !== SHIM_VERSION &&
            step.version !== SEED_VERSION &&
            step.version <= COPIED_THROUGH,
        )
        .map(sqlOf),
    )
    try {
      appliedNow.push(...(await moveToBaseline(db, baseline)))
    } catch (error) {
      throw toRpcError(error, 'moving to the new baseline')
    }
    for (const version of appliedNow) applied.add(version)
  }
  for (const step of steps) {
    if (applied.has(step.version)) continue
    const { sql } = await sqlOf(step)
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql)
        await tx.query('insert into kasalan_local.applied_versions (version) values ($1)', [
          step.version,
        ])
      })
    } catch (error) {
      throw toRpcError(error, `applying ${step.version}`)
    }
    appliedNow.push(step.version)
  }
  if (appliedNow.length > 0) {
    // A file may have changed one for its own session.
    await pinSessionSettings(db)
    // Statistics for the tables as they now are (PGlite has no autovacuum; see leader.ts): the
    // build's prebuilt directory and an upgraded database start with their plans right.
    await db.exec('analyze')
  }
  return appliedNow
}

/**
 * What `bootstrap` does on a database that already has every file applied (each reload), in one
 * exchange that stores nothing in IndexedDB: the session's settings pinned, and every version found,
 * none of those the baseline replaced. True then; false otherwise (a new or an older database, or no
 * such table yet), having changed nothing, so that `bootstrap` runs. PGlite stores the data
 * directory after each of `bootstrap`'s transactions, even one that only read.
 */
export async function resumeWithoutStoring(db: PgLike, versions: string[]): Promise<boolean> {
  if (!canExchangeOnce(db)) return false
  const array = (values: readonly string[]) =>
    `array[${values.map((value) => sqlLiteral(value)).join(', ')}]::text[]`
  try {
    return (
      (await exchangeOnce(
        db,
        [
          `select pg_catalog.set_config(s.name, v.value, false)
         from rows from (pg_catalog.unnest(${array(Object.keys(PINNED_SETTINGS))}), pg_catalog.unnest(${array(Object.values(PINNED_SETTINGS))})) as v(name, value)
         join pg_catalog.pg_settings s on lower(s.name) = lower(v.name)
        where s.context = 'user'`,
          `select count(*) filter (where a.version = any (${array([SHIM_VERSION, ...versions, SEED_VERSION])})) = ${versions.length + 2}
              and count(*) filter (where a.version = any (${array([...REPLACED_VERSIONS])})) = 0
         from kasalan_local.applied_versions a`,
        ],
        { syncToFs: false },
      )) === true
    )
  } catch {
    return false
  }
}

const volatilityCache = new WeakMap<PgLike, Map<string, string>>()

/**
 * Whether kasalan.<name> is STABLE or IMMUTABLE (read from pg_proc once per database), for databases
 * that take a call in several exchanges; a one-exchange call decides it in its own message.
 */
async function isReadOnly(db: PgLike, name: string): Promise<boolean> {
  let known = volatilityCache.get(db)
  if (!known?.has(name)) {
    const sql = `select p.proname as name, p.provolatile::text as volatility
       from pg_catalog.pg_proc p where p.pronamespace = 'kasalan'::regnamespace`
    const { rows } = await db.query<{ name: string; volatility: string }>(sql)
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
  // Before anything walks the arguments recursively (the checks below, JSON.stringify, the database).
  if (argumentsTooDeep(args)) {
    throw new RpcError(
      'input_too_deep',
      'P0001',
      `arguments nest more than ${MAX_JSON_DEPTH} levels`,
    )
  }
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
    if (canExchangeOnce(db)) {
      return await exchangeOnce(db, [
        // Read only when the function is STABLE or IMMUTABLE, decided in the same message: reading
        // pg_proc first would be one more exchange with the worker on every page load.
        `${READ_ONLY_PREFIX}${sqlLiteral(name)} and p.provolatile in ('s', 'i') limit 1`,
        `select set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(jwtClaims))}, true)`,
        `set local role ${role}`,
        `select kasalan.${name}(${named.map((arg, index) => `${arg.slice(0, arg.indexOf(' => '))} => ${sqlLiteral(params[index])}`).join(', ')}) as result`,
      ])
    }
    const readOnly = await isReadOnly(db, name)
    return await db.transaction(async (tx) => {
      if (readOnly) await tx.exec('set transaction read only')
      await tx.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify(jwtClaims),
      ])
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
  signUp: {
    args: [email: string, password: string, metadata?: Record<string, unknown>]
    result: LocalUser
  }
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
    if (canExchangeOnce(db)) {
      let index = 0
      const sql = LOCAL_AUTH_SQL[call].replace(/\$\d/g, () => sqlLiteral(params[index++]))
      // Reading the account (each start checks the session with it) is a read like a STABLE
      // function's: the leader keeps no call log for it and stores nothing after it.
      const first =
        call === 'getUser'
          ? [
              `${AUTH_READ_PREFIX}${sqlLiteral('local_get_user')} and p.provolatile in ('s', 'i') limit 1`,
            ]
          : []
      return (await exchangeOnce(db, [...first, sql])) as LocalAuthCalls[K]['result']
    }
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ result: LocalAuthCalls[K]['result'] }>(
        LOCAL_AUTH_SQL[call],
        params,
      )
      return rows[0]?.result ?? (null as LocalAuthCalls[K]['result'])
    })
  } catch (error) {
    throw toRpcError(error)
  }
}

type ExchangingDb = PgLike &
  Required<Pick<PgLike, 'execProtocol' | '_runExclusiveTransaction' | '_runExclusiveQuery'>>

function canExchangeOnce(db: PgLike): db is ExchangingDb {
  return (
    typeof db.execProtocol === 'function' &&
    typeof db._runExclusiveTransaction === 'function' &&
    typeof db._runExclusiveQuery === 'function'
  )
}

/**
 * A parameter as an SQL literal of unknown type, so that PostgreSQL gives it the argument's type as
 * it does a bound parameter. Always an escape string, E'…', with every backslash and quote doubled:
 * E'' is read the same whatever `standard_conforming_strings` says, whereas a plain '…' treats a
 * backslash as an escape when that setting is off (a restored backup can carry it off), and
 * `\'` would then close nothing and let the rest of the value run as SQL. Setting it in the same
 * message would not help: PostgreSQL reads every statement of a message before running the first.
 */
export function sqlLiteral(value: unknown): string {
  const param = toParam(value)
  if (param === null || param === undefined) return 'null'
  const text = param instanceof Date ? param.toISOString() : String(param)
  // A zero byte would end the message's SQL early: refused as PostgreSQL refuses it in a parameter.
  if (text.includes('\u0000'))
    throw new RpcError('invalid byte sequence for encoding "UTF8": 0x00', '22021')
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`
}

/**
 * The session settings that decide how SQL text is read and which rules hold, as a new PGlite
 * database has them. `bootstrap` sets them on every start, and a restore refuses a backup that
 * would change any of them (see `backupSettingsProblem`).
 */
export const PINNED_SETTINGS: Readonly<Record<string, string>> = {
  standard_conforming_strings: 'on',
  backslash_quote: 'safe_encoding',
  client_encoding: 'UTF8',
  row_security: 'on',
  session_replication_role: 'origin',
  default_transaction_read_only: 'off',
  transform_null_equals: 'off',
  array_nulls: 'on',
  lo_compat_privileges: 'off',
  search_path: 'public',
  DateStyle: 'ISO, MDY',
  IntervalStyle: 'postgres',
  TimeZone: 'UTC',
}

/**
 * Sets `PINNED_SETTINGS` for the session, those a session may set (on the real-PostgreSQL lane the
 * owner is no superuser; the rest are only checked, at restore). Values are bound, not written.
 */
export async function pinSessionSettings(db: Pick<PgTx, 'query'>): Promise<void> {
  await db.query(
    `select pg_catalog.set_config(s.name, v.value, false)
       from rows from (pg_catalog.unnest($1::text[]), pg_catalog.unnest($2::text[])) as v(name, value)
       join pg_catalog.pg_settings s on lower(s.name) = lower(v.name)
      where s.context = 'user'`,
    [Object.keys(PINNED_SETTINGS), Object.values(PINNED_SETTINGS)],
  )
}

/**
 * Why a database opened from a backup must not become this browser's, or null when its settings
 * are ours: a Kasalan database sets nothing per database or role (ALTER DATABASE/ROLE … SET) nor
 * by ALTER SYSTEM, and a new session on it must read SQL as `PINNED_SETTINGS` say. Run on the
 * backup just opened, before anything else is sent to it.
 */
export async function backupSettingsProblem(db: Pick<PgTx, 'query'>): Promise<string | null> {
  const { rows: perRole } = await db.query<{ count: number }>(
    'select count(*)::int as count from pg_catalog.pg_db_role_setting',
  )
  if ((perRole[0]?.count ?? 0) > 0) return 'database or role settings'
  const { rows: system } = await db.query<{ name: string }>(
    "select name from pg_catalog.pg_file_settings where sourcefile like '%postgresql.auto.conf' limit 1",
  )
  if (system.length > 0) return `ALTER SYSTEM setting ${system[0]!.name}`
  const names = Object.keys(PINNED_SETTINGS)
  const { rows } = await db.query<{ name: string; value: string }>(
    'select name, pg_catalog.current_setting(name) as value from pg_catalog.unnest($1::text[]) as name',
    [names],
  )
  const differing = rows.find((row) => row.value !== PINNED_SETTINGS[row.name])
  return differing ? `${differing.name} = ${differing.value}` : null
}

const encoder = new TextEncoder()

/** A simple-protocol Query message: 'Q', its length, the SQL and a zero byte. */
function queryMessage(sql: string): Uint8Array {
  const bytes = encoder.encode(sql)
  const message = new Uint8Array(bytes.length + 6)
  message[0] = 0x51
  new DataView(message.buffer).setInt32(1, bytes.length + 5)
  message.set(bytes, 5)
  return message
}

// The first statement of every one-exchange call; `callNameOf` reads the name back from it.
const READ_ONLY_PREFIX =
  "select set_config('transaction_read_only', 'on', true) from pg_catalog.pg_proc p where p.pronamespace = 'kasalan'::regnamespace and p.proname = "
// The same for the auth shim's account read (`localAuth` getUser): its name comes back as `auth.<name>`.
const AUTH_READ_PREFIX =
  "select set_config('transaction_read_only', 'on', true) from pg_catalog.pg_proc p where p.pronamespace = 'auth'::regnamespace and p.proname = "
const decoder = new TextDecoder()

/**
 * The function a one-exchange call message calls (see `callRpc`; `auth.local_get_user` for the
 * account read of `localAuth`), or null for any other message.
 */
export function callNameOf(message: Uint8Array): string | null {
  if (message[0] !== 0x51) return null
  const head = decoder.decode(message.subarray(5, 5 + READ_ONLY_PREFIX.length + 70))
  for (const [prefix, schema] of [
    [READ_ONLY_PREFIX, ''],
    [AUTH_READ_PREFIX, 'auth.'],
  ] as const) {
    if (!head.startsWith(`${prefix}E'`)) continue
    const start = prefix.length + 2
    const name = head.slice(start, head.indexOf("'", start))
    return IDENTIFIER.test(name) ? `${schema}${name}` : null
  }
  return null
}

const JSON_TYPES = new Set([114, 3802])
const NUMBER_TYPES = new Set([21, 23, 26, 700, 701])
const BOOL_TYPE = 16

/**
 * Runs the statements as one Query message: PostgreSQL runs a message of several statements as one
 * implicit transaction (SET LOCAL and SET TRANSACTION hold in it; an error rolls all of it back).
 * Holds PGlite's locks as `transaction()` does, so it never lands inside another caller's
 * transaction. Returns the last statement's single value, parsed by its type.
 */
async function exchangeOnce(
  db: ExchangingDb,
  statements: string[],
  options?: { syncToFs?: boolean },
): Promise<unknown> {
  const { messages } = await db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(() => db.execProtocol(queryMessage(statements.join(';\n')), options)),
  )
  let type = 0
  let value: unknown = null
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      type = (message.fields?.[0] as { dataTypeID: number } | undefined)?.dataTypeID ?? 0
      value = null
    } else if (message.name === 'dataRow') {
      value = message.fields?.[0] ?? null
    }
  }
  if (typeof value !== 'string' || type === VOID_TYPE_OID) return null
  if (JSON_TYPES.has(type)) return JSON.parse(value)
  if (NUMBER_TYPES.has(type)) return Number(value)
  if (type === BOOL_TYPE) return value === 't'
  return value
}

function toParam(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return JSON.stringify(value)
  return value
}

function toRpcError(error: unknown, context?: string): RpcError {
  if (error instanceof RpcError) return error
  const pg = (error ?? {}) as {
    message?: unknown
    code?: unknown
    detail?: unknown
    hint?: unknown
  }
  const message = typeof pg.message === 'string' ? pg.message : String(error)
  const details = typeof pg.detail === 'string' ? pg.detail : undefined
  return new RpcError(
    message,
    typeof pg.code === 'string' ? pg.code : 'XX000',
    context ? [context, details].filter(Boolean).join(': ') : details,
    typeof pg.hint === 'string' ? pg.hint : undefined,
  )
}

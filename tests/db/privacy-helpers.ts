// Calls a kasalan function the way PostgREST runs it on hosted Supabase, request headers included,
// so a test can be two different visitors (cf-connecting-ip, the address hosted Supabase's proxy
// sets) as far as the rate limits can tell.
import type { PGlite } from '@electric-sql/pglite'
import type { Claims } from '../../src/lib/backend/local/engine'

let visitor = 0

/** A fresh client address, so each call is a new visitor to the rate limits. */
export function newVisitor() {
  visitor += 1
  return `10.${Math.floor(visitor / 62500) % 250}.${Math.floor(visitor / 250) % 250}.${visitor % 250}`
}

export async function rpcAs(
  db: PGlite,
  claims: Claims,
  name: string,
  args: Record<string, unknown>,
  headers: Record<string, string> = { 'cf-connecting-ip': newVisitor() },
) {
  return rpcWith(db, name, args, { claims, headers })
}

export interface CallOptions {
  claims?: Claims | null
  /** The request headers PostgREST would pass (request.headers). */
  headers?: Record<string, string>
  /** kasalan.client_address_header for this call, as `alter database ... set` would give it. */
  source?: string
  /** Run read only, as PostgREST runs a GET. */
  readOnly?: boolean
}

/** Calls kasalan.<name> the way PostgREST does, with request headers (and settings) of our own. */
export async function rpcWith(
  db: PGlite,
  name: string,
  args: Record<string, unknown>,
  options: CallOptions = {},
) {
  const names = Object.keys(args)
  const params = names.map((key) => {
    const value = args[key]
    return value !== null && typeof value === 'object' ? JSON.stringify(value) : value
  })
  const claims = options.claims ?? null
  const role = claims ? 'authenticated' : 'anon'
  const jwt = claims ? { sub: claims.sub, role } : { role }
  try {
    return await db.transaction(async (tx) => {
      if (options.readOnly) await tx.exec('set transaction read only')
      await tx.query(
        "select set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true), set_config('kasalan.client_address_header', $3, true)",
        [JSON.stringify(jwt), JSON.stringify(options.headers ?? {}), options.source ?? ''],
      )
      await tx.exec(`set local role ${role}`)
      const { rows } = await tx.query<{ result: unknown }>(
        `select kasalan.${name}(${names.map((key, i) => `${key} => $${i + 1}`).join(', ')}) as result`,
        params,
      )
      return rows[0]?.result ?? null
    })
  } catch (error) {
    const pg = error as { message?: string; code?: string; detail?: string; hint?: string }
    throw Object.assign(new Error(pg.message), { code: pg.code, detail: pg.detail, hint: pg.hint })
  }
}

/**
 * The limits count per calendar minute and hour: a test that makes 21 calls waits out the last
 * `margin` seconds of a minute first, so that its calls all fall in one minute (and one hour).
 */
export async function steadyClock(margin = 10) {
  const seconds = new Date().getSeconds()
  if (seconds >= 60 - margin)
    await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000))
}

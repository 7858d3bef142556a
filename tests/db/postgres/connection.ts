// node-postgres pools seen through the engine's PgLike, with values parsed as PGlite parses them, so
// the same test reads the same JavaScript values on either lane.

import pg from 'pg'
import type { PgLike, PgTx } from '../../../src/lib/backend/local/engine'

const INT8 = 20
const DATE = 1082
const TIMESTAMP = 1114
const TIMESTAMPTZ = 1184

const toDate = (value: string) =>
  value === 'infinity' ? Infinity : value === '-infinity' ? -Infinity : new Date(value)

/** PGlite's choices where node-postgres differs: bigint as a number, dates as UTC `Date`s. */
export const PGLITE_TYPES: pg.CustomTypesConfig = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8) return (value: string) => Number(value)
    if (oid === DATE) return (value: string) => toDate(value)
    if (oid === TIMESTAMP || oid === TIMESTAMPTZ) return (value: string) => toDate(value)
    return pg.types.getTypeParser(oid, format as 'text')
  },
} as pg.CustomTypesConfig

export interface Results<T> {
  rows: T[]
  fields: { name: string; dataTypeID: number }[]
  affectedRows: number
}

function results<T>(result: pg.QueryResult): Results<T> {
  return {
    rows: result.rows as T[],
    fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    affectedRows: result.rowCount ?? 0,
  }
}

function tx(
  client: pg.PoolClient,
): PgTx & { query<T>(sql: string, params?: unknown[]): Promise<Results<T>> } {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return results<T>(await client.query(sql, params))
    },
    async exec(sql: string) {
      return client.query(sql)
    },
  }
}

/** A pool as PGlite's query/exec/transaction: each transaction on one connection of its own. */
export function pgLike(pool: pg.Pool): PgLike & {
  query<T>(sql: string, params?: unknown[]): Promise<Results<T>>
} {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return results<T>(await pool.query(sql, params))
    },
    async exec(sql: string) {
      return pool.query(sql)
    },
    async transaction<T>(fn: (t: PgTx) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const value = await fn(tx(client))
        await client.query('commit')
        return value
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
  }
}

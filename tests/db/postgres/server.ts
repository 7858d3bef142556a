// A throw-away PostgreSQL cluster for the database tests' real-PostgreSQL lane: Debian's server
// binaries, a data directory in the system's temp folder, a Unix socket only (no TCP port to clash
// with anything), and a template database bootstrapped like hosted Supabase, from which every test
// file gets its own database.

import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { bootstrap } from '../../../src/lib/backend/local/engine'
import { readSqlFiles } from '../sql-files'
import { pgLike } from './connection'
import { supportedMajors } from './versions'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
export const SUPERUSER = 'supabase_admin'
export const TEMPLATE = 'kasalan_template'

export interface Cluster {
  /** The socket folder, used as `host` by node-postgres. */
  host: string
  port: number
  major: number
  /** The bootstrapped database: the template, unless the caller named another. */
  database: string
  /** The versions the template's bootstrap applied, in order. */
  applied: string[]
  stop(): void
}

export interface ClusterOptions {
  /** The database to bootstrap (default the tests' template). */
  database?: string
  /** More of the platform, run by the superuser after the auth shim and before the migrations. */
  platformSql?: string[]
}

/** Starts a cluster, bootstraps the template database and returns how to reach it. */
export async function startCluster(bin: string, options: ClusterOptions = {}): Promise<Cluster> {
  const database = options.database ?? TEMPLATE
  const dir = mkdtempSync(join(tmpdir(), 'kasalan-pg-'))
  const data = join(dir, 'data')
  // PostgreSQL refuses to run as root: on a CI machine running as root, run it as Debian's `postgres`.
  const asRoot = userInfo().uid === 0
  if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'))
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args]
    const result = spawnSync(file, argv, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`)
  }

  run('initdb', [
    '-D',
    data,
    '-U',
    SUPERUSER,
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ])
  const port = 54_000 + (process.pid % 1000)
  const serverOptions = [
    `-k ${dir}`,
    "-c listen_addresses=''",
    `-p ${port}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c timezone=UTC',
    '-c max_connections=200',
  ].join(' ')
  run('pg_ctl', ['-D', data, '-o', serverOptions, '-l', join(dir, 'server.log'), '-w', 'start'])
  const stop = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } finally {
      // Retried: the server's last processes may still be leaving files as it goes.
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    }
  }

  try {
    const admin = new pg.Client({ host: dir, port, user: SUPERUSER, database: 'postgres' })
    await admin.connect()
    const { rows } = await admin.query<{ v: string }>(
      "select current_setting('server_version_num') as v",
    )
    const major = Math.floor(Number(rows[0]!.v) / 10_000)
    if (!supportedMajors().includes(major)) {
      throw new Error(
        `PostgreSQL ${major} is not one of the supported majors (${supportedMajors().join(', ')})`,
      )
    }
    await admin.query(`create database ${database}`)
    await admin.end()

    const applied = await bootstrapDatabase(
      dir,
      port,
      database,
      readSqlFiles(),
      options.platformSql,
    )
    return { host: dir, port, major, database, applied, stop }
  } catch (error) {
    stop()
    throw error
  }
}

/**
 * Bootstraps an existing, empty database of the cluster as Supabase's platform, then the auth shim
 * and `platformSql` (all as the superuser), then the migrations and the seed as the non-superuser
 * `postgres`, through the same engine as PGlite, from the files given (the schema drift test builds
 * one from supabase/schemas). Returns the versions applied.
 */
export async function bootstrapDatabase(
  host: string,
  port: number,
  database: string,
  files: ReturnType<typeof readSqlFiles>,
  platformSql: string[] = [],
): Promise<string[]> {
  const admin = new pg.Client({ host, port, user: SUPERUSER, database })
  await admin.connect()
  try {
    await admin.query(readFileSync(`${ROOT}tests/db/postgres/platform.sql`, 'utf8'))
    await admin.query(files.shim)
    await admin.query(readFileSync(`${ROOT}tests/db/postgres/platform-auth.sql`, 'utf8'))
    for (const sql of platformSql) await admin.query(sql)
    await admin.query(`grant create, temporary on database ${database} to postgres`)
  } finally {
    await admin.end()
  }

  const owner = new pg.Pool({ host, port, user: 'postgres', database, max: 1 })
  try {
    const appliedNow = await bootstrap(pgLike(owner), files)
    return ['auth-shim', ...appliedNow]
  } finally {
    await owner.end()
  }
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim())
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim())
}

/**
 * The guest's name search at 10,000 persons: `npm run bench:search`.
 *
 * Real PostgreSQL: initdb's a throwaway cluster in a temporary folder (Debian's PostgreSQL 15 in
 * /usr/lib/postgresql/15/bin, or PG_BIN), listening only on a Unix socket in that folder, applies
 * the auth shim and every migration, seeds one published wedding of 10,000 persons (the same
 * generated Filipino names as the harvest test) and runs kasalan.search_persons as anon, the way
 * PostgREST calls it (JWT claims, request headers, `set local role anon`, one transaction per
 * call), with pgbench over the socket; prints median, p95 and worst. Then the same in PGlite
 * under Node (the embedded database), timed around each call. Last, the harvest measure of
 * tests/db/search.test.ts against the search before the privacy change (tests/db/fixtures/
 * search-before.sql) and today's. A benchmark: it prints, it never fails a build. As root, the cluster runs as the `postgres` user (initdb refuses root).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { bootstrap } from '../src/lib/backend/local/engine'
import { readSqlFiles } from '../tests/db/harness'
import {
  guestList,
  harvestGuestList,
  harvestQueries,
  insertGuestListSql,
  type FixturePerson,
} from '../tests/db/search-fixture'

const PERSONS = 10_000
const QUERIES = 1000
const CALLS = 1000
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'
const USER_ID = '5eed0000-0000-4000-8000-00000000b001'
const WEDDING_ID = '5eed0000-0000-4000-8000-00000000b002'
const SLUG = 'bench-wedding'

/** 10,000 persons in households of one to four. */
function households(): FixturePerson[][] {
  const sizes: number[] = []
  let total = 0
  for (let i = 0; total < PERSONS; i += 1) {
    const size = Math.min([1, 2, 2, 3, 4][i % 5]!, PERSONS - total)
    sizes.push(size)
    total += size
  }
  return guestList(sizes, 2026)
}

/**
 * What guests type: their full name, a first name and the start of a surname, one whole name,
 * and short starts of names (the slowest kind before, e.g. "mar").
 */
function queries(list: FixturePerson[][]): string[] {
  const persons = list.flat()
  const result: string[] = []
  for (let i = 0; result.length < QUERIES; i += 1) {
    const person = persons[(i * 7919) % persons.length]!
    const last = person.lastName
    switch (i % 5) {
      case 0:
      case 1:
        result.push(`${person.firstName} ${last}`)
        break
      case 2:
        result.push(
          `${person.firstName.split(' ')[0]} ${last.replace(/^(dela|de los|del|de|sto\.|sta\.) /i, '').slice(0, 3)}`,
        )
        break
      case 3:
        result.push(i % 2 ? last : person.firstName.split(' ')[0]!)
        break
      default:
        result.push(person.firstName.slice(0, 3 + (i % 3)))
    }
  }
  return result
}

/** The benchmark's published wedding with these households. */
function weddingSql(list: FixturePerson[][]) {
  return `
    insert into auth.users (id, email) values ('${USER_ID}', 'bench@example.com');
    insert into kasalan.weddings (id, user_id, slug, title, bride, groom, is_published)
    values ('${WEDDING_ID}', '${USER_ID}', '${SLUG}', 'Bench', '{"firstName": "A", "lastName": "B"}', '{"firstName": "C", "lastName": "D"}', true);
    ${insertGuestListSql(WEDDING_ID, USER_ID, list)}
    analyze;`
}

function seedSql(list: FixturePerson[][], queryList: string[]) {
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`
  return `${weddingSql(list)}
    create table public.bench_queries (i integer primary key, q text not null);
    insert into public.bench_queries values ${queryList.map((q, i) => `(${i + 1}, ${quote(q)})`).join(',\n')};
    grant select on public.bench_queries to anon;
    analyze;`
}

function stats(label: string, millis: number[]) {
  const sorted = [...millis].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
  console.log(
    `${label}: median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, worst ${sorted.at(-1)!.toFixed(2)} ms (${sorted.length} calls)`,
  )
}

function realPostgres(list: FixturePerson[][], queryList: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'kasalan-bench-'))
  chmodSync(dir, 0o777)
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[], options: { input?: string } = {}) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args]
    return execFileSync(file, argv, {
      cwd: dir,
      input: options.input,
      stdio: ['pipe', 'pipe', 'pipe'],
    }).toString()
  }
  const data = join(dir, 'data')
  const port = String(54_000 + Math.floor(Math.random() * 1000))
  const psql = (sql: string) =>
    run(
      `${PG_BIN}/psql`,
      [
        '-X',
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '-h',
        dir,
        '-p',
        port,
        '-U',
        'postgres',
        '-d',
        'postgres',
        '-1',
      ],
      { input: sql },
    )
  try {
    run(`${PG_BIN}/initdb`, [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ])
    run(`${PG_BIN}/pg_ctl`, [
      '-D',
      data,
      '-w',
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=''`,
      'start',
    ])
    const files = readSqlFiles()
    psql(files.shim)
    for (const migration of files.migrations) psql(migration.sql)
    psql(seedSql(list, queryList))

    const script = join(dir, 'search.sql')
    writeFileSync(
      script,
      `\\set i random(1, ${queryList.length})
begin;
select set_config('request.jwt.claims', '{"role": "anon"}', true), set_config('request.headers', '{"cf-connecting-ip": "10.0.' || (:i / 250) || '.' || (:i % 250) || '"}', true);
set local role anon;
select kasalan.search_persons('${SLUG}', (select q from public.bench_queries where i = :i));
commit;
`,
    )
    chmodSync(script, 0o644)
    const pgbench = (transactions: number) => {
      // A fresh hour for the wedding's counters: the benchmark is one visitor per query, not a probe.
      psql('delete from kasalan.rate_counters; delete from kasalan.rate_probes;')
      return run(`${PG_BIN}/pgbench`, [
        '-n',
        '-h',
        dir,
        '-p',
        port,
        '-U',
        'postgres',
        '-c',
        '1',
        '-t',
        String(transactions),
        '-f',
        script,
        '-r',
        '-l',
        '--log-prefix',
        join(dir, 'pgbench'),
        'postgres',
      ])
    }
    pgbench(200) // warm-up
    spawnSync('sh', ['-c', `rm -f ${dir}/pgbench.*`])
    const report = pgbench(CALLS)
    // pgbench -r: the average of each statement, so the search itself shows apart from the commit.
    const statements = report
      .split('\n')
      .filter((line) => /^\s+[\d.]+\s+\d*\s*(select|commit|begin|set)/.test(line))
    const log = execFileSync('sh', ['-c', `cat ${dir}/pgbench.*`]).toString()
    // pgbench's per-transaction log: client, transaction, latency in microseconds, ...
    const latencies = log
      .trim()
      .split('\n')
      .map((line) => Number(line.split(' ')[2]) / 1000)
    console.log(run(`${PG_BIN}/postgres`, ['--version']).trim())

    // The rate limit's counters under concurrent connections: 8 clients, 50 searches each, each
    // from its own address; the wedding's counter for the hour must count every one of them.
    psql('delete from kasalan.rate_counters; delete from kasalan.rate_probes;')
    run(`${PG_BIN}/pgbench`, [
      '-n',
      '-h',
      dir,
      '-p',
      port,
      '-U',
      'postgres',
      '-c',
      '8',
      '-j',
      '2',
      '-t',
      '50',
      '-f',
      script,
      'postgres',
    ])
    const counted = psql(
      "\\pset tuples_only on\nselect coalesce(sum(calls), 0) from kasalan.rate_counters where caller = '*' and span = 'h';",
    ).trim()
    console.log(
      `rate limit counters under 8 concurrent connections: the wedding counted ${counted} of 400 searches`,
    )
    console.log(
      `real PostgreSQL, average per statement (ms):\n${statements.map((line) => `  ${line.trim().slice(0, 110)}`).join('\n')}`,
    )
    stats(
      `real PostgreSQL, search_persons as anon at ${PERSONS.toLocaleString('en')} persons (pgbench over a Unix socket, one transaction per call)`,
      latencies,
    )
  } finally {
    try {
      run(`${PG_BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', 'stop'])
    } catch {
      // The cluster never started.
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

async function pglite(list: FixturePerson[][], queryList: string[]) {
  const db = await PGlite.create({ extensions: { pgcrypto, unaccent, pg_trgm } })
  const files = readSqlFiles()
  await bootstrap(db, { ...files, seed: '' })
  await db.exec(seedSql(list, queryList))
  const call = async (query: string, i: number) => {
    await db.transaction(async (tx) => {
      await tx.query(
        "select set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true)",
        [
          JSON.stringify({ role: 'anon' }),
          JSON.stringify({ 'cf-connecting-ip': `10.0.${Math.floor(i / 250)}.${i % 250}` }),
        ],
      )
      await tx.exec('set local role anon')
      await tx.query('select kasalan.search_persons($1, $2)', [SLUG, query])
    })
  }
  for (let i = 0; i < 100; i += 1) await call(queryList[i]!, i)
  await db.exec('delete from kasalan.rate_counters')
  const millis: number[] = []
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now()
    await call(queryList[i % queryList.length]!, i)
    millis.push(performance.now() - started)
  }
  stats(
    `PGlite under Node, search_persons as anon at ${PERSONS.toLocaleString('en')} persons (in process, one transaction per call)`,
    millis,
  )
  await db.close()
}

/**
 * The harvest measure (tests/db/search.test.ts: 300 guests, every 3-letter start and punctuation
 * form) against the search before the privacy change and today's, in PGlite: how many guests each
 * gives away, and how long the calls take.
 */
async function harvestBeforeAndNow() {
  const db = await PGlite.create({ extensions: { pgcrypto, unaccent, pg_trgm } })
  await bootstrap(db, { ...readSqlFiles(), seed: '' })
  await db.exec(
    readFileSync(new URL('../tests/db/fixtures/search-before.sql', import.meta.url), 'utf8'),
  )
  await db.exec(weddingSql(harvestGuestList()))
  const calls = harvestQueries()
  const searches = {
    'before the privacy change': `select m ->> 'personId' as person_id from jsonb_array_elements(search_before.search_persons('${SLUG}', q.query)) m`,
    today: `select m ->> 'personId' as person_id from jsonb_array_elements(kasalan_private.search_wedding_persons('${WEDDING_ID}', q.query) -> 'matches') m`,
  }
  for (const [label, search] of Object.entries(searches)) {
    const started = performance.now()
    const { rows } = await db.query<{ recovered: number }>(
      `select count(distinct r.person_id)::int as recovered from unnest($1::text[]) as q(query) cross join lateral (${search}) r`,
      [calls],
    )
    const seconds = (performance.now() - started) / 1000
    console.log(
      `harvest, ${calls.length} calls, search ${label}: ${rows[0]!.recovered} of 300 guests (${seconds.toFixed(1)} s in PGlite)`,
    )
  }
  await db.close()
}

const list = households()
const queryList = queries(list)
console.log(
  `${list.flat().length} persons in ${list.length} households; ${queryList.length} different queries, e.g. ${queryList
    .slice(0, 5)
    .map((q) => JSON.stringify(q))
    .join(', ')}`,
)
try {
  realPostgres(list, queryList)
} catch (error) {
  const failure = error as { stderr?: Buffer; message?: string }
  console.log(
    `real PostgreSQL: not measured (${failure.stderr?.toString().trim() || failure.message})`,
  )
}
await pglite(list, queryList)
await harvestBeforeAndNow()

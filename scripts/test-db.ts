// Runs the database tests on both lanes at once: PGlite (the embedded database) and real PostgreSQL
// bootstrapped like hosted Supabase. Says plainly when the PostgreSQL lane is skipped because no
// server binaries were found, and ends with each lane's count and duration.
//
//   npm run test:db                 both lanes (PostgreSQL when found)
//   KASALAN_DB_LANES=postgres npm run test:db   one lane only (pglite or postgres)

import { spawn } from 'node:child_process'
import { findServerBinaries } from '../tests/db/postgres/versions'

type Lane = 'pglite' | 'postgres'

interface LaneResult {
  lane: Lane
  code: number
  seconds: number
  passed: number
  failed: number
  skipped: number
}

function runLane(lane: Lane, extraArgs: string[]): Promise<LaneResult & { output: string }> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'db', ...extraArgs], {
      env: { ...process.env, KASALAN_DB: lane, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => {
      const tests = /^\s*Tests\s+(.*)$/m.exec(output)?.[1] ?? ''
      const count = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(tests)?.[1] ?? 0)
      resolve({
        lane,
        code: code ?? 1,
        seconds: (Date.now() - started) / 1000,
        passed: count('passed'),
        failed: count('failed'),
        skipped: count('skipped'),
        output,
      })
    })
  })
}

const extraArgs = process.argv.slice(2)
const wanted = (process.env.KASALAN_DB_LANES ?? 'pglite,postgres').split(',') as Lane[]
const lanes: Lane[] = []
if (wanted.includes('pglite')) lanes.push('pglite')
if (wanted.includes('postgres')) {
  const bin = findServerBinaries()
  if (bin) lanes.push('postgres')
  else {
    console.log(
      "SKIPPED the real-PostgreSQL lane: no PostgreSQL server binaries found (install Debian's `postgresql` " +
        'or set KASALAN_PG_BIN). Only PGlite was tested.',
    )
  }
}

const results = await Promise.all(
  lanes.map((lane) =>
    runLane(lane, extraArgs).then((result) => {
      console.log(`\n===== database tests on ${lane} =====\n${result.output}`)
      return result
    }),
  ),
)

console.log('\nDatabase test lanes:')
for (const r of results) {
  console.log(
    `  ${r.lane.padEnd(8)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped in ${r.seconds.toFixed(1)} s` +
      (r.code === 0 ? '' : `  (exit ${r.code})`),
  )
}
const total = (key: 'passed' | 'failed' | 'skipped') => results.reduce((sum, r) => sum + r[key], 0)
console.log(`db: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`)
process.exit(results.every((r) => r.code === 0) ? 0 : 1)

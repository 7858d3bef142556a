#!/usr/bin/env node
/**
 * The public site's first-load budget. Builds the app as production runs it (Supabase mode), then
 * adds up, gzipped, the JavaScript a guest's browser loads to show `/`: the entry and its imports,
 * the site route, the backend adapter and the site's Filipino strings. Fails above the budget, or
 * when a heavy library meant for management (or the embedded database) slipped into that load.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const budgetBytes = 156 * 1000
const outDir = 'dist-budget'
const firstLoadSources = [
  'index.html',
  'src/features/site/routes/site-page.tsx',
  'src/lib/backend/supabase/adapter.ts',
  'src/locales/fil/common.json',
  'src/locales/fil/site.json',
]
const optionalSources = new Set(['src/locales/fil/common.json', 'src/locales/fil/site.json'])
const forbidden = ['konva', '@dnd-kit', 'papaparse', '@electric-sql/pglite', '@supabase/supabase-js', '@supabase/auth-js']

execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'warn'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    VITE_SUPABASE_URL: 'https://budget-check.supabase.co',
    VITE_SUPABASE_ANON_KEY: 'budget-check-anon-key',
  },
})

const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'))
const chunkModules = JSON.parse(readFileSync(join(outDir, 'chunk-modules.json'), 'utf8'))

const files = new Set()
function collect(key) {
  const entry = manifest[key]
  if (!entry || files.has(entry.file)) return
  files.add(entry.file)
  for (const imported of entry.imports ?? []) collect(imported)
}
for (const source of firstLoadSources) {
  if (!manifest[source] && !optionalSources.has(source)) {
    console.error(`budget: ${source} is not in the build manifest`)
    process.exit(1)
  }
  collect(source)
}

let total = 0
const rows = []
const offenders = []
for (const file of [...files].filter((name) => name.endsWith('.js'))) {
  const gzipped = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length
  total += gzipped
  rows.push([file, gzipped])
  for (const id of Object.keys(chunkModules[file] ?? {})) {
    const library = forbidden.find((name) => id.includes(`node_modules/${name}`))
    if (library) offenders.push(`${library} (in ${file})`)
  }
}

rows.sort((a, b) => b[1] - a[1])
if (process.argv.includes('--modules')) {
  const modules = [...files].flatMap((file) => Object.entries(chunkModules[file] ?? {}))
  modules.sort((a, b) => b[1] - a[1])
  console.log('\nLargest modules in the first load (minified characters):')
  for (const [id, length] of modules.slice(0, 40)) console.log(`  ${String(length).padStart(8)}  ${id}`)
}
console.log('\nPublic site first load, Supabase mode (gzip -9):')
for (const [file, size] of rows) console.log(`  ${(size / 1000).toFixed(1).padStart(7)} KB  ${file}`)
console.log(`  ${(total / 1000).toFixed(1).padStart(7)} KB  total (budget ${budgetBytes / 1000} KB)`)

const unique = [...new Set(offenders)]
if (unique.length) {
  console.error(`budget: the public first load must not include: ${unique.join(', ')}`)
  process.exit(1)
}
if (total > budgetBytes) {
  console.error(`budget: ${(total / 1000).toFixed(1)} KB is over the ${budgetBytes / 1000} KB budget`)
  process.exit(1)
}
console.log('budget: ok')

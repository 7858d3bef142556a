/**
 * One Lighthouse run, in its own Node process: `scripts/bench-site.mjs` starts it with the Node 22
 * and the Lighthouse that it installed into its cache (Lighthouse 13 needs Node 22; the project
 * runs on Node 20). Lighthouse's default config is the mobile preset with simulated throttling.
 *
 *   node lighthouse-run.mjs '{"modules":"<dir with node_modules>","url":"…","chromePath":"…","chromeFlags":[…],"out":"<file>","trace":"<file>"?}'
 *
 * Writes the run's full report (the LHR) as JSON to `out`, and with `trace`, the trace to that file.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const { modules, url, chromePath, chromeFlags, out, trace } = JSON.parse(process.argv[2])
const from = (file) => import(pathToFileURL(join(modules, 'node_modules', file)).href)
const { default: lighthouse } = await from('lighthouse/core/index.js')
const chromeLauncher = await from('chrome-launcher/dist/index.js')

// A new browser each run: an empty cache, as a guest opening the link for the first time.
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  })
  if (!result?.lhr) throw new Error(`Lighthouse returned no report for ${url}`)
  if (result.lhr.runtimeError)
    throw new Error(
      `Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
    )
  writeFileSync(out, JSON.stringify(result.lhr))
  // The Chromium trace Lighthouse recorded (its long tasks with their call stacks), when asked for.
  if (trace)
    writeFileSync(
      trace,
      JSON.stringify(result.artifacts.Trace ?? result.artifacts.Traces?.defaultPass ?? null),
    )
} finally {
  chrome.kill()
}

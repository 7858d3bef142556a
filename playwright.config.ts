import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/**
 * Chromium from the machine: CHROME_PATH, else Debian's headless shell, else Debian's browser, else
 * Playwright's own. The headless shell is what Playwright itself runs headless tests on: the same
 * Blink and V8 without the full browser's window machinery, so each test costs less CPU (see
 * docs/decisions.md, "CI in ten minutes").
 */
const executablePath =
  process.env.CHROME_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path))

// E2E_DIST and E2E_PORT let several builds be tested side by side.
const port = Number(process.env.E2E_PORT ?? 4173)
const outDir = process.env.E2E_DIST ?? 'dist-e2e'

export default defineConfig({
  testDir: 'e2e',
  // The hosted stack's browser tests have their own config (playwright.hosted.config.ts).
  testIgnore: ['hosted/**'],
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action's page and a screencast: a third of a test's CPU. CI retries a
    // failed test once, and that second run is traced; elsewhere, ask for one with `--trace on`.
    trace: 'on-first-retry',
    // The app's spinners and skeletons stand still for those who ask for less motion. Asking for it
    // here is what keeps the browser tests affordable: Chromium drew every frame of a spinner that
    // turned while the embedded database opened, about 40 % of the suite's CPU.
    reducedMotion: 'reduce',
    // Management registers a service worker that keeps about 20 MB (the app and the embedded
    // database's engine) on its first visit: in every test's new browser, that would be fetched and
    // stored again for nothing. e2e/offline.spec.ts allows it where it is what is tested.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The embedded database's WebAssembly runs on V8's baseline compiler only: optimising its
        // hot functions again in every new tab cost more than a test saves by running them faster.
        '--js-flags=--liftoff-only',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The built app on the embedded database (npm run test:e2e builds it into dist-e2e), served as a
    // static host serves it: every address the app routes falls back to index.html. sirv is the file
    // server inside `vite preview`, without Vite's own middleware, and serves the 20 MB each test's new
    // browser context fetches for about half the CPU (docs/decisions.md, "CI in ten minutes").
    command: `npx sirv ${outDir} --single --etag --quiet --port ${port} --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
})

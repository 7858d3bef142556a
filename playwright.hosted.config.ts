import { defineConfig } from '@playwright/test'
import base from './playwright.config'
import { supabaseHostRule } from './scripts/lib/supabase-mode'

/**
 * The browser tests on the hosted stack (e2e/hosted, `npm run test:e2e:hosted`): the app's
 * Supabase-mode build (scripts/test-e2e-hosted.sh; E2E_HOSTED_DIST, else dist-hosted), served as a
 * static host serves it, and the stack itself (scripts/hosted-stack). The build calls its Supabase
 * host, which Chromium sends to the stack's port here.
 */
export const stackPort = Number(process.env.E2E_STACK_PORT ?? 54329)
const appPort = Number(process.env.E2E_HOSTED_PORT ?? 4183)
const outDir = process.env.E2E_HOSTED_DIST ?? 'dist-hosted'
/**
 * Access tokens last this many seconds here (an hour on Supabase): every journey outlives several,
 * and a phone offline long enough holds an expired one, as a real one does after an hour.
 */
export const jwtExpiry = Number(process.env.E2E_STACK_JWT_EXPIRY ?? 5)

export default defineConfig({
  ...base,
  testDir: 'e2e/hosted',
  testIgnore: [],
  // The journeys spend most of their time waiting on the app's own clocks (the door asks every 3 s,
  // the RSVPs tab every 15 s, tokens expire after 5 s): a third worker uses the idle core, for the
  // same CPU (95 CPU-s either way; docs/hosted-stack.md).
  workers: 3,
  use: {
    ...base.use,
    baseURL: `http://127.0.0.1:${appPort}`,
    launchOptions: {
      ...base.use?.launchOptions,
      args: [...(base.use?.launchOptions?.args ?? []), supabaseHostRule(stackPort)],
    },
  },
  webServer: [
    {
      // One process (no npx or tsx wrapper in front), so that it is the one the signal stops.
      command: 'node --import tsx scripts/hosted-stack/main.ts --stack-only',
      env: {
        HOSTED_STACK_PORT: String(stackPort),
        HOSTED_SITE_URL: `http://127.0.0.1:${appPort}`,
        HOSTED_STACK_JWT_EXPIRY: String(jwtExpiry),
      },
      url: `http://127.0.0.1:${stackPort}/auth/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The stack stops its PostgreSQL cluster and Deno processes on SIGTERM, then exits.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: `npx sirv ${outDir} --single --etag --quiet --port ${appPort} --host 127.0.0.1`,
      url: `http://127.0.0.1:${appPort}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
})

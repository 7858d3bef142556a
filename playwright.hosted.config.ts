import { defineConfig } from '@playwright/test'
import base from './playwright.config'

/**
 * The browser tests on the hosted stack (e2e/hosted, `npm run test:e2e:hosted`): the app built for
 * the stack into dist-hosted (scripts/test-e2e-hosted.sh), served as a static host serves it, and
 * the stack itself (scripts/hosted-stack) on a fixed port, the address the build was made with.
 */
export const stackPort = Number(process.env.E2E_STACK_PORT ?? 54329)
const appPort = Number(process.env.E2E_HOSTED_PORT ?? 4183)

export default defineConfig({
  ...base,
  testDir: 'e2e/hosted',
  testIgnore: [],
  use: { ...base.use, baseURL: `http://127.0.0.1:${appPort}` },
  webServer: [
    {
      // One process (no npx or tsx wrapper in front), so that it is the one the signal stops.
      command: 'node --import tsx scripts/hosted-stack/main.ts --stack-only',
      env: {
        HOSTED_STACK_PORT: String(stackPort),
        HOSTED_SITE_URL: `http://127.0.0.1:${appPort}`,
      },
      url: `http://127.0.0.1:${stackPort}/auth/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The stack stops its PostgreSQL cluster and Deno processes on SIGTERM, then exits.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: `npx sirv dist-hosted --single --etag --quiet --port ${appPort} --host 127.0.0.1`,
      url: `http://127.0.0.1:${appPort}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
})

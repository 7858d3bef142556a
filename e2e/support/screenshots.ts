import { test, type Locator, type Page } from '@playwright/test'

/**
 * Whether the screenshots kept for people to look at are taken. They are compared with nothing, and
 * nobody opens them in CI, where a full-page one costs up to half a CPU-second:
 * CI takes them only with E2E_SCREENSHOTS=1. A screenshot a test reads (its pixels, its size) is
 * taken with Playwright's own `screenshot()` everywhere.
 */
export const keepsScreenshots = !process.env.CI || process.env.E2E_SCREENSHOTS === '1'

/**
 * A screenshot kept as `name` in the test's own output folder (`testInfo.outputPath`), to look at:
 * wherever `--output` puts the results, and apart from other tests' files.
 */
export async function keepScreenshot(
  target: Page | Locator,
  name: string,
  options: {
    fullPage?: boolean
    clip?: { x: number; y: number; width: number; height: number }
  } = {},
) {
  if (!keepsScreenshots) return
  await target.screenshot({ path: test.info().outputPath(name), ...options })
}

import type { Locator, Page } from '@playwright/test'

/**
 * Whether the screenshots kept for people to look at are taken. They are compared with nothing, and
 * nobody opens them in CI, where a full-page one costs up to half a CPU-second:
 * CI takes them only with E2E_SCREENSHOTS=1. A screenshot a test reads (its pixels, its size) is
 * taken with Playwright's own `screenshot()` everywhere.
 */
export const keepsScreenshots = !process.env.CI || process.env.E2E_SCREENSHOTS === '1'

/** A screenshot kept at `path` (under test-results/), to look at. */
export async function keepScreenshot(
  target: Page | Locator,
  path: string,
  options: {
    fullPage?: boolean
    clip?: { x: number; y: number; width: number; height: number }
  } = {},
) {
  if (!keepsScreenshots) return
  await target.screenshot({ path, ...options })
}

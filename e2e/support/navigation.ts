import type { Page } from '@playwright/test'

/**
 * Opens `path` in the app already on the page, as the app's own links do (the router follows
 * history), without loading the page again. A full load starts the embedded database afresh, about
 * one and a half CPU-seconds each: tests go by address this way wherever the load itself is not
 * what they test (a typed address, a reload that must find what was saved, a new language).
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

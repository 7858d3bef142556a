import type { Browser, Page } from '@playwright/test'

/**
 * The public site's first screen comes from the HTML, not the app (src/features/site/boot-hero.ts):
 * with every script of the build refused, `path` must still show the couple's names as the page's
 * h1, the date in the title, and the hero image loaded at high priority. Then, with the scripts,
 * the app's page must take over with its h1 exactly where the painted one was, and the page's
 * layout shifts must stay under 0.02. On a 360 px phone. Returns what failed.
 */
export async function checkFirstPaint(
  browser: Browser,
  origin: string,
  path: string,
  names: string,
  date: string,
) {
  const failures: string[] = []
  const fail = (what: string) => failures.push(`${path}: ${what}`)
  const heading = (page: Page, selector: string) =>
    page.locator(selector).evaluate((element) => {
      const box = element.getBoundingClientRect()
      return {
        text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
        top: box.top,
        left: box.left,
        height: box.height,
      }
    })

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  try {
    const page = await context.newPage()
    await page.route(/\.m?js(\?|$)/, (route) =>
      new URL(route.request().url()).origin === origin ? route.abort() : route.continue(),
    )
    await page.goto(origin + path)
    await page.locator('#boot-hero h1').waitFor({ timeout: 30_000 })
    const painted = await heading(page, '#boot-hero h1')
    if (painted.text !== names) fail(`the HTML's h1 reads "${painted.text}", not "${names}"`)
    const title = await page.title()
    if (!title.includes(names) || !title.includes(date))
      fail(`the title before any script is "${title}"`)
    const hero = page.locator('#boot-hero .site-hero-card > img').first()
    await hero.evaluate((image: HTMLImageElement) => image.decode().catch(() => undefined))
    const image = await hero.evaluate((image: HTMLImageElement) => ({
      loaded: image.complete && image.naturalWidth > 0,
      priority: image.getAttribute('fetchpriority'),
    }))
    if (!image.loaded || image.priority !== 'high')
      fail(`the hero image ${JSON.stringify(image)} is not loaded at high priority`)

    // The same page with its scripts: the app takes over in place.
    const app = await context.newPage()
    await app.addInitScript(() => {
      const shifts = ((window as unknown as { __shifts: number }).__shifts = 0)
      void shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!entry.hadRecentInput)
            (window as unknown as { __shifts: number }).__shifts += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await app.goto(origin + path)
    await app.waitForFunction(
      () => !document.getElementById('boot-hero') && document.getElementById('site-couple-names'),
      null,
      {
        timeout: 30_000,
      },
    )
    const drawn = await heading(app, '#site-couple-names')
    if (
      drawn.text !== painted.text ||
      Math.abs(drawn.top - painted.top) > 1 ||
      Math.abs(drawn.left - painted.left) > 1
    )
      fail(
        `the app's h1 ${JSON.stringify(drawn)} is not the painted one ${JSON.stringify(painted)}`,
      )
    await app.waitForTimeout(1000)
    const shifts = await app.evaluate(() => (window as unknown as { __shifts: number }).__shifts)
    if (shifts > 0.02) fail(`layout shifts add up to ${shifts.toFixed(3)}, above 0.02`)
    console.log(
      `${path} — first screen from the HTML: h1 "${painted.text}", title "${title}"; ` +
        `the app's h1 in the same place; layout shifts ${shifts.toFixed(3)}`,
    )
  } catch (error) {
    fail(`the first screen did not paint: ${(error as Error).message.split('\n')[0]}`)
  } finally {
    await context.close()
  }
  return failures
}

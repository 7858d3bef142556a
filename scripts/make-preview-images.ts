/**
 * Draws the link previews' pictures (public/images/site/preview-<theme>.png, 1200 × 630, the size
 * Facebook, Messenger, Viber and WhatsApp show large): each theme's hero art on its own colours.
 * The chat apps take no SVG, so the link-preview function names these instead of the site's art.
 * Run again when a theme's art or colours change: `npx tsx scripts/make-preview-images.ts`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { themes, type ThemeName } from '../src/lib/theme/theme'

const executablePath =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

const browser = await chromium.launch({ executablePath })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
for (const name of Object.keys(themes) as ThemeName[]) {
  const { colors } = themes[name]
  const art = readFileSync(`public/images/site/hero-${name}.svg`, 'utf8')
  await page.setContent(
    `<body style="margin:0;width:1200px;height:630px;display:grid;place-items:center;background:${colors.background};` +
      `box-shadow:inset 0 0 0 24px ${colors.secondaryBackground}">` +
      `<img style="width:900px;height:450px" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(art)}" alt=""></body>`,
  )
  await page.locator('img').evaluate((image: HTMLImageElement) => image.decode())
  writeFileSync(`public/images/site/preview-${name}.png`, await page.screenshot({ type: 'png' }))
  console.log(`public/images/site/preview-${name}.png`)
}
await browser.close()

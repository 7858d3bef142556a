/**
 * Draws the installed app's icons (public/icons/*.png) from the favicon's two rings:
 *  - `icon-<size>.png` (purpose "any"): the favicon itself, a rounded tile, at 192 and 512 px;
 *  - `icon-maskable-<size>.png`: the tile's colour to every edge, the rings inside the central 80 %
 *    circle that every launcher's mask keeps (https://web.dev/articles/maskable-icon);
 *  - `apple-touch-icon.png` (180 px, full bleed: iOS rounds the corners itself).
 * Run again when the favicon changes: `npx tsx scripts/make-app-icons.ts`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const executablePath =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const favicon = readFileSync('public/favicon.svg', 'utf8')
const tile = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1]
if (!tile) throw new Error('public/favicon.svg: no tile colour found')
// The rings alone on a full-bleed square, centred (the favicon sits them 2 units low), scaled by `scale`.
const fullBleed = (scale: number) =>
  favicon
    .replace(
      /<rect[^>]*\/>/,
      `<rect width="64" height="64" fill="${tile}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -34)">`,
    )
    .replace('</svg>', '</g></svg>')

const icons: Array<{ file: string; size: number; svg: string }> = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // The rings reach 22 units from the centre at 1.1 (34 % of the width): inside the 40 % safe radius.
  { file: 'icon-maskable-192.png', size: 192, svg: fullBleed(1.1) },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(1.1) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1.2) },
]

mkdirSync('public/icons', { recursive: true })
const browser = await chromium.launch({ executablePath })
for (const { file, size, svg } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  await page.setContent(
    `<body style="margin:0;background:transparent"><img style="display:block;width:${size}px;height:${size}px" ` +
      `src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}" alt=""></body>`,
  )
  await page.locator('img').evaluate((image: HTMLImageElement) => image.decode())
  writeFileSync(
    `public/icons/${file}`,
    await page.screenshot({ type: 'png', omitBackground: true }),
  )
  await page.close()
  console.log(`public/icons/${file}`)
}
await browser.close()

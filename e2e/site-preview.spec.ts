import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'

// The demo's site, as a management screen would post it, with an unsaved change: another bride.
const demo = JSON.parse(
  readFileSync(new URL('../supabase/seed-data/demo-wedding.json', import.meta.url), 'utf8'),
)
const ligaya = { firstName: 'Ligaya', lastName: 'Santos' }
const site = {
  slug: demo.wedding.slug,
  title: demo.wedding.title,
  isPublished: false,
  isCouple: true,
  wedding: { ...demo.wedding, bride: ligaya },
  sections: demo.sections.map((section: { type: string; data: Record<string, unknown> }) =>
    section.type === 'home' ? { ...section, data: { ...section.data, bride: ligaya } } : section,
  ),
}

test.describe.configure({ timeout: 120_000 })

// Nothing here writes: the preview drawn in a frame, then the preview page opened on its own, in
// one browser (docs/decisions.md).
test('the preview page draws the site its parent posts, keeps clicks inside the preview, and on its own points to the builder', async ({
  page,
}) => {
  await test.step('the preview page draws the site its parent posts, and keeps clicks inside the preview', async () => {
    await page.goto('/terms')
    // The frame says it is ready; the parent answers with the site, as SitePreviewFrame does.
    await page.evaluate((site) => {
      window.addEventListener('message', (event) => {
        if (event.data?.type !== 'kasalan:site-preview:ready') return
        const frame = document.querySelector('iframe')!
        frame.contentWindow!.postMessage(
          { type: 'kasalan:site-preview:show', site, language: 'en' },
          location.origin,
        )
      })
      const frame = document.createElement('iframe')
      frame.src = '/preview'
      frame.title = 'preview'
      frame.style.width = '360px'
      frame.style.height = '640px'
      document.body.prepend(frame)
    }, site)
    const preview = page.frameLocator('iframe[title="preview"]')
    await expect(
      preview.getByRole('heading', { level: 1, name: /Ligaya\s*&\s*Miguel/ }),
    ).toBeVisible({ timeout: 60_000 })
    // The owner's banner stays out of the preview; the page title stays the parent's.
    await expect
      .soft(preview.getByRole('complementary', { name: 'Only you see this' }))
      .toHaveCount(0)
    await expect.soft(page).not.toHaveTitle(/Ligaya/)

    // A section link inside the frame shows that section in the frame; the frame stays on /preview.
    await preview.getByRole('button', { name: 'Open the menu' }).click()
    await preview.getByRole('dialog').getByRole('link', { name: 'Schedule' }).click()
    await expect(preview.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible()
    expect.soft(page.frames()[1]?.url()).toMatch(/\/preview$/)
  })

  await test.step('opened on its own, the preview page points to the builder', async () => {
    await page.goto('/preview')
    await expect(page.getByRole('link', { name: /website builder/ })).toBeVisible()
  })
})

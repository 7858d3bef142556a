import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'

// The accessibility check every screen's test runs (e2e/support/axe.ts) finds what it must: on a
// page with known problems, in the page, in a frame inside it, and only in the part it is asked about.
test('the accessibility check finds serious problems in the page and its frames, and passes a sound page', async ({
  page,
}) => {
  await page.setContent(`<html lang="en"><head><title>Check</title></head><body><main>
    <img src="photo.png">
    <button></button>
    <p id="faint" style="color: #eee; background: #fff">Faint words</p>
    <iframe title="Inline" srcdoc="<html lang=en><head><title>Inline</title></head><body><input type=text></body></html>"></iframe>
    <iframe title="No scripts" sandbox="" srcdoc="<p>An e-mail preview</p>"></iframe>
  </main></body></html>`)

  const problems = await expectNoSeriousA11yViolations(page).then(
    () => '',
    (error: Error) => error.message,
  )
  expect(problems).toContain('image-alt')
  expect(problems).toContain('button-name')
  expect(problems).toContain('color-contrast')
  expect(problems).toMatch(/label: Form elements must have labels \(.*iframe.* input\)/)

  const inPart = await expectNoSeriousA11yViolations(page, '#faint').then(
    () => '',
    (error: Error) => error.message,
  )
  expect(inPart).toContain('color-contrast')
  expect(inPart).not.toContain('image-alt')

  await page.setContent(
    '<html lang="en"><head><title>Sound</title></head><body><main><h1>Kasalan</h1><img src="p.png" alt="The couple"></main></body></html>',
  )
  await expectNoSeriousA11yViolations(page)
})

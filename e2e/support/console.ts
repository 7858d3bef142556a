import { expect, type Page } from '@playwright/test'

/**
 * Collects what a page reports as an error: console.error from the page and its workers (the
 * embedded database's among them), and uncaught exceptions. A screen that handles a failure (a
 * refusal shown as a message) does not also log it as an error, so a journey ends with none:
 *
 *   const console = watchConsole(page)
 *   ... the journey ...
 *   console.expectNoErrors()
 */
export function watchConsole(page: Page, label = 'page') {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${label}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${label}: uncaught ${error.name}: ${error.message}`))
  return {
    errors,
    expectNoErrors(what = 'errors in the console') {
      expect(errors, what).toEqual([])
    },
  }
}

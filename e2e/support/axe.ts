import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** Runs axe on the page (or part of it) and fails on any serious or critical problem. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  expect(serious, 'serious or critical accessibility problems').toEqual([])
}

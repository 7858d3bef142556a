import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Runs axe on the page (or part of it) and fails on any serious or critical problem. Label in
 * Name (WCAG 2.5.3, `label-content-name-mismatch`) is experimental in axe and off by default:
 * it is switched on here, since someone using voice control says what they see. `options()`
 * replaces every option, so it goes before `withTags()`. `resultTypes` keeps only what is read:
 * every violation is still listed with all its nodes, the passes with one node each.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page })
    // Only the violations are read: axe need not gather every passing node's details.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  expect(serious, 'serious or critical accessibility problems').toEqual([])
}

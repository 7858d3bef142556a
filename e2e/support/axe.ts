import axe, { type ContextObject, type RunOptions } from 'axe-core'
import { expect, type Frame, type Page } from '@playwright/test'

declare global {
  interface Window {
    axe: typeof axe
  }
}

/**
 * WCAG 2.1 A and AA. Label in Name (WCAG 2.5.3, `label-content-name-mismatch`) is experimental in
 * axe and off by default: it is switched on here, since someone using voice control says what they
 * see. Only the violations are read, so axe need not gather every passing node's details. Each
 * frame is checked on its own (below), so axe does not look into frames itself.
 */
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
  iframes: false,
}

/** A problem axe found: its rule, its words, how serious, and where (frame selectors first). */
interface Problem {
  id: string
  help: string
  impact: string | null
  targets: string[]
}

/** `work`'s result, or `otherwise` when it takes longer. */
function withinSeconds<T>(seconds: number, work: Promise<T>, otherwise: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<T>(
    (resolve) => (timer = setTimeout(() => resolve(otherwise), seconds * 1000)),
  )
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * axe's problems in `frame` and, depth first, in every frame inside it that can run it, each
 * placed by the selectors of the frames it is in (as axe itself writes a target inside a frame).
 * Typed by hand across `evaluate`: Playwright's types for axe's nest too deep for TypeScript.
 */
async function problemsIn(
  frame: Frame,
  context: ContextObject,
  place: string[],
): Promise<Problem[]> {
  if (!(await frame.evaluate(() => typeof window.axe?.run === 'function')))
    await frame.evaluate(axe.source)
  const found = (await frame.evaluate(
    async ([context, options]) => {
      // Asked before the run, which leaves axe without the page's tree.
      const frames = window.axe.utils.getFrameContexts(context as ContextObject)
      const results = await window.axe.run(context as ContextObject, options as RunOptions)
      return {
        problems: results.violations.map(({ id, help, impact, nodes }) => ({
          id,
          help,
          impact: impact ?? null,
          targets: nodes.map((node) => node.target.join(' ')),
        })),
        frames,
      }
    },
    [context, OPTIONS] as unknown[],
  )) as { problems: Problem[]; frames: ReturnType<typeof axe.utils.getFrameContexts> }

  const problems = found.problems.map((problem) => ({
    ...problem,
    targets: problem.targets.map((target) => [...place, target].join(' ')),
  }))
  for (const { frameSelector, frameContext } of found.frames) {
    const element = (
      await frame.evaluateHandle(
        (selector) =>
          window.axe.utils.shadowSelect(
            selector as Parameters<typeof axe.utils.shadowSelect>[0],
          ) as Element | null,
        frameSelector as unknown,
      )
    ).asElement()
    // A frame that runs no scripts (sandbox="", the e-mail preview's) cannot run axe, and one whose
    // page never came (a video's, offline) has nothing to read.
    const runsScripts = await element?.evaluate(
      (node) =>
        !node.hasAttribute('sandbox') ||
        (node as HTMLIFrameElement).sandbox.contains('allow-scripts'),
    )
    const child = runsScripts ? await element?.contentFrame() : null
    if (!child || child.url() === '' || child.url().startsWith('chrome-error:')) continue
    const selector = [frameSelector].flat(2).join(' ')
    // axe's context for the frame, where an empty `include` means the frame's whole page.
    const { include, exclude } = frameContext as { include?: unknown[]; exclude?: unknown[] }
    const inFrame = (
      include?.length ? { include, exclude } : { exclude: exclude ?? [] }
    ) as ContextObject
    problems.push(...(await withinSeconds(5, problemsIn(child, inFrame, [...place, selector]), [])))
  }
  return problems
}

/**
 * Runs axe on the page (or the part `include` selects) and in the frames inside it, and fails on
 * any serious or critical problem. Each frame is checked where it is: @axe-core/playwright put the
 * frames' results together in a new tab it opened on every run, which cost the browser tests more
 * than axe's own checks.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  const context: ContextObject = include ? { include: [include] } : { exclude: [] }
  const serious = (await problemsIn(page.mainFrame(), context, []))
    .filter((problem) => problem.impact === 'serious' || problem.impact === 'critical')
    .map((problem) => `${problem.id}: ${problem.help} (${problem.targets.join(', ')})`)
  expect(serious, 'serious or critical accessibility problems').toEqual([])
}

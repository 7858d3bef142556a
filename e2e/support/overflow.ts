import type { Frame, Page } from '@playwright/test'

/** One element that reaches past the window's right edge: enough to find it in the page. */
export interface Overrun {
  /** A short path to the element: its tag, id, classes and a few of its parents. */
  where: string
  /** Its first words. */
  text: string
  /** How far past the window's right edge it reaches, in CSS pixels. */
  by: number
}

/**
 * What reaches past the right edge of the window: the document scrolling sideways (reported as
 * `<document>`), and every visible element whose right edge is past the window's. An element inside
 * a box that scrolls sideways on purpose (a tab bar that scrolls, the seating canvas) is that box's
 * business, and a box that clips its content is measured by what it shows. Elements hidden from
 * everyone (display: none, visibility: hidden, screen-reader-only text, zero size) are skipped.
 */
export function overruns(target: Page | Frame): Promise<Overrun[]> {
  return target.evaluate(() => {
    const width = document.documentElement.clientWidth
    const found: { where: string; text: string; by: number }[] = []
    const page = document.documentElement.scrollWidth - width
    if (page > 0) found.push({ where: '<document>', text: '', by: page })

    const describe = (element: Element) => {
      const parts: string[] = []
      for (
        let node: Element | null = element;
        node && parts.length < 4 && node !== document.body;
        node = node.parentElement
      ) {
        const id = node.id ? `#${node.id}` : ''
        const classes =
          typeof node.className === 'string'
            ? node.className.trim().split(/\s+/).slice(0, 3).join('.')
            : ''
        parts.unshift(`${node.tagName.toLowerCase()}${id}${classes ? `.${classes}` : ''}`)
      }
      return parts.join(' > ')
    }

    // The right edge up to which an element shows: the nearest edge of the boxes around it that clip
    // (Infinity when none does, -Infinity inside a box too small to show anything); null inside a
    // box that scrolls sideways on purpose.
    const limits = new Map<Element, number | null>()
    const limitOf = (element: Element | null): number | null => {
      if (!element || element === document.documentElement || element === document.body)
        return Infinity
      const known = limits.get(element)
      if (known !== undefined) return known
      let limit = limitOf(element.parentElement)
      if (limit !== null) {
        const style = getComputedStyle(element)
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
          // Sideways scrolling is on purpose only where the box says so and shows that it scrolls.
          if (element.hasAttribute('data-scrolls-sideways')) limit = null
        } else if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
          const box = element.getBoundingClientRect()
          limit = box.width <= 1 || box.height <= 1 ? -Infinity : Math.min(limit, box.right)
        }
      }
      limits.set(element, limit)
      return limit
    }

    // Each overrun once: by its outermost element, not again by everything inside it.
    const reported: Element[] = []
    for (const element of document.body.querySelectorAll('*')) {
      // An icon's drawing is measured as the icon.
      if (element.closest('svg') && element.tagName.toLowerCase() !== 'svg') continue
      const box = element.getBoundingClientRect()
      // Zero-size boxes and screen-reader-only text (a one-pixel box) show nothing.
      if (box.width <= 1 || box.height <= 1) continue
      const style = getComputedStyle(element)
      if (style.visibility !== 'visible' || style.display === 'contents') continue
      const limit = limitOf(element.parentElement)
      if (limit === null || box.left >= limit) continue
      const by = Math.min(box.right, limit) - width
      if (by > 0.5 && !reported.some((outer) => outer.contains(element))) {
        reported.push(element)
        found.push({
          where: describe(element),
          text: (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40),
          by: Math.round(by),
        })
      }
    }
    return found
  })
}

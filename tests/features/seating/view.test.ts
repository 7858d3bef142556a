// @vitest-environment node
// The camera over the grid: zoom limits, the first fit, zooming about a point.
import { describe, expect, test } from 'vitest'
import {
  addTable,
  clampZoom,
  emptyLayout,
  fitView,
  isInView,
  labelSizes,
  layoutBounds,
  MAX_INITIAL_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  toGrid,
  toScreen,
  zoomAt,
  type SeatingLayout,
} from '@/features/seating/model'

describe('zoom', () => {
  test('zoom goes from 0.3 to 2', () => {
    expect(MIN_ZOOM).toBe(0.3)
    expect(MAX_ZOOM).toBe(2)
    expect(clampZoom(0.1)).toBe(0.3)
    expect(clampZoom(3)).toBe(2)
    expect(clampZoom(1.25)).toBe(1.25)
    expect(clampZoom(Number.NaN)).toBe(1)
  })

  test('zooming keeps the point under the pointer in place', () => {
    const view = { scale: 1, x: -100, y: 50 }
    const anchor = { x: 300, y: 200 }
    const zoomed = zoomAt(view, anchor, 1.5)
    expect(zoomed.scale).toBe(1.5)
    expect(toScreen(zoomed, toGrid(view, anchor))).toEqual(anchor)
    expect(zoomAt(view, anchor, 10).scale).toBe(2)
  })
})

describe('fitView', () => {
  test('the first view never enlarges past 100%', () => {
    expect(MAX_INITIAL_ZOOM).toBe(1)
    const view = fitView({ x: 180, y: 180, width: 40, height: 40 }, { width: 1200, height: 800 })
    expect(view.scale).toBe(1)
    // Centred.
    expect(toScreen(view, { x: 200, y: 200 })).toEqual({ x: 600, y: 400 })
  })

  test('shrinks a large chart to fit, but not below 30%', () => {
    const fitted = fitView({ x: 0, y: 0, width: 1600, height: 900 }, { width: 1000, height: 700 })
    expect(fitted.scale).toBeCloseTo((1000 - 80) / 1600)
    expect(isInView(fitted, { width: 1000, height: 700 }, { x: 0, y: 0 })).toBe(true)
    const phone = fitView({ x: 0, y: 0, width: 2000, height: 2000 }, { width: 360, height: 500 })
    expect(phone.scale).toBe(0.3)
  })

  function hall(tables: number): SeatingLayout {
    let layout = emptyLayout
    for (let i = 0; i < tables; i++) layout = addTable(layout, { name: `Table ${i + 1}` })
    return layout
  }

  test.each([60, 80, 100])(
    'Fit shows a hall of %i tables whole on a laptop, with names 12 px tall on screen',
    (tables) => {
      // The chart's box at 1280 × 800 beside the guest panel.
      const stage = { width: 900, height: 576 }
      const bounds = layoutBounds(hall(tables))!
      const view = fitView(bounds, stage)
      expect(view.scale).toBeGreaterThan(MIN_ZOOM)
      expect(isInView(view, stage, { x: bounds.x, y: bounds.y })).toBe(true)
      expect(
        isInView(view, stage, { x: bounds.x + bounds.width, y: bounds.y + bounds.height }),
      ).toBe(true)
      const labels = labelSizes(view.scale)
      expect(labels.overview).toBe(true)
      expect(labels.name * view.scale).toBeGreaterThanOrEqual(12)
      expect(labels.name * view.scale).toBeLessThan(13)
    },
  )
})

describe('labelSizes', () => {
  test('from 75% up the writing keeps its own size and the seats their initials', () => {
    expect(labelSizes(1)).toEqual({ overview: false, name: 11, count: 10, initials: true })
    expect(labelSizes(2)).toEqual(labelSizes(0.75))
  })

  test('zoomed out, names stay 12 px and counts 10 px on screen, in whole grid pixels', () => {
    for (const scale of [0.3, 0.37, 0.5, 0.74]) {
      const labels = labelSizes(scale)
      expect(labels.overview).toBe(true)
      expect(Number.isInteger(labels.name) && Number.isInteger(labels.count)).toBe(true)
      expect(labels.name * scale).toBeGreaterThanOrEqual(12)
      expect(labels.count * scale).toBeGreaterThanOrEqual(10)
    }
    // Below the least zoom nothing grows further.
    expect(labelSizes(0.1)).toEqual(labelSizes(0.3))
  })

  test('initials are left out once they would be under 6 px tall', () => {
    expect(labelSizes(0.6).initials).toBe(true)
    expect(labelSizes(0.59).initials).toBe(false)
  })
})

// The camera over the grid: zoom limits, the first fit, zooming about a point.
import { describe, expect, test } from 'vitest'
import { clampZoom, fitView, isInView, MAX_INITIAL_ZOOM, MAX_ZOOM, MIN_ZOOM, toGrid, toScreen, zoomAt } from '@/features/seating/model'

describe('zoom', () => {
  test('zoom goes from 0.5 to 2', () => {
    expect(MIN_ZOOM).toBe(0.5)
    expect(MAX_ZOOM).toBe(2)
    expect(clampZoom(0.1)).toBe(0.5)
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

  test('shrinks a large chart to fit, but not below 50%', () => {
    const fitted = fitView({ x: 0, y: 0, width: 1600, height: 900 }, { width: 1000, height: 700 })
    expect(fitted.scale).toBeCloseTo((1000 - 80) / 1600)
    expect(isInView(fitted, { width: 1000, height: 700 }, { x: 0, y: 0 })).toBe(true)
    const phone = fitView({ x: 0, y: 0, width: 2000, height: 2000 }, { width: 360, height: 500 })
    expect(phone.scale).toBe(0.5)
  })
})

// The camera over the grid: zoom and pan, as numbers. A view maps a grid point p to the screen point
// p * scale + (x, y).

import { MAX_INITIAL_ZOOM, MAX_ZOOM, MIN_ZOOM } from './constants'
import type { Bounds, Point } from './layout'

export interface View {
  readonly scale: number
  readonly x: number
  readonly y: number
}

export interface Size {
  readonly width: number
  readonly height: number
}

export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return 1
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale))
}

export function toScreen(view: View, point: Point): Point {
  return { x: point.x * view.scale + view.x, y: point.y * view.scale + view.y }
}

export function toGrid(view: View, point: Point): Point {
  return { x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale }
}

/**
 * The first view of a chart: everything in sight with a margin, centred, but never enlarged past
 * 100% (and never below the 50% least zoom: a phone then pans).
 */
export function fitView(content: Bounds, stage: Size, margin = 40): View {
  const scale = clampZoom(
    Math.min(
      MAX_INITIAL_ZOOM,
      (stage.width - 2 * margin) / Math.max(content.width, 1),
      (stage.height - 2 * margin) / Math.max(content.height, 1),
    ),
  )
  return centreOn(
    { x: content.x + content.width / 2, y: content.y + content.height / 2 },
    stage,
    scale,
  )
}

/** A view at this zoom with the grid point in the middle of the stage. */
export function centreOn(point: Point, stage: Size, scale: number): View {
  return { scale, x: stage.width / 2 - point.x * scale, y: stage.height / 2 - point.y * scale }
}

/** Zooms to `scale` (clamped) keeping the grid point under `anchor` (a screen point) in place. */
export function zoomAt(view: View, anchor: Point, scale: number): View {
  const next = clampZoom(scale)
  const under = toGrid(view, anchor)
  return { scale: next, x: anchor.x - under.x * next, y: anchor.y - under.y * next }
}

/** The zoom steps the + and − buttons go through. */
export const ZOOM_STEP = 1.25

/** True when the grid point is on the stage (with `inset` to spare). */
export function isInView(view: View, stage: Size, point: Point, inset = 0): boolean {
  const screen = toScreen(view, point)
  return screen.x >= inset && screen.y >= inset && screen.x <= stage.width - inset && screen.y <= stage.height - inset
}

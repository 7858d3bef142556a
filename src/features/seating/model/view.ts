// The camera over the grid: zoom and pan, as numbers. A view maps a grid point p to the screen point
// p * scale + (x, y).

import {
  MAX_INITIAL_ZOOM,
  MAX_ZOOM,
  MIN_INITIALS_PX,
  MIN_ZOOM,
  OVERVIEW_COUNT_PX,
  OVERVIEW_NAME_PX,
  OVERVIEW_ZOOM,
} from './constants'
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
 * The first view of a chart (and Fit): everything in sight with a margin, centred, but never
 * enlarged past 100% (and never below the 30% least zoom: a phone then pans).
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
  return (
    screen.x >= inset &&
    screen.y >= inset &&
    screen.x <= stage.width - inset &&
    screen.y <= stage.height - inset
  )
}

/** How the chart's writing is drawn at a zoom, in grid pixels (the stage scales them). */
export interface LabelSizes {
  /** Zoomed out: each table's name and count on one line each, over the table, sized for the screen. */
  readonly overview: boolean
  readonly name: number
  readonly count: number
  /** Whether seats show their person's initials (too small to read when zoomed far out). */
  readonly initials: boolean
}

const TABLE_NAME_SIZE = 11
const TABLE_COUNT_SIZE = 10
const INITIALS_SIZE = 10

/**
 * The label sizes at this zoom. From 75% up the writing is drawn at its own size inside the table
 * top. Below, it would shrink to a few pixels (5 px at 50%): the names are drawn larger on the grid
 * so that they stay 12 px tall on screen, and the count 10 px. Whole grid pixels only, so that a
 * zoom gesture redraws the tables once per pixel of difference rather than on every step.
 */
export function labelSizes(scale: number): LabelSizes {
  const zoom = clampZoom(scale)
  const initials = INITIALS_SIZE * zoom >= MIN_INITIALS_PX
  if (zoom >= OVERVIEW_ZOOM)
    return { overview: false, name: TABLE_NAME_SIZE, count: TABLE_COUNT_SIZE, initials }
  return {
    overview: true,
    name: Math.ceil(OVERVIEW_NAME_PX / zoom),
    count: Math.ceil(OVERVIEW_COUNT_PX / zoom),
    initials,
  }
}

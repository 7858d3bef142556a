/** The seating chart's numbers (product spec §9), in canvas pixels at zoom 1. */

/** Tables snap to this grid when dropped. */
export const GRID_SNAP = 20
/** The drawn grid is this wide and tall; tables stay inside it. */
export const GRID_SIZE = 2000
/** The canvas is at most this high on screen (shorter when the window is). */
export const CANVAS_HEIGHT = 1000

export const SEAT_RADIUS = 14
/** Distance between the centres of two neighbouring seats. */
export const SEAT_SPACING = 34
/** Space between a seat and the table's edge. */
export const SEAT_GAP = SEAT_SPACING - 2 * SEAT_RADIUS
export const MIN_ROUND_TABLE_RADIUS = 28
/** The short side of a rectangular table, and the least length of any side. */
export const RECT_TABLE_DEPTH = 2 * MIN_ROUND_TABLE_RADIUS

export const NEW_TABLE_POSITION = { x: 200, y: 200 } as const
export const DEFAULT_SEAT_COUNT = 8
/** More than this many seats at one table is taken as a typing slip. */
export const MAX_SEATS_PER_TABLE = 40
export const DUPLICATE_OFFSET = 40
export const MAX_TABLE_NAME_LENGTH = 60

/**
 * The least zoom. The spec's 50% cannot show a banquet hall of 60–100 tables on a laptop; at 30%
 * the table labels grow so that they stay readable (see labelSizes).
 */
export const MIN_ZOOM = 0.3
export const MAX_ZOOM = 2
/** The first view fits the chart on screen but never enlarges it. */
export const MAX_INITIAL_ZOOM = 1

/** Below this zoom the chart is an overview: table names on one line, sized for the screen. */
export const OVERVIEW_ZOOM = 0.75
/** Seat initials (10 px at 100%) are drawn only while they stay at least this tall on screen. */
export const MIN_INITIALS_PX = 6
/** A table's name and seat count on screen in the overview, in screen pixels. */
export const OVERVIEW_NAME_PX = 12
export const OVERVIEW_COUNT_PX = 10

export { HISTORY_LIMIT } from '@/lib/history'

export const TABLE_TYPES = ['round', '1-sided', '2-sided', '4-sided'] as const

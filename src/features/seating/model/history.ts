// Undo and redo over whole layouts. The view commits once per finished gesture (a drag is one step,
// on drag end); a change that changes nothing is no step and leaves redo as it was; loading a saved
// layout starts a fresh history rather than adding a step.

import { HISTORY_LIMIT } from './constants'
import type { SeatingLayout } from './layout'

export interface History {
  readonly past: readonly SeatingLayout[]
  readonly present: SeatingLayout
  readonly future: readonly SeatingLayout[]
}

/** A history that starts at this layout, with nothing to undo or redo. */
export function createHistory(present: SeatingLayout): History {
  return { past: [], present, future: [] }
}

const sameLayout = (a: SeatingLayout, b: SeatingLayout) => a === b || (a.tables === b.tables && a.seats === b.seats)

/** Records a new present. Redo is cleared only when the layout really changed. */
export function commit(history: History, next: SeatingLayout): History {
  if (sameLayout(history.present, next)) return history
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
  }
}

export const canUndo = (history: History) => history.past.length > 0
export const canRedo = (history: History) => history.future.length > 0

export function undo(history: History): History {
  const previous = history.past.at(-1)
  if (!previous) return history
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] }
}

export function redo(history: History): History {
  const next = history.future[0]
  if (!next) return history
  return { past: [...history.past, history.present], present: next, future: history.future.slice(1) }
}

/**
 * Applies a correction to every layout in the history (say, people removed from the guest list),
 * so undo never brings back a seat for someone who is gone. Not a step of its own.
 */
export function mapHistory(history: History, change: (layout: SeatingLayout) => SeatingLayout): History {
  const present = change(history.present)
  const past = history.past.map(change)
  const future = history.future.map(change)
  const same =
    present === history.present &&
    past.every((layout, index) => layout === history.past[index]) &&
    future.every((layout, index) => layout === history.future[index])
  return same ? history : { past, present, future }
}

// Undo and redo over whole values (a seating layout, a website draft). The screen commits once per
// finished change (a drag is one step, on drop); a change that changes nothing is no step and
// leaves redo as it was; loading what was saved starts a fresh history rather than adding a step.

/** Undo remembers this many steps. */
export const HISTORY_LIMIT = 100

export interface History<T> {
  readonly past: readonly T[]
  readonly present: T
  readonly future: readonly T[]
}

/** A history that starts here, with nothing to undo or redo. */
export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] }
}

/**
 * Records a new present. One that is the same as the present (the same object, unless `same` says
 * what the same is) is no step, and redo is kept.
 */
export function commit<T>(
  history: History<T>,
  next: T,
  same: (a: T, b: T) => boolean = Object.is,
): History<T> {
  if (same(history.present, next)) return history
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
  }
}

export const canUndo = <T>(history: History<T>) => history.past.length > 0
export const canRedo = <T>(history: History<T>) => history.future.length > 0

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history
  const previous = history.past[history.past.length - 1] as T
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  }
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history
  const next = history.future[0] as T
  return {
    past: [...history.past, history.present],
    present: next,
    future: history.future.slice(1),
  }
}

/**
 * Applies a correction to every value in the history (say, people removed from the guest list), so
 * undo never brings back what is gone. Not a step of its own; the same history when nothing changed.
 */
export function mapHistory<T>(history: History<T>, change: (value: T) => T): History<T> {
  const present = change(history.present)
  const past = history.past.map(change)
  const future = history.future.map(change)
  const same =
    present === history.present &&
    past.every((value, index) => value === history.past[index]) &&
    future.every((value, index) => value === history.future[index])
  return same ? history : { past, present, future }
}

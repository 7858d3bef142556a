// Undo and redo over whole builder drafts, as the seating chart does with layouts: each finished
// change is one step (a drag is one step, on drop); a change that changes nothing is no step and
// keeps redo; loading the saved site starts a fresh history.

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

/** Records a new present; the same value (by reference) is no step. */
export function commit<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [] }
}

export const canUndo = <T>(history: History<T>) => history.past.length > 0
export const canRedo = <T>(history: History<T>) => history.future.length > 0

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history
  const previous = history.past[history.past.length - 1] as T
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] }
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history
  const next = history.future[0] as T
  return { past: [...history.past, history.present], present: next, future: history.future.slice(1) }
}

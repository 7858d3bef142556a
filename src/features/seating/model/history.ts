// Undo and redo over whole layouts: the app's one history (src/lib/history.ts), where a layout is
// the same when its tables and seats are (moving nothing makes a new object with the same lists).

import { commit as commitStep, type History as HistoryOf } from '@/lib/history'
import type { SeatingLayout } from './layout'

export { canRedo, canUndo, createHistory, mapHistory, redo, undo } from '@/lib/history'

export type History = HistoryOf<SeatingLayout>

const sameLayout = (a: SeatingLayout, b: SeatingLayout) =>
  a === b || (a.tables === b.tables && a.seats === b.seats)

/** Records a new present. Redo is cleared only when the layout really changed. */
export function commit(history: History, next: SeatingLayout): History {
  return commitStep(history, next, sameLayout)
}

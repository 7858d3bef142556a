import type { CSSProperties } from 'react'

// Styles only management's screens use, kept as styles rather than classes: they stay out of the
// stylesheet the guests' site loads first, which must arrive in the first round trip
// (docs/decisions.md).

/**
 * For a tab or link inside a ScrollRow: its focus ring drawn just inside its edge. The row scrolls,
 * so it clips what lies outside it, and cut the usual ring to two bars at the item's sides (a Radix
 * tab shows its ring after a click too).
 */
export const ringInside: CSSProperties = { outlineOffset: -2 }

/**
 * For fields side by side in a grid: each field's label, box, hint and error on rows it shares
 * with its neighbours (a subgrid), so the boxes line up however many lines each label takes. Where
 * subgrid is unknown, each field stacks as it would without it.
 */
export const rowsSharedWithNeighbours: CSSProperties = {
  display: 'grid',
  gridRow: 'span 4',
  gridTemplateRows: 'subgrid',
  rowGap: 0,
  alignContent: 'start',
}

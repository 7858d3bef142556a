// The budget's own reading of a typed percentage; pesos are read and shown by ../pesos.ts.

import type { Parsed } from '../pesos'

/** A percentage from 0.01 to 100 with two decimals at most ("50", "12.5", "50%"). */
export function parsePercent(text: string): Parsed<number> {
  const cleaned = text.replace(/[%\s]/g, '')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return { ok: false }
  const value = Number(cleaned)
  return value > 0 && value <= 100 ? { ok: true, value } : { ok: false }
}

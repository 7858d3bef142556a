// Pesos as Filipinos write them, and the reading of what a couple types into an amount field: one
// rule for the budget, the suppliers and the gift ledger. Every sum itself is the database's.

const pesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' })

/** Centavos as pesos: 37500000 → "₱375,000.00". */
export function formatPesos(centavos: number): string {
  return pesos.format(centavos / 100)
}

/** What an amount field shows for centavos: 250000 → "2500", 250050 → "2500.50", null → "". */
export function pesosText(centavos: number | null): string {
  if (centavos === null) return ''
  const whole = Math.trunc(centavos / 100)
  const cents = centavos % 100
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`
}

/** The largest amount the database keeps: ₱1,000,000,000.00. */
export const MAX_CENTAVOS = 100_000_000_000

export type Parsed<T> = { ok: true; value: T } | { ok: false }

/**
 * Pesos typed as people type them ("2500", "2,500.50", "₱ 2,500", "PHP 1,000", "P500") in
 * centavos; an empty field is null. Refused: letters, negatives, more than two decimals, commas
 * out of place, more than a billion pesos.
 */
export function parsePesos(text: string): Parsed<number | null> {
  const cleaned = text.replace(/\s/g, '').replace(/^(₱|PHP|P)/i, '')
  if (cleaned === '' && text.trim() !== '') return { ok: false }
  if (cleaned === '') return { ok: true, value: null }
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{0,2})?$/.test(cleaned)) return { ok: false }
  const [whole = '0', fraction = ''] = cleaned.replace(/,/g, '').split('.')
  const centavos = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return centavos <= MAX_CENTAVOS ? { ok: true, value: centavos } : { ok: false }
}

import type { TFunction } from 'i18next'

/** "46–52 pax", or one number ("6 pax") when the low and the high ends are the same. */
export function paxRange(t: TFunction, low: number, high: number) {
  const n = (value: number) => t('common:number', { value })
  return low === high
    ? t('forecast:range.single', { pax: n(low) })
    : t('forecast:range.value', { low: n(low), high: n(high) })
}

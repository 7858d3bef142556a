import { isBudgetCategory } from '@/lib/api/budget'
import type { TFunction } from '@/lib/i18n'

/** A category in the reader's language; one the couple named, as they wrote it. */
export function categoryName(t: TFunction, category: string): string {
  return isBudgetCategory(category) ? t(`plan:budget.categories.${category}`) : category
}

import { useTranslation } from 'react-i18next'
import type { ChecklistItem } from '@/lib/api/checklist'
import { useStringsIn } from '@/lib/i18n/use-strings-in'
import { timelineTitle } from './timeline'

/**
 * An item's title as the screen's language reads it (timelineTitle): a timeline item the couple
 * has not renamed follows the language switch. The other language's strings are fetched to
 * recognise a title started in it.
 */
export function useItemTitle(): (item: Pick<ChecklistItem, 'templateKey' | 'title'>) => string {
  const { t, i18n } = useTranslation('plan')
  const other = useStringsIn(i18n.language === 'fil' ? 'en' : 'fil', ['plan'])
  return (item) => timelineTitle(item, (key) => t(key), other?.plan ?? null)
}

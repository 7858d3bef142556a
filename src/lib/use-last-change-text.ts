import { useTranslation } from 'react-i18next'
import type { LastChange } from '@/lib/api'
import { formatShortDate } from '@/lib/dates'

/** "Changed by Tita Carmen, 3 Dec" / "Binago ni Tita Carmen, 3 Dis": who last changed a household. */
export function useLastChangeText() {
  const { t, i18n } = useTranslation('app')
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  return (change: LastChange | null | undefined): string | null => {
    if (!change) return null
    const date = formatShortDate(change.at, language)
    if (change.actorKind === 'guest') return t('lastChange.guest', { date })
    if (change.isMe) return t('lastChange.me', { date })
    return change.actorName ? t('lastChange.member', { name: change.actorName, date }) : null
  }
}

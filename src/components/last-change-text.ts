import { useTranslation } from 'react-i18next'
import * as z from 'zod/mini'
import type { LastChange } from '@/lib/api'
import { dayjsLocale, toManila, type DateLanguage } from '@/lib/dates'

// Management only: kept out of '@/lib/dates' and '@/lib/api/schemas', which the public site carries.

/** "3 Dis" / "3 Dec": the day of an instant in Manila, for "changed by …" lines. */
export function formatShortDate(at: string, language: DateLanguage) {
  return toManila(at).locale(dayjsLocale[language]).format('D MMM')
}

/** "3 Dis, 2:15 PM" / "3 Dec, 2:15 PM": an instant in Manila, for the activity page. */
export function formatShortDateTime(at: string, language: DateLanguage) {
  return toManila(at).locale(dayjsLocale[language]).format('D MMM, h:mm A')
}

const lastChange = z.object({
  actorKind: z.enum(['member', 'guest', 'system']),
  actorName: z.string(),
  isMe: z.boolean(),
  action: z.string(),
  at: z.string(),
})

/** "Changed by Tita Carmen, 3 Dec" / "Binago ni Tita Carmen, 3 Dis": who last changed a household. */
export function useLastChangeText() {
  const { t, i18n } = useTranslation('app')
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  return (value: LastChange | null | undefined): string | null => {
    const parsed = lastChange.safeParse(value)
    if (!parsed.success) return null
    const change = parsed.data
    const date = formatShortDate(change.at, language)
    if (change.actorKind === 'guest') return t('lastChange.guest', { date })
    if (change.isMe) return t('lastChange.me', { date })
    return change.actorName ? t('lastChange.member', { name: change.actorName, date }) : null
  }
}

import { useTranslation } from 'react-i18next'
import type { InvitationHousehold } from '@/lib/api/invitations'
import { daysSince } from '../model/follow-up'

const badge = {
  not_invited: 'bg-stone-100 text-stone-700',
  invited: 'bg-amber-100 text-amber-900',
  opened: 'bg-sky-100 text-sky-900',
  answered: 'bg-emerald-100 text-emerald-900',
} as const

/** A household's invitation state as a badge, and how and when it got there. */
export function InvitationState({ household }: { household: InvitationHousehold }) {
  const { t } = useTranslation('invitations')
  const invited = daysSince(household.invitedAt)
  const opened = daysSince(household.openedAt)
  const detail =
    household.state === 'answered'
      ? null
      : household.state === 'opened' && opened !== null
        ? t('state.openedAgo', { count: opened })
        : household.state === 'invited' && invited !== null && household.invitedVia
          ? t('state.invitedAgo', { count: invited, channel: t(`channels.${household.invitedVia}`) })
          : null
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[household.state]}`} data-testid="invitation-state">
        {t(`state.${household.state}`)}
      </span>
      {detail && <span className="text-xs text-muted">{detail}</span>}
    </span>
  )
}

import { useTranslation } from 'react-i18next'
import { daysSince, type InvitationStatus } from '@/lib/invitations/state'

const badge = {
  not_invited: 'bg-stone-100 text-stone-700',
  invited: 'bg-amber-100 text-amber-900',
  opened: 'bg-sky-100 text-sky-900',
  answered: 'bg-emerald-100 text-emerald-900',
} as const

/**
 * A household's invitation state as a badge, and how and when it got there: on the Invitations
 * screen, the guest list and the RSVPs tab alike.
 */
export function InvitationState({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation('invitations')
  const invited = daysSince(status.invitedAt)
  const opened = daysSince(status.openedAt)
  const detail =
    status.state === 'answered'
      ? null
      : status.state === 'opened' && opened !== null
        ? t('state.openedAgo', { count: opened })
        : status.state === 'invited' && invited !== null && status.invitedVia
          ? t('state.invitedAgo', { count: invited, channel: t(`channels.${status.invitedVia}`) })
          : null
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[status.state]}`}
        data-testid="invitation-state"
      >
        {t(`state.${status.state}`)}
      </span>
      {detail && <span className="text-xs text-muted">{detail}</span>}
    </span>
  )
}

import { useTranslation } from 'react-i18next'
import type { InvitationHousehold } from '@/lib/api/invitations'
import { invitationCounts } from '../model/follow-up'

/** The count card: households invited, that opened their link, that answered. */
export function InvitationCounts({ households }: { households: InvitationHousehold[] }) {
  const { t } = useTranslation('invitations')
  const counts = invitationCounts(households)
  const stats = [
    ['invited', counts.invited],
    ['opened', counts.opened],
    ['answered', counts.answered],
    ['notInvited', counts.notInvited],
  ] as const
  return (
    <section
      aria-labelledby="invitation-counts"
      className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="invitation-counts" className="text-sm font-semibold text-muted">
        {t('counts.title', { count: counts.households })}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([key, value]) => (
          <div key={key} data-testid={`count-${key}`}>
            <dt className="text-xs font-medium text-muted">{t(`counts.${key}`)}</dt>
            <dd className="mt-0.5 text-2xl font-semibold tabular-nums text-ink">
              {value.toLocaleString()}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

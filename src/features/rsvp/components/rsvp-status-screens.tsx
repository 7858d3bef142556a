import { useTranslation } from '@/lib/i18n/react'

/** While the household's RSVP arrives. */
export function RsvpLoading() {
  const { t } = useTranslation('rsvp')
  return (
    <div role="status" className="rsvp-muted flex min-h-[40vh] items-center justify-center gap-3">
      <span aria-hidden="true" className="rsvp-spinner" />
      {t('page.loading')}
    </div>
  )
}

/**
 * The RSVP could not be loaded (not a wrong link: the network or the server, or a visitor who
 * opened RSVPs faster than a person would and is asked to wait).
 */
export function RsvpLoadFailed({
  onRetry,
  rateLimited = false,
}: {
  onRetry(): void
  rateLimited?: boolean
}) {
  const { t } = useTranslation('rsvp')
  return (
    <div role="alert" className="py-16 text-center">
      <h1 className="rsvp-heading">{t('page.loadFailedTitle')}</h1>
      <p className="rsvp-muted mt-3">
        {t(rateLimited ? 'common:errors.rate_limited' : 'page.loadFailed')}
      </p>
      <button type="button" className="rsvp-button mt-8" onClick={onRetry}>
        {t('common:actions.retry')}
      </button>
    </div>
  )
}

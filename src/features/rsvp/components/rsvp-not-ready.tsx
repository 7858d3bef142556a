import { NotFound } from '@/components/not-found'
import type { RsvpStatus } from '../guest-rsvp-store'
import { RsvpShell } from './rsvp-shell'
import { RsvpLoadFailed, RsvpLoading } from './rsvp-status-screens'

/**
 * What the RSVP and thank-you pages show before their household's RSVP is there: a link that is
 * not the wedding's, the failure with a retry, or loading. Called, not drawn as a component, so
 * the page's frame (RsvpShell) stays the same element when the RSVP arrives and is not drawn again.
 */
export function rsvpNotReady({
  status,
  retry,
  rateLimited,
}: {
  status: RsvpStatus
  retry(): void
  rateLimited: boolean
}) {
  if (status === 'notFound') return <NotFound />
  return (
    <RsvpShell>
      {status === 'error' ? (
        <RsvpLoadFailed onRetry={retry} rateLimited={rateLimited} />
      ) : (
        <RsvpLoading />
      )}
    </RsvpShell>
  )
}

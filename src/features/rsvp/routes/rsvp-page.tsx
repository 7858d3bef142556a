import { useEffect } from 'react'
import { useNavigate } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import { answerEvents } from '@/lib/rsvp/rsvp-form'
import { RsvpClosed } from '../components/rsvp-closed'
import { RsvpForm } from '../components/rsvp-form'
import { RsvpShell } from '../components/rsvp-shell'
import { rsvpNotReady } from '../components/rsvp-not-ready'
import { useRsvpRoute } from '../use-rsvp-route'

/** A guest's RSVP for their household (/wedding/:slug/rsvp/:householdId/:personId and /rsvp/:householdId/:personId/). */
export function RsvpPage() {
  const { t } = useTranslation('rsvp')
  const navigate = useNavigate()
  const { status, rsvp, retry, rateLimited, thankYouPath } = useRsvpRoute()

  useEffect(() => {
    if (rsvp)
      document.title = t('page.documentTitle', { title: rsvp.wedding.title || rsvp.wedding.slug })
  }, [rsvp, t])

  if (status === 'notFound' || !rsvp) return rsvpNotReady({ status, retry, rateLimited })
  const key = `${rsvp.household.id}/${rsvp.personId}`
  // Each event has its own deadline: the page stays open while one of them is.
  const isClosed = answerEvents(rsvp).every((event) => event.isClosed)
  return (
    <RsvpShell wedding={rsvp.wedding}>
      {isClosed ? (
        <RsvpClosed rsvp={rsvp} />
      ) : (
        <RsvpForm key={key} rsvp={rsvp} onSaved={() => navigate(thankYouPath)} />
      )}
    </RsvpShell>
  )
}

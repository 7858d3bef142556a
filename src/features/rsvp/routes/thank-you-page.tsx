import { CheckCircle2 } from 'lucide-react'
import { useEffect } from 'react'
import { Redirect } from 'wouter'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import { formatLongDate } from '@/lib/dates'
import { displayName } from '@/lib/names'
import { paths } from '@/lib/paths'
import { AddToCalendar } from '../components/add-to-calendar'
import { dateLanguage, formatDateTime } from '@/lib/rsvp/format-time'
import { RsvpShell } from '../components/rsvp-shell'
import { rsvpNotReady } from '../components/rsvp-not-ready'
import { RsvpSummary } from '../components/rsvp-summary'
import { answerEvents, eventsAttended, lastEventRespondedAt } from '@/lib/rsvp/rsvp-form'
import { useRsvpRoute } from '../use-rsvp-route'

/** After answering: what was recorded for each person, the wedding for the calendar, and a way to change it. */
export function ThankYouPage() {
  const { t, i18n } = useTranslation('rsvp')
  const language = dateLanguage(i18n.language)
  const { status, rsvp, retry, rateLimited, rsvpPath } = useRsvpRoute()

  useEffect(() => {
    if (rsvp)
      document.title = t('thankYou.documentTitle', {
        title: rsvp.wedding.title || rsvp.wedding.slug,
      })
  }, [rsvp, t])

  if (status === 'notFound' || !rsvp) return rsvpNotReady({ status, retry, rateLimited })

  const { wedding, household } = rsvp
  const events = rsvp.events ?? []
  // When the household itself last sent its answers (not a reply the couple recorded).
  const answeredAt = lastEventRespondedAt(household.persons)
  // Nothing sent yet (the page was opened directly): the RSVP itself is what they need.
  if (!answeredAt) return <Redirect to={rsvpPath} replace />

  const greeted = household.persons[0]!
  // Coming to at least one event (the whole wedding, while no event takes RSVPs).
  const answered = answerEvents(rsvp)
  const attended = eventsAttended(answered, household.persons)
  const isClosed = answered.every((event) => event.isClosed)
  // The day of the first event they come to (a despedida may come days before).
  const firstDay =
    attended
      .map((event) => event.date || wedding.date)
      .filter(Boolean)
      .sort()[0] ?? wedding.date
  const date = formatLongDate(firstDay, language)

  return (
    <RsvpShell wedding={wedding}>
      <div className="text-center">
        <CheckCircle2
          aria-hidden="true"
          className="mx-auto size-12 text-(--rsvp-accent)"
          strokeWidth={1.5}
        />
        <p className="rsvp-eyebrow mt-4">{t('page.eyebrow')}</p>
        <h1 className="rsvp-heading mt-2">
          {t('thankYou.title', { name: displayName(greeted.firstName) })}
        </h1>
        <p className="mt-3">{t('thankYou.saved')}</p>
        <p className="rsvp-muted mt-1">
          {attended.length > 0
            ? date
              ? t('thankYou.seeYouOn', { date })
              : t('thankYou.seeYou')
            : t('thankYou.missYou')}
        </p>
      </div>

      <section className="rsvp-card mt-8" aria-labelledby="rsvp-recorded">
        <h2 id="rsvp-recorded" className="rsvp-subheading mb-4">
          {t('thankYou.recorded')}
        </h2>
        <RsvpSummary household={household} events={events} />
        <p className="rsvp-muted mt-5 border-t border-(--rsvp-line) pt-4 text-sm">
          {t('thankYou.savedAt', { time: formatDateTime(answeredAt, language) })}
        </p>
      </section>

      <div className="mt-6 grid gap-3">
        {attended.length > 0 && (
          <AddToCalendar
            wedding={wedding}
            // The calendar holds the events they come to.
            events={
              events.length > 0
                ? { all: events, attended: events.filter((event) => attended.includes(event)) }
                : undefined
            }
          />
        )}
        {!isClosed && (
          <Link to={rsvpPath} className="rsvp-button-quiet w-full">
            {t('thankYou.change')}
          </Link>
        )}
      </div>
      {events.length === 0 && !wedding.isClosed && wedding.rsvpDeadline && (
        <p className="rsvp-muted mt-3 text-center text-sm">
          {t('thankYou.changeUntil', { date: formatLongDate(wedding.rsvpDeadline, language) })}
        </p>
      )}

      <p className="mt-10 text-center">
        <Link className="rsvp-link" to={paths.site.wedding(wedding.slug)}>
          {t('thankYou.backToSite')}
        </Link>
      </p>
    </RsvpShell>
  )
}

import { useId } from 'react'
import { useTranslation } from '@/lib/i18n/react'
import type { Rsvp } from '@/lib/api'
import { fullName, replyStatus } from '@/lib/rsvp/rsvp-form'
import { eventName, statusKeys } from '../model/format'
import { EventReplies } from './rsvp-event-parts'

/**
 * What the household's RSVP says now, person by person, with their answers and the note to the
 * couple; when events take RSVPs, event by event.
 */
export function RsvpSummary({
  household,
  events = [],
}: {
  household: Rsvp['household']
  events?: Rsvp['events']
}) {
  const { t } = useTranslation('rsvp')
  const id = useId()
  return (
    <>
      {events.length > 0 ? (
        <div className="space-y-8">
          {events.map((event, index) => (
            <section key={event.id} aria-labelledby={`${id}-${index}`}>
              <h3 id={`${id}-${index}`} className="rsvp-eyebrow">
                {eventName(event, index, t)}
              </h3>
              <EventReplies event={event} persons={household.persons} />
            </section>
          ))}
        </div>
      ) : (
        <ul className="divide-y divide-(--rsvp-line)">
          {household.persons.map((person) => {
            const status = replyStatus(person.isAttending)
            const answers = person.response.filter((answer) => answer.answer.trim() !== '')
            return (
              <li key={person.id} className="py-4 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-bold">{fullName(person)}</span>
                  <span className="rsvp-badge" data-status={status}>
                    {t(statusKeys[status])}
                  </span>
                </div>
                {person.isAttending && answers.length > 0 && (
                  <dl className="mt-2 space-y-1 text-sm">
                    {answers.map((answer) => (
                      <div key={answer.questionId ?? answer.question}>
                        <dt className="rsvp-muted">{answer.question}</dt>
                        <dd className="font-bold">{answer.answer}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {/* The household's note, apart from the last person's answers: it is all of theirs. */}
      {household.message && (
        <section
          aria-labelledby={`${id}-message`}
          className="mt-6 border-t border-(--rsvp-line) pt-5"
          data-testid="rsvp-summary-message"
        >
          <h3 id={`${id}-message`} className="rsvp-eyebrow">
            {t('summary.message')}
          </h3>
          <blockquote className="rsvp-note mt-2 whitespace-pre-line text-sm">
            {household.message}
          </blockquote>
        </section>
      )}
    </>
  )
}

import { useTranslation } from '@/lib/i18n/react'
import type { Rsvp, RsvpEventChoice } from '@/lib/api'
import { formatLongDate } from '@/lib/manila-time'
import { eventName, eventTime, statusKeys } from '../model/format'
import { eventReply, fullName, replyStatus } from '@/lib/rsvp/rsvp-form'
import { dateLanguage } from '@/lib/rsvp/format-time'

type Person = Rsvp['household']['persons'][number]

/**
 * An event card's top: its name (with "Closed" once its deadline passed), when and where, and until
 * when the household can answer.
 */
export function EventHeading({
  event,
  index,
  headingId,
  date,
}: {
  event: RsvpEventChoice
  index: number
  headingId: string
  date?: string | null
}) {
  const { t, i18n } = useTranslation('rsvp')
  const language = dateLanguage(i18n.language)
  const when = [formatLongDate(event.date || date, language), eventTime(event), event.venue?.trim()]
    .filter(Boolean)
    .join(' · ')
  const deadline = formatLongDate(event.deadline, language)
  return (
    <>
      <h2 id={headingId} className="rsvp-subheading">
        {eventName(event, index, t)}
        {event.isClosed && ' '}
        {event.isClosed && (
          <span className="rsvp-badge ml-2 align-middle" data-status="pending">
            {t('events.closed')}
          </span>
        )}
      </h2>
      {when && <p className="rsvp-muted mt-1 text-sm">{when}</p>}
      <p className="mt-2 text-sm font-bold">
        {event.isClosed
          ? deadline
            ? t('events.closedOn', { date: deadline })
            : t('events.closedNoDate')
          : deadline
            ? t('events.deadline', { date: deadline })
            : t('page.noDeadline')}
      </p>
    </>
  )
}

/** What one person answered to one event: the status, and the answers when they come. */
function ReplyLine({ person, event }: { person: Person; event: RsvpEventChoice }) {
  const { t } = useTranslation('rsvp')
  const reply = eventReply(person, event)
  const status = replyStatus(reply.isAttending ?? null)
  // A visitor without the household's code is told only that the person answered.
  const hidden = reply.isAttending == null && reply.hasAnswered
  const answers = (reply.response ?? []).filter((answer) => answer.answer.trim() !== '')
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold">{fullName(person)}</span>
        <span className="rsvp-badge" data-status={hidden ? 'pending' : status}>
          {hidden ? t('events.answered') : t(statusKeys[status])}
        </span>
      </div>
      {reply.isAttending && answers.length > 0 && (
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
}

/** Every person's recorded answer to one event, read-only. */
export function EventReplies({
  event,
  persons,
}: {
  event: RsvpEventChoice
  persons: readonly Person[]
}) {
  return (
    <ul className="mt-4 divide-y divide-(--rsvp-line)">
      {persons.map((person) => (
        <ReplyLine key={person.id} person={person} event={event} />
      ))}
    </ul>
  )
}

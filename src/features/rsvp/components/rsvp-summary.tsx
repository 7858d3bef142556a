import { useTranslation } from '@/lib/i18n/react'
import type { Rsvp } from '@/lib/api'
import { fullName, replyStatus } from '../model/rsvp-form'

const statusKeys = { accepted: 'status.attending', declined: 'status.notAttending', pending: 'status.pending' } as const

/** What the household's RSVP says now, person by person, with their answers and the note to the couple. */
export function RsvpSummary({ household }: { household: Rsvp['household'] }) {
  const { t } = useTranslation('rsvp')
  return (
    <>
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
      {household.message && (
        <figure className="rsvp-note mt-5 text-sm">
          <figcaption className="rsvp-muted">{t('summary.message')}</figcaption>
          <blockquote className="mt-1 whitespace-pre-line">{household.message}</blockquote>
        </figure>
      )}
    </>
  )
}

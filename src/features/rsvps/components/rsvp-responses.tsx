import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { MessageSquareQuote, Search } from 'lucide-react'
import { memo, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { InvitationState } from '@/components/invitation-state'
import type { RsvpHousehold, RsvpQuestion } from '@/lib/api'
import {
  invitationStateFilters,
  statusOf,
  type InvitationStatus,
  type InvitationStatuses,
} from '@/lib/invitations/state'
import type { State as InvitationStateName } from '@/lib/invitations/types'
import { useScrollMargin } from '@/lib/use-scroll-margin'
import {
  filterReplies,
  statusFilters,
  type ReplyCounts,
  type StatusFilter,
} from '../model/rsvp-list'
import { fullName, replyStatus } from '@/lib/rsvp/rsvp-form'
import { dateLanguage, formatDateTime } from '@/lib/rsvp/format-time'
import { RecordReplyDialog } from './record-reply-dialog'

type Person = RsvpHousehold['persons'][number]

const badge = {
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  declined: 'bg-red-50 text-red-800 ring-red-200',
  pending: 'bg-canvas text-muted ring-line',
} as const

const statusLabel = {
  accepted: 'rsvp:status.attending',
  declined: 'rsvp:status.notAttending',
  pending: 'rsvp:status.pending',
} as const

interface RsvpResponsesProps {
  households: RsvpHousehold[]
  /** Each household's invitation state by id. */
  invitations: InvitationStatuses
  counts: ReplyCounts
  questions: RsvpQuestion[]
  /** The event whose replies are shown, when it is not the main one (null: the wedding's own answers). */
  eventId?: string | null
  /** The event whose replies are shown, when events take RSVPs. */
  eventName?: string | null
}

/**
 * Every person's reply, household by household: status, answers, when; filterable; correctable. Only
 * the households in view are rendered (the page scrolls, not the list), as on the guest list, so
 * 2,000 households filter and scroll like 20.
 */
export function RsvpResponses({
  households,
  invitations,
  counts,
  questions,
  eventId = null,
  eventName = null,
}: RsvpResponsesProps) {
  const { t } = useTranslation(['rsvps', 'rsvp'])
  const [filter, setFilter] = useState<StatusFilter>('all')
  const [name, setName] = useState('')
  const [invitation, setInvitation] = useState<InvitationStateName | 'all'>('all')
  const [editing, setEditing] = useState<Person | null>(null)
  const id = useId()
  const shown = useMemo(() => {
    const invited =
      invitation === 'all'
        ? households
        : households.filter((household) => statusOf(invitations, household.id).state === invitation)
    return filterReplies(invited, filter, name)
  }, [households, invitations, invitation, filter, name])
  const listRef = useRef<HTMLUListElement>(null)
  const scrollMargin = useScrollMargin(listRef)
  const virtualizer = useWindowVirtualizer({
    count: shown.length,
    estimateSize: () => 120,
    overscan: 4,
    scrollMargin,
    getItemKey: (index) => shown[index]!.id,
    useFlushSync: false,
  })

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white">
      <div className="border-b border-line p-5 sm:p-6">
        <h2 id={`${id}-title`} className="font-display text-2xl">
          {t('tab.responses.title')}
        </h2>
        {/* The status filters on a line of their own, and the invitation filter and the search on the
            next: side by side, the four filters wrapped early and left the search too narrow for its
            hint. On a phone the filter's label sits above its box, which then shows its words whole. */}
        <div className="mt-4 flex flex-col gap-3">
          <div role="group" aria-label={t('tab.responses.filter')} className="flex flex-wrap gap-2">
            {statusFilters.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
                className="rounded-full border border-line px-3 py-1.5 text-sm font-semibold text-muted hover:border-brand-200 aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white"
              >
                {t(`tab.filters.${value}`)}{' '}
                <span className="font-normal">
                  ({t('common:number', { value: counts[value] })})
                </span>
              </button>
            ))}
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
              <label
                htmlFor={`${id}-invitation`}
                className="shrink-0 text-sm font-semibold text-muted"
              >
                {t('tab.responses.invitationFilter')}
              </label>
              <select
                id={`${id}-invitation`}
                value={invitation}
                onChange={(event) =>
                  setInvitation(event.target.value as InvitationStateName | 'all')
                }
                className="field-input min-w-0"
              >
                {(['all', ...invitationStateFilters] as const).map((value) => (
                  <option key={value} value={value}>
                    {t(`tab.invitationFilters.${value}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="relative flex-1">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
              />
              <label htmlFor={`${id}-name`} className="sr-only">
                {t('tab.responses.searchLabel')}
              </label>
              <input
                id={`${id}-name`}
                type="search"
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder={t('tab.responses.searchPlaceholder')}
                className="field-input pl-9"
              />
            </div>
          </div>
        </div>
      </div>

      {shown.length === 0 ? (
        <p className="p-6 text-center text-muted">
          {households.length === 0 ? t('tab.responses.noGuests') : t('tab.responses.noMatch')}
        </p>
      ) : (
        <ul
          ref={listRef}
          aria-label={t('tab.responses.listLabel')}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={`absolute left-0 top-0 w-full px-5 py-4 sm:px-6 ${item.index === shown.length - 1 ? '' : 'border-b border-line'}`}
              style={{
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <HouseholdReplies
                household={shown[item.index]!}
                invitation={statusOf(invitations, shown[item.index]!.id)}
                onRecord={setEditing}
              />
            </li>
          ))}
        </ul>
      )}

      <RecordReplyDialog
        person={editing}
        questions={questions}
        eventId={eventId}
        eventName={eventName}
        onOpenChange={(open) => !open && setEditing(null)}
      />
    </section>
  )
}

interface HouseholdRepliesProps {
  household: RsvpHousehold
  invitation: InvitationStatus
  onRecord(person: Person): void
}

const HouseholdReplies = memo(function HouseholdReplies({
  household,
  invitation,
  onRecord,
}: HouseholdRepliesProps) {
  const { t, i18n } = useTranslation(['rsvps', 'rsvp'])
  const language = dateLanguage(i18n.language)
  return (
    <>
      <p className="mb-2 text-sm">
        <span className="sr-only">{t('tab.responses.invitationFilter')}: </span>
        <InvitationState status={invitation} />
      </p>
      <ul className="space-y-3">
        {household.persons.map((person) => {
          const status = replyStatus(person.isAttending)
          const answers = person.response.filter((answer) => answer.answer.trim() !== '')
          return (
            <li
              key={person.id}
              className="grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,13rem)_9rem_minmax(0,1fr)_auto] sm:items-start"
            >
              <p className="font-semibold">
                {fullName(person)}
                {person.type === 'child' && (
                  <span className="ml-2 text-xs font-normal text-muted">
                    {t('tab.responses.child')}
                  </span>
                )}
              </p>
              <p>
                <span
                  className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${badge[status]}`}
                >
                  {t(statusLabel[status])}
                </span>
              </p>
              <div className="text-sm">
                {person.isAttending && answers.length > 0 && (
                  <dl className="space-y-0.5">
                    {answers.map((answer) => (
                      <div key={answer.questionId ?? answer.question}>
                        <dt className="inline text-muted">{answer.question} </dt>
                        <dd className="inline font-medium">{answer.answer}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {person.respondedAt && (
                  <p className="text-xs text-muted">
                    {t(
                      person.recordedBy !== 'couple'
                        ? 'tab.responses.answered'
                        : person.recordedByName
                          ? 'tab.responses.recordedBy'
                          : 'tab.responses.recordedByYou',
                      {
                        time: formatDateTime(person.respondedAt, language),
                        name: person.recordedByName,
                      },
                    )}
                  </p>
                )}
              </div>
              <button
                type="button"
                className="btn btn-secondary justify-self-start px-3 py-1.5 text-sm"
                aria-label={`${t('tab.responses.record')} ${t('tab.responses.recordFor', { name: fullName(person) })}`}
                onClick={() => onRecord(person)}
              >
                {t('tab.responses.record')}
              </button>
            </li>
          )
        })}
      </ul>
      {household.message && (
        <figure className="mt-3 flex gap-2 rounded-lg bg-canvas px-3 py-2 text-sm">
          <MessageSquareQuote
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-brand-600"
          />
          <div>
            <blockquote className="whitespace-pre-line">{household.message}</blockquote>
            {household.messageAt && (
              <figcaption className="text-xs text-muted">
                {formatDateTime(household.messageAt, language)}
              </figcaption>
            )}
          </div>
        </figure>
      )}
    </>
  )
})

import { BellRing } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  EmailSendResult,
  InvitationChannel,
  InvitationHousehold,
  InvitationKind,
  InvitationTemplates,
} from '@/lib/api/invitations'
import { errorMessage } from '@/lib/errors'
import { displayFullName } from '@/lib/names'
import { channelAvailable } from '@/lib/invitations/channels'
import {
  daysSince,
  daysToDeadline,
  eventFollowUpList,
  followUpList,
  type FollowUpEvent,
} from '../model/follow-up'
import { renderEventReminder, renderMessage, type MessageWedding } from '@/lib/invitations/message'
import { chatLinkOrigin } from '@/lib/link-preview'
import { sendThrough } from '@/lib/invitations/send-through'

interface FollowUpListProps {
  households: InvitationHousehold[]
  wedding: MessageWedding
  templates: InvitationTemplates
  record(householdIds: string[], channel: InvitationChannel, kind: InvitationKind): Promise<void>
  /** Opens the send drawer with every channel, for a reminder another way. */
  onMoreWays(household: InvitationHousehold): void
  /** On hosted Supabase Kasalan sends the e-mail itself (and records it); else the mail app opens. */
  sendEmail?(
    householdIds: string[],
    kind: InvitationKind,
    language: 'fil' | 'en',
  ): Promise<EmailSendResult>
  /** The events other than the main one that take RSVPs: each may be followed up on its own. */
  events?: ReadonlyArray<
    FollowUpEvent & { name: string; date: string | null; effectiveDeadline: string | null }
  >
  /** `eventId:personId` of every reply given to those events. */
  answered?: ReadonlySet<string>
}

/**
 * Invited households that have not answered, most urgent first, each with a one-tap reminder
 * through the channel used last (the reminder template, in Filipino).
 */
export function FollowUpList({
  households,
  wedding,
  templates,
  record,
  onMoreWays,
  sendEmail,
  events = [],
  answered = new Set(),
}: FollowUpListProps) {
  const { t } = useTranslation('invitations')
  const chooserId = useId()
  const [eventId, setEventId] = useState('')
  // '' is the wedding's own answer (the seated event's, when events take RSVPs), as before.
  const event = events.find((item) => item.id === eventId) ?? null
  const list = event ? eventFollowUpList(households, event, answered) : followUpList(households)
  const days = daysToDeadline(event ? event.effectiveDeadline : wedding.rsvpDeadline)
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const remind = async (household: InvitationHousehold, channel: InvitationChannel) => {
    setBusy(household.householdId)
    setStatus(null)
    const names = household.persons.map((person) => displayFullName(person)).join(', ')
    if (channel === 'email' && sendEmail && !event) {
      try {
        const result = await sendEmail([household.householdId], 'reminder', 'fil')
        if (result.sent.length > 0)
          setStatus({
            tone: 'ok',
            text: t('followUp.reminded', { names, channel: t('channels.email') }),
          })
        else
          setStatus({
            tone: 'error',
            text: t(result.skipped.length > 0 ? 'errors.invitation_no_email' : 'send.emailFailed'),
          })
      } catch (error) {
        setStatus({ tone: 'error', text: errorMessage(error, t, 'invitations') })
      } finally {
        setBusy(null)
      }
      return
    }
    const message = event
      ? renderEventReminder({
          language: 'fil',
          wedding,
          household,
          origin: chatLinkOrigin(),
          event: { name: event.name, date: event.date, deadline: event.effectiveDeadline },
        })
      : renderMessage({
          kind: 'reminder',
          language: 'fil',
          templates,
          wedding,
          household,
          origin: chatLinkOrigin(),
        })
    const outcome = await sendThrough(
      channel,
      { phone: household.phone ?? null, email: household.email ?? null },
      message,
    )
    try {
      if (outcome === 'failed') {
        setStatus({ tone: 'error', text: t('send.failed.copy') })
      } else if (outcome !== 'cancelled') {
        await record([household.householdId], channel, 'reminder')
        setStatus({
          tone: 'ok',
          text: t('followUp.reminded', { names, channel: t(`channels.${channel}`) }),
        })
      }
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, t, 'invitations') })
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="space-y-4">
      {events.length > 0 && (
        <div>
          <label htmlFor={chooserId} className="field-label">
            {t('followUp.eventChooser')}
          </label>
          <select
            id={chooserId}
            className="field-input sm:w-auto"
            value={eventId}
            onChange={(changed) => setEventId(changed.target.value)}
          >
            <option value="">{t('followUp.eventMain')}</option>
            {events.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="text-sm text-muted">
        {event
          ? days === null
            ? t('followUp.eventNoDeadline', { event: event.name })
            : days < 0
              ? t('followUp.eventDeadlinePassed', { event: event.name })
              : t('followUp.eventDaysLeft', { count: days, event: event.name })
          : days === null
            ? t('followUp.noDeadline')
            : days < 0
              ? t('followUp.deadlinePassed')
              : t('followUp.daysLeft', { count: days })}
      </p>
      <p
        role="status"
        className={`min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
      >
        {status?.text ?? ''}
      </p>
      {list.length === 0 ? (
        // "Every invited household has answered" is true of none invited too, and read as if the
        // invitations had gone out: before the first, the empty list says where to send them.
        <p className="rounded-2xl border border-line bg-white p-6 text-muted">
          {households.some((household) => household.invitedAt)
            ? t('followUp.empty')
            : t('followUp.noneInvited')}
        </p>
      ) : (
        <ol
          className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white"
          aria-label={t('followUp.listLabel')}
        >
          {list.map((household) => {
            const names = household.persons.map((person) => displayFullName(person)).join(', ')
            const channel = household.lastChannel ?? 'copy'
            const oneTap: InvitationChannel = channelAvailable(channel, {
              phone: household.phone ?? null,
              email: household.email ?? null,
            })
              ? channel
              : 'copy'
            const since = daysSince(household.lastSentAt) ?? 0
            return (
              <li
                key={household.householdId}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
                data-testid="follow-up-row"
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold">{names}</p>
                  <p className="text-sm text-muted">
                    {t(household.sends > 1 ? 'followUp.lastReminded' : 'followUp.lastInvited', {
                      count: since,
                      channel: t(`channels.${household.lastChannel ?? 'copy'}`),
                    })}
                    {' · '}
                    {household.openedAt ? t('followUp.opened') : t('followUp.notOpened')}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-primary min-h-10 px-3 text-sm"
                    disabled={busy !== null}
                    onClick={() => void remind(household, oneTap)}
                  >
                    <BellRing aria-hidden="true" className="size-4" />
                    {t(`followUp.remind.${oneTap}`)}
                    <span className="sr-only"> {names}</span>
                  </button>
                  {/* The other ways send the wedding's reminder; an event's goes through the one-tap button. */}
                  {!event && (
                    <button
                      type="button"
                      className="btn btn-secondary min-h-10 px-3 text-sm"
                      onClick={() => onMoreWays(household)}
                    >
                      {t('followUp.moreWays')}
                      <span className="sr-only"> {names}</span>
                    </button>
                  )}
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}

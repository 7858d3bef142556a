import { History, RotateCcw, ShieldAlert } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { RsvpChange, RsvpChanges, RsvpReplyValue } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { fullName, replyStatus } from '@/lib/rsvp/rsvp-form'
import { dateLanguage, formatDateTime } from '@/lib/rsvp/format-time'

const statusLabel = {
  accepted: 'rsvp:status.attending',
  declined: 'rsvp:status.notAttending',
  pending: 'rsvp:status.pending',
} as const

interface RsvpChangesProps {
  changes: RsvpChanges
  /** When the couple last looked before this visit (null: never). */
  since: string | null
  onRestore(change: RsvpChange): Promise<unknown>
  /** When events take RSVPs: each event's name by id, and the main event's, to say which a change is of. */
  eventNames?: { byId: ReadonlyMap<string, string>; main: string | null }
}

/**
 * What changed in the replies since the couple's last visit, each with who changed it and a
 * one-tap restore of the earlier reply; and a notice when the site was probed.
 */
export function RsvpChangesPanel({ changes, since, onRestore, eventNames }: RsvpChangesProps) {
  const { t, i18n } = useTranslation(['rsvps', 'rsvp'])
  const language = dateLanguage(i18n.language)
  const id = useId()
  const [busy, setBusy] = useState<string | null>(null)
  const [notice, setNotice] = useState<{ tone: 'done' | 'error'; text: string } | null>(null)
  const fresh = changes.changes.filter((change) => !since || change.changedAt > since)
  const probes = changes.probes

  const reply = (value: RsvpReplyValue) => t(statusLabel[replyStatus(value.isAttending ?? null)])
  // A guest by how they came; someone on the wedding's side as the reader knows them: "by you", or
  // by the member's name (changedBy's 'couple' is the owner alone, so it cannot say "you").
  const changedBy = (change: RsvpChange) => {
    if (change.changedBy === 'guest_search' || change.changedBy === 'guest_code')
      return t(`tab.changes.by.${change.changedBy}`)
    if (change.byMe) return t('tab.changes.by.me')
    return change.changedByName
      ? t('tab.changes.by.named', { name: change.changedByName })
      : t('tab.changes.by.member')
  }
  const eventOf = (change: RsvpChange) => {
    if (!eventNames || !change.personId) return null
    const eventId = change.current.eventId ?? change.previous.eventId
    return eventId ? (eventNames.byId.get(eventId) ?? t('eventsTab.unnamed')) : eventNames.main
  }
  const restore = async (change: RsvpChange) => {
    const name = fullName(change)
    setBusy(change.id)
    setNotice(null)
    try {
      await onRestore(change)
      setNotice({ tone: 'done', text: t('tab.changes.restored', { name }) })
    } catch (error) {
      setNotice({
        tone: 'error',
        text: `${t('tab.changes.restoreFailed')} ${errorMessage(error, t, 'rsvp')}`,
      })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      {probes.length > 0 && (
        <div className="mb-5 flex gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('tab.probes.title')}</p>
            <p>
              {t('tab.probes.body', {
                count: probes.length,
                time: formatDateTime(probes[0]!.at, language),
              })}
            </p>
          </div>
        </div>
      )}
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-display text-2xl">
        <History aria-hidden="true" className="size-5 text-brand-600" />
        {t('tab.changes.title')}
      </h2>
      <div role="status" aria-live="polite">
        {notice && (
          <p
            className={`mt-3 text-sm ${notice.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
          >
            {notice.text}
          </p>
        )}
      </div>
      {fresh.length === 0 ? (
        <p className="mt-3 text-muted">{t('tab.changes.none')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label={t('tab.changes.listLabel')}>
          {fresh.map((change) => {
            const name = fullName(change)
            return (
              <li key={change.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    {change.personId
                      ? t('tab.changes.change', {
                          name,
                          from: reply(change.previous),
                          to: reply(change.current),
                        })
                      : t('tab.changes.messageChange', { name })}
                  </p>
                  {eventOf(change) && (
                    <p className="text-sm text-muted">
                      {t('eventsTab.changeOf', { event: eventOf(change) })}
                    </p>
                  )}
                  <p className="text-xs text-muted">
                    {formatDateTime(change.changedAt, language)} · {changedBy(change)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-secondary px-3 py-1.5 text-sm"
                  disabled={busy !== null}
                  aria-busy={busy === change.id}
                  aria-label={`${t('tab.changes.restore')} ${t('tab.changes.restoreFor', { name })}`}
                  onClick={() => void restore(change)}
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {t('tab.changes.restore')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

import * as Tabs from '@radix-ui/react-tabs'
import { CalendarDays, Mail, Send } from 'lucide-react'
import { Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useShallow } from 'zustand/react/shallow'
import { PageSpinner } from '@/components/page-spinner'
import { can } from '@/lib/access'
import type { Wedding } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { usePollWhileVisible } from '@/lib/use-poll-while-visible'
import { useRefreshOnReturn } from '@/lib/use-refresh-on-return'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { RetryAlert } from '@/components/retry-alert'
import { useGuestListStore } from '@/lib/guest-list'
import { countInvitationStates } from '@/lib/invitations/state'
import { ForecastCard } from '@/components/forecast-card'
import { ringInside } from '@/components/management-styles'
import { ScrollRow } from '@/components/scroll-row'
import { RsvpChangesPanel } from '../components/rsvp-changes'
import { RsvpPrivacySetting } from '../components/rsvp-privacy-setting'
import { RsvpResponses } from '../components/rsvp-responses'
import { RsvpSettingsForm } from '../components/rsvp-settings-form'
import { defaultEvent, householdsForEvent, questionsFor, rsvpEvents } from '@/lib/rsvp/events'
import { countReplies } from '../model/rsvp-list'
import { useEventsStore } from '../events-store'
import { useRsvpsTabStore } from '../rsvps-tab-store'

const tabClass =
  'whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-muted hover:text-ink data-[state=active]:border-brand-600 data-[state=active]:text-brand-700'

/** How often an open RSVPs tab asks for new replies, while in view. */
export const REPLY_POLL_MS = 15_000

/**
 * /manage/rsvps: the guests' replies, and (?view=settings) the deadline and questions they answer,
 * each on a tab of its own so neither waits below the other on a phone.
 */
export function RsvpsTabPage() {
  return (
    <MyWeddingGate namespace="rsvp">{(wedding) => <RsvpsScreen wedding={wedding} />}</MyWeddingGate>
  )
}

function RsvpsScreen({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation(['rsvps', 'rsvp'])
  const { households, invitations, status, error, load, changes, since, loadChanges, restore } =
    useRsvpsTabStore(
      useShallow((state) => ({
        households: state.households,
        invitations: state.invitations,
        status: state.status,
        error: state.error,
        load: state.load,
        changes: state.changes,
        since: state.since,
        loadChanges: state.loadChanges,
        restore: state.restore,
      })),
    )
  const { events, replyIndex, loadEvents } = useEventsStore(
    useShallow((state) => ({
      events: state.events,
      replyIndex: state.index,
      loadEvents: state.load,
    })),
  )
  // Fresh on opening the tab (guests answer while the couple is away), without reading every
  // household again: the changes feed brings the list already here up to date.
  useEffect(() => {
    void load(wedding.id)
    void loadChanges(wedding.id)
    void loadEvents(wedding.id)
  }, [load, loadChanges, loadEvents, wedding.id])
  // Guests answer from their own phones while the tab is open: the changes feed is read again
  // every REPLY_POLL_MS while the tab is in view, and at once when the couple comes back to it.
  const readChanges = useCallback(() => loadChanges(wedding.id), [loadChanges, wedding.id])
  usePollWhileVisible(readChanges, REPLY_POLL_MS)
  useRefreshOnReturn(readChanges)
  // When events take RSVPs, the replies are shown one event at a time (the seated one first).
  const taking = useMemo(() => rsvpEvents(events), [events])
  const [chosenId, setChosenId] = useState<string | null>(null)
  const chosen = taking.find((event) => event.id === chosenId) ?? defaultEvent(taking)
  const chooserId = useId()
  const eventNames = useMemo(
    () =>
      taking.length === 0
        ? undefined
        : {
            byId: new Map(
              events.map((event) => [event.id, event.name.trim() || t('eventsTab.unnamed')]),
            ),
            main: taking.find((event) => event.isMain)?.name.trim() || null,
          },
    [events, taking, t],
  )
  const shown = useMemo(
    () => householdsForEvent(households, chosen, replyIndex),
    [households, chosen, replyIndex],
  )
  // Once the replies show, the shared guest list is read behind them (if no screen has yet), so
  // the guest list and the seating chart open at once from here. A member who may not see the
  // guest list gets a refusal that changes nothing here.
  useEffect(() => {
    if (status === 'ready') void useGuestListStore.getState().load(wedding.id)
  }, [status, wedding.id])
  const counts = useMemo(() => countReplies(shown), [shown])
  const invitationCounts = useMemo(() => countInvitationStates(invitations.values()), [invitations])
  const [params, setParams] = useSearchParams()
  // The deadline, the questions and the code are the couple's to set (update_rsvp_settings and
  // set_rsvp_requires_code ask 'manage'): a coordinator gets the replies without the Settings tab.
  const setsRsvps = can(wedding.myRole, 'manage')
  const view = setsRsvps && params.get('view') === 'settings' ? 'settings' : 'replies'

  const replies = (
    <>
      {changes && (
        <div className="mb-6">
          <RsvpChangesPanel
            changes={changes}
            since={since?.weddingId === wedding.id ? since.at : null}
            onRestore={async (change) => {
              await restore(change.id)
              // A reply to another event is restored among the events' replies.
              if (change.current.eventId || change.previous.eventId) await loadEvents(wedding.id)
            }}
            eventNames={eventNames}
          />
        </div>
      )}
      {status === 'error' ? (
        <RetryAlert
          message={errorMessage(error, t, 'rsvp')}
          onRetry={() => void load(wedding.id, { force: true })}
        />
      ) : status === 'ready' || households.length > 0 ? (
        <RsvpResponses
          households={shown}
          invitations={invitations}
          counts={counts}
          questions={questionsFor(wedding.rsvpQuestions, chosen)}
          eventId={chosen && !chosen.isMain ? chosen.id : null}
          eventName={chosen ? chosen.name.trim() || t('eventsTab.unnamed') : null}
        />
      ) : (
        <PageSpinner />
      )}
    </>
  )

  const cards = [
    { key: 'responded', value: counts.responded },
    { key: 'accepted', value: counts.accepted },
    { key: 'declined', value: counts.declined },
    { key: 'pending', value: counts.pending },
  ] as const

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl">{t('tab.title')}</h1>
      <p className="mt-1 text-muted">{t('tab.intro')}</p>
      <nav aria-label={t('tab.links.label')} className="mt-3 flex flex-wrap gap-2">
        <Link to={paths.manage.invitations} className="btn btn-secondary min-h-10 px-3 text-sm">
          <Send aria-hidden="true" className="size-4" />
          {t('tab.links.invitations')}
        </Link>
        <Link
          to={paths.manage.emailPreviewRsvp}
          className="btn btn-secondary min-h-10 px-3 text-sm"
        >
          <Mail aria-hidden="true" className="size-4" />
          {t('tab.links.emailPreview')}
        </Link>
        <Link to={paths.manage.rsvpsEvents} className="btn btn-secondary min-h-10 px-3 text-sm">
          <CalendarDays aria-hidden="true" className="size-4" />
          {t('eventsTab.link')}
        </Link>
      </nav>

      {taking.length > 0 && chosen && (
        <div className="mt-6">
          <label htmlFor={chooserId} className="field-label">
            {t('eventsTab.chooser')}
          </label>
          <select
            id={chooserId}
            value={chosen.id}
            onChange={(event) => setChosenId(event.target.value)}
            className="field-input sm:w-auto"
          >
            {taking.map((event) => (
              <option key={event.id} value={event.id}>
                {event.isMain
                  ? t('eventsTab.chooserMain', {
                      name: event.name?.trim() || t('eventsTab.unnamed'),
                    })
                  : event.name?.trim() || t('eventsTab.unnamed')}
              </option>
            ))}
          </select>
        </div>
      )}

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((card) => (
          // The number at the card's foot, level with its neighbours' when a label wraps.
          <div
            key={card.key}
            className="flex flex-col justify-between rounded-2xl border border-line bg-white px-4 py-3"
          >
            <dt className="text-sm text-muted">{t(`tab.counts.${card.key}`)}</dt>
            <dd className="font-display text-3xl">
              {status === 'ready' || households.length > 0
                ? t('common:number', { value: card.value })
                : '–'}
            </dd>
          </div>
        ))}
      </dl>

      <section
        aria-labelledby="rsvp-invitation-counts"
        className="mt-3 rounded-2xl border border-line bg-white px-4 py-3"
      >
        <h2 id="rsvp-invitation-counts" className="text-sm font-semibold text-muted">
          {t('tab.invitationCounts.title')}
        </h2>
        <dl className="mt-1 flex flex-wrap gap-x-8 gap-y-2">
          {(['invited', 'opened', 'answered'] as const).map((key) => (
            <div
              key={key}
              data-testid={`rsvp-invitation-${key}`}
              className="flex items-baseline gap-2"
            >
              <dt className="text-sm text-muted">{t(`tab.invitationCounts.${key}`)}</dt>
              <dd className="font-display text-2xl">
                {status === 'ready' ? t('common:number', { value: invitationCounts[key] }) : '–'}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <Suspense fallback={null}>
        <ForecastCard weddingId={wedding.id} />
      </Suspense>

      {setsRsvps ? (
        <Tabs.Root
          className="mt-6"
          value={view}
          onValueChange={(value) =>
            setParams(value === 'settings' ? { view: 'settings' } : {}, { replace: true })
          }
        >
          {/* Each tab's words on one line ("Mga sagot" wrapped beside the longer one): on a phone too
              narrow for both, the row scrolls and shows it, as the invitations' tabs do. */}
          <ScrollRow current={view}>
            <Tabs.List
              aria-label={t('tab.views')}
              className="flex border-b border-line"
              style={{ width: 'max-content', minWidth: '100%' }}
            >
              <Tabs.Trigger value="replies" className={tabClass} style={ringInside}>
                {t('tab.responses.title')}
              </Tabs.Trigger>
              <Tabs.Trigger value="settings" className={tabClass} style={ringInside}>
                {t('tab.settings.title')}
              </Tabs.Trigger>
            </Tabs.List>
          </ScrollRow>
          <Tabs.Content value="replies" className="pt-6 focus-visible:outline-none">
            {replies}
          </Tabs.Content>
          {/* Kept mounted while hidden, so what the couple typed there survives a look at the replies. */}
          <Tabs.Content
            value="settings"
            forceMount
            hidden={view !== 'settings'}
            className="max-w-2xl pt-6 focus-visible:outline-none"
          >
            <RsvpPrivacySetting key={`privacy-${wedding.id}`} weddingId={wedding.id} />
            <RsvpSettingsForm key={wedding.id} wedding={wedding} />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <div className="mt-6">{replies}</div>
      )}
    </div>
  )
}

import { ArrowLeft, CalendarPlus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useShallow } from 'zustand/react/shallow'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { PageSpinner } from '@/components/page-spinner'
import { RetryAlert } from '@/components/retry-alert'
import { useDocumentTitle } from '@/components/use-document-title'
import type { Wedding } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { useGuestListStore } from '@/lib/guest-list'
import { paths } from '@/lib/paths'
import { EventCard } from '../components/event-card'
import { useEventsStore } from '../events-store'

/**
 * /manage/rsvps/events: the schedule's events, each taking RSVPs or not, with its own deadline, the
 * seated one (the reception, whose answers fill the seating chart and the door) and, for a private
 * event, the households invited.
 */
export function EventsPage() {
  const { t } = useTranslation(['rsvps', 'rsvp'])
  useDocumentTitle(t('eventsTab.title'))
  return (
    <MyWeddingGate namespace="rsvp">
      {(wedding) => <EventsScreen wedding={wedding} />}
    </MyWeddingGate>
  )
}

function EventsScreen({ wedding }: { wedding: Wedding }) {
  const { t, i18n } = useTranslation(['rsvps', 'rsvp'])
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const { events, status, error, load } = useEventsStore(
    useShallow((state) => ({
      events: state.events,
      status: state.status,
      error: state.error,
      load: state.load,
    })),
  )
  const households = useGuestListStore((state) => state.households)
  useEffect(() => {
    void load(wedding.id)
    void useGuestListStore.getState().load(wedding.id)
  }, [load, wedding.id])
  const schedule = wedding.sections.find((section) => section.type === 'schedule')
  const scheduleHref = `${paths.manage.contentEditor}?section=${encodeURIComponent(schedule?.path ?? 'schedule')}`

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to={paths.manage.rsvps}
        className="inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('eventsTab.back')}
      </Link>
      <header>
        <h1 className="font-display text-3xl">{t('eventsTab.title')}</h1>
        <p className="mt-1 text-muted">{t('eventsTab.intro')}</p>
        <Link to={scheduleHref} className="btn btn-secondary mt-3 min-h-10 px-3 text-sm">
          <CalendarPlus aria-hidden="true" className="size-4" />
          {t('eventsTab.editSchedule')}
        </Link>
      </header>

      {status === 'error' && events.length === 0 ? (
        <RetryAlert
          message={errorMessage(error, t, 'rsvp')}
          onRetry={() => void load(wedding.id)}
        />
      ) : status !== 'ready' && events.length === 0 ? (
        <PageSpinner />
      ) : events.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center text-muted">
          {t('eventsTab.none')}
        </p>
      ) : (
        events.map((event) => (
          <EventCard
            key={event.id}
            event={event}
            households={households}
            weddingDeadline={wedding.rsvpDeadline}
            language={language}
          />
        ))
      )}
    </div>
  )
}

import { Mail, RefreshCw, Send } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useShallow } from 'zustand/react/shallow'
import { Alert } from '@/components/alert'
import { PageSpinner } from '@/components/page-spinner'
import type { Wedding } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { RsvpChangesPanel } from '../components/tab/rsvp-changes'
import { RsvpResponses } from '../components/tab/rsvp-responses'
import { RsvpSettingsForm } from '../components/tab/rsvp-settings-form'
import { countReplies } from '../model/rsvp-list'
import { useRsvpsStore } from '../rsvps-store'

/** /manage/rsvps: the guests' replies, and the deadline and questions they answer. */
export function RsvpsTabPage() {
  return (
    <MyWeddingGate namespace="rsvp">{(wedding) => <RsvpsScreen wedding={wedding} />}</MyWeddingGate>
  )
}

function RsvpsScreen({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('rsvp')
  const { households, status, error, load, changes, since, loadChanges, restore } = useRsvpsStore(
    useShallow((state) => ({
      households: state.households,
      status: state.status,
      error: state.error,
      load: state.load,
      changes: state.changes,
      since: state.since,
      loadChanges: state.loadChanges,
      restore: state.restore,
    })),
  )
  // Always fresh on opening the tab: guests answer while the couple is away.
  useEffect(() => {
    void load(wedding.id, { force: true })
    void loadChanges(wedding.id)
  }, [load, loadChanges, wedding.id])
  const counts = useMemo(() => countReplies(households), [households])

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
        <Link to={paths.manage.emailPreviewRsvp} className="btn btn-secondary min-h-10 px-3 text-sm">
          <Mail aria-hidden="true" className="size-4" />
          {t('tab.links.emailPreview')}
        </Link>
      </nav>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((card) => (
          <div key={card.key} className="rounded-2xl border border-line bg-white px-4 py-3">
            <dt className="text-sm text-muted">{t(`tab.counts.${card.key}`)}</dt>
            <dd className="font-display text-3xl">
              {status === 'ready' || households.length > 0 ? card.value : '–'}
            </dd>
          </div>
        ))}
      </dl>

      {changes && (
        <div className="mt-6">
          <RsvpChangesPanel
            changes={changes}
            since={since?.weddingId === wedding.id ? since.at : null}
            onRestore={(change) => restore(change.id)}
          />
        </div>
      )}

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        {status === 'error' ? (
          <Alert tone="error">
            <p>{errorMessage(error, t, 'rsvp')}</p>
            <button
              type="button"
              className="btn btn-secondary mt-3"
              onClick={() => void load(wedding.id, { force: true })}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('common:actions.retry')}
            </button>
          </Alert>
        ) : status === 'ready' || households.length > 0 ? (
          <RsvpResponses
            households={households}
            counts={counts}
            questions={wedding.rsvpQuestions}
          />
        ) : (
          <PageSpinner />
        )}
        <RsvpSettingsForm key={wedding.id} wedding={wedding} />
      </div>
    </div>
  )
}

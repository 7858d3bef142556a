import { ArrowLeft } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadFailed } from '@/components/load-failed'
import { PageSpinner } from '@/components/page-spinner'
import type { Wedding } from '@/lib/api'
import { listActivity, type ActivityEntry } from '@/lib/api/members'
import { formatShortDateTime } from '@/components/last-change-text'
import { errorMessage } from '@/lib/errors'
import { displayName } from '@/lib/names'
import { paths } from '@/lib/paths'
import { useMyWedding } from '@/lib/session'
import { useLoad } from '@/lib/use-load'

/** /manage/activity: who did what to the wedding, newest first, a page at a time, by member. */
export function ActivityPage() {
  const { t } = useTranslation('members')
  const { wedding, status, error, reload } = useMyWedding()
  if (status === 'error')
    return <LoadFailed message={errorMessage(error, t, 'members')} onRetry={() => void reload()} />
  if (!wedding) return <PageSpinner />
  return <Activity wedding={wedding} />
}

function Activity({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('members')
  const filterId = useId()
  const [actor, setActor] = useState('')
  const {
    data: page,
    error: loadError,
    refresh,
    setData: setPage,
  } = useLoad(() => listActivity(wedding.id, { actor: actor || null }), [wedding.id, actor])
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState<string | null>(null)

  const loadMore = () => {
    if (!page) return
    setLoadingMore(true)
    setMoreError(null)
    listActivity(wedding.id, { actor: actor || null, after: page.entries.at(-1) ?? null })
      .then((next) => setPage({ ...next, entries: [...page.entries, ...next.entries] }))
      .catch((failure: unknown) => setMoreError(errorMessage(failure, t, 'members')))
      .finally(() => setLoadingMore(false))
  }

  if (loadError)
    return <LoadFailed message={errorMessage(loadError, t, 'members')} onRetry={refresh} />

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        {/* Back as every screen below another goes back: an arrow, the link's words. */}
        <Link
          to={paths.manage.members}
          className="inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('activity.back')}
        </Link>
        <h1 className="mt-2 font-display text-3xl text-ink">{t('activity.title')}</h1>
        <p className="mt-2 text-muted">{t('activity.intro')}</p>
      </header>

      <div className="max-w-xs">
        <label htmlFor={filterId} className="field-label">
          {t('activity.filter')}
        </label>
        <select
          id={filterId}
          className="field-input"
          value={actor}
          onChange={(event) => {
            setPage(undefined)
            setActor(event.target.value)
          }}
        >
          <option value="">{t('activity.everyone')}</option>
          {(page?.actors ?? []).map((person) => (
            <option key={person.userId} value={person.userId}>
              {displayName(person.name) || t('activity.someone')}
            </option>
          ))}
        </select>
      </div>

      {!page ? (
        <PageSpinner />
      ) : page.entries.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-5 text-muted">
          {t('activity.none')}
        </p>
      ) : (
        <section
          aria-labelledby="activity-heading"
          className="rounded-2xl border border-line bg-white px-5 sm:px-6"
        >
          <h2 id="activity-heading" className="sr-only">
            {t('activity.listHeading')}
          </h2>
          <ol className="divide-y divide-line">
            {page.entries.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} />
            ))}
          </ol>
        </section>
      )}

      {moreError && (
        <p role="alert" className="text-sm text-red-700">
          {moreError}
        </p>
      )}
      {page?.hasMore && (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={loadingMore}
          onClick={loadMore}
        >
          {t(loadingMore ? 'activity.loadingMore' : 'activity.loadMore')}
        </button>
      )}
    </div>
  )
}

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation('members')
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const actor =
    entry.actorKind === 'guest'
      ? t('activity.theGuest')
      : entry.isMe
        ? t('activity.you')
        : displayName(entry.actorName) || t('activity.someone')
  const details = entry.details
  const role = (value = details.role, side = details.side) =>
    value ? (side ? `${t(`roles.${value}`)} · ${t(`sides.${side}`)}` : t(`roles.${value}`)) : ''
  const persons = (details.persons ?? [])
    .filter((person) => person.name)
    .map((person) =>
      entry.action === 'reply_recorded'
        ? t('activity.personReply', {
            name: person.name,
            reply: t(
              person.isAttending === true
                ? 'activity.attending'
                : person.isAttending === false
                  ? 'activity.notAttending'
                  : 'activity.noReply',
            ),
          })
        : entry.action === 'seated' && person.table
          ? t('activity.personTable', { name: person.name, table: person.table })
          : person.name,
    )
  // One household's invitation names it; several are counted.
  const key =
    entry.action === 'invitation_sent' && entry.householdName ? 'invitation_sent_to' : entry.action
  const what = t(`activity.actions.${key}`, {
    household: entry.householdName ?? t('activity.aHousehold'),
    count: details.count ?? 1,
    name: details.name ?? '',
    role: role(),
    channel: details.channel
      ? t(`activity.channels.${details.channel}`, { defaultValue: details.channel })
      : '',
    kind: details.kind === 'reminder' ? t('activity.reminder') : t('activity.invitation'),
    seated: details.seated ?? 0,
    unseated: details.unseated ?? 0,
  })

  return (
    <li className="py-4">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold text-ink">{actor}</span>
        <time dateTime={entry.at} className="text-sm text-muted">
          {formatShortDateTime(entry.at, language)}
        </time>
      </p>
      <p className="mt-0.5 text-ink">{what}</p>
      {persons.length > 0 && <p className="mt-0.5 text-sm text-muted">{persons.join(' · ')}</p>}
    </li>
  )
}

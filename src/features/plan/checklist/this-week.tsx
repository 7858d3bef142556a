import { AlertTriangle, CalendarClock, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { checklistThisWeek, type ChecklistItem } from '@/lib/api/checklist'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { useLoad } from '@/lib/use-load'
import { shortDate } from './dates'
import { useItemTitle } from './use-item-title'

/**
 * What needs doing this week, in Manila's days: the items overdue, then those due in the next
 * seven days, as the member sees the checklist. `version` changes when the checklist did, so the
 * summary reads it again. `compact` (the guest list's top): at most three items and a link to the
 * plan, and nothing at all when there is nothing to do or it cannot be read.
 */
export function ThisWeek({
  weddingId,
  version = 0,
  compact = false,
}: {
  weddingId: string
  version?: number
  compact?: boolean
}) {
  const { t, i18n } = useTranslation('plan')
  const itemTitle = useItemTitle()
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const { data, error, refresh } = useLoad(() => {
    void version // the checklist changed: read the summary again
    return checklistThisWeek(weddingId)
  }, [weddingId, version])

  if (compact && (error || !data || data.overdue.length + data.thisWeek.length === 0)) return null
  const items: Array<{ item: ChecklistItem; overdue: boolean }> = data
    ? [
        ...data.overdue.map((item) => ({ item, overdue: true })),
        ...data.thisWeek.map((item) => ({ item, overdue: false })),
      ]
    : []
  const shown = compact ? items.slice(0, 3) : items

  return (
    <section
      aria-labelledby={compact ? 'this-week-compact' : 'this-week'}
      className="rounded-2xl border border-line bg-white p-4 sm:p-5"
    >
      <div className="flex items-center gap-2">
        <CalendarClock aria-hidden="true" className="size-5 text-brand-700" />
        <h2
          id={compact ? 'this-week-compact' : 'this-week'}
          className="font-display text-xl text-ink"
        >
          {t('checklist.week.heading')}
        </h2>
        {data && data.overdue.length > 0 && (
          <span className="ml-auto shrink-0 whitespace-nowrap rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800">
            {t('checklist.week.overdueCount', { count: data.overdue.length })}
          </span>
        )}
      </div>
      {error ? (
        <p className="mt-2 text-sm text-red-800" role="alert">
          {errorMessage(error, t, 'plan')}{' '}
          <button type="button" className="font-semibold underline" onClick={refresh}>
            {t('common:actions.retry')}
          </button>
        </p>
      ) : !data ? (
        <p className="mt-2 text-sm text-muted">{t('checklist.week.loading')}</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('checklist.week.nothing')}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {shown.map(({ item, overdue }) => (
            <li key={item.id} className="flex items-start gap-2 text-sm">
              {overdue ? (
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
              ) : (
                <span
                  aria-hidden="true"
                  className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500"
                />
              )}
              <span className="min-w-0 flex-1">
                <span className="block break-words text-ink">{itemTitle(item)}</span>
                <span className={`block ${overdue ? 'font-semibold text-red-800' : 'text-muted'}`}>
                  {overdue
                    ? t('checklist.week.overdueOn', { date: shortDate(item.dueDate, language) })
                    : item.dueDate === data.today
                      ? t('checklist.week.today')
                      : t('checklist.due', { date: shortDate(item.dueDate, language) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {compact && (
        <p className="mt-3 flex flex-wrap items-center gap-x-3 text-sm">
          {items.length > shown.length && (
            <span className="text-muted">
              {t('checklist.week.more', { count: items.length - shown.length })}
            </span>
          )}
          <Link
            to={paths.manage.plan}
            className="inline-flex items-center font-semibold text-brand-700 underline underline-offset-2"
          >
            {t('checklist.week.open')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        </p>
      )}
    </section>
  )
}

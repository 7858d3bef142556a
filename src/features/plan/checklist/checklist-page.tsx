import { AlertTriangle, CheckCircle2, FileText, ListChecks, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadFailed } from '@/components/load-failed'
import { PageSpinner } from '@/components/page-spinner'
import { useDocumentTitle } from '@/components/use-document-title'
import type { Wedding } from '@/lib/api'
import {
  deleteChecklistItem,
  listChecklist,
  setChecklistItemDone,
  startChecklist,
  type Checklist,
  type ChecklistItem,
} from '@/lib/api/checklist'
import { listMembers } from '@/lib/api/members'
import { errorMessage } from '@/lib/errors'
import { displayName } from '@/lib/names'
import { useLoad } from '@/lib/use-load'
import { PlanShell } from '../components/plan-shell'
import { byMonth, dueState } from './checklist-model'
import { monthHeading, shortDate } from './dates'
import { ItemDrawer } from './item-drawer'
import { ThisWeek } from './this-week'
import { useItemTitle } from './use-item-title'
import { timelineItems } from './timeline'

type Notice = { tone: 'success' | 'error'; text: string } | null

/** /manage/plan: the plan's first part, the checklist, with this week's summary on top. */
export function ChecklistPage() {
  const { t } = useTranslation('plan')
  useDocumentTitle(t('title'))
  return <PlanShell>{(wedding) => <ChecklistScreen wedding={wedding} />}</PlanShell>
}

function ChecklistScreen({ wedding }: { wedding: Wedding }) {
  const { t, i18n } = useTranslation('plan')
  const itemTitle = useItemTitle()
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const {
    data: list,
    error: loadError,
    setData,
    refresh,
    reload,
  } = useLoad(() => listChecklist(wedding.id), [wedding.id])
  const canEdit = list?.canEdit ?? false
  // Whom an item can be given to: only those who keep the plan assign, so only they ask.
  const { data: members } = useLoad(
    () => (canEdit ? listMembers(wedding.id) : null),
    [wedding.id, canEdit],
  )
  const [version, setVersion] = useState(0)
  const [notice, setNotice] = useState<Notice>(null)
  const [busy, setBusy] = useState(false)
  const [ticking, setTicking] = useState<string | null>(null)
  const [editing, setEditing] = useState<{ item?: ChecklistItem } | null>(null)
  const [deleting, setDeleting] = useState<ChecklistItem | null>(null)

  const changed = (next: (list: Checklist) => Checklist) => {
    setData((previous) => (previous ? next(previous) : previous))
    setVersion((value) => value + 1)
  }
  const replace = (item: ChecklistItem) =>
    changed((previous) => ({
      ...previous,
      items: previous.items.map((each) => (each.id === item.id ? item : each)),
    }))

  if (loadError && !list)
    return <LoadFailed message={errorMessage(loadError, t, 'plan')} onRetry={reload} />
  if (!list) return <PageSpinner />

  const started = list.items.some((item) => item.templateKey !== null)
  const doneCount = list.items.filter((item) => item.done).length

  const start = () => {
    setBusy(true)
    setNotice(null)
    startChecklist(
      wedding.id,
      timelineItems((key) => t(`checklist.timeline.${key}`)),
    )
      .then((next) => {
        setData(next)
        setVersion((value) => value + 1)
        setNotice({ tone: 'success', text: t('checklist.started') })
      })
      .catch((error: unknown) => setNotice({ tone: 'error', text: errorMessage(error, t, 'plan') }))
      .finally(() => setBusy(false))
  }

  const tick = (item: ChecklistItem, done: boolean) => {
    setTicking(item.id)
    setNotice(null)
    // Ticked at once on screen; the answer then says who ticked it and when.
    setData(
      (previous) =>
        previous && {
          ...previous,
          items: previous.items.map((each) => (each.id === item.id ? { ...each, done } : each)),
        },
    )
    setChecklistItemDone(wedding.id, item.id, done)
      .then(replace)
      .catch((error: unknown) => {
        setNotice({ tone: 'error', text: errorMessage(error, t, 'plan') })
        refresh()
      })
      .finally(() => setTicking(null))
  }

  return (
    <div className="space-y-6">
      <ThisWeek weddingId={wedding.id} version={version} />

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {loadError != null && (
        <Alert tone="error">
          {errorMessage(loadError, t, 'plan')}{' '}
          <button type="button" className="font-semibold underline" onClick={refresh}>
            {t('common:actions.retry')}
          </button>
        </Alert>
      )}

      {canEdit && !started && (
        <section
          aria-labelledby="timeline-heading"
          className="rounded-2xl border border-brand-200 bg-brand-50 p-5"
        >
          <h2 id="timeline-heading" className="font-display text-xl text-ink">
            {t('checklist.timelineHeading')}
          </h2>
          <p className="mt-1 text-sm text-ink">{t('checklist.timelineBody')}</p>
          <button type="button" className="btn btn-primary mt-4" disabled={busy} onClick={start}>
            <ListChecks aria-hidden="true" className="size-4" />
            {t(busy ? 'checklist.starting' : 'checklist.start')}
          </button>
        </section>
      )}

      <section aria-labelledby="checklist-heading" className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <div className="min-w-0 flex-1">
            <h2 id="checklist-heading" className="font-display text-2xl text-ink">
              {t('checklist.heading')}
            </h2>
            {list.items.length > 0 && (
              <p className="text-sm text-muted">
                {t('checklist.progress', { done: doneCount, count: list.items.length })}
              </p>
            )}
          </div>
          {canEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing({})}>
              <Plus aria-hidden="true" className="size-4" />
              {t('checklist.add')}
            </button>
          )}
        </div>

        {!list.weddingDate && canEdit && <Alert tone="info">{t('checklist.noWeddingDate')}</Alert>}

        {list.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-white p-5 text-sm text-muted">
            {t(canEdit ? 'checklist.empty' : 'checklist.emptyHelper')}
          </p>
        ) : (
          // A timeline item not renamed reads in the screen's language (and is edited so).
          byMonth(list.items.map((item) => ({ ...item, title: itemTitle(item) }))).map(
            ({ month, items }) => (
              <section
                key={month || 'undated'}
                aria-labelledby={`month-${month || 'undated'}`}
                className="rounded-2xl border border-line bg-white"
              >
                <h3
                  id={`month-${month || 'undated'}`}
                  className="border-b border-line px-4 py-2.5 text-sm font-semibold tracking-wide text-muted uppercase"
                >
                  {month ? monthHeading(month, language) : t('checklist.undated')}
                </h3>
                <ul className="divide-y divide-line">
                  {items.map((item) => (
                    <ItemRow
                      key={item.id}
                      item={item}
                      today={list.today}
                      canEdit={canEdit}
                      busy={ticking === item.id}
                      onTick={(done) => tick(item, done)}
                      onEdit={() => setEditing({ item })}
                    />
                  ))}
                </ul>
              </section>
            ),
          )
        )}
      </section>

      {canEdit && (
        <ItemDrawer
          weddingId={wedding.id}
          weddingDate={list.weddingDate}
          item={editing?.item}
          members={members?.members ?? []}
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={(saved, added) => {
            setEditing(null)
            if (added) refresh()
            else replace(saved)
            setVersion((value) => value + 1)
            setNotice({
              tone: 'success',
              text: t(added ? 'checklist.added' : 'checklist.saved', { title: saved.title }),
            })
          }}
          onDelete={(item) => setDeleting(item)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('checklist.deleteTitle', { title: deleting?.title ?? '' })}
        description={t('checklist.deleteBody')}
        confirmLabel={t('checklist.form.delete')}
        busy={busy}
        onConfirm={() => {
          const item = deleting
          if (!item) return
          setBusy(true)
          deleteChecklistItem(wedding.id, item.id)
            .then(() => {
              setDeleting(null)
              setEditing(null)
              changed((previous) => ({
                ...previous,
                items: previous.items.filter((each) => each.id !== item.id),
              }))
              setNotice({ tone: 'success', text: t('checklist.deleted', { title: item.title }) })
            })
            .catch((error: unknown) => {
              setDeleting(null)
              setNotice({ tone: 'error', text: errorMessage(error, t, 'plan') })
            })
            .finally(() => setBusy(false))
        }}
      />
    </div>
  )
}

function ItemRow({
  item,
  today,
  canEdit,
  busy,
  onTick,
  onEdit,
}: {
  item: ChecklistItem
  today: string
  canEdit: boolean
  busy: boolean
  onTick(done: boolean): void
  onEdit(): void
}) {
  const { t, i18n } = useTranslation('plan')
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const state = dueState(item, today)
  const checkboxId = `item-${item.id}`
  const assignee = [
    item.assigneeName ? displayName(item.assigneeName) : null,
    item.assigneeRole ? t(`checklist.roles.${item.assigneeRole}`) : null,
  ].filter(Boolean)

  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid="checklist-item">
      <input
        id={checkboxId}
        type="checkbox"
        className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-600"
        checked={item.done}
        disabled={busy}
        onChange={(event) => onTick(event.target.checked)}
      />
      <div className="min-w-0 flex-1">
        <label
          htmlFor={checkboxId}
          className={`block cursor-pointer font-semibold break-words ${item.done ? 'text-muted line-through' : 'text-ink'}`}
        >
          {item.title}
        </label>
        <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
          <span>{t(`checklist.categories.${item.category}`)}</span>
          {item.dueDate && (
            <span className={state === 'overdue' ? 'font-semibold text-red-800' : undefined}>
              {t(state === 'overdue' ? 'checklist.overdue' : 'checklist.due', {
                date: shortDate(item.dueDate, language),
              })}
            </span>
          )}
          {assignee.length > 0 && (
            <span>{t('checklist.assignedTo', { who: assignee.join(' · ') })}</span>
          )}
        </p>
        {item.validity && <Validity item={item} language={language} />}
        {item.notes && (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{item.notes}</p>
        )}
        {item.done && item.doneAt && (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-emerald-800">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {item.doneBy
              ? t('checklist.doneBy', {
                  name: displayName(item.doneBy),
                  date: shortDate(item.doneAt.slice(0, 10), language),
                })
              : t('checklist.doneOn', { date: shortDate(item.doneAt.slice(0, 10), language) })}
          </p>
        )}
      </div>
      {canEdit && (
        <button
          type="button"
          className="btn btn-secondary shrink-0 px-3"
          aria-label={t('checklist.edit', { title: item.title })}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t('common:actions.edit')}</span>
        </button>
      )}
    </li>
  )
}

/** A document's validity against the wedding date: a warning when it will not last until then. */
function Validity({ item, language }: { item: ChecklistItem; language: 'fil' | 'en' }) {
  const { t } = useTranslation('plan')
  const until = shortDate(item.validUntil, language)
  const warn = item.validity === 'expired' || item.validity === 'expires_before_wedding'
  const text =
    item.validity === 'expires_before_wedding'
      ? t('checklist.validity.expiresBeforeWedding', {
          count: item.expiresDaysBeforeWedding ?? 0,
          date: until,
        })
      : item.validity === 'expired'
        ? t('checklist.validity.expired', { date: until })
        : item.validity === 'valid'
          ? t('checklist.validity.valid', { date: until })
          : t('checklist.validity.notIssued', { count: item.validDays ?? 0 })
  return (
    <p
      className={`mt-1 flex items-start gap-1.5 text-sm ${warn ? 'font-semibold text-amber-900' : 'text-muted'}`}
      data-testid={warn ? 'validity-warning' : undefined}
    >
      {warn ? (
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      ) : (
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      )}
      <span>{text}</span>
    </p>
  )
}

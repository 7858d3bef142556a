import { CalendarClock, Check, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadFailed } from '@/components/load-failed'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { PageSpinner } from '@/components/page-spinner'
import { useDocumentTitle } from '@/components/use-document-title'
import type { Wedding } from '@/lib/api'
import {
  deleteBudgetLine,
  deleteBudgetPayment,
  getBudget,
  saveBudgetPayment,
  type Budget,
  type BudgetLine,
  type BudgetPayment,
} from '@/lib/api/budget'
import { dayjs, formatLongDate, todayInManila } from '@/lib/dates'
import { useLoad } from '@/lib/use-load'
import { PlanTabs } from '../components/plan-tabs'
import { planError } from '../plan-error'
import { formatPesos } from '../pesos'
import { categoryName } from './category-name'
import { LineDrawer, PaymentDrawer } from './budget-forms'

type Notice = { tone: 'success' | 'error'; text: string } | null
type Editing =
  | { kind: 'line'; line: BudgetLine | null }
  | { kind: 'payment'; line: BudgetLine; payment: BudgetPayment | null }
  | null
type Deleting =
  | { kind: 'line'; line: BudgetLine }
  | { kind: 'payment'; line: BudgetLine; payment: BudgetPayment }
  | null

/** /manage/plan/budget: the budget lines with their quotes, charges and payments, and the totals. */
export function BudgetPage() {
  const { t } = useTranslation('plan')
  useDocumentTitle(t('budget.documentTitle'))
  return (
    <MyWeddingGate namespace="plan">
      {(wedding) => <BudgetScreen wedding={wedding} />}
    </MyWeddingGate>
  )
}

function BudgetScreen({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('plan')
  const {
    data: budget,
    error,
    reload,
    refresh,
  } = useLoad(() => getBudget(wedding.id), [wedding.id])
  const [notice, setNotice] = useState<Notice>(null)
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Deleting>(null)
  const [busy, setBusy] = useState(false)

  const act = async (work: () => Promise<string>) => {
    setBusy(true)
    try {
      setNotice({ tone: 'success', text: await work() })
    } catch (failure) {
      setNotice({ tone: 'error', text: planError(failure, t, 'budget') })
    } finally {
      setBusy(false)
      refresh()
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <PlanTabs wedding={wedding} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 flex-[1_1_16rem]">
          <h1 className="font-display text-3xl text-ink">{t('budget.title')}</h1>
          <p className="mt-2 text-muted">{t('budget.intro')}</p>
        </div>
        {budget && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setEditing({ kind: 'line', line: null })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('budget.add')}
          </button>
        )}
      </header>

      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>

      {error != null && !budget ? (
        <LoadFailed message={planError(error, t, 'budget')} onRetry={reload} />
      ) : !budget ? (
        <PageSpinner />
      ) : (
        <>
          <Totals budget={budget} />
          {budget.lines.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line bg-white p-6 text-center text-muted">
              {t('budget.empty')}
            </p>
          ) : (
            // The categories in the database's order: the ten's, the couple's own before "others".
            [...new Set(budget.lines.map((line) => line.category))].map((category, index) => (
              <section key={category} aria-labelledby={`category-${index}`} className="space-y-3">
                <h2 id={`category-${index}`} className="font-display text-xl text-ink">
                  {categoryName(t, category)}
                </h2>
                <ul className="space-y-3">
                  {budget.lines
                    .filter((line) => line.category === category)
                    .map((line) => (
                      <LineCard
                        key={line.id}
                        line={line}
                        busy={busy}
                        onEdit={() => setEditing({ kind: 'line', line })}
                        onDelete={() => setDeleting({ kind: 'line', line })}
                        onAddPayment={() => setEditing({ kind: 'payment', line, payment: null })}
                        onEditPayment={(payment) => setEditing({ kind: 'payment', line, payment })}
                        onDeletePayment={(payment) =>
                          setDeleting({ kind: 'payment', line, payment })
                        }
                        onMarkPaid={(payment) =>
                          void act(async () => {
                            await saveBudgetPayment(wedding.id, payment.id, {
                              lineId: line.id,
                              kind: payment.kind,
                              amountCentavos: payment.amountCentavos,
                              percent: payment.percent,
                              dueOn: payment.dueOn,
                              paid: true,
                              paidOn: todayInManila(),
                            })
                            return t('budget.payment.saved')
                          })
                        }
                      />
                    ))}
                </ul>
              </section>
            ))
          )}
        </>
      )}

      {budget && editing?.kind === 'line' && (
        <LineDrawer
          weddingId={wedding.id}
          line={editing.line}
          guests={budget.guests}
          categories={[...new Set(budget.lines.map((line) => line.category))]}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null)
            setNotice({ tone: 'success', text: t('budget.form.saved', { name }) })
            refresh()
          }}
        />
      )}
      {editing?.kind === 'payment' && (
        <PaymentDrawer
          weddingId={wedding.id}
          line={editing.line}
          payment={editing.payment}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            setNotice({ tone: 'success', text: t('budget.payment.saved') })
            refresh()
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={
          deleting?.kind === 'payment'
            ? t('budget.payment.deleteTitle')
            : t('budget.line.deleteTitle', { name: deleting?.line.name })
        }
        description={
          deleting?.kind === 'payment'
            ? t('budget.payment.deleteBody', {
                kind: t(`budget.payment.kinds.${deleting.payment.kind}`),
                name: deleting.line.name,
                amount: formatPesos(deleting.payment.dueCentavos),
              })
            : t('budget.line.deleteBody')
        }
        confirmLabel={t('common:actions.delete')}
        busy={busy}
        onConfirm={() => {
          const target = deleting
          if (!target) return
          setDeleting(null)
          void act(async () => {
            if (target.kind === 'payment') {
              await deleteBudgetPayment(wedding.id, target.payment.id)
              return t('budget.payment.deleted')
            }
            await deleteBudgetLine(wedding.id, target.line.id)
            return t('budget.line.deleted', { name: target.line.name })
          })
        }}
      />
    </div>
  )
}

/** The totals, what is due this month (Manila) and the cost per guest. */
function Totals({ budget }: { budget: Budget }) {
  const { t, i18n } = useTranslation('plan')
  const { totals, guests } = budget
  const month = dayjs(`${budget.month}-01`)
    .locale(i18n.language === 'fil' ? 'tl-ph' : 'en')
    .format('MMMM YYYY')
  const figures = [
    ['estimate', totals.estimateCentavos],
    ['quote', totals.quoteCentavos],
    ['actual', totals.actualCentavos],
    ['paid', totals.paidCentavos],
    ['left', totals.leftCentavos],
  ] as const
  return (
    <section
      aria-labelledby="budget-totals"
      className="rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <h2 id="budget-totals" className="font-display text-xl text-ink">
        {t('budget.totals.heading')}
      </h2>
      <dl
        className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4"
        data-testid="budget-totals"
      >
        {figures.map(([key, value]) => (
          <div key={key} className={key === 'left' ? 'col-span-2 sm:col-span-1' : ''}>
            <dt className="text-sm text-muted">{t(`budget.totals.${key}`)}</dt>
            <dd className="font-semibold tabular-nums text-ink" data-testid={`total-${key}`}>
              {formatPesos(value)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 grid gap-3 sm:grid-cols-2">
        <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-4">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p className="text-sm font-semibold text-ink">{t('budget.totals.dueThisMonth')}</p>
            <p
              className="text-lg font-semibold tabular-nums text-ink"
              data-testid="total-due-this-month"
            >
              {formatPesos(totals.dueThisMonthCentavos)}
            </p>
            <p className="text-sm text-muted">
              {totals.dueThisMonthCount === 0
                ? t('budget.totals.dueThisMonthNone')
                : t('budget.totals.dueThisMonthCount', { count: totals.dueThisMonthCount, month })}
            </p>
          </div>
        </div>
        <div className="rounded-xl bg-canvas p-4">
          <p className="text-sm font-semibold text-ink">{t('budget.totals.costPerGuest')}</p>
          <p
            className="text-lg font-semibold tabular-nums text-ink"
            data-testid="total-cost-per-guest"
          >
            {totals.costPerGuestCentavos === null
              ? t('budget.line.none')
              : formatPesos(totals.costPerGuestCentavos)}
          </p>
          <p className="text-sm text-muted">
            {guests.attending > 0
              ? t('budget.totals.costPerGuestAttending', { count: guests.attending })
              : guests.invited > 0
                ? t('budget.totals.costPerGuestInvited', { count: guests.invited })
                : t('budget.totals.costPerGuestNone')}
          </p>
        </div>
      </div>
    </section>
  )
}

interface LineCardProps {
  line: BudgetLine
  busy: boolean
  onEdit(): void
  onDelete(): void
  onAddPayment(): void
  onEditPayment(payment: BudgetPayment): void
  onDeletePayment(payment: BudgetPayment): void
  onMarkPaid(payment: BudgetPayment): void
}

/** One line: its quote worked out (per head, service, VAT), the estimate and actual, its payments. */
function LineCard({
  line,
  busy,
  onEdit,
  onDelete,
  onAddPayment,
  onEditPayment,
  onDeletePayment,
  onMarkPaid,
}: LineCardProps) {
  const { t, i18n } = useTranslation('plan')
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const pesos = (value: number | null) =>
    value === null ? t('budget.line.none') : formatPesos(value)
  const quoteRows: Array<[string, string]> = []
  if (line.quoteBaseCentavos !== null) {
    quoteRows.push([
      t('budget.line.base'),
      line.pricePerHeadCentavos !== null
        ? `${t('budget.line.perHead', { price: formatPesos(line.pricePerHeadCentavos), count: line.heads ?? 0 })} = ${formatPesos(line.quoteBaseCentavos)}`
        : formatPesos(line.quoteBaseCentavos),
    ])
    if (line.withService) quoteRows.push([t('budget.line.service'), pesos(line.serviceCentavos)])
    if (line.withVat) quoteRows.push([t('budget.line.vat'), pesos(line.vatCentavos)])
  }

  return (
    <li className="rounded-2xl border border-line bg-white p-4 sm:p-5" data-testid="budget-line">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 flex-1 break-words text-lg font-semibold text-ink">{line.name}</h3>
        <div className="flex gap-1">
          <button
            type="button"
            className="rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink"
            aria-label={t('budget.line.edit', { name: line.name })}
            onClick={onEdit}
            disabled={busy}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className="rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink"
            aria-label={t('budget.line.delete', { name: line.name })}
            onClick={onDelete}
            disabled={busy}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>

      {quoteRows.length > 0 && (
        <dl className="mt-2 space-y-1 text-sm">
          {quoteRows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-3">
              <dt className="text-muted">{label}</dt>
              <dd className="tabular-nums text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 border-t border-line pt-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{t('budget.line.estimate')}</dt>
          <dd className="tabular-nums">{pesos(line.estimateCentavos)}</dd>
        </div>
        <div>
          <dt className="text-muted">
            {quoteRows.length > 1 ? t('budget.line.quoteTotal') : t('budget.line.quote')}
          </dt>
          <dd className="font-semibold tabular-nums" data-testid="line-quote-total">
            {pesos(line.quoteTotalCentavos)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('budget.line.actual')}</dt>
          <dd className="tabular-nums">{pesos(line.actualCentavos)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('budget.line.left')}</dt>
          <dd className="tabular-nums">{formatPesos(line.leftCentavos)}</dd>
        </div>
      </dl>

      <div className="mt-4">
        <h4 className="text-sm font-semibold text-ink">{t('budget.line.payments')}</h4>
        {line.payments.length === 0 ? (
          <p className="mt-1 text-sm text-muted">{t('budget.line.noPayments')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
            {line.payments.map((payment) => {
              const kind = t(`budget.payment.kinds.${payment.kind}`)
              return (
                <li
                  key={payment.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 text-sm"
                  data-testid="budget-payment"
                >
                  <div className="min-w-0 flex-[1_1_16rem]">
                    <p className="font-semibold text-ink">
                      {kind} ·{' '}
                      <span className="tabular-nums">{formatPesos(payment.dueCentavos)}</span>
                    </p>
                    <p className="text-muted">
                      {payment.percent !== null &&
                        `${t('budget.payment.percentOf', { percent: payment.percent })} · `}
                      {payment.dueOn
                        ? t('budget.payment.due', { date: formatLongDate(payment.dueOn, language) })
                        : t('budget.payment.noDueDate')}
                    </p>
                    <p className={payment.paid ? 'text-emerald-800' : 'text-muted'}>
                      {payment.paid
                        ? payment.paidOn
                          ? t('budget.payment.paidOn', {
                              date: formatLongDate(payment.paidOn, language),
                            })
                          : t('budget.payment.paidNoDate')
                        : t('budget.payment.unpaid')}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    {!payment.paid && (
                      <button
                        type="button"
                        className="rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink"
                        aria-label={t('budget.payment.markPaid', { kind, name: line.name })}
                        onClick={() => onMarkPaid(payment)}
                        disabled={busy}
                      >
                        <Check aria-hidden="true" className="size-4" />
                      </button>
                    )}
                    <button
                      type="button"
                      className="rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink"
                      aria-label={t('budget.payment.edit', { kind, name: line.name })}
                      onClick={() => onEditPayment(payment)}
                      disabled={busy}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      className="rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink"
                      aria-label={t('budget.payment.delete', { kind, name: line.name })}
                      onClick={() => onDeletePayment(payment)}
                      disabled={busy}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
        <button
          type="button"
          className="btn btn-secondary mt-3"
          onClick={onAddPayment}
          disabled={busy}
          aria-label={t('budget.line.addPayment', { name: line.name })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('budget.line.addPaymentShort')}
        </button>
      </div>
    </li>
  )
}

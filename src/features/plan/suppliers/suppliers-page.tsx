import { MessageCircle, Pencil, Phone, Plus, Printer, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadFailed } from '@/components/load-failed'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { PageSpinner } from '@/components/page-spinner'
import { useDocumentTitle } from '@/components/use-document-title'
import { seesMoney } from '@/lib/access'
import type { Wedding } from '@/lib/api'
import { deleteSupplier, getBudget, listSuppliers, type Supplier } from '@/lib/api/budget'
import { formatLongDate } from '@/lib/dates'
import { displayCouple } from '@/lib/names'
import { useLoad } from '@/lib/use-load'
import { formatPesos } from '../pesos'
import { PlanTabs } from '../components/plan-tabs'
import { planError } from '../plan-error'
import { SupplierDrawer } from './supplier-form'
import { contactLinks, messengerHref } from './suppliers-model'

type Notice = { tone: 'success' | 'error'; text: string } | null

// On paper only the contact sheet shows, on the printer's paper (A4 or letter): the page's controls
// and the app's header are hidden.
const printCss = `
@media print {
  @page { margin: 12mm; }
  html, body, .bg-canvas { background: #fff !important; }
  .contact-sheet { display: block; color: #000; }
  .contact-sheet table { border-collapse: collapse; }
  .contact-sheet th, .contact-sheet td { padding-right: 0.5rem; vertical-align: top; }
  .contact-sheet thead tr { border-bottom: 2px solid #000; }
  .contact-sheet tbody tr { border-bottom: 1px solid #a8a29e; }
}
`

/** /manage/plan/suppliers: the suppliers, their contacts and contracts, and the day-of contact sheet. */
export function SuppliersPage() {
  const { t } = useTranslation('plan')
  useDocumentTitle(t('suppliers.documentTitle'))
  return (
    <MyWeddingGate namespace="plan">
      {(wedding) => <SuppliersScreen wedding={wedding} />}
    </MyWeddingGate>
  )
}

function SuppliersScreen({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('plan')
  const money = seesMoney(wedding)
  const {
    data: suppliers,
    error,
    reload,
    refresh,
  } = useLoad(() => listSuppliers(wedding.id), [wedding.id])
  // The budget lines a supplier can be linked to: only for those who see the money.
  const { data: budget } = useLoad(
    () => (money ? getBudget(wedding.id) : null),
    [wedding.id, money],
  )
  const [notice, setNotice] = useState<Notice>(null)
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Supplier | null>(null)
  const [busy, setBusy] = useState(false)

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 print:max-w-none print:p-0">
      <style>{printCss}</style>
      <div className="space-y-6 print:hidden">
        <PlanTabs wedding={wedding} />
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 flex-[1_1_16rem]">
            <h1 className="font-display text-3xl text-ink">{t('suppliers.title')}</h1>
            <p className="mt-2 text-muted">{t('suppliers.intro')}</p>
            {!money && <p className="mt-2 text-sm text-muted">{t('suppliers.noMoney')}</p>}
          </div>
          {suppliers && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => window.print()}
                disabled={suppliers.length === 0}
              >
                <Printer aria-hidden="true" className="size-4" />
                {t('suppliers.print')}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" className="size-4" />
                {t('suppliers.add')}
              </button>
            </div>
          )}
        </header>

        <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>

        {error != null && !suppliers ? (
          <LoadFailed message={planError(error, t, 'suppliers')} onRetry={reload} />
        ) : !suppliers ? (
          <PageSpinner />
        ) : suppliers.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-white p-6 text-center text-muted">
            {t('suppliers.empty')}
          </p>
        ) : (
          <ul className="space-y-3">
            {suppliers.map((supplier) => (
              <SupplierCard
                key={supplier.id}
                supplier={supplier}
                money={money}
                busy={busy}
                onEdit={() => setEditing(supplier)}
                onDelete={() => setDeleting(supplier)}
              />
            ))}
          </ul>
        )}
      </div>

      {suppliers && <ContactSheet wedding={wedding} suppliers={suppliers} money={money} />}

      {editing && (
        <SupplierDrawer
          weddingId={wedding.id}
          supplier={editing === 'new' ? null : editing}
          money={money}
          lines={budget?.lines ?? []}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null)
            setNotice({ tone: 'success', text: t('suppliers.form.saved', { name }) })
            refresh()
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('suppliers.card.deleteTitle', { name: deleting?.name })}
        description={t('suppliers.card.deleteBody')}
        confirmLabel={t('common:actions.delete')}
        busy={busy}
        onConfirm={() => {
          const supplier = deleting
          if (!supplier) return
          setDeleting(null)
          setBusy(true)
          deleteSupplier(wedding.id, supplier.id)
            .then(
              () =>
                setNotice({
                  tone: 'success',
                  text: t('suppliers.card.deleted', { name: supplier.name }),
                }),
              (failure: unknown) =>
                setNotice({ tone: 'error', text: planError(failure, t, 'suppliers') }),
            )
            .finally(() => {
              setBusy(false)
              refresh()
            })
        }}
      />
    </div>
  )
}

const statusTone: Record<Supplier['status'], string> = {
  considering: 'bg-canvas text-ink ring-line',
  booked: 'bg-brand-50 text-brand-700 ring-brand-100',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-stone-100 text-stone-700 ring-stone-300',
}

function SupplierCard({
  supplier,
  money,
  busy,
  onEdit,
  onDelete,
}: {
  supplier: Supplier
  money: boolean
  busy: boolean
  onEdit(): void
  onDelete(): void
}) {
  const { t, i18n } = useTranslation('plan')
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const links = contactLinks(supplier)
  const linkClass = 'btn btn-secondary'
  return (
    <li className="rounded-2xl border border-line bg-white p-4 sm:p-5" data-testid="supplier">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="break-words text-lg font-semibold text-ink">{supplier.name}</h2>
          <p className="text-sm text-muted">
            {t(`budget.categories.${supplier.service}`)}
            {supplier.phone && ` · ${supplier.phone}`}
          </p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${statusTone[supplier.status]}`}
        >
          {t(`suppliers.statuses.${supplier.status}`)}
        </span>
      </div>

      {(links.call || links.viber || links.messenger) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {links.call && (
            <a
              className={linkClass}
              href={links.call}
              aria-label={t('suppliers.card.call', { name: supplier.name })}
            >
              <Phone aria-hidden="true" className="size-4" />
              {t('suppliers.card.callShort')}
            </a>
          )}
          {links.viber && (
            <a
              className={linkClass}
              href={links.viber}
              aria-label={t('suppliers.card.viber', { name: supplier.name })}
            >
              <Phone aria-hidden="true" className="size-4" />
              Viber
            </a>
          )}
          {links.messenger && (
            <a
              className={linkClass}
              href={links.messenger}
              target="_blank"
              rel="noreferrer"
              aria-label={t('suppliers.card.messenger', { name: supplier.name })}
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              Messenger
            </a>
          )}
        </div>
      )}

      {money && (
        <div
          className="mt-4 space-y-2 border-t border-line pt-3 text-sm"
          data-testid="supplier-money"
        >
          <p className="flex flex-wrap justify-between gap-x-3">
            <span className="text-muted">{t('suppliers.card.contract')}</span>
            <span className="font-semibold tabular-nums">
              {supplier.contractCentavos === null
                ? t('budget.line.none')
                : formatPesos(supplier.contractCentavos)}
            </span>
          </p>
          {supplier.budgetLine ? (
            <div>
              <p className="text-muted">
                {t('suppliers.card.linkedTo', { name: supplier.budgetLine.name })}
              </p>
              <h3 className="mt-2 font-semibold text-ink">{t('suppliers.card.schedule')}</h3>
              {supplier.budgetLine.payments.length === 0 ? (
                <p className="text-muted">{t('budget.line.noPayments')}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {supplier.budgetLine.payments.map((payment) => (
                    <li key={payment.id} className="flex flex-wrap justify-between gap-x-3">
                      <span>
                        {t(`budget.payment.kinds.${payment.kind}`)}
                        {payment.dueOn &&
                          ` · ${t('budget.payment.due', { date: formatLongDate(payment.dueOn, language) })}`}
                      </span>
                      <span className="tabular-nums">
                        {formatPesos(payment.dueCentavos)} ·{' '}
                        {payment.paid ? t('budget.payment.paidNoDate') : t('budget.payment.unpaid')}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <p className="text-muted">{t('suppliers.card.notLinked')}</p>
          )}
        </div>
      )}

      {supplier.notes && (
        <p className="mt-3 whitespace-pre-line break-words text-sm text-ink">{supplier.notes}</p>
      )}

      <div className="mt-3 flex justify-end gap-1">
        <button
          type="button"
          className="rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink"
          aria-label={t('suppliers.card.edit', { name: supplier.name })}
          onClick={onEdit}
          disabled={busy}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className="rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink"
          aria-label={t('suppliers.card.delete', { name: supplier.name })}
          onClick={onDelete}
          disabled={busy}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  )
}

/** A Messenger name longer than this may go to a line of its own under "m.me/" on the sheet. */
const LONG_MESSENGER_NAME = 28

/**
 * "m.me/studioliwanag": a supplier's Messenger as the sheet prints it, short, however it was typed,
 * and on one line; only a name too long to fit beside the other columns breaks, after "m.me/".
 */
function MessengerShown({ messenger }: { messenger: string | null }) {
  const href = messengerHref(messenger)
  if (!href) return <span className="whitespace-nowrap">{messenger}</span>
  const name = decodeURIComponent(href.slice('https://m.me/'.length))
  if (name.length <= LONG_MESSENGER_NAME)
    return <span className="whitespace-nowrap">m.me/{name}</span>
  return (
    <>
      m.me/
      <wbr />
      <span className="whitespace-nowrap">{name}</span>
    </>
  )
}

/** The day-of contact sheet, shown on paper only: names, services, phones; money only for those who see it. */
function ContactSheet({
  wedding,
  suppliers,
  money,
}: {
  wedding: Wedding
  suppliers: Supplier[]
  money: boolean
}) {
  const { t, i18n } = useTranslation('plan')
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const booked = suppliers.filter((supplier) => supplier.status !== 'cancelled')
  return (
    <section className="contact-sheet hidden" data-testid="contact-sheet">
      <h1 className="text-2xl font-semibold">
        {t('suppliers.sheet.title', { couple: displayCouple(wedding.bride, wedding.groom) })}
      </h1>
      {wedding.date && (
        <p className="mt-1">
          {t('suppliers.sheet.date', { date: formatLongDate(wedding.date, language) })}
        </p>
      )}
      <table className="mt-4 w-full" style={{ fontSize: '0.8125rem' }}>
        <thead>
          <tr className="text-left">
            <th className="py-1">{t('suppliers.sheet.name')}</th>
            <th className="py-1">{t('suppliers.sheet.service')}</th>
            <th className="whitespace-nowrap py-1">{t('suppliers.sheet.phone')}</th>
            <th className="whitespace-nowrap py-1">{t('suppliers.sheet.messenger')}</th>
            <th className="whitespace-nowrap py-1">{t('suppliers.sheet.status')}</th>
            {money && (
              <th className="whitespace-nowrap py-1 text-right">{t('suppliers.sheet.contract')}</th>
            )}
          </tr>
        </thead>
        {/* The names and services wrap between words; a number, a status, a link and an amount stay
            whole on one line, so the columns are sized around them on A4 and letter alike. */}
        <tbody>
          {booked.map((supplier) => (
            <tr key={supplier.id} className="break-inside-avoid">
              <td className="py-1.5 font-semibold">{supplier.name}</td>
              <td className="py-1.5">{t(`budget.categories.${supplier.service}`)}</td>
              <td className="whitespace-nowrap py-1.5">{supplier.phone}</td>
              <td className="py-1.5">
                <MessengerShown messenger={supplier.messenger} />
              </td>
              <td className="whitespace-nowrap py-1.5">
                {t(`suppliers.statuses.${supplier.status}`)}
              </td>
              {money && (
                <td className="whitespace-nowrap py-1.5 text-right tabular-nums">
                  {supplier.contractCentavos === null ? '' : formatPesos(supplier.contractCentavos)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

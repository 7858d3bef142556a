import {
  Download,
  Gift as GiftIcon,
  HeartHandshake,
  MessageSquareHeart,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadFailed } from '@/components/load-failed'
import { PageSpinner } from '@/components/page-spinner'
import { useDocumentTitle } from '@/components/use-document-title'
import type { Wedding } from '@/lib/api'
import {
  deleteGift,
  giftKinds,
  listGifts,
  markGiftThanked,
  saveGift,
  saveGiftThankYouTemplates,
  type Gift,
  type GiftInput,
  type GiftLedger,
} from '@/lib/api/gifts'
import { downloadFile, toCsv } from '@/lib/csv'
import { formatLongDate, toManila, todayInManila } from '@/lib/dates'
import { errorMessage } from '@/lib/errors'
import { useMyWedding } from '@/lib/session'
import { useLoad } from '@/lib/use-load'
import { PlanTabs } from '../../components/plan-tabs'
import { GiftDrawer } from '../components/gift-drawer'
import { TemplatesDrawer } from '../components/templates-drawer'
import { ThankYouDrawer } from '../components/thank-you-drawer'
import {
  filterGifts,
  giftCsvRows,
  giverCount,
  giverLabel,
  grandTotal,
  thankedCount,
  type ThanksFilter,
} from '../model/gift-ledger'
import { formatPesos } from '../../pesos'

type Notice = { tone: 'success' | 'error'; text: string } | null

/**
 * The giver's name for a message, and whether they are several: Filipino says "ni Ninong Rudy" but
 * "nina Ramon Santos, Lourdes Santos" (the `_several` strings). A context, not a plural: Filipino's
 * plural rule calls 2 and 3 "one".
 */
const about = (gift: Gift) => ({
  name: giverLabel(gift),
  context: giverCount(gift) > 1 ? 'several' : undefined,
})

/** /manage/plan/gifts: the gift ledger, its totals by kind, the thank-yous and the CSV. */
export function GiftsPage() {
  const { t } = useTranslation('plan')
  useDocumentTitle(t('gifts.title'))
  const { wedding, status, error, reload } = useMyWedding()
  if (status === 'error')
    return <LoadFailed message={errorMessage(error, t, 'plan')} onRetry={() => void reload()} />
  if (!wedding) return <PageSpinner />
  return <Gifts wedding={wedding} />
}

function Gifts({ wedding }: { wedding: Wedding }) {
  const { t, i18n } = useTranslation('plan')
  const {
    data: ledger,
    error: loadError,
    reload,
    refresh,
    setData,
  } = useLoad(() => listGifts(wedding.id), [wedding.id])
  const [notice, setNotice] = useState<Notice>(null)
  const [editing, setEditing] = useState<Gift | 'new' | null>(null)
  const [thanking, setThanking] = useState<Gift | null>(null)
  const [deleting, setDeleting] = useState<Gift | null>(null)
  const [templatesOpen, setTemplatesOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [filter, setFilter] = useState<{ kind: string; thanks: ThanksFilter }>({
    kind: 'all',
    thanks: 'all',
  })
  const language = i18n.language === 'fil' ? 'fil' : 'en'

  if (loadError) return <LoadFailed message={errorMessage(loadError, t, 'plan')} onRetry={reload} />
  if (!ledger) return <PageSpinner />

  // A thank-you changes one gift: it is put in place, and the thank-you count follows.
  const replace = (gift: Gift) =>
    setData(
      (current) =>
        current && {
          ...current,
          gifts: current.gifts.map((row) => (row.id === gift.id ? gift : row)),
        },
    )

  const save = async (input: GiftInput) => {
    const gift = editing === 'new' || editing === null ? null : editing
    const saved = await saveGift(wedding.id, gift?.id ?? null, input)
    setEditing(null)
    setNotice({
      tone: 'success',
      text: t(gift ? 'gifts.notice.saved' : 'gifts.notice.recorded', about(saved)),
    })
    // The totals are the database's: the ledger is read again (a failed read says so).
    refresh()
  }

  const remove = async (gift: Gift) => {
    setBusy(true)
    try {
      await deleteGift(wedding.id, gift.id)
      setNotice({ tone: 'success', text: t('gifts.notice.deleted', about(gift)) })
      setDeleting(null)
      refresh()
    } catch (error) {
      setDeleting(null)
      setNotice({ tone: 'error', text: errorMessage(error, t, 'plan') })
    } finally {
      setBusy(false)
    }
  }

  const exportCsv = async () => {
    const rows = giftCsvRows(ledger.gifts, ledger.seesMoney, {
      headers: {
        giver: t('gifts.csv.giver'),
        onGuestList: t('gifts.csv.onGuestList'),
        kind: t('gifts.csv.kind'),
        reference: t('gifts.csv.reference'),
        description: t('gifts.csv.description'),
        amount: t('gifts.csv.amount'),
        receivedOn: t('gifts.csv.receivedOn'),
        thankYou: t('gifts.csv.thankYou'),
        thankedOn: t('gifts.csv.thankedOn'),
        thankedVia: t('gifts.csv.thankedVia'),
        notes: t('gifts.csv.notes'),
      },
      yes: t('gifts.csv.yes'),
      no: t('gifts.csv.no'),
      kind: (kind) => t(`gifts.kinds.${kind}`),
      channel: (channel) => t(`gifts.channels.${channel}`),
      thanked: t('gifts.csv.sent'),
      notYet: t('gifts.csv.notYet'),
      day: (instant) => toManila(instant).format('YYYY-MM-DD'),
    })
    downloadFile(`${t('gifts.csv.fileName')}-${todayInManila()}.csv`, await toCsv(rows))
  }

  const shown = filterGifts(ledger.gifts, filter)
  const filtered = filter.kind !== 'all' || filter.thanks !== 'all'

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <PlanTabs wedding={wedding} />
      <header className="space-y-4">
        <div>
          <h1 className="font-display text-3xl text-ink">{t('gifts.title')}</h1>
          <p className="mt-2 text-muted">{t('gifts.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('gifts.record')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setTemplatesOpen(true)}
          >
            <MessageSquareHeart aria-hidden="true" className="size-4" />
            {t('gifts.templates.open')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={ledger.gifts.length === 0}
            onClick={() => void exportCsv()}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('gifts.export')}
          </button>
        </div>
      </header>

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      <Totals ledger={ledger} />

      <section aria-labelledby="gift-list-heading" className="space-y-4">
        <h2 id="gift-list-heading" className="font-display text-xl text-ink">
          {t('gifts.list.heading')}
        </h2>
        {ledger.gifts.length > 0 && <Filter filter={filter} onChange={setFilter} />}
        {ledger.gifts.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">
            {t('gifts.list.empty')}
          </p>
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">
            {t('gifts.list.noneMatch')}
          </p>
        ) : (
          <>
            {filtered && (
              <p className="text-sm text-muted" role="status">
                {t('gifts.list.showing', { shown: shown.length, total: ledger.gifts.length })}
              </p>
            )}
            <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
              {shown.map((gift) => (
                <GiftRow
                  key={gift.id}
                  gift={gift}
                  seesMoney={ledger.seesMoney}
                  language={language}
                  onThank={() => setThanking(gift)}
                  onEdit={() => setEditing(gift)}
                  onDelete={() => setDeleting(gift)}
                />
              ))}
            </ul>
          </>
        )}
      </section>

      <GiftDrawer
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        weddingId={wedding.id}
        gift={editing === 'new' ? null : editing}
        seesMoney={ledger.seesMoney}
        save={save}
      />
      <ThankYouDrawer
        gift={thanking}
        onOpenChange={(open) => !open && setThanking(null)}
        templates={ledger.templates}
        couple={wedding}
        language={wedding.siteLanguage ?? 'fil'}
        mark={async (gift, channel) => {
          const marked = await markGiftThanked(wedding.id, gift.id, channel)
          replace(marked)
          return marked
        }}
      />
      <TemplatesDrawer
        open={templatesOpen}
        onOpenChange={setTemplatesOpen}
        templates={ledger.templates}
        save={async (templates) => {
          const saved = await saveGiftThankYouTemplates(wedding.id, templates)
          setData((current) => current && { ...current, templates: saved })
          setTemplatesOpen(false)
          setNotice({ tone: 'success', text: t('gifts.templates.saved') })
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('gifts.delete.title')}
        description={deleting ? t('gifts.delete.description', about(deleting)) : undefined}
        confirmLabel={t('gifts.delete.confirm')}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </div>
  )
}

/** Each kind's count (and sum, for who sees the money), the whole ledger's, and the thank-yous. */
function Totals({ ledger }: { ledger: GiftLedger }) {
  const { t } = useTranslation('plan')
  const all = grandTotal(ledger.totals)
  const thanked = thankedCount(ledger.gifts)
  return (
    <section
      aria-labelledby="gift-totals-heading"
      className="rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <h2 id="gift-totals-heading" className="font-display text-xl text-ink">
        {t('gifts.totals.heading')}
      </h2>
      <p className="mt-2 text-2xl font-semibold text-ink" data-testid="gift-grand-total">
        {ledger.seesMoney && all.amount !== null
          ? t('gifts.totals.allWithAmount', { count: all.count, amount: formatPesos(all.amount) })
          : t('gifts.totals.all', { count: all.count })}
      </p>
      <p className="text-sm text-muted">
        {t('gifts.totals.thanked', { thanked, total: all.count })}
      </p>
      {ledger.totals.length > 0 && (
        <dl className="mt-4 grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:grid-cols-3">
          {ledger.totals.map((total) => (
            <div
              key={total.kind}
              className="rounded-xl bg-brand-50 px-3 py-2"
              data-testid={`gift-total-${total.kind}`}
            >
              <dt className="text-sm font-semibold text-brand-700">
                {t(`gifts.kinds.${total.kind}`)}
              </dt>
              <dd className="text-sm text-ink">
                {t('gifts.totals.count', { count: total.count })}
                {ledger.seesMoney && total.amount !== null && total.amount > 0 && (
                  <> · {formatPesos(total.amount)}</>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {!ledger.seesMoney && (
        <p className="mt-4 text-sm text-muted">{t('gifts.totals.amountsHidden')}</p>
      )}
    </section>
  )
}

function Filter({
  filter,
  onChange,
}: {
  filter: { kind: string; thanks: ThanksFilter }
  onChange(filter: { kind: string; thanks: ThanksFilter }): void
}) {
  const { t } = useTranslation('plan')
  const id = useId()
  return (
    <div className="grid max-w-md grid-cols-2 gap-3">
      <div>
        <label htmlFor={`${id}-kind`} className="field-label">
          {t('gifts.filter.kind')}
        </label>
        <select
          id={`${id}-kind`}
          className="field-input"
          value={filter.kind}
          onChange={(event) => onChange({ ...filter, kind: event.target.value })}
        >
          <option value="all">{t('gifts.filter.allKinds')}</option>
          {giftKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`gifts.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-thanks`} className="field-label">
          {t('gifts.filter.thanks')}
        </label>
        <select
          id={`${id}-thanks`}
          className="field-input"
          value={filter.thanks}
          onChange={(event) => onChange({ ...filter, thanks: event.target.value as ThanksFilter })}
        >
          <option value="all">{t('gifts.filter.allThanks')}</option>
          <option value="not_yet">{t('gifts.status.notYet')}</option>
          <option value="sent">{t('gifts.status.sent')}</option>
        </select>
      </div>
    </div>
  )
}

function GiftRow({
  gift,
  seesMoney,
  language,
  onThank,
  onEdit,
  onDelete,
}: {
  gift: Gift
  seesMoney: boolean
  language: 'fil' | 'en'
  onThank(): void
  onEdit(): void
  onDelete(): void
}) {
  const { t } = useTranslation('plan')
  const giver = about(gift)
  const name = giver.name
  const what = [
    t(`gifts.kinds.${gift.kind}`),
    gift.reference && t('gifts.list.reference', { reference: gift.reference }),
    gift.description,
  ]
    .filter(Boolean)
    .join(' · ')
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-3 p-4" data-testid="gift">
      <div className="min-w-0 flex-[1_1_16rem] space-y-1">
        <p className="font-semibold break-words text-ink">{name}</p>
        <p className="flex items-center gap-1.5 text-sm text-ink">
          <GiftIcon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
          <span className="break-words">{what}</span>
        </p>
        {seesMoney && gift.amount !== null && (
          <p className="font-semibold text-ink">{formatPesos(gift.amount)}</p>
        )}
        {gift.receivedOn && (
          <p className="text-sm text-muted">
            {t('gifts.list.received', { date: formatLongDate(gift.receivedOn, language) })}
          </p>
        )}
        {!gift.householdId && <p className="text-xs text-muted">{t('gifts.list.notOnList')}</p>}
        {gift.notes && (
          <p className="text-sm break-words whitespace-pre-line text-muted">{gift.notes}</p>
        )}
        <p
          className={`text-sm font-medium ${gift.thankedAt ? 'text-emerald-800' : 'text-amber-800'}`}
        >
          {gift.thankedAt && gift.thankedVia
            ? t('gifts.list.thanked', {
                date: formatLongDate(toManila(gift.thankedAt).format('YYYY-MM-DD'), language),
                channel: t(`gifts.channels.${gift.thankedVia}`),
              })
            : t('gifts.status.notYet')}
        </p>
      </div>
      {/* On a phone the thank-you takes a line of its own, editing and deleting share the next. */}
      <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
        <button
          type="button"
          className="btn btn-secondary col-span-2 min-h-11 px-3 text-sm"
          aria-label={t('gifts.list.thankLabel', giver)}
          onClick={onThank}
        >
          <HeartHandshake aria-hidden="true" className="size-4" />
          {t('gifts.list.thank')}
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-3 text-sm"
          aria-label={t('gifts.list.editLabel', giver)}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t('gifts.list.edit')}
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-3 text-sm"
          aria-label={t('gifts.list.deleteLabel', giver)}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('gifts.list.delete')}
        </button>
      </div>
    </li>
  )
}

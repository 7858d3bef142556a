import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Drawer } from '@/components/drawer'
import { Field } from '@/components/field'
import {
  budgetCategories,
  isBudgetCategory,
  paymentKinds,
  saveBudgetLine,
  saveBudgetPayment,
  type Budget,
  type BudgetLine,
  type BudgetPayment,
  type HeadCountBasis,
  type PaymentKind,
} from '@/lib/api/budget'
import { planError } from '../plan-error'
import { parsePercent } from './budget-model'
import { formatPesos, parsePesos, pesosText } from '../pesos'
import { categoryName } from './category-name'

/** A checkbox with its label beside it. */
function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-3">
      <input id={id} type="checkbox" className="size-5 shrink-0 accent-brand-600" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
    </div>
  )
}

/** Two or three choices as radio buttons in a labelled group. */
function Choice<T extends string>({ legend, value, options, onChange }: { legend: string; value: T; options: ReadonlyArray<[T, string]>; onChange(value: T): void }) {
  const name = useId()
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map(([option, label]) => (
          <label key={option} className="flex min-h-11 items-center gap-2 text-ink">
            <input type="radio" name={name} className="size-5 accent-brand-600" checked={value === option} onChange={() => onChange(option)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

interface LineDrawerProps {
  weddingId: string
  line: BudgetLine | null
  guests: Budget['guests']
  /** The categories the budget uses, the couple's own among them. */
  categories: string[]
  onClose(): void
  onSaved(name: string): void
}

// The category select's value for "a new category", which no category can be (it has a space).
const NEW_CATEGORY = ' new'

/** Adds or edits a budget line. What was typed stays when a save fails. */
export function LineDrawer({ weddingId, line, guests, categories, onClose, onSaved }: LineDrawerProps) {
  const { t } = useTranslation('plan')
  const formId = useId()
  const ownCategories = categories.filter((category) => !isBudgetCategory(category))
  const [category, setCategory] = useState<string>(line?.category ?? 'catering')
  const [newCategory, setNewCategory] = useState('')
  const [name, setName] = useState(line?.name ?? '')
  const [estimate, setEstimate] = useState(pesosText(line?.estimateCentavos ?? null))
  const [perHead, setPerHead] = useState(line ? line.pricePerHeadCentavos !== null : false)
  const [quote, setQuote] = useState(pesosText(line?.quoteCentavos ?? null))
  const [pricePerHead, setPricePerHead] = useState(pesosText(line?.pricePerHeadCentavos ?? null))
  const [basis, setBasis] = useState<HeadCountBasis>(line?.headCountBasis ?? 'invited')
  const [withService, setWithService] = useState(line?.withService ?? false)
  const [withVat, setWithVat] = useState(line?.withVat ?? false)
  const [actual, setActual] = useState(pesosText(line?.actualCentavos ?? null))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const amounts = { estimate: parsePesos(estimate), quote: parsePesos(perHead ? '' : quote), pricePerHead: parsePesos(perHead ? pricePerHead : ''), actual: parsePesos(actual) }
    const found: Record<string, string> = {}
    if (!name.trim()) found.name = t('budget.form.errors.name')
    const chosenCategory = category === NEW_CATEGORY ? newCategory.trim() : category
    if (!chosenCategory) found.newCategory = t('budget.form.errors.category')
    for (const [key, parsed] of Object.entries(amounts)) if (!parsed.ok) found[key] = t('budget.form.errors.amount')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const value = (parsed: (typeof amounts)[keyof typeof amounts]) => (parsed.ok ? parsed.value : null)
    setBusy(true)
    setFailure(null)
    try {
      await saveBudgetLine(weddingId, line?.id ?? null, {
        category: chosenCategory,
        name: name.trim(),
        estimateCentavos: value(amounts.estimate),
        quoteCentavos: value(amounts.quote),
        pricePerHeadCentavos: value(amounts.pricePerHead),
        headCountBasis: perHead && value(amounts.pricePerHead) !== null ? basis : null,
        actualCentavos: value(amounts.actual),
        withService,
        withVat,
      })
      onSaved(name.trim())
    } catch (error) {
      setFailure(planError(error, t, 'budget'))
    } finally {
      setBusy(false)
    }
  }

  const amountField = (label: string, key: string, value: string, set: (value: string) => void, hint?: string) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(control) => <input {...control} className="field-input tabular-nums" inputMode="decimal" autoComplete="off" value={value} onChange={(event) => set(event.target.value)} />}
    </Field>
  )

  return (
    <Drawer
      open
      onOpenChange={(open) => !open && onClose()}
      title={line ? t('budget.form.editTitle', { name: line.name }) : t('budget.form.addTitle')}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {t('budget.form.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label={t('budget.form.category')}>
          {(control) => (
            <select {...control} className="field-input" value={category} onChange={(event) => setCategory(event.target.value)}>
              {[...budgetCategories.filter((option) => option !== 'others'), ...ownCategories, 'others'].map((option) => (
                <option key={option} value={option}>
                  {categoryName(t, option)}
                </option>
              ))}
              <option value={NEW_CATEGORY}>{t('budget.form.newCategoryOption')}</option>
            </select>
          )}
        </Field>
        {category === NEW_CATEGORY && (
          <Field label={t('budget.form.newCategory')} hint={t('budget.form.newCategoryHint')} error={errors.newCategory}>
            {(control) => <input {...control} className="field-input" maxLength={60} value={newCategory} onChange={(event) => setNewCategory(event.target.value)} />}
          </Field>
        )}
        <Field label={t('budget.form.name')} hint={t('budget.form.nameHint')} error={errors.name}>
          {(control) => <input {...control} className="field-input" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        {amountField(t('budget.form.estimate'), 'estimate', estimate, setEstimate, t('budget.form.estimateHint'))}
        <Choice
          legend={t('budget.form.pricing')}
          value={perHead ? 'perHead' : 'fixed'}
          options={[
            ['fixed', t('budget.form.fixed')],
            ['perHead', t('budget.form.perHead')],
          ]}
          onChange={(choice) => setPerHead(choice === 'perHead')}
        />
        {perHead ? (
          <>
            {amountField(t('budget.form.pricePerHead'), 'pricePerHead', pricePerHead, setPricePerHead)}
            <Choice<HeadCountBasis>
              legend={t('budget.form.basis')}
              value={basis}
              options={[
                ['invited', t('budget.form.basisInvited', { count: guests.invited })],
                ['attending', t('budget.form.basisAttending', { count: guests.attending })],
              ]}
              onChange={setBasis}
            />
            <p className="text-sm text-muted">{t('budget.form.basisHint')}</p>
          </>
        ) : (
          amountField(t('budget.form.quote'), 'quote', quote, setQuote)
        )}
        <div className="space-y-2">
          <Switch label={t('budget.form.service')} checked={withService} onChange={setWithService} />
          <Switch label={t('budget.form.vat')} checked={withVat} onChange={setWithVat} />
          <p className="text-sm text-muted">{t('budget.form.chargesHint')}</p>
        </div>
        {amountField(t('budget.form.actual'), 'actual', actual, setActual, t('budget.form.actualHint'))}
      </form>
    </Drawer>
  )
}

interface PaymentDrawerProps {
  weddingId: string
  line: BudgetLine
  payment: BudgetPayment | null
  onClose(): void
  onSaved(): void
}

/** Adds or edits a payment of a line: an amount or a percentage of its price, due and paid dates. */
export function PaymentDrawer({ weddingId, line, payment, onClose, onSaved }: PaymentDrawerProps) {
  const { t } = useTranslation('plan')
  const formId = useId()
  const [kind, setKind] = useState<PaymentKind>(payment?.kind ?? (line.payments.length === 0 ? 'down_payment' : 'balance'))
  const [byPercent, setByPercent] = useState(payment ? payment.percent !== null : line.payments.length === 0)
  const [amount, setAmount] = useState(pesosText(payment?.amountCentavos ?? null))
  const [percent, setPercent] = useState(payment?.percent != null ? String(payment.percent) : '')
  const [dueOn, setDueOn] = useState(payment?.dueOn ?? '')
  const [paid, setPaid] = useState(payment?.paid ?? false)
  const [paidOn, setPaidOn] = useState(payment?.paidOn ?? '')
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsedAmount = parsePesos(amount)
    const parsedPercent = parsePercent(percent)
    if (byPercent && !parsedPercent.ok) return setError(t('budget.payment.errors.percent'))
    if (!byPercent && (!parsedAmount.ok || parsedAmount.value === null)) return setError(t('budget.payment.errors.amount'))
    setError(null)
    setBusy(true)
    setFailure(null)
    try {
      await saveBudgetPayment(weddingId, payment?.id ?? null, {
        lineId: line.id,
        kind,
        amountCentavos: !byPercent && parsedAmount.ok ? parsedAmount.value : null,
        percent: byPercent && parsedPercent.ok ? parsedPercent.value : null,
        dueOn: dueOn || null,
        paid,
        paidOn: paid ? paidOn || null : null,
      })
      onSaved()
    } catch (caught) {
      setFailure(planError(caught, t, 'budget'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Drawer
      open
      onOpenChange={(open) => !open && onClose()}
      title={payment ? t('budget.payment.editTitle', { name: line.name }) : t('budget.payment.addTitle', { name: line.name })}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {t('budget.payment.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label={t('budget.payment.kind')}>
          {(control) => (
            <select {...control} className="field-input" value={kind} onChange={(event) => setKind(event.target.value as PaymentKind)}>
              {paymentKinds.map((option) => (
                <option key={option} value={option}>
                  {t(`budget.payment.kinds.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Choice
          legend={t('budget.payment.by')}
          value={byPercent ? 'percent' : 'amount'}
          options={[
            ['amount', t('budget.payment.byAmount')],
            ['percent', t('budget.payment.byPercent')],
          ]}
          onChange={(choice) => {
            setByPercent(choice === 'percent')
            setError(null)
          }}
        />
        {byPercent ? (
          <Field label={t('budget.payment.percent')} error={error} hint={t('budget.payment.percentHint', { price: formatPesos(line.priceCentavos ?? 0) })}>
            {(control) => <input {...control} className="field-input tabular-nums" inputMode="decimal" autoComplete="off" value={percent} onChange={(event) => setPercent(event.target.value)} />}
          </Field>
        ) : (
          <Field label={t('budget.payment.amount')} error={error}>
            {(control) => <input {...control} className="field-input tabular-nums" inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />}
          </Field>
        )}
        <Field label={t('budget.payment.dueOn')}>
          {(control) => <input {...control} type="date" className="field-input" value={dueOn} onChange={(event) => setDueOn(event.target.value)} />}
        </Field>
        <Switch label={t('budget.payment.paid')} checked={paid} onChange={setPaid} />
        {paid && (
          <Field label={t('budget.payment.paidOnLabel')}>
            {(control) => <input {...control} type="date" className="field-input" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} />}
          </Field>
        )}
      </form>
    </Drawer>
  )
}

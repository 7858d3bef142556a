import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import * as z from 'zod/mini'
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
} from '@/lib/api/budget'
import { planError } from '../plan-error'
import { parsePercent } from './budget-model'
import { formatPesos, parsePesos, pesosText } from '../pesos'
import { categoryName } from './category-name'

/** A checkbox with its label beside it. */
function Switch({ label, field }: { label: string; field: UseFormRegisterReturn }) {
  const id = useId()
  return (
    <div className="flex items-center gap-3">
      <input id={id} type="checkbox" className="size-5 shrink-0 accent-brand-600" {...field} />
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
    </div>
  )
}

/** Two or three choices as radio buttons in a labelled group. */
function Choice({
  legend,
  field,
  options,
}: {
  legend: string
  field: UseFormRegisterReturn
  options: ReadonlyArray<[string, string]>
}) {
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map(([option, label]) => (
          <label key={option} className="flex min-h-11 items-center gap-2 text-ink">
            <input type="radio" className="size-5 accent-brand-600" value={option} {...field} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** A rule's message (a key of the `plan` namespace) in words. */
function useMessage() {
  const { t } = useTranslation('plan')
  return (key: string | undefined) => (key ? t(key) : undefined)
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

// Messages are keys of the `plan` namespace; the database checks the amounts again.
const pesosField = z
  .string()
  .check(z.refine((value) => parsePesos(value).ok, 'budget.form.errors.amount'))
const lineSchema = z
  .object({
    category: z.string(),
    newCategory: z.string(),
    name: z.string().check(z.refine((value) => value.trim() !== '', 'budget.form.errors.name')),
    estimate: pesosField,
    pricing: z.enum(['fixed', 'perHead']),
    quote: z.string(),
    pricePerHead: z.string(),
    basis: z.enum(['invited', 'attending']),
    withService: z.boolean(),
    withVat: z.boolean(),
    actual: pesosField,
  })
  .check(
    z.superRefine((values, context) => {
      if (values.category === NEW_CATEGORY && !values.newCategory.trim()) {
        context.issues.push({
          code: 'custom',
          input: values.newCategory,
          path: ['newCategory'],
          message: 'budget.form.errors.category',
        })
      }
      // Only the price shown is read: a fixed quote, or a price per guest.
      const [key, text] =
        values.pricing === 'perHead'
          ? (['pricePerHead', values.pricePerHead] as const)
          : (['quote', values.quote] as const)
      if (!parsePesos(text).ok)
        context.issues.push({
          code: 'custom',
          input: text,
          path: [key],
          message: 'budget.form.errors.amount',
        })
    }),
  )
type LineValues = z.infer<typeof lineSchema>

/** Adds or edits a budget line. What was typed stays when a save fails. */
export function LineDrawer({
  weddingId,
  line,
  guests,
  categories,
  onClose,
  onSaved,
}: LineDrawerProps) {
  const { t } = useTranslation('plan')
  const message = useMessage()
  const formId = useId()
  const ownCategories = categories.filter((category) => !isBudgetCategory(category))
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LineValues>({
    resolver: zodResolver(lineSchema),
    // A message stays until the next save.
    reValidateMode: 'onSubmit',
    defaultValues: {
      category: line?.category ?? 'catering',
      newCategory: '',
      name: line?.name ?? '',
      estimate: pesosText(line?.estimateCentavos ?? null),
      pricing: line && line.pricePerHeadCentavos !== null ? 'perHead' : 'fixed',
      quote: pesosText(line?.quoteCentavos ?? null),
      pricePerHead: pesosText(line?.pricePerHeadCentavos ?? null),
      basis: line?.headCountBasis ?? 'invited',
      withService: line?.withService ?? false,
      withVat: line?.withVat ?? false,
      actual: pesosText(line?.actualCentavos ?? null),
    },
  })
  const [category, pricing] = useWatch({ control, name: ['category', 'pricing'] })

  const submit = handleSubmit(async (values) => {
    const perHead = values.pricing === 'perHead'
    const amount = (text: string) => {
      const parsed = parsePesos(text)
      return parsed.ok ? parsed.value : null
    }
    const pricePerHead = amount(perHead ? values.pricePerHead : '')
    setFailure(null)
    try {
      await saveBudgetLine(weddingId, line?.id ?? null, {
        category: values.category === NEW_CATEGORY ? values.newCategory.trim() : values.category,
        name: values.name.trim(),
        estimateCentavos: amount(values.estimate),
        quoteCentavos: amount(perHead ? '' : values.quote),
        pricePerHeadCentavos: pricePerHead,
        headCountBasis: perHead && pricePerHead !== null ? values.basis : null,
        actualCentavos: amount(values.actual),
        withService: values.withService,
        withVat: values.withVat,
      })
      onSaved(values.name.trim())
    } catch (error) {
      setFailure(planError(error, t, 'budget'))
    }
  })

  const amountField = (
    label: string,
    key: 'estimate' | 'quote' | 'pricePerHead' | 'actual',
    hint?: string,
  ) => (
    <Field label={label} error={message(errors[key]?.message)} hint={hint}>
      {(control) => (
        <input
          {...control}
          className="field-input tabular-nums"
          inputMode="decimal"
          autoComplete="off"
          {...register(key)}
        />
      )}
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
          <button type="submit" form={formId} className="btn btn-primary" disabled={isSubmitting}>
            {t('budget.form.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label={t('budget.form.category')}>
          {(control) => (
            <select {...control} className="field-input" {...register('category')}>
              {[
                ...budgetCategories.filter((option) => option !== 'others'),
                ...ownCategories,
                'others',
              ].map((option) => (
                <option key={option} value={option}>
                  {categoryName(t, option)}
                </option>
              ))}
              <option value={NEW_CATEGORY}>{t('budget.form.newCategoryOption')}</option>
            </select>
          )}
        </Field>
        {category === NEW_CATEGORY && (
          <Field
            label={t('budget.form.newCategory')}
            hint={t('budget.form.newCategoryHint')}
            error={message(errors.newCategory?.message)}
          >
            {(control) => (
              <input
                {...control}
                className="field-input"
                maxLength={60}
                {...register('newCategory')}
              />
            )}
          </Field>
        )}
        <Field
          label={t('budget.form.name')}
          hint={t('budget.form.nameHint')}
          error={message(errors.name?.message)}
        >
          {(control) => (
            <input {...control} className="field-input" maxLength={120} {...register('name')} />
          )}
        </Field>
        {amountField(t('budget.form.estimate'), 'estimate', t('budget.form.estimateHint'))}
        <Choice
          legend={t('budget.form.pricing')}
          field={register('pricing')}
          options={[
            ['fixed', t('budget.form.fixed')],
            ['perHead', t('budget.form.perHead')],
          ]}
        />
        {pricing === 'perHead' ? (
          <>
            {amountField(t('budget.form.pricePerHead'), 'pricePerHead')}
            <Choice
              legend={t('budget.form.basis')}
              field={register('basis')}
              options={[
                ['invited', t('budget.form.basisInvited', { count: guests.invited })],
                ['attending', t('budget.form.basisAttending', { count: guests.attending })],
              ]}
            />
            <p className="text-sm text-muted">{t('budget.form.basisHint')}</p>
          </>
        ) : (
          amountField(t('budget.form.quote'), 'quote')
        )}
        <div className="space-y-2">
          <Switch label={t('budget.form.service')} field={register('withService')} />
          <Switch label={t('budget.form.vat')} field={register('withVat')} />
          <p className="text-sm text-muted">{t('budget.form.chargesHint')}</p>
        </div>
        {amountField(t('budget.form.actual'), 'actual', t('budget.form.actualHint'))}
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

// Messages are keys of the `plan` namespace; only the way of paying chosen is read.
const paymentSchema = z
  .object({
    kind: z.enum(paymentKinds),
    by: z.enum(['amount', 'percent']),
    amount: z.string(),
    percent: z.string(),
    dueOn: z.string(),
    paid: z.boolean(),
    paidOn: z.string(),
  })
  .check(
    z.superRefine((values, context) => {
      if (values.by === 'percent' && !parsePercent(values.percent).ok) {
        context.issues.push({
          code: 'custom',
          input: values.percent,
          path: ['percent'],
          message: 'budget.payment.errors.percent',
        })
      }
      const amount = parsePesos(values.amount)
      if (values.by === 'amount' && (!amount.ok || amount.value === null)) {
        context.issues.push({
          code: 'custom',
          input: values.amount,
          path: ['amount'],
          message: 'budget.payment.errors.amount',
        })
      }
    }),
  )
type PaymentValues = z.infer<typeof paymentSchema>

/** Adds or edits a payment of a line: an amount or a percentage of its price, due and paid dates. */
export function PaymentDrawer({ weddingId, line, payment, onClose, onSaved }: PaymentDrawerProps) {
  const { t } = useTranslation('plan')
  const message = useMessage()
  const formId = useId()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<PaymentValues>({
    resolver: zodResolver(paymentSchema),
    // A message stays until the next save, or until the way of paying changes.
    reValidateMode: 'onSubmit',
    defaultValues: {
      kind: payment?.kind ?? (line.payments.length === 0 ? 'down_payment' : 'balance'),
      by: (payment ? payment.percent !== null : line.payments.length === 0) ? 'percent' : 'amount',
      amount: pesosText(payment?.amountCentavos ?? null),
      percent: payment?.percent != null ? String(payment.percent) : '',
      dueOn: payment?.dueOn ?? '',
      paid: payment?.paid ?? false,
      paidOn: payment?.paidOn ?? '',
    },
  })
  const [by, paid] = useWatch({ control, name: ['by', 'paid'] })

  const submit = handleSubmit(async (values) => {
    const amount = parsePesos(values.amount)
    const percent = parsePercent(values.percent)
    const byPercent = values.by === 'percent'
    setFailure(null)
    try {
      await saveBudgetPayment(weddingId, payment?.id ?? null, {
        lineId: line.id,
        kind: values.kind,
        amountCentavos: !byPercent && amount.ok ? amount.value : null,
        percent: byPercent && percent.ok ? percent.value : null,
        dueOn: values.dueOn || null,
        paid: values.paid,
        paidOn: values.paid ? values.paidOn || null : null,
      })
      onSaved()
    } catch (caught) {
      setFailure(planError(caught, t, 'budget'))
    }
  })

  return (
    <Drawer
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        payment
          ? t('budget.payment.editTitle', { name: line.name })
          : t('budget.payment.addTitle', { name: line.name })
      }
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={isSubmitting}>
            {t('budget.payment.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label={t('budget.payment.kind')}>
          {(control) => (
            <select {...control} className="field-input" {...register('kind')}>
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
          // Another way of paying starts with no message.
          field={register('by', { onChange: () => clearErrors(['amount', 'percent']) })}
          options={[
            ['amount', t('budget.payment.byAmount')],
            ['percent', t('budget.payment.byPercent')],
          ]}
        />
        {by === 'percent' ? (
          <Field
            label={t('budget.payment.percent')}
            error={message(errors.percent?.message)}
            hint={t('budget.payment.percentHint', { price: formatPesos(line.priceCentavos ?? 0) })}
          >
            {(control) => (
              <input
                {...control}
                className="field-input tabular-nums"
                inputMode="decimal"
                autoComplete="off"
                {...register('percent')}
              />
            )}
          </Field>
        ) : (
          <Field label={t('budget.payment.amount')} error={message(errors.amount?.message)}>
            {(control) => (
              <input
                {...control}
                className="field-input tabular-nums"
                inputMode="decimal"
                autoComplete="off"
                {...register('amount')}
              />
            )}
          </Field>
        )}
        <Field label={t('budget.payment.dueOn')}>
          {(control) => (
            <input {...control} type="date" className="field-input" {...register('dueOn')} />
          )}
        </Field>
        <Switch label={t('budget.payment.paid')} field={register('paid')} />
        {paid && (
          <Field label={t('budget.payment.paidOnLabel')}>
            {(control) => (
              <input {...control} type="date" className="field-input" {...register('paidOn')} />
            )}
          </Field>
        )}
      </form>
    </Drawer>
  )
}

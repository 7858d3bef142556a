import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import * as z from 'zod/mini'
import { Alert } from '@/components/alert'
import { Drawer } from '@/components/drawer'
import { Field } from '@/components/field'
import {
  budgetCategories,
  saveSupplier,
  supplierStatuses,
  type BudgetLine,
  type Supplier,
} from '@/lib/api/budget'
import { internationalPhone } from '@/lib/invitations/phone'
import { parsePesos, pesosText } from '../pesos'
import { categoryName } from '../budget/category-name'
import { planError } from '../plan-error'

/** The supplier form's rules; messages are keys of the `plan` namespace. The contract is read only when shown. */
function supplierSchema(money: boolean) {
  return z.object({
    name: z.string().check(z.refine((value) => value.trim() !== '', 'suppliers.form.errors.name')),
    service: z.enum(budgetCategories),
    phone: z
      .string()
      .check(
        z.refine(
          (value) => !value.trim() || internationalPhone(value) !== null,
          'suppliers.form.errors.phone',
        ),
      ),
    messenger: z.string(),
    status: z.enum(supplierStatuses),
    contract: z
      .string()
      .check(z.refine((value) => !money || parsePesos(value).ok, 'suppliers.form.errors.amount')),
    lineId: z.string(),
    notes: z.string(),
  })
}
type SupplierValues = z.infer<ReturnType<typeof supplierSchema>>

interface SupplierDrawerProps {
  weddingId: string
  supplier: Supplier | null
  /** Whether the contract amount and budget line are shown (and so saved). */
  money: boolean
  lines: BudgetLine[]
  onClose(): void
  onSaved(name: string): void
}

/** Adds or edits a supplier. What was typed stays when a save fails. */
export function SupplierDrawer({
  weddingId,
  supplier,
  money,
  lines,
  onClose,
  onSaved,
}: SupplierDrawerProps) {
  const { t } = useTranslation('plan')
  const formId = useId()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SupplierValues>({
    resolver: zodResolver(supplierSchema(money)),
    // A message stays until the next save.
    reValidateMode: 'onSubmit',
    defaultValues: {
      name: supplier?.name ?? '',
      service: supplier?.service ?? 'catering',
      phone: supplier?.phone ?? '',
      messenger: supplier?.messenger ?? '',
      status: supplier?.status ?? 'considering',
      contract: pesosText(supplier?.contractCentavos ?? null),
      lineId: supplier?.budgetLineId ?? '',
      notes: supplier?.notes ?? '',
    },
  })
  const message = (key: string | undefined) => (key ? t(key) : undefined)

  const submit = handleSubmit(async (values) => {
    const contract = parsePesos(money ? values.contract : '')
    setFailure(null)
    try {
      await saveSupplier(weddingId, supplier?.id ?? null, {
        name: values.name.trim(),
        service: values.service,
        phone: values.phone.trim() || null,
        messenger: values.messenger.trim() || null,
        notes: values.notes.trim() || null,
        status: values.status,
        contractCentavos: contract.ok ? contract.value : null,
        budgetLineId: values.lineId || null,
      })
      onSaved(values.name.trim())
    } catch (error) {
      setFailure(planError(error, t, 'suppliers'))
    }
  })

  return (
    <Drawer
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        supplier
          ? t('suppliers.form.editTitle', { name: supplier.name })
          : t('suppliers.form.addTitle')
      }
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={isSubmitting}>
            {t('suppliers.form.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label={t('suppliers.form.name')} error={message(errors.name?.message)}>
          {(control) => (
            <input {...control} className="field-input" maxLength={120} {...register('name')} />
          )}
        </Field>
        <Field label={t('suppliers.form.service')}>
          {(control) => (
            <select {...control} className="field-input" {...register('service')}>
              {budgetCategories.map((option) => (
                <option key={option} value={option}>
                  {t(`budget.categories.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('suppliers.form.phone')}
          hint={t('suppliers.form.phoneHint')}
          error={message(errors.phone?.message)}
        >
          {(control) => (
            <input
              {...control}
              type="tel"
              className="field-input"
              autoComplete="off"
              maxLength={40}
              {...register('phone')}
            />
          )}
        </Field>
        <Field label={t('suppliers.form.messenger')} hint={t('suppliers.form.messengerHint')}>
          {(control) => (
            <input
              {...control}
              className="field-input"
              autoComplete="off"
              maxLength={100}
              {...register('messenger')}
            />
          )}
        </Field>
        <Field label={t('suppliers.form.status')}>
          {(control) => (
            <select {...control} className="field-input" {...register('status')}>
              {supplierStatuses.map((option) => (
                <option key={option} value={option}>
                  {t(`suppliers.statuses.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {money && (
          <>
            <Field label={t('suppliers.form.contract')} error={message(errors.contract?.message)}>
              {(control) => (
                <input
                  {...control}
                  className="field-input tabular-nums"
                  inputMode="decimal"
                  autoComplete="off"
                  {...register('contract')}
                />
              )}
            </Field>
            <Field label={t('suppliers.form.line')}>
              {(control) => (
                <select {...control} className="field-input" {...register('lineId')}>
                  <option value="">{t('suppliers.form.noLine')}</option>
                  {lines.map((line) => (
                    <option key={line.id} value={line.id}>
                      {categoryName(t, line.category)}: {line.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </>
        )}
        <Field label={t('suppliers.form.notes')}>
          {(control) => (
            <textarea
              {...control}
              className="field-input"
              rows={3}
              maxLength={2000}
              {...register('notes')}
            />
          )}
        </Field>
      </form>
    </Drawer>
  )
}

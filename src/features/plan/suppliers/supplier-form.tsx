import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Drawer } from '@/components/drawer'
import { Field } from '@/components/field'
import { budgetCategories, saveSupplier, supplierStatuses, type BudgetCategory, type BudgetLine, type Supplier, type SupplierStatus } from '@/lib/api/budget'
import { internationalPhone } from '@/lib/invitations/phone'
import { parsePesos, pesosText } from '../pesos'
import { categoryName } from '../budget/category-name'
import { planError } from '../plan-error'

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
export function SupplierDrawer({ weddingId, supplier, money, lines, onClose, onSaved }: SupplierDrawerProps) {
  const { t } = useTranslation('plan')
  const formId = useId()
  const [name, setName] = useState(supplier?.name ?? '')
  const [service, setService] = useState<BudgetCategory>(supplier?.service ?? 'catering')
  const [phone, setPhone] = useState(supplier?.phone ?? '')
  const [messenger, setMessenger] = useState(supplier?.messenger ?? '')
  const [status, setStatus] = useState<SupplierStatus>(supplier?.status ?? 'considering')
  const [contract, setContract] = useState(pesosText(supplier?.contractCentavos ?? null))
  const [lineId, setLineId] = useState(supplier?.budgetLineId ?? '')
  const [notes, setNotes] = useState(supplier?.notes ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsedContract = parsePesos(money ? contract : '')
    const found: Record<string, string> = {}
    if (!name.trim()) found.name = t('suppliers.form.errors.name')
    if (phone.trim() && internationalPhone(phone) === null) found.phone = t('suppliers.form.errors.phone')
    if (!parsedContract.ok) found.contract = t('suppliers.form.errors.amount')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setFailure(null)
    try {
      await saveSupplier(weddingId, supplier?.id ?? null, {
        name: name.trim(),
        service,
        phone: phone.trim() || null,
        messenger: messenger.trim() || null,
        notes: notes.trim() || null,
        status,
        contractCentavos: parsedContract.ok ? parsedContract.value : null,
        budgetLineId: lineId || null,
      })
      onSaved(name.trim())
    } catch (error) {
      setFailure(planError(error, t, 'suppliers'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Drawer
      open
      onOpenChange={(open) => !open && onClose()}
      title={supplier ? t('suppliers.form.editTitle', { name: supplier.name }) : t('suppliers.form.addTitle')}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {t('suppliers.form.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label={t('suppliers.form.name')} error={errors.name}>
          {(control) => <input {...control} className="field-input" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <Field label={t('suppliers.form.service')}>
          {(control) => (
            <select {...control} className="field-input" value={service} onChange={(event) => setService(event.target.value as BudgetCategory)}>
              {budgetCategories.map((option) => (
                <option key={option} value={option}>
                  {t(`budget.categories.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('suppliers.form.phone')} hint={t('suppliers.form.phoneHint')} error={errors.phone}>
          {(control) => <input {...control} type="tel" className="field-input" autoComplete="off" maxLength={40} value={phone} onChange={(event) => setPhone(event.target.value)} />}
        </Field>
        <Field label={t('suppliers.form.messenger')} hint={t('suppliers.form.messengerHint')}>
          {(control) => <input {...control} className="field-input" autoComplete="off" maxLength={100} value={messenger} onChange={(event) => setMessenger(event.target.value)} />}
        </Field>
        <Field label={t('suppliers.form.status')}>
          {(control) => (
            <select {...control} className="field-input" value={status} onChange={(event) => setStatus(event.target.value as SupplierStatus)}>
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
            <Field label={t('suppliers.form.contract')} error={errors.contract}>
              {(control) => <input {...control} className="field-input tabular-nums" inputMode="decimal" autoComplete="off" value={contract} onChange={(event) => setContract(event.target.value)} />}
            </Field>
            <Field label={t('suppliers.form.line')}>
              {(control) => (
                <select {...control} className="field-input" value={lineId} onChange={(event) => setLineId(event.target.value)}>
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
          {(control) => <textarea {...control} className="field-input" rows={3} maxLength={2000} value={notes} onChange={(event) => setNotes(event.target.value)} />}
        </Field>
      </form>
    </Drawer>
  )
}

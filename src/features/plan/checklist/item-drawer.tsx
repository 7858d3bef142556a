import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { DatePicker } from '@/components/date-picker'
import { Drawer } from '@/components/drawer'
import { Field } from '@/components/field'
import { checklistCategories, checklistRoles, saveChecklistItem, type ChecklistItem } from '@/lib/api/checklist'
import type { Member } from '@/lib/api/members'
import { errorMessage } from '@/lib/errors'
import { displayName } from '@/lib/names'
import { itemForm, itemFormErrors, itemInput, type ItemForm, type ItemFormErrors } from './checklist-model'

/**
 * Adds an item (no `item`) or changes one, in a drawer that keeps what was typed when the save
 * fails. The due date follows the wedding date until it is changed here.
 */
export function ItemDrawer({
  weddingId,
  weddingDate,
  item,
  members,
  open,
  onOpenChange,
  onSaved,
  onDelete,
}: {
  weddingId: string
  weddingDate: string | null
  item: ChecklistItem | undefined
  members: readonly Member[]
  open: boolean
  onOpenChange(open: boolean): void
  onSaved(item: ChecklistItem, added: boolean): void
  onDelete(item: ChecklistItem): void
}) {
  const { t } = useTranslation('plan')
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={t(item ? 'checklist.form.editTitle' : 'checklist.form.addTitle')}
      description={t('checklist.form.description')}
    >
      {/* A new form each time the drawer opens on another item. */}
      {open && (
        <ItemFormBody
          key={item?.id ?? 'new'}
          weddingId={weddingId}
          weddingDate={weddingDate}
          item={item}
          members={members}
          onCancel={() => onOpenChange(false)}
          onSaved={onSaved}
          onDelete={onDelete}
        />
      )}
    </Drawer>
  )
}

function ItemFormBody({
  weddingId,
  weddingDate,
  item,
  members,
  onCancel,
  onSaved,
  onDelete,
}: {
  weddingId: string
  weddingDate: string | null
  item: ChecklistItem | undefined
  members: readonly Member[]
  onCancel(): void
  onSaved(item: ChecklistItem, added: boolean): void
  onDelete(item: ChecklistItem): void
}) {
  const { t } = useTranslation('plan')
  const [form, setForm] = useState<ItemForm>(() => itemForm(item))
  const [errors, setErrors] = useState<ItemFormErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // A field changed is checked again at the next save: its old message goes.
  const set = <K extends keyof ItemForm>(key: K, value: ItemForm[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }))
    setErrors((previous) => (key in previous ? { ...previous, [key]: undefined } : previous))
  }
  const errorOf = (key: keyof ItemFormErrors) => (errors[key] ? t(`checklist.form.errors.${errors[key]}`) : null)
  const follows = item !== undefined && item.fixedDueDate === null && item.daysBefore !== null && form.dueDate === (item.dueDate ?? '')

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault()
        const found = itemFormErrors(form)
        setErrors(found)
        if (Object.keys(found).length > 0) return
        setBusy(true)
        setFailure(null)
        saveChecklistItem(weddingId, itemInput(form, item))
          .then((saved) => onSaved(saved, item === undefined))
          .catch((error: unknown) => setFailure(errorMessage(error, t, 'plan')))
          .finally(() => setBusy(false))
      }}
    >
      <Field label={t('checklist.form.title')} error={errorOf('title')}>
        {(ids) => (
          <input {...ids} className="field-input" maxLength={200} value={form.title} onChange={(event) => set('title', event.target.value)} />
        )}
      </Field>
      <Field label={t('checklist.form.category')}>
        {(ids) => (
          <select {...ids} className="field-input" value={form.category} onChange={(event) => set('category', event.target.value as ItemForm['category'])}>
            {checklistCategories.map((category) => (
              <option key={category} value={category}>
                {t(`checklist.categories.${category}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('checklist.form.dueDate')}
        error={errorOf('dueDate')}
        hint={follows ? t('checklist.form.dueFollows', { count: item?.daysBefore ?? 0 }) : weddingDate ? undefined : t('checklist.form.noWeddingDate')}
      >
        {(ids) => (
          <DatePicker
            {...ids}
            value={form.dueDate || null}
            onSelect={(date) => set('dueDate', date)}
            dialogLabel={t('checklist.form.dueDateDialog')}
            clear={{ label: t('checklist.form.noDueDate'), onClear: () => set('dueDate', '') }}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('checklist.form.assigneeMember')}>
          {(ids) => (
            <select {...ids} className="field-input" value={form.assigneeUserId} onChange={(event) => set('assigneeUserId', event.target.value)}>
              <option value="">{t('checklist.form.nobody')}</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {displayName(member.displayName) || member.email || t(`checklist.roles.${member.role}`)}
                </option>
              ))}
              {/* Someone who has left keeps the item until it is given to another. */}
              {form.assigneeUserId && !members.some((member) => member.userId === form.assigneeUserId) && (
                <option value={form.assigneeUserId}>{item?.assigneeName ?? t('checklist.form.formerMember')}</option>
              )}
            </select>
          )}
        </Field>
        <Field label={t('checklist.form.assigneeRole')}>
          {(ids) => (
            <select {...ids} className="field-input" value={form.assigneeRole} onChange={(event) => set('assigneeRole', event.target.value as ItemForm['assigneeRole'])}>
              <option value="">{t('checklist.form.anyRole')}</option>
              {checklistRoles.map((role) => (
                <option key={role} value={role}>
                  {t(`checklist.roles.${role}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={t('checklist.form.notes')} error={errorOf('notes')}>
        {(ids) => (
          <textarea {...ids} rows={3} className="field-input" maxLength={2000} value={form.notes} onChange={(event) => set('notes', event.target.value)} />
        )}
      </Field>

      <fieldset className="space-y-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold text-ink">{t('checklist.form.documentHeading')}</legend>
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
            checked={form.isDocument}
            onChange={(event) => set('isDocument', event.target.checked)}
          />
          <span>{t('checklist.form.isDocument')}</span>
        </label>
        {form.isDocument && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('checklist.form.issuedOn')} error={errorOf('issuedOn')}>
              {(ids) => (
                <DatePicker
                  {...ids}
                  value={form.issuedOn || null}
                  onSelect={(date) => set('issuedOn', date)}
                  dialogLabel={t('checklist.form.issuedOnDialog')}
                  display={form.issuedOn ? undefined : t('checklist.form.notIssued')}
                  clear={{ label: t('checklist.form.notIssued'), onClear: () => set('issuedOn', '') }}
                />
              )}
            </Field>
            <Field label={t('checklist.form.validDays')} error={errorOf('validDays')} hint={t('checklist.form.validDaysHint')}>
              {(ids) => (
                <input
                  {...ids}
                  inputMode="numeric"
                  className="field-input"
                  value={form.validDays}
                  onChange={(event) => set('validDays', event.target.value)}
                />
              )}
            </Field>
          </div>
        )}
      </fieldset>

      {failure && <Alert tone="error">{failure}</Alert>}

      <div className="flex flex-wrap gap-3 border-t border-line pt-4">
        {item && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onDelete(item)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('checklist.form.delete')}
          </button>
        )}
        <div className="ml-auto flex gap-3">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t(busy ? 'checklist.form.saving' : 'checklist.form.save')}
          </button>
        </div>
      </div>
    </form>
  )
}

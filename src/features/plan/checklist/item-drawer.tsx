import { Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { DatePicker } from '@/components/date-picker'
import { Drawer } from '@/components/drawer'
import { Field } from '@/components/field'
import {
  checklistCategories,
  checklistRoles,
  saveChecklistItem,
  type ChecklistItem,
} from '@/lib/api/checklist'
import type { Member } from '@/lib/api/members'
import { errorMessage } from '@/lib/errors'
import { displayName } from '@/lib/names'
import { itemForm, itemFormErrors, itemInput, type ItemForm } from './checklist-model'

/** The model's rules (itemFormErrors) as the form's: a message is a key of the `plan` strings. */
const itemResolver: Resolver<ItemForm> = (values) => {
  const found = Object.entries(itemFormErrors(values))
  if (found.length === 0) return { values, errors: {} }
  const errors = Object.fromEntries(
    found.map(([key, code]) => [
      key,
      { type: 'validate', message: `checklist.form.errors.${code}` },
    ]),
  )
  return { values: {}, errors: errors as FieldErrors<ItemForm> }
}

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
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    subscribe,
    clearErrors,
    formState: { errors, isSubmitting: busy },
  } = useForm<ItemForm>({
    resolver: itemResolver,
    defaultValues: itemForm(item),
    reValidateMode: 'onSubmit',
  })
  // A field changed is checked again at the next save: its old message goes.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name) clearErrors(name as keyof ItemForm)
        },
      }),
    [subscribe, clearErrors],
  )
  const [dueDate, assigneeUserId, isDocument] = useWatch({
    control,
    name: ['dueDate', 'assigneeUserId', 'isDocument'],
  })
  const errorOf = (key: 'title' | 'notes' | 'dueDate' | 'issuedOn' | 'validDays') =>
    errors[key]?.message ? t(errors[key].message) : null
  const follows =
    item !== undefined &&
    item.fixedDueDate === null &&
    item.daysBefore !== null &&
    dueDate === (item.dueDate ?? '')

  const submit = handleSubmit(async (form) => {
    setFailure(null)
    try {
      onSaved(await saveChecklistItem(weddingId, itemInput(form, item)), item === undefined)
    } catch (error) {
      setFailure(errorMessage(error, t, 'plan'))
    }
  })

  return (
    <form noValidate className="space-y-5" onSubmit={(event) => void submit(event)}>
      <Field label={t('checklist.form.title')} error={errorOf('title')}>
        {(ids) => <input {...ids} className="field-input" maxLength={200} {...register('title')} />}
      </Field>
      <Field label={t('checklist.form.category')}>
        {(ids) => (
          <select {...ids} className="field-input" {...register('category')}>
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
        hint={
          follows
            ? t('checklist.form.dueFollows', { count: item?.daysBefore ?? 0 })
            : weddingDate
              ? undefined
              : t('checklist.form.noWeddingDate')
        }
      >
        {(ids) => (
          <Controller
            control={control}
            name="dueDate"
            render={({ field }) => (
              <DatePicker
                {...ids}
                value={field.value || null}
                onSelect={(date) => field.onChange(date)}
                onBlur={field.onBlur}
                dialogLabel={t('checklist.form.dueDateDialog')}
                clear={{ label: t('checklist.form.noDueDate'), onClear: () => field.onChange('') }}
              />
            )}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('checklist.form.assigneeMember')}>
          {(ids) => (
            <select {...ids} className="field-input" {...register('assigneeUserId')}>
              <option value="">{t('checklist.form.nobody')}</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {displayName(member.displayName) ||
                    member.email ||
                    t(`checklist.roles.${member.role}`)}
                </option>
              ))}
              {/* Someone who has left keeps the item until it is given to another. */}
              {assigneeUserId && !members.some((member) => member.userId === assigneeUserId) && (
                <option value={assigneeUserId}>
                  {item?.assigneeName ?? t('checklist.form.formerMember')}
                </option>
              )}
            </select>
          )}
        </Field>
        <Field label={t('checklist.form.assigneeRole')}>
          {(ids) => (
            <select {...ids} className="field-input" {...register('assigneeRole')}>
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
          <textarea
            {...ids}
            rows={3}
            className="field-input"
            maxLength={2000}
            {...register('notes')}
          />
        )}
      </Field>

      <fieldset className="space-y-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold text-ink">
          {t('checklist.form.documentHeading')}
        </legend>
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
            {...register('isDocument')}
          />
          <span>{t('checklist.form.isDocument')}</span>
        </label>
        {isDocument && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('checklist.form.issuedOn')} error={errorOf('issuedOn')}>
              {(ids) => (
                <Controller
                  control={control}
                  name="issuedOn"
                  render={({ field }) => (
                    <DatePicker
                      {...ids}
                      value={field.value || null}
                      onSelect={(date) => field.onChange(date)}
                      onBlur={field.onBlur}
                      dialogLabel={t('checklist.form.issuedOnDialog')}
                      display={field.value ? undefined : t('checklist.form.notIssued')}
                      clear={{
                        label: t('checklist.form.notIssued'),
                        onClear: () => field.onChange(''),
                      }}
                    />
                  )}
                />
              )}
            </Field>
            <Field
              label={t('checklist.form.validDays')}
              error={errorOf('validDays')}
              hint={t('checklist.form.validDaysHint')}
            >
              {(ids) => (
                <input
                  {...ids}
                  inputMode="numeric"
                  className="field-input"
                  {...register('validDays')}
                />
              )}
            </Field>
          </div>
        )}
      </fieldset>

      {failure && <Alert tone="error">{failure}</Alert>}

      <div className="flex flex-wrap gap-3 border-t border-line pt-4">
        {item && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => onDelete(item)}
          >
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

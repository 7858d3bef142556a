import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useMemo, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { DatePicker } from '@/components/date-picker'
import { Drawer } from '@/components/drawer'
import { Field } from '@/components/field'
import type { Gift } from '@/lib/api/gifts'
import { todayInManila } from '@/lib/dates'
import { errorMessage } from '@/lib/errors'
import { useGuestListStore } from '@/lib/guest-list'
import { displayFullName } from '@/lib/names'
import {
  emptyGift,
  findHouseholds,
  giftFormKinds,
  giftLimits,
  giftToValues,
  giftValues,
  kindsWithReference,
  valuesToInput,
  type GiftValues,
} from '../model/gift-form'

// Two buttons share a phone's width, each on one line.
const footerButton =
  'flex-1 whitespace-nowrap px-3 text-sm sm:flex-none sm:px-4 sm:text-[0.9375rem]'

interface GiftDrawerProps {
  open: boolean
  onOpenChange(open: boolean): void
  weddingId: string
  /** The gift to edit; null to record a new one. */
  gift: Gift | null
  /** Whether this member sees (and so may set) the amount. */
  seesMoney: boolean
  save(input: ReturnType<typeof valuesToInput>): Promise<void>
}

/** Records or edits a gift: who gave it (a household of the list, or a name), what, how much, when. */
export function GiftDrawer({ open, onOpenChange, gift, ...props }: GiftDrawerProps) {
  const { t } = useTranslation('plan')
  const formId = useId()
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={gift ? t('gifts.form.editTitle') : t('gifts.form.newTitle')}
      footer={
        <>
          <button
            type="button"
            className={`btn btn-secondary ${footerButton}`}
            onClick={() => onOpenChange(false)}
          >
            {t('gifts.form.cancel')}
          </button>
          <button type="submit" form={formId} className={`btn btn-primary ${footerButton}`}>
            {t('gifts.form.save')}
          </button>
        </>
      }
    >
      {open && <GiftForm key={gift?.id ?? 'new'} formId={formId} gift={gift} {...props} />}
    </Drawer>
  )
}

function GiftForm({
  formId,
  weddingId,
  gift,
  seesMoney,
  save,
}: Omit<GiftDrawerProps, 'open' | 'onOpenChange'> & { formId: string }) {
  const { t } = useTranslation('plan')
  const id = useId()
  const households = useGuestListStore((state) => state.households)
  const listStatus = useGuestListStore((state) => state.status)
  const loadList = useGuestListStore((state) => state.load)
  const [query, setQuery] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const { register, control, handleSubmit, formState, setValue } = useForm<GiftValues>({
    resolver: zodResolver(giftValues),
    defaultValues: gift ? giftToValues(gift) : emptyGift(todayInManila()),
  })
  const { errors, isSubmitting } = formState
  const [giver, kind, householdId] = useWatch({ control, name: ['giver', 'kind', 'householdId'] })
  const message = (key: string | undefined) => (key ? t(key) : null)

  useEffect(() => {
    void loadList(weddingId)
  }, [loadList, weddingId])

  const chosen = households.find((household) => household.id === householdId)
  const matches = useMemo(() => findHouseholds(households, query), [households, query])
  const householdName = (household: (typeof households)[number]) =>
    household.persons.map((person) => displayFullName(person)).join(', ')

  const submit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      await save(valuesToInput(values))
    } catch (error) {
      setFailure(errorMessage(error, t, 'plan'))
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <fieldset disabled={isSubmitting} className="space-y-5">
        <fieldset>
          <legend className="field-label">{t('gifts.form.giver')}</legend>
          <div className="flex gap-2">
            {(['list', 'other'] as const).map((choice) => (
              <label
                key={choice}
                className="flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border border-line px-3 text-center text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold"
              >
                <input
                  type="radio"
                  value={choice}
                  className="accent-brand-600"
                  {...register('giver')}
                />
                {t(`gifts.form.giverChoice.${choice}`)}
              </label>
            ))}
          </div>
        </fieldset>

        {giver === 'list' ? (
          <div className="space-y-3">
            {chosen && (
              <p
                className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-ink"
                data-testid="chosen-household"
              >
                {t('gifts.form.chosen', { name: householdName(chosen) })}
              </p>
            )}
            <Field
              label={t('gifts.form.search')}
              hint={t('gifts.form.searchHint')}
              error={message(errors.householdId?.message)}
            >
              {(control) => (
                <input
                  {...control}
                  type="search"
                  className="field-input"
                  value={query}
                  autoComplete="off"
                  onChange={(event) => setQuery(event.target.value)}
                />
              )}
            </Field>
            {listStatus === 'error' && <Alert tone="error">{t('gifts.form.listFailed')}</Alert>}
            {query.trim() && (
              <fieldset>
                <legend className="sr-only">{t('gifts.form.matches')}</legend>
                {matches.length === 0 ? (
                  <p className="text-sm text-muted">{t('gifts.form.noMatch')}</p>
                ) : (
                  <ul className="divide-y divide-line rounded-lg border border-line">
                    {matches.map((household) => (
                      <li key={household.id}>
                        <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm has-[:checked]:bg-brand-50">
                          <input
                            type="radio"
                            name={`${id}-household`}
                            className="accent-brand-600"
                            checked={householdId === household.id}
                            onChange={() =>
                              setValue('householdId', household.id, {
                                shouldValidate: true,
                                shouldDirty: true,
                              })
                            }
                          />
                          {householdName(household)}
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </fieldset>
            )}
          </div>
        ) : (
          <Field
            label={t('gifts.form.giverName')}
            hint={t('gifts.form.giverNameHint')}
            error={message(errors.giverName?.message)}
          >
            {(control) => (
              <input
                {...control}
                className="field-input"
                maxLength={giftLimits.giverName}
                {...register('giverName')}
              />
            )}
          </Field>
        )}

        <Field label={t('gifts.form.kind')}>
          {(control) => (
            <select {...control} className="field-input" {...register('kind')}>
              {giftFormKinds.map((option) => (
                <option key={option} value={option}>
                  {t(`gifts.kinds.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>

        {kindsWithReference.has(kind) && (
          <Field
            label={t('gifts.form.reference')}
            hint={t(`gifts.form.referenceHint.${kind}`)}
            error={message(errors.reference?.message)}
          >
            {(control) => (
              <input
                {...control}
                className="field-input"
                maxLength={giftLimits.reference}
                {...register('reference')}
              />
            )}
          </Field>
        )}

        <Field
          label={kind === 'registry' ? t('gifts.form.registryItem') : t('gifts.form.description')}
          error={message(errors.description?.message)}
        >
          {(control) => (
            <input
              {...control}
              className="field-input"
              maxLength={giftLimits.description}
              {...register('description')}
            />
          )}
        </Field>

        {seesMoney ? (
          <Field
            label={t('gifts.form.amount')}
            hint={t('gifts.form.amountHint')}
            error={message(errors.amount?.message)}
          >
            {(control) => (
              <input
                {...control}
                className="field-input"
                inputMode="decimal"
                autoComplete="off"
                {...register('amount')}
              />
            )}
          </Field>
        ) : (
          <p className="text-sm text-muted">{t('gifts.form.amountHidden')}</p>
        )}

        <Controller
          control={control}
          name="receivedOn"
          render={({ field }) => (
            <div>
              <label htmlFor={`${id}-received`} className="field-label">
                {t('gifts.form.receivedOn')}
              </label>
              <DatePicker
                id={`${id}-received`}
                aria-invalid={false}
                value={field.value || null}
                onSelect={(date) => field.onChange(date)}
                onBlur={field.onBlur}
                dialogLabel={t('gifts.form.receivedDialog')}
                clear={{ label: t('gifts.form.noDate'), onClear: () => field.onChange('') }}
              />
            </div>
          )}
        />

        <Field label={t('gifts.form.notes')} error={message(errors.notes?.message)}>
          {(control) => (
            <textarea
              {...control}
              className="field-input min-h-40"
              maxLength={giftLimits.notes}
              {...register('notes')}
            />
          )}
        </Field>
      </fieldset>
    </form>
  )
}

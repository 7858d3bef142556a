import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Field } from '@/components/field'
import { MAX_NAME_LENGTH, type CoupleValues } from '../auth-schemas'
import { useFieldError } from './use-field-error'
import { WeddingDatePicker } from './wedding-date-picker'

/**
 * The couple's names and wedding date (step 1 of sign-up). Ticking "We're still deciding" clears
 * the date and its error; picking a date unticks it.
 */
export function CoupleFields() {
  const { t } = useTranslation('auth')
  const { register, control, setValue, clearErrors, trigger } = useFormContext<CoupleValues>()
  const errorOf = useFieldError<CoupleValues>()
  const stillDeciding = useWatch({ control, name: 'stillDeciding' })
  const typed = useWatch({
    control,
    name: ['firstName', 'lastName', 'partnerFirstName', 'partnerLastName'],
  })

  const names = [
    ['firstName', 'fields.brideFirstName'],
    ['lastName', 'fields.brideLastName'],
    ['partnerFirstName', 'fields.groomFirstName'],
    ['partnerLastName', 'fields.groomLastName'],
  ] as const

  return (
    <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
      {names.map(([name, label], index) => (
        <Field
          key={name}
          label={t(label)}
          error={errorOf(name)}
          // The input stops at the limit; say so, rather than leave the couple wondering why.
          hint={
            (typed[index]?.length ?? 0) >= MAX_NAME_LENGTH
              ? t('validation.nameAtLimit', { max: MAX_NAME_LENGTH })
              : undefined
          }
        >
          {(ids) => (
            <input
              {...ids}
              {...register(name)}
              maxLength={MAX_NAME_LENGTH}
              className="field-input"
              autoComplete="off"
            />
          )}
        </Field>
      ))}
      <Controller
        name="weddingDate"
        control={control}
        render={({ field }) => (
          <Field
            className="sm:col-span-2"
            label={t('fields.weddingDate')}
            error={errorOf('weddingDate')}
          >
            {(ids) => (
              <WeddingDatePicker
                {...ids}
                value={field.value}
                stillDeciding={stillDeciding}
                onBlur={field.onBlur}
                onSelect={(date) => {
                  setValue('stillDeciding', false, { shouldDirty: true })
                  setValue('weddingDate', date, {
                    shouldDirty: true,
                    shouldTouch: true,
                    shouldValidate: true,
                  })
                }}
              />
            )}
          </Field>
        )}
      />
      <label className="-mt-1 flex cursor-pointer items-center gap-3 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-600"
          checked={stillDeciding}
          onChange={(event) => {
            const checked = event.target.checked
            setValue('stillDeciding', checked, { shouldDirty: true, shouldTouch: true })
            if (checked) {
              setValue('weddingDate', null, { shouldDirty: true })
              clearErrors('weddingDate')
            } else {
              void trigger('weddingDate')
            }
          }}
        />
        {t('fields.stillDecidingBox')}
      </label>
    </div>
  )
}

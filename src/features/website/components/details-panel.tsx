import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch, type FieldPath } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { Field } from '@/components/field'
import { updateWeddingDetails, type Site, type Wedding } from '@/lib/api'
import { formatLongDate } from '@/lib/dates'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { useSessionStore } from '@/lib/session'
import {
  DETAIL_LIMITS,
  detailsInput,
  detailsSchema,
  detailsValues,
  type DetailsValues,
} from '../details-form'

/** What the live preview takes from the details being typed. */
export type DetailsPreview = Pick<
  Site['wedding'],
  'bride' | 'groom' | 'date' | 'location' | 'hashtag' | 'contact'
>

interface Props {
  wedding: Wedding
  onPreview(details: DetailsPreview): void
  onDirtyChange(dirty: boolean): void
}

/**
 * The wedding's details: the couple's names and date (sign-up's rules and messages), where, the
 * hashtag, the contact block guests see, and the site's first language. Saved on their own; a failed
 * save keeps everything typed.
 */
export function DetailsPanel({ wedding, onPreview, onDirtyChange }: Props) {
  const { t, i18n } = useTranslation(['website', 'auth'])
  const setWedding = useSessionStore((state) => state.setWedding)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const form = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: detailsValues(wedding),
    mode: 'onTouched',
  })
  const { register, handleSubmit, formState, setValue, clearErrors, trigger, reset, control } = form
  const values = useWatch({ control })
  const stillDeciding = values.stillDeciding ?? false

  useEffect(() => onDirtyChange(formState.isDirty), [formState.isDirty, onDirtyChange])
  useEffect(() => {
    const input = detailsInput({ ...detailsValues(wedding), ...values } as DetailsValues)
    onPreview({ ...input, date: input.date })
  }, [values, wedding, onPreview])

  const errorOf = (name: FieldPath<DetailsValues>) => {
    const message = formState.errors[name]?.message
    return message ? t(message) : null
  }

  const submit = handleSubmit(async (submitted) => {
    setResult(null)
    try {
      const saved = await updateWeddingDetails(wedding.id, detailsInput(submitted))
      setWedding(saved)
      reset(detailsValues(saved))
      setResult({ tone: 'success', text: t('details.saved') })
    } catch (error) {
      setResult({
        tone: 'error',
        text: t('details.saveFailed', { reason: errorMessage(error, t, 'website') }),
      })
    }
  })

  const text = (
    name: FieldPath<DetailsValues>,
    label: string,
    max: number,
    extra: { type?: string; autoComplete?: string; hint?: string } = {},
  ) => (
    <Field label={label} error={errorOf(name)} hint={extra.hint}>
      {(ids) => (
        <input
          {...ids}
          {...register(name)}
          type={extra.type ?? 'text'}
          autoComplete={extra.autoComplete ?? 'off'}
          maxLength={max}
          className="field-input"
        />
      )}
    </Field>
  )

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-7">
      <fieldset className="grid gap-x-4 gap-y-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <legend className="mb-3 font-display text-xl">{t('details.couple')}</legend>
        {text('brideFirstName', t('auth:fields.brideFirstName'), DETAIL_LIMITS.name)}
        {text('brideLastName', t('auth:fields.brideLastName'), DETAIL_LIMITS.name)}
        {text('groomFirstName', t('auth:fields.groomFirstName'), DETAIL_LIMITS.name)}
        {text('groomLastName', t('auth:fields.groomLastName'), DETAIL_LIMITS.name)}
        <p className="text-sm text-muted sm:col-span-2 lg:col-span-1 xl:col-span-2">
          {t('details.namesHint')}
        </p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-3 font-display text-xl">{t('details.when')}</legend>
        <Field label={t('auth:fields.weddingDate')} error={errorOf('date')}>
          {(ids) => (
            <input
              {...ids}
              {...register('date', {
                onChange: (event: { target: { value: string } }) => {
                  if (event.target.value) setValue('stillDeciding', false, { shouldDirty: true })
                },
              })}
              type="date"
              disabled={stillDeciding}
              className="field-input"
            />
          )}
        </Field>
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand-600"
            checked={stillDeciding}
            onChange={(event) => {
              const checked = event.target.checked
              setValue('stillDeciding', checked, { shouldDirty: true, shouldTouch: true })
              if (checked) {
                setValue('date', '', { shouldDirty: true })
                clearErrors('date')
              } else {
                void trigger('date')
              }
            }}
          />
          {t('auth:fields.stillDecidingBox')}
        </label>
        <p className="text-sm text-muted">
          {wedding.rsvpDeadline
            ? t('details.deadline', {
                date: formatLongDate(wedding.rsvpDeadline, i18n.language === 'fil' ? 'fil' : 'en'),
              })
            : t('details.noDeadline')}{' '}
          <Link
            to={paths.manage.rsvps}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {t('details.deadlineLink')}
          </Link>
        </p>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-3 font-display text-xl">{t('details.where')}</legend>
        {text('venue', t('details.venue'), DETAIL_LIMITS.venue)}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {text('city', t('details.city'), DETAIL_LIMITS.city)}
          {text('country', t('details.country'), DETAIL_LIMITS.country)}
        </div>
        {text('hashtag', t('details.hashtag'), DETAIL_LIMITS.hashtag, {
          hint: t('details.hashtagHint'),
        })}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-1 font-display text-xl">{t('details.contact')}</legend>
        <p className="text-sm text-muted">{t('details.contactHint')}</p>
        {text('contactNames', t('details.contactNames'), DETAIL_LIMITS.contactNames)}
        {text('contactEmail', t('details.contactEmail'), DETAIL_LIMITS.email, {
          type: 'email',
          autoComplete: 'email',
        })}
        {text('contactPhone', t('details.contactPhone'), DETAIL_LIMITS.phone, {
          type: 'tel',
          autoComplete: 'tel',
        })}
        {text('contactMessenger', t('details.contactMessenger'), DETAIL_LIMITS.messenger, {
          type: 'url',
          hint: t('details.contactMessengerHint'),
        })}
      </fieldset>

      <fieldset>
        <legend className="mb-1 font-display text-xl">{t('details.language')}</legend>
        <p className="mb-3 text-sm text-muted">{t('details.languageHint')}</p>
        <div className="flex flex-wrap gap-3">
          {(['fil', 'en'] as const).map((language) => (
            <label
              key={language}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 text-sm"
            >
              <input
                type="radio"
                value={language}
                {...register('siteLanguage')}
                className="size-4 accent-brand-600"
              />
              {t(`details.languages.${language}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <button type="submit" className="btn btn-primary w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('details.saving') : t('details.save')}
      </button>
    </form>
  )
}

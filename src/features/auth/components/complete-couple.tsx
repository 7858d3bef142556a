import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { errorMessage } from '@/lib/errors'
import { useSessionStore } from '@/lib/session'
import {
  coupleFromValues,
  coupleSchema,
  emptyCouple,
  fieldsWithIssues,
  type CoupleValues,
} from '../auth-schemas'
import { CoupleFields } from './couple-fields'

/**
 * For an account with no wedding and no couple details (a first sign-in with Google or Apple):
 * the names and date that sign-up would have asked for, then the wedding is created.
 */
export function CompleteCouple() {
  const { t } = useTranslation('auth')
  const createWedding = useSessionStore((state) => state.createWedding)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<CoupleValues>({
    resolver: zodResolver(coupleSchema),
    mode: 'onChange',
    defaultValues: emptyCouple,
  })
  const values = useWatch({ control: form.control })
  const complete = fieldsWithIssues(coupleSchema, values).size === 0
  const busy = form.formState.isSubmitting

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      await createWedding(coupleFromValues(values))
    } catch (error) {
      setFormError(errorMessage(error, t, 'auth'))
    }
  })

  return (
    <section
      className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16"
      aria-labelledby="complete-couple-heading"
    >
      <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 id="complete-couple-heading" className="font-display text-2xl text-ink sm:text-3xl">
          {t('completeCouple.heading')}
        </h1>
        <p className="mt-2 text-muted">{t('completeCouple.intro')}</p>
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void submit(event)} className="mt-6">
            {formError && (
              <Alert tone="error" className="mb-5">
                {formError}
              </Alert>
            )}
            <CoupleFields />
            <button
              type="submit"
              className="btn btn-primary mt-8 h-14 w-full"
              disabled={!complete || busy}
            >
              {t(busy ? 'completeCouple.submitting' : 'completeCouple.submit')}
            </button>
          </form>
        </FormProvider>
      </div>
    </section>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { MailX } from 'lucide-react'
import { useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Field } from '@/components/field'
import { paths } from '@/lib/paths'
import { requestPasswordReset, useAuthCapabilities } from '@/lib/session'
import { authErrorMessage } from '../auth-errors'
import { resetSchema, type ResetValues } from '../auth-schemas'
import { AuthLink } from '../components/auth-link'
import { useDocumentTitle } from '@/components/use-document-title'
import { useFieldError } from '../components/use-field-error'

/**
 * Forgot Password: e-mails a link to the page that sets a new one. The embedded database sends no
 * e-mail, so there the page says so instead of pretending to send.
 */
export function ResetPage() {
  const { t } = useTranslation('auth')
  useDocumentTitle(t('titles.reset'))
  const capabilities = useAuthCapabilities()
  return capabilities.email ? <ResetForm /> : <NoEmailHere />
}

function ResetForm() {
  const { t } = useTranslation('auth')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { email: '' },
  })
  const errorOf = useFieldError(form.control)
  const busy = form.formState.isSubmitting

  const submit = form.handleSubmit(async ({ email }) => {
    setFormError(null)
    try {
      await requestPasswordReset(email)
      setSentTo(email)
    } catch (error) {
      setFormError(authErrorMessage(error, t, 'common:error.generic'))
    }
  })

  return (
    <FormProvider {...form}>
      <h1 className="font-display text-3xl text-ink">{t('reset.heading')}</h1>
      <p className="mt-2 text-muted">{t('reset.intro')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 grid gap-5">
        {sentTo && <Alert tone="success">{t('reset.sent', { email: sentTo })}</Alert>}
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field label={t('fields.email')} error={errorOf('email')}>
          {(ids) => (
            <input
              {...ids}
              {...form.register('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              className="field-input"
            />
          )}
        </Field>
        <button type="submit" className="btn btn-primary h-14 w-full" disabled={busy}>
          {t(busy ? 'reset.submitting' : 'reset.submit')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm">
        <AuthLink to={paths.auth.login}>{t('reset.backToLogin')}</AuthLink>
      </p>
    </FormProvider>
  )
}

function NoEmailHere() {
  const { t } = useTranslation('auth')
  return (
    <>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <MailX aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 font-display text-3xl text-ink">{t('reset.localHeading')}</h1>
      <p className="mt-3 text-ink">{t('reset.local')}</p>
      <p className="mt-3 text-muted">{t('reset.localNext')}</p>
      <div className="mt-8 grid gap-3 sm:grid-cols-2">
        <AuthLink
          to={paths.auth.login}
          className="btn btn-primary h-14 text-white no-underline hover:no-underline"
        >
          {t('reset.backToLogin')}
        </AuthLink>
        <AuthLink
          to={paths.auth.register}
          className="btn btn-secondary h-14 text-ink no-underline hover:no-underline"
        >
          {t('reset.register')}
        </AuthLink>
      </div>
    </>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { Field } from '@/components/field'
import { PageSpinner } from '@/components/page-spinner'
import { paths } from '@/lib/paths'
import { currentSession, isAuthCallback, updatePassword, useSessionStore } from '@/lib/session'
import { authErrorMessage } from '../auth-errors'
import { newPasswordSchema, type NewPasswordValues } from '../auth-schemas'
import { AuthLink } from '../components/auth-link'
import { PasswordInput } from '../components/password-input'
import { useDocumentTitle } from '@/components/use-document-title'
import { useFieldError } from '../components/use-field-error'

/** Whether the reset link arrived with an error in it (expired, already used). */
function linkFailed() {
  const params = new URLSearchParams(window.location.hash.slice(1) || window.location.search)
  return params.has('error_description') || params.has('error_code')
}

type LinkState = 'checking' | 'ready' | 'invalid'

/**
 * Where the password-reset e-mail's link lands: the link signs the couple in, and here they choose
 * a new password. Without a session (an old link, or opened by hand) it offers a new link.
 */
export function UpdatePasswordPage() {
  const { t } = useTranslation('auth')
  useDocumentTitle(t('titles.updatePassword'))
  const user = useSessionStore((state) => state.user)
  const status = useSessionStore((state) => state.status)
  const [linkState, setLinkState] = useState<LinkState>(() =>
    linkFailed() ? 'invalid' : 'checking',
  )
  // Opened by hand while signed out: no link to check, nothing to wait for.
  const noLink = status === 'signedOut' && !isAuthCallback(window.location)

  useEffect(() => {
    if (linkState !== 'checking' || status === 'loading' || noLink) return
    let active = true
    // Reading the session also lets the auth client take the tokens out of the link.
    currentSession().then(
      (session) => active && setLinkState(session ? 'ready' : 'invalid'),
      () => active && setLinkState('invalid'),
    )
    return () => {
      active = false
    }
  }, [linkState, status, noLink])

  if (linkState === 'invalid' || noLink) return <LinkInvalid />
  if (linkState === 'checking') return <PageSpinner />
  if (!user) return <LinkInvalid />
  return <NewPasswordForm email={user.email} />
}

function NewPasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('auth')
  const [done, setDone] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onChange',
    defaultValues: { password: '' },
  })
  const errorOf = useFieldError(form.control)
  const busy = form.formState.isSubmitting

  const submit = form.handleSubmit(async ({ password }) => {
    setFormError(null)
    try {
      await updatePassword(password)
      setDone(true)
    } catch (error) {
      setFormError(authErrorMessage(error, t, 'common:error.generic'))
    }
  })

  if (done) {
    return (
      <>
        <h1 className="font-display text-3xl text-ink">{t('updatePassword.heading')}</h1>
        <Alert tone="success" className="mt-6">
          {t('updatePassword.done')}
        </Alert>
        <Link to={paths.manage.guests} className="btn btn-primary mt-6 h-14 w-full">
          {t('updatePassword.continue')}
        </Link>
      </>
    )
  }

  return (
    <FormProvider {...form}>
      <h1 className="font-display text-3xl text-ink">{t('updatePassword.heading')}</h1>
      <p className="mt-2 text-muted">{t('updatePassword.intro', { email })}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 grid gap-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field
          label={t('fields.newPassword')}
          error={errorOf('password')}
          hint={t('fields.passwordHint')}
        >
          {(ids) => (
            <PasswordInput {...ids} {...form.register('password')} autoComplete="new-password" />
          )}
        </Field>
        <button type="submit" className="btn btn-primary h-14 w-full" disabled={busy}>
          {t(busy ? 'updatePassword.submitting' : 'updatePassword.submit')}
        </button>
      </form>
    </FormProvider>
  )
}

function LinkInvalid() {
  const { t } = useTranslation('auth')
  return (
    <>
      <h1 className="font-display text-3xl text-ink">{t('updatePassword.invalidHeading')}</h1>
      <p className="mt-3 text-muted">{t('updatePassword.invalid')}</p>
      <Link to={paths.auth.reset} className="btn btn-primary mt-8 h-14 w-full">
        {t('updatePassword.requestNew')}
      </Link>
      <p className="mt-6 text-center text-sm">
        <AuthLink to={paths.auth.login}>{t('updatePassword.backToLogin')}</AuthLink>
      </p>
    </>
  )
}

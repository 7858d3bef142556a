import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '@/components/alert'
import { Field } from '@/components/field'
import type { OAuthProvider } from '@/lib/backend'
import { paths } from '@/lib/paths'
import { signInWithProvider, useAuthCapabilities, useSessionStore } from '@/lib/session'
import { authErrorCode, authErrorMessage } from '../auth-errors'
import { loginSchema, type LoginValues } from '../auth-schemas'
import { AuthLink } from '../components/auth-link'
import { PasswordInput } from '../components/password-input'
import { AppleIcon, GoogleIcon } from '../components/provider-icons'
import { useDocumentTitle } from '@/components/use-document-title'
import { useFieldError } from '../components/use-field-error'
import { safeReturnTo } from '../return-to'

/** An error the auth service put in the URL when it sent the couple back (Google, Apple, a link). */
function errorInUrl() {
  const params = new URLSearchParams(window.location.hash.slice(1) || window.location.search)
  return params.get('error_description')
}

/**
 * Sign in with Google, Apple, or e-mail and password; then on to the page that sent the couple
 * here (`returnTo`), or their guest list.
 */
export function LoginPage() {
  const { t } = useTranslation('auth')
  useDocumentTitle(t('titles.login'))
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const returnTo = safeReturnTo(params.get('returnTo'))
  const status = useSessionStore((state) => state.status)
  const signIn = useSessionStore((state) => state.signIn)
  const capabilities = useAuthCapabilities()
  const [formError, setFormError] = useState<string | null>(errorInUrl)
  const [leavingFor, setLeavingFor] = useState<OAuthProvider | null>(null)
  const providersNote = useId()
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true

  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', remember: true },
  })
  const errorOf = useFieldError(form.control)
  const busy = form.formState.isSubmitting || leavingFor !== null

  // Signed in (here, or on coming back from Google or Apple): on to where the couple was going.
  useEffect(() => {
    if (status === 'signedIn') navigate(returnTo, { replace: true })
  }, [status, returnTo, navigate])

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      await signIn(values)
    } catch (error) {
      setFormError(authErrorMessage(error, t, 'common:error.generic'))
      if (authErrorCode(error) === 'invalid_credentials') form.setFocus('password')
    }
  })

  const continueWith = async (provider: OAuthProvider) => {
    setFormError(null)
    setLeavingFor(provider)
    try {
      await signInWithProvider(provider, returnTo)
    } catch (error) {
      setLeavingFor(null)
      setFormError(authErrorMessage(error, t, 'common:error.generic'))
    }
  }

  const providers = [
    { id: 'google', label: t('login.google'), icon: <GoogleIcon />, name: 'Google' },
    { id: 'apple', label: t('login.apple'), icon: <AppleIcon />, name: 'Apple' },
  ] as const

  return (
    <FormProvider {...form}>
      <h1 className="font-display text-3xl text-ink">{t('login.heading')}</h1>
      <p className="mt-2 text-muted">{t('login.intro')}</p>

      {signedOut && !formError && (
        <Alert tone="success" className="mt-5">
          {t('login.signedOut')}
        </Alert>
      )}

      <div className="mt-6 grid gap-3">
        {providers.map((provider) => (
          <button
            key={provider.id}
            type="button"
            className="btn btn-secondary min-h-12 w-full"
            disabled={!capabilities.oauth || busy}
            aria-describedby={capabilities.oauth ? undefined : providersNote}
            onClick={() => void continueWith(provider.id)}
          >
            {provider.icon}
            {leavingFor === provider.id
              ? t('login.leaving', { provider: provider.name })
              : provider.label}
          </button>
        ))}
        {!capabilities.oauth && (
          <p id={providersNote} className="text-sm text-muted">
            {t('login.providersUnavailable')}
          </p>
        )}
      </div>

      <div
        className="my-6 flex items-center gap-3 text-sm text-muted"
        role="separator"
        aria-label={t('login.or')}
      >
        <span className="h-px flex-1 bg-line" aria-hidden="true" />
        <span aria-hidden="true">{t('login.or')}</span>
        <span className="h-px flex-1 bg-line" aria-hidden="true" />
      </div>

      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
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
        <Field label={t('fields.password')} error={errorOf('password')}>
          {(ids) => (
            <PasswordInput
              {...ids}
              {...form.register('password')}
              autoComplete="current-password"
            />
          )}
        </Field>
        <div className="-mt-1 flex flex-wrap items-center justify-between gap-3 text-sm">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              {...form.register('remember')}
            />
            {t('login.remember')}
          </label>
          <AuthLink to={paths.auth.reset}>{t('login.forgot')}</AuthLink>
        </div>
        <button type="submit" className="btn btn-primary h-14 w-full" disabled={busy}>
          {t(form.formState.isSubmitting ? 'login.submitting' : 'login.submit')}
        </button>
      </form>

      <p className="mt-6 text-center text-sm text-muted">
        {/* The link whole on the next line rather than "Gumawa ng / account" split under the question. */}
        {t('login.noAccount')}{' '}
        <AuthLink to={paths.auth.register} className="whitespace-nowrap">
          {t('login.register')}
        </AuthLink>
      </p>
    </FormProvider>
  )
}

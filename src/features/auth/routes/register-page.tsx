import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState } from 'react'
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Field } from '@/components/field'
import { paths } from '@/lib/paths'
import { useSessionStore } from '@/lib/session'
import { authErrorMessage, signUpErrorField } from '../auth-errors'
import { AuthLink } from '../components/auth-link'
import { CoupleFields } from '../components/couple-fields'
import { PasswordInput } from '../components/password-input'
import { Stepper } from '../components/stepper'
import { useDocumentTitle } from '@/components/use-document-title'
import { useFieldError } from '../components/use-field-error'
import {
  basicsFields,
  coupleFromValues,
  emptySignUp,
  fieldsWithIssues,
  finishFields,
  signUpSchema,
  type SignUpValues,
} from '../auth-schemas'

/**
 * Sign up in two steps: the couple and the date ("The basics"), then e-mail and password ("Finish
 * up"). Creates the account and the couple's wedding, then opens their guest list, or /welcome
 * when the service first wants the e-mail confirmed.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth')
  useDocumentTitle(t('titles.register'))
  const navigate = useNavigate()
  const status = useSessionStore((state) => state.status)
  const signUp = useSessionStore((state) => state.signUp)
  const [step, setStep] = useState<0 | 1>(0)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const submitted = useRef(false)
  const stepChanged = useRef(false)

  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    mode: 'onChange',
    defaultValues: emptySignUp,
  })
  const values = useWatch({ control: form.control })
  const issues = fieldsWithIssues(signUpSchema, values)
  const basicsComplete = basicsFields.every((name) => !issues.has(name))
  const finishComplete = finishFields.every((name) => !issues.has(name))
  const busy = form.formState.isSubmitting

  // Someone already signed in has nothing to sign up for.
  useEffect(() => {
    if (status === 'signedIn' && !submitted.current)
      navigate(paths.manage.guests, { replace: true })
  }, [status, navigate])

  const goTo = (next: 0 | 1) => {
    stepChanged.current = true
    setStep(next)
  }

  // The new step's heading takes focus, so a screen reader announces where the couple is.
  useEffect(() => {
    if (!stepChanged.current) return
    stepChanged.current = false
    headingRef.current?.focus()
  }, [step])

  const next = async () => {
    if (await form.trigger([...basicsFields])) goTo(1)
  }

  const createAccount = async (values: SignUpValues) => {
    submitted.current = true
    try {
      const { signedIn } = await signUp({
        email: values.email,
        password: values.password,
        ...coupleFromValues(values),
      })
      if (signedIn) navigate(paths.manage.guests, { replace: true })
      else navigate(paths.welcome, { replace: true, state: { email: values.email.trim() } })
    } catch (error) {
      submitted.current = false
      const field = signUpErrorField(error)
      form.setError(
        field,
        { type: 'server', message: authErrorMessage(error, t, 'auth:errors.sign_up_failed') },
        { shouldFocus: true },
      )
    }
  }

  return (
    <FormProvider {...form}>
      <Stepper steps={[t('register.basics'), t('register.finish')]} current={step} />
      <form
        noValidate
        className="mt-6"
        onSubmit={(event) => {
          if (step === 0) {
            event.preventDefault()
            if (basicsComplete) void next()
            return
          }
          void form.handleSubmit(createAccount)(event)
        }}
      >
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-2xl leading-snug text-ink outline-none sm:text-[1.75rem]"
        >
          {t(step === 0 ? 'register.basicsHeading' : 'register.finishHeading')}
        </h1>

        <div className="mt-6">{step === 0 ? <CoupleFields /> : <AccountFields />}</div>

        <div className="mt-8 flex gap-3">
          {step === 1 && (
            <button
              type="button"
              className="btn btn-secondary h-14 flex-1"
              disabled={busy}
              onClick={() => goTo(0)}
            >
              {t('register.back')}
            </button>
          )}
          {step === 0 ? (
            <button
              type="submit"
              className="btn btn-primary h-14 flex-1"
              disabled={!basicsComplete}
            >
              {t('register.next')}
            </button>
          ) : (
            <button
              type="submit"
              className="btn btn-primary h-14 flex-[2]"
              disabled={busy || !basicsComplete || !finishComplete}
            >
              {t(busy ? 'register.submitting' : 'register.submit')}
            </button>
          )}
        </div>

        <p className="mt-6 text-center text-sm text-muted">
          {t('register.haveAccount')}{' '}
          <AuthLink to={paths.auth.login}>{t('register.logIn')}</AuthLink>
        </p>
      </form>
    </FormProvider>
  )
}

/** Step 2: e-mail and password, and the terms the couple agrees to. */
function AccountFields() {
  const { t } = useTranslation('auth')
  const { register } = useFormContext<SignUpValues>()
  const errorOf = useFieldError<SignUpValues>()
  const newTabNote = useId()
  const newTab = (page: string) => (
    <a
      href={page}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={newTabNote}
      className="font-semibold text-brand-700 underline underline-offset-2"
    />
  )
  return (
    <div className="grid gap-5">
      <Field label={t('fields.email')} error={errorOf('email')}>
        {(ids) => (
          <input
            {...ids}
            {...register('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            className="field-input"
          />
        )}
      </Field>
      <Field label={t('fields.password')} error={errorOf('password')}>
        {(ids) => <PasswordInput {...ids} {...register('password')} autoComplete="new-password" />}
      </Field>
      <p className="text-sm text-muted">
        <Trans
          t={t}
          i18nKey="register.agreement"
          components={{ terms: newTab(paths.terms), privacy: newTab(paths.privacy) }}
        />
        <span id={newTabNote} hidden>
          {t('register.newTab')}
        </span>
      </p>
    </div>
  )
}

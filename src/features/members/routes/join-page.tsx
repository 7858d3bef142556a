import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { Alert } from '@/components/alert'
import { PageSpinner } from '@/components/page-spinner'
import { useDocumentTitle } from '@/components/use-document-title'
import { acceptMemberInvitation, getMemberInvitation } from '@/lib/api/members'
import { formatLongDate } from '@/lib/dates'
import { usesSupabase } from '@/lib/env'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { coupleName, useSessionStore } from '@/lib/session'
import { useLoad } from '@/lib/use-load'

/**
 * /join/:token, the page a member invitation link opens. Signed out: create an account (or log in
 * and come back). Signed in: what the invitation offers (the wedding, the role), then accept it.
 */
export function JoinPage() {
  const { t } = useTranslation('members')
  const { token = '' } = useParams()
  const status = useSessionStore((state) => state.status)
  useDocumentTitle(t('join.title'))

  return (
    <main id="main" className="mx-auto w-full max-w-lg flex-1 px-4 pb-12 pt-4 sm:px-6">
      <div className="rounded-2xl border border-line bg-white p-6 sm:p-8">
        {status === 'loading' ? (
          <PageSpinner />
        ) : status === 'signedOut' ? (
          <JoinSignUp token={token} />
        ) : (
          <Invitation token={token} />
        )}
      </div>
      {!usesSupabase && <p className="mt-4 text-sm text-muted">{t('invite.localNote')}</p>}
    </main>
  )
}

interface SignUpValues {
  name: string
  email: string
  password: string
}

// The browser checks what is required, the e-mail's form and the password's length (no noValidate);
// the auth service checks the rest.
function JoinSignUp({ token }: { token: string }) {
  const { t } = useTranslation('members')
  const signUpMember = useSessionStore((state) => state.signUpMember)
  const {
    register,
    handleSubmit,
    formState: { isSubmitting: busy },
  } = useForm<SignUpValues>({ defaultValues: { name: '', email: '', password: '' } })
  const [failure, setFailure] = useState<string | null>(null)
  const [confirm, setConfirm] = useState(false)
  const returnTo = `/join/${encodeURIComponent(token)}`

  const submit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      const { signedIn } = await signUpMember(values)
      if (!signedIn) setConfirm(true)
    } catch (error) {
      // What was typed stays; the message says why.
      setFailure(errorMessage(error, t, 'members'))
    }
  })

  if (confirm) return <Alert tone="info">{t('join.confirmEmail')}</Alert>
  const field = (name: keyof SignUpValues, props: Record<string, unknown>) => (
    <div>
      <label htmlFor={`join-${name}`} className="field-label">
        {t(`join.${name}`)}
      </label>
      <input id={`join-${name}`} className="field-input" required {...register(name)} {...props} />
    </div>
  )
  return (
    <>
      <h1 className="font-display text-2xl text-ink">{t('join.heading')}</h1>
      <p className="mt-2 text-muted">{t('join.signedOut')}</p>
      <form className="mt-6 grid gap-4" onSubmit={(event) => void submit(event)}>
        <h2 className="font-semibold text-ink">{t('join.signUpHeading')}</h2>
        {field('name', { autoComplete: 'name', maxLength: 100 })}
        {field('email', {
          type: 'email',
          inputMode: 'email',
          autoComplete: 'email',
          maxLength: 254,
        })}
        <div>
          {field('password', {
            type: 'password',
            autoComplete: 'new-password',
            minLength: 8,
            'aria-describedby': 'join-password-hint',
          })}
          <p id="join-password-hint" className="mt-1.5 text-sm text-muted">
            {t('join.passwordHint')}
          </p>
        </div>
        {failure && <Alert tone="error">{failure}</Alert>}
        <button type="submit" className="btn btn-primary h-12" disabled={busy}>
          {t(busy ? 'join.signingUp' : 'join.signUp')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('join.haveAccount')}{' '}
        <Link
          className="font-semibold text-brand-700 underline underline-offset-2"
          to={`${paths.auth.login}?returnTo=${encodeURIComponent(returnTo)}`}
        >
          {t('join.logIn')}
        </Link>
      </p>
    </>
  )
}

function Invitation({ token }: { token: string }) {
  const { t, i18n } = useTranslation('members')
  const navigate = useNavigate()
  const user = useSessionStore((state) => state.user)
  const switchWedding = useSessionStore((state) => state.switchWedding)
  const { data: invitation, error: loadError } = useLoad(() => getMemberInvitation(token), [token])
  const [name, setName] = useState(() => {
    const given = user?.userMetadata?.name
    return typeof given === 'string' ? given : ''
  })
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const language = i18n.language === 'fil' ? 'fil' : 'en'

  const open = async (weddingId: string) => {
    await switchWedding(weddingId)
    void navigate(paths.manage.guests)
  }

  if (loadError) return <Alert tone="error">{errorMessage(loadError, t, 'members')}</Alert>
  if (invitation === undefined) return <PageSpinner />
  if (invitation === null) return <Alert tone="error">{t('join.notFound')}</Alert>
  if (invitation.alreadyMember) {
    return (
      <>
        <Alert tone="info">{t('join.alreadyMember')}</Alert>
        <button
          type="button"
          className="btn btn-primary mt-4"
          onClick={() => void open(invitation.weddingId)}
        >
          {t('join.open')}
        </button>
      </>
    )
  }
  if (invitation.status !== 'open')
    return <Alert tone="error">{t(`join.${invitation.status}`)}</Alert>

  const tooLong = name.trim().length > 100
  const accept = async (event: FormEvent) => {
    event.preventDefault()
    if (tooLong) return
    setBusy(true)
    setFailure(null)
    try {
      const joined = await acceptMemberInvitation(token, name.trim() || null)
      await open(joined.weddingId)
    } catch (error) {
      setFailure(errorMessage(error, t, 'members'))
      setBusy(false)
    }
  }

  const role = t(`roles.${invitation.role}`)
  return (
    <form onSubmit={(event) => void accept(event)}>
      <h1 className="font-display text-2xl text-ink">{t('join.heading')}</h1>
      <p className="mt-2 text-ink">
        <Trans
          t={t}
          i18nKey="join.asRole"
          values={{ couple: coupleName(invitation.bride, invitation.groom), role }}
          components={{ strong: <strong /> }}
        />
      </p>
      {invitation.side && (
        <p className="mt-2 text-ink">
          {t('join.sideNote', { side: t(`sides.${invitation.side}`) })}
        </p>
      )}
      <p className="mt-2 text-sm text-muted">{t(`roleHints.${invitation.role}`)}</p>
      {invitation.date && (
        <p className="mt-2 text-sm text-muted">
          {t('join.date', { date: formatLongDate(invitation.date, language) })}
        </p>
      )}
      {invitation.invitedBy && (
        <p className="mt-1 text-sm text-muted">
          {t('join.invitedBy', { name: invitation.invitedBy })}
        </p>
      )}

      <div className="mt-6">
        <label htmlFor="join-display-name" className="field-label">
          {t('join.displayName')}
        </label>
        <input
          id="join-display-name"
          className="field-input"
          maxLength={100}
          autoComplete="name"
          aria-invalid={tooLong}
          aria-describedby="join-display-name-hint"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <p id="join-display-name-hint" className="mt-1.5 text-sm text-muted">
          {tooLong ? t('join.displayNameTooLong') : t('join.displayNameHint')}
        </p>
      </div>
      {failure && (
        <Alert tone="error" className="mt-4">
          {failure}
        </Alert>
      )}
      <button type="submit" className="btn btn-primary mt-6 h-12 w-full" disabled={busy || tooLong}>
        {t(busy ? 'join.accepting' : 'join.accept')}
      </button>
    </form>
  )
}

import { MailCheck, PartyPopper } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Alert } from '@/components/alert'
import { PageSpinner } from '@/components/page-spinner'
import { applyLanguage, preferredLanguage } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { coupleDisplayName, currentSession, isAuthCallback, useSessionStore } from '@/lib/session'
import { AuthLink } from '../components/auth-link'
import { useDocumentTitle } from '@/components/use-document-title'

function linkError() {
  const params = new URLSearchParams(window.location.hash.slice(1) || window.location.search)
  return params.get('error_description')
}

/**
 * After sign-up when the e-mail must be confirmed first ("check your e-mail"), and where the
 * confirmation link lands (the link signs the couple in: "welcome", then on to the guest list).
 */
export function WelcomePage() {
  const { t } = useTranslation('auth')
  useDocumentTitle(t('titles.welcome'))
  const location = useLocation()
  const email = (location.state as { email?: string } | null)?.email
  const status = useSessionStore((state) => state.status)
  const user = useSessionStore((state) => state.user)
  const [error] = useState(linkError)
  const [checking, setChecking] = useState(() => !error && isAuthCallback(window.location))

  // Part of the account pages, so in their language (English first), not the public site's.
  useEffect(() => void applyLanguage(preferredLanguage('app')), [])

  useEffect(() => {
    if (!checking) return
    let active = true
    const done = () => active && setChecking(false)
    currentSession().then(done, done)
    return () => {
      active = false
    }
  }, [checking])

  if (checking || (status === 'loading' && !email)) {
    return (
      <main id="main" className="flex-1">
        <PageSpinner />
      </main>
    )
  }

  if (user) {
    const names = coupleDisplayName(user.userMetadata)
    return (
      <main id="main" className="mx-auto w-full max-w-lg flex-1 px-6 py-16 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <PartyPopper aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-6 font-display text-3xl text-ink sm:text-4xl">
          {names ? t('welcome.readyHeading', { names }) : t('welcome.readyHeadingNoNames')}
        </h1>
        <p className="mt-4 text-muted">{t('welcome.ready')}</p>
        <Link
          to={paths.manage.guests}
          className="btn btn-primary mt-8 h-14 w-full sm:w-auto sm:px-10"
        >
          {t('welcome.goToGuests')}
        </Link>
      </main>
    )
  }

  return (
    <main id="main" className="mx-auto w-full max-w-lg flex-1 px-6 py-16 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 font-display text-3xl text-ink sm:text-4xl">
        {t(error ? 'welcome.linkErrorHeading' : 'welcome.checkEmailHeading')}
      </h1>
      {error ? (
        <Alert tone="error" className="mt-6 text-left">
          {t('welcome.linkError')}
        </Alert>
      ) : (
        <>
          <p className="mt-4 text-ink">
            {email ? t('welcome.checkEmail', { email }) : t('welcome.checkEmailNoAddress')}
          </p>
          <p className="mt-3 text-sm text-muted">{t('welcome.spam')}</p>
        </>
      )}
      <p className="mt-8">
        <AuthLink to={paths.auth.login}>{t('welcome.backToLogin')}</AuthLink>
      </p>
    </main>
  )
}

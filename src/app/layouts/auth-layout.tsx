import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet } from 'react-router'
import { LanguageToggle } from '@/components/language-toggle'
import { Logo } from '@/components/logo'
import { PageSpinner } from '@/components/page-spinner'
import { applyLanguage, preferredLanguage } from '@/lib/i18n'
import { paths } from '@/lib/paths'

/** Sign in, sign up and password pages: one centred card on a warm background. */
export function AuthLayout() {
  const { t } = useTranslation('app')
  useEffect(() => void applyLanguage(preferredLanguage('app')), [])
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-canvas">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to={paths.home} reloadDocument aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <LanguageToggle area="app" className="text-muted" />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:pt-10">
        <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  )
}

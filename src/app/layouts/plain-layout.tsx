import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet } from 'react-router'
import { LanguageToggle } from '@/components/language-toggle'
import { Logo } from '@/components/logo'
import { PageSpinner } from '@/components/page-spinner'
import { paths } from '@/lib/paths'

/** Welcome, terms, privacy and not-found: Kasalan's own pages outside management. */
export function PlainLayout() {
  const { t } = useTranslation('app')
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to={paths.home} reloadDocument aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <LanguageToggle area="app" className="text-muted" />
      </header>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  )
}

import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageToggle } from '@/components/language-toggle'
import { Logo } from '@/components/logo'
import { paths } from '@/lib/paths'

/** The top of Kasalan's own pages outside management: the logo home, and the language. */
export function KasalanHeader() {
  const { t } = useTranslation('app')
  return (
    <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
      <Link to={paths.home} reloadDocument aria-label={t('nav.home')}>
        <Logo />
      </Link>
      <LanguageToggle area="app" className="text-muted" />
    </header>
  )
}

import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '@/lib/paths'

export function NotFound() {
  const { t } = useTranslation()
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-lg flex-col items-center justify-center px-6 text-center">
      <p className="font-display text-7xl text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 font-display text-3xl">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted">{t('notFound.body')}</p>
      <Link to={paths.home} className="btn btn-primary mt-8">
        {t('notFound.home')}
      </Link>
    </main>
  )
}

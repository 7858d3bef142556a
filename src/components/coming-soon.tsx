import { Hammer } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from '@/lib/routing'
import { paths } from '@/lib/paths'

/** A screen that a later release builds: says so plainly, with no made-up data. */
export function ComingSoon({ pageKey }: { pageKey: string }) {
  const { t } = useTranslation('app')
  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center" aria-labelledby="coming-soon-title">
      <span className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Hammer aria-hidden="true" className="size-6" />
      </span>
      <h1 id="coming-soon-title" className="font-display text-3xl text-ink">
        {t('comingSoon.title', { name: t(`pages.${pageKey}`) })}
      </h1>
      <p className="mt-3 text-muted">{t('comingSoon.body')}</p>
      <Link to={paths.manage.guests} className="btn btn-secondary mt-8">
        {t('comingSoon.back')}
      </Link>
    </section>
  )
}

import { useParams } from 'wouter'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import type { Site } from '@/lib/api'
import { formatLongDate } from '@/lib/manila-time'
import { paths } from '@/lib/paths'
import { isSampleAtRoot } from '../model/slug'
import { coupleNames } from '../model/sections'
import { useSiteStore } from '../site-store'
import { useDateLanguage } from './use-section-header'

/**
 * The foot of every page: the couple, the date, and a quiet word about Kasalan. On the sample
 * wedding at `/` that word invites the visitor to make their own site.
 */
export function SiteFooter({ site }: { site: Site }) {
  const { t } = useTranslation('site')
  const language = useDateLanguage()
  const { slug: routeSlug } = useParams()
  const isDemo = useSiteStore((state) => state.isDemo)
  const sample = isSampleAtRoot(
    { routeSlug, hostname: window.location.hostname },
    site.slug,
    isDemo,
  )
  const names = coupleNames(site.wedding)
  const date = formatLongDate(site.wedding.date, language).replace(/^[^,]+,\s*/, '')
  return (
    <footer className="border-t border-(--site-line) px-6 py-12 text-center">
      <p className="site-names text-[2.75rem]">{names.full}</p>
      {date && <p className="site-eyebrow mt-3">{date}</p>}
      <p className="site-muted mt-8 text-xs">
        {sample ? (
          <Link to={paths.auth.register} className="site-link">
            {t('footer.makeYourOwn')}
          </Link>
        ) : (
          <>
            {t('footer.madeWith')}{' '}
            <Link to={paths.auth.register} className="site-link">
              Kasalan
            </Link>
          </>
        )}
      </p>
    </footer>
  )
}

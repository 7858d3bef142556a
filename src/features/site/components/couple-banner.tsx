import { Eye, Lock } from 'lucide-react'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import { usesSupabase } from '@/lib/env'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { useSiteStore } from '../site-store'

/** What only the couple sees on their own site: whether guests can see it, and the switch. */
export function CoupleBanner() {
  const { t } = useTranslation('site')
  const isPublished = useSiteStore((state) => state.site?.isPublished ?? false)
  const publishing = useSiteStore((state) => state.publishing)
  const publishError = useSiteStore((state) => state.publishError)
  const setPublished = useSiteStore((state) => state.setPublished)
  const Icon = isPublished ? Eye : Lock

  return (
    <aside
      aria-label={t('owner.label')}
      className={`site-nav-font px-4 py-3 text-sm ${isPublished ? 'bg-[#e6efe8] text-[#1e3a28]' : 'bg-[#2b2622] text-[#f6efe6]'}`}
    >
      <div className="site-container flex flex-wrap items-center gap-x-4 gap-y-2">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {/* The words take a line of their own when the buttons leave them less than 16rem, as on a
            phone, instead of shrinking to a column beside them. */}
        <p role="status" className="min-w-0 flex-[1_1_16rem]">
          <span className="font-bold">
            {isPublished ? t('owner.publishedTitle') : t('owner.privateTitle')}
          </span>{' '}
          {isPublished
            ? t(usesSupabase ? 'owner.publishedBody' : 'owner.publishedBodyEmbedded')
            : t('owner.privateBody')}
        </p>
        <Link
          to={paths.manage.website}
          className="min-h-10 rounded-full px-3 py-2 font-bold underline underline-offset-2"
        >
          {t('owner.edit')}
        </Link>
        <button
          type="button"
          disabled={publishing}
          onClick={() => void setPublished(!isPublished)}
          className={`min-h-10 rounded-full px-4 py-2 font-bold ${
            isPublished
              ? 'border border-[#1e3a28]/40 hover:bg-[#1e3a28]/10'
              : 'bg-[#f6efe6] text-[#2b2622] hover:bg-white'
          } disabled:opacity-60`}
        >
          {publishing ? t('owner.saving') : isPublished ? t('owner.unpublish') : t('owner.publish')}
        </button>
        {publishError != null && (
          <p role="alert" className="basis-full font-semibold">
            {errorMessage(publishError, t, 'site')}
          </p>
        )}
      </div>
    </aside>
  )
}

import { Eye, Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Wedding } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { useWebsiteStore } from '../website-store'

/** Whether guests can see the site, always in view, and the switch. */
export function PublishControl({
  wedding,
  className = '',
}: {
  wedding: Wedding
  className?: string
}) {
  const { t } = useTranslation('website')
  const publishing = useWebsiteStore((state) => state.publishing)
  const publishError = useWebsiteStore((state) => state.publishError)
  const setPublished = useWebsiteStore((state) => state.setPublished)
  const published = wedding.isPublished
  const Icon = published ? Eye : Lock

  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <p
        role="status"
        className={`flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold ${
          published
            ? 'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200'
            : 'bg-stone-100 text-stone-800 ring-1 ring-stone-300'
        }`}
      >
        <Icon aria-hidden="true" className="size-4" />
        {published ? t('publish.published') : t('publish.private')}
      </p>
      <button
        type="button"
        className={`btn min-h-10 px-4 ${published ? 'btn-secondary' : 'btn-primary'}`}
        disabled={publishing}
        onClick={() => void setPublished(!published)}
      >
        {publishing
          ? t('publish.saving')
          : published
            ? t('publish.unpublish')
            : t('publish.publish')}
      </button>
      {publishError != null && (
        <p role="alert" className="basis-full text-sm font-semibold text-red-800">
          {errorMessage(publishError, t, 'website')}
        </p>
      )}
    </div>
  )
}

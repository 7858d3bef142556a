import { useTranslation } from '@/lib/i18n/react'

/** Shown while a screen's code or data arrives. */
export function PageSpinner() {
  const { t } = useTranslation()
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-muted">
      <span
        className="size-5 motion-safe:animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
        aria-hidden="true"
      />
      <span>{t('loading')}</span>
    </div>
  )
}

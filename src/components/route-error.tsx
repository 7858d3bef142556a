import { useTranslation } from '@/lib/i18n/react'

/** The screen for an error no other part of the app handled (under either router). */
export function RouteError() {
  const { t } = useTranslation()
  return (
    <main
      role="alert"
      className="mx-auto flex min-h-[70vh] max-w-lg flex-col items-center justify-center px-6 text-center"
    >
      <h1 className="font-display text-3xl">{t('error.title')}</h1>
      <p className="mt-3 text-muted">{t('error.body')}</p>
      <button
        type="button"
        className="btn btn-primary mt-8"
        onClick={() => window.location.reload()}
      >
        {t('error.reload')}
      </button>
    </main>
  )
}

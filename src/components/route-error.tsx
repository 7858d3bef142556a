import { lazy, Suspense } from 'react'
import { useTranslation } from '@/lib/i18n/react'
import { isRouteErrorResponse, useRouteError } from 'react-router'

// Loaded only when needed, so the public site's first load stays small.
const NotFound = lazy(() => import('./not-found').then((m) => ({ default: m.NotFound })))

/** The screen for an error no other part of the app handled. */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    )
  }
  return (
    <main role="alert" className="mx-auto flex min-h-[70vh] max-w-lg flex-col items-center justify-center px-6 text-center">
      <h1 className="font-display text-3xl">{t('error.title')}</h1>
      <p className="mt-3 text-muted">{t('error.body')}</p>
      <button type="button" className="btn btn-primary mt-8" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </main>
  )
}

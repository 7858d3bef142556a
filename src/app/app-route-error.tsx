import { lazy, Suspense } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { RouteError } from '@/components/route-error'

// Loaded only when needed.
const NotFound = lazy(() => import('@/components/not-found').then((m) => ({ default: m.NotFound })))

/** react-router's error element: its 404 is the not-found page, anything else the error screen. */
export function AppRouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    )
  }
  return <RouteError />
}

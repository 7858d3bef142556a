import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import { paths } from '@/lib/paths'
import { useSessionStore } from '@/lib/session'
import { CompleteCouple } from './complete-couple'
import { NoWedding } from './no-wedding'

/**
 * Management belongs to whoever signed in: others go to sign in and come back here afterwards.
 * An account without a wedding or the names to make one is asked for them first; one that came in
 * as a helper (the session store asks the database) is told it belongs to no wedding, and may
 * start its own.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status)
  const weddingStatus = useSessionStore((state) => state.weddingStatus)
  const location = useLocation()
  if (status === 'loading') return <PageSpinner />
  if (status === 'signedOut') {
    const returnTo = location.pathname + location.search + location.hash
    return <Navigate to={`${paths.auth.login}?returnTo=${encodeURIComponent(returnTo)}`} replace />
  }
  if (weddingStatus === 'needsCouple') return <CompleteCouple />
  if (weddingStatus === 'noWedding') return <NoWedding />
  return children
}

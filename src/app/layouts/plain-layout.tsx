import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import { KasalanHeader } from './kasalan-header'

/** Welcome, terms, privacy and not-found: Kasalan's own pages outside management. */
export function PlainLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <KasalanHeader />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  )
}

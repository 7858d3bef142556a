import { Suspense, useEffect } from 'react'
import { Outlet } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import { applyLanguage, preferredLanguage } from '@/lib/i18n'

/** The public wedding site and its RSVP pages: the site feature draws everything inside. */
export function WebsiteLayout() {
  useEffect(() => void applyLanguage(preferredLanguage('site')), [])
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  )
}

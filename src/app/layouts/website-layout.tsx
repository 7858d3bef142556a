import { Suspense, useEffect } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { LoadingOverlay } from '@/features/site'
import { applyLanguage, preferredLanguage } from '@/lib/i18n'

/**
 * The public wedding site and its RSVP pages: the site feature draws everything inside. While a
 * page's code arrives, the same "Hinihintay ang pahina…" overlay the site shows covers the screen.
 */
export function WebsiteLayout() {
  useEffect(() => void applyLanguage(preferredLanguage('site')), [])
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
    </>
  )
}

import { Suspense, useEffect, type ReactNode } from 'react'
import { LoadingOverlay } from '@/features/site'
import { applyLanguage, preferredLanguage } from '@/lib/i18n'
import { ScrollRestoration } from '@/lib/routing'

/**
 * The public wedding site and its RSVP pages: the site feature draws everything inside. While a
 * page's code arrives, the same "Hinihintay ang pahina…" overlay the site shows covers the screen.
 */
export function WebsiteLayout({ children }: { children: ReactNode }) {
  useEffect(() => void applyLanguage(preferredLanguage('site')), [])
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<LoadingOverlay />}>{children}</Suspense>
    </>
  )
}

import { lazy, type ComponentType } from 'react'
import { SitePage } from '@/features/site/routes/site-page'
import { loadNamespaces } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { routePattern } from '@/lib/routing'

// The public wedding site and its RSVP pages, routed with wouter (`@/lib/routing`): a guest's
// phone never downloads react-router. The site page comes in the same file as this table
// (a guest's first screen waits on no second request for its code); the rest are their own chunks.
// The RSVP pages' strings are fetched beside their code, not after it has drawn and asked for them
// (a failed fetch is left to the page, which asks again).
const rsvpStrings = () => loadNamespaces(['rsvp']).catch(() => undefined)
const RsvpPage = lazy(() =>
  Promise.all([import('@/features/rsvp/routes/rsvp-page'), rsvpStrings()]).then(([m]) => ({
    default: m.RsvpPage,
  })),
)
const ThankYouPage = lazy(() =>
  Promise.all([import('@/features/rsvp/routes/thank-you-page'), rsvpStrings()]).then(([m]) => ({
    default: m.ThankYouPage,
  })),
)
const SitePreviewPage = lazy(() =>
  import('@/features/site/routes/site-preview-page').then((m) => ({ default: m.SitePreviewPage })),
)
// A household's own link: records that it was opened, then goes to its RSVP.
const OpenInvitationPage = lazy(() =>
  import('@/features/invitations/routes/open-invitation-page').then((m) => ({
    default: m.OpenInvitationPage,
  })),
)

export interface PublicRoute {
  path: string
  /** A wedding's address is case-sensitive: `/wedding/Maria` is not `/wedding/maria`. */
  caseSensitive?: boolean
  Component: ComponentType
}

const routes: readonly PublicRoute[] = [
  { path: '/', caseSensitive: true, Component: SitePage },
  { path: '/wedding/:slug', caseSensitive: true, Component: SitePage },
  { path: '/wedding/:slug/:section', caseSensitive: true, Component: SitePage },
  { path: '/wedding/:slug/rsvp/:householdId/:personId', caseSensitive: true, Component: RsvpPage },
  {
    path: '/wedding/:slug/rsvp/:householdId/:personId/thank-you',
    caseSensitive: true,
    Component: ThankYouPage,
  },
  { path: '/rsvp/:householdId/:personId', Component: RsvpPage },
  { path: '/i/:link', Component: OpenInvitationPage },
  { path: '/wedding/:slug/i/:link', caseSensitive: true, Component: OpenInvitationPage },
  { path: '/rsvp/:householdId/:personId/thank-you', Component: ThankYouPage },
  { path: paths.sitePreview, caseSensitive: true, Component: SitePreviewPage },
]

/** The table with each route's pattern for wouter, matched in this order. */
export const publicRoutes = routes.map((route) => ({
  ...route,
  pattern: routePattern(route.path, route.caseSensitive),
}))

/** Whether the public site draws this address; everything else is management's app. */
export const isPublicPath = (pathname: string) =>
  publicRoutes.some(({ pattern }) => pattern.test(pathname))

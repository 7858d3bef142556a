import { lazy } from 'react'
import { SitePage } from '@/features/site/routes/site-page'
import { paths } from '@/lib/paths'
import { matchRoutes, type Route } from '@/lib/site-router'

// The public wedding site and its RSVP pages, with the small router of `@/lib/site-router`: a
// guest's phone never downloads react-router. The site page comes in the same file as this table
// (a guest's first screen waits on no second request for its code); the rest are their own chunks.
const RsvpPage = lazy(() =>
  import('@/features/rsvp/routes/rsvp-page').then((m) => ({ default: m.RsvpPage })),
)
const ThankYouPage = lazy(() =>
  import('@/features/rsvp/routes/thank-you-page').then((m) => ({ default: m.ThankYouPage })),
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

export const publicRoutes: readonly Route[] = [
  { path: '/', caseSensitive: true, Component: SitePage },
  { path: '/wedding/:slug', caseSensitive: true, Component: SitePage },
  { path: '/wedding/:slug/:section', caseSensitive: true, Component: SitePage },
  { path: '/wedding/:slug/rsvp/:guestId/:personId', caseSensitive: true, Component: RsvpPage },
  {
    path: '/wedding/:slug/rsvp/:guestId/:personId/thank-you',
    caseSensitive: true,
    Component: ThankYouPage,
  },
  { path: '/rsvp/:guestId/:personId', Component: RsvpPage },
  { path: '/i/:link', Component: OpenInvitationPage },
  { path: '/wedding/:slug/i/:link', caseSensitive: true, Component: OpenInvitationPage },
  { path: '/rsvp/:guestId/:personId/thank-you', Component: ThankYouPage },
  { path: paths.sitePreview, caseSensitive: true, Component: SitePreviewPage },
]

/** Whether the public site draws this address; everything else is management's app. */
export const isPublicPath = (pathname: string) => matchRoutes(publicRoutes, pathname) !== null

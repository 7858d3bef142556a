import { createBrowserRouter, Navigate } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import { RouteError } from '@/components/route-error'
import { i18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { SitePage } from '@/features/site/routes/site-page'
import { WebsiteLayout } from './layouts/website-layout'

// Every screen and every layout but the website's is its own chunk: a guest opening the wedding
// site never downloads sign-in or management code, nor its strings (the `app` namespace, loaded
// with those layouts so they never wait on it). The wedding site itself comes with the router, in
// the same file: a guest's first screen waits on no second request for its code.
const withAppStrings = <T,>(load: Promise<T>) =>
  Promise.all([load, i18n.loadNamespaces('app')]).then(([module]) => module)
const rsvp = () => import('@/features/rsvp/routes/rsvp-page').then((m) => ({ Component: m.RsvpPage }))
const sitePreview = () =>
  import('@/features/site/routes/site-preview-page').then((m) => ({ Component: m.SitePreviewPage }))
// The 404 page is its own chunk: most visitors never need it.
const notFound = () => import('@/components/not-found').then((m) => ({ Component: m.NotFound }))
// A household's own link: records that it was opened, then goes to its RSVP.
const openInvitation = () =>
  import('@/features/invitations/routes/open-invitation-page').then((m) => ({ Component: m.OpenInvitationPage }))
// The members and activity pages come in one chunk, through one import here: this file is part of
// the public site's first load, and each import site adds its own list of chunks to preload.
const members = () => withAppStrings(import('@/features/members/routes/members-page'))
const thankYou = () =>
  import('@/features/rsvp/routes/thank-you-page').then((m) => ({ Component: m.ThankYouPage }))

export const router = createBrowserRouter([
  {
    element: <WebsiteLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/', caseSensitive: true, Component: SitePage },
      { path: '/wedding/:slug', caseSensitive: true, Component: SitePage },
      { path: '/wedding/:slug/:section', caseSensitive: true, Component: SitePage },
      { path: '/wedding/:slug/rsvp/:guestId/:personId', caseSensitive: true, lazy: rsvp },
      { path: '/wedding/:slug/rsvp/:guestId/:personId/thank-you', caseSensitive: true, lazy: thankYou },
      { path: '/rsvp/:guestId/:personId', lazy: rsvp },
      { path: '/i/:code', lazy: openInvitation },
      { path: '/wedding/:slug/i/:code', caseSensitive: true, lazy: openInvitation },
      { path: '/rsvp/:guestId/:personId/thank-you', lazy: thankYou },
      { path: paths.sitePreview, caseSensitive: true, lazy: sitePreview },
    ],
  },
  {
    path: '/auth',
    lazy: () => withAppStrings(import('./layouts/auth-layout')).then((m) => ({ Component: m.AuthLayout })),
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <Navigate to={paths.auth.login} replace /> },
      { path: 'login', lazy: () => import('@/features/auth/routes/login-page').then((m) => ({ Component: m.LoginPage })) },
      { path: 'register', lazy: () => import('@/features/auth/routes/register-page').then((m) => ({ Component: m.RegisterPage })) },
      { path: 'reset', lazy: () => import('@/features/auth/routes/reset-page').then((m) => ({ Component: m.ResetPage })) },
      { path: 'update-password', lazy: () => import('@/features/auth/routes/update-password-page').then((m) => ({ Component: m.UpdatePasswordPage })) },
    ],
  },
  {
    path: '/manage',
    lazy: () => withAppStrings(import('./layouts/admin-layout')).then((m) => ({ Component: m.AdminLayout })),
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <Navigate to={paths.manage.guests} replace /> },
      { path: 'guests', lazy: () => import('@/features/guests/routes/guests-page').then((m) => ({ Component: m.GuestsPage })) },
      { path: 'seating', lazy: () => import('@/features/seating/routes/seating-page').then((m) => ({ Component: m.SeatingPage })) },
      { path: 'rsvps', lazy: () => import('@/features/rsvp/routes/rsvps-tab-page').then((m) => ({ Component: m.RsvpsTabPage })) },
      { path: 'website', lazy: () => import('@/features/builder/routes/website-builder-page').then((m) => ({ Component: m.WebsiteBuilderPage })) },
      { path: 'invitations', lazy: () => import('@/features/invitations/routes/invitations-page').then((m) => ({ Component: m.InvitationsPage })) },
      { path: 'invitations/print', lazy: () => import('@/features/invitations/routes/invitations-print-page').then((m) => ({ Component: m.InvitationsPrintPage })) },
      { path: 'email-preview/rsvp', lazy: () => import('@/features/email/routes/rsvp-email-preview-page').then((m) => ({ Component: m.RsvpEmailPreviewPage })) },
      { path: 'cms', lazy: () => import('@/features/cms/routes/cms-page').then((m) => ({ Component: m.CmsPage })) },
      { path: 'cms/editor', lazy: () => import('@/features/cms/routes/cms-editor-page').then((m) => ({ Component: m.CmsEditorPage })) },
      { path: 'members', lazy: () => members().then((m) => ({ Component: m.MembersPage })) },
      { path: 'activity', lazy: () => members().then((m) => ({ Component: m.ActivityPage })) },
      { path: 'data', lazy: () => import('@/features/data/routes/data-page').then((m) => ({ Component: m.DataPage })) },
    ],
  },
  {
    lazy: () => withAppStrings(import('./layouts/plain-layout')).then((m) => ({ Component: m.PlainLayout })),
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/join/:token', lazy: () => import('@/features/members/routes/join-page').then((m) => ({ Component: m.JoinPage })) },
      { path: '/welcome', lazy: () => import('@/features/auth/routes/welcome-page').then((m) => ({ Component: m.WelcomePage })) },
      { path: '/terms', lazy: () => import('./routes/legal').then((m) => ({ Component: m.TermsPage })) },
      { path: '/privacy', lazy: () => import('./routes/legal').then((m) => ({ Component: m.PrivacyPage })) },
      { path: '/404', lazy: notFound },
      { path: '*', lazy: notFound },
    ],
  },
])

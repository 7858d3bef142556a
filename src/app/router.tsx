import { createBrowserRouter, Navigate } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import { paths } from '@/lib/paths'
import { AppRouteError as RouteError } from './app-route-error'
import { publicRoutes } from './public-routes'
import { LoadPublicSite, RouterBridge } from './router-bridge'

// Sign-in, management and Kasalan's own pages. The public wedding site is another app on the same
// origin (`./public-site`, mounted by `src/main.tsx`): its addresses here load it as a document.
// Every screen and layout is its own chunk, with its strings (the `app` namespace, loaded with the
// layouts so they never wait on it), and i18next itself, which the guest pages do not load.
const withAppStrings = <T,>(load: Promise<T>) =>
  Promise.all([load, import('@/lib/i18n/i18next').then((m) => m.startI18next(['app']))]).then(([module]) => module)
// The 404 page is its own chunk: most visitors never need it.
const notFound = () => import('@/components/not-found').then((m) => ({ Component: m.NotFound }))
// The members and activity pages come in one chunk.
const members = () => withAppStrings(import('@/features/members/routes/members-page'))

export const router = createBrowserRouter([
  {
    // The 404 page's links and search are written for the small router; this answers them here.
    Component: RouterBridge,
    children: [
      ...publicRoutes.map(({ path, caseSensitive }) => ({ path, caseSensitive, Component: LoadPublicSite })),
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
    ],
  },
])

import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import type { ManageScreen } from '@/lib/access'
import { paths } from '@/lib/paths'
import { AppRouteError as RouteError } from './app-route-error'
import { publicRoutes } from './public-routes'
import type { ManageHandle } from './role-gate'
import { LoadPublicSite, ManagementLocation } from './management-location'

// Sign-in, management and Kasalan's own pages. The public wedding site is another app on the same
// origin (`./public-site`, mounted by `src/main.tsx`): its addresses here load it as a document.
// Every screen and layout is its own chunk, with its strings (the `app` namespace, loaded with the
// layouts so they never wait on it), and i18next itself, which the guest pages do not load.
const withAppStrings = <T,>(load: Promise<T>) =>
  Promise.all([load, import('@/lib/i18n/i18next').then((m) => m.startI18next(['app']))]).then(
    ([module]) => module,
  )
// The 404 page is its own chunk: most visitors never need it.
const notFound = () => import('@/components/not-found').then((m) => ({ Component: m.NotFound }))
// The members and activity pages come in one chunk.
const members = () => withAppStrings(import('@/features/members/routes/members-page'))
// A management screen: its route's path and the handle the role guard reads both come from its
// address in the paths table, the key of the access table the tabs read too (`@/lib/access`).
const manage = (screen: ManageScreen, lazy: () => Promise<{ Component: ComponentType }>) => ({
  path: screen.slice(`${paths.manage.root}/`.length),
  handle: { screen } satisfies ManageHandle,
  lazy,
})

export const router = createBrowserRouter([
  {
    // The 404 page's links and search are written with wouter, as the public site's; react-router
    // answers them here.
    Component: ManagementLocation,
    children: [
      ...publicRoutes.map(({ path, caseSensitive }) => ({
        path,
        caseSensitive,
        Component: LoadPublicSite,
      })),
      {
        path: '/auth',
        lazy: () =>
          withAppStrings(import('./layouts/auth-layout')).then((m) => ({
            Component: m.AuthLayout,
          })),
        errorElement: <RouteError />,
        hydrateFallbackElement: <PageSpinner />,
        children: [
          { index: true, element: <Navigate to={paths.auth.login} replace /> },
          {
            path: 'login',
            lazy: () =>
              import('@/features/auth/routes/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'register',
            lazy: () =>
              import('@/features/auth/routes/register-page').then((m) => ({
                Component: m.RegisterPage,
              })),
          },
          {
            path: 'reset',
            lazy: () =>
              import('@/features/auth/routes/reset-page').then((m) => ({ Component: m.ResetPage })),
          },
          {
            path: 'update-password',
            lazy: () =>
              import('@/features/auth/routes/update-password-page').then((m) => ({
                Component: m.UpdatePasswordPage,
              })),
          },
        ],
      },
      {
        path: '/manage',
        lazy: () =>
          withAppStrings(import('./layouts/admin-layout')).then((m) => ({
            Component: m.AdminLayout,
          })),
        errorElement: <RouteError />,
        hydrateFallbackElement: <PageSpinner />,
        children: [
          { index: true, element: <Navigate to={paths.manage.guests} replace /> },
          manage(paths.manage.guests, () =>
            import('./routes/first-screen').then((m) => ({ Component: m.FirstScreen })),
          ),
          manage(paths.manage.seating, () =>
            import('@/features/seating/routes/seating-page').then((m) => ({
              Component: m.SeatingPage,
            })),
          ),
          manage(paths.manage.rsvps, () =>
            import('@/features/rsvps/routes/rsvps-tab-page').then((m) => ({
              Component: m.RsvpsTabPage,
            })),
          ),
          manage(paths.manage.website, () =>
            import('@/features/website/routes/website-page').then((m) => ({
              Component: m.WebsitePage,
            })),
          ),
          manage(paths.manage.invitations, () =>
            import('@/features/invitations/routes/invitations-page').then((m) => ({
              Component: m.InvitationsPage,
            })),
          ),
          manage(paths.manage.invitationsPrint, () =>
            import('@/features/invitations/routes/invitations-print-page').then((m) => ({
              Component: m.InvitationsPrintPage,
            })),
          ),
          manage(paths.manage.emailPreviewRsvp, () =>
            import('@/features/email/routes/rsvp-email-preview-page').then((m) => ({
              Component: m.RsvpEmailPreviewPage,
            })),
          ),
          manage(paths.manage.content, () =>
            import('@/features/content/routes/content-page').then((m) => ({
              Component: m.ContentPage,
            })),
          ),
          manage(paths.manage.contentEditor, () =>
            import('@/features/content/routes/content-editor-page').then((m) => ({
              Component: m.ContentEditorPage,
            })),
          ),
          manage(paths.manage.members, () => members().then((m) => ({ Component: m.MembersPage }))),
          manage(paths.manage.activity, () =>
            members().then((m) => ({ Component: m.ActivityPage })),
          ),
          manage(paths.manage.plan, () =>
            import('@/features/plan/checklist/checklist-page').then((m) => ({
              Component: m.ChecklistPage,
            })),
          ),
          manage(paths.manage.planBudget, () =>
            import('@/features/plan/budget/budget-page').then((m) => ({ Component: m.BudgetPage })),
          ),
          manage(paths.manage.planSuppliers, () =>
            import('@/features/plan/suppliers/suppliers-page').then((m) => ({
              Component: m.SuppliersPage,
            })),
          ),
          manage(paths.manage.planGifts, () =>
            import('@/features/plan/gifts/routes/gifts-page').then((m) => ({
              Component: m.GiftsPage,
            })),
          ),
          manage(paths.manage.rsvpsForecast, () =>
            import('@/features/forecast/routes/forecast-page').then((m) => ({
              Component: m.ForecastPage,
            })),
          ),
          manage(paths.manage.print, () =>
            import('@/features/printables/routes/print-page').then((m) => ({
              Component: m.PrintPage,
            })),
          ),
          manage(paths.manage.data, () =>
            import('@/features/data/routes/data-page').then((m) => ({ Component: m.DataPage })),
          ),
          manage(paths.manage.checkin, () =>
            import('@/features/checkin/routes/checkin-page').then((m) => ({
              Component: m.CheckinPage,
            })),
          ),
          manage(paths.manage.checkinAfter, () =>
            import('@/features/checkin/routes/after-page').then((m) => ({
              Component: m.CheckinAfterPage,
            })),
          ),
          manage(paths.manage.rsvpsEvents, () =>
            import('@/features/rsvps/routes/events-page').then((m) => ({
              Component: m.EventsPage,
            })),
          ),
        ],
      },
      {
        lazy: () =>
          withAppStrings(import('./layouts/plain-layout')).then((m) => ({
            Component: m.PlainLayout,
          })),
        errorElement: <RouteError />,
        hydrateFallbackElement: <PageSpinner />,
        children: [
          {
            path: '/join/:token',
            lazy: () =>
              import('@/features/members/routes/join-page').then((m) => ({
                Component: m.JoinPage,
              })),
          },
          {
            path: '/welcome',
            lazy: () =>
              import('@/features/auth/routes/welcome-page').then((m) => ({
                Component: m.WelcomePage,
              })),
          },
          {
            path: '/terms',
            lazy: () => import('./routes/legal').then((m) => ({ Component: m.TermsPage })),
          },
          {
            path: '/privacy',
            lazy: () => import('./routes/legal').then((m) => ({ Component: m.PrivacyPage })),
          },
          { path: '/404', lazy: notFound },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
])

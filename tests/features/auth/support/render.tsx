// Rendering an auth screen as the app does: i18n with the `auth` namespace, a memory router with
// the screens it links to, and a fresh session store.
import { configure, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router'
import { initI18n } from '@/lib/i18n'
import { startI18next } from '@/lib/i18n/i18next'
import { useSessionStore } from '@/lib/session'

// The form validates asynchronously (zod through react-hook-form) and a sign-up test types a whole
// form; on a busy machine that takes longer than the default one second per wait and five per test.
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 20_000 })

let ready: Promise<unknown> | undefined

/** i18next in English with `common` and `auth` loaded, once per test file. */
export function setUpI18n() {
  ready ??= initI18n('/auth/login').then(() => startI18next(['auth']))
  return ready
}

// Radix's popper measures its anchor with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const initialSession = useSessionStore.getState()

export function resetSessionStore(
  state: Partial<ReturnType<typeof useSessionStore.getState>> = {},
) {
  useSessionStore.setState({ ...initialSession, ...state }, true)
}

/** Shows where the router went, for assertions on navigation. */
export function Where({ name }: { name: string }) {
  const location = useLocation()
  return (
    <p data-testid="where">
      {name} {location.pathname}
      {location.search}
      {JSON.stringify(location.state ?? null)}
    </p>
  )
}

export function renderRoutes(routes: RouteObject[], initialEntry: string, extra?: ReactNode) {
  const router = createMemoryRouter(
    [
      ...routes,
      { path: '/manage/*', element: <Where name="manage" /> },
      { path: '/welcome', element: <Where name="welcome" /> },
      { path: '/auth/login', element: <Where name="login" /> },
      { path: '/auth/register', element: <Where name="register" /> },
      { path: '/auth/reset', element: <Where name="reset" /> },
      { path: '*', element: <Where name="elsewhere" /> },
    ],
    { initialEntries: [initialEntry] },
  )
  const result = render(
    <>
      <RouterProvider router={router} />
      {extra}
    </>,
  )
  return { ...result, router }
}

import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryHistory, matchRoutes, Router, Routes, type Route } from '@/lib/site-router'

type Entry = string | { pathname: string; state?: unknown }

/**
 * Draws `routes` with the public site's router over an in-memory history starting at `entry`.
 * Addresses outside `routes` would be a full page load, as in the browser.
 */
export function renderRoutes(
  routes: readonly { path: string; element: ReactElement }[],
  entry: Entry,
) {
  const history = createMemoryHistory([entry])
  const table: Route[] = routes.map(({ path, element }) => ({
    path,
    caseSensitive: true,
    Component: () => element,
  }))
  const view = render(
    <Router history={history} owns={(pathname) => matchRoutes(table, pathname) !== null}>
      <Routes routes={table} />
    </Router>,
  )
  return { history, ...view }
}

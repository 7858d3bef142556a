import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { Route, Router, Switch } from 'wouter'
import { routePattern, siteLocation } from '@/lib/routing'

type Entry = string | { pathname: string; state?: unknown }

/**
 * Draws `routes` as the public site does (wouter over the browser's history, here jsdom's),
 * starting at `entry`. Addresses outside `routes` would be a full page load, as in the browser.
 * `history.location` is the address bar; `history.length` the number of entries.
 */
export function renderRoutes(
  routes: readonly { path: string; element: ReactElement }[],
  entry: Entry,
) {
  const { pathname, state = null } = typeof entry === 'string' ? { pathname: entry } : entry
  window.history.replaceState({ usr: state, key: 'first' }, '', pathname)
  const table = routes.map(({ path, element }) => ({
    path,
    pattern: routePattern(path, true),
    element,
  }))
  const owns = (path: string) => table.some(({ pattern }) => pattern.test(path))
  const view = render(
    <Router hook={siteLocation(owns)}>
      <Switch>
        {table.map(({ path, pattern, element }) => (
          <Route key={path} path={pattern}>
            {element}
          </Route>
        ))}
      </Switch>
    </Router>,
  )
  const history = {
    // The address bar: `document.location`, which a test's stub of `window.location` leaves alone.
    get location() {
      return document.location
    },
    get length() {
      return window.history.length
    },
  }
  return { history, ...view }
}

import { Component, StrictMode, useEffect, type ReactNode } from 'react'
import { RouteError } from '@/components/route-error'
import { Route, Router, Switch, useLocation } from 'wouter'
import { holdsStoredSession } from '@/lib/backend/session-storage'
import { siteLocation } from '@/lib/routing'
import { isAuthCallback } from '@/lib/session/auth-callback'
import { WebsiteLayout } from './layouts/website-layout'
import { isPublicPath, publicRoutes } from './public-routes'

/** A page that failed to draw (or whose code did not arrive) shows the error screen, until the next page. */
class RouteBoundary extends Component<
  { pathname: string; children: ReactNode },
  { error: unknown; pathname: string }
> {
  override state = { error: null as unknown, pathname: this.props.pathname }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname }
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children
  }
}

/**
 * Back or forward to an address of management's (an entry it made in this tab): the address is
 * already in the bar, so loading it again mounts management's app there.
 */
function LoadManagement() {
  useEffect(() => window.location.reload(), [])
  return null
}

function PublicRoutes() {
  const [pathname] = useLocation()
  return (
    <RouteBoundary pathname={pathname}>
      <Switch>
        {/* Routes that draw the same page share a key: moving between a site's sections keeps
            the page (and the sections it has drawn) instead of mounting it again. */}
        {publicRoutes.map(({ pattern, Component }) => (
          <Route
            key={publicRoutes.findIndex((route) => route.Component === Component)}
            path={pattern}
            component={Component}
          />
        ))}
        <Route>
          <LoadManagement />
        </Route>
      </Switch>
    </RouteBoundary>
  )
}

// The browser's address, read by wouter; addresses outside the public site are full page loads.
const browserLocation = siteLocation(isPublicPath)

/** The public site as its own app: `src/main.tsx` mounts it for a public address. */
export function PublicSite() {
  // As in management: the session starts beside the first screen (it keeps a couple's tokens fresh
  // and reads an auth link's). A guest with no session and no auth link never fetches its code.
  useEffect(() => {
    if (!holdsStoredSession() && !isAuthCallback(window.location)) return
    void import('@/lib/session').then(({ useSessionStore }) => useSessionStore.getState().start())
  }, [])
  return (
    <StrictMode>
      <Router hook={browserLocation}>
        <WebsiteLayout>
          <PublicRoutes />
        </WebsiteLayout>
      </Router>
    </StrictMode>
  )
}

import { useEffect, useMemo } from 'react'
import { Outlet, useLocation, useNavigate, useNavigationType, useParams } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import { loadDocument, RouterValueProvider, type RouterValue } from '@/lib/site-router'
import { isPublicPath } from './public-routes'

/**
 * Lets the pieces written for the public site's small router (the 404 page's links and search)
 * run under react-router too: the same hooks and links, answered by react-router.
 */
export function RouterBridge() {
  const location = useLocation()
  const action = useNavigationType()
  const navigate = useNavigate()
  const params = useParams()
  const value = useMemo<RouterValue>(
    () => ({
      location: { ...location, state: location.state as unknown },
      action,
      params,
      owns: (pathname) => !isPublicPath(pathname),
      navigate(to, options) {
        const { pathname } = new URL(to, window.location.href)
        if (isPublicPath(pathname)) loadDocument(to, options)
        else void navigate(to, options)
      },
    }),
    [action, location, navigate, params],
  )
  return (
    <RouterValueProvider value={value}>
      <Outlet />
    </RouterValueProvider>
  )
}

/**
 * A public-site address reached inside management (a react-router link or navigation): the
 * public site is another document, so it loads as one. `src/main.tsx` mounts the public site for
 * it, with the same `isPublicPath`, so this never loops.
 */
export function LoadPublicSite() {
  useEffect(() => {
    window.location.replace(window.location.href)
  }, [])
  return <PageSpinner />
}

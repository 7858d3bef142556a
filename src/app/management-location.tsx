import { useEffect } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { Router } from 'wouter'
import { PageSpinner } from '@/components/page-spinner'
import { loadDocument, type AppLocationHook, type Navigate } from '@/lib/routing'
import { isPublicPath } from './public-routes'

/**
 * wouter's location inside management, from react-router: the screens the two apps share (the
 * 404 page's links and search) move within management for its addresses and load the public
 * site as a document for its own.
 */
function useManagementLocation(): [string, Navigate] {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  return [
    pathname,
    (to, options) => {
      if (isPublicPath(new URL(to, window.location.href).pathname)) loadDocument(to, options)
      else void navigate(to, options)
    },
  ]
}

const useManagementSearch = () => useLocation().search

const managementLocation = Object.assign(useManagementLocation, {
  owns: (pathname: string) => !isPublicPath(pathname),
  searchHook: useManagementSearch,
}) satisfies AppLocationHook

/** The root of management's routes: wouter's hooks and links answered by react-router. */
export function ManagementLocation() {
  return (
    <Router hook={managementLocation}>
      <Outlet />
    </Router>
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

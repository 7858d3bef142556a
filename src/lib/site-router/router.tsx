import {
  forwardRef,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react'
import {
  loadDocument,
  ParamsContext,
  RouterContext,
  useNavigate,
  useRouter,
  leftToBrowser,
  type NavigateOptions,
  type RouterValue,
} from './context'
import { createHref, type History, type Location } from './history'
import { matchRoutes, type PathPattern } from './match'

export const RouterValueProvider = RouterContext.Provider

interface RouterProps {
  history: History
  /** Addresses this router draws; anything else is left to a full page load. */
  owns(pathname: string): boolean
  children: ReactNode
}

/** Follows `history`. A new page is drawn as a transition: the old one stays until its code is in. */
export function Router({ history, owns, children }: RouterProps) {
  const [current, setCurrent] = useState(() => ({
    location: history.location,
    action: history.action,
  }))
  useLayoutEffect(() => {
    const stop = history.listen((location, action) =>
      startTransition(() => setCurrent({ location, action })),
    )
    // A child's effect (a <Navigate> on the first page) may have moved before this listened:
    // catching up with an outside store, which no render could have seen.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCurrent((shown) =>
      shown.location === history.location
        ? shown
        : { location: history.location, action: history.action },
    )
    return stop
  }, [history])
  const value = useMemo<RouterValue>(
    () => ({
      ...current,
      params: {},
      history,
      owns,
      navigate(to, options = {}) {
        const url = new URL(to, window.location.href)
        if (url.origin !== window.location.origin || !owns(url.pathname))
          return loadDocument(to, options)
        const href = createHref(url)
        // Going to where one already is replaces the entry, as react-router does.
        const replace = options.replace ?? href === createHref(history.location)
        if (replace) history.replace(href, options.state)
        else history.push(href, options.state)
      },
    }),
    [current, history, owns],
  )
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>
}

export interface Route extends PathPattern {
  Component: ComponentType
}

/** The first route matching the address, with its parameters; `fallback` when none does. */
export function Routes({
  routes,
  fallback = null,
}: {
  routes: readonly Route[]
  fallback?: ReactNode
}) {
  const { pathname } = useRouter().location
  const match = matchRoutes(routes, pathname)
  if (!match) return fallback
  const { Component } = match.route
  return (
    <ParamsContext.Provider value={match.params}>
      <Component />
    </ParamsContext.Provider>
  )
}

/** Navigates once drawn, as react-router's `<Navigate>` does. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate()
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state])
  return null
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  replace?: boolean
  state?: unknown
  /** Always a full page load. */
  reloadDocument?: boolean
}

/**
 * A real link (`<a href>`): a plain left click on an address this router draws moves without a
 * page load; everything else (new tab, another site, management) is the browser's.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, reloadDocument, onClick, target, ...rest },
  ref,
) {
  const router = useRouter()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (reloadDocument || leftToBrowser(event, target)) return
    const url = new URL(to, window.location.href)
    if (url.origin !== window.location.origin || !router.owns(url.pathname)) return
    const here = router.location
    // A jump within the page (`#rsvp`) is the browser's too.
    if (url.hash && url.pathname === here.pathname && url.search === here.search) return
    event.preventDefault()
    router.navigate(createHref(url), { replace, state })
  }
  return <a ref={ref} href={to} target={target} onClick={handleClick} {...rest} />
})

const positionsKey = 'kasalan-scroll-positions'

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(positionsKey) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

/**
 * As react-router's `<ScrollRestoration>`: back and forward return to where the page was, a new
 * page starts at its top (or at its `#anchor`), and positions survive a reload.
 */
export function ScrollRestoration() {
  const { location, action, history } = useRouter()
  const [positions] = useState(readPositions)

  useEffect(() => {
    if (!history) return
    window.history.scrollRestoration = 'manual'
    // Saved before anything of the next page is drawn, while the old one is still in place.
    const stop = history.listen((next, _action, previous) => {
      if (next.pathname !== previous.pathname || next.search !== previous.search)
        positions[previous.key] = window.scrollY
    })
    const save = () => {
      positions[history.location.key] = window.scrollY
      try {
        sessionStorage.setItem(positionsKey, JSON.stringify(positions))
      } catch {
        // Private mode without storage: back still works within the page's life.
      }
      window.history.scrollRestoration = 'auto'
    }
    window.addEventListener('pagehide', save)
    return () => {
      stop()
      window.removeEventListener('pagehide', save)
      window.history.scrollRestoration = 'auto'
    }
  }, [history, positions])

  const shown = useRef<Location | null>(null)
  useLayoutEffect(() => {
    const previous = shown.current
    shown.current = location
    if (previous === location) return
    if (!previous) {
      // The first page: a reload returns to where it was.
      const saved = positions[location.key]
      if (saved !== undefined) window.scrollTo(0, saved)
      return
    }
    // The browser already moved for a jump within the page.
    if (previous.pathname === location.pathname && previous.search === location.search) return
    const saved = action === 'POP' ? positions[location.key] : undefined
    if (saved !== undefined) return window.scrollTo(0, saved)
    const anchor =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))
    if (anchor) anchor.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [action, location, positions])
  return null
}

import { createContext, useContext, useMemo, type MouseEvent } from 'react'
import type { Action, History, Location } from './history'
import type { Params } from './match'

export interface NavigateOptions {
  replace?: boolean
  state?: unknown
}

/** What the hooks and links below need from a router: this one's, or react-router's (see src/app). */
export interface RouterValue {
  location: Location
  action: Action
  navigate(to: string, options?: NavigateOptions): void
  /**
   * Whether this router draws `pathname`. A link or navigation elsewhere is a full page load: the
   * public site and management are separate documents.
   */
  owns(pathname: string): boolean
  params: Params
  /** Only for this router's own history (scroll restoration). */
  history?: History
}

export const RouterContext = createContext<RouterValue | null>(null)
export const ParamsContext = createContext<Params | null>(null)

export function useRouter() {
  const router = useContext(RouterContext)
  if (!router) throw new Error('Used outside a router')
  return router
}

/**
 * Leaves for an address another router draws: a full page load. The state goes into the history
 * entry first (in the shape both routers read), so the next document still finds it.
 */
export function loadDocument(to: string, { replace = false, state }: NavigateOptions = {}) {
  if (state !== undefined) {
    const entry = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: 0 }
    if (replace) window.history.replaceState(entry, '', to)
    else window.history.pushState(entry, '', to)
    window.location.reload()
  } else if (replace) window.location.replace(to)
  else window.location.assign(to)
}

export const useLocation = () => useRouter().location
export const useNavigationType = () => useRouter().action
export function useParams(): Params {
  const router = useRouter()
  return useContext(ParamsContext) ?? router.params
}

export function useNavigate() {
  return useRouter().navigate
}

export function useSearchParams() {
  const { search } = useLocation()
  return [useMemo(() => new URLSearchParams(search), [search])] as const
}

/** Whether the browser should follow a click itself: another tab or window, a download, a modifier key. */
export function leftToBrowser(event: MouseEvent<HTMLAnchorElement>, target?: string) {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    (target !== undefined && target !== '' && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.currentTarget.hasAttribute('download')
  )
}

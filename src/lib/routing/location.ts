import { useLocation, type BaseLocationHook } from 'wouter'
import {
  navigate as pushOrReplace,
  useHistoryState,
  usePathname,
  useSearch,
} from 'wouter/use-browser-location'

// The public wedding site routes with wouter (a guest's phone downloads about 2 KB of it instead
// of react-router's 34). This file adds what wouter leaves to the app: entries that carry a key and
// state (for scroll restoration and the 404 page), case-sensitive addresses, and full page loads
// to the other app's addresses. Management keeps react-router.

export interface NavigateOptions {
  replace?: boolean
  state?: unknown
}

export type Navigate = (to: string, options?: NavigateOptions) => void

/**
 * A wouter location hook that also says which addresses its app draws: a link or navigation
 * elsewhere is a full page load (the public site and management are separate documents).
 */
export type AppLocationHook = BaseLocationHook & { owns(pathname: string): boolean }

export const newKey = () => Math.random().toString(36).slice(2, 10)

/**
 * Leaves for an address another app draws: a full page load. The state goes into the history
 * entry first, in react-router's `{ usr, key, idx }` shape, so the next document still finds it.
 */
export function loadDocument(to: string, { replace = false, state }: NavigateOptions = {}) {
  if (state !== undefined) {
    const entry = { usr: state, key: newKey(), idx: 0 }
    if (replace) window.history.replaceState(entry, '', to)
    else window.history.pushState(entry, '', to)
    window.location.reload()
  } else if (replace) window.location.replace(to)
  else window.location.assign(to)
}

/**
 * A route's pattern for wouter, which matches it against the decoded address: static segments and
 * `:name` parameters (`/wedding/:slug`), one trailing slash allowed, parameters never empty. A
 * wedding's address is case-sensitive (`caseSensitive`); the static segments of the others are
 * not, as with react-router.
 */
export function routePattern(path: string, caseSensitive = false) {
  const source = path
    .split('/')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(':')
        ? `/(?<${part.slice(1)}>[^/]+)`
        : `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('')
  return new RegExp(`^${source}/?$`, caseSensitive ? '' : 'i')
}

/** What a history entry's state holds: react-router's shape, so either app reads what the other left. */
export interface EntryState {
  usr: unknown
  key: string
}

export const entryState = (value: unknown = window.history.state): Partial<EntryState> =>
  value !== null && typeof value === 'object' ? (value as Partial<EntryState>) : {}

export const createHref = (url: { pathname: string; search: string; hash: string }) =>
  url.pathname + url.search + url.hash

/**
 * The public site's location for wouter: the browser's, with every entry keyed (scroll positions
 * are kept under the key) and its state in react-router's shape. A link or navigation to an
 * address `owns` does not hold is a full page load.
 */
export function siteLocation(owns: (pathname: string) => boolean): AppLocationHook {
  const go: Navigate = (to, { replace, state } = {}) => {
    const url = new URL(to, window.location.href)
    if (url.origin !== window.location.origin || !owns(url.pathname))
      return loadDocument(to, { replace, state })
    const href = createHref(url)
    pushOrReplace(href, {
      // Going to where one already is replaces the entry, as react-router does.
      replace: replace ?? href === createHref(window.location),
      state: { usr: state ?? null, key: newKey() } satisfies EntryState,
    })
  }
  function useSiteLocation(): [string, Navigate] {
    return [usePathname(), go]
  }
  return Object.assign(useSiteLocation, { owns, searchHook: useSearch })
}

/**
 * The state the navigation to this address left (`navigate(to, { state })`), in either app: both
 * keep it in the browser's entry under `usr`.
 */
export const useLocationState = (): unknown => entryState(useHistoryState()).usr ?? null

/** Navigation within the app (or a page load out of it): wouter's `useLocation()[1]`. */
export const useNavigate = (): Navigate => useLocation()[1]

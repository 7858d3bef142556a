/** A route's address pattern: static segments and `:name` parameters, e.g. `/wedding/:slug`. */
export interface PathPattern {
  path: string
  /** Static segments must match in case too (a wedding's address is case-sensitive). */
  caseSensitive?: boolean
}

export type Params = Readonly<Record<string, string | undefined>>

function decode(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * The parameters of `pathname` if it matches `pattern`, else null. As react-router does: one
 * trailing slash is allowed (`/rsvp/a/b/`), parameters are never empty and come decoded.
 */
export function matchPath(
  { path, caseSensitive = false }: PathPattern,
  pathname: string,
): Params | null {
  const wanted = path.split('/').filter(Boolean)
  const given = pathname
    .replace(/\/$/, '')
    .split('/')
    .filter((segment, index) => index > 0 || segment)
  if (pathname !== '/' && given.some((segment) => segment === '')) return null
  if (given.length !== wanted.length) return null
  const params: Record<string, string> = {}
  for (const [index, segment] of wanted.entries()) {
    const value = given[index]!
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(value)
    else if (
      caseSensitive
        ? decode(value) !== segment
        : decode(value).toLowerCase() !== segment.toLowerCase()
    )
      return null
  }
  return params
}

/** The first of `routes` whose pattern matches `pathname`, with its parameters. */
export function matchRoutes<R extends PathPattern>(routes: readonly R[], pathname: string) {
  for (const route of routes) {
    const params = matchPath(route, pathname)
    if (params) return { route, params }
  }
  return null
}

/**
 * Which wedding a visitor asked for: the `/wedding/:slug` segment, else the subdomain
 * (`isabel-and-miguel.kasalan.ph`), else the default site. Pure, so every host case is tested.
 */

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/

/** True for hosts that never carry a wedding's subdomain: localhost and IP addresses. */
function isLocalOrIp(hostname: string) {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    ipv4.test(hostname) ||
    // IPv6 literals: `[::1]` as the URL spells them, `::1` as some APIs do.
    hostname.startsWith('[') ||
    hostname.includes(':')
  )
}

/**
 * The wedding slug in the host name, when the host has more than two parts and is not localhost
 * or an IP address. `www` is the product's own site, not a wedding.
 */
export function subdomainSlug(hostname: string): string | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '')
  if (!host || isLocalOrIp(host)) return null
  const parts = host.split('.')
  if (parts.length <= 2 || parts.some((part) => part === '')) return null
  const [first] = parts
  return first && first !== 'www' ? first : null
}

export interface SlugSource {
  /** The `:slug` route segment, when the route has one. */
  routeSlug?: string | null
  /** `window.location.hostname`. */
  hostname: string
  /** The site `/` shows when the host names none (VITE_DEFAULT_SITE_SLUG). */
  defaultSlug: string
}

/** The slug to load, or null when nothing names one (the built-in demo site is shown then). */
export function resolveSlug({ routeSlug, hostname, defaultSlug }: SlugSource): string | null {
  if (routeSlug) return routeSlug
  return subdomainSlug(hostname) ?? (defaultSlug.trim() || null)
}

/** Kasalan's sample wedding (supabase/seed-data/demo-wedding.json). */
export const demoSiteSlug = 'isabel-and-miguel'

/**
 * Whether the page is Kasalan's sample wedding shown at `/`: the address names no wedding (no
 * `/wedding/:slug`, no subdomain) and the site is the sample one. A couple whose own domain shows
 * their site at `/` is not the sample.
 */
export function isSampleAtRoot(
  { routeSlug, hostname }: Omit<SlugSource, 'defaultSlug'>,
  siteSlug: string,
  isDemo: boolean,
): boolean {
  if (routeSlug || subdomainSlug(hostname)) return false
  return isDemo || siteSlug === demoSiteSlug
}

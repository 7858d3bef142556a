/**
 * The site request index.html starts before any JavaScript loads (on the wedding site's addresses,
 * on hosted Supabase, for a visitor without a session).
 */
interface EarlySite {
  slug: string
  response: Promise<Response>
}

declare global {
  interface Window {
    __kasalanEarlySite?: EarlySite
  }
}

/**
 * The early response for this call, once: only for `get_site` with the slug the page asked for,
 * so a later call (a retry, another wedding) goes to the network as usual.
 */
export function takeEarlySite(name: string, args: object): Promise<Response> | undefined {
  const early = window.__kasalanEarlySite
  if (!early || name !== 'get_site' || (args as { p_slug?: unknown }).p_slug !== early.slug)
    return undefined
  delete window.__kasalanEarlySite
  return early.response
}

import * as z from 'zod/mini'
import { call } from './call'
import { siteAnswer, siteRedirect, type Site, type SiteRedirect } from './schemas'

/**
 * A published wedding site by its exact slug (or the couple's own, unpublished); for one of its
 * earlier slugs, `{redirectTo}` its current one; null if none. The answer's `isOwner` (true for the
 * partner too) reaches the app as `isCouple`.
 */
export async function getSite(slug: string): Promise<Site | SiteRedirect | null> {
  const found = await call('get_site', { p_slug: slug }, z.nullable(z.union([siteAnswer, siteRedirect])))
  if (!found || 'redirectTo' in found) return found
  const { isOwner, ...rest } = found
  return { ...rest, isCouple: isOwner }
}

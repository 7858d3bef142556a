import * as z from 'zod/mini'
import { call } from './call'
import { site, siteRedirect } from './schemas'

/**
 * A published wedding site by its exact slug (or the couple's own, unpublished); for one of its
 * earlier slugs, `{redirectTo}` its current one; null if none.
 */
export function getSite(slug: string) {
  return call('get_site', { p_slug: slug }, z.nullable(z.union([site, siteRedirect])))
}

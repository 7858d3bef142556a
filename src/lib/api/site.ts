import { callRead } from './call'
import { siteAnswer } from './site-answer'

/**
 * A published wedding site by its exact slug (or the couple's own, unpublished); for one of its
 * earlier slugs, `{redirectTo}` its current one; null if none.
 */
export function getSite(slug: string) {
  return callRead('get_site', { p_slug: slug }, siteAnswer)
}

import * as z from 'zod/mini'
import { call } from './call'
import { site } from './schemas'

/** A published wedding site by its exact slug (or the owner's own, unpublished); null if none. */
export function getSite(slug: string) {
  return call('get_site', { p_slug: slug }, z.nullable(site))
}

import { array, nullish, number, object, oneOf, string, type Read } from '@/lib/read-json'
import { callRead } from './call'

/*
 * The guest's name search (supabase/schemas/03_rsvp.sql, `search_persons`), a module of its own:
 * it is on the site's first screen, and the rest of the RSVP calls come only with the RSVP page.
 */

/** One person the name search found. */
export const guestSearchResult = object({
  personId: string,
  householdId: string,
  firstName: string,
  lastName: nullish(string),
  householdSize: number,
})
export type GuestSearchResult = Read<typeof guestSearchResult>

/**
 * What the search says: `too_short` (fewer than 4 letters, or one short word), `none`,
 * `too_many` (the name is shared by many households: no names, the guest adds a word) or `found`.
 */
export const guestSearch = object({
  status: oneOf(['too_short', 'none', 'too_many', 'found']),
  matches: array(guestSearchResult),
})
export type GuestSearch = Read<typeof guestSearch>

/**
 * The guest's name search on one published wedding: the person typed, not a list (whole name
 * words; at most 10 matches from at most 3 households). Fails with `rate_limited` when one caller
 * searches much faster than a person types.
 */
export function searchPersons(slug: string, query: string) {
  return callRead('search_persons', { p_slug: slug, p_query: query }, guestSearch)
}

import * as z from 'zod/mini'
import { call } from './call'
import { wedding, type PersonName } from './schemas'

/** Creates the signed-in couple's wedding, or returns the one they already have. */
export function createMyWedding(input: {
  bride: PersonName
  groom: PersonName
  date: string | null
}) {
  return call(
    'create_my_wedding',
    { p_bride: input.bride, p_groom: input.groom, p_date: input.date },
    wedding,
  )
}

/**
 * The wedding management works on, with its sections and the account's role there: `weddingId`
 * when the account belongs to it, else its own, else the first it joined; null when none.
 */
export function getMyWedding(weddingId?: string | null) {
  return call('get_my_wedding', weddingId ? { p_wedding_id: weddingId } : {}, z.nullable(wedding))
}

/**
 * Whether the signed-in account ever joined a wedding through a member invitation: with no wedding
 * now, such an account is not asked to create one.
 */
export function hasJoinedAWedding() {
  return call('has_joined_a_wedding', {}, z.boolean())
}

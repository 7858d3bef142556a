import * as z from 'zod/mini'
import { call } from './call'

/**
 * Check-in at the door (supabase/schemas/15_checkin.sql): what the ushers' phones read of the guest
 * list (names, tables and seats, who said yes or no; never contact details, answers or messages),
 * what changed since, and the arrivals and walk-ins they record.
 */

export const checkinPerson = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  type: z.enum(['adult', 'child']),
  /** true: said yes; false: sent regrets; null: no answer. */
  attending: z.nullable(z.boolean()),
  tableId: z.nullish(z.string()),
  /** The seat's number at its table, from 1. */
  seat: z.nullish(z.number()),
})
export type CheckinPerson = z.infer<typeof checkinPerson>

export const checkinHousehold = z.object({
  id: z.string(),
  side: z.nullable(z.enum(['bride', 'groom', 'both'])),
  /** The first 32 hex digits of the SHA-256 of the household's invitation link token. */
  tokenKey: z.string(),
  /**
   * Its persons who may come, as the forecast counts them (the yeses and those still to answer
   * within its seats). Missing from a roster kept on the phone from before it was sent.
   */
  mayCome: z.optional(z.number()),
  persons: z.array(checkinPerson),
})
export type CheckinHousehold = z.infer<typeof checkinHousehold>

export const checkinTable = z.object({
  id: z.string(),
  name: z.string(),
  seats: z.number(),
  /** Seats holding a person of the guest list. */
  seated: z.number(),
})
export type CheckinTable = z.infer<typeof checkinTable>

export const walkIn = z.object({ id: z.string(), tableId: z.string(), name: z.string() })
export type WalkIn = z.infer<typeof walkIn>

export const checkinRoster = z.object({
  version: z.number(),
  households: z.array(checkinHousehold),
  tables: z.array(checkinTable),
  arrivals: z.array(z.string()),
  walkIns: z.array(walkIn),
})
export type CheckinRoster = z.infer<typeof checkinRoster>

export const checkinChanges = z.object({
  version: z.number(),
  arrivals: z.array(z.object({ personId: z.string(), arrived: z.boolean() })),
  walkIns: z.array(
    z.object({ id: z.string(), tableId: z.string(), name: z.string(), removed: z.boolean() }),
  ),
})
export type CheckinChanges = z.infer<typeof checkinChanges>

/** One thing an usher did, with the id their phone made for it (a re-sent one is applied once). */
export type CheckinAction =
  | { id: string; kind: 'arrive' | 'unarrive'; personIds: string[] }
  | { id: string; kind: 'walkIn'; tableId: string; name?: string }
  | { id: string; kind: 'removeWalkIn'; walkInId: string }

// invalid: an action the server could not read (refused on its own, the rest applied).
export const checkinRefusals = [
  'person_not_found',
  'table_not_found',
  'table_full',
  'walk_in_not_found',
  'invalid',
] as const
export type CheckinRefusal = (typeof checkinRefusals)[number]

export const recordedCheckins = z.object({
  version: z.number(),
  results: z.array(
    z.object({
      id: z.string(),
      status: z.enum(['applied', 'duplicate', 'refused']),
      code: z.optional(z.enum(checkinRefusals)),
      /** Sent before: status and code are the outcome it had then. */
      duplicate: z.optional(z.boolean()),
    }),
  ),
})
export type RecordedCheckins = z.infer<typeof recordedCheckins>

/** The door's list of the wedding: households, persons, tables, arrivals and walk-ins. */
export function getCheckinRoster(weddingId: string) {
  return call('get_checkin_roster', { p_wedding_id: weddingId }, checkinRoster)
}

/** What changed at the door after `since` (the version last seen). */
export function getCheckinChanges(weddingId: string, since: number | null) {
  return call('checkin_changes', { p_wedding_id: weddingId, p_since: since }, checkinChanges)
}

/** Records what ushers did, in order, each action once. */
export function recordCheckins(weddingId: string, actions: CheckinAction[]) {
  return call('record_checkins', { p_wedding_id: weddingId, p_actions: actions }, recordedCheckins)
}

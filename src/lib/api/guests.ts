import * as z from 'zod/mini'
import { call } from './call'
import { household, type HouseholdInput } from './schemas'

/** Every household of the wedding with its persons, oldest first. */
export function listHouseholds(weddingId: string) {
  return call('list_households', { p_wedding_id: weddingId }, z.array(household))
}

/** Creates or updates one household with its persons in one transaction. */
export function saveHousehold(weddingId: string, input: HouseholdInput) {
  return call('save_household', { p_wedding_id: weddingId, p_household: input }, household)
}

export function deleteHousehold(householdId: string) {
  return call('delete_household', { p_household_id: householdId }, z.unknown())
}

export const importResult = z.object({
  households: z.number(),
  persons: z.number(),
  /** Persons whose accepted or declined reply came with them. */
  replies: z.number(),
  householdIds: z.array(z.string()),
})
export type ImportResult = z.infer<typeof importResult>

/**
 * Adds many households at once (a spreadsheet import): all of them or, if one is not valid,
 * none. Ids in the input are ignored; an import only ever adds.
 */
export function importHouseholds(weddingId: string, households: HouseholdInput[]) {
  return call(
    'import_households',
    { p_wedding_id: weddingId, p_households: households },
    importResult,
  )
}

export const nicknameList = z.object({
  /** The wedding's own, as the couple wrote them, in the order added. */
  nicknames: z.array(z.object({ nickname: z.string(), name: z.string() })),
  /** How many the built-in Filipino list holds. */
  builtInCount: z.number(),
})
export type NicknameList = z.infer<typeof nicknameList>

/** The nicknames the site's name search knows for this wedding besides the built-in ones. */
export function listNicknames(weddingId: string) {
  return call('list_nicknames', { p_wedding_id: weddingId }, nicknameList)
}

/** Replaces the wedding's own nicknames (at most 200). */
export function saveNicknames(
  weddingId: string,
  nicknames: Array<{ nickname: string; name: string }>,
) {
  return call('save_nicknames', { p_wedding_id: weddingId, p_nicknames: nicknames }, nicknameList)
}

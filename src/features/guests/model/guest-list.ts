import { displayPersonName } from '@/lib/names'
import { statusOf, type InvitationStatuses } from '@/lib/invitations/state'
import type { State as InvitationState } from '@/lib/invitations/types'
import { compactText, normalizeText } from './text'
import type { HouseholdRecord, PersonRecord, RelationshipSide, RelationshipType } from './types'

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/** "Dr. Antonio dela Cruz Jr.": shown by the one rule in `@/lib/names` (stored as typed). */
export function personFullName(
  person: Pick<PersonRecord, 'firstName' | 'lastName' | 'title' | 'suffix'>,
): string {
  return displayPersonName(person)
}

/** A short name for a household in a sentence: "Ramon Santos", or "Ramon Santos +2". */
export function householdLabel(household: Pick<HouseholdRecord, 'persons'>): {
  name: string
  others: number
} {
  const [first] = household.persons
  return {
    name: first ? personFullName(first) : '',
    others: Math.max(household.persons.length - 1, 0),
  }
}

// ---------------------------------------------------------------------------------------------
// Counts
// ---------------------------------------------------------------------------------------------

export interface GuestCounts {
  households: number
  /** Persons: every count below but `householdsBySide` counts people. */
  guests: number
  adults: number
  children: number
  /** Persons by their household's side: both sides = common, no side = unrelated. */
  bySide: Record<SideGroup, number>
  householdsBySide: Record<SideGroup, number>
  responded: number
  accepted: number
  declined: number
  pending: number
}

export type SideGroup = 'bride' | 'groom' | 'common' | 'unrelated'

export function sideGroup(side: RelationshipSide | null): SideGroup {
  if (side === 'both') return 'common'
  return side ?? 'unrelated'
}

/** The three count cards of the guest list, in one pass. */
export function countGuests(households: ReadonlyArray<HouseholdRecord>): GuestCounts {
  const counts: GuestCounts = {
    households: households.length,
    guests: 0,
    adults: 0,
    children: 0,
    bySide: { bride: 0, groom: 0, common: 0, unrelated: 0 },
    householdsBySide: { bride: 0, groom: 0, common: 0, unrelated: 0 },
    responded: 0,
    accepted: 0,
    declined: 0,
    pending: 0,
  }
  for (const household of households) {
    const side = sideGroup(household.relationshipSide)
    counts.householdsBySide[side] += 1
    for (const person of household.persons) {
      counts.guests += 1
      counts.bySide[side] += 1
      if (person.type === 'child') counts.children += 1
      else counts.adults += 1
      if (person.isAttending === true) counts.accepted += 1
      else if (person.isAttending === false) counts.declined += 1
      else counts.pending += 1
    }
  }
  counts.responded = counts.accepted + counts.declined
  return counts
}

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

/** The filter dropdown's relation choices, in the spec's order. */
export const relationFilters = [
  'groomFamily',
  'brideFamily',
  'friends',
  'familyFriends',
  'others',
  'commonFriends',
] as const
export type RelationFilter = (typeof relationFilters)[number]

export const missingFilters = ['address', 'email', 'phone'] as const
export type MissingFilter = (typeof missingFilters)[number]

export interface GuestFilters {
  relation: RelationFilter | null
  /** Every checked field must be missing (each filter narrows the list). */
  missing: ReadonlyArray<MissingFilter>
  /** Only households in this invitation state (not invited, invited, opened, answered). */
  invitation: InvitationState | null
  query: string
}

export const noFilters: GuestFilters = { relation: null, missing: [], invitation: null, query: '' }

const relationRules: Record<RelationFilter, { side?: RelationshipSide; type: RelationshipType }> = {
  groomFamily: { side: 'groom', type: 'family' },
  brideFamily: { side: 'bride', type: 'family' },
  // Friends are every friend household, whichever side; Common Friends are those of both.
  friends: { type: 'friend' },
  familyFriends: { type: 'familyFriend' },
  others: { type: 'others' },
  commonFriends: { side: 'both', type: 'friend' },
}

export function matchesRelation(household: HouseholdRecord, relation: RelationFilter): boolean {
  const rule = relationRules[relation]
  return (
    household.relationshipType === rule.type &&
    (!rule.side || household.relationshipSide === rule.side)
  )
}

/** Whether the household lacks a postal address (no street line), an e-mail or a phone. */
export function isMissing(household: HouseholdRecord, field: MissingFilter): boolean {
  if (field === 'address') return !household.address.address1?.trim()
  return !household[field]?.trim()
}

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

/**
 * What a household is found by: every person's name (also run together, so "delacruz" finds
 * "Dela Cruz") and the e-mail, normalised. Built once per list load, not per keystroke.
 */
export function searchText(household: HouseholdRecord): string {
  const parts: string[] = []
  for (const person of household.persons) {
    parts.push(
      normalizeText(personFullName(person)),
      compactText(`${person.firstName}${person.lastName ?? ''}`),
    )
  }
  parts.push(normalizeText(household.email))
  return ` ${parts.join(' ')}`
}

export function buildSearchIndex(households: ReadonlyArray<HouseholdRecord>): string[] {
  return households.map(searchText)
}

/** The query's words; each must appear in a household's search text. */
export function queryTokens(query: string): string[] {
  return normalizeText(query).split(' ').filter(Boolean)
}

// ---------------------------------------------------------------------------------------------
// Everything together
// ---------------------------------------------------------------------------------------------

export function hasActiveFilters(filters: GuestFilters): boolean {
  return (
    filters.relation !== null ||
    filters.missing.length > 0 ||
    filters.invitation !== null ||
    queryTokens(filters.query).length > 0
  )
}

/**
 * The households that pass every active filter, in list order. `index` is buildSearchIndex of the
 * same list (computed here when not given); `statuses` each household's invitation state by id.
 */
export function filterHouseholds<H extends HouseholdRecord>(
  households: ReadonlyArray<H>,
  filters: GuestFilters,
  index: ReadonlyArray<string> = buildSearchIndex(households),
  statuses: InvitationStatuses = new Map(),
): H[] {
  const tokens = queryTokens(filters.query)
  if (
    !filters.relation &&
    filters.missing.length === 0 &&
    !filters.invitation &&
    tokens.length === 0
  )
    return [...households]
  const result: H[] = []
  for (let i = 0; i < households.length; i += 1) {
    const household = households[i]!
    if (filters.relation && !matchesRelation(household, filters.relation)) continue
    if (filters.missing.some((field) => !isMissing(household, field))) continue
    if (filters.invitation && statusOf(statuses, household.id).state !== filters.invitation)
      continue
    if (tokens.length > 0) {
      const text = index[i] ?? searchText(household)
      if (!tokens.every((token) => text.includes(token))) continue
    }
    result.push(household)
  }
  return result
}

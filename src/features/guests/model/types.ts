/**
 * The guest list as the model sees it: the contract's Household and Person shapes
 * (docs/database-contract.md), read-only. The API's parsed types fit these, so the model needs no
 * import from the backend side.
 */

export type RelationshipSide = 'bride' | 'groom' | 'both'
export type RelationshipType = 'family' | 'friend' | 'familyFriend' | 'others'
export type PersonType = 'adult' | 'child'

export interface PersonRecord {
  readonly id: string
  readonly firstName: string
  readonly lastName?: string | null
  readonly type: PersonType
  readonly title?: string | null
  readonly suffix?: string | null
  /** The name the person goes by ("Bobby"); searched on the site. */
  readonly knownAs?: string | null
  /** A married person's surname before marriage; searched on the site, never shown there. */
  readonly maidenName?: string | null
  readonly notes?: string | null
  readonly isAttending: boolean | null
  readonly response: ReadonlyArray<{ readonly question: string; readonly answer: string }>
}

export interface AddressRecord {
  readonly address1?: string | null
  readonly address2?: string | null
  readonly city?: string | null
  readonly state?: string | null
  readonly zip?: string | null
  readonly country?: string | null
}

export interface HouseholdRecord {
  readonly id: string
  readonly email?: string | null
  readonly phone?: string | null
  readonly address: AddressRecord
  readonly relationshipSide: RelationshipSide | null
  readonly relationshipType: RelationshipType | null
  readonly notes?: string | null
  /** Seats reserved for the household; null or missing: all its persons. */
  readonly seatCap?: number | null
  readonly persons: ReadonlyArray<PersonRecord>
}

/** A household to create or update, in save_household's shape (ids only on existing rows). */
export interface HouseholdDraft {
  id?: string
  email: string | null
  phone: string | null
  address: {
    address1: string
    address2: string
    city: string
    state: string
    zip: string
    country: string
  }
  relationshipSide: RelationshipSide | null
  relationshipType: RelationshipType | null
  notes: string | null
  /** Seats reserved; left out: the household keeps its cap (null: none). */
  seatCap?: number | null
  persons: Array<{
    id?: string
    firstName: string
    lastName: string | null
    type: PersonType
    title: string | null
    suffix: string | null
    /** Left out: the person keeps theirs. */
    knownAs?: string | null
    maidenName?: string | null
    notes: string | null
    /** Only from an import: the reply the file has for this person. */
    reply?: { isAttending: boolean; response: Array<{ questionId: string; answer: string }> }
  }>
}

export const defaultCountry = 'Philippines'

// The RSVPs tab reads its lines from the shared guest list plus a few details (0022): the same
// lines, split the way the two calls answer them, for tests that mock those calls.
import type { Household, RsvpHousehold } from '@/lib/api'
import type { RsvpDetails } from '@/lib/api/rsvp-details'

/** The households as list_households gives them. */
export function asGuestList(households: readonly RsvpHousehold[]): Household[] {
  return households.map((household) => ({
    id: household.id,
    weddingId: 'w1',
    userId: 'couple',
    createdAt: '2026-01-01T00:00:00Z',
    email: household.email ?? null,
    phone: null,
    address: { address1: null, address2: null, city: null, state: null, zip: null, country: null },
    relationshipSide: null,
    relationshipType: null,
    notes: null,
    persons: household.persons.map((person, position) => ({
      id: person.id,
      householdId: household.id,
      firstName: person.firstName,
      lastName: person.lastName ?? null,
      type: person.type,
      title: null,
      suffix: null,
      notes: null,
      isAttending: person.isAttending,
      response: person.response,
      respondedAt: person.respondedAt ?? null,
      position,
    })),
  }))
}

/** What list_rsvp_details gives for them: only messages and recorded replies. */
export function asDetails(households: readonly RsvpHousehold[]): RsvpDetails {
  return {
    messages: households
      .filter((household) => household.message || household.messageAt)
      .map((household) => ({
        householdId: household.id,
        message: household.message,
        messageAt: household.messageAt,
      })),
    recorded: households.flatMap((household) =>
      household.persons
        .filter((person) => person.recordedBy)
        .map((person) => ({
          personId: person.id,
          recordedBy: person.recordedBy,
          recordedByName: person.recordedByName ?? null,
        })),
    ),
  }
}

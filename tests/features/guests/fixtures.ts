import type { Household } from '@/lib/api'

let counter = 0
const id = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`

type PersonInput = Partial<Household['persons'][number]> & { firstName: string }

/** A household as list_households returns it, with only what a test cares about spelled out. */
export function household(
  overrides: Partial<Omit<Household, 'persons'>> & { persons?: PersonInput[] } = {},
): Household {
  const householdId = overrides.id ?? id()
  const persons = (overrides.persons ?? [{ firstName: 'Juan', lastName: 'Santos' }]).map(
    (person, position) => ({
      id: id(),
      householdId,
      lastName: '',
      type: 'adult' as const,
      title: null,
      suffix: null,
      notes: null,
      isAttending: null,
      response: [],
      respondedAt: null,
      position,
      ...person,
    }),
  )
  return {
    id: householdId,
    weddingId: 'wedding',
    userId: 'couple',
    createdAt: '2026-01-01T00:00:00Z',
    email: null,
    phone: null,
    address: { address1: '', address2: '', city: '', state: '', zip: '', country: 'Philippines' },
    relationshipSide: null,
    relationshipType: null,
    notes: null,
    ...overrides,
    persons,
  }
}

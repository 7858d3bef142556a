// The door shows names by the one name rule (src/lib/names.ts), as the seating chart, the events'
// picker and the printables do.
import { describe, expect, test } from 'vitest'
import { householdTitle, personName, type CheckinHousehold } from '@/features/checkin/checkin-model'

const household = (...names: Array<[string, string]>): CheckinHousehold => ({
  id: 'h',
  side: null,
  tokenKey: 'k',
  persons: names.map(([firstName, lastName], index) => ({
    id: `p${index}`,
    firstName,
    lastName,
    type: 'adult',
    attending: null,
  })),
})

describe('names at the door', () => {
  test('a household typed in lower case is titled as everywhere else', () => {
    expect(householdTitle(household(['lorna', 'dimaculangan'], ['ramon', 'dimaculangan']))).toBe(
      'Dimaculangan',
    )
    expect(personName({ firstName: 'lorna', lastName: 'dimaculangan' })).toBe('Lorna Dimaculangan')
  })

  test('surnames typed two ways are one; particles and chosen capitals are kept', () => {
    expect(
      householdTitle(household(['ana', 'santos'], ['Ben', 'Santos'], ['maria clara', 'dela cruz'])),
    ).toBe('Santos · dela Cruz')
    expect(householdTitle(household(['Ana', 'McArthur']))).toBe('McArthur')
  })

  test('a household with no surnames is titled by its first names', () => {
    expect(householdTitle(household(['lorna', ''], ['ramon', '']))).toBe('Lorna, Ramon')
  })
})

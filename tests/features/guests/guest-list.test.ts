// @vitest-environment node
import { describe, expect, test } from 'vitest'
import {
  buildSearchIndex,
  countGuests,
  filterHouseholds,
  hasActiveFilters,
  householdLabel,
  isMissing,
  matchesRelation,
  noFilters,
  personFullName,
  relationFilters,
  type RelationFilter,
} from '@/features/guests/model/guest-list'
import { household } from './fixtures'

const santos = household({
  relationshipSide: 'groom',
  relationshipType: 'family',
  email: 'ramon@example.com',
  phone: '+63 917 555 0101',
  address: {
    address1: '14 Daang Mabini',
    address2: '',
    city: 'Quezon City',
    state: '',
    zip: '1100',
    country: 'Philippines',
  },
  persons: [
    { firstName: 'Ramon', lastName: 'Santos', isAttending: true },
    { firstName: 'Lourdes', lastName: 'Santos', isAttending: false },
    { firstName: 'Paolo', lastName: 'Santos', type: 'child' },
  ],
})
const pena = household({
  relationshipSide: 'bride',
  relationshipType: 'family',
  phone: '0918 555 0102',
  persons: [{ firstName: 'Niño', lastName: 'Peña', isAttending: true }],
})
const commonFriend = household({
  relationshipSide: 'both',
  relationshipType: 'friend',
  email: 'bea@example.com',
  persons: [
    { firstName: 'Bea', lastName: 'Dela Cruz' },
    { firstName: 'Migo', lastName: 'Dela Cruz', type: 'child' },
  ],
})
const brideFriend = household({
  relationshipSide: 'bride',
  relationshipType: 'friend',
  persons: [{ firstName: 'Ana', lastName: 'Reyes' }],
})
const familyFriend = household({
  relationshipSide: 'groom',
  relationshipType: 'familyFriend',
  persons: [{ firstName: 'Tito', lastName: 'Boy' }],
})
const other = household({
  relationshipSide: null,
  relationshipType: 'others',
  persons: [{ firstName: 'Caterer', lastName: 'Ko' }],
})
const untagged = household({ persons: [{ firstName: 'Walang', lastName: 'Tag' }] })
const list = [santos, pena, commonFriend, brideFriend, familyFriend, other, untagged]

describe('countGuests', () => {
  test('counts persons, adults and children', () => {
    const counts = countGuests(list)
    expect(counts.households).toBe(7)
    expect(counts.guests).toBe(10)
    expect(counts.adults).toBe(8)
    expect(counts.children).toBe(2)
  })

  test('counts persons by their household side: both = common, none = unrelated', () => {
    const counts = countGuests(list)
    expect(counts.bySide).toEqual({ bride: 2, groom: 4, common: 2, unrelated: 2 })
    expect(counts.householdsBySide).toEqual({ bride: 2, groom: 2, common: 1, unrelated: 2 })
  })

  test('counts RSVPs per person: responded = accepted + declined', () => {
    const counts = countGuests(list)
    expect(counts.accepted).toBe(2)
    expect(counts.declined).toBe(1)
    expect(counts.responded).toBe(3)
    expect(counts.pending).toBe(7)
  })

  test('an empty list counts zero everywhere', () => {
    const counts = countGuests([])
    expect(
      counts.guests + counts.adults + counts.children + counts.responded + counts.pending,
    ).toBe(0)
  })
})

describe('relation filters', () => {
  const expected: Record<RelationFilter, unknown[]> = {
    groomFamily: [santos],
    brideFamily: [pena],
    friends: [commonFriend, brideFriend],
    familyFriends: [familyFriend],
    others: [other],
    commonFriends: [commonFriend],
  }
  test.each(relationFilters)('%s keeps exactly its households', (relation) => {
    expect(filterHouseholds(list, { ...noFilters, relation })).toEqual(expected[relation])
    expect(list.filter((h) => matchesRelation(h, relation))).toEqual(expected[relation])
  })
})

describe('missing-data filters', () => {
  test('missing address means no street line', () => {
    expect(isMissing(santos, 'address')).toBe(false)
    expect(isMissing(pena, 'address')).toBe(true)
  })

  test('missing e-mail', () => {
    expect(filterHouseholds(list, { ...noFilters, missing: ['email'] })).toEqual([
      pena,
      brideFriend,
      familyFriend,
      other,
      untagged,
    ])
  })

  test('missing phone', () => {
    expect(filterHouseholds(list, { ...noFilters, missing: ['phone'] })).toEqual([
      commonFriend,
      brideFriend,
      familyFriend,
      other,
      untagged,
    ])
  })

  test('missing address', () => {
    expect(filterHouseholds(list, { ...noFilters, missing: ['address'] })).not.toContain(santos)
    expect(filterHouseholds(list, { ...noFilters, missing: ['address'] })).toHaveLength(6)
  })

  test('filters narrow together: missing e-mail and phone, within a relation', () => {
    expect(filterHouseholds(list, { ...noFilters, missing: ['email', 'phone'] })).toEqual([
      brideFriend,
      familyFriend,
      other,
      untagged,
    ])
    expect(
      filterHouseholds(list, { ...noFilters, relation: 'friends', missing: ['email', 'phone'] }),
    ).toEqual([brideFriend])
  })

  test('invitation state, from the states read with the list; a household they miss is not invited', () => {
    const statuses = new Map([
      [santos.id, { state: 'opened' as const, openedAt: '2026-11-20T02:00:00Z' }],
      [pena.id, { state: 'answered' as const }],
    ])
    const by = (invitation: 'not_invited' | 'invited' | 'opened' | 'answered') =>
      filterHouseholds(list, { ...noFilters, invitation }, buildSearchIndex(list), statuses)
    expect(by('opened')).toEqual([santos])
    expect(by('answered')).toEqual([pena])
    expect(by('invited')).toEqual([])
    expect(by('not_invited')).toHaveLength(list.length - 2)
    expect(by('not_invited')).not.toContain(santos)
    expect(hasActiveFilters({ ...noFilters, invitation: 'invited' })).toBe(true)
  })

  test('blank text counts as missing', () => {
    expect(isMissing(household({ email: '   ' }), 'email')).toBe(true)
  })
})

describe('search', () => {
  const search = (query: string) =>
    filterHouseholds(list, { ...noFilters, query }, buildSearchIndex(list))

  test('ignores accents and case both ways', () => {
    expect(search('pena')).toEqual([pena])
    expect(search('PEÑA')).toEqual([pena])
    expect(search('nino')).toEqual([pena])
  })

  test('finds a household by any of its persons', () => {
    expect(search('paolo')).toEqual([santos])
  })

  test('every word must match, in any order', () => {
    expect(search('santos lourdes')).toEqual([santos])
    expect(search('santos bea')).toEqual([])
  })

  test('finds "Dela Cruz" typed together or apart, and by e-mail', () => {
    expect(search('delacruz')).toEqual([commonFriend])
    expect(search('dela cruz')).toEqual([commonFriend])
    expect(search('bea@example')).toEqual([commonFriend])
  })

  test('a blank query keeps everyone', () => {
    expect(search('   ')).toEqual(list)
  })

  test('works without a prebuilt index', () => {
    expect(filterHouseholds(list, { ...noFilters, query: 'Reyes' })).toEqual([brideFriend])
  })
})

test('personFullName joins title, names and suffix', () => {
  expect(
    personFullName({ title: 'Dr.', firstName: 'Jose', lastName: 'Rizal', suffix: 'Jr.' }),
  ).toBe('Dr. Jose Rizal Jr.')
  expect(personFullName({ title: null, firstName: 'Ana', lastName: '', suffix: null })).toBe('Ana')
})

test('personFullName shows a name typed in lower case by the one rule, particles kept', () => {
  expect(
    personFullName({ title: null, firstName: 'lorna', lastName: 'dela cruz', suffix: null }),
  ).toBe('Lorna dela Cruz')
  expect(
    personFullName({ title: null, firstName: 'teresita', lastName: 'de los santos', suffix: null }),
  ).toBe('Teresita de los Santos')
  expect(
    householdLabel(household({ persons: [{ firstName: 'lorna', lastName: 'dela cruz' }] })).name,
  ).toBe('Lorna dela Cruz')
})

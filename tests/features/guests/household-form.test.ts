// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { emptyHousehold, householdValues, newPerson } from '@/features/guests/model/household-form'

const withPerson = (firstName: string, lastName = '') => ({
  ...emptyHousehold(),
  persons: [{ ...newPerson(), firstName, lastName }],
})
const messages = (values: unknown) => {
  const result = householdValues.safeParse(values)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the household form: a name needs a letter', () => {
  test.each([
    ['🌸🌸🌸', ''],
    ['👨‍👩‍👧', ''],
    ['123', ''],
    ['...', ''],
  ])('first name %j is refused, saying why', (firstName, lastName) => {
    expect(messages(withPerson(firstName, lastName))).toEqual([
      'persons.0.firstName: form.errors.nameNeedsLetter',
    ])
  })

  test('a last name of emoji alone is refused; an empty one is fine', () => {
    expect(messages(withPerson('Ana', '🌸'))).toEqual([
      'persons.0.lastName: form.errors.nameNeedsLetter',
    ])
    expect(messages(withPerson('Ana', ''))).toEqual([])
  })

  test('an empty first name says it is required, not that it needs a letter', () => {
    expect(messages(withPerson('  '))).toEqual([
      'persons.0.firstName: form.errors.firstNameRequired',
    ])
  })

  test.each([
    ['lorna', 'dela cruz'],
    ['ᜋᜇᜒᜌ', ''],
    ['美玲', '王'],
    ['Ana 🌸', 'Reyes'],
    ['J.', ''],
  ])('%j %j is accepted', (firstName, lastName) => {
    expect(messages(withPerson(firstName, lastName))).toEqual([])
  })
})

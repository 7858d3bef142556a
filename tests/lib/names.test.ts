// @vitest-environment node
import { describe, expect, test } from 'vitest'
import {
  coupleInitials,
  displayCouple,
  displayFullName,
  displayName,
  displayPersonName,
  hasLetter,
} from '@/lib/names'

describe('displayName', () => {
  test.each([
    ['maria clara', 'Maria Clara'],
    ['  juan   miguel ', 'Juan Miguel'],
    ['ma. clara', 'Ma. Clara'],
    ['sto. domingo', 'Sto. Domingo'],
    ['sta. maria', 'Sta. Maria'],
    ['dela cruz', 'dela Cruz'],
    ['de los santos', 'de los Santos'],
    ['delos reyes', 'delos Reyes'],
    ['de la paz', 'de la Paz'],
    ['santos-reyes', 'Santos-Reyes'],
    ['ñino', 'Ñino'],
    ['peña', 'Peña'],
    ['del', 'Del'],
    ['juan miguel ii', 'Juan Miguel II'],
    ['iii', 'III'],
    ['jose iv', 'Jose IV'],
    ['ivy', 'Ivy'],
  ])('"%s" typed in lower case shows as "%s"', (typed, shown) => {
    expect(displayName(typed)).toBe(shown)
  })

  test.each([
    'McArthur',
    'DeLeon',
    'dela Cruz',
    'Dela Cruz',
    'de los Santos',
    'Sto. Domingo',
    'MacDonald',
    'JR',
  ])('a name with a capital letter, "%s", is kept as typed', (typed) => {
    expect(displayName(typed)).toBe(typed)
  })

  test('nothing gives an empty string', () => {
    expect(displayName(null)).toBe('')
    expect(displayName(undefined)).toBe('')
    expect(displayName('   ')).toBe('')
  })
})

describe('names together', () => {
  test('a full name', () => {
    expect(displayFullName({ firstName: 'ma. clara', lastName: 'dela cruz' })).toBe(
      'Ma. Clara dela Cruz',
    )
    expect(displayFullName({ firstName: 'Juan', lastName: null })).toBe('Juan')
  })

  test('the couple, and their initials (the couple’s, not the first name’s)', () => {
    const bride = { firstName: 'maria clara', lastName: 'dela cruz' }
    const groom = { firstName: 'juan', lastName: 'de los santos' }
    expect(displayCouple(bride, groom)).toBe('Maria Clara & Juan')
    expect(displayCouple(bride, groom, 'at')).toBe('Maria Clara at Juan')
    expect(coupleInitials(bride, groom)).toBe('M&J')
    expect(coupleInitials({ firstName: 'ñina' }, null)).toBe('Ñ')
    expect(coupleInitials(null, null)).toBe('')
  })
})

describe("a guest's whole name", () => {
  test('title, names and suffix each by the one rule', () => {
    expect(
      displayPersonName({ title: 'dr.', firstName: 'lorna', lastName: 'dela cruz', suffix: 'jr.' }),
    ).toBe('Dr. Lorna dela Cruz Jr.')
    expect(displayPersonName({ firstName: 'teresita', lastName: 'de los santos' })).toBe(
      'Teresita de los Santos',
    )
    expect(
      displayPersonName({ title: 'Atty.', firstName: 'Jose', lastName: 'Rizal', suffix: 'III' }),
    ).toBe('Atty. Jose Rizal III')
    expect(displayPersonName({ title: null, firstName: 'Ana', lastName: '', suffix: '  ' })).toBe(
      'Ana',
    )
    expect(displayPersonName(null)).toBe('')
  })
})

describe('hasLetter', () => {
  test.each([
    'Ana',
    'lorna',
    'ᜋᜇᜒᜌ',
    'Мария',
    'محمد',
    '美玲',
    '하늘',
    'さくら',
    'Ana 🌸',
    'J.',
    '𠮷',
  ])('"%s" has a letter', (name) => {
    expect(hasLetter(name)).toBe(true)
  })
  test.each(['🌸🌸🌸', '👨‍👩‍👧', '🇵🇭', '1️⃣', '123', '...', '★ ♥ ☺', '', '   ', null])(
    '%j has none',
    (name) => {
      expect(hasLetter(name)).toBe(false)
    },
  )
})

// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { authErrorCode, signUpErrorField } from '@/features/auth/auth-errors'
import { emptySignUp, fieldsWithIssues, signUpSchema } from '@/features/auth/auth-schemas'
import { safeReturnTo } from '@/features/auth/return-to'
import { BackendError } from '@/lib/backend'

const complete = {
  ...emptySignUp,
  firstName: 'Maria',
  lastName: 'Santos',
  partnerFirstName: 'Juan',
  partnerLastName: 'Reyes',
  stillDeciding: true,
  email: 'maria@example.com',
  password: '12345678',
}

describe('the sign-up schema', () => {
  test('every message, word for word', () => {
    // The form shows each field's first message.
    const messages = (values: object) => {
      const issues = signUpSchema.safeParse({ ...complete, ...values }).error?.issues ?? []
      const first = new Map<string, string>()
      for (const issue of issues)
        if (!first.has(String(issue.path[0]))) first.set(String(issue.path[0]), issue.message)
      return [...first.values()]
    }
    expect(messages({ firstName: ' ' })).toEqual(['validation.firstNameRequired'])
    expect(messages({ lastName: '' })).toEqual(['validation.lastNameRequired'])
    expect(messages({ partnerFirstName: '\t' })).toEqual(['validation.partnerFirstNameRequired'])
    expect(messages({ partnerLastName: '' })).toEqual(['validation.partnerLastNameRequired'])
    expect(messages({ stillDeciding: false, weddingDate: null })).toEqual([
      'validation.dateRequired',
    ])
    expect(messages({ stillDeciding: false, weddingDate: '2027-02-14' })).toEqual([])
    expect(messages({ email: '' })).toEqual(['validation.emailRequired'])
    expect(messages({ email: 'maria@example' })).toEqual(['validation.emailInvalid'])
    expect(messages({ email: 'ma ria@example.com' })).toEqual(['validation.emailInvalid'])
    expect(messages({ email: ' maria@example.com ' })).toEqual([])
    expect(messages({ password: '' })).toEqual(['validation.passwordRequired'])
    expect(messages({ password: '1234567' })).toEqual(['validation.passwordTooShort'])
  })

  test('the date rule is checked even while other fields are wrong (for enabling Next)', () => {
    expect(fieldsWithIssues(signUpSchema, { ...emptySignUp })).toEqual(
      new Set([
        'firstName',
        'lastName',
        'partnerFirstName',
        'partnerLastName',
        'weddingDate',
        'email',
        'password',
      ]),
    )
  })

  test('english and filipino messages', async () => {
    const en = (await import('@/locales/en/auth.json')).default.validation
    const fil = (await import('@/locales/fil/auth.json')).default.validation
    expect(en).toEqual({
      firstNameRequired: 'First name is required.',
      lastNameRequired: 'Last name is required.',
      partnerFirstNameRequired: "Partner's first name is required.",
      partnerLastNameRequired: "Partner's last name is required.",
      dateRequired: 'Please select a date or mark still deciding.',
      emailRequired: 'Email is required.',
      emailInvalid: 'Enter a valid email.',
      passwordRequired: 'Password is required.',
      passwordTooShort: 'Password must be at least 8 characters.',
      nameTooLong: 'Names can be up to 100 characters.',
      nameAtLimit: 'That’s the limit: up to {{max}} characters.',
    })
    expect(Object.keys(fil)).toEqual(Object.keys(en))
  })

  test('both languages have the same keys everywhere', async () => {
    const keys = (object: object, prefix = ''): string[] =>
      Object.entries(object).flatMap(([key, value]) =>
        value && typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      )
    const en = (await import('@/locales/en/auth.json')).default
    const fil = (await import('@/locales/fil/auth.json')).default
    expect(keys(fil).sort()).toEqual(keys(en).sort())
  })
})

describe('auth errors', () => {
  test('known codes from either adapter', () => {
    expect(authErrorCode(new BackendError('invalid_credentials', 'P0001'))).toBe(
      'invalid_credentials',
    )
    expect(
      authErrorCode(new BackendError('Invalid login credentials', 'invalid_credentials')),
    ).toBe('invalid_credentials')
    expect(authErrorCode(new BackendError('Something else', '500'))).toBeNull()
    expect(authErrorCode(new Error('invalid_credentials'))).toBeNull()
  })

  test('the field a sign-up error belongs under', () => {
    expect(signUpErrorField(new BackendError('weak_password', 'P0001'))).toBe('password')
    expect(
      signUpErrorField(new BackendError('Password should be at least 6 characters', '422')),
    ).toBe('password')
    expect(
      signUpErrorField(new BackendError('User already registered', 'user_already_exists')),
    ).toBe('email')
    expect(
      signUpErrorField(new BackendError('Unable to validate email address: invalid format', '400')),
    ).toBe('email')
    expect(signUpErrorField(new BackendError('Database error', '500'))).toBe('email')
    expect(signUpErrorField(new TypeError('Failed to fetch'))).toBe('email')
  })
})

test.each([
  [null, '/manage/guests'],
  ['', '/manage/guests'],
  ['/manage/seating', '/manage/seating'],
  ['/manage/cms/editor?section=faqs#top', '/manage/cms/editor?section=faqs#top'],
  ['manage/seating', '/manage/guests'],
  ['//evil.example', '/manage/guests'],
  ['/\\evil.example', '/manage/guests'],
  ['https://evil.example/manage', '/manage/guests'],
  ['javascript:alert(1)', '/manage/guests'],
  ['/auth/login?returnTo=/x', '/manage/guests'],
])('safeReturnTo(%s) → %s', (value, expected) => {
  expect(safeReturnTo(value)).toBe(expected)
})

import * as z from 'zod/mini'

/**
 * The auth forms' rules. Sign-up is one schema for both steps. Messages are i18n keys in the `auth` namespace
 * (`validation.*`), each the spec's wording word for word.
 */

/** An e-mail address: something@domain.tld with no whitespace (what the auth service accepts). */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const MIN_PASSWORD_LENGTH = 8

/** The longest name the database keeps (kasalan.weddings, 0009). */
export const MAX_NAME_LENGTH = 100

const requiredName = (message: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(MAX_NAME_LENGTH, 'validation.nameTooLong'),
    )

// An empty e-mail also fails the pattern; the form shows a field's first message ("Email is
// required."). The checks must stay continuable, or the date rule below would not run.
export const emailField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'validation.emailRequired'),
    z.regex(emailPattern, 'validation.emailInvalid'),
  )

export const passwordField = z
  .string()
  .check(
    z.minLength(1, 'validation.passwordRequired'),
    z.minLength(MIN_PASSWORD_LENGTH, 'validation.passwordTooShort'),
  )

/** The wedding date rule: a date, or the still-deciding box. */
const dateOrDeciding = z.superRefine(
  (values: { weddingDate: string | null; stillDeciding: boolean }, ctx) => {
    if (!values.weddingDate && !values.stillDeciding) {
      ctx.addIssue({ code: 'custom', path: ['weddingDate'], message: 'validation.dateRequired' })
    }
  },
)

const coupleShape = {
  firstName: requiredName('validation.firstNameRequired'),
  lastName: requiredName('validation.lastNameRequired'),
  partnerFirstName: requiredName('validation.partnerFirstNameRequired'),
  partnerLastName: requiredName('validation.partnerLastNameRequired'),
  weddingDate: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  stillDeciding: z.boolean(),
}

/** The couple's details alone: step 1, and the form for an account that has none. */
export const coupleSchema = z.object(coupleShape).check(dateOrDeciding)
export type CoupleValues = z.infer<typeof coupleSchema>

export const signUpSchema = z
  .object({ ...coupleShape, email: emailField, password: passwordField })
  .check(dateOrDeciding)
export type SignUpValues = z.infer<typeof signUpSchema>

export const basicsFields = [
  'firstName',
  'lastName',
  'partnerFirstName',
  'partnerLastName',
  'weddingDate',
  'stillDeciding',
] as const satisfies ReadonlyArray<keyof SignUpValues>

export const finishFields = ['email', 'password'] as const satisfies ReadonlyArray<
  keyof SignUpValues
>

export const emptyCouple: CoupleValues = {
  firstName: '',
  lastName: '',
  partnerFirstName: '',
  partnerLastName: '',
  weddingDate: null,
  stillDeciding: false,
}

export const emptySignUp: SignUpValues = { ...emptyCouple, email: '', password: '' }

/** Sign in: the e-mail as at sign-up; any password (the service says whether it is right). */
export const loginSchema = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, 'validation.passwordRequired')),
  remember: z.boolean(),
})
export type LoginValues = z.infer<typeof loginSchema>

export const resetSchema = z.object({ email: emailField })
export type ResetValues = z.infer<typeof resetSchema>

export const newPasswordSchema = z.object({ password: passwordField })
export type NewPasswordValues = z.infer<typeof newPasswordSchema>

/** The fields whose current value breaks a rule (for enabling Next and Let's go, not for showing). */
export function fieldsWithIssues(schema: z.ZodMiniType, values: unknown): Set<string> {
  const result = schema.safeParse(values)
  return new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])))
}

/** The bride and groom as the API takes them, from the form's names (bride = first, groom = partner). */
export function coupleFromValues(values: CoupleValues) {
  return {
    bride: { firstName: values.firstName, lastName: values.lastName },
    groom: { firstName: values.partnerFirstName, lastName: values.partnerLastName },
    weddingDate: values.stillDeciding ? null : values.weddingDate,
  }
}

// The wedding details form as plain data: its rules (sign-up's rules and messages for the names
// and the date), what it starts with, and what it sends.

import * as z from 'zod/mini'
import type { Wedding, WeddingDetailsInput } from '@/lib/api'
import { messengerPattern } from '@/lib/contact'

/** An e-mail address as sign-up takes it. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const DETAIL_LIMITS = {
  name: 100,
  venue: 200,
  city: 100,
  country: 100,
  hashtag: 100,
  contactNames: 100,
  email: 254,
  phone: 50,
  messenger: 300,
} as const

// Messages: the name and date ones are sign-up's own (auth namespace), word for word.
const requiredName = (message: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(DETAIL_LIMITS.name, 'website:details.errors.tooLong'),
    )
const optional = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, 'website:details.errors.tooLong'))

export const detailsSchema = z
  .object({
    brideFirstName: requiredName('auth:validation.firstNameRequired'),
    brideLastName: requiredName('auth:validation.lastNameRequired'),
    groomFirstName: requiredName('auth:validation.partnerFirstNameRequired'),
    groomLastName: requiredName('auth:validation.partnerLastNameRequired'),
    date: z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'auth:validation.dateRequired')),
    stillDeciding: z.boolean(),
    venue: optional(DETAIL_LIMITS.venue),
    city: optional(DETAIL_LIMITS.city),
    country: optional(DETAIL_LIMITS.country),
    hashtag: optional(DETAIL_LIMITS.hashtag),
    contactNames: optional(DETAIL_LIMITS.contactNames),
    contactEmail: optional(DETAIL_LIMITS.email).check(
      z.refine((value) => value === '' || emailPattern.test(value), 'auth:validation.emailInvalid'),
    ),
    contactPhone: optional(DETAIL_LIMITS.phone),
    contactMessenger: optional(DETAIL_LIMITS.messenger).check(
      z.refine(
        (value) => value === '' || messengerPattern.test(value),
        'website:details.errors.messenger',
      ),
    ),
    siteLanguage: z.enum(['fil', 'en']),
  })
  .check(
    z.superRefine((values, context) => {
      if (!values.date && !values.stillDeciding) {
        context.addIssue({
          code: 'custom',
          path: ['date'],
          message: 'auth:validation.dateRequired',
        })
      }
    }),
  )
export type DetailsValues = z.infer<typeof detailsSchema>

function homeLocation(wedding: Wedding) {
  const home = wedding.sections.find((section) => section.type === 'home')
  const data = (home?.data.wedding ?? {}) as {
    location?: Record<string, unknown>
    hashtag?: unknown
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    venue: text(data.location?.venue),
    city: text(data.location?.city),
    country: text(data.location?.country),
    hashtag: text(data.hashtag),
  }
}

/** The form's values for the saved wedding; a place written only on the home page fills the gap. */
export function detailsValues(wedding: Wedding): DetailsValues {
  const location = wedding.location ?? { venue: '', city: '', country: '' }
  const fromHome = homeLocation(wedding)
  const useHome = !location.venue && !location.city
  return {
    brideFirstName: wedding.bride.firstName,
    brideLastName: wedding.bride.lastName,
    groomFirstName: wedding.groom.firstName,
    groomLastName: wedding.groom.lastName,
    date: wedding.date ?? '',
    stillDeciding: !wedding.date,
    venue: useHome ? fromHome.venue : location.venue,
    city: useHome ? fromHome.city : location.city,
    country: (useHome ? fromHome.country : '') || location.country || '',
    hashtag: wedding.hashtag || fromHome.hashtag,
    contactNames: wedding.contact.names ?? '',
    contactEmail: wedding.contact.email ?? '',
    contactPhone: wedding.contact.phone ?? '',
    contactMessenger: wedding.contact.messenger ?? '',
    siteLanguage: wedding.siteLanguage ?? 'fil',
  }
}

/** What update_wedding_details takes, from the form's values. */
export function detailsInput(values: DetailsValues): WeddingDetailsInput {
  const text = (value: string) => value.trim()
  const optional = (value: string) => value.trim() || null
  return {
    bride: { firstName: text(values.brideFirstName), lastName: text(values.brideLastName) },
    groom: { firstName: text(values.groomFirstName), lastName: text(values.groomLastName) },
    date: values.stillDeciding ? null : values.date || null,
    location: { venue: text(values.venue), city: text(values.city), country: text(values.country) },
    hashtag: text(values.hashtag),
    contact: {
      names: optional(values.contactNames),
      email: optional(values.contactEmail),
      phone: optional(values.contactPhone),
      messenger: optional(values.contactMessenger),
    },
    siteLanguage: values.siteLanguage,
  }
}

import * as z from 'zod/mini'
import { blankToNull } from './text'
import { defaultCountry, type HouseholdDraft, type HouseholdRecord, type PersonRecord } from './types'

/**
 * The household form's values and rules. Messages are i18n keys of the `guests` namespace; the
 * limits are the database's (0001), so a form that passes here saves.
 */

const text = (max: number) => z.string().check(z.maxLength(max, 'form.errors.tooLong'))
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const personValues = z.object({
  /** The saved person's id; null for a person added in this form. Kept so RSVP answers survive edits. */
  personId: z.nullable(z.string()),
  title: text(50),
  firstName: z
    .string()
    .check(z.trim(), z.minLength(1, 'form.errors.firstNameRequired'), z.maxLength(100, 'form.errors.tooLong')),
  lastName: text(100),
  suffix: text(20),
  type: z.enum(['adult', 'child']),
  /** Not on the form; carried through so an edit keeps it. */
  notes: z.nullable(z.string()),
})

export const householdValues = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.maxLength(254, 'form.errors.tooLong'),
      z.refine((value) => value === '' || emailPattern.test(value), 'form.errors.emailInvalid'),
    ),
  phone: z.string().check(z.trim(), z.maxLength(50, 'form.errors.tooLong')),
  address: z.object({
    address1: text(200),
    address2: text(200),
    city: text(100),
    state: text(100),
    zip: text(20),
    country: text(100),
  }),
  relationshipSide: z.enum(['', 'bride', 'groom', 'both']),
  relationshipType: z.enum(['', 'family', 'friend', 'familyFriend', 'others']),
  notes: text(2000),
  persons: z
    .array(personValues)
    .check(
      z.minLength(1),
      z.refine((persons) => persons.some((person) => person.type === 'adult'), 'form.errors.needsAdult'),
    ),
})

export type HouseholdValues = z.infer<typeof householdValues>
export type PersonValues = z.infer<typeof personValues>

export function newPerson(type: PersonValues['type'] = 'adult'): PersonValues {
  return { personId: null, title: '', firstName: '', lastName: '', suffix: '', type, notes: null }
}

export function emptyHousehold(): HouseholdValues {
  return {
    email: '',
    phone: '',
    address: { address1: '', address2: '', city: '', state: '', zip: '', country: defaultCountry },
    relationshipSide: '',
    relationshipType: '',
    notes: '',
    persons: [newPerson('adult')],
  }
}

function personToValues(person: PersonRecord): PersonValues {
  return {
    personId: person.id,
    title: person.title ?? '',
    firstName: person.firstName,
    lastName: person.lastName ?? '',
    suffix: person.suffix ?? '',
    type: person.type,
    notes: person.notes ?? null,
  }
}

export function householdToValues(household: HouseholdRecord): HouseholdValues {
  const { address } = household
  return {
    email: household.email ?? '',
    phone: household.phone ?? '',
    address: {
      address1: address.address1 ?? '',
      address2: address.address2 ?? '',
      city: address.city ?? '',
      state: address.state ?? '',
      zip: address.zip ?? '',
      country: address.country || defaultCountry,
    },
    relationshipSide: household.relationshipSide ?? '',
    relationshipType: household.relationshipType ?? '',
    notes: household.notes ?? '',
    persons: household.persons.map(personToValues),
  }
}

/** What save_household receives: blanks as null (an empty e-mail or phone is saved as null). */
export function valuesToDraft(values: HouseholdValues, householdId?: string): HouseholdDraft {
  return {
    ...(householdId ? { id: householdId } : {}),
    email: blankToNull(values.email),
    phone: blankToNull(values.phone),
    address: {
      address1: values.address.address1.trim(),
      address2: values.address.address2.trim(),
      city: values.address.city.trim(),
      state: values.address.state.trim(),
      zip: values.address.zip.trim(),
      country: values.address.country.trim() || defaultCountry,
    },
    relationshipSide: values.relationshipSide || null,
    relationshipType: values.relationshipType || null,
    notes: blankToNull(values.notes),
    persons: values.persons.map((person) => ({
      ...(person.personId ? { id: person.personId } : {}),
      firstName: person.firstName.trim(),
      lastName: blankToNull(person.lastName),
      type: person.type,
      title: blankToNull(person.title),
      suffix: blankToNull(person.suffix),
      notes: person.notes,
    })),
  }
}

/** Whether removing this person would leave the household without an adult. */
export function isLastAdult(persons: ReadonlyArray<Pick<PersonValues, 'type'>>, index: number): boolean {
  return persons[index]?.type === 'adult' && persons.filter((person) => person.type === 'adult').length === 1
}

import * as z from 'zod/mini'
import { hasLetter } from '@/lib/names'
import { blankToNull } from './text'
import {
  defaultCountry,
  type HouseholdDraft,
  type HouseholdRecord,
  type PersonRecord,
} from './types'

/**
 * The household form's values and rules. Messages are i18n keys of the `guests` namespace; the
 * limits are the database's (0001), so a form that passes here saves.
 */

/** The database's limit on each field (save_household, 0001), in characters. */
export const householdLimits = {
  title: 50,
  firstName: 100,
  lastName: 100,
  suffix: 20,
  knownAs: 50,
  maidenName: 100,
  email: 254,
  phone: 50,
  address1: 200,
  address2: 200,
  city: 100,
  state: 100,
  zip: 20,
  country: 100,
  notes: 2000,
} as const

const text = (max: number) => z.string().check(z.maxLength(max, 'form.errors.tooLong'))
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const personValues = z.object({
  /** The saved person's id; null for a person added in this form. Kept so RSVP answers survive edits. */
  personId: z.nullable(z.string()),
  title: text(householdLimits.title),
  firstName: z.string().check(
    z.trim(),
    z.minLength(1, 'form.errors.firstNameRequired'),
    z.maxLength(householdLimits.firstName, 'form.errors.tooLong'),
    z.refine((value) => value === '' || hasLetter(value), 'form.errors.nameNeedsLetter'),
  ),
  lastName: z.string().check(
    z.maxLength(householdLimits.lastName, 'form.errors.tooLong'),
    z.refine((value) => value.trim() === '' || hasLetter(value), 'form.errors.nameNeedsLetter'),
  ),
  suffix: text(householdLimits.suffix),
  knownAs: text(householdLimits.knownAs),
  maidenName: text(householdLimits.maidenName),
  type: z.enum(['adult', 'child']),
  /** Not on the form; carried through so an edit keeps it. */
  notes: z.nullable(z.string()),
})

export const householdValues = z.object({
  email: z.string().check(
    z.trim(),
    z.maxLength(householdLimits.email, 'form.errors.tooLong'),
    z.refine((value) => value === '' || emailPattern.test(value), 'form.errors.emailInvalid'),
  ),
  phone: z.string().check(z.trim(), z.maxLength(householdLimits.phone, 'form.errors.tooLong')),
  address: z.object({
    address1: text(householdLimits.address1),
    address2: text(householdLimits.address2),
    city: text(householdLimits.city),
    state: text(householdLimits.state),
    zip: text(householdLimits.zip),
    country: text(householdLimits.country),
  }),
  relationshipSide: z.enum(['', 'bride', 'groom', 'both']),
  relationshipType: z.enum(['', 'family', 'friend', 'familyFriend', 'others']),
  notes: text(householdLimits.notes),
  /** Seats reserved: blank for none, else a whole number from 1 to 100 (households_seat_cap_check). */
  seatCap: z.string().check(
    z.trim(),
    z.refine(
      (value) =>
        value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 100),
      'form.errors.seatCapInvalid',
    ),
  ),
  persons: z.array(personValues).check(
    z.minLength(1),
    z.refine(
      (persons) => persons.some((person) => person.type === 'adult'),
      'form.errors.needsAdult',
    ),
  ),
})

export type HouseholdValues = z.infer<typeof householdValues>
export type PersonValues = z.infer<typeof personValues>

export function newPerson(type: PersonValues['type'] = 'adult'): PersonValues {
  return {
    personId: null,
    title: '',
    firstName: '',
    lastName: '',
    suffix: '',
    knownAs: '',
    maidenName: '',
    type,
    notes: null,
  }
}

export function emptyHousehold(
  relationshipSide: HouseholdValues['relationshipSide'] = '',
): HouseholdValues {
  return {
    email: '',
    phone: '',
    address: { address1: '', address2: '', city: '', state: '', zip: '', country: defaultCountry },
    relationshipSide,
    relationshipType: '',
    notes: '',
    seatCap: '',
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
    knownAs: person.knownAs ?? '',
    maidenName: person.maidenName ?? '',
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
    seatCap: household.seatCap == null ? '' : String(household.seatCap),
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
    seatCap: values.seatCap.trim() === '' ? null : Number(values.seatCap.trim()),
    persons: values.persons.map((person) => ({
      ...(person.personId ? { id: person.personId } : {}),
      firstName: person.firstName.trim(),
      lastName: blankToNull(person.lastName),
      type: person.type,
      title: blankToNull(person.title),
      suffix: blankToNull(person.suffix),
      knownAs: blankToNull(person.knownAs),
      maidenName: blankToNull(person.maidenName),
      notes: person.notes,
    })),
  }
}

/** Whether removing this person would leave the household without an adult. */
export function isLastAdult(
  persons: ReadonlyArray<Pick<PersonValues, 'type'>>,
  index: number,
): boolean {
  return (
    persons[index]?.type === 'adult' &&
    persons.filter((person) => person.type === 'adult').length === 1
  )
}

import * as z from 'zod/mini'
import { refused, type Reader } from '@/lib/read-json'
import * as answer from './site-answer'

/** The shapes the SQL functions return (docs/database-contract.md), checked before use. */

const text = z.nullish(z.string())

/**
 * A zod schema reading with one of the site's readers (./site-answer): the parts of the site's
 * answer that management's answers hold too are described once, there, by hand, for the guest's
 * first load.
 */
function fromReader<T>(reader: Reader<T>) {
  return z.pipe(
    z.unknown(),
    z.transform((value, context) => {
      const read = reader(value)
      if (read !== refused) return read
      context.issues.push({ code: 'custom', message: 'not the shape the app reads', input: value })
      return z.NEVER
    }),
  )
}

export {
  siteLanguages,
  type Contact,
  type PersonName,
  type Section,
  type Site,
  type SiteLanguage,
  type SiteRedirect,
  type Theme,
  type WeddingLocation,
} from './site-answer'
export { sectionTypes, type SectionType } from '@/lib/site-content/section-types'

export const personName = fromReader(answer.personName)
export const section = fromReader(answer.section)
export const theme = fromReader(answer.theme)
export const contact = fromReader(answer.contact)
const weddingDetails = {
  location: z.optional(fromReader(answer.weddingLocation)),
  hashtag: z.optional(z.string()),
  siteLanguage: z.optional(z.enum(answer.siteLanguages)),
}

export const rsvpQuestion = z.object({
  id: z.string(),
  question: z.string(),
  kind: z.enum(['text', 'choice']),
  options: z.optional(z.array(z.string())),
  /** The schedule event whose answer asks it (0023); absent or null: asked with the main answer. */
  eventId: z.optional(z.nullable(z.string())),
})
export type RsvpQuestion = z.infer<typeof rsvpQuestion>

/** What an account is in a wedding (0012); the database decides what each may do. */
export const memberRoles = ['owner', 'partner', 'coordinator', 'family_helper', 'usher'] as const
export type MemberRole = (typeof memberRoles)[number]
export const memberSides = ['bride', 'groom'] as const
export type MemberSide = (typeof memberSides)[number]

export const wedding = z.object({
  id: z.string(),
  /** The owner's account; null for an usher, who is not told it. */
  userId: z.nullable(z.string()),
  slug: z.string(),
  title: text,
  bride: personName,
  groom: personName,
  date: z.nullable(z.string()),
  theme,
  isPublished: z.boolean(),
  rsvpDeadline: z.nullable(z.string()),
  rsvpQuestions: z.array(rsvpQuestion),
  contact,
  ...weddingDetails,
  sections: z.array(section),
  /** The signed-in account's role and side here (get_my_wedding only). */
  myRole: z.optional(z.enum(memberRoles)),
  mySide: z.optional(z.nullable(z.enum(memberSides))),
  /** Whether the couple lets their coordinator see the money, and whether the caller does (get_my_wedding only). */
  coordinatorSeesMoney: z.optional(z.boolean()),
  seesMoney: z.optional(z.boolean()),
})
export type Wedding = z.infer<typeof wedding>

export const personTypes = ['adult', 'child'] as const
export const relationshipSides = ['bride', 'groom', 'both'] as const
export const relationshipTypes = ['family', 'friend', 'familyFriend', 'others'] as const

/** An answer as kept with the person; `questionId` since replies name their question (0004). */
export const rsvpAnswer = z.object({
  questionId: z.optional(z.string()),
  question: z.string(),
  answer: z.string(),
})

export const person = z.object({
  id: z.string(),
  householdId: z.string(),
  firstName: z.string(),
  lastName: text,
  type: z.enum(personTypes),
  title: text,
  suffix: text,
  /** The name the person goes by, and a maiden surname: searched on the site, shown only to the couple (0025). */
  knownAs: z.optional(text),
  maidenName: z.optional(text),
  notes: text,
  isAttending: z.nullable(z.boolean()),
  response: z.array(rsvpAnswer),
  respondedAt: text,
  position: z.number(),
})
export type Person = z.infer<typeof person>

export const address = z.object({
  address1: text,
  address2: text,
  city: text,
  state: text,
  zip: text,
  country: text,
})
export type Address = z.infer<typeof address>

/**
 * Who last changed a household and when (list_households only): a member by name, or the guest
 * answering. Checked where it is shown (useLastChangeText), so its schema stays out of the public
 * site's chunk, which carries this module.
 */
export interface LastChange {
  actorKind: 'member' | 'guest' | 'system'
  actorName: string
  isMe: boolean
  action: string
  at: string
}

export const household = z.object({
  id: z.string(),
  weddingId: z.string(),
  /** The account that added it: a family helper may delete only their own. */
  userId: z.string(),
  createdAt: z.string(),
  email: text,
  phone: text,
  address,
  relationshipSide: z.nullable(z.enum(relationshipSides)),
  relationshipType: z.nullable(z.enum(relationshipTypes)),
  notes: text,
  /** Seats reserved for the household ("we reserved 2 seats for you"); null: all its persons. */
  seatCap: z.nullish(z.number()),
  persons: z.array(person),
  // Typed here, checked where it is shown (see LastChange).
  lastChange: z.nullish(z.unknown() as z.ZodMiniType<LastChange>),
})
export type Household = z.infer<typeof household>

/** What a household form sends: ids only on persons that already exist. */
export interface HouseholdInput {
  id?: string
  email: string | null
  phone: string | null
  address: Partial<Address>
  relationshipSide: Household['relationshipSide']
  relationshipType: Household['relationshipType']
  notes: string | null
  seatCap?: number | null
  persons: Array<{
    id?: string
    firstName: string
    lastName: string | null
    type: Person['type']
    title: string | null
    suffix: string | null
    knownAs?: string | null
    maidenName?: string | null
    notes: string | null
    /** Only import_households reads it: the person's reply from a file. */
    reply?: { isAttending: boolean; response: Array<{ questionId: string; answer: string }> }
  }>
}

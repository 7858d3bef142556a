import * as z from 'zod/mini'
import { call } from './call'
import { contact, personName, personTypes, rsvpQuestion, theme, wedding, type RsvpQuestion } from './schemas'

/*
 * The RSVP calls (supabase/migrations/0004_rsvp.sql). The first three are a visitor's: search a
 * name, load a household's RSVP, submit it. They carry names and ids only, never contact details.
 * The rest are the couple's RSVPs tab.
 */

const text = z.nullish(z.string())

/** One person the name search found. */
export const guestSearchResult = z.object({
  personId: z.string(),
  guestId: z.string(),
  firstName: z.string(),
  lastName: text,
  householdSize: z.number(),
})
export type GuestSearchResult = z.infer<typeof guestSearchResult>

/** One stored answer: the question's text as it was asked, and the answer. */
export const rsvpStoredAnswer = z.object({
  questionId: z.optional(z.string()),
  question: z.string(),
  answer: z.string(),
})
export type RsvpStoredAnswer = z.infer<typeof rsvpStoredAnswer>

export const rsvpPerson = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: text,
  type: z.enum(personTypes),
  isAttending: z.nullable(z.boolean()),
  response: z.array(rsvpStoredAnswer),
  respondedAt: text,
})
export type RsvpPerson = z.infer<typeof rsvpPerson>

/** A part of the wedding day, from the site's schedule (free-form content, so every field may be missing). */
export const rsvpEvent = z.object({
  name: text,
  date: text,
  startTime: text,
  endTime: text,
  venue: text,
  street: text,
  city: text,
})
export type RsvpEvent = z.infer<typeof rsvpEvent>

/** What a guest's RSVP page shows: the wedding's public details and the household. */
export const rsvp = z.object({
  personId: z.string(),
  wedding: z.object({
    slug: z.string(),
    title: text,
    bride: personName,
    groom: personName,
    date: z.nullable(z.string()),
    theme,
    rsvpDeadline: z.nullable(z.string()),
    rsvpQuestions: z.array(rsvpQuestion),
    contact,
    isClosed: z.boolean(),
    venue: z.nullish(z.object({ name: text, city: text, country: text })),
    events: z.array(rsvpEvent),
  }),
  household: z.object({
    id: z.string(),
    message: text,
    messageAt: text,
    persons: z.array(rsvpPerson),
  }),
})
export type Rsvp = z.infer<typeof rsvp>

/** What a person answers: attending or not, and (when attending) an answer per question id. */
export interface RsvpAnswerInput {
  personId: string
  isAttending: boolean
  response: Array<{ questionId: string; answer: string }>
}

/** Persons of one published wedding whose names start with the words typed (at most 10). */
export function searchGuests(slug: string, query: string) {
  return call('search_guests', { p_slug: slug, p_query: query }, z.array(guestSearchResult))
}

/** One household's RSVP by its ids; fails with `rsvp_not_found` when they do not match. */
export function getRsvp(guestId: string, personId: string) {
  return call('get_rsvp', { p_guest_id: guestId, p_person_id: personId }, rsvp)
}

/**
 * Records the household's answers at once (all or nothing) and returns the RSVP as saved.
 * `message` null leaves the household's note as it is; blank clears it.
 */
export function submitRsvp(guestId: string, personId: string, answers: RsvpAnswerInput[], message: string | null) {
  return call(
    'submit_rsvp',
    { p_guest_id: guestId, p_person_id: personId, p_answers: answers, p_message: message },
    rsvp,
  )
}

/** A household as the couple's RSVPs tab shows it. */
export const rsvpHousehold = z.object({
  id: z.string(),
  email: text,
  message: text,
  messageAt: text,
  persons: z.array(
    z.object({
      id: z.string(),
      guestId: z.string(),
      firstName: z.string(),
      lastName: text,
      type: z.enum(personTypes),
      isAttending: z.nullable(z.boolean()),
      response: z.array(rsvpStoredAnswer),
      respondedAt: text,
      recordedBy: z.nullish(z.enum(['guest', 'couple'])),
    }),
  ),
})
export type RsvpHousehold = z.infer<typeof rsvpHousehold>

/** Every household of the couple's wedding with each person's reply. */
export function listRsvps(weddingId: string) {
  return call('list_rsvps', { p_wedding_id: weddingId }, z.array(rsvpHousehold))
}

/** Sets the RSVP deadline (`YYYY-MM-DD` or null) and the questions; returns the wedding. */
export function updateRsvpSettings(weddingId: string, deadline: string | null, questions: RsvpQuestion[]) {
  return call(
    'update_rsvp_settings',
    { p_wedding_id: weddingId, p_deadline: deadline, p_questions: questions },
    wedding,
  )
}

/**
 * The couple records or corrects one person's reply on their behalf (ignores the deadline);
 * `isAttending` null puts the person back to pending. Returns the person's household.
 */
export function recordRsvp(
  weddingId: string,
  personId: string,
  isAttending: boolean | null,
  response: Array<{ questionId: string; answer: string }>,
) {
  return call(
    'record_rsvp',
    { p_wedding_id: weddingId, p_person_id: personId, p_is_attending: isAttending, p_response: response },
    rsvpHousehold,
  )
}

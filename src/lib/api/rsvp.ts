import * as z from 'zod/mini'
import { call } from './call'
import {
  contact,
  personName,
  personTypes,
  rsvpQuestion,
  theme,
  wedding,
  type RsvpQuestion,
} from './schemas'

/*
 * The RSVP calls (supabase/schemas/03_rsvp.sql). The first two are a visitor's: load a household's
 * RSVP, submit it (the name search that leads there is ./name-search.ts, in the site's first file).
 * They carry names and ids only, never contact details, and a visitor without the household's
 * invitation code does not see its earlier answers. The rest are the couple's RSVPs tab.
 */

const text = z.nullish(z.string())

/** Who a reply change or an RSVP load came from (0009). */
export const rsvpAccess = ['guest_search', 'guest_code', 'couple', 'member'] as const
export type RsvpAccess = (typeof rsvpAccess)[number]

/** One stored answer: the question's text as it was asked, and the answer. */
export const rsvpStoredAnswer = z.object({
  questionId: z.optional(z.string()),
  question: z.string(),
  answer: z.string(),
})
export type RsvpStoredAnswer = z.infer<typeof rsvpStoredAnswer>

/** One person's answer to one RSVP event. */
export const rsvpPersonEvent = z.object({
  eventId: z.string(),
  hasAnswered: z._default(z.boolean(), false),
  /** The couple recorded this reply: a visitor without the code may not change it. */
  recordedByCouple: z._default(z.boolean(), false),
  isAttending: z.nullish(z.boolean()),
  response: z._default(z.nullable(z.array(rsvpStoredAnswer)), []),
  respondedAt: text,
})
export type RsvpPersonEvent = z.infer<typeof rsvpPersonEvent>

export const rsvpPerson = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: text,
  type: z.enum(personTypes),
  isAttending: z.nullable(z.boolean()),
  response: z.array(rsvpStoredAnswer),
  respondedAt: text,
  /** Whether this person has answered (also shown to a visitor who may not see the answer). */
  hasAnswered: z._default(z.boolean(), false),
  /** The couple recorded this reply: a visitor without the code may not change it. */
  recordedByCouple: z._default(z.boolean(), false),
  /**
   * The person's answer to each of the household's RSVP events (`Rsvp.events`), the main one
   * mirroring `isAttending`/`response`. Under `guest_search` only `eventId` and `hasAnswered`.
   */
  events: z.optional(z.array(rsvpPersonEvent)),
})
export type RsvpPerson = z.infer<typeof rsvpPerson>

/** A part of the wedding day, from the site's schedule (free-form content, so every field may be missing). */
export const rsvpEvent = z.object({
  id: z.optional(text),
  name: text,
  date: text,
  startTime: text,
  endTime: text,
  venue: text,
  street: text,
  city: text,
})
export type RsvpEvent = z.infer<typeof rsvpEvent>

/**
 * An event of the schedule that takes RSVPs, as the household sees it (the household's own events
 * only, in the schedule's order). `deadline` is the one that applies to it; the main event's
 * answers are the persons' own `isAttending`/`response`.
 */
export const rsvpEventChoice = z.object({
  id: z.string(),
  name: text,
  type: text,
  date: text,
  startTime: text,
  endTime: text,
  venue: text,
  deadline: text,
  isClosed: z._default(z.boolean(), false),
  isMain: z._default(z.boolean(), false),
})
export type RsvpEventChoice = z.infer<typeof rsvpEventChoice>

/** A question the guest answers; `eventId` null or missing: asked with the main answer, as before events. */
export const rsvpGuestQuestion = z.extend(rsvpQuestion, { eventId: z.nullish(z.string()) })
export type RsvpGuestQuestion = z.infer<typeof rsvpGuestQuestion>

/** What a guest's RSVP page shows: the wedding's public details and the household. */
export const rsvp = z.object({
  personId: z.string(),
  /** The household's RSVP events in schedule order; empty while no event takes RSVPs (one answer per person). */
  events: z.optional(z.array(rsvpEventChoice)),
  wedding: z.object({
    slug: z.string(),
    title: text,
    bride: personName,
    groom: personName,
    date: z.nullable(z.string()),
    theme,
    rsvpDeadline: z.nullable(z.string()),
    rsvpQuestions: z.array(rsvpGuestQuestion),
    contact,
    isClosed: z.boolean(),
    venue: z.nullish(z.object({ name: text, city: text, country: text })),
    events: z.array(rsvpEvent),
  }),
  household: z.object({
    id: z.string(),
    /**
     * How the caller came: `guest_search` (found their name; earlier answers, message and times
     * are left out), `guest_code` (holds the household's invitation code), `couple` or `member`.
     */
    access: z._default(z.enum(rsvpAccess), 'guest_code'),
    hasAnswered: z._default(z.boolean(), false),
    message: text,
    messageAt: text,
    /** Seats the couple reserved for the household; null: every person listed may come. */
    seatCap: z.nullish(z.number()),
    persons: z.array(rsvpPerson),
  }),
})
export type Rsvp = z.infer<typeof rsvp>

/**
 * What a person answers: attending or not, and (when attending) an answer per question id.
 * `isAttending`/`response` answer the main event (or the wedding, while no event takes RSVPs);
 * `events` answer the other RSVP events.
 */
export interface RsvpAnswerInput {
  personId: string
  isAttending?: boolean
  response?: Array<{ questionId: string; answer: string }>
  events?: Array<{
    eventId: string
    isAttending: boolean
    response: Array<{ questionId: string; answer: string }>
  }>
}

/**
 * One household's RSVP by its ids; fails with `rsvp_not_found` when they do not match. With the
 * household's invitation `code` the earlier answers and message come too.
 */
export function getRsvp(householdId: string, personId: string, code: string | null = null) {
  return call(
    'get_rsvp',
    { p_household_id: householdId, p_person_id: personId, p_code: code },
    rsvp,
  )
}

/**
 * Records the household's answers at once (all or nothing) and returns the RSVP as saved.
 * `message` null leaves the household's note as it is; blank clears it (without the code, blank
 * leaves it too). Without the code a reply the couple recorded fails with `rsvp_recorded_by_couple`.
 */
export function submitRsvp(
  householdId: string,
  personId: string,
  answers: RsvpAnswerInput[],
  message: string | null,
  code: string | null = null,
) {
  return call(
    'submit_rsvp',
    {
      p_household_id: householdId,
      p_person_id: personId,
      p_answers: answers,
      p_message: message,
      p_code: code,
    },
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
      householdId: z.string(),
      firstName: z.string(),
      lastName: text,
      type: z.enum(personTypes),
      isAttending: z.nullable(z.boolean()),
      response: z.array(rsvpStoredAnswer),
      respondedAt: text,
      recordedBy: z.nullish(z.enum(['guest', 'couple'])),
      /** Another member who recorded it for the guest (null: the signed-in account, or the guest). */
      recordedByName: text,
    }),
  ),
})
export type RsvpHousehold = z.infer<typeof rsvpHousehold>

/** Every household of the couple's wedding with each person's reply. */
export function listRsvps(weddingId: string) {
  return call('list_rsvps', { p_wedding_id: weddingId }, z.array(rsvpHousehold))
}

/** Sets the RSVP deadline (`YYYY-MM-DD` or null) and the questions; returns the wedding. */
export function updateRsvpSettings(
  weddingId: string,
  deadline: string | null,
  questions: RsvpQuestion[],
) {
  return call(
    'update_rsvp_settings',
    { p_wedding_id: weddingId, p_deadline: deadline, p_questions: questions },
    wedding,
  )
}

/** A reply as the history keeps it: a person's answer, or (for a message change) the message. */
export const rsvpReplyValue = z.object({
  /** A reply to an event other than the main one (0023); absent: the person's own answer. */
  eventId: text,
  isAttending: z.nullish(z.boolean()),
  response: z.nullish(z.array(rsvpStoredAnswer)),
  respondedAt: text,
  /** 'member': another member recorded a reply to an event (event_replies.recorded_by). */
  recordedBy: z.nullish(z.enum(['guest', 'couple', 'member'])),
  message: text,
  messageAt: text,
})
export type RsvpReplyValue = z.infer<typeof rsvpReplyValue>

/** One change of a reply (`personId` null: the household's message). */
export const rsvpChange = z.object({
  id: z.string(),
  householdId: z.string(),
  personId: z.nullable(z.string()),
  firstName: z.string(),
  lastName: text,
  changedAt: z.string(),
  changedBy: z.enum(rsvpAccess),
  /** The reader made it themselves. */
  byMe: z.boolean(),
  /** The member who made it, by the name they are shown under (null: a guest, or a member who left). */
  changedByName: z.nullable(z.string()),
  previous: rsvpReplyValue,
  current: rsvpReplyValue,
})
export type RsvpChange = z.infer<typeof rsvpChange>

/** The reply changes the RSVPs tab shows, when this account last saw them, and the probes. */
export const rsvpChanges = z.object({
  lastSeenAt: z.nullable(z.string()),
  changes: z.array(rsvpChange),
  probes: z.array(
    z.object({
      kind: z.enum(['search', 'rsvp', 'code']),
      scope: z.enum(['caller', 'wedding']),
      at: z.string(),
    }),
  ),
})
export type RsvpChanges = z.infer<typeof rsvpChanges>

/** The latest 100 reply changes, this account's last visit and when the site was probed. */
export function listRsvpChanges(weddingId: string) {
  return call('list_rsvp_changes', { p_wedding_id: weddingId }, rsvpChanges)
}

/** Marks the changes up to `seenAt` as seen by this account. */
export function markRsvpChangesSeen(weddingId: string, seenAt: string) {
  return call('mark_rsvp_changes_seen', { p_wedding_id: weddingId, p_seen_at: seenAt }, z.null())
}

/** Puts a reply back to what it was before one change; returns the household. */
export function restoreRsvp(weddingId: string, changeId: string) {
  return call('restore_rsvp', { p_wedding_id: weddingId, p_change_id: changeId }, rsvpHousehold)
}

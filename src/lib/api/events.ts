import * as z from 'zod/mini'
import { call } from './call'
import { rsvpHousehold } from './rsvp'
import { rsvpAnswer } from './schemas'

/*
 * Events with their own RSVPs (supabase/schemas/17_events.sql): the schedule section's events are
 * the events guests answer for. While no event takes RSVPs a wedding has one answer per person, as
 * always. When events take RSVPs, one is the main event: its answers are the persons' own
 * (`list_rsvps`); the others' are listed apart (`list_replies`). `record_reply` records either.
 * Imported on its own (not through '@/lib/api'): only management screens
 * use it, and the public site's chunks must not carry these schemas.
 */

const count = z.number()

export const eventCounts = z.object({
  /** Invited households the caller may see (a family helper: their side). */
  households: count,
  persons: count,
  attending: count,
  declined: count,
  /** Persons with no reply yet. */
  pending: count,
  /** Of those, the ones who may still come: no more than their household's seats left (the forecast's). */
  stillToAnswer: count,
  /** The rest: their household's seats are taken. */
  beyondSeats: count,
})
export type EventCounts = z.infer<typeof eventCounts>

export const weddingEvent = z.object({
  /** The event's id in the schedule section's data. */
  id: z.string(),
  name: z.string(),
  type: z.string(),
  date: z.nullable(z.string()),
  startTime: z.nullable(z.string()),
  endTime: z.nullable(z.string()),
  venue: z.nullable(z.string()),
  takesRsvp: z.boolean(),
  /** The event's own deadline; null: the wedding's (always null for the main event). */
  deadline: z.nullable(z.string()),
  /** The deadline in force; null when there is none or the event takes no RSVPs. */
  effectiveDeadline: z.nullable(z.string()),
  isClosed: z.boolean(),
  isPrivate: z.boolean(),
  isMain: z.boolean(),
  /** The households a private event invites; [] for a public one (it invites everyone). */
  householdIds: z.array(z.string()),
  /** All zero when the event takes no RSVPs. */
  counts: eventCounts,
})
export type WeddingEvent = z.infer<typeof weddingEvent>

export const weddingEvents = z.array(weddingEvent)

export interface EventSettings {
  takesRsvp: boolean
  /** `YYYY-MM-DD`, or null for the wedding's deadline. */
  deadline: string | null
  isPrivate: boolean
  isMain: boolean
  householdIds: string[]
}

export const eventReply = z.object({
  eventId: z.string(),
  personId: z.string(),
  householdId: z.string(),
  /** null: pending (a reply recorded as cleared). */
  isAttending: z.nullable(z.boolean()),
  response: z.array(rsvpAnswer),
  respondedAt: z.nullable(z.string()),
  recordedBy: z.nullable(z.enum(['guest', 'couple', 'member'])),
})
export type EventReply = z.infer<typeof eventReply>

/** Every schedule event in order, with its RSVP settings and counts. */
export function listEvents(weddingId: string) {
  return call('list_events', { p_wedding_id: weddingId }, weddingEvents)
}

/**
 * Saves one event's RSVP settings; answers the whole list again (another event may have become
 * the main one). Errors: event_not_found, event_main_private, event_main_required, invalid_input.
 */
export function saveEventSettings(weddingId: string, eventId: string, settings: EventSettings) {
  return call(
    'save_event_settings',
    { p_wedding_id: weddingId, p_event_id: eventId, p_settings: settings },
    weddingEvents,
  )
}

/** The replies to the events other than the main one, of the invited persons the caller may see. */
export function listReplies(weddingId: string) {
  return call('list_replies', { p_wedding_id: weddingId }, z.array(eventReply))
}

/** What recording a reply answers: the person's household, and the reply (eventId null: the whole wedding). */
const recordedReply = z.extend(rsvpHousehold, {
  reply: z.extend(eventReply, { eventId: z.nullable(z.string()) }),
})

/**
 * Records a person's reply on their behalf (ignores the deadline) to `eventId`, or to the main
 * event when null (the person's own answer); `isAttending` null puts them back to pending. Answers
 * the person's household and the reply.
 */
export function recordReply(
  weddingId: string,
  eventId: string | null,
  personId: string,
  isAttending: boolean | null,
  response: { questionId: string; answer: string }[] = [],
) {
  return call(
    'record_reply',
    {
      p_wedding_id: weddingId,
      p_person_id: personId,
      p_is_attending: isAttending,
      p_response: response,
      p_event_id: eventId,
    },
    recordedReply,
  )
}

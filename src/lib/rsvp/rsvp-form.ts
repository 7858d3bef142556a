/**
 * The guest's RSVP form as plain data: what the form starts with, what it sends, and how a reply
 * reads. No React and no backend here, so it is tested on its own.
 */

import { displayFullName } from '@/lib/names'
import { questionsFor } from './events'

export type Attendance = '' | 'yes' | 'no'
export type ReplyStatus = 'accepted' | 'declined' | 'pending'

export interface QuestionLike {
  id: string
  question: string
  kind: 'text' | 'choice'
  options?: string[]
}

export interface StoredAnswerLike {
  questionId?: string
  question: string
  answer: string
}

export interface PersonLike {
  id: string
  firstName: string
  lastName?: string | null
  isAttending: boolean | null
  response: StoredAnswerLike[]
}

export interface PersonFormValues {
  personId: string
  attendance: Attendance
  /** One answer per question, in the questions' order ('' when none). */
  answers: string[]
}

export interface AnswerInput {
  personId: string
  /** The main event's answer (or the wedding's, while no event takes RSVPs). */
  isAttending?: boolean
  response?: Array<{ questionId: string; answer: string }>
  /** The other RSVP events' answers. */
  events?: EventAnswerInput[]
}

export interface EventAnswerInput {
  eventId: string
  isAttending: boolean
  response: Array<{ questionId: string; answer: string }>
}

export const MAX_ANSWER_LENGTH = 500
export const MAX_MESSAGE_LENGTH = 1000

export function fullName(person: { firstName: string; lastName?: string | null }) {
  return displayFullName(person)
}

export function replyStatus(isAttending: boolean | null): ReplyStatus {
  return isAttending === true ? 'accepted' : isAttending === false ? 'declined' : 'pending'
}

/**
 * A person's earlier answer to a question: matched by the question's id, or by its text for an
 * answer stored before ids; a choice no longer among the options is dropped.
 */
export function earlierAnswer(question: QuestionLike, response: readonly StoredAnswerLike[]) {
  const stored =
    response.find((answer) => answer.questionId === question.id) ??
    response.find((answer) => !answer.questionId && answer.question === question.question)
  if (!stored) return ''
  if (question.kind === 'choice' && !(question.options ?? []).includes(stored.answer)) return ''
  return stored.answer
}

/** The latest time anyone in the household answered, or null. */
export function lastRespondedAt(persons: readonly { respondedAt?: string | null }[]) {
  return persons.reduce<string | null>(
    (latest, person) =>
      person.respondedAt && (!latest || person.respondedAt > latest) ? person.respondedAt : latest,
    null,
  )
}

interface RsvpLike {
  events?: readonly EventLike[]
  wedding: { rsvpQuestions: readonly QuestionLike[] }
  household: {
    message?: string | null
    persons: Array<
      PersonLike & {
        respondedAt?: string | null
        hasAnswered?: boolean
        events?: PersonEventLike[]
      }
    >
  }
}

/**
 * The RSVP as the guest just sent it, for a guest whose saved RSVP came back without answers (no
 * invitation code): each answered person gets what was sent, with the question's text, per event
 * too (the main event's answer is also the person's own).
 */
export function withSubmittedAnswers<T extends RsvpLike>(
  rsvp: T,
  answers: readonly AnswerInput[],
  message: string | null,
  now = new Date().toISOString(),
): T {
  const questions = rsvp.wedding.rsvpQuestions
  const stored = (response: AnswerInput['response']) =>
    (response ?? []).map((answer) => ({
      questionId: answer.questionId,
      question: questions.find((question) => question.id === answer.questionId)?.question ?? '',
      answer: answer.answer,
    }))
  const mainId = (rsvp.events ?? []).find((event) => event.isMain)?.id
  return {
    ...rsvp,
    household: {
      ...rsvp.household,
      message: message?.trim() ? message.trim() : rsvp.household.message,
      persons: rsvp.household.persons.map((person) => {
        const sent = answers.find((answer) => answer.personId === person.id)
        if (!sent) return person
        const byEvent = (eventId: string | undefined) => {
          const answer = sent.events?.find((candidate) => candidate.eventId === eventId)
          return answer
            ? { isAttending: answer.isAttending, response: stored(answer.response) }
            : null
        }
        // The main event's answer, sent as the person's own or under its id.
        const main =
          sent.isAttending === undefined
            ? byEvent(mainId)
            : { isAttending: sent.isAttending, response: stored(sent.response) }
        return {
          ...person,
          ...(main ? { ...main, respondedAt: now } : {}),
          hasAnswered: true,
          ...(person.events
            ? {
                events: person.events.map((reply) => {
                  const answer = reply.eventId === mainId && main ? main : byEvent(reply.eventId)
                  return answer
                    ? { ...reply, ...answer, hasAnswered: true, respondedAt: now }
                    : reply
                }),
              }
            : {}),
        }
      }),
    },
  }
}

/* ---- The events a household answers ---- */

/** An RSVP event as the form needs it (`Rsvp.events`, or the whole wedding). */
export interface EventLike {
  id: string
  isMain?: boolean
  isClosed?: boolean
}

/**
 * The id of the whole wedding as the one event a household answers while no event of the schedule
 * takes RSVPs. It is never sent: the whole wedding's answer is the person's own.
 */
export const WHOLE_WEDDING = ''

/** The whole wedding as an event: the main one, closed when the wedding's deadline has passed. */
export function wholeWedding(isClosed: boolean) {
  return { id: WHOLE_WEDDING, isMain: true, isClosed, date: null }
}

/**
 * The events the household answers: the schedule's RSVP events, or, while none takes RSVPs, the
 * whole wedding as one main event. The form, the thank-you page and "closed" read this one list.
 */
export function answerEvents<E extends EventLike>(rsvp: {
  events?: readonly E[]
  wedding: { isClosed: boolean }
}): Array<E | ReturnType<typeof wholeWedding>> {
  const events = rsvp.events ?? []
  return events.length > 0 ? [...events] : [wholeWedding(rsvp.wedding.isClosed)]
}

/** A question, asked with the main answer (`eventId` null or missing) or for one event. */
export interface EventQuestionLike extends QuestionLike {
  eventId?: string | null
}

/** A person's answer to one event, as `get_rsvp` gives it. */
export interface PersonEventLike {
  eventId: string
  hasAnswered?: boolean
  recordedByCouple?: boolean
  isAttending?: boolean | null
  response?: StoredAnswerLike[] | null
  respondedAt?: string | null
}

export interface EventPersonLike extends PersonLike {
  hasAnswered?: boolean
  recordedByCouple?: boolean
  respondedAt?: string | null
  events?: PersonEventLike[]
}

/** The answers of the household's persons to one open event. */
export interface EventFormValues {
  eventId: string
  persons: PersonFormValues[]
}

export interface RsvpFormValues {
  events: EventFormValues[]
  message: string
}

/** What a person answered to one event (the main event's answer is the person's own). */
export function eventReply(person: EventPersonLike, event: EventLike) {
  if (event.isMain) {
    return {
      isAttending: person.isAttending,
      response: person.response,
      hasAnswered: person.hasAnswered ?? person.isAttending !== null,
      respondedAt: person.respondedAt ?? null,
    }
  }
  const reply = person.events?.find((candidate) => candidate.eventId === event.id)
  const isAttending = reply?.isAttending ?? null
  return {
    isAttending,
    response: reply?.response ?? [],
    hasAnswered: reply?.hasAnswered ?? isAttending !== null,
    respondedAt: reply?.respondedAt ?? null,
  }
}

/**
 * The form of the open events (closed ones are only shown), as the household last answered it.
 * `locked` persons (a reply to that event the couple recorded, for a guest without the code) are
 * left out of that event's form.
 */
export function initialFormValues(
  persons: readonly EventPersonLike[],
  events: readonly EventLike[],
  questions: readonly EventQuestionLike[],
  message: string | null | undefined,
  locked: (person: EventPersonLike, event: EventLike) => boolean = () => false,
): RsvpFormValues {
  return {
    events: events
      .filter((event) => !event.isClosed)
      .map((event) => {
        const asked = questionsFor(questions, event)
        return {
          eventId: event.id,
          persons: persons
            .filter((person) => !locked(person, event))
            .map((person) => {
              const reply = eventReply(person, event)
              return {
                personId: person.id,
                attendance:
                  reply.isAttending === true ? 'yes' : reply.isAttending === false ? 'no' : '',
                answers: asked.map((question) => earlierAnswer(question, reply.response)),
              }
            }),
        }
      }),
    message: message ?? '',
  }
}

const trimmedAnswers = (questions: readonly QuestionLike[], person: PersonFormValues) =>
  person.attendance === 'yes'
    ? questions
        .map((question, index) => ({
          questionId: question.id,
          answer: (person.answers[index] ?? '').trim(),
        }))
        .filter((answer) => answer.answer !== '')
    : []

/**
 * What submit_rsvp takes: one entry per person who answered an open event, each event's answers
 * only for those who come to it. The whole wedding's answer is the person's own (`isAttending`,
 * `response`); a schedule event is named by its id under `events` (the main one too: should the
 * couple make another event main meanwhile, the answer still lands on the event the guest saw).
 * Closed events are never sent.
 */
export function toAnswerInputs(
  values: RsvpFormValues,
  events: readonly EventLike[],
  questions: readonly EventQuestionLike[],
): AnswerInput[] {
  const byPerson = new Map<string, AnswerInput>()
  for (const form of values.events) {
    const event = events.find((candidate) => candidate.id === form.eventId)
    if (!event || event.isClosed) continue
    const asked = questionsFor(questions, event)
    for (const person of form.persons) {
      if (person.attendance === '') continue
      const answer = {
        isAttending: person.attendance === 'yes',
        response: trimmedAnswers(asked, person),
      }
      const entry = byPerson.get(person.personId) ?? { personId: person.personId }
      if (event.id === WHOLE_WEDDING) Object.assign(entry, answer)
      else entry.events = [...(entry.events ?? []), { eventId: event.id, ...answer }]
      byPerson.set(person.personId, entry)
    }
  }
  return [...byPerson.values()]
}

/**
 * The latest time the household itself sent an answer to any event, or null. A reply the couple
 * recorded (imported with the list, or taken by phone) is not a time the household answered.
 */
export function lastEventRespondedAt(persons: readonly EventPersonLike[]) {
  return lastRespondedAt(
    persons
      .flatMap((person) => [person, ...(person.events ?? [])])
      .filter((answer) => !answer.recordedByCouple),
  )
}

/**
 * The household has answers, and the couple recorded every one of them (imported with the list, or
 * taken by phone): the household never sent any itself.
 */
export function onlyRecordedByCouple(persons: readonly EventPersonLike[]) {
  const answered = persons
    .flatMap((person) => [person, ...(person.events ?? [])])
    .filter((answer) => answer.hasAnswered)
  return answered.length > 0 && answered.every((answer) => answer.recordedByCouple)
}

/** The events at least one person of the household said yes to. */
export function eventsAttended<E extends EventLike>(
  events: readonly E[],
  persons: readonly EventPersonLike[],
): E[] {
  return events.filter((event) =>
    persons.some((person) => eventReply(person, event).isAttending === true),
  )
}

/** The couple recorded this person's reply to this event: a guest without the code may not change it. */
export function recordedByCoupleFor(person: EventPersonLike, event: EventLike) {
  if (event.isMain) return Boolean(person.recordedByCouple)
  return Boolean(person.events?.find((reply) => reply.eventId === event.id)?.recordedByCouple)
}

/**
 * The seats one event's answers would fill, counted as the database counts them: the yeses in the
 * form, and each person left out of it by their stored answer. A visitor who found the household
 * by name search does not see the stored answers (`searchOnly`), so every person left out who has
 * answered counts as a yes, whatever they said: what the guest is told never depends on them.
 */
export function seatsCounted(
  persons: readonly EventPersonLike[],
  event: EventLike,
  form: readonly Pick<PersonFormValues, 'personId' | 'attendance'>[],
  searchOnly: boolean,
): { total: number; fromForm: number } {
  const given = new Map(
    form
      .filter((person) => person.attendance !== '')
      .map((person) => [person.personId, person.attendance]),
  )
  let fromForm = 0
  let leftOut = 0
  for (const person of persons) {
    const attendance = given.get(person.id)
    if (attendance !== undefined) {
      if (attendance === 'yes') fromForm++
      continue
    }
    const stored = eventReply(person, event)
    if (searchOnly ? stored.hasAnswered : stored.isAttending === true) leftOut++
  }
  return { total: fromForm + leftOut, fromForm }
}

/**
 * Whether marking this person as coming to the event would fill more seats than the household has
 * (counted as seatsCounted counts them): the form refuses that tick where it is made, rather than
 * after sending. False without a seat cap, or when the person is already marked as coming.
 */
export function yesPassesSeatCap(
  persons: readonly EventPersonLike[],
  event: EventLike,
  form: readonly Pick<PersonFormValues, 'personId' | 'attendance'>[],
  searchOnly: boolean,
  seatCap: number | null | undefined,
  personId: string,
): boolean {
  if (
    seatCap == null ||
    form.some((person) => person.personId === personId && person.attendance === 'yes')
  )
    return false
  const marked = form.map((person) =>
    person.personId === personId ? { ...person, attendance: 'yes' as const } : person,
  )
  return seatsCounted(persons, event, marked, searchOnly).total > seatCap
}

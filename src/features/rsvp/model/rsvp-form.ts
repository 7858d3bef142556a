/**
 * The guest's RSVP form as plain data: what the form starts with, what it sends, and how a reply
 * reads. No React and no backend here, so it is tested on its own.
 */

import { displayFullName } from '@/lib/names'

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

export interface RsvpFormValues {
  persons: PersonFormValues[]
  message: string
}

export interface AnswerInput {
  personId: string
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

/** The form as the household last answered it (or blank where nobody has yet). */
export function initialFormValues(
  persons: readonly PersonLike[],
  questions: readonly QuestionLike[],
  message: string | null | undefined,
): RsvpFormValues {
  return {
    persons: persons.map((person) => ({
      personId: person.id,
      attendance: person.isAttending === true ? 'yes' : person.isAttending === false ? 'no' : '',
      answers: questions.map((question) => earlierAnswer(question, person.response)),
    })),
    message: message ?? '',
  }
}

/** What submit_rsvp takes: every person with a choice, answers only for those who attend. */
export function toAnswerInputs(values: RsvpFormValues, questions: readonly QuestionLike[]): AnswerInput[] {
  return values.persons
    .filter((person) => person.attendance !== '')
    .map((person) => ({
      personId: person.personId,
      isAttending: person.attendance === 'yes',
      response:
        person.attendance === 'yes'
          ? questions
              .map((question, index) => ({ questionId: question.id, answer: (person.answers[index] ?? '').trim() }))
              .filter((answer) => answer.answer !== '')
          : [],
    }))
}

/** The latest time anyone in the household answered, or null. */
export function lastRespondedAt(persons: readonly { respondedAt?: string | null }[]) {
  return persons.reduce<string | null>(
    (latest, person) => (person.respondedAt && (!latest || person.respondedAt > latest) ? person.respondedAt : latest),
    null,
  )
}

interface RsvpLike {
  wedding: { rsvpQuestions: readonly QuestionLike[] }
  household: {
    message?: string | null
    persons: Array<PersonLike & { respondedAt?: string | null; hasAnswered?: boolean }>
  }
}

/**
 * The RSVP as the guest just sent it, for a guest whose saved RSVP came back without answers (no
 * invitation code): each answered person gets what was sent, with the question's text.
 */
export function withSubmittedAnswers<T extends RsvpLike>(
  rsvp: T,
  answers: readonly AnswerInput[],
  message: string | null,
  now = new Date().toISOString(),
): T {
  const questions = rsvp.wedding.rsvpQuestions
  return {
    ...rsvp,
    household: {
      ...rsvp.household,
      message: message?.trim() ? message.trim() : rsvp.household.message,
      persons: rsvp.household.persons.map((person) => {
        const sent = answers.find((answer) => answer.personId === person.id)
        if (!sent) return person
        return {
          ...person,
          isAttending: sent.isAttending,
          hasAnswered: true,
          respondedAt: now,
          response: sent.response.map((answer) => ({
            questionId: answer.questionId,
            question: questions.find((question) => question.id === answer.questionId)?.question ?? '',
            answer: answer.answer,
          })),
        }
      }),
    },
  }
}

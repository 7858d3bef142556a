/**
 * The couple's RSVP questions as the editor holds them, and back: options are edited one per line.
 */

export interface QuestionDraft {
  id: string
  question: string
  kind: 'text' | 'choice'
  /** One option per line. */
  options: string
  /** The event it is asked for; '' or absent asks it with the main answer (the wedding's, or the seated event's). */
  eventId?: string
}

export interface Question {
  id: string
  question: string
  kind: 'text' | 'choice'
  options?: string[]
  /** The event it is asked for; absent or null: with the main answer. */
  eventId?: string | null
}

export const MAX_QUESTIONS = 20
export const MAX_QUESTION_LENGTH = 300
export const MAX_OPTION_LENGTH = 100

export function optionLines(options: string) {
  const seen = new Set<string>()
  return options
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !seen.has(line) && Boolean(seen.add(line)))
}

export function toDrafts(questions: readonly Question[]): QuestionDraft[] {
  return questions.map((question) => ({
    id: question.id,
    question: question.question,
    kind: question.kind,
    options: (question.options ?? []).join('\n'),
    eventId: question.eventId ?? undefined,
  }))
}

/** The questions to save; one asked with the main answer carries no event, as before events took RSVPs. */
export function fromDrafts(drafts: readonly QuestionDraft[]): Question[] {
  return drafts.map((draft) => {
    const question: Question =
      draft.kind === 'choice'
        ? {
            id: draft.id,
            question: draft.question.trim(),
            kind: 'choice',
            options: optionLines(draft.options),
          }
        : { id: draft.id, question: draft.question.trim(), kind: 'text' }
    return draft.eventId ? { ...question, eventId: draft.eventId } : question
  })
}

/** A new question's id: short, unique among the others, and of the characters the database takes. */
export function newQuestionId(existing: readonly { id: string }[], random = Math.random) {
  const taken = new Set(existing.map((question) => question.id))
  let id = ''
  do
    id = `q-${Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')}`
  while (taken.has(id))
  return id
}

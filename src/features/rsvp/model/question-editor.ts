/**
 * The couple's RSVP questions as the editor holds them, and back: options are edited one per line.
 */

export interface QuestionDraft {
  id: string
  question: string
  kind: 'text' | 'choice'
  /** One option per line. */
  options: string
}

export interface Question {
  id: string
  question: string
  kind: 'text' | 'choice'
  options?: string[]
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
  }))
}

export function fromDrafts(drafts: readonly QuestionDraft[]): Question[] {
  return drafts.map((draft) =>
    draft.kind === 'choice'
      ? { id: draft.id, question: draft.question.trim(), kind: 'choice', options: optionLines(draft.options) }
      : { id: draft.id, question: draft.question.trim(), kind: 'text' },
  )
}

/** A new question's id: short, unique among the others, and of the characters the database takes. */
export function newQuestionId(existing: readonly { id: string }[], random = Math.random) {
  const taken = new Set(existing.map((question) => question.id))
  let id = ''
  do id = `q-${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`
  while (taken.has(id))
  return id
}

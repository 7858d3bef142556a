import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import * as z from 'zod/mini'
import { Alert } from '@/components/alert'
import { DatePicker } from '@/components/date-picker'
import type { Wedding } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import {
  fromDrafts,
  MAX_OPTION_LENGTH,
  MAX_QUESTION_LENGTH,
  MAX_QUESTIONS,
  newQuestionId,
  optionLines,
  toDrafts,
  type QuestionDraft,
} from '../model/question-editor'
import { useEventsStore } from '../events-store'
import { rsvpEvents } from '@/lib/rsvp/events'
import { useRsvpsTabStore } from '../rsvps-tab-store'

// Messages are keys of the rsvp namespace; the database checks the same rules.
const settingsSchema = z.object({
  deadline: z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'tab.settings.errors.date')),
  questions: z
    .array(
      z
        .object({
          id: z.string(),
          question: z
            .string()
            .check(
              z.trim(),
              z.minLength(1, 'tab.settings.errors.questionRequired'),
              z.maxLength(MAX_QUESTION_LENGTH, 'tab.settings.errors.questionTooLong'),
            ),
          kind: z.enum(['text', 'choice']),
          options: z.string(),
          eventId: z.optional(z.string()),
        })
        .check(
          z.superRefine((draft, context) => {
            if (draft.kind !== 'choice') return
            const options = optionLines(draft.options)
            if (options.length < 2)
              context.addIssue({
                code: 'custom',
                path: ['options'],
                message: 'tab.settings.errors.twoOptions',
              })
            if (options.some((option) => option.length > MAX_OPTION_LENGTH))
              context.addIssue({
                code: 'custom',
                path: ['options'],
                message: 'tab.settings.errors.optionTooLong',
              })
          }),
        ),
    )
    .check(z.maxLength(MAX_QUESTIONS, 'tab.settings.errors.tooMany')),
})
type SettingsValues = z.infer<typeof settingsSchema>

/** The RSVP deadline and the questions guests answer: add, edit, reorder, remove, then save. */
export function RsvpSettingsForm({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation(['rsvps', 'rsvp'])
  const saveSettings = useRsvpsTabStore((state) => state.saveSettings)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const id = useId()
  const listRef = useRef<HTMLOListElement>(null)

  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SettingsValues>({
    defaultValues: {
      deadline: wedding.rsvpDeadline ?? '',
      questions: toDrafts(wedding.rsvpQuestions),
    },
    resolver: zodResolver(settingsSchema),
  })
  const { fields, append, remove, swap } = useFieldArray({
    control,
    name: 'questions',
    keyName: 'key',
  })
  const kinds = useWatch({ control, name: 'questions' }).map((question) => question.kind)
  const deadline = useWatch({ control, name: 'deadline' })
  // When events take RSVPs, each question is asked for one of them (the main one when none is set).
  const events = useEventsStore((state) => state.events)
  const taking = rsvpEvents(events)
  const main = taking.find((event) => event.isMain)
  const eventName = (event: { name?: string | null }) =>
    event.name?.trim() || t('eventsTab.unnamed')
  const askedFor = useWatch({ control, name: 'questions' }).map(
    (question) => question.eventId ?? '',
  )

  /** Keeps the keyboard on the moved question's same button, so "up, up, up" works. */
  const moveQuestion = (from: number, to: number, button: 'up' | 'down') => {
    swap(from, to)
    requestAnimationFrame(() => {
      const target = listRef.current?.querySelectorAll<HTMLButtonElement>(
        `[data-move="${button}"]`,
      )[to]
      ;(target && !target.disabled
        ? target
        : listRef.current?.querySelectorAll<HTMLElement>('[data-question-text]')[to]
      )?.focus()
    })
  }

  const onSubmit = handleSubmit(async (values) => {
    setResult(null)
    try {
      const saved = await saveSettings(
        values.deadline || null,
        fromDrafts(values.questions as QuestionDraft[]),
      )
      reset({ deadline: saved.rsvpDeadline ?? '', questions: toDrafts(saved.rsvpQuestions) })
      setResult({ tone: 'success', text: t('tab.settings.saved') })
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, t, 'rsvp') })
    }
  })

  const deadlineAfterWedding = Boolean(deadline && wedding.date && deadline > wedding.date)

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="font-display text-2xl">
        {t('tab.settings.title')}
      </h2>

      <div className="mt-5">
        <label htmlFor={`${id}-deadline`} className="field-label">
          {t('tab.settings.deadline')}
        </label>
        {/* The app's calendar, not the browser's date input, which shows mm/dd/yyyy on any screen. */}
        <Controller
          name="deadline"
          control={control}
          render={({ field }) => (
            <DatePicker
              id={`${id}-deadline`}
              aria-describedby={`${id}-deadline-hint`}
              aria-invalid={Boolean(errors.deadline)}
              value={field.value || null}
              onSelect={(date) => field.onChange(date)}
              onBlur={field.onBlur}
              dialogLabel={t('tab.settings.deadlineDialog')}
              clear={{ label: t('tab.settings.noDeadline'), onClear: () => field.onChange('') }}
            />
          )}
        />
        <p id={`${id}-deadline-hint`} className="mt-1.5 text-sm text-muted">
          {deadlineAfterWedding
            ? t('tab.settings.deadlineAfterWedding')
            : t('tab.settings.deadlineHint')}
        </p>
      </div>

      <fieldset className="mt-6 min-w-0">
        <legend className="field-label">{t('tab.settings.questions')}</legend>
        <p className="text-sm text-muted">{t('tab.settings.questionsHint')}</p>
        {fields.length === 0 && (
          <p className="mt-3 rounded-lg bg-canvas px-4 py-3 text-sm text-muted">
            {t('tab.settings.noQuestions')}
          </p>
        )}
        <ol ref={listRef} className="mt-3 space-y-3">
          {fields.map((field, index) => {
            const questionErrors = errors.questions?.[index]
            const label = t('tab.settings.questionNumber', { number: index + 1 })
            return (
              <li key={field.key} className="rounded-xl border border-line p-4">
                <div className="flex items-center gap-2">
                  <span className="text-sm font-semibold text-muted">{label}</span>
                  <div className="ml-auto flex gap-1">
                    <button
                      type="button"
                      data-move="up"
                      className="rounded-md p-2 text-muted hover:bg-brand-50 hover:text-ink disabled:opacity-30"
                      disabled={index === 0}
                      onClick={() => moveQuestion(index, index - 1, 'up')}
                      aria-label={t('tab.settings.moveUp', { number: index + 1 })}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      data-move="down"
                      className="rounded-md p-2 text-muted hover:bg-brand-50 hover:text-ink disabled:opacity-30"
                      disabled={index === fields.length - 1}
                      onClick={() => moveQuestion(index, index + 1, 'down')}
                      aria-label={t('tab.settings.moveDown', { number: index + 1 })}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      className="rounded-md p-2 text-muted hover:bg-red-50 hover:text-red-700"
                      onClick={() => remove(index)}
                      aria-label={t('tab.settings.remove', { number: index + 1 })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </div>

                <label htmlFor={`${id}-q${field.key}`} className="sr-only">
                  {t('tab.settings.questionText', { number: index + 1 })}
                </label>
                <input
                  id={`${id}-q${field.key}`}
                  data-question-text
                  className="field-input mt-2"
                  placeholder={t('tab.settings.questionPlaceholder')}
                  maxLength={MAX_QUESTION_LENGTH}
                  aria-invalid={Boolean(questionErrors?.question)}
                  {...register(`questions.${index}.question`)}
                />
                {questionErrors?.question?.message && (
                  <p className="field-error">{t(questionErrors.question.message)}</p>
                )}

                <div className="mt-3">
                  <label htmlFor={`${id}-k${field.key}`} className="sr-only">
                    {t('tab.settings.kind', { number: index + 1 })}
                  </label>
                  <select
                    id={`${id}-k${field.key}`}
                    className="field-input"
                    {...register(`questions.${index}.kind`)}
                  >
                    <option value="text">{t('tab.settings.kindText')}</option>
                    <option value="choice">{t('tab.settings.kindChoice')}</option>
                  </select>
                </div>

                {taking.length > 0 && (
                  <div className="mt-3">
                    <label htmlFor={`${id}-e${field.key}`} className="field-label">
                      {t('eventsTab.askedFor')}{' '}
                      <span className="sr-only">
                        {t('tab.settings.forQuestion', { number: index + 1 })}
                      </span>
                    </label>
                    <select
                      id={`${id}-e${field.key}`}
                      className="field-input"
                      {...register(`questions.${index}.eventId`)}
                    >
                      <option value="">
                        {main
                          ? t('eventsTab.askedForMain', { name: eventName(main) })
                          : t('eventsTab.askedForAll')}
                      </option>
                      {taking
                        .filter((event) => !event.isMain)
                        .map((event) => (
                          <option key={event.id} value={event.id}>
                            {eventName(event)}
                          </option>
                        ))}
                      {askedFor[index] &&
                        !taking.some((event) => event.id === askedFor[index] && !event.isMain) && (
                          <option value={askedFor[index]}>
                            {taking.some((event) => event.id === askedFor[index])
                              ? eventName(taking.find((event) => event.id === askedFor[index])!)
                              : t('eventsTab.askedForGone')}
                          </option>
                        )}
                    </select>
                  </div>
                )}

                {kinds[index] === 'choice' && (
                  <div className="mt-3">
                    <label htmlFor={`${id}-o${field.key}`} className="field-label">
                      {t('tab.settings.options')}{' '}
                      <span className="sr-only">
                        {t('tab.settings.forQuestion', { number: index + 1 })}
                      </span>
                    </label>
                    <textarea
                      id={`${id}-o${field.key}`}
                      rows={3}
                      className="field-input"
                      placeholder={t('tab.settings.optionsPlaceholder')}
                      aria-invalid={Boolean(questionErrors?.options)}
                      {...register(`questions.${index}.options`)}
                    />
                    {questionErrors?.options?.message ? (
                      <p className="field-error">{t(questionErrors.options.message)}</p>
                    ) : (
                      <p className="mt-1.5 text-sm text-muted">{t('tab.settings.optionsHint')}</p>
                    )}
                  </div>
                )}
              </li>
            )
          })}
        </ol>
        {errors.questions?.root?.message && (
          <p className="field-error">{t(errors.questions.root.message)}</p>
        )}
        <button
          type="button"
          className="btn btn-secondary mt-3"
          disabled={fields.length >= MAX_QUESTIONS}
          onClick={() =>
            append(
              { id: newQuestionId(fields), question: '', kind: 'text', options: '' },
              { shouldFocus: true, focusName: `questions.${fields.length}.question` },
            )
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('tab.settings.add')}
        </button>
      </fieldset>

      <div className="mt-6 space-y-3">
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <button
          type="submit"
          className="btn btn-primary w-full"
          disabled={isSubmitting || !isDirty}
        >
          {isSubmitting ? t('tab.settings.saving') : t('tab.settings.save')}
        </button>
      </div>
    </form>
  )
}

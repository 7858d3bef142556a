import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import type { RsvpHousehold, RsvpQuestion } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import { errorMessage } from '@/lib/errors'
import { earlierAnswer, fullName, MAX_ANSWER_LENGTH } from '@/lib/rsvp/rsvp-form'
import { useEventsStore } from '../events-store'
import { useRsvpsTabStore } from '../rsvps-tab-store'

type Person = RsvpHousehold['persons'][number]

interface ReplyValues {
  status: 'yes' | 'no' | 'pending'
  answers: string[]
}

interface RecordReplyDialogProps {
  person: Person | null
  questions: RsvpQuestion[]
  /** A non-main event's reply is recorded (null: the wedding's own answer, or the main event's). */
  eventId?: string | null
  /** The event whose reply is recorded, named when events take RSVPs. */
  eventName?: string | null
  onOpenChange(open: boolean): void
}

/** The couple records or corrects one person's reply, e.g. taken over the phone; the deadline does not apply. */
export function RecordReplyDialog({
  person,
  questions,
  eventId = null,
  eventName = null,
  onOpenChange,
}: RecordReplyDialogProps) {
  const { t } = useTranslation(['rsvps', 'rsvp'])
  return (
    <Dialog.Root open={Boolean(person)} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl focus:outline-none">
          <div className="flex items-start gap-4 border-b border-line px-6 py-4">
            <div className="flex-1">
              <Dialog.Title className="font-display text-2xl">{t('tab.record.title')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                {person
                  ? eventName
                    ? t('eventsTab.recordFor', { name: fullName(person), event: eventName })
                    : t('tab.record.description', { name: fullName(person) })
                  : ''}
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink"
              aria-label={t('common:actions.close')}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {person && (
            <ReplyForm
              key={person.id}
              person={person}
              questions={questions}
              eventId={eventId}
              onDone={() => onOpenChange(false)}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ReplyForm({
  person,
  questions,
  eventId,
  onDone,
}: {
  person: Person
  questions: RsvpQuestion[]
  eventId: string | null
  onDone(): void
}) {
  const { t } = useTranslation(['rsvps', 'rsvp'])
  const recordMain = useRsvpsTabStore((state) => state.record)
  const recordEvent = useEventsStore((state) => state.record)
  const record: typeof recordMain = (personId, isAttending, response) =>
    eventId
      ? recordEvent(eventId, personId, isAttending, response)
      : recordMain(personId, isAttending, response)
  const [saveError, setSaveError] = useState<string | null>(null)
  const id = useId()
  const {
    register,
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ReplyValues>({
    defaultValues: {
      status: person.isAttending === true ? 'yes' : person.isAttending === false ? 'no' : 'pending',
      answers: questions.map((question) => earlierAnswer(question, person.response)),
    },
  })
  const status = useWatch({ control, name: 'status' })

  const onSubmit = handleSubmit(async (values) => {
    setSaveError(null)
    const isAttending = values.status === 'pending' ? null : values.status === 'yes'
    const response = isAttending
      ? questions
          .map((question, index) => ({
            questionId: question.id,
            answer: (values.answers[index] ?? '').trim(),
          }))
          .filter((answer) => answer.answer !== '')
      : []
    try {
      await record(person.id, isAttending, response)
      onDone()
    } catch (error) {
      // The guest's page says this to the guest (rsvp:errors); the couple's side reads what to do.
      setSaveError(
        error instanceof BackendError && error.message === 'rsvp_over_seat_cap'
          ? t('common:errors.rsvp_over_seat_cap')
          : errorMessage(error, t, 'rsvp'),
      )
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="flex-1 space-y-5 overflow-y-auto px-6 py-5">
        <fieldset disabled={isSubmitting}>
          <legend className="field-label">{t('tab.record.reply')}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {(['yes', 'no', 'pending'] as const).map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold"
              >
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-brand-600"
                  {...register('status')}
                />
                {t(
                  value === 'yes'
                    ? 'rsvp:status.attending'
                    : value === 'no'
                      ? 'rsvp:status.notAttending'
                      : 'rsvp:status.pending',
                )}
              </label>
            ))}
          </div>
        </fieldset>

        {status === 'yes' &&
          questions.map((question, index) => (
            <div key={question.id}>
              <label htmlFor={`${id}-${question.id}`} className="field-label">
                {question.question}
              </label>
              {question.kind === 'choice' ? (
                <select
                  id={`${id}-${question.id}`}
                  className="field-input"
                  disabled={isSubmitting}
                  {...register(`answers.${index}`)}
                >
                  <option value="">{t('tab.record.noAnswer')}</option>
                  {(question.options ?? []).map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-${question.id}`}
                  className="field-input"
                  maxLength={MAX_ANSWER_LENGTH}
                  disabled={isSubmitting}
                  {...register(`answers.${index}`)}
                />
              )}
            </div>
          ))}
        {status === 'pending' && (
          <p className="text-sm text-muted">{t('tab.record.pendingHint')}</p>
        )}
        {saveError && <Alert tone="error">{saveError}</Alert>}
      </div>
      <div className="flex justify-end gap-3 border-t border-line px-6 py-4">
        <Dialog.Close className="btn btn-secondary" disabled={isSubmitting}>
          {t('common:actions.cancel')}
        </Dialog.Close>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('tab.record.saving') : t('tab.record.save')}
        </button>
      </div>
    </form>
  )
}

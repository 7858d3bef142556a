import { zodResolver } from '@hookform/resolvers/zod'
import { AlertCircle } from 'lucide-react'
import { useId, useState, type MouseEvent } from 'react'
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form'
import { useTranslation } from '@/lib/i18n/react'
import * as z from 'zod/mini'
import type { Rsvp, RsvpGuestQuestion } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { coupleFirstNames, eventName } from '../model/format'
import { questionsFor } from '@/lib/rsvp/events'
import {
  fullName,
  initialEventsFormValues,
  lastEventRespondedAt,
  onlyRecordedByCouple,
  MAX_ANSWER_LENGTH,
  MAX_MESSAGE_LENGTH,
  recordedByCoupleFor,
  seatsCounted,
  toEventAnswerInputs,
  yesPassesSeatCap,
  type EventLike,
  type EventPersonLike,
  type EventsFormValues,
} from '@/lib/rsvp/rsvp-form'
import { useGuestRsvpStore } from '../guest-rsvp-store'
import { refusableYes } from './refusable-yes'
import { EventHeading, EventReplies } from './rsvp-event-parts'
import { LockedPerson, QuestionField, RsvpGreeting } from './rsvp-form'
import { dateLanguage, formatDateTime } from '@/lib/rsvp/format-time'

// Messages are keys of the rsvp namespace, translated where they are shown.
const eventsFormSchema = z.object({
  events: z.array(
    z.object({
      eventId: z.string(),
      persons: z.array(
        z.object({
          personId: z.string(),
          attendance: z
            .enum(['', 'yes', 'no'])
            .check(z.refine((value) => value !== '', 'events.chooseAttendance')),
          answers: z.array(
            z.string().check(z.maxLength(MAX_ANSWER_LENGTH, 'validation.answerTooLong')),
          ),
        }),
      ),
    }),
  ),
  message: z.string().check(z.maxLength(MAX_MESSAGE_LENGTH, 'validation.messageTooLong')),
})

/**
 * The household's RSVP when events take RSVPs: one card per event in the schedule's order, each
 * person Oo / Hindi for each event, the event's own questions under those who come, a closed event
 * shown with what was recorded. Declining one event leaves the others as they are.
 */
export function RsvpEventsForm({ rsvp, onSaved }: { rsvp: Rsvp; onSaved(): void }) {
  const { t, i18n } = useTranslation('rsvp')
  const language = dateLanguage(i18n.language)
  const submit = useGuestRsvpStore((state) => state.submit)
  const [saveError, setSaveError] = useState<string | null>(null)
  const id = useId()

  const { wedding, household } = rsvp
  const events = rsvp.events ?? []
  const questions = wedding.rsvpQuestions
  const open = events.filter((event) => !event.isClosed)
  const answeredAt = lastEventRespondedAt(household.persons)
  const searchOnly = household.access === 'guest_search'
  const isLocked = (person: EventPersonLike, event: EventLike) =>
    searchOnly && recordedByCoupleFor(person, event)
  const anyAnswerable = open.some((event) =>
    household.persons.some((person) => !isLocked(person, event)),
  )

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<EventsFormValues>({
    defaultValues: initialEventsFormValues(
      household.persons,
      events,
      questions,
      household.message,
      isLocked,
    ),
    resolver: zodResolver(eventsFormSchema),
  })
  const watched = useWatch({ control, name: 'events' })
  // A "yes" past the seats reserved for an event is refused where it is ticked, and said beside it;
  // the message goes once someone else is marked as not coming to it.
  const [refused, setRefused] = useState<{ eventId: string; personId: string } | null>(null)
  const formOf = (formIndex: number) => watched[formIndex]?.persons ?? []
  const passes = (event: EventLike, formIndex: number, personId: string) =>
    yesPassesSeatCap(
      household.persons,
      event,
      formOf(formIndex),
      searchOnly,
      household.seatCap,
      personId,
    )
  const onYesClick =
    (event: EventLike, formIndex: number, personId: string) =>
    (click: MouseEvent<HTMLInputElement>) => {
      if (!passes(event, formIndex, personId)) return setRefused(null)
      click.preventDefault()
      setRefused({ eventId: event.id, personId })
    }
  const seatsFull = (event: EventLike, formIndex: number, personId: string, name: string) => {
    if (
      refused?.eventId !== event.id ||
      refused.personId !== personId ||
      !passes(event, formIndex, personId)
    )
      return null
    const hidden =
      seatsCounted(household.persons, event, formOf(formIndex), searchOnly).fromForm <
      (household.seatCap ?? 0)
    return t(hidden ? 'page.seatsFullHidden' : 'page.seatsFull', {
      count: household.seatCap ?? 0,
      name,
    })
  }

  const onSubmit = handleSubmit(async (values) => {
    setSaveError(null)
    // The seats reserved hold per event, said before sending (the database refuses it the same way).
    const cap = household.seatCap
    for (const form of cap == null ? [] : values.events) {
      const index = events.findIndex((event) => event.id === form.eventId)
      if (index < 0 || events[index]!.isClosed) continue
      const seats = seatsCounted(household.persons, events[index]!, form.persons, searchOnly)
      if (seats.total > cap!) {
        const key = seats.fromForm > cap! ? 'events.overSeatCap' : 'events.overSeatCapHidden'
        setSaveError(t(key, { event: eventName(events[index]!, index, t) }))
        return
      }
    }
    try {
      await submit(toEventAnswerInputs(values, events, questions), values.message)
      onSaved()
    } catch (error) {
      setSaveError(errorMessage(error, t, 'rsvp'))
    }
  })

  return (
    <>
      <RsvpGreeting rsvp={rsvp} />

      {(answeredAt || household.hasAnswered) && (
        <div className="rsvp-note mt-6 text-sm">
          <p>
            {answeredAt
              ? t('page.answeredBefore', { time: formatDateTime(answeredAt, language) })
              : !searchOnly && onlyRecordedByCouple(household.persons)
                ? t('page.recordedForYou', { couple: coupleFirstNames(wedding, t('shell.and')) })
                : t('page.hiddenAnswers')}
          </p>
        </div>
      )}

      <form noValidate onSubmit={onSubmit} className="mt-8" aria-describedby={`${id}-intro`}>
        <p id={`${id}-intro`} className="rsvp-subheading">
          {t(household.persons.length > 1 ? 'events.intro' : 'events.introSingle')}
        </p>
        {household.seatCap != null && household.seatCap < household.persons.length && (
          <p data-testid="rsvp-seat-cap" className="mt-2 font-bold">
            {t('page.seatCap', { count: household.seatCap })}
          </p>
        )}
        <fieldset disabled={isSubmitting} className="contents">
          <div className="mt-4 space-y-4">
            {events.map((event, eventIndex) => {
              const formIndex = open.indexOf(event)
              return (
                <section
                  key={event.id}
                  className="rsvp-card min-w-0"
                  aria-labelledby={`${id}-event-${eventIndex}`}
                  data-event={event.id}
                >
                  <EventHeading
                    event={event}
                    index={eventIndex}
                    headingId={`${id}-event-${eventIndex}`}
                    date={wedding.date}
                  />
                  {formIndex < 0 ? (
                    <EventReplies event={event} persons={household.persons} />
                  ) : (
                    <ul className="rsvp-event-persons">
                      {household.persons.map((person) => {
                        if (isLocked(person, event)) {
                          return (
                            <li key={person.id}>
                              <LockedPerson name={fullName(person)} />
                            </li>
                          )
                        }
                        const personIndex = household.persons
                          .filter((other) => !isLocked(other, event))
                          .indexOf(person)
                        return (
                          <li key={person.id}>
                            <EventPersonFieldset
                              eventIndex={formIndex}
                              personIndex={personIndex}
                              name={fullName(person)}
                              event={eventName(event, eventIndex, t)}
                              isChild={person.type === 'child'}
                              attending={
                                watched[formIndex]?.persons[personIndex]?.attendance === 'yes'
                              }
                              questions={questionsFor(questions, event)}
                              register={register}
                              errors={errors}
                              onYesClick={onYesClick(event, formIndex, person.id)}
                              seatsFull={seatsFull(event, formIndex, person.id, fullName(person))}
                            />
                          </li>
                        )
                      })}
                    </ul>
                  )}
                </section>
              )
            })}
          </div>

          <div className="mt-8">
            <label htmlFor={`${id}-message`} className="rsvp-label">
              {t('page.messageLabel', { couple: coupleFirstNames(wedding, t('shell.and')) })}{' '}
              <span className="rsvp-muted font-normal">{t('page.optional')}</span>
            </label>
            <textarea
              id={`${id}-message`}
              rows={4}
              maxLength={MAX_MESSAGE_LENGTH}
              className="rsvp-input"
              aria-invalid={Boolean(errors.message)}
              aria-describedby={errors.message ? `${id}-message-error` : undefined}
              {...register('message')}
            />
            {errors.message?.message && (
              <p id={`${id}-message-error`} className="rsvp-error">
                {t(errors.message.message)}
              </p>
            )}
          </div>
        </fieldset>

        <div className="mt-8 space-y-3">
          {saveError && (
            <div
              role="alert"
              className="flex gap-3 rounded-(--rsvp-radius) border border-[#e8b4ab] bg-[#fdf1ef] px-4 py-3 text-sm text-[#7a1d10]"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p>
                <strong className="block">{t('page.saveFailed')}</strong>
                {saveError} {t('page.keptTyped')}
              </p>
            </div>
          )}
          {submitCount > 0 && Object.keys(errors).length > 0 && !saveError && (
            <p role="alert" className="rsvp-error text-center">
              {t('page.fixErrors')}
            </p>
          )}
          <button
            type="submit"
            className="rsvp-button w-full"
            disabled={isSubmitting || !anyAnswerable}
            aria-busy={isSubmitting}
          >
            {isSubmitting && <span aria-hidden="true" className="rsvp-spinner" />}
            {isSubmitting ? t('page.saving') : t('page.submit')}
          </button>
        </div>
      </form>
    </>
  )
}

interface EventPersonFieldsetProps {
  eventIndex: number
  personIndex: number
  name: string
  event: string
  isChild: boolean
  attending: boolean
  questions: RsvpGuestQuestion[]
  register: UseFormRegister<EventsFormValues>
  errors: FieldErrors<EventsFormValues>
  /** Refuses a "yes" that would pass the seats reserved for this event. */
  onYesClick(event: MouseEvent<HTMLInputElement>): void
  /** Why "yes" was just refused for this person, if it was. */
  seatsFull: string | null
}

/** One person's Oo / Hindi for one event, and that event's questions once they say yes. */
function EventPersonFieldset({
  eventIndex,
  personIndex,
  name,
  event,
  isChild,
  attending,
  questions,
  register,
  errors,
  onYesClick,
  seatsFull,
}: EventPersonFieldsetProps) {
  const { t } = useTranslation('rsvp')
  const id = useId()
  const personErrors = errors.events?.[eventIndex]?.persons?.[personIndex]
  const error = personErrors?.attendance?.message
  const errorId = `${id}-error`
  const seatsId = `${id}-seats`
  const describedBy = [error ? errorId : null, seatsFull ? seatsId : null].filter(Boolean).join(' ')
  const field = `events.${eventIndex}.persons.${personIndex}` as const

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy || undefined}>
      <legend className="float-left w-full">
        <span className="font-bold">{name}</span>
        {isChild && (
          <span className="rsvp-badge ml-2 align-middle" data-status="pending">
            {t('page.child')}
          </span>
        )}
      </legend>
      <div className="rsvp-yesno clear-both pt-3">
        <label className="rsvp-choice">
          <input
            type="radio"
            value="yes"
            aria-invalid={Boolean(error)}
            {...refusableYes(register(`${field}.attendance`), onYesClick)}
          />
          <span>{t('events.yes')}</span>
        </label>
        <label className="rsvp-choice">
          <input
            type="radio"
            value="no"
            aria-invalid={Boolean(error)}
            {...register(`${field}.attendance`)}
          />
          <span>{t('events.no')}</span>
        </label>
      </div>
      {error && (
        <p id={errorId} className="rsvp-error">
          {t(error, { name, event })}
        </p>
      )}
      {seatsFull && (
        <p id={seatsId} role="alert" className="rsvp-error">
          {seatsFull}
        </p>
      )}
      {attending && questions.length > 0 && (
        <div className="mt-5 space-y-5 border-t border-(--rsvp-line) pt-5">
          {questions.map((question, questionIndex) => (
            <QuestionField
              key={question.id}
              question={question}
              input={register(`${field}.answers.${questionIndex}`)}
              error={personErrors?.answers?.[questionIndex]?.message}
            />
          ))}
        </div>
      )}
    </fieldset>
  )
}

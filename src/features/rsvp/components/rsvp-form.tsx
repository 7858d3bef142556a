import { zodResolver } from '@hookform/resolvers/zod'
import { AlertCircle, CalendarClock, LockKeyhole } from 'lucide-react'
import { Fragment, useId, useState, type MouseEvent, type ReactNode } from 'react'
import {
  useForm,
  useWatch,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form'
import { useTranslation } from '@/lib/i18n/react'
import * as z from 'zod/mini'
import type { Rsvp, RsvpQuestion } from '@/lib/api'
import { formatLongDate } from '@/lib/dates'
import { displayName } from '@/lib/names'
import { errorMessage } from '@/lib/errors'
import { questionsFor } from '@/lib/rsvp/events'
import { coupleFirstNames, eventName } from '../model/format'
import {
  answerEvents,
  fullName,
  initialFormValues,
  lastEventRespondedAt,
  onlyRecordedByCouple,
  MAX_ANSWER_LENGTH,
  MAX_MESSAGE_LENGTH,
  recordedByCoupleFor,
  seatsCounted,
  toAnswerInputs,
  yesPassesSeatCap,
  type EventLike,
  type EventPersonLike,
  type PersonFormValues,
  type RsvpFormValues,
} from '@/lib/rsvp/rsvp-form'
import { useGuestRsvpStore } from '../guest-rsvp-store'
import { refusableYes } from './refusable-yes'
import { EventHeading, EventReplies } from './rsvp-event-parts'
import { dateLanguage, formatDateTime } from '@/lib/rsvp/format-time'

// Messages are keys of the rsvp namespace, translated where they are shown. A person who has not
// chosen is asked in the words of the layout (for the wedding, or for one event).
const formSchema = (chooseAttendance: string) =>
  z.object({
    events: z.array(
      z.object({
        eventId: z.string(),
        persons: z.array(
          z.object({
            personId: z.string(),
            attendance: z
              .enum(['', 'yes', 'no'])
              .check(z.refine((value) => value !== '', chooseAttendance)),
            answers: z.array(
              z.string().check(z.maxLength(MAX_ANSWER_LENGTH, 'validation.answerTooLong')),
            ),
          }),
        ),
      }),
    ),
    message: z.string().check(z.maxLength(MAX_MESSAGE_LENGTH, 'validation.messageTooLong')),
  })
const weddingSchema = formSchema('validation.chooseAttendance')
const eventsSchema = formSchema('events.chooseAttendance')

interface RsvpFormProps {
  rsvp: Rsvp
  /** Called once the answers are saved. */
  onSaved(): void
}

/**
 * The household's RSVP, one form for every event it answers (`answerEvents`). Two layouts:
 * - while no event of the schedule takes RSVPs, the whole wedding: a card per person with
 *   Dadalo / Hindi makakadalo, the couple's questions for each person who comes, and the deadline;
 * - otherwise a card per event in the schedule's order, each person Oo / Hindi for it, the event's
 *   own questions under those who come, a closed event shown with what was recorded. Declining one
 *   event leaves the others as they are.
 * Then a note to the couple. A failed save keeps everything typed and says why. A guest who found
 * their name by searching (no invitation code) starts from a blank form, is told that their party
 * already replied, and cannot change a reply the couple recorded.
 */
export function RsvpForm({ rsvp, onSaved }: RsvpFormProps) {
  const { t } = useTranslation('rsvp')
  const submit = useGuestRsvpStore((state) => state.submit)
  const [saveError, setSaveError] = useState<string | null>(null)
  const id = useId()

  const { wedding, household } = rsvp
  const byEvent = (rsvp.events ?? []).length > 0
  const events = answerEvents(rsvp)
  const questions = wedding.rsvpQuestions
  const open = events.filter((event) => !event.isClosed)
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
  } = useForm<RsvpFormValues>({
    defaultValues: initialFormValues(
      household.persons,
      events,
      questions,
      household.message,
      isLocked,
    ),
    resolver: zodResolver(byEvent ? eventsSchema : weddingSchema),
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
        const mine = seats.fromForm > cap!
        setSaveError(
          byEvent
            ? t(mine ? 'events.overSeatCap' : 'events.overSeatCapHidden', {
                event: eventName(rsvp.events![index]!, index, t),
              })
            : t(mine ? 'errors.rsvp_over_seat_cap' : 'errors.rsvp_over_seat_cap_hidden'),
        )
        return
      }
    }
    try {
      await submit(toAnswerInputs(values, events, questions), values.message)
      onSaved()
    } catch (error) {
      setSaveError(errorMessage(error, t, 'rsvp'))
    }
  })

  /** The persons' answers to one open event: a card each for the wedding, a list in the event's card. */
  const personFields = (event: EventLike, formIndex: number, eventIndex: number) => {
    const answerable = household.persons.filter((person) => !isLocked(person, event))
    return household.persons.map((person) => {
      const name = fullName(person)
      let field: ReactNode
      if (isLocked(person, event)) field = <LockedPerson name={name} />
      else {
        const personIndex = answerable.indexOf(person)
        const path = `events.${formIndex}.persons.${personIndex}` as const
        field = (
          <PersonFieldset
            layout={byEvent ? 'event' : 'wedding'}
            path={path}
            name={name}
            event={byEvent ? eventName(rsvp.events![eventIndex]!, eventIndex, t) : undefined}
            isChild={person.type === 'child'}
            attending={formOf(formIndex)[personIndex]?.attendance === 'yes'}
            questions={questionsFor(questions, event)}
            register={register}
            errors={errors.events?.[formIndex]?.persons?.[personIndex]}
            onYesClick={onYesClick(event, formIndex, person.id)}
            seatsFull={seatsFull(event, formIndex, person.id, name)}
          />
        )
      }
      return byEvent ? (
        <li key={person.id}>{field}</li>
      ) : (
        <Fragment key={person.id}>{field}</Fragment>
      )
    })
  }

  return (
    <>
      <RsvpGreeting rsvp={rsvp} />
      <AnsweredNote rsvp={rsvp} byEvent={byEvent} />

      <form noValidate onSubmit={onSubmit} className="mt-8" aria-describedby={`${id}-intro`}>
        <p id={`${id}-intro`} className="rsvp-subheading">
          {t(
            household.persons.length > 1
              ? byEvent
                ? 'events.intro'
                : 'page.householdIntroParty'
              : byEvent
                ? 'events.introSingle'
                : 'page.householdIntroSingle',
          )}
        </p>
        {household.seatCap != null && household.seatCap < household.persons.length && (
          <p data-testid="rsvp-seat-cap" className="mt-2 font-bold">
            {t('page.seatCap', { count: household.seatCap })}
          </p>
        )}
        <fieldset disabled={isSubmitting} className="contents">
          <div className="mt-4 space-y-4">
            {byEvent
              ? rsvp.events!.map((event, eventIndex) => {
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
                          {personFields(event, formIndex, eventIndex)}
                        </ul>
                      )}
                    </section>
                  )
                })
              : personFields(events[0]!, 0, 0)}
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

/**
 * Above the form: when the household last sent its answers, or that the couple recorded them, or
 * (for a guest who searched) that its party already replied. For the whole wedding also until when
 * to answer, or to change an answer; each event's card says its own deadline.
 */
function AnsweredNote({ rsvp, byEvent }: { rsvp: Rsvp; byEvent: boolean }) {
  const { t, i18n } = useTranslation('rsvp')
  const language = dateLanguage(i18n.language)
  const { wedding, household } = rsvp
  const searchOnly = household.access === 'guest_search'
  // A reply the couple recorded (imported with the list, or taken by phone) is theirs, not a time
  // the household answered. (A visitor by name search sees no answers: they are told so instead.)
  const answeredAt = lastEventRespondedAt(household.persons)
  const recordedByCouple = !searchOnly && onlyRecordedByCouple(household.persons)
  const recordedForYou = t('page.recordedForYou', {
    couple: coupleFirstNames(wedding, t('shell.and')),
  })

  if (byEvent) {
    if (!answeredAt && !household.hasAnswered) return null
    return (
      <div className="rsvp-note mt-6 text-sm">
        <p>
          {answeredAt
            ? t('page.answeredBefore', { time: formatDateTime(answeredAt, language) })
            : recordedByCouple
              ? recordedForYou
              : t('page.hiddenAnswers')}
        </p>
      </div>
    )
  }
  const deadline = wedding.rsvpDeadline && formatLongDate(wedding.rsvpDeadline, language)
  return (
    <div className="rsvp-note mt-6 flex gap-3 text-sm">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-(--rsvp-accent)" />
      <div>
        {/* An answered household is not asked to answer: it is told until when it may change. */}
        {household.hasAnswered ? (
          deadline && <p className="font-bold">{t('thankYou.changeUntil', { date: deadline })}</p>
        ) : (
          <p className="font-bold">
            {deadline ? t('page.deadline', { date: deadline }) : t('page.noDeadline')}
          </p>
        )}
        {answeredAt && (
          <p className="mt-1 first:mt-0">
            {t('page.answeredBefore', { time: formatDateTime(answeredAt, language) })}
          </p>
        )}
        {recordedByCouple && <p className="mt-1 first:mt-0">{recordedForYou}</p>}
        {searchOnly && household.hasAnswered && !answeredAt && !recordedByCouple && (
          <p className="mt-1 first:mt-0">{t('page.hiddenAnswers')}</p>
        )}
      </div>
    </div>
  )
}

/** The page's top: hello to the person the link is for, the couple's invitation, the day and the place. */
function RsvpGreeting({ rsvp }: { rsvp: Rsvp }) {
  const { t, i18n } = useTranslation('rsvp')
  const { wedding, household } = rsvp
  const venue = [wedding.venue?.name, wedding.venue?.city].filter(Boolean).join(', ')
  const date = formatLongDate(wedding.date, dateLanguage(i18n.language))
  return (
    <div className="text-center">
      <p className="rsvp-eyebrow">{t('page.eyebrow')}</p>
      <h1 className="rsvp-heading mt-2">
        {t('page.greeting', { name: displayName(household.persons[0]?.firstName) })}
      </h1>
      <p className="mt-3">
        {t('page.invited', { couple: coupleFirstNames(wedding, t('shell.and')) })}
      </p>
      {(date || venue) && (
        <p className="rsvp-muted mt-1">{[date, venue].filter(Boolean).join(' · ')}</p>
      )}
    </div>
  )
}

/** A person whose reply the couple recorded: a visitor without the household's code may not change it. */
function LockedPerson({ name }: { name: string }) {
  const { t } = useTranslation('rsvp')
  return (
    <div className="rsvp-card min-w-0">
      <p className="text-lg font-bold">{name}</p>
      <p className="rsvp-muted mt-2 flex gap-2 text-sm">
        <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('page.recordedByCouple', { name })}
      </p>
    </div>
  )
}

interface PersonFieldsetProps {
  /** A card of its own for the whole wedding, or a row in an event's card. */
  layout: 'wedding' | 'event'
  path: `events.${number}.persons.${number}`
  name: string
  /** The event's name, for the message asking for a choice. */
  event?: string
  isChild: boolean
  attending: boolean
  questions: RsvpQuestion[]
  register: UseFormRegister<RsvpFormValues>
  errors: FieldErrors<PersonFormValues> | undefined
  /** Refuses a "yes" that would pass the seats reserved. */
  onYesClick(event: MouseEvent<HTMLInputElement>): void
  /** Why "yes" was just refused for this person, if it was. */
  seatsFull: string | null
}

/** One person's answer (Dadalo / Hindi makakadalo, or Oo / Hindi for an event), and the questions once they come. */
function PersonFieldset({
  layout,
  path,
  name,
  event,
  isChild,
  attending,
  questions,
  register,
  errors,
  onYesClick,
  seatsFull,
}: PersonFieldsetProps) {
  const { t } = useTranslation('rsvp')
  const id = useId()
  const error = errors?.attendance?.message
  const errorId = `${id}-error`
  const seatsId = `${id}-seats`
  const describedBy = [error ? errorId : null, seatsFull ? seatsId : null].filter(Boolean).join(' ')
  const card = layout === 'wedding'

  return (
    <fieldset
      className={card ? 'rsvp-card min-w-0' : 'min-w-0'}
      aria-describedby={describedBy || undefined}
    >
      <legend className="float-left w-full">
        <span className={card ? 'text-lg font-bold' : 'font-bold'}>{name}</span>
        {isChild && (
          <span className="rsvp-badge ml-2 align-middle" data-status="pending">
            {t('page.child')}
          </span>
        )}
      </legend>
      <div
        className={
          card
            ? 'clear-both grid gap-2 pt-3 min-[420px]:grid-cols-2 min-[420px]:gap-3'
            : 'rsvp-yesno clear-both pt-3'
        }
      >
        <label className="rsvp-choice">
          <input
            type="radio"
            value="yes"
            aria-invalid={Boolean(error)}
            {...refusableYes(register(`${path}.attendance`), onYesClick)}
          />
          <span>{t(card ? 'status.attending' : 'events.yes')}</span>
        </label>
        <label className="rsvp-choice">
          <input
            type="radio"
            value="no"
            aria-invalid={Boolean(error)}
            {...register(`${path}.attendance`)}
          />
          <span>{t(card ? 'status.notAttending' : 'events.no')}</span>
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
              input={register(`${path}.answers.${questionIndex}`)}
              error={errors?.answers?.[questionIndex]?.message}
            />
          ))}
        </div>
      )}
    </fieldset>
  )
}

/** One of the couple's questions: a choice of options, or a line of text. */
function QuestionField({
  question,
  input,
  error,
}: {
  question: RsvpQuestion
  input: UseFormRegisterReturn
  error?: string
}) {
  const { t } = useTranslation('rsvp')
  const id = useId()

  if (question.kind === 'choice') {
    return (
      <fieldset className="min-w-0">
        <legend className="rsvp-label">{question.question}</legend>
        <div className="grid gap-2">
          {(question.options ?? []).map((option) => (
            <label key={option} className="rsvp-choice">
              <input type="radio" value={option} {...input} />
              <span>{option}</span>
            </label>
          ))}
        </div>
      </fieldset>
    )
  }
  return (
    <div>
      <label htmlFor={`${id}-answer`} className="rsvp-label">
        {question.question}
      </label>
      <input
        id={`${id}-answer`}
        type="text"
        maxLength={MAX_ANSWER_LENGTH}
        className="rsvp-input"
        aria-invalid={Boolean(error)}
        {...input}
      />
      {error && <p className="rsvp-error">{t(error)}</p>}
    </div>
  )
}

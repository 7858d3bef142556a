import { zodResolver } from '@hookform/resolvers/zod'
import { AlertCircle, CalendarClock, LockKeyhole } from 'lucide-react'
import { useId, useState, type MouseEvent } from 'react'
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
import { coupleFirstNames } from '../model/format'
import {
  fullName,
  initialFormValues,
  lastRespondedAt,
  onlyRecordedByCouple,
  MAX_ANSWER_LENGTH,
  MAX_MESSAGE_LENGTH,
  seatsCounted,
  toAnswerInputs,
  yesPassesSeatCap,
  type RsvpFormValues,
} from '@/lib/rsvp/rsvp-form'
import { useGuestRsvpStore } from '../guest-rsvp-store'
import { refusableYes } from './refusable-yes'
import { dateLanguage, formatDateTime } from '@/lib/rsvp/format-time'

// Messages are keys of the rsvp namespace, translated where they are shown.
const rsvpFormSchema = z.object({
  persons: z.array(
    z.object({
      personId: z.string(),
      attendance: z
        .enum(['', 'yes', 'no'])
        .check(z.refine((value) => value !== '', 'validation.chooseAttendance')),
      answers: z.array(
        z.string().check(z.maxLength(MAX_ANSWER_LENGTH, 'validation.answerTooLong')),
      ),
    }),
  ),
  message: z.string().check(z.maxLength(MAX_MESSAGE_LENGTH, 'validation.messageTooLong')),
})

interface RsvpFormProps {
  rsvp: Rsvp
  /** Called once the answers are saved. */
  onSaved(): void
}

/**
 * The household's RSVP: Dadalo / Hindi makakadalo for each person, the couple's questions for each
 * person who comes, and a note to the couple. A failed save keeps everything typed and says why.
 * A guest who found their name by searching (no invitation code) starts from a blank form, is told
 * that their party already replied, and cannot change a reply the couple recorded.
 */
export function RsvpForm({ rsvp, onSaved }: RsvpFormProps) {
  const { t, i18n } = useTranslation('rsvp')
  const language = dateLanguage(i18n.language)
  const submit = useGuestRsvpStore((state) => state.submit)
  const [saveError, setSaveError] = useState<string | null>(null)
  const id = useId()

  const { wedding, household } = rsvp
  // Questions asked for one event wait until an event takes RSVPs (then the events' form asks them).
  const questions = wedding.rsvpQuestions.filter((question) => !question.eventId)
  const couple = coupleFirstNames(wedding, t('shell.and'))
  const searchOnly = household.access === 'guest_search'
  // When the household itself last sent its answers: a reply the couple recorded (imported with the
  // list, or taken by phone) is theirs, not a time the household answered.
  const answeredAt = lastRespondedAt(household.persons.filter((person) => !person.recordedByCouple))
  // (A visitor by name search sees no answers: they are told so instead.)
  const recordedByCouple = !searchOnly && onlyRecordedByCouple(household.persons)
  const isLocked = (person: (typeof household.persons)[number]) =>
    searchOnly && person.recordedByCouple
  const answerable = household.persons.filter((person) => !isLocked(person))

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<RsvpFormValues>({
    defaultValues: initialFormValues(answerable, questions, household.message),
    resolver: zodResolver(rsvpFormSchema),
  })
  const watched = useWatch({ control, name: 'persons' })
  const attendance = watched.map((person) => person.attendance)
  // A "Dadalo" past the seats reserved is refused where it is ticked, and said beside it; the
  // message goes once someone else is marked as not coming.
  const main = { id: '', isMain: true }
  const [refused, setRefused] = useState<string | null>(null)
  const passes = (personId: string) =>
    yesPassesSeatCap(household.persons, main, watched, searchOnly, household.seatCap, personId)
  const onYesClick = (personId: string) => (event: MouseEvent<HTMLInputElement>) => {
    if (!passes(personId)) return setRefused(null)
    event.preventDefault()
    setRefused(personId)
  }
  const seatsFull = (personId: string, name: string) => {
    if (refused !== personId || !passes(personId)) return null
    const hidden =
      seatsCounted(household.persons, main, watched, searchOnly).fromForm < (household.seatCap ?? 0)
    return t(hidden ? 'page.seatsFullHidden' : 'page.seatsFull', {
      count: household.seatCap ?? 0,
      name,
    })
  }

  const onSubmit = handleSubmit(async (values) => {
    setSaveError(null)
    // The seats reserved, said before sending (the database refuses it the same way).
    const seats = seatsCounted(
      household.persons,
      { id: '', isMain: true },
      values.persons,
      searchOnly,
    )
    if (household.seatCap != null && seats.total > household.seatCap) {
      setSaveError(
        t(
          seats.fromForm > household.seatCap
            ? 'errors.rsvp_over_seat_cap'
            : 'errors.rsvp_over_seat_cap_hidden',
        ),
      )
      return
    }
    try {
      await submit(toAnswerInputs(values, questions), values.message)
      onSaved()
    } catch (error) {
      setSaveError(errorMessage(error, t, 'rsvp'))
    }
  })

  return (
    <>
      <RsvpGreeting rsvp={rsvp} />

      <div className="rsvp-note mt-6 flex gap-3 text-sm">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-(--rsvp-accent)" />
        <div>
          {/* An answered household is not asked to answer: it is told until when it may change. */}
          {household.hasAnswered ? (
            wedding.rsvpDeadline && (
              <p className="font-bold">
                {t('thankYou.changeUntil', {
                  date: formatLongDate(wedding.rsvpDeadline, language),
                })}
              </p>
            )
          ) : (
            <p className="font-bold">
              {wedding.rsvpDeadline
                ? t('page.deadline', { date: formatLongDate(wedding.rsvpDeadline, language) })
                : t('page.noDeadline')}
            </p>
          )}
          {answeredAt && (
            <p className="mt-1 first:mt-0">
              {t('page.answeredBefore', { time: formatDateTime(answeredAt, language) })}
            </p>
          )}
          {recordedByCouple && (
            <p className="mt-1 first:mt-0">{t('page.recordedForYou', { couple })}</p>
          )}
          {searchOnly && household.hasAnswered && !answeredAt && !recordedByCouple && (
            <p className="mt-1 first:mt-0">{t('page.hiddenAnswers')}</p>
          )}
        </div>
      </div>

      <form noValidate onSubmit={onSubmit} className="mt-8" aria-describedby={`${id}-intro`}>
        <p id={`${id}-intro`} className="rsvp-subheading">
          {t(
            household.persons.length > 1 ? 'page.householdIntroParty' : 'page.householdIntroSingle',
          )}
        </p>
        {household.seatCap != null && household.seatCap < household.persons.length && (
          <p data-testid="rsvp-seat-cap" className="mt-2 font-bold">
            {t('page.seatCap', { count: household.seatCap })}
          </p>
        )}
        <fieldset disabled={isSubmitting} className="contents">
          <div className="mt-4 space-y-4">
            {household.persons.map((person) => {
              if (isLocked(person)) return <LockedPerson key={person.id} name={fullName(person)} />
              const index = answerable.indexOf(person)
              return (
                <PersonFieldset
                  key={person.id}
                  index={index}
                  name={fullName(person)}
                  isChild={person.type === 'child'}
                  attending={attendance[index] === 'yes'}
                  questions={questions}
                  register={register}
                  errors={errors}
                  onYesClick={onYesClick(person.id)}
                  seatsFull={seatsFull(person.id, fullName(person))}
                />
              )
            })}
          </div>

          <div className="mt-8">
            <label htmlFor={`${id}-message`} className="rsvp-label">
              {t('page.messageLabel', { couple })}{' '}
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
            disabled={isSubmitting || answerable.length === 0}
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

/** The page's top: hello to the person the link is for, the couple's invitation, the day and the place. */
export function RsvpGreeting({ rsvp }: { rsvp: Rsvp }) {
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
export function LockedPerson({ name }: { name: string }) {
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
  index: number
  name: string
  isChild: boolean
  attending: boolean
  questions: RsvpQuestion[]
  register: UseFormRegister<RsvpFormValues>
  errors: FieldErrors<RsvpFormValues>
  /** Refuses a "Dadalo" that would pass the seats reserved. */
  onYesClick(event: MouseEvent<HTMLInputElement>): void
  /** Why "Dadalo" was just refused for this person, if it was. */
  seatsFull: string | null
}

function PersonFieldset({
  index,
  name,
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
  const error = errors.persons?.[index]?.attendance?.message
  const errorId = `${id}-error`
  const seatsId = `${id}-seats`
  const describedBy = [error ? errorId : null, seatsFull ? seatsId : null].filter(Boolean).join(' ')

  return (
    <fieldset className="rsvp-card min-w-0" aria-describedby={describedBy || undefined}>
      <legend className="float-left w-full">
        <span className="text-lg font-bold">{name}</span>
        {isChild && (
          <span className="rsvp-badge ml-2 align-middle" data-status="pending">
            {t('page.child')}
          </span>
        )}
      </legend>
      <div className="clear-both grid gap-2 pt-3 min-[420px]:grid-cols-2 min-[420px]:gap-3">
        <label className="rsvp-choice">
          <input
            type="radio"
            value="yes"
            aria-invalid={Boolean(error)}
            {...refusableYes(register(`persons.${index}.attendance`), onYesClick)}
          />
          <span>{t('status.attending')}</span>
        </label>
        <label className="rsvp-choice">
          <input
            type="radio"
            value="no"
            aria-invalid={Boolean(error)}
            {...register(`persons.${index}.attendance`)}
          />
          <span>{t('status.notAttending')}</span>
        </label>
      </div>
      {error && (
        <p id={errorId} className="rsvp-error">
          {t(error, { name })}
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
              input={register(`persons.${index}.answers.${questionIndex}`)}
              error={errors.persons?.[index]?.answers?.[questionIndex]?.message}
            />
          ))}
        </div>
      )}
    </fieldset>
  )
}

/** One of the couple's questions: a choice of options, or a line of text. */
export function QuestionField({
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

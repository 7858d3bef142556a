import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useLayoutEffect, useRef, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import * as z from 'zod/mini'
import { Alert } from '@/components/alert'
import { DatePicker } from '@/components/date-picker'
import type { Household } from '@/lib/api'
import type { WeddingEvent } from '@/lib/api/events'
import { formatLongDate, formatTime } from '@/lib/dates'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { useEventsStore } from '../events-store'
import { HouseholdPicker } from './household-picker'

interface EventCardProps {
  event: WeddingEvent
  households: readonly Household[]
  /** The wedding's RSVP deadline, the one a blank deadline means. */
  weddingDeadline: string | null
  language: 'fil' | 'en'
}

/** The card's one rule of its own: a private event invites someone. The message is a key of `rsvps`. */
const eventSchema = z
  .object({
    takesRsvp: z.boolean(),
    deadline: z.string(),
    isPrivate: z.boolean(),
    isMain: z.boolean(),
    householdIds: z.array(z.string()),
  })
  .check(
    z.superRefine((draft, context) => {
      if (draft.takesRsvp && draft.isPrivate && !draft.isMain && draft.householdIds.length === 0)
        context.addIssue({
          code: 'custom',
          path: ['householdIds'],
          message: 'eventsTab.errors.nobodyInvited',
        })
    }),
  )
type Draft = z.infer<typeof eventSchema>

const draftOf = (event: WeddingEvent): Draft => ({
  takesRsvp: event.takesRsvp,
  deadline: event.deadline ?? '',
  isPrivate: event.isPrivate,
  isMain: event.isMain,
  householdIds: [...event.householdIds],
})

const sameDraft = (a: Draft, b: Draft) =>
  a.takesRsvp === b.takesRsvp &&
  a.deadline === b.deadline &&
  a.isPrivate === b.isPrivate &&
  a.isMain === b.isMain &&
  a.householdIds.length === b.householdIds.length &&
  a.householdIds.every((id) => b.householdIds.includes(id))

/** One schedule event: whether it takes RSVPs, until when, whether it is seated, and who is invited. */
export function EventCard({ event, households, weddingDeadline, language }: EventCardProps) {
  const { t } = useTranslation(['rsvps', 'rsvp'])
  const save = useEventsStore((state) => state.save)
  const id = useId()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  // What is saved is the event as the store has it (this card's save puts it there too).
  const saved = draftOf(event)
  const {
    control,
    handleSubmit,
    reset,
    getValues,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting, isValidating },
  } = useForm<Draft>({
    resolver: zodResolver(eventSchema),
    defaultValues: saved,
    // A refusal is said until the next change, whichever it is (see `edited`), never re-checked.
    reValidateMode: 'onSubmit',
  })
  const [takesRsvp, deadline, isPrivate, isMain, householdIds] = useWatch({
    control,
    name: ['takesRsvp', 'deadline', 'isPrivate', 'isMain', 'householdIds'],
  })
  const draft: Draft = { takesRsvp, deadline, isPrivate, isMain, householdIds }
  // The save in flight, when the card's controls are off as they always were; not the moment the
  // rule is checked, so that a refused household list can still take the focus.
  const saving = isSubmitting && !isValidating
  // Another event made main, or this one saved elsewhere: follow it unless something is typed here.
  const seen = useRef(saved)
  useLayoutEffect(() => {
    if (sameDraft(saved, seen.current)) return
    if (sameDraft(getValues(), seen.current)) reset(saved)
    seen.current = saved
  })
  /** Any change forgets the last save's message and the last refusal. */
  const edited = () => {
    setResult(null)
    clearErrors()
  }
  const dirty = !sameDraft(draft, saved)
  const refusal = errors.householdIds?.message

  const onSubmit = handleSubmit(
    async (values) => {
      setResult(null)
      try {
        const events = await save(event.id, {
          takesRsvp: values.takesRsvp,
          deadline:
            values.takesRsvp && !values.isMain ? values.deadline || null : (event.deadline ?? null),
          isPrivate:
            values.takesRsvp && !values.isMain
              ? values.isPrivate
              : values.isMain
                ? false
                : values.isPrivate,
          isMain: values.takesRsvp && values.isMain,
          householdIds: values.isPrivate && !values.isMain ? values.householdIds : [],
        })
        // What the database kept (a first RSVP event becomes the seated one) replaces what was typed.
        const kept = events.find((item) => item.id === event.id)
        if (kept) reset(draftOf(kept))
        setResult({ tone: 'success', text: t('eventsTab.saved') })
      } catch (error) {
        setResult({ tone: 'error', text: errorMessage(error, t, 'rsvp') })
      }
    },
    () => setResult(null),
  )

  const when = [
    event.date ? formatLongDate(event.date, language) : null,
    event.startTime ? formatTime(event.date, event.startTime) : null,
    event.venue,
  ]
    .filter(Boolean)
    .join(' · ')
  const name = event.name?.trim() || t('eventsTab.unnamed')
  const weddingDeadlineText = weddingDeadline ? formatLongDate(weddingDeadline, language) : null

  return (
    <section
      aria-labelledby={`${id}-name`}
      className="rounded-2xl border border-line bg-white p-5 sm:p-6"
      data-testid="event-card"
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h2 id={`${id}-name`} className="font-display text-2xl">
          {name}
        </h2>
        {event.takesRsvp && event.isMain && (
          <span className="mt-1.5 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
            {t('eventsTab.seatedBadge')}
          </span>
        )}
        {event.takesRsvp && event.isPrivate && (
          <span className="mt-1.5 rounded-full bg-canvas px-2.5 py-0.5 text-xs font-semibold text-ink ring-1 ring-line">
            {t('eventsTab.privateBadge')}
          </span>
        )}
      </div>
      {when && <p className="mt-1 text-sm text-muted">{when}</p>}
      {event.takesRsvp && (
        <p className="mt-2 text-sm" data-testid="event-counts">
          {/* With seat caps, those the seats leave out are not the forecast's "still to answer": say both. */}
          {t(event.counts.beyondSeats > 0 ? 'eventsTab.countsSeats' : 'eventsTab.counts', {
            attending: event.counts.attending,
            declined: event.counts.declined,
            pending: event.counts.pending,
            stillToAnswer: event.counts.stillToAnswer,
            households: event.counts.households,
          })}
        </p>
      )}

      <form
        noValidate
        onSubmit={(submitted) => void onSubmit(submitted)}
        className="mt-4 space-y-4"
      >
        <div className="flex items-center gap-3">
          <Controller
            name="takesRsvp"
            control={control}
            render={({ field }) => (
              <input
                ref={field.ref}
                id={`${id}-takes`}
                type="checkbox"
                className="size-5 shrink-0 accent-brand-600"
                checked={field.value}
                disabled={saving}
                onBlur={field.onBlur}
                onChange={(changed) => {
                  edited()
                  field.onChange(changed.target.checked)
                }}
              />
            )}
          />
          <label htmlFor={`${id}-takes`} className="font-medium">
            {t('eventsTab.takesRsvp')}
          </label>
        </div>

        {draft.takesRsvp && (
          <>
            <div className="flex items-start gap-3">
              <Controller
                name="isMain"
                control={control}
                render={({ field }) => (
                  <input
                    ref={field.ref}
                    id={`${id}-main`}
                    type="checkbox"
                    className="mt-0.5 size-5 shrink-0 accent-brand-600"
                    checked={field.value}
                    // The seated event changes by choosing another one, never by having none.
                    disabled={saving || saved.isMain}
                    aria-describedby={`${id}-main-hint`}
                    onBlur={field.onBlur}
                    onChange={(changed) => {
                      edited()
                      field.onChange(changed.target.checked)
                      if (changed.target.checked) setValue('isPrivate', false)
                    }}
                  />
                )}
              />
              <div>
                <label htmlFor={`${id}-main`} className="font-medium">
                  {t('eventsTab.main')}
                </label>
                <p id={`${id}-main-hint`} className="text-sm text-muted">
                  {saved.isMain ? t('eventsTab.mainHintIs') : t('eventsTab.mainHint')}
                </p>
              </div>
            </div>

            {draft.isMain ? (
              <p className="text-sm">
                {weddingDeadlineText
                  ? t('eventsTab.mainDeadline', { date: weddingDeadlineText })
                  : t('eventsTab.mainNoDeadline')}{' '}
                <Link
                  to={`${paths.manage.rsvps}?view=settings`}
                  className="font-semibold text-brand-700 underline"
                >
                  {t('eventsTab.mainDeadlineLink')}
                </Link>
              </p>
            ) : (
              <div>
                <label htmlFor={`${id}-deadline`} className="field-label">
                  {t('eventsTab.deadline')}
                </label>
                <Controller
                  name="deadline"
                  control={control}
                  render={({ field }) => (
                    <DatePicker
                      id={`${id}-deadline`}
                      aria-describedby={`${id}-deadline-hint`}
                      value={field.value || null}
                      onSelect={(date) => {
                        edited()
                        field.onChange(date)
                      }}
                      onBlur={field.onBlur}
                      dialogLabel={t('eventsTab.deadlineDialog', { name })}
                      clear={{
                        label: t('eventsTab.weddingDeadline'),
                        onClear: () => {
                          edited()
                          field.onChange('')
                        },
                      }}
                      aria-invalid={false}
                    />
                  )}
                />
                <p id={`${id}-deadline-hint`} className="mt-1.5 text-sm text-muted">
                  {weddingDeadlineText
                    ? t('eventsTab.deadlineHint', { date: weddingDeadlineText })
                    : t('eventsTab.deadlineHintNone')}
                </p>
              </div>
            )}

            {!draft.isMain && (
              <>
                <div className="flex items-start gap-3">
                  <Controller
                    name="isPrivate"
                    control={control}
                    render={({ field }) => (
                      <input
                        ref={field.ref}
                        id={`${id}-private`}
                        type="checkbox"
                        className="mt-0.5 size-5 shrink-0 accent-brand-600"
                        checked={field.value}
                        disabled={saving}
                        aria-describedby={`${id}-private-hint`}
                        onBlur={field.onBlur}
                        onChange={(changed) => {
                          edited()
                          field.onChange(changed.target.checked)
                        }}
                      />
                    )}
                  />
                  <div>
                    <label htmlFor={`${id}-private`} className="font-medium">
                      {t('eventsTab.private')}
                    </label>
                    <p id={`${id}-private-hint`} className="text-sm text-muted">
                      {t('eventsTab.privateHint')}
                    </p>
                  </div>
                </div>
                {draft.isPrivate && (
                  <Controller
                    name="householdIds"
                    control={control}
                    render={({ field }) => (
                      <HouseholdPicker
                        households={households}
                        chosen={field.value}
                        onChange={(chosen) => {
                          edited()
                          field.onChange(chosen)
                        }}
                        disabled={saving}
                        searchRef={field.ref}
                      />
                    )}
                  />
                )}
              </>
            )}
          </>
        )}

        {/* A refusal where a failed save is said, as it always was: above the button. */}
        {refusal ? (
          <Alert tone="error">{t(refusal)}</Alert>
        ) : (
          result && <Alert tone={result.tone}>{result.text}</Alert>
        )}
        <button
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          disabled={saving || !dirty}
        >
          {saving ? t('eventsTab.saving') : t('eventsTab.save')}
        </button>
      </form>
    </section>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { Baby, Trash2, UserPlus } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Field } from '@/components/field'
import { rowsSharedWithNeighbours } from '@/components/management-styles'
import type { Household } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { useGuestsStore } from '../guests-store'
import { householdLabel } from '../model/guest-list'
import {
  emptyHousehold,
  householdLimits,
  householdToValues,
  householdValues,
  isLastAdult,
  newPerson,
  valuesToDraft,
  type HouseholdValues,
} from '../model/household-form'

interface HouseholdFormProps {
  /** The household to edit; none to create a new one. */
  household?: Household | null
  /** After a save: 'close' closes the drawer, 'another' keeps it open for the next household. */
  onSaved(household: Household, intent: 'close' | 'another'): void
  onCancel(): void
  onDirtyChange?(dirty: boolean): void
  /** The sides this member may put a household on (a family helper: their own, chosen for them). */
  sides?: ReadonlyArray<'bride' | 'groom' | 'both'>
}

type Intent = 'close' | 'another'

const allSides = ['bride', 'groom', 'both'] as const

// Two save buttons share a phone's width; Cancel gives way to the drawer's close button there.
// Side by side on a phone, each on two balanced lines when its words need them ("I-save at
// magdagdag pa" beside "I-save at isara" is wider than a 360 px screen on one line).
const footerButton =
  'min-w-0 flex-1 px-3 text-sm leading-tight sm:flex-none sm:px-4 sm:text-[0.9375rem]'
/** Words over two balanced lines on a phone (a style, not a class: see ScrollRow's hints). */
const balanced = { textWrap: 'balance' } as const

/**
 * The Manually tab, and the edit form: a household's persons, contact, relationship, address and
 * notes. While saving every input is disabled; a failed save keeps everything typed and says what
 * went wrong.
 */
export function HouseholdForm({
  household,
  onSaved,
  onCancel,
  onDirtyChange,
  sides = allSides,
}: HouseholdFormProps) {
  const { t } = useTranslation('guests')
  const formId = useId()
  const save = useGuestsStore((state) => state.save)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [savedName, setSavedName] = useState<string | null>(null)
  const alertRef = useRef<HTMLDivElement>(null)

  const form = useForm<HouseholdValues>({
    resolver: zodResolver(householdValues),
    defaultValues: household ? householdToValues(household) : emptyHousehold(oneSide(sides)),
  })
  const { register, control, handleSubmit, formState, reset, setFocus } = form
  const { fields, append, remove } = useFieldArray({ control, name: 'persons', keyName: 'key' })
  const persons = useWatch({ control, name: 'persons' })
  const watched = useWatch({ control })

  useEffect(() => onDirtyChange?.(formState.isDirty), [formState.isDirty, onDirtyChange])
  // After "Save & add another", the next household's first name takes the focus once the form is
  // enabled again (a disabled input cannot take it).
  const focusNext = useRef(false)
  useEffect(() => {
    if (saving || !focusNext.current) return
    focusNext.current = false
    setFocus('persons.0.firstName')
  }, [saving, setFocus])
  useEffect(() => {
    if (failure) alertRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [failure])

  async function submit(values: HouseholdValues, intent: Intent) {
    setSaving(true)
    setFailure(null)
    setSavedName(null)
    try {
      const saved = await save(valuesToDraft(values, household?.id))
      if (intent === 'another' && !household) {
        reset(emptyHousehold(oneSide(sides)))
        setSavedName(householdLabel(saved).name)
        focusNext.current = true
      } else {
        reset(values)
      }
      onSaved(saved, intent)
    } catch (error) {
      setFailure(errorMessage(error, t, 'guests'))
    } finally {
      setSaving(false)
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const intent: Intent = submitter?.value === 'another' ? 'another' : 'close'
    return handleSubmit((values) => submit(values, intent))(event)
  }

  const { errors } = formState
  const message = (key: string | undefined, max?: number) => (key ? t(key, { max }) : null)
  // Each input stops at the database's limit (maxLength); reaching it says so, in the hint.
  const atLimit = (value: string | null | undefined, max: number) =>
    (value ?? '').length >= max ? t('form.atLimit', { max }) : undefined
  const personsError = errors.persons?.root?.message ?? errors.persons?.message

  return (
    <form
      id={formId}
      noValidate
      onSubmit={onSubmit}
      className="flex min-h-full flex-col"
      aria-busy={saving}
    >
      <div ref={alertRef} className="space-y-3">
        {failure && (
          <Alert tone="error">
            <p className="font-semibold">{t('form.saveFailed')}</p>
            <p>{failure}</p>
          </Alert>
        )}
        {savedName && <Alert tone="success">{t('form.savedAnother', { name: savedName })}</Alert>}
      </div>

      <fieldset disabled={saving} className="flex-1 space-y-8 pb-6 pt-2">
        <section aria-labelledby={`${formId}-persons`} className="space-y-3">
          <h3 id={`${formId}-persons`} className="text-base font-semibold text-ink">
            {t('form.personsTitle')}
          </h3>
          <ol className="space-y-3">
            {fields.map((field, index) => {
              const type = persons[index]?.type ?? field.type
              const lastAdult = isLastAdult(persons, index)
              const personErrors = errors.persons?.[index]
              const legend = t(type === 'child' ? 'form.childLegend' : 'form.adultLegend', {
                number: index + 1,
              })
              return (
                <li key={field.key}>
                  <fieldset className="rounded-xl border border-line bg-canvas/60 p-3 sm:p-4">
                    <legend className="sr-only">{legend}</legend>
                    <div className="mb-3 flex flex-wrap items-center gap-2">
                      <span aria-hidden="true" className="mr-auto text-sm font-semibold text-muted">
                        {t('form.guestNumber', { number: index + 1 })}
                      </span>
                      <fieldset
                        className="flex rounded-lg border border-line bg-white p-0.5 text-sm"
                        aria-describedby={
                          lastAdult && fields.length > 1 ? `${formId}-last-adult` : undefined
                        }
                      >
                        <legend className="sr-only">{t('form.personType')}</legend>
                        {(['adult', 'child'] as const).map((option) => (
                          <label
                            key={option}
                            className={`cursor-pointer rounded-md px-3 py-1 font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-40 ${
                              type === option
                                ? 'bg-brand-600 text-white'
                                : 'text-muted hover:text-ink'
                            }`}
                          >
                            <input
                              type="radio"
                              value={option}
                              className="sr-only"
                              disabled={option === 'child' && lastAdult}
                              {...register(`persons.${index}.type`)}
                            />
                            {t(`person.${option}`)}
                          </label>
                        ))}
                      </fieldset>
                      <button
                        type="button"
                        className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-muted"
                        onClick={() => remove(index)}
                        disabled={lastAdult}
                        aria-label={t('form.removePerson', { name: legend })}
                        title={lastAdult ? t('form.lastAdult') : t('form.remove')}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                    {lastAdult && fields.length > 1 && (
                      <p id={`${formId}-last-adult`} className="-mt-1 mb-3 text-xs text-muted">
                        {t('form.lastAdult')}
                      </p>
                    )}
                    {/* On a phone: Title and First name, then Last name and Suffix, each name the wide one. */}
                    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)_5.5rem] gap-3 sm:grid-cols-[5rem_minmax(0,1fr)_minmax(0,1fr)_4.5rem]">
                      <Field
                        label={t('form.title')}
                        error={message(personErrors?.title?.message, householdLimits.title)}
                        hint={atLimit(persons[index]?.title, householdLimits.title)}
                      >
                        {(control) => (
                          <input
                            {...control}
                            className="field-input"
                            autoComplete="off"
                            maxLength={householdLimits.title}
                            placeholder={t('form.titlePlaceholder')}
                            {...register(`persons.${index}.title`)}
                          />
                        )}
                      </Field>
                      <Field
                        label={t('form.firstName')}
                        error={message(personErrors?.firstName?.message, householdLimits.firstName)}
                        hint={atLimit(persons[index]?.firstName, householdLimits.firstName)}
                        className="col-span-2 sm:col-span-1"
                      >
                        {(control) => (
                          <input
                            {...control}
                            className="field-input"
                            autoComplete="off"
                            maxLength={householdLimits.firstName}
                            {...register(`persons.${index}.firstName`)}
                          />
                        )}
                      </Field>
                      <Field
                        label={t('form.lastName')}
                        error={message(personErrors?.lastName?.message, householdLimits.lastName)}
                        hint={atLimit(persons[index]?.lastName, householdLimits.lastName)}
                        className="col-span-2 sm:col-span-1"
                      >
                        {(control) => (
                          <input
                            {...control}
                            className="field-input"
                            autoComplete="off"
                            maxLength={householdLimits.lastName}
                            {...register(`persons.${index}.lastName`)}
                          />
                        )}
                      </Field>
                      <Field
                        label={t('form.suffix')}
                        error={message(personErrors?.suffix?.message, householdLimits.suffix)}
                        hint={atLimit(persons[index]?.suffix, householdLimits.suffix)}
                      >
                        {(control) => (
                          <input
                            {...control}
                            className="field-input"
                            autoComplete="off"
                            maxLength={householdLimits.suffix}
                            placeholder={t('form.suffixPlaceholder')}
                            {...register(`persons.${index}.suffix`)}
                          />
                        )}
                      </Field>
                    </div>
                    {/* How guests may type the name: searched on the site, never shown there (the maiden surname).
                        The two boxes level, though "Apelyido sa pagkadalaga" takes two lines on a phone. */}
                    <div className="mt-3 grid grid-cols-2 gap-3">
                      <Field
                        label={t('form.knownAs')}
                        error={message(personErrors?.knownAs?.message, householdLimits.knownAs)}
                        hint={atLimit(persons[index]?.knownAs, householdLimits.knownAs)}
                        style={rowsSharedWithNeighbours}
                      >
                        {(control) => (
                          <input
                            {...control}
                            className="field-input"
                            autoComplete="off"
                            maxLength={householdLimits.knownAs}
                            placeholder={t('form.knownAsPlaceholder')}
                            {...register(`persons.${index}.knownAs`)}
                          />
                        )}
                      </Field>
                      <Field
                        label={t('form.maidenName')}
                        error={message(
                          personErrors?.maidenName?.message,
                          householdLimits.maidenName,
                        )}
                        hint={
                          atLimit(persons[index]?.maidenName, householdLimits.maidenName) ??
                          t('form.maidenNameHint')
                        }
                        style={rowsSharedWithNeighbours}
                      >
                        {(control) => (
                          <input
                            {...control}
                            className="field-input"
                            autoComplete="off"
                            maxLength={householdLimits.maidenName}
                            {...register(`persons.${index}.maidenName`)}
                          />
                        )}
                      </Field>
                    </div>
                  </fieldset>
                </li>
              )
            })}
          </ol>
          {personsError && (
            <p className="field-error" role="alert">
              {t(personsError)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() =>
                append(newPerson('adult'), { focusName: `persons.${fields.length}.firstName` })
              }
            >
              <UserPlus aria-hidden="true" className="size-4" />
              {t('form.addAdult')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() =>
                append(newPerson('child'), { focusName: `persons.${fields.length}.firstName` })
              }
            >
              <Baby aria-hidden="true" className="size-4" />
              {t('form.addChild')}
            </button>
          </div>
          <Field
            label={t('form.seatCap')}
            hint={t('form.seatCapHint')}
            error={errors.seatCap?.message ? t(errors.seatCap.message) : undefined}
          >
            {(control) => (
              <input
                {...control}
                className="field-input max-w-32 tabular-nums"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                {...register('seatCap')}
              />
            )}
          </Field>
        </section>

        <section aria-labelledby={`${formId}-contact`} className="space-y-3">
          <h3 id={`${formId}-contact`} className="text-base font-semibold text-ink">
            {t('form.contactTitle')}
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t('form.email')}
              error={message(errors.email?.message, householdLimits.email)}
              hint={atLimit(watched.email, householdLimits.email)}
            >
              {(control) => (
                <input
                  {...control}
                  maxLength={householdLimits.email}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  className="field-input"
                  {...register('email')}
                />
              )}
            </Field>
            <Field
              label={t('form.phone')}
              error={message(errors.phone?.message, householdLimits.phone)}
              hint={atLimit(watched.phone, householdLimits.phone)}
            >
              {(control) => (
                <input
                  {...control}
                  maxLength={householdLimits.phone}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  className="field-input"
                  {...register('phone')}
                />
              )}
            </Field>
          </div>
        </section>

        <section aria-labelledby={`${formId}-relation`} className="space-y-3">
          <h3 id={`${formId}-relation`} className="text-base font-semibold text-ink">
            {t('form.relationTitle')}
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('form.side')}>
              {(control) => (
                <select {...control} className="field-input" {...register('relationshipSide')}>
                  {sides.length > 1 && <option value="">{t('form.sideNone')}</option>}
                  {sides.map((side) => (
                    <option key={side} value={side}>
                      {t(`relation.side.${side}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('form.type')}>
              {(control) => (
                <select {...control} className="field-input" {...register('relationshipType')}>
                  <option value="">{t('form.typeNone')}</option>
                  <option value="family">{t('relation.type.family')}</option>
                  <option value="friend">{t('relation.type.friend')}</option>
                  <option value="familyFriend">{t('relation.type.familyFriend')}</option>
                  <option value="others">{t('relation.type.others')}</option>
                </select>
              )}
            </Field>
          </div>
        </section>

        <section aria-labelledby={`${formId}-address`} className="space-y-3">
          <h3 id={`${formId}-address`} className="text-base font-semibold text-ink">
            {t('form.addressTitle')}
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t('form.address1')}
              className="sm:col-span-2"
              error={message(errors.address?.address1?.message, householdLimits.address1)}
              hint={atLimit(watched.address?.address1, householdLimits.address1)}
            >
              {(control) => (
                <input
                  {...control}
                  className="field-input"
                  maxLength={householdLimits.address1}
                  autoComplete="off"
                  {...register('address.address1')}
                />
              )}
            </Field>
            <Field
              label={t('form.address2')}
              className="sm:col-span-2"
              error={message(errors.address?.address2?.message, householdLimits.address2)}
              hint={atLimit(watched.address?.address2, householdLimits.address2)}
            >
              {(control) => (
                <input
                  {...control}
                  className="field-input"
                  maxLength={householdLimits.address2}
                  autoComplete="off"
                  {...register('address.address2')}
                />
              )}
            </Field>
            <Field
              label={t('form.city')}
              error={message(errors.address?.city?.message, householdLimits.city)}
              hint={atLimit(watched.address?.city, householdLimits.city)}
            >
              {(control) => (
                <input
                  {...control}
                  className="field-input"
                  maxLength={householdLimits.city}
                  autoComplete="off"
                  {...register('address.city')}
                />
              )}
            </Field>
            <Field
              label={t('form.state')}
              error={message(errors.address?.state?.message, householdLimits.state)}
              hint={atLimit(watched.address?.state, householdLimits.state)}
            >
              {(control) => (
                <input
                  {...control}
                  className="field-input"
                  maxLength={householdLimits.state}
                  autoComplete="off"
                  {...register('address.state')}
                />
              )}
            </Field>
            <Field
              label={t('form.zip')}
              error={message(errors.address?.zip?.message, householdLimits.zip)}
              hint={atLimit(watched.address?.zip, householdLimits.zip)}
            >
              {(control) => (
                <input
                  {...control}
                  className="field-input"
                  maxLength={householdLimits.zip}
                  autoComplete="off"
                  inputMode="numeric"
                  {...register('address.zip')}
                />
              )}
            </Field>
            <Field
              label={t('form.country')}
              error={message(errors.address?.country?.message, householdLimits.country)}
              hint={atLimit(watched.address?.country, householdLimits.country)}
            >
              {(control) => (
                <input
                  {...control}
                  className="field-input"
                  maxLength={householdLimits.country}
                  autoComplete="off"
                  {...register('address.country')}
                />
              )}
            </Field>
          </div>
        </section>

        <Field
          label={t('form.notes')}
          hint={atLimit(watched.notes, householdLimits.notes) ?? t('form.notesHint')}
          error={message(errors.notes?.message, householdLimits.notes)}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={householdLimits.notes}
              className="field-input"
              {...register('notes')}
            />
          )}
        </Field>
      </fieldset>

      <div className="sticky -bottom-5 -mx-6 -mb-5 flex gap-2 border-t border-line bg-white px-4 py-4 sm:justify-end sm:gap-3 sm:px-6">
        <button
          type="button"
          className="btn btn-secondary mr-auto hidden whitespace-nowrap sm:inline-flex"
          onClick={onCancel}
          disabled={saving}
        >
          {t('common:actions.cancel')}
        </button>
        {!household && (
          <button
            type="submit"
            value="another"
            className={`btn btn-secondary ${footerButton}`}
            style={balanced}
            disabled={saving}
          >
            {t('form.saveAnother')}
          </button>
        )}
        <button
          type="submit"
          value="close"
          className={`btn btn-primary ${footerButton}`}
          style={balanced}
          disabled={saving}
        >
          {saving ? t('form.saving') : household ? t('form.saveChanges') : t('form.saveClose')}
        </button>
      </div>
    </form>
  )
}

/** A member who may use one side only has it chosen for them. */
function oneSide(sides: ReadonlyArray<'bride' | 'groom' | 'both'>) {
  return sides.length === 1 ? sides[0]! : ''
}

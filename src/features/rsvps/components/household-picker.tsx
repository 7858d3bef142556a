import { Search } from 'lucide-react'
import { useId, useMemo, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import type { Household } from '@/lib/api'
import { displayFullName } from '@/lib/names'
import { matchHouseholds } from '@/lib/rsvp/events'

/** At most this many matches are listed at once; the couple narrows by typing. */
const SHOWN = 50

const householdName = (household: Pick<Household, 'persons'>) =>
  household.persons.map((person) => displayFullName(person)).join(', ')

interface HouseholdPickerProps {
  households: readonly Household[]
  chosen: readonly string[]
  onChange(chosen: string[]): void
  disabled?: boolean
  /** The search box, the picker's first control: where the focus goes when nobody is chosen. */
  searchRef?: Ref<HTMLInputElement>
}

/** The households invited to a private event: search by name, tick many; the chosen ones listed first. */
export function HouseholdPicker({
  households,
  chosen,
  onChange,
  disabled,
  searchRef,
}: HouseholdPickerProps) {
  const { t } = useTranslation(['rsvps', 'rsvp'])
  const id = useId()
  const [query, setQuery] = useState('')
  const chosenSet = useMemo(() => new Set(chosen), [chosen])
  const matches = useMemo(() => {
    const found = matchHouseholds(households, query)
    // The chosen first, so what is invited is seen without scrolling.
    return [
      ...found.filter((household) => chosenSet.has(household.id)),
      ...found.filter((household) => !chosenSet.has(household.id)),
    ]
  }, [households, query, chosenSet])
  const toggle = (householdId: string, on: boolean) =>
    onChange(on ? [...chosen, householdId] : chosen.filter((item) => item !== householdId))

  return (
    <fieldset className="min-w-0 rounded-xl border border-line p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-semibold">{t('eventsTab.picker.legend')}</legend>
      <p
        className="text-sm font-semibold text-brand-700"
        aria-live="polite"
        data-testid="invited-count"
      >
        {t('eventsTab.picker.count', { count: chosen.length })}
      </p>
      <div className="relative mt-2">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
        />
        <label htmlFor={`${id}-search`} className="sr-only">
          {t('eventsTab.picker.search')}
        </label>
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('eventsTab.picker.searchPlaceholder')}
          className="field-input pl-9"
        />
      </div>
      {matches.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          {households.length === 0
            ? t('eventsTab.picker.noHouseholds')
            : t('eventsTab.picker.noMatch')}
        </p>
      ) : (
        <ul
          className="mt-3 max-h-72 space-y-1 overflow-y-auto"
          aria-label={t('eventsTab.picker.list')}
        >
          {matches.slice(0, SHOWN).map((household) => (
            <li key={household.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-canvas has-[:checked]:bg-brand-50">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-600"
                  checked={chosenSet.has(household.id)}
                  onChange={(event) => toggle(household.id, event.target.checked)}
                />
                <span className="min-w-0 text-sm">{householdName(household)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {matches.length > SHOWN && (
        <p className="mt-2 text-sm text-muted">
          {t('eventsTab.picker.more', { count: matches.length - SHOWN })}
        </p>
      )}
    </fieldset>
  )
}

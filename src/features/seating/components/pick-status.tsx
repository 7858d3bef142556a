import { X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { fullName, seatOfPerson } from '../model'
import { useSeatingStore } from '../seating-store'
import { useSeatingActions } from '../use-seating-actions'

/** While someone waits for a seat: who, what to do next, and a way out. */
export function PickStatus() {
  const { t } = useTranslation('seating')
  const pick = useSeatingStore((state) => state.pick)
  const households = useSeatingStore((state) => state.households)
  const layout = useSeatingStore((state) => state.history.present)
  const setPick = useSeatingStore((state) => state.setPick)
  const actions = useSeatingActions()
  if (!pick) return null

  let name = ''
  let seated = false
  if (pick.kind === 'person') {
    const person = households
      .flatMap((household) => household.persons)
      .find((p) => p.id === pick.personId)
    name = person ? fullName(person) : ''
    seated = Boolean(seatOfPerson(layout, pick.personId))
  } else {
    const head = households.find((household) => household.id === pick.householdId)?.persons[0]
    name = t('guests.household', { name: head ? fullName(head) : '' })
  }

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900 shadow-sm sm:px-4 sm:py-3">
      <p className="min-w-0 flex-1">
        <span className="font-semibold">
          {pick.kind === 'household'
            ? t('pick.seatHousehold', { name })
            : seated
              ? t('pick.move', { name })
              : t('pick.seat', { name })}
        </span>{' '}
        <span className="hidden sm:inline">{t('pick.how')}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href="#seating-tables"
          className="hidden font-semibold underline underline-offset-2 sm:inline"
        >
          {t('pick.toList')}
        </a>
        {seated && pick.kind === 'person' && (
          <button
            type="button"
            className="btn btn-secondary py-1.5"
            onClick={() => {
              actions.unseat(pick.personId)
              setPick(null)
            }}
          >
            {t('pick.unseat')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary px-2.5 py-1.5 sm:px-4"
          onClick={() => setPick(null)}
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('pick.cancel')}</span>
        </button>
      </div>
    </div>
  )
}

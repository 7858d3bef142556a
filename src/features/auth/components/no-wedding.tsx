import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CompleteCouple } from './complete-couple'

/**
 * For an account that came in through a member invitation (a coordinator, a family helper) and
 * belongs to no wedding now: it is told so and how to get back in. Creating a wedding of its own
 * is offered, never asked.
 */
export function NoWedding() {
  const { t } = useTranslation('auth')
  const [planning, setPlanning] = useState(false)
  if (planning) return <CompleteCouple />
  return (
    <section
      className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16"
      aria-labelledby="no-wedding-heading"
    >
      <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 id="no-wedding-heading" className="font-display text-2xl text-ink sm:text-3xl">
          {t('noWedding.heading')}
        </h1>
        <p className="mt-2 text-muted">{t('noWedding.intro')}</p>
        <button type="button" className="btn btn-secondary mt-6" onClick={() => setPlanning(true)}>
          {t('noWedding.planOwn')}
        </button>
      </div>
    </section>
  )
}

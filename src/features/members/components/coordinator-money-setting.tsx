import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import type { Wedding } from '@/lib/api'
import { setCoordinatorSeesMoney } from '@/lib/api/budget'
import { errorMessage } from '@/lib/errors'
import { useSessionStore } from '@/lib/session'

/**
 * The couple's switch: whether their coordinator sees the budget, payments and gift amounts. Saved
 * as soon as it is changed; a failed save puts the box back and says why.
 */
export function CoordinatorMoneySetting({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('members')
  const id = useId()
  const setWedding = useSessionStore((state) => state.setWedding)
  const [allowed, setAllowed] = useState(wedding.coordinatorSeesMoney ?? false)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function change(next: boolean) {
    setSaving(true)
    setError(null)
    setAllowed(next)
    try {
      const saved = await setCoordinatorSeesMoney(wedding.id, next)
      setAllowed(saved.coordinatorSeesMoney)
      setWedding({ ...wedding, coordinatorSeesMoney: saved.coordinatorSeesMoney })
    } catch (failure) {
      setAllowed(!next)
      setError(errorMessage(failure, t, 'members'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={`${id}-title`} className="font-display text-xl text-ink">
        {t('money.heading')}
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={`${id}-input`}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          checked={allowed}
          disabled={saving}
          onChange={(event) => void change(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <div>
          <label htmlFor={`${id}-input`} className="font-semibold">
            {t('money.label')}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {t('money.hint')}
          </p>
        </div>
      </div>
      {error && (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </section>
  )
}

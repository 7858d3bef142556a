import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { getRsvpRequiresCode, setRsvpRequiresCode } from '@/lib/api/invitations'
import { errorMessage } from '@/lib/errors'

/**
 * The stricter privacy setting: guests need their invitation link or code to RSVP. Saved as soon as
 * it is changed; a failed save puts the box back and says why.
 */
export function RsvpPrivacySetting({ weddingId }: { weddingId: string }) {
  const { t } = useTranslation('rsvp')
  const id = useId()
  const [required, setRequired] = useState<boolean | null>(null)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    getRsvpRequiresCode(weddingId).then(
      (value) => current && setRequired(value),
      (failure: unknown) => current && setError(errorMessage(failure, t, 'rsvp')),
    )
    return () => {
      current = false
    }
  }, [weddingId, t])

  async function change(next: boolean) {
    setSaving(true)
    setError(null)
    setRequired(next)
    try {
      setRequired(await setRsvpRequiresCode(weddingId, next))
    } catch (failure) {
      setRequired(!next)
      setError(errorMessage(failure, t, 'rsvp'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={`${id}-title`} className="font-display text-2xl">
        {t('tab.privacy.title')}
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={`${id}-input`}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          checked={required ?? false}
          disabled={required === null || saving}
          onChange={(event) => void change(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <div>
          <label htmlFor={`${id}-input`} className="font-semibold">
            {t('tab.privacy.label')}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {t('tab.privacy.hint')}
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

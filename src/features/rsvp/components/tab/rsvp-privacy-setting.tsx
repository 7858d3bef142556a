import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { getRsvpRequiresCode, setRsvpRequiresCode } from '@/lib/api/invitations'
import { errorMessage } from '@/lib/errors'
import { useLoad } from '@/lib/use-load'

/**
 * The stricter privacy setting: guests need their invitation link or code to RSVP. Saved as soon as
 * it is changed; a failed save puts the box back and says why.
 */
export function RsvpPrivacySetting({ weddingId }: { weddingId: string }) {
  const { t } = useTranslation('rsvp')
  const id = useId()
  const loaded = useLoad(() => getRsvpRequiresCode(weddingId), [weddingId])
  const required = loaded.data ?? null
  const setRequired = loaded.setData
  const [saving, setSaving] = useState(false)
  const [saveError, setError] = useState<string | null>(null)
  const error = saveError ?? (loaded.error != null ? errorMessage(loaded.error, t, 'rsvp') : null)

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

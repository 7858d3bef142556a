import { useId, useState } from 'react'
import { Alert } from '@/components/alert'

interface Props {
  title: string
  label: string
  hint: string
  /** What is saved; null while it is still being read (the box waits). */
  value: boolean | null
  /** Saves the new value; the caller keeps what was saved, so `value` follows. */
  onChange(next: boolean): Promise<void>
  /** What a failed save says, in the screen's words. */
  describe(failure: unknown): string
  /** Why the value could not be read, if it could not. */
  loadError?: string | null
  className?: string
}

/**
 * A setting that is saved as soon as it is changed: a checkbox in a card with its title and what it
 * does. The box moves at once; a failed save puts it back and says why.
 */
export function SettingSwitch({
  title,
  label,
  hint,
  value,
  onChange,
  describe,
  loadError = null,
  className = '',
}: Props) {
  const id = useId()
  const [pending, setPending] = useState<boolean | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const error = saveError ?? loadError

  async function change(next: boolean) {
    setPending(next)
    setSaveError(null)
    try {
      await onChange(next)
    } catch (failure) {
      setSaveError(describe(failure))
    } finally {
      setPending(null)
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-2xl border border-line bg-white p-5 sm:p-6 ${className}`}
    >
      <h2 id={`${id}-title`} className="font-display text-xl text-ink">
        {title}
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={`${id}-input`}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          checked={pending ?? value ?? false}
          disabled={value === null || pending !== null}
          onChange={(event) => void change(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <div>
          <label htmlFor={`${id}-input`} className="font-semibold">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
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

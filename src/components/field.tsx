import { useId, type CSSProperties, type ReactNode } from 'react'

interface FieldProps {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  className?: string
  style?: CSSProperties
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: {
    id: string
    'aria-invalid': boolean
    'aria-describedby'?: string
  }) => ReactNode
}

/** A labelled form control with its hint and error message, wired for screen readers. */
export function Field({ label, error, hint, className = '', style, children }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className} style={style}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

import { useRef, type ReactNode } from 'react'

/**
 * A button that opens the file picker: a real file input (keyboard, screen readers and browser
 * tests reach it by its label) drawn as a button, emptied after each pick so the same file may be
 * picked again.
 */
export function FileButton({
  label,
  accept,
  disabled,
  primary,
  icon,
  onFile,
}: {
  label: string
  accept: string
  disabled?: boolean
  /** Drawn as the screen's main action rather than a second one. */
  primary?: boolean
  icon?: ReactNode
  onFile(file: File): void
}) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <label
      className={`btn ${primary ? 'btn-primary' : 'btn-secondary'} cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 ${disabled ? 'pointer-events-none opacity-60' : ''}`}
    >
      {icon}
      {label}
      <input
        ref={input}
        type="file"
        accept={accept}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          if (input.current) input.current.value = ''
          if (file) onFile(file)
        }}
      />
    </label>
  )
}

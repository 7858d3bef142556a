/** Kasalan's mark: two rings. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-2 font-display text-xl font-semibold tracking-tight ${className}`}
    >
      <svg viewBox="0 0 64 64" className="size-7" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#8c4a3b" />
        <circle cx="26" cy="34" r="12" fill="none" stroke="#f6e7d8" strokeWidth="4" />
        <circle cx="38" cy="34" r="12" fill="none" stroke="#e9c46a" strokeWidth="4" />
      </svg>
      Kasalan
    </span>
  )
}

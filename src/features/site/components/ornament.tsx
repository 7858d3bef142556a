/** A small flourish between a title and its text, drawn in the theme's accent colour. */
export function Ornament({ className = '' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 112 16"
      className={`site-ornament ${className}`}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M0 8h42M70 8h42" stroke="currentColor" strokeWidth="1" opacity="0.55" />
      <path
        d="M56 2c2.2 3 4.4 4.6 8 6-3.6 1.4-5.8 3-8 6-2.2-3-4.4-4.6-8-6 3.6-1.4 5.8-3 8-6Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.1"
      />
      <circle cx="45" cy="8" r="1.4" fill="currentColor" />
      <circle cx="67" cy="8" r="1.4" fill="currentColor" />
    </svg>
  )
}

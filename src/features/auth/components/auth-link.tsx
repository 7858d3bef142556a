import type { ComponentProps } from 'react'
import { Link } from 'react-router'

/** A text link in the auth pages' brand colour. */
export function AuthLink({ className = '', ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      {...props}
      className={`font-semibold text-brand-700 underline-offset-2 hover:underline ${className}`}
    />
  )
}

import { paths } from '@/lib/paths'

/**
 * Where to go after signing in: the `returnTo` a protected page asked for, if it is a path on this
 * site (never another origin, `//host` or `/\host`, and never back to the auth pages), else the
 * guest list.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return paths.manage.guests
  }
  try {
    const url = new URL(value, 'https://kasalan.invalid')
    if (url.origin !== 'https://kasalan.invalid' || url.pathname.startsWith('/auth/'))
      return paths.manage.guests
    return url.pathname + url.search + url.hash
  } catch {
    return paths.manage.guests
  }
}

// The site address's rules, as kasalan.slug_status checks them, so the field can say "not
// allowed" at once; whether a slug is taken only the database can say.

export const SLUG_MIN_LENGTH = 3
export const SLUG_MAX_LENGTH = 63

export const reservedSlugs: ReadonlySet<string> = new Set([
  'manage',
  'auth',
  'rsvp',
  'api',
  'www',
  'admin',
  'wedding',
  'weddings',
  'welcome',
  'terms',
  'privacy',
  'preview',
  'assets',
  'images',
  'static',
  'app',
  'login',
  'register',
  'signup',
  'help',
  'support',
  'mail',
  'email',
  'kasalan',
  'root',
  'null',
  'undefined',
  '404',
])

export type SlugProblem = 'tooShort' | 'tooLong' | 'characters' | 'reserved'

/** What is wrong with a slug's shape, or null when the database may be asked. */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length < SLUG_MIN_LENGTH) return 'tooShort'
  if (slug.length > SLUG_MAX_LENGTH) return 'tooLong'
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return 'characters'
  if (reservedSlugs.has(slug)) return 'reserved'
  return null
}

/** Lower-case ASCII words joined by hyphens: "Niña & José" → "nina-jose". */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '')
}

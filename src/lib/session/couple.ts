import type { PersonName } from '@/lib/api'
import { displayName } from '@/lib/names'

/** What sign-up keeps in the account's metadata, so the wedding can be created later too. */
export interface CoupleMetadata {
  /** "Maria & Juan", capitalised: what the auth service and its e-mails call the account. */
  name?: string
  bride?: PersonName
  groom?: PersonName
  /** `YYYY-MM-DD`, or null while the couple is still deciding. */
  weddingDate?: string | null
}

/** A name as it is shown: `displayName` of `@/lib/names`, the one helper for this. */
export const capitalizeName = displayName

/** "Maria & Juan" from the bride's and the groom's first names, capitalised. */
export function coupleName(bride?: Partial<PersonName> | null, groom?: Partial<PersonName> | null) {
  return [bride?.firstName, groom?.firstName]
    .map((name) => capitalizeName(name ?? ''))
    .filter(Boolean)
    .join(' & ')
}

/** The metadata sign-up stores with the account: the couple as typed, the date, and a display name. */
export function coupleMetadata(couple: {
  bride: PersonName
  groom: PersonName
  weddingDate: string | null
}) {
  const trim = (person: PersonName): PersonName => ({
    firstName: person.firstName.trim(),
    lastName: person.lastName.trim(),
  })
  const bride = trim(couple.bride)
  const groom = trim(couple.groom)
  return {
    name: coupleName(bride, groom),
    bride,
    groom,
    weddingDate: couple.weddingDate,
  } satisfies CoupleMetadata
}

function asPersonName(value: unknown): PersonName | null {
  if (!value || typeof value !== 'object') return null
  const { firstName, lastName } = value as Record<string, unknown>
  return typeof firstName === 'string'
    ? { firstName, lastName: typeof lastName === 'string' ? lastName : '' }
    : null
}

/**
 * What to call the signed-in couple: their wedding's names once it is loaded, else the names
 * sign-up kept in the account, else the account's name, else nothing (the caller shows the e-mail).
 */
export function coupleDisplayName(
  metadata: Record<string, unknown>,
  wedding?: { bride: PersonName; groom: PersonName } | null,
) {
  if (wedding) {
    const name = coupleName(wedding.bride, wedding.groom)
    if (name) return name
  }
  const fromMetadata = coupleName(asPersonName(metadata.bride), asPersonName(metadata.groom))
  if (fromMetadata) return fromMetadata
  return typeof metadata.name === 'string' ? capitalizeName(metadata.name) : ''
}

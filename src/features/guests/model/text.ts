/** Text as the guest list compares it: "Peña" and "pena", "Dela Cruz" and "dela cruz" alike. */

const marks = /\p{M}+/gu
const separators = /[^\p{L}\p{N}@.+]+/gu

/** Lower case, accents removed, anything but letters, digits, "@", "." and "+" turned into one space. */
export function normalizeText(value: string | null | undefined): string {
  if (!value) return ''
  return value.normalize('NFD').replace(marks, '').toLowerCase().replace(separators, ' ').trim()
}

/** normalizeText without spaces or dots: "De la Cruz" and "Dela-Cruz" give the same key. */
export function compactText(value: string | null | undefined): string {
  return normalizeText(value).replace(/[\s.]+/g, '')
}

/** The key two persons with the same name share, however the name was typed. */
export function nameKey(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  return `${compactText(firstName)}|${compactText(lastName)}`
}

/** A trimmed value, or null when blank. */
export function blankToNull(value: string | null | undefined): string | null {
  const text = value?.trim() ?? ''
  return text === '' ? null : text
}

/**
 * The wedding site a guest means by what they typed: its address (`kasalan.ph/wedding/maria-and-juan`,
 * with or without `https://` and whatever follows), a subdomain (`maria-and-juan.kasalan.ph`), the
 * bare slug, or the couple's names as on the invitation ("Maria & Juan"). Null when nothing was typed.
 */
export function slugFromAddress(text: string): string | null {
  const value = text.trim()
  if (!value) return null
  const inPath = value.match(/\/wedding\/([^/?#\s]+)/i)
  if (inPath) return toSlug(decodeURIComponent(inPath[1]!))
  const host = value.match(/^(?:https?:\/\/)?([^/\s]+\.[^/\s]+)\/?$/i)
  if (host && !host[1]!.startsWith('www.')) return toSlug(host[1]!.split('.')[0]!)
  return toSlug(value) || null
}

/** Lower case, accents and "&" spelled plainly, words joined by hyphens. */
function toSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

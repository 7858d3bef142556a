/**
 * A couple's short-video embed, made safe (DESIGN.md: "never render user text as HTML"). The stored
 * HTML is parsed in an inert document, and only one thing is kept from it: the `src` of its first
 * <iframe>, when that is an https address on a known video host's embed path. The site then draws
 * its OWN sandboxed <iframe> with that address; nothing else from the HTML ever reaches the page.
 */

export interface VideoEmbed {
  src: string
  title: string | null
}

/** Known video hosts and the path their embeddable players live under. */
const allowedPlayers: ReadonlyArray<{ hosts: readonly string[]; path: RegExp }> = [
  {
    hosts: ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'],
    path: /^\/embed\/[\w-]+\/?$/,
  },
  { hosts: ['player.vimeo.com'], path: /^\/video\/\d+\/?$/ },
  { hosts: ['www.facebook.com', 'facebook.com'], path: /^\/plugins\/video\.php\/?$/ },
  { hosts: ['www.tiktok.com', 'tiktok.com'], path: /^\/embed\/(v2\/)?\d+\/?$/ },
]

/** The address itself when it is an allowed player, normalised; else null. */
export function allowedVideoSrc(value: string | null | undefined): string | null {
  if (!value) return null
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null
  const player = allowedPlayers.find((candidate) => candidate.hosts.includes(url.hostname))
  if (!player || !player.path.test(url.pathname)) return null
  url.hash = ''
  return url.href
}

/** The first iframe's address and title from stored embed HTML (or a bare player address). */
export function sanitizeVideoEmbed(html: string | null | undefined): VideoEmbed | null {
  if (typeof html !== 'string' || html.trim() === '' || html.length > 5000) return null
  const trimmed = html.trim()
  if (!trimmed.startsWith('<')) {
    const src = allowedVideoSrc(trimmed)
    return src ? { src, title: null } : null
  }
  if (typeof DOMParser === 'undefined') return null
  // DOMParser builds an inert document: no script runs, no resource loads.
  const frame = new DOMParser().parseFromString(trimmed, 'text/html').querySelector('iframe')
  const src = allowedVideoSrc(frame?.getAttribute('src'))
  if (!frame || !src) return null
  const title = frame.getAttribute('title')?.trim().slice(0, 200) || null
  return { src, title }
}

/**
 * The player addresses a saved embed may use. `kasalan.video_embed_for_storage` (migration 0008)
 * applies the same expression, so the editor refuses exactly what the database refuses.
 */
const storablePlayer = new RegExp(
  '^https://(' +
    '(www\\.)?(youtube\\.com|youtube-nocookie\\.com)/embed/[A-Za-z0-9_-]+/?' +
    '|player\\.vimeo\\.com/video/[0-9]+/?' +
    '|(www\\.)?facebook\\.com/plugins/video\\.php/?' +
    '|(www\\.)?tiktok\\.com/embed/(v2/)?[0-9]+/?' +
    ')(\\?[A-Za-z0-9_.~%&=+:/-]*)?$',
)

/**
 * An embed as it is stored: only an allow-listed player's address (and a plain title) kept, as
 * `<iframe src="…" title="…"></iframe>`; null when the embed is not an allowed player. Works
 * without a DOM, on text, like its SQL twin.
 */
export function videoEmbedForStorage(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null
  const html = value.trim().replace(/&amp;/gi, '&')
  if (html === '' || html.length > 5000) return null
  const src = html.startsWith('<')
    ? /<iframe\s[^>]*?\bsrc\s*=\s*["']([^"'<>\s]+)["']/i.exec(html)?.[1]
    : html
  const address = src?.replace(/#.*$/, '')
  if (!address || !storablePlayer.test(address)) return null
  const rawTitle = html.startsWith('<')
    ? /<iframe\s[^>]*?\btitle\s*=\s*"([^"]*)"/i.exec(html)?.[1]
    : undefined
  const title = rawTitle
    ?.replace(/[<>"'&]/g, '')
    .trim()
    .slice(0, 200)
  return title
    ? `<iframe src="${address}" title="${title}"></iframe>`
    : `<iframe src="${address}"></iframe>`
}

/**
 * Link previews for a wedding's site and its households' links. The site is a static page that
 * names nobody until its JavaScript runs, and the crawlers of Messenger, Facebook, Viber, WhatsApp
 * and the rest run none: pasted into a chat, every wedding's address said "Kasalan". This answers
 * a GET for `…/wedding/<slug>` or `…/i/<token>`:
 *
 * - to a crawler (matched by its user agent), a small HTML page of Open Graph and Twitter tags: the
 *   couple's names, the date, the place and the hero photo (or the theme's art), in the site's
 *   language, from kasalan.get_link_preview, which shows only what the published site shows and
 *   never a guest's name (a household's link previews as its couple's site);
 * - to a person, a 302 to the same address on the site.
 *
 * An unpublished or unknown wedding or token gets one generic Kasalan page, the same for both, so
 * a preview tells nobody whether an address exists. Plain TypeScript with the database and the
 * photo's signing injected, so Vitest runs it under Node; index.ts wires Deno's request to it.
 */
import { formatLongDate } from '../../../src/lib/manila-time.ts'
import { displayName } from '../../../src/lib/names.ts'
import {
  imageSources,
  mediaPath,
  readImage,
  safeImageSrc,
} from '../../../src/lib/site-content/images.ts'

export type PreviewLanguage = 'fil' | 'en'

/** What kasalan.get_link_preview answers for a published wedding (null otherwise). */
export interface LinkPreview {
  slug: string
  bride: { firstName?: string | null }
  groom: { firstName?: string | null }
  date: string | null
  venue: string | null
  city: string | null
  siteLanguage: string | null
  theme: string | null
  heroImage: unknown
}

export interface PreviewDeps {
  /** The site's public address (`https://kasalan.ph`): where people are sent, and the theme art. */
  siteUrl: string
  /**
   * The address the links are shared as, without the path (`https://<project>.supabase.co/functions/v1/link-preview`,
   * or the site's own address when its host sends crawlers here): the page's og:url.
   */
  shareUrl: string
  /** Calls kasalan.<name> as a visitor; rejects on a database error. */
  rpc(name: string, args: Record<string, unknown>): Promise<unknown>
  /** A long-lived address for an uploaded photo (`<wedding id>/<file>`), or null. */
  signMedia?(path: string): Promise<string | null>
}

/**
 * The link-preview fetchers of the chat apps and social sites: Facebook and Messenger
 * (facebookexternalhit, Facebot, meta-externalagent; Line's and iMessage's say facebookexternalhit
 * too), Viber, WhatsApp, Telegram, Twitter/X, Slack, Discord, LinkedIn, Skype and Teams, Pinterest,
 * Reddit, Google Chat's, Embedly. The apps' own in-app browsers (FBAN, FB_IAB, Line/…) are people.
 */
const crawlers =
  /facebookexternalhit|facebot|meta-externalagent|\bviber\b|whatsapp|telegrambot|twitterbot|slackbot|slack-imgproxy|discordbot|linkedinbot|skypeuripreview|pinterestbot|redditbot|google-pagerenderer|googlebot|bingbot|embedly|iframely|vkshare|kakaotalk-scrap/i

export function isCrawler(userAgent: string | null | undefined): boolean {
  return crawlers.test(userAgent ?? '')
}

export type PreviewTarget =
  | { kind: 'wedding'; slug: string; path: string }
  | { kind: 'invitation'; token: string; path: string }

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/
const tokenPattern = /^[A-Za-z0-9_-]{22}$/

/** The function's own name before the site's path: `/link-preview` as Supabase passes it on. */
const functionPrefix = /^(?:\/functions\/v1)?\/link-preview(?=\/|$)/

/**
 * The path on the site that the request names (what follows the function's own name): letters,
 * digits, `-`, `_`, `.` and `/` only, at most 300 characters, no `..`; else `/`, the site's front page.
 */
export function sitePath(pathname: string): string {
  const path = pathname.replace(functionPrefix, '') || '/'
  return /^\/[A-Za-z0-9_./-]{0,300}$/.test(path) && !path.includes('..') && !path.startsWith('//')
    ? path
    : '/'
}

/**
 * What the path is a link to: a wedding's site (`/wedding/<slug>`, with any of its pages after it:
 * `/wedding/<slug>/schedule`, an RSVP page) or a household's link (`/i/<token>`). Null for
 * anything else.
 */
export function previewTarget(pathname: string): PreviewTarget | null {
  const path = sitePath(pathname).replace(/(.)\/$/, '$1')
  const wedding = /^\/wedding\/([^/]{1,63})(\/.*)?$/.exec(path)
  if (wedding && slugPattern.test(wedding[1]!)) return { kind: 'wedding', slug: wedding[1]!, path }
  const invitation = /^\/i\/([^/]{1,64})$/.exec(path)
  if (invitation && tokenPattern.test(invitation[1]!))
    return { kind: 'invitation', token: invitation[1]!, path }
  return null
}

/** Text made safe for HTML, in an element or inside a double- or single-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (character) => `&#${character.charCodeAt(0)};`)
}

const strings: Record<
  PreviewLanguage,
  {
    title: (names: string) => string
    description: (parts: string[]) => string
    generic: { title: string; description: string }
    open: string
    alt: (names: string) => string
  }
> = {
  fil: {
    title: (names) => `Kasal nina ${names}`,
    description: (parts) => `${parts.join(' · ')}. Mga detalye ng kasal at RSVP.`,
    generic: {
      title: 'Kasalan',
      description: 'Wedding website at RSVP para sa mga Pilipinong ikakasal.',
    },
    open: 'Buksan ang wedding website',
    alt: (names) => `Larawan nina ${names}`,
  },
  en: {
    title: (names) => `${names}'s wedding`,
    description: (parts) => `${parts.join(' · ')}. The day's details and RSVP.`,
    generic: { title: 'Kasalan', description: 'Wedding websites and RSVP for Filipino couples.' },
    open: 'Open the wedding website',
    alt: (names) => `Photo of ${names}`,
  },
}

const and: Record<PreviewLanguage, string> = { fil: 'at', en: 'and' }

/** The theme's art as a picture every chat app shows (they take no SVG), shipped with the site. */
export function themeArtUrl(siteUrl: string, theme: string | null | undefined) {
  const name = theme === 'elegant' || theme === 'modern' ? theme : 'classic'
  return `${siteUrl}/images/site/preview-${name}.png`
}

/** The width a preview's picture needs: the apps draw it at most about 600 px wide. */
const previewWidth = 600

/**
 * The hero photo as an absolute address, or null (then the theme's art): the smallest of its sizes
 * at least 600 px wide (WhatsApp drops a large picture), else its largest.
 */
async function photoUrl(
  preview: LinkPreview,
  deps: PreviewDeps,
): Promise<{
  url: string
  width: number | null
  height: number | null
  alt: string | null
} | null> {
  const sources = imageSources(readImage(preview.heroImage))
  if (!sources) return null
  const chosen = sources.candidates.find((candidate) => candidate.width >= previewWidth) ??
    sources.candidates[sources.candidates.length - 1] ?? {
      src: sources.src,
      width: sources.width,
      height: sources.height,
    }
  const media = mediaPath(chosen.src)
  let url: string | null
  if (media) url = (await deps.signMedia?.(media).catch(() => null)) ?? null
  else {
    const src = safeImageSrc(chosen.src)
    url = src?.startsWith('/') ? `${deps.siteUrl}${src}` : src
  }
  return url ? { url, width: chosen.width, height: chosen.height, alt: sources.alt } : null
}

const meta = (attribute: 'property' | 'name', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`

/** The page a crawler reads: Open Graph and Twitter tags, and a link on for anyone who lands here. */
export function previewHtml(page: {
  language: PreviewLanguage
  title: string
  description: string
  url: string
  siteUrl: string
  image: { url: string; width: number | null; height: number | null; alt: string }
}): string {
  const { language, title, description, url, siteUrl, image } = page
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Kasalan'),
    meta('property', 'og:locale', language === 'en' ? 'en_US' : 'fil_PH'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image.url),
    ...(image.url.startsWith('https:') ? [meta('property', 'og:image:secure_url', image.url)] : []),
    ...(image.width && image.height
      ? [
          meta('property', 'og:image:width', image.width),
          meta('property', 'og:image:height', image.height),
        ]
      : []),
    ...(image.alt ? [meta('property', 'og:image:alt', image.alt)] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image.url),
    ...(image.alt ? [meta('name', 'twitter:image:alt', image.alt)] : []),
    meta('name', 'description', description),
    meta('name', 'robots', 'noindex'),
  ]
  // No meta refresh: Facebook's crawler follows one, to the site's page that names nobody.
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    ...tags,
    '</head>',
    `<body><p><a href="${escapeHtml(siteUrl)}">${escapeHtml(strings[language].open)}</a></p></body>`,
    '</html>',
    '',
  ].join('\n')
}

/** The preview's title, description and image for a published wedding, in its site's language. */
export async function weddingPage(preview: LinkPreview, deps: PreviewDeps) {
  const language: PreviewLanguage = preview.siteLanguage === 'en' ? 'en' : 'fil'
  const text = strings[language]
  const names = [
    displayName(preview.bride?.firstName),
    displayName(preview.groom?.firstName),
  ].filter(Boolean)
  const couple = names.join(` ${and[language]} `)
  const date = formatLongDate(preview.date, language)
  const place = [preview.venue, preview.city]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ')
  const parts = [date, place].filter(Boolean)
  const photo = await photoUrl(preview, deps)
  return {
    language,
    title: couple ? text.title(couple) : text.generic.title,
    description: parts.length ? text.description(parts) : text.generic.description,
    image: photo
      ? {
          url: photo.url,
          width: photo.width,
          height: photo.height,
          alt: photo.alt ?? text.alt(couple),
        }
      : { url: themeArtUrl(deps.siteUrl, preview.theme), width: 1200, height: 630, alt: '' },
  }
}

/**
 * Both answers may be kept five minutes, by the asker only: one address answers a crawler and a
 * person differently, and a shared cache that ignored `Vary` would hand the chat app the redirect.
 */
const cache = { 'Cache-Control': 'private, max-age=300', Vary: 'User-Agent' }

const headers = {
  html: {
    'Content-Type': 'text/html; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src *",
    'Referrer-Policy': 'no-referrer',
    ...cache,
  },
}

/** The request answered: a preview page, a redirect, or the generic page. */
export async function handlePreviewRequest(request: Request, deps: PreviewDeps): Promise<Response> {
  const siteUrl = deps.siteUrl.replace(/\/+$/, '')
  const shareUrl = deps.shareUrl.replace(/\/+$/, '')
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } })
  }
  const pathname = new URL(request.url).pathname
  const target = previewTarget(pathname)
  const destination = `${siteUrl}${target?.path ?? sitePath(pathname)}`

  if (!isCrawler(request.headers.get('User-Agent'))) {
    // The site decides what a person sees (a wedding not published, a renewed link): a person
    // always goes on, without a database call.
    return new Response(null, { status: 302, headers: { Location: destination, ...cache } })
  }

  let preview: LinkPreview | null = null
  if (target) {
    preview = (await deps.rpc('get_link_preview', {
      p_slug: target.kind === 'wedding' ? target.slug : null,
      p_token: target.kind === 'invitation' ? target.token : null,
    })) as LinkPreview | null
  }

  if (!preview) {
    const text = strings.fil
    const body = previewHtml({
      language: 'fil',
      title: text.generic.title,
      description: text.generic.description,
      url: `${shareUrl}${target?.path ?? sitePath(pathname)}`,
      siteUrl: destination,
      image: { url: themeArtUrl(siteUrl, 'classic'), width: 1200, height: 630, alt: '' },
    })
    // Status 200 as for a wedding, so the answer tells nothing more than its words.
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: headers.html,
    })
  }

  // A wedding that moved address: its current one.
  const path =
    target!.kind === 'wedding' && preview.slug !== target!.slug
      ? `/wedding/${preview.slug}${target!.path.slice(`/wedding/${target!.slug}`.length)}`
      : target!.path
  const page = await weddingPage(preview, { ...deps, siteUrl })
  const body = previewHtml({ ...page, url: `${shareUrl}${path}`, siteUrl: `${siteUrl}${path}` })
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: headers.html,
  })
}

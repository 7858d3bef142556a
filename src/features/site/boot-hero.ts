/**
 * The wedding site's first screen, painted by index.html from the early `get_site` response before
 * any of the app's JavaScript has loaded: the top bar with the couple's monogram, the hero art or
 * photo (fetched at once, high priority), the couple's names as the page's `h1` and the date — the
 * same elements and classes the site's React page draws (HomeSection, SiteHeader), in the theme's
 * colours, so that when React's page is ready and this copy goes, nothing moves. The page's title
 * and description name the couple and the date from here on too.
 *
 * This file is bundled on its own and inlined into index.html (scripts/boot-hero-plugin.ts): what
 * it imports (the app's name rule and long date) is bundled with it, so keep imports to small modules
 * that import nothing heavy; what it needs from the app's data (themes, strings) comes in as
 * `BootData`, read at build time from the same sources the app uses.
 */

import { formatLongDate } from '../../lib/manila-time'
import { imageSources, readImage, type ImageSources } from '../../lib/site-content/images'
import { countdownParts, countdownTarget } from './model/countdown'
import { displayName as showName } from '../../lib/names'
import { resolveTheme, themeVariables } from '../../lib/theme/theme'

export interface BootData {
  /** What the hero says, in each language (src/locales/<language>/site.json). */
  strings: Record<
    Language,
    {
      eyebrow: string
      photoAlt: string
      dateToFollow: string
      description: string
      /** The countdown's `label` and its units by plural form: `days_one`, `days_other`, … */
      countdown: Record<string, string>
    }
  >
  /** The Storage bucket of uploaded photos (src/lib/media/types.ts). */
  mediaBucket: string
}

type Language = 'fil' | 'en'
type Json = Record<string, unknown>

const object = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null)
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** A name from the response as the app shows it (src/lib/names.ts); anything but text is no name. */
const displayName = (value: unknown) => showName(typeof value === 'string' ? value : '')

/** "Linggo, 12 Disyembre 2027": the app's own long date (src/lib/manila-time.ts); '' for anything but a real `YYYY-MM-DD`. */
const longDate = (date: unknown, language: Language) =>
  formatLongDate(typeof date === 'string' ? date : null, language)

/**
 * The countdown as Countdown draws it: the app's own target (the wedding day at its first event's
 * start, else midnight, in Manila) and parts (model/countdown.ts); null once the time has come.
 */
function countdown(
  date: string | null,
  schedule: Json | undefined,
  language: Language,
  data: BootData,
) {
  const events = object(schedule?.data).events
  const parts = countdownParts(
    // Fields of another type fail its own checks (a date that is not the day, a time not HH:MM).
    countdownTarget(
      date,
      (Array.isArray(events) ? events.map(object) : []) as Array<{
        date?: string
        startTime?: string
      }>,
    ),
    Date.now(),
  )
  if (!parts.remainingMs) return null
  const plural = new Intl.PluralRules(language)
  const strings = data.strings[language]
  const units = (['days', 'hours', 'minutes', 'seconds'] as const).map(
    (unit) => [unit, parts[unit]] as const,
  )
  return h(
    'div',
    'site-countdown',
    units.map(([unit, value]) =>
      h('div', 'site-countdown-cell', [
        h('span', 'site-countdown-number', [String(value).padStart(2, '0')]),
        h('span', 'site-countdown-label', [
          strings.countdown[`${unit}_${plural.select(value)}`] ?? '',
        ]),
      ]),
    ),
    { role: 'timer', 'aria-label': strings.countdown.label! },
  )
}

/** The theme as SiteView applies it (src/lib/theme): its name, its CSS variables, the names' font. */
export function bootTheme(value: unknown) {
  const theme = resolveTheme(object(value))
  const variables = themeVariables(theme)
  let style = ''
  for (const name in variables) style += `${name}:${variables[name]};`
  return { name: theme.name, style, namesFont: theme.fonts.names as string }
}

function h(
  tag: string,
  className: string,
  children: Array<Node | string> = [],
  attributes: Record<string, string> = {},
) {
  const element = document.createElement(tag)
  element.className = className
  for (const name in attributes) element.setAttribute(name, attributes[name]!)
  element.append(...children)
  return element
}

/** The hero's photo's sources, read as the app reads them (uploads kept as `media:`). */
const photoSources = (value: unknown) => imageSources(readImage(value))

/**
 * The hero's photo as SiteImage draws it; an upload (`media:`) through `urls`, its signed
 * addresses by storage path — without them yet, the box SiteImage holds in its place.
 */
function heroPhoto(sources: ImageSources, alt: string, urls: Record<string, string> = {}) {
  const address = (src: string) => (src.startsWith('media:') ? urls[src.slice(6)] : src)
  const src = address(sources.src)
  // HomeSection's size for a photo stored without one.
  const width = String(sources.width ?? 425)
  const height = String(sources.height ?? 531)
  if (!src) {
    return h('span', 'block bg-black/5 site-hero-photo mb-10', [], {
      'aria-hidden': 'true',
      style: `aspect-ratio:${width} / ${height}`,
    })
  }
  const image = h('img', 'site-hero-photo mb-10', [], {
    alt: sources.alt ?? alt,
    width,
    height,
    decoding: 'async',
    fetchpriority: 'high',
  }) as HTMLImageElement
  const candidates = sources.candidates.filter((candidate) => address(candidate.src))
  if (candidates.length > 1) {
    image.sizes = '(max-width: 480px) 100vw, 480px'
    image.srcset = candidates
      .map((candidate) => `${address(candidate.src)} ${candidate.width}w`)
      .join(', ')
  }
  image.src = src
  return image
}

/** The storage paths of a photo's uploaded sources. */
export function uploadPaths(sources: ImageSources | null) {
  if (!sources) return []
  return [sources.src, ...sources.candidates.map((candidate) => candidate.src)]
    .filter((src) => src.startsWith('media:'))
    .map((src) => src.slice(6))
    .filter((path, index, all) => all.indexOf(path) === index)
}

const ornament =
  '<svg viewBox="0 0 112 16" class="site-ornament mx-auto mt-6 h-4 w-32" aria-hidden="true" fill="currentColor">' +
  '<path d="M0 8h42M70 8h42" stroke="currentColor" opacity="0.55"/>' +
  '<path d="M56 2c2.2 3 4.4 4.6 8 6-3.6 1.4-5.8 3-8 6-2.2-3-4.4-4.6-8-6 3.6-1.4 5.8-3 8-6Z" fill="none" stroke="currentColor" stroke-width="1.1"/>' +
  '<circle cx="45" cy="8" r="1.4"/><circle cx="67" cy="8" r="1.4"/></svg>'

/**
 * What the early response lets the HTML show: the page's title and description always, and the
 * first screen (`page`) when the page opens with the home section's hero. Null for anything that
 * is not a site.
 */
export function bootHero(
  response: unknown,
  language: Language | null,
  withHero: boolean,
  data: BootData,
) {
  const site = object(response)
  const wedding = object(site.wedding)
  if (!Array.isArray(site.sections) || !wedding.theme) return null
  const lang: Language = language ?? (wedding.siteLanguage === 'en' ? 'en' : 'fil')
  const strings = data.strings[lang]

  // The page's title and description, as SiteView sets them.
  const first = (...people: unknown[]) =>
    people.map((person) => displayName(object(person).firstName)).find(Boolean) ?? ''
  const couple = [first(wedding.bride), first(wedding.groom)].filter(Boolean)
  const coupleTitle = couple.join(' & ') || trimmed(site.title)
  const titleDate = longDate(wedding.date, 'fil').replace(/^[^,]+,\s*/, '')
  const title = [coupleTitle, titleDate].filter(Boolean).join(' · ')
  const description = titleDate
    ? strings.description.replace('{{names}}', coupleTitle).replace('{{date}}', titleDate)
    : coupleTitle

  const sections = site.sections
    .map(object)
    .filter((section) => section.visible === true)
    .sort((a, b) => (a.orderIndex as number) - (b.orderIndex as number))
  const home = sections[0]
  if (!withHero || home?.type !== 'home')
    return {
      title,
      description,
      language: lang,
      page: null,
      namesFont: '',
      uploads: [] as string[],
      photo: () => null,
    }

  // HomeSection's hero.
  const homeData = object(home.data)
  const homeWedding = object(homeData.wedding)
  const bride = first(wedding.bride, homeData.bride)
  const groom = first(wedding.groom, homeData.groom)
  const names = [bride, groom].filter(Boolean).join(' & ')
  const own = object(home.header)
  const fromData = object(homeData.header)
  const heading = text(own.title) ?? text(home.title) ?? text(fromData.title)
  // HomeSection's rule (src/lib/names.ts's isCoupleTitle, kept short here): a title that is only
  // the couple's names, in any case, follows them; the eyebrow then says "Ikakasal na".
  const key = (value: string | null) => showName(value).toLowerCase()
  const welcome = [names, first(homeData.bride) + ' & ' + first(homeData.groom), ''].some(
    (couple) => key(couple) == key(heading),
  )
    ? null
    : heading
  const date = text(wedding.date) ?? text(homeWedding.date)
  const details = object(wedding.location)
  const location =
    trimmed(details.venue) || trimmed(details.city) ? details : object(homeWedding.location)
  const place = [location.venue, location.city]
    .filter((part) => typeof part === 'string' && part)
    .join(', ')
  const theme = bootTheme(wedding.theme)

  const sources = photoSources(own.image ?? fromData.image)
  const photoAlt = strings.photoAlt.replace('{{names}}', names)
  const photo = sources && heroPhoto(sources, photoAlt)
  // The art only without a photo: an image given an address is fetched even if never shown.
  const art = photo
    ? null
    : (h('img', 'site-hero-art mb-6', [], {
        alt: '',
        width: '300',
        height: '150',
        fetchpriority: 'high',
      }) as HTMLImageElement)
  if (art) art.src = `/images/site/hero-${theme.name}.svg`
  const decoration = document.createElement('div')
  decoration.innerHTML = ornament

  const card = h('div', 'site-hero-card', [
    (photo ?? art)!,
    h('p', 'site-eyebrow', [welcome ?? strings.eyebrow]),
    h('h1', 'site-names mt-5', [
      h('span', 'block', [bride]),
      h('span', 'site-names-amp block', [' & ']),
      h('span', 'block', [groom]),
    ]),
    decoration.firstChild!,
  ])
  if (date)
    card.append(
      h('p', 'site-wedding-date mt-6 text-xl tracking-wide', [
        longDate(date, lang) || strings.dateToFollow,
      ]),
    )
  if (place) card.append(h('p', 'site-muted mt-1 text-[0.95rem]', [place]))
  const timer = countdown(
    date,
    site.sections.map(object).find((section) => section.type === 'schedule'),
    lang,
    data,
  )
  if (timer) card.append(h('div', 'mt-8', [timer]))
  // The rest of the card (its text, the RSVP button) comes with the app: its lower edge stays below the screen.
  card.style.minHeight = '100dvh'

  const monogram = h(
    'span',
    'site-monogram px-3 py-1',
    couple.map((name, index) =>
      h('span', '', [
        ...(index ? [h('span', 'mx-1 text-[0.7em]', ['&'])] : []),
        name.charAt(0).toUpperCase(),
      ]),
    ),
  )
  const page = h(
    'div',
    'site',
    [
      h('header', 'site-topbar', [
        h('div', 'site-container grid grid-cols-[1fr_auto_1fr] items-center px-2 py-1.5 sm:px-4', [
          h('span', 'site-icon-button justify-self-start'),
          monogram,
        ]),
        // Holds the height of the section links a wide screen shows under the bar.
        h('div', 'site-inline-nav hidden lg:block', [
          h('div', 'site-container px-4 pb-3', [h('a', '', ['\u00a0'])]),
        ]),
      ]),
      h('main', '', [h('section', 'site-band site-hero', [h('div', 'site-container', [card])])]),
    ],
    { 'data-theme': theme.name, style: theme.style },
  )
  return {
    title,
    description,
    language: lang,
    page,
    namesFont: theme.namesFont,
    uploads: uploadPaths(sources),
    /** The photo again, once its uploads' signed addresses are known. */
    photo: (urls: Record<string, string>) => (sources ? heroPhoto(sources, photoAlt, urls) : null),
  }
}

/**
 * Run by index.html right after it started the early request: once the response is in and the
 * document parsed, names the page and paints the first screen as `#boot-hero`. `fonts` gives, by family, the file of the face the names are set in (the
 * build's, so the app's stylesheet later finds it in the cache): that one starts loading at once.
 */
export function startBootHero(data: BootData, fonts: Record<string, string> | string) {
  // Set by index.html's first script (see src/lib/backend/supabase/early-site.ts).
  const early = (
    window as { __kasalanEarlySite?: { response: Promise<Response>; api?: string; key?: string } }
  ).__kasalanEarlySite
  // The app's scripts (index.html): until they are asked for, the connection is the first screen's.
  const startApp = () => (window as { __kasalanStartApp?: () => void }).__kasalanStartApp?.()
  if (!early) return startApp()
  let saved: string | null = null
  try {
    saved = localStorage.getItem('kasalan.language.site')
  } catch {
    // Blocked storage: the site's own language.
  }
  const language = saved === 'en' || saved === 'fil' ? saved : null
  // A section's own page opens with that section, not the hero.
  const withHero = !/^\/wedding\/[^/]+\/[^/]/.test(location.pathname)
  early.response
    // A copy: the app reads the response itself when its code arrives.
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((site: unknown) => {
      const hero = bootHero(site, language, withHero, data)
      if (!hero) return startApp()
      // An uploaded photo is private to Storage: its signed addresses are asked for now, and the
      // app's media port takes them (src/lib/media/early-media.ts), so the photo loads once.
      const signed =
        hero.uploads.length && early.api && early.key
          ? sign(early.api, early.key, data.mediaBucket, hero.uploads)
          : null
      if (signed)
        (window as { __kasalanEarlyMedia?: Promise<Record<string, string>> }).__kasalanEarlyMedia =
          signed
      const paint = () => {
        document.title = hero.title
        document
          .querySelector('meta[name="description"]')
          ?.setAttribute('content', hero.description)
        // Over the loading screen, the HTML's or already the app's: the app's page, which needs
        // this same response, cannot be ready yet.
        if (!hero.page) return startApp()
        document.documentElement.lang = hero.language
        const boot = h('div', 'boot-hero', [hero.page], { id: 'boot-hero' })
        document.body.prepend(boot)
        // Once the hero's image has painted (or at most 1.5 s on), the rest: the names' font and
        // the app's scripts. The font is the build's file, the one the app's stylesheet names, so
        // it is fetched once and the names keep their shape when the app takes over.
        let rest = false
        const afterHero = () => {
          if (rest) return
          rest = true
          const family = typeof fonts === 'object' ? fonts[hero.namesFont] : undefined
          if (family && 'FontFace' in window) {
            const face = new FontFace(hero.namesFont, `url(${family}) format("woff2")`, {
              display: 'swap',
            })
            document.fonts.add(face)
            void face.load().catch(() => {})
          }
          startApp()
        }
        const painted = (image: HTMLImageElement) => {
          const next = () => requestAnimationFrame(() => requestAnimationFrame(afterHero))
          if (image.complete) next()
          else {
            image.addEventListener('load', next, { once: true })
            image.addEventListener('error', next, { once: true })
          }
        }
        setTimeout(afterHero, 1500)
        // Called by the app (src/features/site/boot-screen.ts) once its page is ready beneath: the
        // copy goes, after the page shows the uploaded hero photo the copy shows rather than its
        // empty box (at most 3 s).
        const until = Date.now() + 3000
        const release = () =>
          boot.querySelector('img.site-hero-photo') &&
          document.querySelector('#root span.site-hero-photo') &&
          Date.now() < until
            ? setTimeout(release, 50)
            : boot.remove()
        ;(window as { __kasalanReleaseBootHero?: () => void }).__kasalanReleaseBootHero = release
        const image = boot.querySelector<HTMLImageElement>('.site-hero-card > img')
        if (image) painted(image)
        void signed?.then((urls) => {
          const photo = hero.photo(urls)
          if (photo instanceof HTMLImageElement) {
            boot.querySelector('span.site-hero-photo')?.replaceWith(photo)
            painted(photo)
          } else afterHero()
        })
      }
      // A frame after the loading screen's, so the HTML's own paint never waits for this response;
      // the images above were already asked for.
      const later = () => requestAnimationFrame(() => setTimeout(paint))
      if (document.readyState === 'loading')
        document.addEventListener('readystatechange', later, { once: true })
      else later()
    })
    .catch(() => {
      // The app asks again and shows what went wrong.
      startApp()
    })
}

/** Signed addresses of uploaded photos, by storage path, as src/lib/media/storage.ts asks for them. */
function sign(
  api: string,
  key: string,
  bucket: string,
  paths: string[],
): Promise<Record<string, string>> {
  const storage = `${api}/storage/v1`
  return fetch(`${storage}/object/sign/${bucket}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ expiresIn: 60 * 60 * 24, paths }),
  })
    .then((response) => (response.ok ? response.json() : []))
    .then((items: Array<{ path?: string | null; signedURL?: string | null }>) => {
      const urls: Record<string, string> = {}
      for (const item of items)
        if (item.path && item.signedURL) urls[item.path] = storage + item.signedURL
      return urls
    })
    .catch(() => ({}))
}

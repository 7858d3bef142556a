/**
 * A photo in a section's content. Older content (and the seed) keeps a bare address; the editor
 * stores an object with the photo's size and its smaller variants, so the site can write `width`,
 * `height` and `srcset` (no layout shift, a phone loads the small one). `src` is an https address,
 * a path on this site, or `media:<wedding id>/<file>` for a photo the couple uploaded, which the
 * media port turns into an address the browser can load.
 */
export interface ImageVariant {
  src: string
  width: number
  height: number
}

export interface StoredImage extends ImageVariant {
  alt?: string
  variants?: ImageVariant[]
}

/** What a section's photo field may hold, read leniently (anything else reads as no photo). */
export type ImageValue = string | StoredImage | null | undefined

const isDimension = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 10000

function readVariant(value: unknown): ImageVariant | null {
  if (!value || typeof value !== 'object') return null
  const { src, width, height } = value as Record<string, unknown>
  return typeof src === 'string' && isDimension(width) && isDimension(height)
    ? { src, width, height }
    : null
}

/**
 * Reads a stored photo by hand rather than with zod: this runs on the guest's first load, and in
 * the first screen the HTML draws before the app (src/features/site/boot-hero.ts).
 */
export function readImage(value: unknown): ImageValue {
  if (typeof value === 'string') return value
  const main = readVariant(value)
  if (!main) return undefined
  const { alt, variants } = value as Record<string, unknown>
  const image: StoredImage = { ...main }
  if (typeof alt === 'string') image.alt = alt
  if (Array.isArray(variants))
    image.variants = variants
      .map(readVariant)
      .filter((variant): variant is ImageVariant => variant !== null)
  return image
}

export const mediaScheme = 'media:'

/** The storage path of an uploaded photo (`<wedding id>/<file>`), or null for any other address. */
export function mediaPath(src: string | null | undefined): string | null {
  if (!src?.startsWith(mediaScheme)) return null
  const path = src.slice(mediaScheme.length)
  return /^[0-9a-f-]{36}\/[\w.-]{1,120}$/.test(path) ? path : null
}

/** An image address the page may load: https or http, or a path on this site. */
export function safeImageSrc(value: string | null | undefined): string | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\/(?!\/)/.test(trimmed)) return trimmed
  try {
    const url = new URL(trimmed)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** A link a guest may follow (maps, hotel sites): http(s) only, never `javascript:`. */
export const safeLink = (value: string | null | undefined) => {
  const src = safeImageSrc(value)
  return src && !src.startsWith('/') ? src : null
}

/** A photo field as one shape: its sources (largest first), its size when known, its alt text. */
export interface ImageSources {
  /** The largest source: an address, or a `media:` reference still to be resolved. */
  src: string
  width: number | null
  height: number | null
  alt: string | null
  /** Every source with its width, smallest first (for `srcset`); empty for a bare address. */
  candidates: ImageVariant[]
}

/** Reads a photo field; null when there is no photo or its address is not one the page may load. */
export function imageSources(value: ImageValue): ImageSources | null {
  if (!value) return null
  const allowed = (src: string) => (mediaPath(src) ? src : safeImageSrc(src))
  if (typeof value === 'string') {
    const src = allowed(value)
    return src ? { src, width: null, height: null, alt: null, candidates: [] } : null
  }
  const src = allowed(value.src)
  if (!src) return null
  const candidates = [
    ...(value.variants ?? []),
    { src: value.src, width: value.width, height: value.height },
  ]
    .flatMap((variant) => {
      const variantSrc = allowed(variant.src)
      return variantSrc ? [{ ...variant, src: variantSrc }] : []
    })
    .sort((a, b) => a.width - b.width)
  return {
    src,
    width: value.width,
    height: value.height,
    alt: value.alt?.trim() || null,
    candidates,
  }
}

/** Every uploaded photo's storage path named anywhere in a section's content. */
export function mediaPathsIn(data: unknown): string[] {
  const found = new Set<string>()
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      const path = mediaPath(value)
      if (path) found.add(path)
    } else if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') Object.values(value).forEach(visit)
  }
  visit(data)
  return [...found]
}

import { useEffect, useState, type ImgHTMLAttributes } from 'react'
import { imageSources, mediaPath, type ImageSources, type ImageValue } from '@/lib/site-content'

interface Props extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height' | 'alt'
> {
  image: ImageValue
  /** The text alternative when the photo carries none of its own ('' for a decorative photo). */
  alt: string
  /** The box the layout expects, used when the photo's own size is unknown (a bare address). */
  width: number
  height: number
}

/** The loadable sources of a photo: immediately for addresses, once resolved for uploads. */
function useResolved(sources: ImageSources | null) {
  const key = sources
    ? [sources.src, ...sources.candidates.map((candidate) => candidate.src)].join(' ')
    : ''
  const needsResolving = key.split(' ').some((src) => mediaPath(src))
  const [resolved, setResolved] = useState<{
    key: string
    urls: Record<string, string | null>
  } | null>(null)

  useEffect(() => {
    if (!needsResolving) return
    let cancelled = false
    const srcs = key.split(' ')
    // The media port loads only for a site with uploaded photos, never in the first download.
    void import('@/lib/media')
      .then(({ resolveImageSrc }) => Promise.all(srcs.map((src) => resolveImageSrc(src))))
      .then((urls) => {
        if (!cancelled)
          setResolved({
            key,
            urls: Object.fromEntries(srcs.map((src, index) => [src, urls[index] ?? null])),
          })
      })
    return () => {
      cancelled = true
    }
  }, [key, needsResolving])

  if (!sources) return null
  if (!needsResolving) return sources
  if (resolved?.key !== key) return undefined
  const src = resolved.urls[sources.src]
  if (!src) return null
  const candidates = sources.candidates.flatMap((candidate) => {
    const url = resolved.urls[candidate.src]
    return url ? [{ ...candidate, src: url }] : []
  })
  return { ...sources, src, candidates }
}

/**
 * A photo of the site: its own width and height when known (no layout shift), a `srcset` of its
 * variants so a phone loads the small one, and uploaded photos resolved through the media port.
 * Until an upload's address is known, an empty box of the same size holds its place.
 */
export function SiteImage({ image, alt, width, height, sizes, className, ...rest }: Props) {
  const sources = useResolved(imageSources(image))
  const box = { width: sources?.width ?? width, height: sources?.height ?? height }
  if (sources === null) return null
  if (sources === undefined) {
    return (
      <span
        aria-hidden="true"
        className={`block bg-black/5 ${className ?? ''}`}
        style={{ aspectRatio: `${box.width} / ${box.height}` }}
      />
    )
  }
  const srcSet =
    sources.candidates.length > 1
      ? sources.candidates.map((candidate) => `${candidate.src} ${candidate.width}w`).join(', ')
      : undefined
  return (
    <img
      {...rest}
      src={sources.src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? '(max-width: 480px) 100vw, 480px') : undefined}
      alt={sources.alt ?? alt}
      width={box.width}
      height={box.height}
      decoding="async"
      className={className}
    />
  )
}

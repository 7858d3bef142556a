import { env } from '@/lib/env'
import { mediaPath } from '@/lib/site-content/images'
import type { MediaPort } from './types'

let media: Promise<MediaPort> | undefined

/** The media adapter for this build, chosen like the backend (src/lib/backend/index.ts). */
export function getMedia(): Promise<MediaPort> {
  media ??= import.meta.env.VITE_SUPABASE_URL
    ? import('./storage').then((m) => m.createStorageMedia(env.supabase!))
    : import('./embedded').then((m) => m.createEmbeddedMedia())
  return media
}

const resolved = new Map<string, Promise<string | null>>()
let pending: { paths: Set<string>; done: Promise<Record<string, string>> } | null = null

/**
 * A loadable address for a `media:` reference (null when it cannot be read); any other address is
 * returned as it is. References asked for in the same tick are resolved in one request.
 */
export function resolveImageSrc(src: string): Promise<string | null> {
  const path = mediaPath(src)
  if (!path) return Promise.resolve(src)
  const known = resolved.get(path)
  if (known) return known
  if (!pending) {
    const paths = new Set<string>()
    const done = Promise.resolve()
      .then(() => {
        pending = null
        return getMedia()
      })
      .then((port) => port.urls([...paths]))
    pending = { paths, done }
  }
  pending.paths.add(path)
  const url = pending.done.then(
    (urls) => urls[path] ?? null,
    () => null,
  )
  resolved.set(path, url)
  // A failure is not remembered: the next render may try again.
  void url.then((value) => value ?? resolved.delete(path))
  return url
}

export { maxStoredBytes, mediaBucket, type MediaPort } from './types'

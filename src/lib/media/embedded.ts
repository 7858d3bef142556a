import { getBackend } from '@/lib/backend'
import type { MediaPort } from './types'

function toBase64(bytes: Uint8Array) {
  let binary = ''
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000))
  }
  return btoa(binary)
}

function fromBase64(text: string) {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/**
 * Photos kept in the embedded database itself (`kasalan.media_objects`, migration 0008), so the
 * same SQL decides who reads them (the couple, or anyone once the site is published), and shown
 * to the page as object URLs.
 */
export function createEmbeddedMedia(): MediaPort {
  const objectUrls = new Map<string, string>()
  return {
    async upload(weddingId, { name, blob }) {
      const path = `${weddingId}/${name}`
      const bytes = new Uint8Array(await blob.arrayBuffer())
      const backend = await getBackend()
      await backend.rpc('put_media_object', {
        p_wedding_id: weddingId,
        p_path: path,
        p_content_type: blob.type,
        p_content: toBase64(bytes),
      })
      return path
    },
    async urls(paths) {
      const backend = await getBackend()
      const result: Record<string, string> = {}
      await Promise.all(
        paths.map(async (path) => {
          const known = objectUrls.get(path)
          if (known) {
            result[path] = known
            return
          }
          const object = (await backend.rpc('get_media_object', { p_path: path })) as {
            contentType: string
            content: string
          } | null
          if (!object) return
          const url = URL.createObjectURL(
            new Blob([fromBase64(object.content)], { type: object.contentType }),
          )
          objectUrls.set(path, url)
          result[path] = url
        }),
      )
      return result
    },
    async remove(weddingId, paths) {
      if (paths.length === 0) return
      const backend = await getBackend()
      await backend.rpc('delete_media_objects', { p_wedding_id: weddingId, p_paths: paths })
      for (const path of paths) {
        const url = objectUrls.get(path)
        if (url) URL.revokeObjectURL(url)
        objectUrls.delete(path)
      }
    },
  }
}

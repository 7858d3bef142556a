import { BackendError } from '@/lib/backend'
import { earlyMediaUrls } from './early-media'
import { mediaBucket, type MediaPort } from './types'

interface SupabaseSettings {
  url: string
  anonKey: string
}

/** The signed-in couple's access token as supabase-js stored it, else null (a visitor). */
function storedAccessToken(): string | null {
  try {
    for (const storage of [localStorage, sessionStorage]) {
      for (const key of Object.keys(storage)) {
        if (!key.startsWith('sb-') || !key.endsWith('-auth-token')) continue
        const token = (JSON.parse(storage.getItem(key) ?? 'null') as { access_token?: unknown } | null)?.access_token
        if (typeof token === 'string') return token
      }
    }
  } catch {
    // Blocked storage: read as a visitor.
  }
  return null
}

/**
 * Supabase Storage through its REST API, with plain requests so the public site never loads
 * storage-js. The bucket is private: its policies (migration 0008) let the couple write their
 * wedding's folder and anyone read a published wedding's folder, so the site asks for short-lived
 * signed addresses, which Storage grants only to a caller the read policy admits.
 */
export function createStorageMedia({ url, anonKey }: SupabaseSettings): MediaPort {
  const api = `${url}/storage/v1`
  const headers = (extra: Record<string, string> = {}) => ({
    apikey: anonKey,
    Authorization: `Bearer ${storedAccessToken() ?? anonKey}`,
    ...extra,
  })
  const check = async (response: Response) => {
    if (response.ok) return response
    const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string }
    throw new BackendError(body.error ?? body.message ?? response.statusText, String(response.status))
  }
  const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/')

  return {
    async upload(weddingId, { name, blob }) {
      const path = `${weddingId}/${name}`
      await check(
        await fetch(`${api}/object/${mediaBucket}/${encodePath(path)}`, {
          method: 'POST',
          headers: headers({ 'Content-Type': blob.type, 'x-upsert': 'false', 'cache-control': 'max-age=31536000' }),
          body: blob,
        }),
      )
      return path
    },
    async urls(paths) {
      const early = await earlyMediaUrls()
      const known = Object.fromEntries(paths.flatMap((path) => (early[path] ? [[path, early[path]]] : [])))
      const missing = paths.filter((path) => !known[path])
      if (missing.length === 0) return known
      const response = await check(
        await fetch(`${api}/object/sign/${mediaBucket}`, {
          method: 'POST',
          headers: headers({ 'Content-Type': 'application/json' }),
          body: JSON.stringify({ expiresIn: 60 * 60 * 24, paths: missing }),
        }),
      )
      const signed = (await response.json()) as Array<{ path: string | null; signedURL: string | null }>
      return {
        ...known,
        ...Object.fromEntries(
          signed.flatMap((item) => (item.path && item.signedURL ? [[item.path, `${api}${item.signedURL}`]] : [])),
        ),
      }
    },
    async remove(weddingId, paths) {
      const own = paths.filter((path) => path.startsWith(`${weddingId}/`))
      if (own.length === 0) return
      await check(
        await fetch(`${api}/object/${mediaBucket}`, {
          method: 'DELETE',
          headers: headers({ 'Content-Type': 'application/json' }),
          body: JSON.stringify({ prefixes: own }),
        }),
      )
    },
  }
}

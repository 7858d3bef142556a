import { BackendError, getBackend } from '@/lib/backend'
import { keptSupabaseSession } from '@/lib/backend/supabase/kept-session'
import { earlyMediaUrls } from './early-media'
import { mediaBucket, type MediaPort } from './types'

interface SupabaseSettings {
  url: string
  anonKey: string
}

/**
 * The signed-in member's access token, refreshed first when it has expired (a photo chosen after
 * the phone slept: the token supabase-js stored is no longer valid, and Storage refuses it); null
 * for a visitor, whose page never loads the auth client for this.
 */
async function accessToken(): Promise<string | null> {
  if (!keptSupabaseSession()?.access_token) return null
  const auth = await (await getBackend()).auth()
  return (await auth.accessToken?.()) ?? null
}

/**
 * Supabase Storage through its REST API, with plain requests so the public site never loads
 * storage-js. The bucket is private: its policies (migration 0008) let the couple write their
 * wedding's folder and anyone read a published wedding's folder, so the site asks for short-lived
 * signed addresses, which Storage grants only to a caller the read policy admits.
 */
export function createStorageMedia({ url, anonKey }: SupabaseSettings): MediaPort {
  const api = `${url}/storage/v1`
  const headers = async (extra: Record<string, string> = {}) => ({
    apikey: anonKey,
    Authorization: `Bearer ${(await accessToken()) ?? anonKey}`,
    ...extra,
  })
  const check = async (response: Response) => {
    if (response.ok) return response
    const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string }
    throw new BackendError(
      body.error ?? body.message ?? response.statusText,
      String(response.status),
    )
  }
  const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/')

  return {
    async upload(weddingId, { name, blob }) {
      const path = `${weddingId}/${name}`
      await check(
        await fetch(`${api}/object/${mediaBucket}/${encodePath(path)}`, {
          method: 'POST',
          headers: await headers({
            'Content-Type': blob.type,
            'x-upsert': 'false',
            'cache-control': 'max-age=31536000',
          }),
          body: blob,
        }),
      )
      return path
    },
    async urls(paths) {
      const early = await earlyMediaUrls()
      const known = Object.fromEntries(
        paths.flatMap((path) => (early[path] ? [[path, early[path]]] : [])),
      )
      const missing = paths.filter((path) => !known[path])
      if (missing.length === 0) return known
      const response = await check(
        await fetch(`${api}/object/sign/${mediaBucket}`, {
          method: 'POST',
          headers: await headers({ 'Content-Type': 'application/json' }),
          body: JSON.stringify({ expiresIn: 60 * 60 * 24, paths: missing }),
        }),
      )
      const signed = (await response.json()) as Array<{
        path: string | null
        signedURL: string | null
      }>
      return {
        ...known,
        ...Object.fromEntries(
          signed.flatMap((item) =>
            item.path && item.signedURL ? [[item.path, `${api}${item.signedURL}`]] : [],
          ),
        ),
      }
    },
    async remove(weddingId, paths) {
      const own = paths.filter((path) => path.startsWith(`${weddingId}/`))
      if (own.length === 0) return
      await check(
        await fetch(`${api}/object/${mediaBucket}`, {
          method: 'DELETE',
          headers: await headers({ 'Content-Type': 'application/json' }),
          body: JSON.stringify({ prefixes: own }),
        }),
      )
    },
  }
}

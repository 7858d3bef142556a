// The link-preview Edge Function: wires Deno's request to preview.ts. Public (verify_jwt = false in
// supabase/config.toml): the database is called as a visitor, with the anon key, so it reads only
// what kasalan.get_link_preview gives anyone; an uploaded hero photo is signed the way the site
// signs it for a visitor, for a week, since a chat app may fetch the picture again later.
import { handlePreviewRequest } from './preview.ts'

declare const Deno: {
  env: { get(name: string): string | undefined }
  serve(handler: (request: Request) => Response | Promise<Response>): unknown
}

/** The Storage bucket of uploaded photos (src/lib/media/types.ts). */
const mediaBucket = 'site-media'
const week = 60 * 60 * 24 * 7

function env(name: string): string {
  const value = Deno.env.get(name)?.trim()
  if (!value) throw new Error(`Missing the function secret ${name}`)
  return value
}

Deno.serve(async (request) => {
  try {
    const supabaseUrl = env('SUPABASE_URL').replace(/\/+$/, '')
    const anonKey = env('SUPABASE_ANON_KEY')
    const visitor = {
      apikey: anonKey,
      Authorization: `Bearer ${anonKey}`,
      'Content-Type': 'application/json',
    }
    return await handlePreviewRequest(request, {
      siteUrl: env('KASALAN_SITE_URL'),
      shareUrl:
        Deno.env.get('KASALAN_PREVIEW_URL')?.trim() || `${supabaseUrl}/functions/v1/link-preview`,
      rpc: async (name, args) => {
        const response = await fetch(`${supabaseUrl}/rest/v1/rpc/${name}`, {
          method: 'POST',
          headers: { ...visitor, 'Content-Profile': 'kasalan', 'Accept-Profile': 'kasalan' },
          body: JSON.stringify(args),
        })
        const body = await response.json().catch(() => null)
        if (!response.ok)
          throw new Error(
            typeof body?.message === 'string' ? body.message : `rpc_${response.status}`,
          )
        return body
      },
      signMedia: async (path) => {
        const response = await fetch(
          `${supabaseUrl}/storage/v1/object/sign/${mediaBucket}/${path}`,
          {
            method: 'POST',
            headers: visitor,
            body: JSON.stringify({ expiresIn: week }),
          },
        )
        const body = (await response.json().catch(() => null)) as { signedURL?: string } | null
        return response.ok && body?.signedURL ? `${supabaseUrl}/storage/v1${body.signedURL}` : null
      },
    })
  } catch (error) {
    console.error(error)
    return new Response('Kasalan', {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
})

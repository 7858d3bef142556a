// The send-invitations Edge Function: wires Deno's request to send.ts. The database is called as
// the caller (their JWT on PostgREST, with the anon key), so can_manage and RLS decide what they
// may send; the provider's key never leaves the function's secrets.
import { parseSendRequest, sendInvitationEmails, SendError } from './send.ts'

declare const Deno: {
  env: { get(name: string): string | undefined }
  serve(handler: (request: Request) => Response | Promise<Response>): unknown
}

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...cors, 'Content-Type': 'application/json' },
  })

function env(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`Missing the function secret ${name}`)
  return value
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: cors })
  if (request.method !== 'POST') return json({ error: 'invalid_input' }, 405)
  const authorization = request.headers.get('Authorization')
  if (!authorization?.startsWith('Bearer ')) return json({ error: 'not_signed_in' }, 401)

  const supabaseUrl = env('SUPABASE_URL')
  const anonKey = env('SUPABASE_ANON_KEY')
  // PostgREST with the caller's own token and schema kasalan: exactly what the app's calls do.
  const rpc = async (name: string, args: Record<string, unknown>) => {
    const response = await fetch(`${supabaseUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        Authorization: authorization,
        'Content-Type': 'application/json',
        'Content-Profile': 'kasalan',
        'Accept-Profile': 'kasalan',
      },
      body: JSON.stringify(args),
    })
    const body = await response.json().catch(() => null)
    if (!response.ok)
      throw new Error(typeof body?.message === 'string' ? body.message : `rpc_${response.status}`)
    return body
  }

  try {
    const input = parseSendRequest(await request.json().catch(() => null))
    const result = await sendInvitationEmails(input, {
      fetch,
      providerUrl: Deno.env.get('KASALAN_EMAIL_API_URL') ?? 'https://api.resend.com/emails',
      apiKey: env('RESEND_API_KEY'),
      from: env('KASALAN_EMAIL_FROM'),
      siteUrl: Deno.env.get('KASALAN_SITE_URL') ?? null,
      rpc,
    })
    return json(result)
  } catch (error) {
    if (error instanceof SendError) return json({ error: error.code }, error.status)
    console.error(error)
    return json({ error: 'email_send_failed' }, 500)
  }
})

// The app's own client library, @supabase/supabase-js, against the hosted stack in Node: the whole
// life of an account as the app lives it (src/lib/backend/supabase), and a session that outlives
// its access token.
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startHostedStack, type Stack } from '../../scripts/hosted-stack/stack'
import { fragmentOf, hosted, mailTo, newEmail } from './support'

const clientFor = (url: string, anonKey: string) =>
  createClient(url, anonKey, {
    db: { schema: 'kasalan' },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })

const newWedding = {
  p_bride: { firstName: 'Maria', lastName: 'Reyes' },
  p_groom: { firstName: 'Juan', lastName: 'Cruz' },
  p_date: '2027-02-14',
}

describe('supabase-js on the hosted stack', () => {
  test('sign up, confirm through the e-mail link, sign in, call, refresh, sign out', async () => {
    const { url, anonKey, siteUrl } = hosted()
    const client = clientFor(url, anonKey)
    const email = newEmail('js')
    const password = 'correct horse battery'

    const signUp = await client.auth.signUp({
      email,
      password,
      options: { emailRedirectTo: `${siteUrl}/welcome`, data: { language: 'fil' } },
    })
    expect(signUp.error).toBeNull()
    expect(signUp.data.session).toBeNull()
    expect(signUp.data.user).toMatchObject({ email, user_metadata: { language: 'fil' } })
    // Not confirmed: the sign-in is refused with the code the app words (src/features/auth/auth-errors.ts).
    expect((await client.auth.signInWithPassword({ email, password })).error).toMatchObject({
      code: 'email_not_confirmed',
      status: 400,
    })

    // The link in the e-mail, opened: the app at /welcome with the session in the fragment, which
    // supabase-js takes up (what detectSessionInUrl does in the browser).
    const [mail] = await mailTo(email)
    const opened = await fetch(mail!.links[0]!, { redirect: 'manual' })
    const location = opened.headers.get('location')!
    expect(location.startsWith(`${siteUrl}/welcome#`)).toBe(true)
    const fragment = fragmentOf(location)
    const fromLink = await client.auth.setSession({
      access_token: fragment.access_token!,
      refresh_token: fragment.refresh_token!,
    })
    expect(fromLink.error).toBeNull()
    expect(fromLink.data.user?.email_confirmed_at).toEqual(expect.any(String))
    await client.auth.signOut()

    const signIn = await client.auth.signInWithPassword({ email, password })
    expect(signIn.error).toBeNull()
    const userId = signIn.data.user!.id

    const created = await client.rpc('create_my_wedding', newWedding)
    expect(created.error).toBeNull()
    const wedding = created.data as { id: string; slug: string }
    const read = await client.rpc('get_my_wedding', { p_wedding_id: wedding.id })
    expect(read.error).toBeNull()
    expect(read.data).toMatchObject({ id: wedding.id, bride: { firstName: 'Maria' } })
    // A database refusal comes back as PostgREST's error, with the function's own message and code.
    const refused = await client.rpc('set_wedding_published', {
      p_wedding_id: crypto.randomUUID(),
      p_published: true,
    })
    expect(refused.error).toMatchObject({ code: 'P0001', message: 'wedding_not_found' })
    expect(refused.status).toBe(400)

    const before = (await client.auth.getSession()).data.session!
    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session!.refresh_token).not.toBe(before.refresh_token)
    expect(refreshed.data.user!.id).toBe(userId)
    expect((await client.rpc('get_my_wedding', { p_wedding_id: wedding.id })).data).toMatchObject({
      id: wedding.id,
    })

    expect((await client.auth.signOut()).error).toBeNull()
    expect((await client.auth.getSession()).data.session).toBeNull()
    // The session is over on the server: its refresh token and its user lookup are refused.
    const stale = clientFor(url, anonKey)
    // (auth-js turns the server's session_not_found into its AuthSessionMissingError.)
    expect((await stale.auth.getUser(refreshed.data.session!.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    )
    expect(
      (await stale.auth.refreshSession({ refresh_token: refreshed.data.session!.refresh_token }))
        .error,
    ).toMatchObject({ status: 400 })
    // As a visitor again, the wedding is out of reach.
    expect((await client.rpc('get_my_wedding', { p_wedding_id: wedding.id })).error).toMatchObject({
      code: '42501',
    })
  })
})

describe('a session outlives its access token', () => {
  let short: Stack
  beforeAll(async () => {
    // A stack of its own whose access tokens last two seconds.
    short = await startHostedStack({ jwtExpiry: 2 })
  })
  afterAll(async () => {
    await short?.stop()
  })

  test('after the token expires, PostgREST refuses it, and supabase-js refreshes before the next call', async () => {
    const client = clientFor(short.url, short.anonKey)
    const signIn = await client.auth.signInWithPassword({
      email: 'demo@kasalan.ph',
      password: 'kasalan-demo',
    })
    expect(signIn.error).toBeNull()
    const first = signIn.data.session!
    expect(first.expires_in).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 3_000))

    const expired = await fetch(`${short.url}/rest/v1/rpc/list_my_weddings`, {
      method: 'POST',
      headers: {
        apikey: short.anonKey,
        Authorization: `Bearer ${first.access_token}`,
        'Content-Type': 'application/json',
        'Content-Profile': 'kasalan',
      },
      body: '{}',
    })
    expect(expired.status).toBe(401)
    expect(await expired.json()).toMatchObject({ code: 'PGRST303' })

    const weddings = await client.rpc('list_my_weddings')
    expect(weddings.error).toBeNull()
    expect(JSON.stringify(weddings.data)).toContain('5eed0000-0000-4000-8000-000000000002')
    const now = (await client.auth.getSession()).data.session!
    expect(now.access_token).not.toBe(first.access_token)
    expect(now.refresh_token).not.toBe(first.refresh_token)
  })
})

// The Edge Functions in Deno behind /functions/v1/<name>, as Supabase documents invoking them
// (https://supabase.com/docs/guides/functions, "Invoking functions"; verify_jwt per function in
// supabase/config.toml), talking to the stack's Data API and Storage as on the hosted service.
import { describe, expect, test } from 'vitest'
import { call, couple, hosted, mailTo, newEmail, rpc } from './support'

describe('link-preview (verify_jwt = false)', () => {
  test("a crawler gets the demo wedding's Open Graph page with no token; a person is sent to the site", async () => {
    const { url, siteUrl } = hosted()
    const crawler = await fetch(`${url}/functions/v1/link-preview/wedding/isabel-and-miguel`, { headers: { 'User-Agent': 'facebookexternalhit/1.1' } })
    expect(crawler.status).toBe(200)
    const html = await crawler.text()
    expect(html).toContain('<meta property="og:title" content="Kasal nina Isabel at Miguel">')
    const person = await fetch(`${url}/functions/v1/link-preview/wedding/isabel-and-miguel`, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0' } })
    expect(person.status).toBe(302)
    expect(person.headers.get('location')).toBe(`${siteUrl}/wedding/isabel-and-miguel`)
  })
})

describe('send-invitations (verify_jwt = true)', () => {
  test('the relay refuses a call without a valid JWT (401); the CORS preflight reaches the function', async () => {
    const { url } = hosted()
    const none = await fetch(`${url}/functions/v1/send-invitations`, { method: 'POST', body: '{}' })
    expect(none.status).toBe(401)
    const forged = await fetch(`${url}/functions/v1/send-invitations`, { method: 'POST', body: '{}', headers: { Authorization: 'Bearer not.a.jwt' } })
    expect(forged.status).toBe(401)
    const preflight = await fetch(`${url}/functions/v1/send-invitations`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173' } })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
  })

  test("the couple's invitations go out through the provider to the outbox, each with the household's own link", async () => {
    const { session, wedding } = await couple('sender')
    const guest = newEmail('guest')
    const saved = await rpc<{ id: string }>(
      'save_household',
      { p_wedding_id: wedding.id, p_household: { email: guest, persons: [{ firstName: 'Pacing', lastName: 'Ilagan' }] } },
      session.access_token,
    )
    expect(saved.status).toBe(200)
    const sent = await call<{ sent: string[]; failed: unknown[]; skipped: unknown[] }>('/functions/v1/send-invitations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      token: session.access_token,
      body: JSON.stringify({ weddingId: wedding.id, householdIds: [saved.body.id], kind: 'invitation', language: 'en' }),
    })
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ sent: [saved.body.id], failed: [], skipped: [] })
    const [mail] = await mailTo(guest)
    expect(mail).toMatchObject({ source: 'function', to: [guest], from: 'Kasalan <imbitasyon@kasalan.local>' })
    expect(mail!.links.some((link) => link.startsWith(`${hosted().siteUrl}/i/`))).toBe(true)

    // Recorded through the Data API as the couple: the household now shows as invited by e-mail.
    const invitations = await rpc<{ households: Array<{ householdId: string; state: string; invitedVia: string | null }> }>(
      'list_invitations',
      { p_wedding_id: wedding.id },
      session.access_token,
    )
    expect(invitations.body.households.find((h) => h.householdId === saved.body.id)).toMatchObject({ state: 'invited', invitedVia: 'email' })
  })

  test("someone else's token sends nothing for the wedding (404 wedding_not_found)", async () => {
    const a = await couple('owner-a')
    const b = await couple('owner-b')
    const answer = await call('/functions/v1/send-invitations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      token: b.session.access_token,
      body: JSON.stringify({ weddingId: a.wedding.id, householdIds: [crypto.randomUUID()], kind: 'invitation', language: 'en' }),
    })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ error: 'wedding_not_found' })
  })
})

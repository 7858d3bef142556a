// The Edge Functions in Deno behind /functions/v1/<name>, as Supabase documents invoking them
// (https://supabase.com/docs/guides/functions, "Invoking functions"; verify_jwt per function in
// supabase/config.toml), talking to the stack's Data API and Storage as on the hosted service.
import { describe, expect, test } from 'vitest'
import { call, couple, hosted, mailTo, newEmail, rpc } from './support'

describe('link-preview (verify_jwt = false)', () => {
  test("a crawler gets the demo wedding's Open Graph page with no token; a person is sent to the site", async () => {
    const { url, siteUrl } = hosted()
    const crawler = await fetch(`${url}/functions/v1/link-preview/wedding/isabel-and-miguel`, {
      headers: { 'User-Agent': 'facebookexternalhit/1.1' },
    })
    expect(crawler.status).toBe(200)
    const html = await crawler.text()
    expect(html).toContain('<meta property="og:title" content="Kasal nina Isabel at Miguel">')
    const person = await fetch(`${url}/functions/v1/link-preview/wedding/isabel-and-miguel`, {
      redirect: 'manual',
      headers: { 'User-Agent': 'Mozilla/5.0' },
    })
    expect(person.status).toBe(302)
    expect(person.headers.get('location')).toBe(`${siteUrl}/wedding/isabel-and-miguel`)
  })
})

describe('link-preview with an uploaded hero photo (the function signs it through Storage as a visitor)', () => {
  test("a published site's preview shows its photo by a signed address that serves it; unpublished, it does not", async () => {
    const { url } = hosted()
    const { session, wedding } = await couple('preview')
    const token = session.access_token
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    const path = `${wedding.id}/hero.png`
    const uploaded = await call(`/storage/v1/object/site-media/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png' },
      body: new Uint8Array(png),
      token,
    })
    expect(uploaded.status).toBe(200)
    const home = (
      wedding as unknown as { sections: Array<{ id: string; type: string }> }
    ).sections.find((section) => section.type === 'home')!
    const content = await rpc<{ section: { title: string; data: Record<string, unknown> } }>(
      'get_section_content',
      { p_section_id: home.id },
      token,
    )
    const { data, title } = content.body.section
    const image = { src: `media:${path}`, width: 1200, height: 630, alt: 'Kami' }
    const saved = await rpc(
      'save_section_content',
      {
        p_section_id: home.id,
        p_title: title,
        p_data: { ...data, header: { ...((data.header as object) ?? {}), image } },
      },
      token,
    )
    expect(saved.status).toBe(200)

    const ogImage = async () => {
      const page = await fetch(`${url}/functions/v1/link-preview/wedding/${wedding.slug}`, {
        headers: { 'User-Agent': 'WhatsApp/2.23' },
      })
      return /<meta property="og:image" content="([^"]+)">/
        .exec(await page.text())?.[1]
        ?.replaceAll('&amp;', '&')
    }
    expect(await ogImage()).not.toContain('/storage/v1/')

    expect(
      (await rpc('set_wedding_published', { p_wedding_id: wedding.id, p_published: true }, token))
        .status,
    ).toBe(200)
    const signed = await ogImage()
    expect(signed).toMatch(new RegExp(`^${url}/storage/v1/object/sign/site-media/${path}\\?token=`))
    const photo = await fetch(signed!)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(png)
  })
})

describe('send-invitations (verify_jwt = true)', () => {
  test('the relay refuses a call without a valid JWT (401); the CORS preflight reaches the function', async () => {
    const { url } = hosted()
    const none = await fetch(`${url}/functions/v1/send-invitations`, { method: 'POST', body: '{}' })
    expect(none.status).toBe(401)
    const forged = await fetch(`${url}/functions/v1/send-invitations`, {
      method: 'POST',
      body: '{}',
      headers: { Authorization: 'Bearer not.a.jwt' },
    })
    expect(forged.status).toBe(401)
    const preflight = await fetch(`${url}/functions/v1/send-invitations`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173' },
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
  })

  test("the couple's invitations go out through the provider to the outbox, each with the household's own link", async () => {
    const { session, wedding } = await couple('sender')
    const guest = newEmail('guest')
    const saved = await rpc<{ id: string }>(
      'save_household',
      {
        p_wedding_id: wedding.id,
        p_household: { email: guest, persons: [{ firstName: 'Pacing', lastName: 'Ilagan' }] },
      },
      session.access_token,
    )
    expect(saved.status).toBe(200)
    const sent = await call<{ sent: string[]; failed: unknown[]; skipped: unknown[] }>(
      '/functions/v1/send-invitations',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        token: session.access_token,
        body: JSON.stringify({
          weddingId: wedding.id,
          householdIds: [saved.body.id],
          kind: 'invitation',
          language: 'en',
        }),
      },
    )
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ sent: [saved.body.id], failed: [], skipped: [] })
    const [mail] = await mailTo(guest)
    expect(mail).toMatchObject({
      source: 'function',
      to: [guest],
      from: 'Kasalan <imbitasyon@kasalan.local>',
    })
    expect(mail!.links.some((link) => link.startsWith(`${hosted().siteUrl}/i/`))).toBe(true)

    // Recorded through the Data API as the couple: the household now shows as invited by e-mail.
    const invitations = await rpc<{
      households: Array<{ householdId: string; state: string; invitedVia: string | null }>
    }>('list_invitations', { p_wedding_id: wedding.id }, session.access_token)
    expect(invitations.body.households.find((h) => h.householdId === saved.body.id)).toMatchObject({
      state: 'invited',
      invitedVia: 'email',
    })
  })

  test("someone else's token sends nothing for the wedding (404 wedding_not_found)", async () => {
    const a = await couple('owner-a')
    const b = await couple('owner-b')
    const answer = await call('/functions/v1/send-invitations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      token: b.session.access_token,
      body: JSON.stringify({
        weddingId: a.wedding.id,
        householdIds: [crypto.randomUUID()],
        kind: 'invitation',
        language: 'en',
      }),
    })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ error: 'wedding_not_found' })
  })
})

// @vitest-environment node
// The link-preview Edge Function's logic (supabase/functions/link-preview/preview.ts) against the
// requests the chat apps' crawlers and people make, with kasalan.get_link_preview faked the way
// PostgREST answers it (tests/db/link-previews.test.ts holds the real one to the same answers).
import { describe, expect, test } from 'vitest'
import {
  escapeHtml,
  handlePreviewRequest,
  isCrawler,
  previewTarget,
  type LinkPreview,
  type PreviewDeps,
} from '../../supabase/functions/link-preview/preview'

const SITE = 'https://kasalan.ph'
const SHARE = 'https://abcd.supabase.co/functions/v1/link-preview'
const BASE = 'http://localhost/link-preview'

const UA = {
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  facebot: 'Facebot',
  viber: 'Viber/20.9.0.8 CFNetwork/1410.0.3 Darwin/22.6.0',
  whatsapp: 'WhatsApp/2.23.20.0 A',
  chrome:
    'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  messengerInApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/460.0.0.33.109]',
}

const PUBLISHED_TOKEN = 'Ilagan0Token0000000000'
const UNPUBLISHED_TOKEN = 'Lihim00Token0000000000'
const MEDIA = 'media:11111111-1111-4111-8111-111111111111/hero-1200.webp'

const maria: LinkPreview = {
  slug: 'maria-clara-and-juan',
  bride: { firstName: 'maria clara' },
  groom: { firstName: 'Juan' },
  date: '2027-06-12',
  venue: 'Simbahan ng Taal',
  city: 'Batangas',
  siteLanguage: 'fil',
  theme: 'classic',
  heroImage: {
    src: MEDIA,
    width: 1200,
    height: 1500,
    alt: 'Kami sa Taal',
    variants: [
      { src: 'media:11111111-1111-4111-8111-111111111111/hero-400.webp', width: 400, height: 500 },
      { src: 'media:11111111-1111-4111-8111-111111111111/hero-800.webp', width: 800, height: 1000 },
    ],
  },
}

/** The database as a visitor sees it: one published wedding (and one earlier address), one unpublished. */
function fakeDatabase(weddings: Record<string, LinkPreview> = { [maria.slug]: maria }) {
  const calls: Array<{ name: string; args: Record<string, unknown> }> = []
  const rpc: PreviewDeps['rpc'] = async (name, args) => {
    calls.push({ name, args })
    if (name !== 'get_link_preview') throw new Error(`unexpected ${name}`)
    if (args.p_token === PUBLISHED_TOKEN) return maria
    if (args.p_token) return null // unknown, or the unpublished wedding's: the same null
    if (args.p_slug === 'maria-and-juan') return maria // an earlier address
    return weddings[args.p_slug as string] ?? null
  }
  return { rpc, calls }
}

function deps(rpc: PreviewDeps['rpc'] = fakeDatabase().rpc): PreviewDeps {
  return {
    siteUrl: SITE,
    shareUrl: SHARE,
    rpc,
    signMedia: async (path) =>
      `https://abcd.supabase.co/storage/v1/object/sign/site-media/${path}?token=signed`,
  }
}

const get = (path: string, userAgent: string, method = 'GET') =>
  new Request(`${BASE}${path}`, { method, headers: { 'User-Agent': userAgent } })

/** The content of each meta tag, by its property or name, read back the way a crawler reads it. */
function tags(html: string) {
  const found: Record<string, string> = {}
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    found[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_whole, code: string) =>
      String.fromCharCode(Number(code)),
    )
  }
  return found
}

describe('a crawler asking for a published site', () => {
  test.each([
    ['Facebook', UA.facebook],
    ['Viber', UA.viber],
  ])(
    "%s gets the couple's names, the date, the place, the photo and the site's language",
    async (_app, userAgent) => {
      const response = await handlePreviewRequest(
        get('/wedding/maria-clara-and-juan', userAgent),
        deps(),
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('Vary')).toBe('User-Agent')
      expect(response.headers.get('Cache-Control')).toBe('private, max-age=300')
      const html = await response.text()
      expect(html).toContain('<html lang="fil">')
      expect(tags(html)).toMatchObject({
        'og:title': 'Kasal nina Maria Clara at Juan',
        'og:description':
          'Sabado, 12 Hunyo 2027 · Simbahan ng Taal, Batangas. Mga detalye ng kasal at RSVP.',
        'og:locale': 'fil_PH',
        'og:type': 'website',
        'og:url': `${SHARE}/wedding/maria-clara-and-juan`,
        // The smallest size at least 600 px wide, signed.
        'og:image':
          'https://abcd.supabase.co/storage/v1/object/sign/site-media/11111111-1111-4111-8111-111111111111/hero-800.webp?token=signed',
        'og:image:width': '800',
        'og:image:height': '1000',
        'og:image:alt': 'Kami sa Taal',
        'twitter:card': 'summary_large_image',
        'twitter:title': 'Kasal nina Maria Clara at Juan',
      })
      // Anyone who opens this page itself finds the site.
      expect(html).toContain(`<a href="${SITE}/wedding/maria-clara-and-juan">`)
    },
  )

  test('in English when the site is in English, with the theme art when there is no photo', async () => {
    const english = {
      ...maria,
      slug: 'liza-and-enrique',
      bride: { firstName: 'Liza' },
      groom: { firstName: 'Enrique' },
      siteLanguage: 'en',
      theme: 'modern',
      heroImage: null,
    }
    const db = fakeDatabase({ 'liza-and-enrique': english })
    const html = await (
      await handlePreviewRequest(get('/wedding/liza-and-enrique', UA.whatsapp), deps(db.rpc))
    ).text()
    expect(html).toContain('<html lang="en">')
    expect(tags(html)).toMatchObject({
      'og:title': "Liza and Enrique's wedding",
      'og:description':
        "Saturday, 12 June 2027 · Simbahan ng Taal, Batangas. The day's details and RSVP.",
      'og:locale': 'en_US',
      'og:image': `${SITE}/images/site/preview-modern.png`,
      'og:image:width': '1200',
      'og:image:height': '630',
    })
    // The art is decoration: it gets no description.
    expect(tags(html)).not.toHaveProperty('og:image:alt')
  })

  test("a household's link previews as its couple's site, and names no guest", async () => {
    const db = fakeDatabase()
    const response = await handlePreviewRequest(
      get(`/i/${PUBLISHED_TOKEN}`, UA.facebook),
      deps(db.rpc),
    )
    const html = await response.text()
    expect(db.calls).toEqual([
      { name: 'get_link_preview', args: { p_slug: null, p_token: PUBLISHED_TOKEN } },
    ])
    expect(tags(html)).toMatchObject({
      'og:title': 'Kasal nina Maria Clara at Juan',
      'og:url': `${SHARE}/i/${PUBLISHED_TOKEN}`,
    })
    expect(html).toContain(`<a href="${SITE}/i/${PUBLISHED_TOKEN}">`)
  })

  test('an earlier address is previewed under the current one', async () => {
    const html = await (
      await handlePreviewRequest(get('/wedding/maria-and-juan/schedule', UA.facebook), deps())
    ).text()
    expect(tags(html)['og:url']).toBe(`${SHARE}/wedding/maria-clara-and-juan/schedule`)
  })

  test('a photo address the site would not load (javascript:, data:) is no picture: the theme art instead', async () => {
    for (const heroImage of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      { src: 'media:../../etc/passwd', width: 10, height: 10 },
    ]) {
      const db = fakeDatabase({ [maria.slug]: { ...maria, heroImage } })
      const html = await (
        await handlePreviewRequest(get('/wedding/maria-clara-and-juan', UA.facebook), deps(db.rpc))
      ).text()
      expect(tags(html)['og:image'], JSON.stringify(heroImage)).toBe(
        `${SITE}/images/site/preview-classic.png`,
      )
    }
  })

  test('a photo on the site itself or elsewhere is given as an absolute address; an unsignable upload falls back to the art', async () => {
    const onSite = fakeDatabase({ [maria.slug]: { ...maria, heroImage: '/images/demo/hero.jpg' } })
    expect(
      tags(
        await (
          await handlePreviewRequest(
            get('/wedding/maria-clara-and-juan', UA.facebook),
            deps(onSite.rpc),
          )
        ).text(),
      )['og:image'],
    ).toBe(`${SITE}/images/demo/hero.jpg`)
    const unsigned = { ...deps(), signMedia: async () => null }
    expect(
      tags(
        await (
          await handlePreviewRequest(get('/wedding/maria-clara-and-juan', UA.facebook), unsigned)
        ).text(),
      )['og:image'],
    ).toBe(`${SITE}/images/site/preview-classic.png`)
  })
})

describe('nothing for a wedding that is not published or not there', () => {
  test('an unpublished site, an unknown one, and their links all get the one generic Kasalan page', async () => {
    const answer = async (path: string) => {
      const response = await handlePreviewRequest(get(path, UA.facebook), deps())
      const html = await response.text()
      // Compared without the address asked for, which the page repeats as its own.
      return {
        status: response.status,
        headers: [...response.headers.entries()],
        html: html.replaceAll(path, '<path>'),
      }
    }
    const unpublished = await answer('/wedding/lihim-na-kasal')
    expect(unpublished.status).toBe(200)
    expect(tags(unpublished.html)).toMatchObject({
      'og:title': 'Kasalan',
      'og:image': `${SITE}/images/site/preview-classic.png`,
    })
    expect(unpublished.html).not.toMatch(/Maria|Juan|Taal|Hunyo/)
    expect(await answer('/wedding/walang-ganito')).toEqual(unpublished)
    expect(await answer(`/i/${UNPUBLISHED_TOKEN}`)).toEqual(unpublished)
    expect(await answer('/i/Walang0Ganitong0Token0')).toEqual(unpublished)
  })

  test('an address that is no site or link asks the database nothing', async () => {
    const db = fakeDatabase()
    for (const path of [
      '/',
      '/manage/guests',
      '/wedding/Not_A_Slug',
      '/i/short',
      '/wedding/a%22b',
      '/x/wedding/maria-clara-and-juan',
    ]) {
      const response = await handlePreviewRequest(get(path, UA.facebook), deps(db.rpc))
      expect(tags(await response.text())['og:title'], path).toBe('Kasalan')
    }
    expect(db.calls).toEqual([])
  })
})

describe('a person', () => {
  test.each([
    [
      'Chrome on Android',
      UA.chrome,
      '/wedding/maria-clara-and-juan',
      `${SITE}/wedding/maria-clara-and-juan`,
    ],
    [
      "Messenger's in-app browser",
      UA.messengerInApp,
      `/i/${PUBLISHED_TOKEN}`,
      `${SITE}/i/${PUBLISHED_TOKEN}`,
    ],
    [
      'on an unpublished site',
      UA.chrome,
      '/wedding/lihim-na-kasal',
      `${SITE}/wedding/lihim-na-kasal`,
    ],
  ])(
    'with %s is sent on to the site, without a database call',
    async (_who, userAgent, path, location) => {
      const db = fakeDatabase()
      const response = await handlePreviewRequest(get(path, userAgent), deps(db.rpc))
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe(location)
      expect(response.headers.get('Cache-Control')).toBe('private, max-age=300')
      expect(response.headers.get('Vary')).toBe('User-Agent')
      expect(db.calls).toEqual([])
    },
  )

  test('any other page of the site keeps its path; an address that is no path of the site goes to its front page; a POST is refused', async () => {
    const location = async (path: string) =>
      (await handlePreviewRequest(get(path, UA.chrome), deps())).headers.get('Location')
    expect(await location('/wedding/maria-clara-and-juan/rsvp/h1/p1')).toBe(
      `${SITE}/wedding/maria-clara-and-juan/rsvp/h1/p1`,
    )
    expect(await location('/rsvp/h1/p1/')).toBe(`${SITE}/rsvp/h1/p1/`)
    expect(await location('/whatever')).toBe(`${SITE}/whatever`)
    for (const path of ['/%2F%2Fevil.example', '//evil.example/a', '/a%20b', '/a"><script>'])
      expect(await location(path), path).toBe(`${SITE}/`)
    expect(
      (await handlePreviewRequest(get('/wedding/maria-clara-and-juan', UA.chrome, 'POST'), deps()))
        .status,
    ).toBe(405)
  })
})

describe('escaping', () => {
  test('a hostile couple name, place and photo address come out inert', async () => {
    const hostile: LinkPreview = {
      ...maria,
      bride: { firstName: '"><script>alert(1)</script>' },
      groom: { firstName: "Juan' onload='alert(2)" },
      venue: '<img src=x onerror=alert(3)>',
      city: 'Taal & "Lipa"',
      heroImage: 'https://example.com/a.jpg"><script>alert(4)</script>',
    }
    const db = fakeDatabase({ [maria.slug]: hostile })
    const html = await (
      await handlePreviewRequest(get('/wedding/maria-clara-and-juan', UA.facebook), deps(db.rpc))
    ).text()
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).not.toMatch(/content="[^"]*"[^>]*onload=/)
    // Every tag is still one tag with one content attribute, and reads back as the name was typed.
    for (const line of html.split('\n').filter((row) => row.startsWith('<meta ')))
      expect(line).toMatch(/^<meta (property|name|charset)="[^"]*"( content="[^"]*")?>$/)
    expect(tags(html)['og:title']).toBe(
      `Kasal nina "><script>alert(1)</script> at Juan' onload='alert(2)`,
    )
    expect(tags(html)['og:description']).toContain('<img src=x onerror=alert(3)>, Taal & "Lipa"')
    // A photo's address is read as a URL, as the site reads it: what is not one is percent-encoded.
    expect(tags(html)['og:image']).toBe(
      'https://example.com/a.jpg%22%3E%3Cscript%3Ealert(4)%3C/script%3E',
    )
  })

  test('escapeHtml leaves nothing that opens a tag or ends an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&\``)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#96;',
    )
  })
})

describe('isCrawler and previewTarget', () => {
  test('knows the chat apps’ crawlers and takes people for people', () => {
    for (const agent of [
      UA.facebook,
      UA.facebot,
      UA.viber,
      UA.whatsapp,
      'TelegramBot (like TwitterBot)',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0',
      'Mozilla/5.0 (compatible; Discordbot/2.0)',
      'meta-externalagent/1.1',
    ]) {
      expect(isCrawler(agent), agent).toBe(true)
    }
    for (const agent of [UA.chrome, UA.messengerInApp, '', null])
      expect(isCrawler(agent), String(agent)).toBe(false)
  })

  test('reads the site address from the path, with or without the function’s name before it', () => {
    expect(previewTarget('/link-preview/wedding/maria-and-juan')).toEqual({
      kind: 'wedding',
      slug: 'maria-and-juan',
      path: '/wedding/maria-and-juan',
    })
    expect(previewTarget('/functions/v1/link-preview/wedding/maria-and-juan/')).toEqual({
      kind: 'wedding',
      slug: 'maria-and-juan',
      path: '/wedding/maria-and-juan',
    })
    expect(previewTarget('/wedding/maria-and-juan/rsvp/')).toEqual({
      kind: 'wedding',
      slug: 'maria-and-juan',
      path: '/wedding/maria-and-juan/rsvp',
    })
    expect(previewTarget(`/i/${PUBLISHED_TOKEN}`)).toEqual({
      kind: 'invitation',
      token: PUBLISHED_TOKEN,
      path: `/i/${PUBLISHED_TOKEN}`,
    })
    for (const path of [
      '/wedding/',
      '/wedding/Maria',
      '/wedding/a%22b',
      '/i/abc',
      `/i/${PUBLISHED_TOKEN}x`,
      `/i/${PUBLISHED_TOKEN}/more`,
      '/manage',
      '/link-preview',
    ]) {
      expect(previewTarget(path), path).toBeNull()
    }
  })
})

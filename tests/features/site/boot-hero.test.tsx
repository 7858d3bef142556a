// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { bootData, bootHeroScript, deferAppScripts } from '../../../scripts/boot-hero-plugin'
import { bootHero, startBootHero } from '@/features/site/boot-hero'
import { bootHeroShown, releaseBootHero } from '@/features/site/boot-screen'
import { LoadingOverlay } from '@/features/site/components/loading-overlay'
import { countdownParts, countdownTarget } from '@/features/site/model/countdown'
import { formatLongDate } from '@/lib/dates'
import { displayName } from '@/lib/names'
import { coupleNames } from '@/features/site/model/sections'
import { setUpI18n } from './render-site'
import { runBootScript } from './run-boot-script'

const data = bootData()

/** The parts of a `get_site` answer the first screen reads, shaped as the seeded site's. */
function siteResponse(overrides: { wedding?: object; home?: object; sections?: object[] } = {}) {
  const home = {
    type: 'home',
    path: 'home',
    title: 'Isabel & Miguel',
    visible: true,
    orderIndex: 0,
    data: {
      header: { image: null, title: 'Isabel & Miguel' },
      wedding: {
        date: '2027-12-12',
        location: { venue: 'Hardin ng Pinagpala', city: 'Baguio City', country: 'Philippines' },
      },
    },
    ...overrides.home,
  }
  return {
    slug: 'isabel-and-miguel',
    title: 'Isabel & Miguel',
    wedding: {
      date: '2027-12-12',
      bride: { firstName: 'Isabel' },
      groom: { firstName: 'miguel' },
      theme: { name: 'classic' },
      location: { venue: '', city: '', country: 'Philippines' },
      siteLanguage: 'fil',
      ...overrides.wedding,
    },
    sections: overrides.sections ?? [
      home,
      {
        type: 'schedule',
        path: 'schedule',
        visible: true,
        orderIndex: 2,
        data: { events: [{ date: '2027-12-12', startTime: '16:00' }] },
      },
    ],
  }
}

afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
  document.title = ''
})

describe('the first screen painted from the early response', () => {
  test('writes dates exactly as the app does, in both languages', () => {
    const painted = (date: string, language: 'fil' | 'en') => {
      const page = bootHero(siteResponse({ wedding: { date } }), language, true, data)!.page!
      return page.querySelector('.site-wedding-date')?.textContent
    }
    // Every weekday and every month, in both languages.
    const dates = [
      '2027-12-12',
      '2026-01-01',
      '2028-02-29',
      '2025-07-04',
      '2027-12-15',
      ...Array.from(
        { length: 12 },
        (_, month) => `2027-${String(month + 1).padStart(2, '0')}-0${(month % 7) + 1}`,
      ),
    ]
    for (const date of dates)
      for (const language of ['fil', 'en'] as const)
        expect(painted(date, language)).toBe(formatLongDate(date, language))
    expect(painted('2027-12-15', 'fil')).toBe('Miyerkules, 15 Disyembre 2027')
    expect(painted('2027-02-30', 'fil')).toBe('Iaanunsyo pa ang petsa')
    expect(
      bootHero(siteResponse({ wedding: { date: '12/12/2027' } }), 'fil', true, data)!.title,
    ).toBe('Isabel & Miguel')
  })

  test("names the page and draws the hero: the couple's h1, the date, the place, the art, the countdown", () => {
    vi.useFakeTimers({ now: new Date('2027-12-10T06:00:00Z'), toFake: ['Date'] })
    const hero = bootHero(siteResponse(), null, true, data)!
    expect(hero.title).toBe('Isabel & Miguel · 12 Disyembre 2027')
    expect(hero.description).toBe(
      'Isabel & Miguel, 12 Disyembre 2027: ang aming wedding website — mga detalye ng kasal at RSVP.',
    )
    expect(hero.language).toBe('fil')
    expect(hero.namesFont).toBe('Great Vibes')
    document.body.append(hero.page!)

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Isabel & Miguel')
    expect(screen.getByText('Ikakasal na')).toHaveClass('site-eyebrow')
    expect(screen.getByText('Linggo, 12 Disyembre 2027')).toHaveClass('site-wedding-date')
    expect(screen.getByText('Hardin ng Pinagpala, Baguio City')).toBeInTheDocument()
    const art = document.querySelector('img.site-hero-art')!
    expect(art).toHaveAttribute('src', '/images/site/hero-classic.svg')
    expect(art).toHaveAttribute('fetchpriority', 'high')
    expect(art).toHaveAttribute('alt', '')

    // The same figures the app's countdown shows at that moment (the first event at 16:00 in Manila).
    const parts = countdownParts(
      countdownTarget('2027-12-12', [{ date: '2027-12-12', startTime: '16:00' }]),
      Date.now(),
    )
    const timer = screen.getByRole('timer', { name: 'Natitirang panahon bago ang kasal' })
    expect(
      [...timer.querySelectorAll('.site-countdown-number')].map((cell) => cell.textContent),
    ).toEqual(
      [parts.days, parts.hours, parts.minutes, parts.seconds].map((value) =>
        String(value).padStart(2, '0'),
      ),
    )
    expect(timer).toHaveTextContent('02araw02oras00minuto00segundo')
    const site = document.querySelector<HTMLElement>('.site')!
    expect(site.dataset.theme).toBe('classic')
    expect(site.style.getPropertyValue('--site-color-background')).toBe('#fbf8f2')
  })

  test("follows the couple's language and theme, and takes only valid colours and fonts", () => {
    const hero = bootHero(
      siteResponse({
        wedding: {
          siteLanguage: 'en',
          theme: {
            name: 'modern',
            colors: { background: '#112233', text: 'red;}body{x:y' },
            fonts: { names: 'Lato', body: 'Comic Sans' },
          },
        },
      }),
      null,
      true,
      data,
    )!
    document.body.append(hero.page!)
    expect(hero.language).toBe('en')
    expect(screen.getByText('Getting married')).toBeInTheDocument()
    expect(screen.getByText('Sunday, 12 December 2027')).toBeInTheDocument()
    expect(document.querySelector('img.site-hero-art')).toHaveAttribute(
      'src',
      '/images/site/hero-modern.svg',
    )
    const style = document.querySelector<HTMLElement>('.site')!.style
    expect(style.getPropertyValue('--site-color-background')).toBe('#112233')
    expect(style.getPropertyValue('--site-color-text')).toBe('#1d1d1b')
    expect(style.getPropertyValue('--site-font-names')).toBe("'Lato', system-ui, sans-serif")
    expect(style.getPropertyValue('--site-font-body')).toBe("'DM Sans', system-ui, sans-serif")
    expect(hero.namesFont).toBe('Lato')
    // A visitor's own choice wins over the couple's.
    expect(
      bootHero(siteResponse({ wedding: { siteLanguage: 'en' } }), 'fil', true, data)!.language,
    ).toBe('fil')
  })

  test("the couple's photo with its variants, an upload's placeholder, and never an unsafe address", () => {
    const photo = {
      src: 'https://cdn.example.com/hero-1200.jpg',
      width: 1200,
      height: 1500,
      alt: 'Sa Burnham Park',
      variants: [
        { src: 'https://cdn.example.com/hero-800.jpg', width: 800, height: 1000 },
        { src: 'https://cdn.example.com/hero-400.jpg', width: 400, height: 500 },
      ],
    }
    const withPhoto = (image: unknown) =>
      bootHero(siteResponse({ home: { header: { image } } }), 'fil', true, data)!.page!

    // With a photo the art is not even created: an <img> given an address is fetched though never shown.
    const created = vi.spyOn(document, 'createElement')
    const image = withPhoto(photo).querySelector('img.site-hero-photo')!
    expect(
      created.mock.results.filter(({ value }) => value instanceof HTMLImageElement),
    ).toHaveLength(1)
    created.mockRestore()
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/hero-1200.jpg')
    expect(image).toHaveAttribute(
      'srcset',
      'https://cdn.example.com/hero-400.jpg 400w, https://cdn.example.com/hero-800.jpg 800w, https://cdn.example.com/hero-1200.jpg 1200w',
    )
    expect(image).toHaveAttribute('sizes', '(max-width: 480px) 100vw, 480px')
    expect(image).toHaveAttribute('width', '1200')
    expect(image).toHaveAttribute('fetchpriority', 'high')
    expect(image).toHaveAttribute('alt', 'Sa Burnham Park')

    const upload = withPhoto({
      src: 'media:5eed0000-0000-4000-8000-000000000002/hero.webp',
      width: 800,
      height: 1000,
    })
    expect(upload.querySelector('img')).toBeNull()
    expect(upload.querySelector('span.site-hero-photo')).toHaveStyle({ aspectRatio: '800 / 1000' })

    const unsafe = withPhoto('javascript:alert(1)')
    expect(unsafe.querySelector('img.site-hero-art')).not.toBeNull()
    expect(unsafe.querySelector('img.site-hero-photo')).toBeNull()
  })

  test('names are text, never markup', () => {
    const hero = bootHero(
      siteResponse({ wedding: { bride: { firstName: '<IMG SRC=x ONERROR=alert(1)>' } } }),
      'fil',
      true,
      data,
    )!
    expect(hero.page!.querySelectorAll('img')).toHaveLength(1)
    expect(hero.page!.querySelector('h1')!.textContent).toContain('<IMG SRC=x ONERROR=alert(1)>')
  })

  test("a section's own page, or a site that does not open with the hero, gets its title only", () => {
    expect(bootHero(siteResponse(), 'fil', false, data)).toMatchObject({
      title: 'Isabel & Miguel · 12 Disyembre 2027',
      page: null,
    })
    const storyFirst = siteResponse({
      sections: [{ type: 'our-story', path: 'our-story', visible: true, orderIndex: 0, data: {} }],
    })
    expect(bootHero(storyFirst, 'fil', true, data)!.page).toBeNull()
    expect(bootHero(null, 'fil', true, data)).toBeNull()
    expect(bootHero({ message: 'not found' }, 'fil', true, data)).toBeNull()
  })
})

// Before the hand-over's tests: their first screens' 1.5 s timers would start this block's app.
describe("the app's scripts wait for the first screen", () => {
  const early = (body: unknown, ok = true) => {
    ;(window as { __kasalanEarlySite?: unknown }).__kasalanEarlySite = {
      slug: 'isabel-and-miguel',
      response: Promise.resolve(new Response(JSON.stringify(body), { status: ok ? 200 : 404 })),
    }
  }
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const startApp = () => {
    const start = vi.fn()
    ;(window as { __kasalanStartApp?: () => void }).__kasalanStartApp = start
    return start
  }
  afterEach(() => {
    delete (window as { __kasalanStartApp?: unknown }).__kasalanStartApp
    delete (window as { __kasalanEarlySite?: unknown }).__kasalanEarlySite
    document.head.querySelectorAll('script, link').forEach((element) => element.remove())
  })

  test('start once the hero image has loaded and painted, not before', async () => {
    document.body.innerHTML = '<div id="root"><div class="boot-screen"></div></div>'
    const start = startApp()
    early(siteResponse())
    startBootHero(data, {})
    await vi.waitFor(() => expect(bootHeroShown()).toBe(true))
    await wait(50)
    expect(start).not.toHaveBeenCalled()
    document.querySelector('#boot-hero img.site-hero-art')!.dispatchEvent(new Event('load'))
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1))
  })

  test('start after 1.5 s if the hero image never arrives', async () => {
    document.body.innerHTML = '<div id="root"><div class="boot-screen"></div></div>'
    const start = startApp()
    early(siteResponse())
    startBootHero(data, {})
    await vi.waitFor(() => expect(bootHeroShown()).toBe(true))
    await wait(1000)
    expect(start).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1), { timeout: 3000 })
  })

  test("start at once when there is no first screen: no early request, no site, a failed request, a section's page", async () => {
    const start = startApp()
    startBootHero(data, {})
    expect(start).toHaveBeenCalledTimes(1)

    early({ message: 'not found' }, false)
    startBootHero(data, {})
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(2))

    ;(window as { __kasalanEarlySite?: unknown }).__kasalanEarlySite = {
      slug: 'x',
      response: Promise.reject(new TypeError('offline')),
    }
    startBootHero(data, {})
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(3))

    history.replaceState(null, '', '/wedding/isabel-and-miguel/schedule')
    early(siteResponse())
    startBootHero(data, {})
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(4))
    expect(document.title).toBe('Isabel & Miguel · 12 Disyembre 2027')
    history.replaceState(null, '', '/')
  })

  test("the build hands the entry and its preloads to index.html's start function, which adds them once", () => {
    // As Vite writes it: the page's own module script gone, the built entry and preloads in the head.
    const built = readFileSync('index.html', 'utf8')
      .replace('<script type="module" src="/src/main.tsx"></script>', '')
      .replace(
        '</head>',
        '<script type="module" crossorigin src="/assets/index-A.js"></script>\n' +
          '<link rel="modulepreload" crossorigin href="/assets/react-B.js">\n' +
          '<link rel="modulepreload" crossorigin href="/assets/site-C.js">\n</head>',
      )
    const page = deferAppScripts(built, /(["'`])__KASALAN_APP_SCRIPTS__\1/)
    expect(page).not.toMatch(/<script type="module"|modulepreload" crossorigin href/)
    expect(page).toContain(
      'var app = {"entry":"/assets/index-A.js","preload":["/assets/react-B.js","/assets/site-C.js"]}',
    )

    // index.html's first script, here without a Supabase address (the embedded mode): the app starts at once.
    const first = /<script>([\s\S]*?)<\/script>/.exec(page)![1]!
    new Function(first)()
    const added = () =>
      [...document.head.querySelectorAll('script, link')].map((element) => element.outerHTML)
    expect(added()).toEqual([
      '<link crossorigin="" rel="modulepreload" href="/assets/react-B.js">',
      '<link crossorigin="" rel="modulepreload" href="/assets/site-C.js">',
      '<script crossorigin="" type="module" src="/assets/index-A.js"></script>',
    ])
    ;(window as { __kasalanStartApp?: () => void }).__kasalanStartApp!()
    expect(added()).toHaveLength(3)
  })
})

describe('handing over to the app', () => {
  const early = (body: unknown, ok = true) => {
    ;(window as { __kasalanEarlySite?: unknown }).__kasalanEarlySite = {
      slug: 'isabel-and-miguel',
      response: Promise.resolve(new Response(JSON.stringify(body), { status: ok ? 200 : 404 })),
    }
  }
  // For what must not happen: long enough for the response to have been read.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 60))

  test("paints over the HTML's loading screen, leaves the response for the app, and the app's overlay stays out", async () => {
    document.body.innerHTML =
      '<meta name="description" content=""><div id="root"><div class="boot-screen"></div></div>'
    early(siteResponse())
    const response = (window as unknown as { __kasalanEarlySite: { response: Promise<Response> } })
      .__kasalanEarlySite.response
    startBootHero(data, {})
    await vi.waitFor(() => expect(bootHeroShown()).toBe(true))
    expect(document.title).toBe('Isabel & Miguel · 12 Disyembre 2027')
    expect(document.querySelector('#boot-hero h1')).toHaveTextContent('Isabel & Miguel')
    // The app still reads the same response.
    await expect((await response).json()).resolves.toMatchObject({ slug: 'isabel-and-miguel' })

    await setUpI18n()
    const { container } = render(<LoadingOverlay />)
    expect(container).toBeEmptyDOMElement()
    releaseBootHero()
    expect(bootHeroShown()).toBe(false)
  })

  test("paints over the app's own loading screen too, but nothing when the site is not there", async () => {
    document.body.innerHTML = '<div id="root"><div role="status">app</div></div>'
    early(siteResponse())
    startBootHero(data, {})
    await vi.waitFor(() => expect(bootHeroShown()).toBe(true))
    expect(document.title).toBe('Isabel & Miguel · 12 Disyembre 2027')
    releaseBootHero()

    document.body.innerHTML = '<div id="root"><div class="boot-screen"></div></div>'
    document.title = 'Kasalan'
    early({ message: 'not found' }, false)
    startBootHero(data, {})
    await settle()
    expect(bootHeroShown()).toBe(false)
    expect(document.title).toBe('Kasalan')
  })

  test("an uploaded hero photo: signed once, shown as soon as it is, and the app's media port reuses the addresses", async () => {
    const path = '5eed0000-0000-4000-8000-000000000002/hero-1600.webp'
    const small = '5eed0000-0000-4000-8000-000000000002/hero-800.webp'
    const image = {
      src: `media:${path}`,
      width: 1600,
      height: 2000,
      variants: [{ src: `media:${small}`, width: 800, height: 1000 }],
    }
    document.body.innerHTML = '<div id="root"><div class="boot-screen"></div></div>'
    early(siteResponse({ home: { header: { image } } }))
    Object.assign((window as unknown as { __kasalanEarlySite: object }).__kasalanEarlySite, {
      api: 'https://x.supabase.co',
      key: 'anon',
    })
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify([
          { path, signedURL: `/object/sign/site-media/${path}?token=a` },
          { path: small, signedURL: `/object/sign/site-media/${small}?token=b` },
        ]),
      ),
    )
    startBootHero(data, {})
    await vi.waitFor(() =>
      expect(document.querySelector('#boot-hero img.site-hero-photo')).not.toBeNull(),
    )
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://x.supabase.co/storage/v1/object/sign/site-media')
    expect(JSON.parse(String(init?.body))).toEqual({ expiresIn: 86400, paths: [path, small] })
    const photo = document.querySelector('#boot-hero img.site-hero-photo')!
    expect(photo).toHaveAttribute(
      'src',
      `https://x.supabase.co/storage/v1/object/sign/site-media/${path}?token=a`,
    )
    expect(photo).toHaveAttribute('srcset', expect.stringContaining(`${small}?token=b 800w`))
    expect(document.querySelector('#boot-hero span.site-hero-photo')).toBeNull()

    const { createStorageMedia } = await import('@/lib/media/storage')
    const other = '5eed0000-0000-4000-8000-000000000002/gallery.webp'
    fetch.mockResolvedValue(
      new Response(
        JSON.stringify([{ path: other, signedURL: `/object/sign/site-media/${other}?token=c` }]),
      ),
    )
    const urls = await createStorageMedia({ url: 'https://x.supabase.co', anonKey: 'anon' }).urls([
      path,
      other,
    ])
    expect(urls[path]).toBe(
      `https://x.supabase.co/storage/v1/object/sign/site-media/${path}?token=a`,
    )
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body)).paths).toEqual([other])
    delete (window as { __kasalanEarlyMedia?: unknown }).__kasalanEarlyMedia
    fetch.mockRestore()
  })

  test("the first screen waits for the app's page to show the uploaded photo it shows", async () => {
    document.body.innerHTML = '<div id="root"><span class="site-hero-photo"></span></div>'
    early(siteResponse())
    startBootHero(data, {})
    await vi.waitFor(() =>
      expect(document.querySelector('#boot-hero .site-hero-card')).not.toBeNull(),
    )
    document
      .querySelector('#boot-hero .site-hero-card')!
      .prepend(Object.assign(document.createElement('img'), { className: 'site-hero-photo' }))
    releaseBootHero()
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(bootHeroShown()).toBe(true)
    document.querySelector('#root span')!.replaceWith(document.createElement('img'))
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(bootHeroShown()).toBe(false)
  })

  test('the inlined script stays small: under 5.4 KB gzip in every page load', async () => {
    expect(gzipSync(await bootHeroScript(), { level: 9 }).length).toBeLessThan(5400)
  })
})

describe("the couple's names, one rule for the first screen and the app", () => {
  // As couples type them: lower case, capitals, particles, abbreviations, hyphens, ñ and accents.
  const typed = [
    'maria del carmen',
    'Maria Del Carmen',
    'del carmen',
    'maria dela cruz',
    'juan de los santos',
    'de los santos',
    'Dela Cruz',
    'del',
    'ma. luisa',
    'MA. LUISA',
    'ma.  luisa ',
    'sto. niño',
    'ñino',
    'peña',
    'josé maría',
    'ángel',
    'jean-paul',
    'santos-reyes',
    'juan jr.',
    'JUAN JR.',
    'Juan Jr.',
    'MARIA CLARA',
    'maria clara',
    'van der berg',
    'ma. del pilar y santos',
  ]

  test("the script inlined in the HTML writes every name exactly as the app's site does", async () => {
    const script = await bootHeroScript()
    const pairs = typed.map((name, index) => [name, typed[(index + 1) % typed.length]!] as const)
    for (const [bride, groom] of pairs) {
      document.body.replaceChildren()
      const response = siteResponse({
        wedding: { bride: { firstName: bride }, groom: { firstName: groom } },
      })
      ;(window as { __kasalanEarlySite?: unknown }).__kasalanEarlySite = {
        slug: 'isabel-and-miguel',
        response: Promise.resolve(new Response(JSON.stringify(response))),
      }
      runBootScript(script)
      await vi.waitFor(() => expect(document.querySelector('#boot-hero h1')).not.toBeNull(), {
        timeout: 5000,
      })
      const names = [...document.querySelectorAll('#boot-hero h1 > span')].map(
        (span) => span.textContent,
      )
      const app = coupleNames({ bride: { firstName: bride }, groom: { firstName: groom } })
      expect(names, `${bride} & ${groom}`).toEqual([app.bride, ' & ', app.groom])
      expect([app.bride, app.groom]).toEqual([displayName(bride), displayName(groom)])
      expect(document.title.split(' · ')[0]).toBe(app.full)
      expect(document.querySelector('#boot-hero .site-monogram')?.textContent).toBe(
        app.initials.replace(' & ', '&'),
      )
    }
    delete (window as { __kasalanEarlySite?: unknown }).__kasalanEarlySite
  })

  test('particles stay lower case inside a name typed in lower case, as the app writes them', () => {
    expect(
      bootHero(
        siteResponse({ wedding: { bride: { firstName: 'maria del carmen' } } }),
        null,
        true,
        data,
      )!.title,
    ).toMatch(/^Maria del Carmen & Miguel/)
    expect(displayName('maria del carmen')).toBe('Maria del Carmen')
    expect(displayName('Maria Del Carmen')).toBe('Maria Del Carmen')
    expect(displayName('ma. luisa')).toBe('Ma. Luisa')
    expect(displayName('ñino')).toBe('Ñino')
  })
})

// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { bootHeroScript } from '../../../scripts/boot-hero-plugin'
import { SiteView } from '@/features/site/components/site-view'
import type { Site } from '@/lib/api'
import { demoSite, renderAt, setUpI18n } from './render-site'
import { runBootScript } from './run-boot-script'

/**
 * The HTML's first screen (the inline script as the build makes it) and the app's page, drawn from
 * the same `get_site` answer, show the couple's names, the date, the countdown and the theme's
 * colours and fonts the same way: when the app's page takes over, nothing changes.
 */

// As Filipino couples type them: particles, abbreviations, suffixes, ñ, all in lower case or not.
const couples: Array<{
  bride: string
  groom: string
  date: string
  theme: Site['wedding']['theme']
}> = [
  {
    bride: 'maria del carmen',
    groom: 'jose dela cruz',
    date: '2027-12-15',
    theme: { name: 'classic' },
  },
  {
    bride: 'ma. teresa de los santos',
    groom: 'juan miguel ii',
    date: '2028-02-29',
    theme: { name: 'elegant' },
  },
  {
    bride: 'niña',
    groom: 'santo niño peña',
    date: '2027-06-12',
    theme: { name: 'modern', colors: { background: '#112233' } },
  },
  {
    bride: 'MARIA CLARA',
    groom: 'Juan Dela Cruz Jr.',
    date: '2027-01-01',
    theme: { name: 'classic', fonts: { names: 'Lato' } },
  },
  {
    bride: 'ana-marie delos reyes',
    groom: 'ñoño y santos',
    date: '2027-09-08',
    theme: { name: 'modern' },
  },
]

function siteFor(couple: (typeof couples)[number]): Site {
  const base = demoSite()
  return {
    ...base,
    wedding: {
      ...base.wedding,
      bride: { ...base.wedding.bride, firstName: couple.bride },
      groom: { ...base.wedding.groom, firstName: couple.groom },
      date: couple.date,
      theme: couple.theme,
    },
  }
}

/** What a guest sees of the hero and the top bar, and the theme's variables on the page. */
function shown(page: Element) {
  const site = page.matches('.site')
    ? (page as HTMLElement)
    : page.querySelector<HTMLElement>('.site')!
  const variables = [...site.style].filter((name) => name.startsWith('--site-')).sort()
  return {
    names: [...page.querySelectorAll('h1 > span')].map((span) => span.textContent),
    date: page.querySelector('.site-wedding-date')?.textContent,
    monogram: [...page.querySelectorAll('.site-monogram > span:not(.sr-only)')].map(
      (span) => span.textContent,
    ),
    countdown: [...page.querySelectorAll('.site-countdown-cell')].map((cell) => cell.textContent),
    theme: site.dataset.theme,
    variables: Object.fromEntries(
      variables.map((name) => [name, site.style.getPropertyValue(name).trim()]),
    ),
  }
}

let script = ''
beforeAll(async () => {
  script = await bootHeroScript()
  await setUpI18n()
})

afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
  delete (window as { __kasalanEarlySite?: unknown }).__kasalanEarlySite
  delete (window as { __kasalanReleaseBootHero?: unknown }).__kasalanReleaseBootHero
})

describe("the HTML's first screen and the app's page agree", () => {
  test.each(couples)('$bride & $groom, $date, $theme.name', async (couple) => {
    // A fixed moment, so both countdowns read the same second.
    vi.useFakeTimers({ now: new Date('2026-11-25T03:04:05Z'), toFake: ['Date'] })
    const site = siteFor(couple)

    ;(window as { __kasalanEarlySite?: unknown }).__kasalanEarlySite = {
      slug: site.slug,
      response: Promise.resolve(new Response(JSON.stringify(site))),
    }
    runBootScript(script)
    await vi.waitFor(() => expect(document.querySelector('#boot-hero h1')).not.toBeNull(), {
      timeout: 5000,
    })
    const first = shown(document.querySelector('#boot-hero')!)
    const firstTitle = document.title
    document.body.replaceChildren()

    const { unmount } = renderAt(<SiteView site={site} firstScreenOnly />)
    await screen.findByRole('heading', { level: 1 })
    const app = shown(document.body)

    expect(first.names, 'names').toEqual(app.names)
    expect(first.date, 'date').toBe(app.date)
    expect(first.monogram, 'monogram').toEqual(app.monogram)
    expect(first.countdown, 'countdown').toEqual(app.countdown)
    expect(first.theme, 'theme').toBe(app.theme)
    expect(first.variables, 'colours and fonts').toEqual(app.variables)
    expect(firstTitle, 'title').toBe(document.title)
    unmount()

    // And they are what a Filipino couple expects to read.
    expect(first.names.length).toBe(3)
    expect(Object.keys(first.variables).length).toBeGreaterThan(10)
    expect(first.countdown).toHaveLength(4)
  })
})

/** The hero's photo as each draws it: its address, sources and size, or nothing. */
function heroPhotoOf(page: Element) {
  const photo = page.querySelector<HTMLImageElement>('img.site-hero-photo')
  if (!photo) return null
  const attributes = ['src', 'srcset', 'sizes', 'width', 'height', 'alt'] as const
  return Object.fromEntries(attributes.map((name) => [name, photo.getAttribute(name)]))
}

// As the editor stores them, as older content keeps them, and as nobody should.
const photos: Array<[string, unknown]> = [
  ['a bare https address', 'https://example.com/hero.jpg'],
  ['a path on this site, with spaces around', '  /images/hero.jpg  '],
  [
    'a stored photo with its variants and alt text',
    {
      src: 'https://example.com/hero-1600.jpg',
      width: 1600,
      height: 2000,
      alt: ' Isabel at Miguel sa Tagaytay ',
      variants: [
        { src: 'https://example.com/hero-800.jpg', width: 800, height: 1000 },
        { src: 'javascript:alert(1)', width: 400, height: 500 },
      ],
    },
  ],
  ['a stored photo without its size', { src: 'https://example.com/hero.jpg' }],
  [
    'a stored photo larger than any phone',
    { src: 'https://example.com/hero.jpg', width: 20000, height: 25000 },
  ],
  ['a javascript: address', 'javascript:alert(1)'],
  ['a protocol-relative address', '//evil.example/hero.jpg'],
  [
    'an upload elsewhere than a wedding folder',
    { src: 'media:../secrets.jpg', width: 800, height: 1000 },
  ],
  ['a number', 42],
]

describe("the HTML's first screen and the app's page read the hero photo the same way", () => {
  test.each(photos)('%s', async (_, image) => {
    const base = demoSite()
    const site: Site = {
      ...base,
      sections: base.sections.map((section) =>
        section.type === 'home'
          ? { ...section, data: { ...section.data, header: { image } } }
          : section,
      ),
    }
    ;(window as { __kasalanEarlySite?: unknown }).__kasalanEarlySite = {
      slug: site.slug,
      response: Promise.resolve(new Response(JSON.stringify(site))),
    }
    runBootScript(script)
    await vi.waitFor(() => expect(document.querySelector('#boot-hero h1')).not.toBeNull(), {
      timeout: 5000,
    })
    const first = heroPhotoOf(document.querySelector('#boot-hero')!)
    document.body.replaceChildren()

    const { unmount } = renderAt(<SiteView site={site} firstScreenOnly />)
    await screen.findByRole('heading', { level: 1 })
    const app = heroPhotoOf(document.body)
    unmount()
    expect(first).toEqual(app)
    // The only addresses either may load.
    for (const address of [first?.src, first?.srcset].filter(Boolean))
      expect(address).not.toMatch(/javascript:|evil|media:/)
  })
})

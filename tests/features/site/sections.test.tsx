import { cleanup, getDefaultNormalizer, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { HomeSection } from '@/features/site/sections/home-section'
import { SectionView } from '@/features/site/sections/section-view'
import type { Section } from '@/lib/api'
import { demoSection, demoSite, renderAt, setUpI18n } from './render-site'

// The name search is the RSVP feature's; here it only matters that the section hosts it for this site.
vi.mock('@/features/site/rsvp-search/rsvp-name-search', () => ({
  RsvpNameSearch: ({ slug }: { slug: string }) => <p>name search for {slug}</p>,
}))

function show(section: Section, level: 1 | 2 = 2, site = demoSite()) {
  return renderAt(
    section.type === 'home' ? (
      <HomeSection section={section} site={site} level={level} rsvpAnchor="rsvp" />
    ) : (
      <SectionView section={section} site={site} level={level} />
    ),
  )
}

/** Renders a section with the given data and checks it draws its header and nothing broken. */
function showEmpty(type: Section['type'], data: Record<string, unknown>, title: string) {
  const { container } = show(demoSection(type, data))
  expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument()
  expect(container.querySelectorAll('li, article, details, iframe, img')).toHaveLength(0)
  expect(container.textContent).not.toMatch(/undefined|null|NaN|\[object/)
  return container
}

/** What an empty section says instead of its content. */
const detailsSoon = 'Ibabahagi namin ang mga detalye sa lalong madaling panahon.'

/** Line breaks count: the header's description keeps them. */
const keepLines = { normalizer: getDefaultNormalizer({ collapseWhitespace: false, trim: false }) }

beforeAll(() => setUpI18n('fil'))

describe('home', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-12-01T00:00:00+08:00'))
  })
  afterEach(() => vi.useRealTimers())

  test('names, date, place, countdown, welcome text, RSVP link, hashtag, then the venue', () => {
    show(demoSection('home'), 1)
    expect(
      screen.getByRole('heading', { level: 1, name: /Isabel\s*&\s*Miguel/ }),
    ).toBeInTheDocument()
    expect(screen.getAllByText('Biyernes, 12 Disyembre 2025').length).toBeGreaterThan(0)
    expect(screen.getByText('Hardin ng Pinagpala, Baguio City')).toBeInTheDocument()
    const timer = screen.getByRole('timer')
    // 1 December 00:00 to 12 December 16:00 in Manila.
    expect(
      within(timer)
        .getAllByText(/^\d\d$/)
        .map((cell) => cell.textContent),
    ).toEqual(['11', '16', '00', '00'])
    expect(
      screen.getByText(/^Ikakasal na kami!\nSamahan ninyo kami/, keepLines),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Tumugon sa RSVP' })).toHaveAttribute('href', '#rsvp')
    expect(screen.getByText('#IsabelAtMiguelSaBaguio')).toBeInTheDocument()

    const venue = screen.getByRole('region', { name: 'Hardin ng Pinagpala' })
    expect(within(venue).getByText('Baguio City, Philippines')).toBeInTheDocument()
    expect(within(venue).getByRole('link', { name: /Tingnan sa mapa/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Hardin%20ng%20Pinagpala%2C%20Baguio%20City%2C%20Philippines',
    )
  })

  test('with empty data: the wedding’s names still show; no place, no venue, no broken text', () => {
    const site = demoSite()
    const { container } = show(demoSection('home', {}), 1, {
      ...site,
      wedding: { ...site.wedding, date: null },
    })
    expect(
      screen.getByRole('heading', { level: 1, name: /Isabel\s*&\s*Miguel/ }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('timer')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Hardin ng Pinagpala' })).not.toBeInTheDocument()
    expect(container.textContent).not.toMatch(/undefined|null|NaN/)
  })

  test('the countdown is gone once the wedding has begun', () => {
    vi.setSystemTime(new Date('2025-12-12T16:00:00+08:00'))
    show(demoSection('home'), 1)
    expect(screen.queryByRole('timer')).not.toBeInTheDocument()
  })
})

describe('schedule (Pagtitipon) and dress code (Gayak)', () => {
  test('every event with its time, type, place, map, attire and notes; then the palette', () => {
    show(demoSection('schedule'))
    const schedule = screen.getByRole('region', { name: 'Pagtitipon' })
    expect(
      within(schedule).getByText(/^Narito ang takbo ng aming araw\.\nMalamig/, keepLines),
    ).toBeInTheDocument()
    const events = within(schedule).getAllByRole('listitem')
    expect(events).toHaveLength(4)

    const ceremony = events[0]!
    expect(
      within(ceremony).getByRole('heading', { level: 3, name: 'Seremonya ng Kasal' }),
    ).toBeInTheDocument()
    expect(within(ceremony).getByText('4:00 PM – 5:00 PM')).toBeInTheDocument()
    expect(within(ceremony).getByText('Seremonya')).toBeInTheDocument()
    expect(within(ceremony).getByText('Kapilya ng San Isidro sa Burol')).toBeInTheDocument()
    expect(
      within(ceremony).getByText(
        'Km. 4 Daang Burol, Brgy. Pinagpala, Baguio City, Benguet 2600, Philippines',
      ),
    ).toBeInTheDocument()
    expect(within(ceremony).getByRole('link', { name: /Buksan sa mapa/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Baguio+City',
    )
    expect(within(ceremony).getByText('Pormal o Filipiniana')).toBeInTheDocument()
    expect(within(ceremony).getByText(/dumating 15 minuto bago/)).toBeInTheDocument()
    expect(within(events[3]!).getByText('6:30 PM – 8:00 PM')).toBeInTheDocument()
    expect(within(schedule).getByText('Biyernes, 12 Disyembre 2025')).toBeInTheDocument()

    const dressCode = screen.getByRole('region', { name: 'Gayak' })
    const palette = within(dressCode).getByRole('list', { name: 'Mga kulay ng gayak' })
    expect(
      within(palette)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Berdeng Pino', 'Krema', 'Rosas na Abo', 'Kayumanggi'])
    expect(within(dressCode).getByText(/barong Tagalog/)).toBeInTheDocument()
  })

  test('with no events and no dress code: the header, and a word that details will follow', () => {
    showEmpty('schedule', {}, 'Pagtitipon')
    expect(screen.getByText(detailsSoon)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Gayak' })).not.toBeInTheDocument()
  })

  test('malformed data is skipped, not fatal', () => {
    showEmpty(
      'schedule',
      { events: 'oops', dressCode: { palette: [{ hex: 'red; x' }, 7] } },
      'Pagtitipon',
    )
  })

  test('events in the order of their days: a despedida the day before comes first, wherever it was written', () => {
    // The wedding is on 12 December 2025; the ceremony and reception carry no date of their own.
    show(
      demoSection('schedule', {
        events: [
          { name: 'Seremonya ng Kasal', type: 'ceremony', startTime: '16:00' },
          { name: 'Salu-salo', type: 'reception', startTime: '18:00' },
          { name: 'Despedida de Soltera', date: '2025-12-11', startTime: '19:00' },
        ],
      }),
    )
    const schedule = screen.getByRole('region', { name: 'Pagtitipon' })
    expect(
      within(schedule)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Despedida de Soltera', 'Seremonya ng Kasal', 'Salu-salo'])
    // Each day under its own date, the day before first.
    const days = within(schedule).getAllByRole('list')
    expect(days.map((day) => day.previousElementSibling?.textContent)).toEqual([
      'Huwebes, 11 Disyembre 2025',
      'Biyernes, 12 Disyembre 2025',
    ])
    expect(within(days[0]!).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Despedida de Soltera',
    )
  })
})

describe('wedding party (Gabay)', () => {
  test('the whole entourage, principal sponsors in two columns', () => {
    show(demoSection('wedding-party'))
    const party = screen.getByRole('region', { name: 'Gabay' })
    const groups: Array<[string, string]> = [
      ['Ang Magkakasal', 'Rev. Fr. Emmanuel Villareal'],
      ['Mga Magulang ng Lalaking Ikakasal', 'Ramon Santos'],
      ['Mga Magulang ng Babaeng Ikakasal', 'Teresita Dela Cruz'],
      ['Pangunahing Abay na Lalaki', 'Paolo Reyes'],
      ['Pangunahing Abay na Babae', 'Andrea Dela Cruz'],
      ['Mga Abay na Lalaki', 'Rafael Domingo'],
      ['Mga Abay na Babae', 'Nicole Domingo'],
      ['Kandila', 'Bea Mercado'],
      ['Belo', 'Katrina Tan'],
      ['Kordon', 'Patricia Gonzales'],
      ['Tagadala ng Singsing', 'Enzo Santos'],
      ['Tagadala ng Bibliya', 'Gabriel Dela Cruz'],
      ['Tagadala ng Arras', 'Lucas Reyes'],
      ['Mga Tagasaboy ng Bulaklak', 'Althea Reyes'],
    ]
    for (const [group, name] of groups) {
      const heading = within(party).getByRole('heading', { level: 3, name: group })
      expect(within(heading.parentElement!).getByText(name), group).toBeInTheDocument()
    }
    const sponsors = within(party).getByRole('heading', {
      name: 'Mga Pangunahing Ninong at Ninang',
    }).nextElementSibling!
    const columns = within(sponsors as HTMLElement).getAllByRole('list')
    expect(columns).toHaveLength(2)
    expect(within(columns[0]!).getAllByRole('listitem')).toHaveLength(6)
    expect(within(columns[1]!).getByText('Gng. Angelita Castillo')).toBeInTheDocument()
  })

  test('its labels follow the site: all Filipino in Filipino, all English in English', async () => {
    show(demoSection('wedding-party'))
    const labels = () =>
      within(screen.getByRole('region'))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent)
    expect(labels()).not.toEqual(expect.arrayContaining(['Best Man', 'Maid of Honor']))
    cleanup()
    await setUpI18n('en')
    try {
      show(demoSection('wedding-party'))
      expect(labels()).toEqual(
        expect.arrayContaining(['Best Man', 'Maid of Honor', 'Flower Girls']),
      )
    } finally {
      await setUpI18n('fil')
    }
  })

  test('with no entourage: the header only', () => {
    showEmpty('wedding-party', {}, 'Gabay')
  })

  test('half-filled entourage shows only what is there', () => {
    show(
      demoSection('wedding-party', {
        entourage: { parentsOfBride: [{ name: 'Nena' }, { name: '  ' }, 5], flowerGirls: 'x' },
      }),
    )
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Mga Magulang ng Babaeng Ikakasal'])
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })
})

describe('gift note (Handog)', () => {
  test('the note and each payment option, with its QR code when there is one', () => {
    const section = demoSection('registry')
    const data = section.data as { paymentOptions: Record<string, unknown>[] }
    show({
      ...section,
      data: {
        ...section.data,
        paymentOptions: [
          ...data.paymentOptions,
          {
            label: 'Maya',
            accountName: 'Miguel Santos',
            accountNumber: '0918 555 0199',
            qrImage: '/images/qr-maya.png',
          },
        ],
      },
    })
    const registry = screen.getByRole('region', { name: 'Handog' })
    expect(within(registry).getByText(/malugod naming tatanggapin/)).toBeInTheDocument()
    expect(within(registry).getByRole('heading', { level: 3, name: 'GCash' })).toBeInTheDocument()
    expect(within(registry).getByText('0917 555 0142')).toBeInTheDocument()
    expect(within(registry).getByRole('img', { name: 'QR code ng Maya' })).toHaveAttribute(
      'src',
      '/images/qr-maya.png',
    )
    expect(within(registry).getAllByRole('img')).toHaveLength(1)
  })

  test('an unsafe QR address is not loaded', () => {
    show(
      demoSection('registry', {
        paymentOptions: [{ label: 'GCash', qrImage: 'javascript:alert(1)' }],
      }),
    )
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  test('with no note and no options: the header only', () => {
    showEmpty('registry', {}, 'Handog')
  })
})

describe('lodging (Tuluyan)', () => {
  test('each hotel with its distance, address, directions, map and booking links', () => {
    show(demoSection('travel'))
    const hotels = within(screen.getByRole('region', { name: 'Tuluyan' })).getAllByRole('article')
    expect(hotels).toHaveLength(2)
    const inn = hotels[0]!
    expect(within(inn).getByRole('heading', { name: 'Tahanang Ulap Inn' })).toBeInTheDocument()
    expect(within(inn).getByText('10 minuto mula sa venue')).toBeInTheDocument()
    expect(
      within(inn).getByText('25 Daang Ulap, Baguio City, Benguet 2600, Philippines'),
    ).toBeInTheDocument()
    expect(within(inn).getByText(/kumanan sa Daang Ulap/)).toBeInTheDocument()
    expect(within(inn).getByRole('link', { name: /Mapa/ })).toHaveAttribute('target', '_blank')
    expect(within(inn).getByRole('link', { name: /Mag-book/ })).toHaveAttribute(
      'href',
      'https://example.com/tahanang-ulap-inn',
    )
  })

  test('no hotels: the header only, nothing broken', () => {
    showEmpty('travel', { hotels: [] }, 'Tuluyan')
    expect(screen.getByText(detailsSoon)).toBeInTheDocument()
  })
})

describe('things to do (Pasyalan at Kainan)', () => {
  test('each place, and the short video as a safe embed', () => {
    const { container } = show(demoSection('things-to-do'))
    const places = within(screen.getByRole('region', { name: 'Pasyalan at Kainan' })).getAllByRole(
      'article',
    )
    expect(places.map((place) => within(place).getByRole('heading').textContent)).toEqual([
      'Burnham Park',
      'Mines View Park',
      'Palengke ng Baguio',
    ])
    const frames = container.querySelectorAll('iframe')
    expect(frames).toHaveLength(1)
    expect(within(places[1]!).getByTitle('Mines View Park')).toHaveAttribute('sandbox')
  })

  test('no activities: the header only', () => {
    showEmpty('things-to-do', { activities: [] }, 'Pasyalan at Kainan')
  })
})

describe('FAQs (Katanungan)', () => {
  test('every question opens to its answer; the footer follows', () => {
    const { container } = show(demoSection('faqs'))
    const questions = container.querySelectorAll('details')
    expect(questions).toHaveLength(5)
    expect(
      within(questions[0] as HTMLElement).getByText('Hanggang kailan dapat mag-RSVP?'),
    ).toBeInTheDocument()
    expect(
      within(questions[0] as HTMLElement).getByText(/bago sumapit ang 12 Oktubre/),
    ).toBeInTheDocument()
    expect(screen.getByText(/May iba pang tanong\?/)).toBeInTheDocument()
  })

  test('no FAQs: the header only', () => {
    showEmpty('faqs', { faqs: [] }, 'Katanungan')
  })
})

describe('RSVP', () => {
  test('its header with line breaks kept, then the name search', () => {
    show(demoSection('rsvp'))
    const rsvp = screen.getByRole('region', { name: 'RSVP' })
    expect(
      within(rsvp).getByText(/^Hanapin ang inyong pangalan.*\nPakisagot bago/, keepLines),
    ).toBeInTheDocument()
    expect(within(rsvp).getByText('name search for isabel-and-miguel')).toBeInTheDocument()
  })
})

describe('our story, gallery and custom pages', () => {
  test('our story: the milestones with their dates', () => {
    show(demoSection('our-story'))
    const story = screen.getByRole('region', { name: 'Ang Aming Kuwento' })
    const items = within(story).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(within(items[0]!).getByText('14 Hunyo 2018')).toBeInTheDocument()
    expect(within(items[2]!).getByRole('heading', { name: 'Ang Tanong' })).toBeInTheDocument()
  })

  test('our story with no stories: the header only', () => {
    showEmpty('our-story', {}, 'Ang Aming Kuwento')
  })

  test('gallery: images and videos with captions; unsafe addresses dropped', () => {
    const { container } = show(
      demoSection('gallery', {
        images: [
          { src: 'https://example.com/1.jpg', caption: 'Sa Burnham Park' },
          { src: '/images/2.jpg' },
          { src: 'javascript:alert(1)', caption: 'masama' },
        ],
        videos: [
          { url: 'https://www.youtube.com/embed/abc', caption: 'Ang proposal' },
          { url: 'https://example.com/video.mp4', caption: 'Buong video' },
          { url: 'javascript:alert(1)', caption: 'masama' },
        ],
      }),
    )
    expect(screen.getByRole('img', { name: 'Sa Burnham Park' })).toHaveAttribute('loading', 'lazy')
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(container.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/abc',
    )
    expect(screen.getByText('Ang proposal')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Buong video/ })).toHaveAttribute(
      'href',
      'https://example.com/video.mp4',
    )
    expect(screen.queryByText('masama')).not.toBeInTheDocument()
  })

  test('gallery with nothing yet: the header and its description', () => {
    showEmpty(
      'gallery',
      { header: { description: 'Ilalagay namin dito ang mga larawan.' } },
      'Larawan',
    )
    expect(screen.getByText('Ilalagay namin dito ang mga larawan.')).toBeInTheDocument()
    expect(screen.queryByText(detailsSoon)).not.toBeInTheDocument()
  })

  test('a custom page: its own title and text', () => {
    show({
      ...demoSection('faqs'),
      type: 'custom',
      path: 'dasal',
      title: 'Dasal para sa Amin',
      data: { body: 'Salamat po.' },
    })
    expect(
      screen.getByRole('heading', { level: 2, name: 'Dasal para sa Amin' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Salamat po.')).toBeInTheDocument()
  })
})

describe('headers', () => {
  test('the section’s own title wins over its data’s header, and is an h1 on its own page', () => {
    show({ ...demoSection('travel'), title: 'Saan Matutulog' }, 1)
    expect(screen.getByRole('heading', { level: 1, name: 'Saan Matutulog' })).toBeInTheDocument()
  })

  test('default titles read in English when the visitor chose English', async () => {
    await setUpI18n('en')
    try {
      show(demoSection('travel'))
      expect(screen.getByRole('heading', { level: 2, name: 'Where to Stay' })).toBeInTheDocument()
    } finally {
      await setUpI18n('fil')
    }
  })
})

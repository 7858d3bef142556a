// @vitest-environment node
// One schema per section type: the renderer reads leniently, the editor checks strictly, both from
// the same description (src/lib/site-content/shapes.ts).
import { describe, expect, test } from 'vitest'
import { compactData, sectionDataProblems } from '@/lib/site-content/edit'
import {
  customData,
  faqsData,
  galleryData,
  imageSources,
  mediaPathsIn,
  ourStoryData,
  readData,
  registryData,
  scheduleData,
  sectionTypes,
  thingsToDoData,
  travelData,
  videoEmbedForStorage,
  weddingPartyData,
  type SectionType,
} from '@/lib/site-content'
import demo from '../../../supabase/seed-data/demo-wedding.json'

const upload = {
  src: 'media:5eed0000-0000-4000-8000-000000000002/qr-1600.webp',
  width: 1200,
  height: 1200,
  alt: 'GCash QR',
  variants: [
    { src: 'media:5eed0000-0000-4000-8000-000000000002/qr-800.webp', width: 800, height: 800 },
  ],
}

/** A valid example of every type's data, using every kind of field it has. */
const valid: Record<SectionType, Record<string, unknown>> = {
  home: {
    header: { title: 'Maria & Juan', description: 'Ikakasal na kami!\nSana makarating kayo.' },
    stories: [{ title: 'Una', date: '2020-01-01' }],
  },
  'our-story': {
    stories: [
      { title: 'Unang Kita', date: '2018-06-14', description: 'Sa kapihan.', image: upload },
    ],
  },
  schedule: {
    events: [
      {
        name: 'Seremonya',
        type: 'ceremony',
        date: '2027-02-14',
        startTime: '15:00',
        endTime: '16:00',
        venue: 'San Agustin',
        address: { url: 'https://maps.example.com/x', city: 'Maynila' },
      },
    ],
    dressCode: { title: 'Gayak', palette: [{ name: 'Sage', hex: '#9caf88' }] },
  },
  travel: {
    hotels: [
      {
        name: 'Manila Hotel',
        eta: '10 minuto',
        address: { street: 'One Rizal Park', url: 'https://manila-hotel.com.ph' },
      },
    ],
  },
  registry: {
    note: 'Salamat po!',
    paymentOptions: [
      {
        label: 'GCash',
        accountName: 'Maria Reyes',
        accountNumber: '0917 000 0000',
        qrImage: upload,
      },
    ],
  },
  'wedding-party': {
    entourage: {
      officiatingPriest: { name: 'Fr. Jose' },
      principalSponsors: {
        left: [{ name: 'Ninong Ben', role: 'Ninong' }],
        right: [{ name: 'Ninang Rosa' }],
      },
      secondarySponsors: { bestMan: { name: 'Paolo' }, groomsmen: [{ name: 'Carlo' }] },
      flowerGirls: [{ name: 'Ella' }],
    },
  },
  gallery: {
    images: [{ image: upload, caption: 'Sa Tagaytay' }],
    videos: [{ url: 'https://youtu.be/abc', caption: 'Prenup' }],
  },
  'things-to-do': {
    activities: [
      {
        name: 'Intramuros',
        video: '<iframe src="https://www.youtube.com/embed/abc123" title="Lakad"></iframe>',
      },
    ],
  },
  faqs: {
    faqs: [{ question: 'Kailan?', answer: 'Sa Pebrero.' }],
    footer: { description: 'Sumulat sa amin.' },
  },
  rsvp: { header: { description: 'Hanapin ang inyong pangalan.' } },
  about: {
    blocks: [
      { kind: 'heading', text: 'Tungkol sa amin' },
      { kind: 'paragraph', text: 'Kami ay…' },
    ],
  },
  custom: {
    blocks: [
      { kind: 'heading', text: 'Paano pumunta' },
      { kind: 'list', items: ['Bus mula Cubao', 'Kotse sa SLEX'] },
      { kind: 'link', text: 'Mapa', url: 'https://maps.example.com' },
    ],
  },
}

/** One wrong value per type, with the problem the editor must report. */
const invalid: Record<SectionType, [Record<string, unknown>, string, string]> = {
  home: [{ header: { title: 'x'.repeat(201) } }, 'header.title', 'too_long'],
  'our-story': [{ stories: [{ date: '14 June' }] }, 'stories.0.date', 'not_a_date'],
  schedule: [{ events: [{ startTime: '3pm' }] }, 'events.0.startTime', 'not_a_time'],
  travel: [
    { hotels: [{ address: { url: 'javascript:alert(1)' } }] },
    'hotels.0.address.url',
    'not_a_link',
  ],
  registry: [
    { paymentOptions: [{ qrImage: { src: 'data:image/png;base64,xx', width: 1, height: 1 } }] },
    'paymentOptions.0.qrImage.src',
    'not_a_link',
  ],
  'wedding-party': [
    { entourage: { candle: Array.from({ length: 101 }, () => ({ name: 'A' })) } },
    'entourage.candle',
    'too_many',
  ],
  gallery: [{ images: [{ caption: 'x', html: '<b>' }] }, 'images.0', 'unknown_field'],
  'things-to-do': [
    { activities: [{ video: '<script>alert(1)</script>' }] },
    'activities.0.video',
    'video_embed_not_allowed',
  ],
  faqs: [{ faqs: 'not a list' }, 'faqs', 'invalid'],
  rsvp: [{ events: [] }, '', 'unknown_field'],
  about: [{ blocks: [{ kind: 'html', text: '<b>' }] }, 'blocks.0.kind', 'invalid'],
  custom: [{ blocks: [{ kind: 'link', url: 'ftp://x' }] }, 'blocks.0.url', 'not_a_link'],
}

describe.each(sectionTypes)('%s data', (type) => {
  test('a complete example passes the editor’s strict check', () => {
    expect(sectionDataProblems(type, valid[type])).toEqual([])
  })

  test('a wrong value is named with a stable code', () => {
    const [data, path, code] = invalid[type]
    expect(sectionDataProblems(type, data)).toContainEqual({ path, code })
  })

  test('empty data is valid', () => {
    expect(sectionDataProblems(type, {})).toEqual([])
  })
})

test('the demo wedding’s content passes the strict check, type by type', () => {
  for (const section of demo.sections) {
    expect(sectionDataProblems(section.type as SectionType, section.data), section.type).toEqual([])
  }
})

test('content too large as a whole is refused', () => {
  const faqs = Array.from({ length: 100 }, () => ({ question: 'q', answer: 'a'.repeat(4000) }))
  expect(sectionDataProblems('faqs', { faqs })).toContainEqual({ path: '', code: 'too_large' })
})

describe('lenient reading for the site', () => {
  test('empty or malformed data reads as nothing to show', () => {
    expect(readData(scheduleData, null)).toEqual({ events: [], dressCode: undefined })
    expect(readData(weddingPartyData, { entourage: 'x' }).entourage).toBeUndefined()
    expect(
      readData(registryData, { paymentOptions: [{ label: 5 }, { label: 'GCash' }] }).paymentOptions,
    ).toEqual([{}, { label: 'GCash' }])
    expect(readData(travelData, { hotels: 'none' }).hotels).toEqual([])
    expect(readData(thingsToDoData, {}).activities).toEqual([])
    expect(readData(faqsData, { faqs: [{ question: 'Q', image2: { src: 1 } }] }).faqs).toEqual([
      { question: 'Q' },
    ])
    expect(readData(ourStoryData, { stories: [null, { title: 'T' }] }).stories).toEqual([
      { title: 'T' },
    ])
    expect(readData(galleryData, { images: [{ image: upload }], videos: [{}] })).toEqual({
      images: [{ image: upload }],
      videos: [],
    })
    expect(
      readData(customData, {
        blocks: [
          { kind: 'html', text: '<b>' },
          { kind: 'paragraph', text: 'Hi' },
        ],
      }).blocks,
    ).toEqual([{ kind: 'paragraph', text: 'Hi' }])
  })

  test('every valid example reads back with its photos and lists', () => {
    expect(readData(registryData, valid.registry).paymentOptions[0]?.qrImage).toEqual(upload)
    expect(readData(scheduleData, valid.schedule).events).toHaveLength(1)
  })
})

describe('photos', () => {
  test('a stored photo gives its size and its sources smallest first; a bare address has none', () => {
    expect(imageSources(upload)).toEqual({
      src: upload.src,
      width: 1200,
      height: 1200,
      alt: 'GCash QR',
      candidates: [
        { src: upload.variants[0]!.src, width: 800, height: 800 },
        { src: upload.src, width: 1200, height: 1200 },
      ],
    })
    expect(imageSources('https://example.com/a.jpg')).toMatchObject({
      src: 'https://example.com/a.jpg',
      width: null,
      candidates: [],
    })
    expect(imageSources('javascript:alert(1)')).toBeNull()
    expect(imageSources({ src: 'media:../../etc/passwd', width: 1, height: 1 })).toBeNull()
  })

  test('the uploads a section refers to are found wherever they are', () => {
    expect(mediaPathsIn(valid.registry).sort()).toEqual([
      '5eed0000-0000-4000-8000-000000000002/qr-1600.webp',
      '5eed0000-0000-4000-8000-000000000002/qr-800.webp',
    ])
  })
})

describe('saving', () => {
  test('blank values, blank list items and empty objects are dropped; line breaks inside are kept', () => {
    expect(
      compactData({
        header: { title: '  Pagtitipon ', description: 'Una\nPangalawa', image: null },
        events: [
          { name: '', venue: ' ' },
          { name: 'Salu-salo', address: { city: '' } },
        ],
        dressCode: { palette: [] },
      }),
    ).toEqual({
      header: { title: 'Pagtitipon', description: 'Una\nPangalawa' },
      events: [{ name: 'Salu-salo' }],
    })
  })

  test('a video embed is stored as the allowed player only', () => {
    expect(
      videoEmbedForStorage(
        '<iframe width="560" src="https://www.youtube.com/embed/M7lc1UVf-VE?si=x#t" title="Mines &quot;View" onload="alert(1)"></iframe>',
      ),
    ).toBe(
      '<iframe src="https://www.youtube.com/embed/M7lc1UVf-VE?si=x" title="Mines quot;View"></iframe>',
    )
    expect(videoEmbedForStorage('https://player.vimeo.com/video/76979871')).toBe(
      '<iframe src="https://player.vimeo.com/video/76979871"></iframe>',
    )
    expect(videoEmbedForStorage('<iframe src="https://evil.example/embed/x"></iframe>')).toBeNull()
    expect(videoEmbedForStorage('<iframe src="javascript:alert(1)"></iframe>')).toBeNull()
    expect(
      videoEmbedForStorage('<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>'),
    ).toBeNull()
  })
})

/**
 * The one description of what each section type may keep in its `data`, field by field, with the
 * size of every value. Three readers use it: the editor's strict schemas (`edit.ts`), the database
 * (`kasalan.section_shape`, migration 0008, must hold the same JSON: a test compares them), and the
 * renderer's lenient schemas (`read.ts`), which read the same fields but forgive what is malformed.
 *
 * A shape is a leaf kind, a list (`[item]`, at most `maxItems`) or an object (only its keys).
 * Every leaf may also be null or missing.
 */
export type LeafShape =
  'line' | 'text' | 'url' | 'image' | 'embed' | 'date' | 'time' | 'color' | `enum:${string}`
export type Shape = LeafShape | readonly [Shape] | { readonly [key: string]: Shape }

export const limits = {
  /** A name, title, label, time or other one-line value. */
  line: 200,
  /** A description, note or answer, line breaks allowed. */
  text: 5000,
  /** A web address or an image's address. */
  url: 2000,
  /** The HTML a video site gives to embed its player. */
  embed: 5000,
  /** Items in one list (events, sponsors, photos, …). */
  maxItems: 100,
  /** The whole of one section's data, as JSON text. */
  dataChars: 200_000,
} as const

const header = { title: 'line', description: 'text', image: 'image' } as const
const member = { name: 'line', role: 'line' } as const
const placeAddress = {
  street: 'line',
  city: 'line',
  state: 'line',
  country: 'line',
  zip: 'line',
  map: 'url',
  url: 'url',
  direction: 'text',
} as const
const story = { title: 'line', date: 'date', description: 'text', image: 'image' } as const
const customPage = {
  header,
  body: 'text',
  blocks: [{ kind: 'enum:heading|paragraph|list|link', text: 'text', items: ['line'], url: 'url' }],
} as const

export const sectionShapes = {
  home: {
    header,
    bride: { firstName: 'line', lastName: 'line' },
    groom: { firstName: 'line', lastName: 'line' },
    wedding: {
      date: 'date',
      location: { venue: 'line', city: 'line', country: 'line' },
      hashtag: 'line',
    },
    stories: [story],
  },
  'our-story': { header, stories: [story] },
  schedule: {
    header,
    events: [
      {
        /** A uuid the database gives each event (kept when it is edited or moved): its RSVP settings' key. */
        id: 'line',
        name: 'line',
        type: 'line',
        date: 'date',
        startTime: 'time',
        endTime: 'time',
        image: 'image',
        venue: 'line',
        address: {
          url: 'url',
          street: 'line',
          city: 'line',
          state: 'line',
          country: 'line',
          zip: 'line',
        },
        attire: 'line',
        notes: 'text',
      },
    ],
    dressCode: {
      title: 'line',
      description: 'text',
      palette: [{ name: 'line', hex: 'color' }],
      notes: 'text',
    },
  },
  travel: {
    header,
    hotels: [
      { name: 'line', description: 'text', eta: 'line', image: 'image', address: placeAddress },
    ],
  },
  registry: {
    header,
    note: 'text',
    paymentOptions: [
      { label: 'line', accountName: 'line', accountNumber: 'line', qrImage: 'image' },
    ],
  },
  'wedding-party': {
    header,
    entourage: {
      officiatingPriest: member,
      parentsOfGroom: [member],
      parentsOfBride: [member],
      principalSponsors: { left: [member], right: [member] },
      secondarySponsors: {
        bestMan: member,
        maidOfHonor: member,
        groomsmen: [member],
        bridesmaid: [member],
      },
      candle: [member],
      veil: [member],
      cord: [member],
      ringBearer: member,
      bibleBearer: member,
      coinBearer: member,
      flowerGirls: [member],
    },
  },
  gallery: {
    header,
    images: [{ image: 'image', src: 'url', caption: 'line' }],
    videos: [{ url: 'url', thumbnail: 'image', caption: 'line' }],
  },
  'things-to-do': {
    header,
    activities: [
      {
        name: 'line',
        description: 'text',
        image: 'image',
        eta: 'line',
        address: placeAddress,
        video: 'embed',
      },
    ],
  },
  faqs: {
    header,
    faqs: [{ question: 'line', answer: 'text', image2: 'image' }],
    footer: { description: 'text' },
  },
  rsvp: { header },
  about: customPage,
  custom: customPage,
} as const satisfies Record<string, Shape>

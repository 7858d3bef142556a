import {
  list,
  object,
  oneOf,
  orElse,
  refused,
  string,
  refine,
  type Read,
  type Reader,
} from '@/lib/read-json'
import { readImage } from './images'

/**
 * What each section type keeps in its `data`, read leniently: a couple's content is free-form,
 * so a missing or malformed field becomes "nothing to show" instead of breaking the page. Lists
 * keep the items that make sense and drop the rest.
 */

const text = orElse(string, undefined)

/** A photo field for the renderer: a bare address or a stored image; malformed reads as none. */
const imageField = (value: unknown) => readImage(value) ?? undefined

/** An optional nested object that is dropped when it has the wrong shape. */
function maybe<T>(shape: Reader<T>) {
  return orElse(shape, undefined)
}

const name = object({ firstName: text, lastName: text })

export const homeData = object({
  bride: maybe(name),
  groom: maybe(name),
  wedding: maybe(
    object({
      date: text,
      location: maybe(object({ venue: text, city: text, country: text })),
      hashtag: text,
    }),
  ),
  stories: list(object({ title: text, date: text, description: text, image: imageField })),
})
export type HomeData = Read<typeof homeData>

const eventAddress = object({
  url: text,
  street: text,
  city: text,
  state: text,
  country: text,
  zip: text,
})

export const eventTypes = ['ceremony', 'cocktail', 'reception'] as const

export const scheduleEvent = object({
  name: text,
  type: text,
  date: text,
  startTime: text,
  endTime: text,
  image: imageField,
  venue: text,
  address: maybe(eventAddress),
  attire: text,
  notes: text,
})
export type ScheduleEvent = Read<typeof scheduleEvent>

export const paletteColor = object({
  name: text,
  hex: refine(string, (hex) => (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? hex : refused)),
})

export const dressCode = object({
  title: text,
  description: text,
  palette: list(paletteColor),
  notes: text,
})
export type DressCode = Read<typeof dressCode>

export const scheduleData = object({
  events: list(scheduleEvent),
  dressCode: maybe(dressCode),
})
export type ScheduleData = Read<typeof scheduleData>

const person = object({
  name: refine(string, (name) => name.trim() || refused),
  role: text,
})
export type PartyMember = Read<typeof person>

export const weddingPartyData = object({
  entourage: maybe(
    object({
      officiatingPriest: maybe(person),
      parentsOfGroom: list(person),
      parentsOfBride: list(person),
      principalSponsors: maybe(object({ left: list(person), right: list(person) })),
      secondarySponsors: maybe(
        object({
          bestMan: maybe(person),
          maidOfHonor: maybe(person),
          groomsmen: list(person),
          bridesmaid: list(person),
        }),
      ),
      candle: list(person),
      veil: list(person),
      cord: list(person),
      ringBearer: maybe(person),
      bibleBearer: maybe(person),
      coinBearer: maybe(person),
      flowerGirls: list(person),
    }),
  ),
})
export type WeddingPartyData = Read<typeof weddingPartyData>
export type Entourage = NonNullable<WeddingPartyData['entourage']>

export const paymentOption = object({
  label: text,
  accountName: text,
  accountNumber: text,
  qrImage: imageField,
})
export type PaymentOption = Read<typeof paymentOption>

export const registryData = object({
  note: text,
  paymentOptions: list(paymentOption),
})
export type RegistryData = Read<typeof registryData>

const placeAddress = object({
  street: text,
  city: text,
  state: text,
  country: text,
  zip: text,
  map: text,
  url: text,
  direction: text,
})

export const hotel = object({
  name: text,
  description: text,
  eta: text,
  image: imageField,
  address: maybe(placeAddress),
})
export type Hotel = Read<typeof hotel>

export const travelData = object({ hotels: list(hotel) })

export const activity = object({
  name: text,
  description: text,
  image: imageField,
  eta: text,
  address: maybe(placeAddress),
  video: text,
})
export type Activity = Read<typeof activity>

export const thingsToDoData = object({ activities: list(activity) })

export const faq = object({ question: text, answer: text, image2: imageField })
export type Faq = Read<typeof faq>

export const faqsData = object({
  faqs: list(faq),
  footer: maybe(object({ description: text })),
})

export const story = object({ title: text, date: text, description: text, image: imageField })
export type Story = Read<typeof story>

export const ourStoryData = object({ stories: list(story) })

export const galleryData = object({
  images: list(object({ image: imageField, src: text, caption: text })),
  videos: list(object({ url: string, thumbnail: text, caption: text })),
})
export type GalleryData = Read<typeof galleryData>

/**
 * A custom or about page: structured text, never HTML. `body` is the older single paragraph,
 * still shown above the blocks when present.
 */
const blockKinds = ['heading', 'paragraph', 'list', 'link'] as const
const rawBlock = object({
  kind: oneOf(blockKinds),
  text: text,
  items: list(string),
  url: text,
})
export type TextBlock =
  | { kind: 'heading' | 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'link'; text?: string; url: string }

/** A block of a custom page; one without what its kind needs is dropped. */
export const textBlock = refine(rawBlock, (block): TextBlock | typeof refused => {
  if (block.kind === 'list') return { kind: 'list', items: block.items }
  if (block.kind === 'link' && block.url) return { kind: 'link', text: block.text, url: block.url }
  if ((block.kind === 'heading' || block.kind === 'paragraph') && block.text !== undefined)
    return { kind: block.kind, text: block.text }
  return refused
})

export const customData = object({ body: text, blocks: list(textBlock) })

/** Reads a section's data with its reader; anything unreadable reads as empty. */
export function readData<T>(reader: Reader<T>, data: unknown): T {
  const read = reader(data && typeof data === 'object' && !Array.isArray(data) ? data : {})
  if (read !== refused) return read
  const empty = reader({})
  if (empty === refused) throw new Error('A section reader refused empty data')
  return empty
}

/**
 * A schedule's events in the order of their days, as the database lists them
 * (kasalan_private.schedule_events): an event without a date of its own is on the wedding's day,
 * one with no date at all after the dated ones, and within a day the schedule's order. So a
 * despedida the day before comes first, wherever the couple wrote it.
 */
export function inDayOrder<E extends { date?: string | null }>(
  events: readonly E[],
  weddingDate: string | null | undefined,
): E[] {
  const day = (event: E) =>
    event.date && /^\d{4}-\d{2}-\d{2}$/.test(event.date) ? event.date : (weddingDate ?? null)
  return events
    .map((event, index) => ({ event, index, day: day(event) }))
    .sort((a, b) =>
      a.day === b.day
        ? a.index - b.index
        : a.day === null
          ? 1
          : b.day === null
            ? -1
            : a.day < b.day
              ? -1
              : 1,
    )
    .map(({ event }) => event)
}

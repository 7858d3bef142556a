import * as z from 'zod/mini'
import { readImage } from './images'

/**
 * What each section type keeps in its `data`, read leniently: a couple's content is free-form,
 * so a missing or malformed field becomes "nothing to show" instead of breaking the page. Lists
 * keep the items that make sense and drop the rest.
 */

const text = z.catch(z.optional(z.string()), undefined)

/** A photo field for the renderer: a bare address or a stored image; malformed reads as none. */
const imageField = z.optional(
  z.pipe(
    z.unknown(),
    z.transform((value) => readImage(value) ?? undefined),
  ),
)

/** A list whose malformed items are dropped, and which is empty when it is not a list at all. */
function list<Item extends z.ZodMiniType>(item: Item) {
  return z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((items) =>
      items.flatMap((value) => {
        const parsed = item.safeParse(value)
        return parsed.success ? [parsed.data as z.infer<Item>] : []
      }),
    ),
  )
}

/** An optional nested object that is dropped when it has the wrong shape. */
function maybe<Shape extends z.ZodMiniType>(shape: Shape) {
  return z.catch(z.optional(shape), undefined)
}

const name = z.object({ firstName: text, lastName: text })

export const homeData = z.object({
  bride: maybe(name),
  groom: maybe(name),
  wedding: maybe(
    z.object({
      date: text,
      location: maybe(z.object({ venue: text, city: text, country: text })),
      hashtag: text,
    }),
  ),
  stories: list(z.object({ title: text, date: text, description: text, image: imageField })),
})
export type HomeData = z.infer<typeof homeData>

const eventAddress = z.object({
  url: text,
  street: text,
  city: text,
  state: text,
  country: text,
  zip: text,
})

export const eventTypes = ['ceremony', 'cocktail', 'reception'] as const

export const scheduleEvent = z.object({
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
export type ScheduleEvent = z.infer<typeof scheduleEvent>

export const paletteColor = z.object({
  name: text,
  hex: z.string().check(z.regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i)),
})

export const dressCode = z.object({
  title: text,
  description: text,
  palette: list(paletteColor),
  notes: text,
})
export type DressCode = z.infer<typeof dressCode>

export const scheduleData = z.object({
  events: list(scheduleEvent),
  dressCode: maybe(dressCode),
})
export type ScheduleData = z.infer<typeof scheduleData>

const person = z.object({ name: z.string().check(z.trim(), z.minLength(1)), role: text })
export type PartyMember = z.infer<typeof person>

export const weddingPartyData = z.object({
  entourage: maybe(
    z.object({
      officiatingPriest: maybe(person),
      parentsOfGroom: list(person),
      parentsOfBride: list(person),
      principalSponsors: maybe(z.object({ left: list(person), right: list(person) })),
      secondarySponsors: maybe(
        z.object({
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
export type WeddingPartyData = z.infer<typeof weddingPartyData>
export type Entourage = NonNullable<WeddingPartyData['entourage']>

export const paymentOption = z.object({
  label: text,
  accountName: text,
  accountNumber: text,
  qrImage: imageField,
})
export type PaymentOption = z.infer<typeof paymentOption>

export const registryData = z.object({
  note: text,
  paymentOptions: list(paymentOption),
})
export type RegistryData = z.infer<typeof registryData>

const placeAddress = z.object({
  street: text,
  city: text,
  state: text,
  country: text,
  zip: text,
  map: text,
  url: text,
  direction: text,
})

export const hotel = z.object({
  name: text,
  description: text,
  eta: text,
  image: imageField,
  address: maybe(placeAddress),
})
export type Hotel = z.infer<typeof hotel>

export const travelData = z.object({ hotels: list(hotel) })

export const activity = z.object({
  name: text,
  description: text,
  image: imageField,
  eta: text,
  address: maybe(placeAddress),
  video: text,
})
export type Activity = z.infer<typeof activity>

export const thingsToDoData = z.object({ activities: list(activity) })

export const faq = z.object({ question: text, answer: text, image2: imageField })
export type Faq = z.infer<typeof faq>

export const faqsData = z.object({
  faqs: list(faq),
  footer: maybe(z.object({ description: text })),
})

export const story = z.object({ title: text, date: text, description: text, image: imageField })
export type Story = z.infer<typeof story>

export const ourStoryData = z.object({ stories: list(story) })

export const galleryData = z.object({
  images: list(z.object({ image: imageField, src: text, caption: text })),
  videos: list(z.object({ url: z.string(), thumbnail: text, caption: text })),
})
export type GalleryData = z.infer<typeof galleryData>

/**
 * A custom or about page: structured text, never HTML. `body` is the older single paragraph,
 * still shown above the blocks when present.
 */
const blockKinds = ['heading', 'paragraph', 'list', 'link'] as const
const rawBlock = z.object({
  kind: z.enum(blockKinds),
  text: text,
  items: list(z.string()),
  url: text,
})
export type TextBlock =
  | { kind: 'heading' | 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'link'; text?: string; url: string }

/** A block of a custom page; one without what its kind needs is dropped. */
export const textBlock = z.pipe(
  rawBlock,
  z.transform((block, context): TextBlock => {
    if (block.kind === 'list') return { kind: 'list', items: block.items }
    if (block.kind === 'link' && block.url)
      return { kind: 'link', text: block.text, url: block.url }
    if ((block.kind === 'heading' || block.kind === 'paragraph') && block.text !== undefined)
      return { kind: block.kind, text: block.text }
    context.issues.push({ code: 'custom', message: 'incomplete block', input: block })
    return z.NEVER
  }),
)

export const customData = z.object({ body: text, blocks: list(textBlock) })

/** Reads a section's data with its schema; anything unreadable reads as empty. */
export function readData<Schema extends z.ZodMiniType>(
  schema: Schema,
  data: unknown,
): z.infer<Schema> {
  const parsed = schema.safeParse(data && typeof data === 'object' ? data : {})
  return parsed.success ? parsed.data : schema.parse({})
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

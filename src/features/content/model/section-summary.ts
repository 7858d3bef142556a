import {
  customData,
  faqsData,
  galleryData,
  ourStoryData,
  readData,
  registryData,
  scheduleData,
  thingsToDoData,
  travelData,
  weddingPartyData,
  type Entourage,
} from '@/lib/site-content'

/** How complete a section is, as the list of sections says it: a count of what it holds. */
export interface SectionSummary {
  /** The i18n key under `content:summary` (with `count`): events, hotels, people, … */
  key: string
  count: number
}

/** Everyone named in the entourage (one person may appear twice, e.g. as groomsman and cord). */
export function entourageCount(entourage: Entourage | undefined) {
  if (!entourage) return 0
  const single = [
    entourage.officiatingPriest,
    entourage.ringBearer,
    entourage.bibleBearer,
    entourage.coinBearer,
    entourage.secondarySponsors?.bestMan,
    entourage.secondarySponsors?.maidOfHonor,
  ].filter(Boolean).length
  const lists = [
    entourage.parentsOfGroom,
    entourage.parentsOfBride,
    entourage.principalSponsors?.left ?? [],
    entourage.principalSponsors?.right ?? [],
    entourage.secondarySponsors?.groomsmen ?? [],
    entourage.secondarySponsors?.bridesmaid ?? [],
    entourage.candle,
    entourage.veil,
    entourage.cord,
    entourage.flowerGirls,
  ]
  return single + lists.reduce((sum, list) => sum + list.length, 0)
}

export function sectionSummary(type: string, data: unknown): SectionSummary | null {
  switch (type) {
    case 'schedule':
      return { key: 'events', count: readData(scheduleData, data).events.length }
    case 'travel':
      return { key: 'hotels', count: readData(travelData, data).hotels.length }
    case 'things-to-do':
      return { key: 'activities', count: readData(thingsToDoData, data).activities.length }
    case 'faqs':
      return { key: 'faqs', count: readData(faqsData, data).faqs.length }
    case 'registry':
      return { key: 'paymentOptions', count: readData(registryData, data).paymentOptions.length }
    case 'wedding-party':
      return { key: 'people', count: entourageCount(readData(weddingPartyData, data).entourage) }
    case 'our-story':
      return { key: 'stories', count: readData(ourStoryData, data).stories.length }
    case 'gallery': {
      const gallery = readData(galleryData, data)
      return { key: 'photos', count: gallery.images.length + gallery.videos.length }
    }
    case 'about':
    case 'custom': {
      const page = readData(customData, data)
      return { key: 'blocks', count: page.blocks.length + (page.body ? 1 : 0) }
    }
    default:
      return null
  }
}

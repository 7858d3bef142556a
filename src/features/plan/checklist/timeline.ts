import type { ChecklistCategory, TimelineItem } from '@/lib/api/checklist'

/**
 * The Filipino wedding timeline a couple starts their checklist from, from a year before to the
 * week after: each item's due date is the wedding date minus `daysBefore` (negative: after). The
 * church's papers carry how long they stay valid (`validDays`): a baptismal or confirmation
 * certificate "for marriage purposes" and the CENOMAR about six months, the marriage licence 120
 * days. The titles are in the `plan` strings (`checklist.timeline.<key>`), taken in the couple's
 * language when they start; after that they are the couple's own text.
 */
export const filipinoTimeline: ReadonlyArray<{
  key: string
  category: ChecklistCategory
  daysBefore: number
  validDays?: number
}> = [
  { key: 'date_and_budget', category: 'planning', daysBefore: 365 },
  { key: 'book_church', category: 'church', daysBefore: 360 },
  { key: 'book_reception', category: 'reception', daysBefore: 330 },
  { key: 'coordinator', category: 'suppliers', daysBefore: 300 },
  { key: 'photo_video', category: 'suppliers', daysBefore: 270 },
  { key: 'caterer', category: 'suppliers', daysBefore: 270 },
  { key: 'guest_list', category: 'guests', daysBefore: 240 },
  { key: 'sponsors', category: 'church', daysBefore: 180 },
  { key: 'attire', category: 'attire', daysBefore: 180 },
  { key: 'hair_makeup_florist', category: 'suppliers', daysBefore: 180 },
  { key: 'baptismal', category: 'documents', daysBefore: 150, validDays: 180 },
  { key: 'confirmation', category: 'documents', daysBefore: 150, validDays: 180 },
  { key: 'cenomar', category: 'documents', daysBefore: 150, validDays: 180 },
  { key: 'birth_certificates', category: 'documents', daysBefore: 150 },
  { key: 'pre_cana', category: 'church', daysBefore: 120 },
  { key: 'invitations', category: 'guests', daysBefore: 120 },
  { key: 'marriage_licence', category: 'documents', daysBefore: 100, validDays: 120 },
  { key: 'canonical_interview', category: 'church', daysBefore: 90 },
  { key: 'banns', category: 'church', daysBefore: 60 },
  { key: 'rsvp_follow_up', category: 'guests', daysBefore: 30 },
  { key: 'final_pax', category: 'reception', daysBefore: 14 },
  { key: 'seating', category: 'guests', daysBefore: 10 },
  { key: 'pay_balances', category: 'suppliers', daysBefore: 7 },
  { key: 'rehearsal', category: 'church', daysBefore: 2 },
  { key: 'thank_yous', category: 'after', daysBefore: -7 },
]

/** The timeline with its titles in one language, as start_checklist takes it. */
export function timelineItems(title: (key: string) => string): TimelineItem[] {
  return filipinoTimeline.map((item) => ({ ...item, title: title(item.key) }))
}

/**
 * An item's title to show: a timeline item whose title is still the timeline's own, in either
 * language (`here`: the screen's strings, `other`: the other language's, once loaded), in the
 * screen's language; any title the couple wrote or changed, as written.
 */
export function timelineTitle(
  item: { templateKey: string | null; title: string },
  here: (key: string) => string,
  other: ((key: string) => string) | null,
): string {
  if (!item.templateKey) return item.title
  const key = `checklist.timeline.${item.templateKey}`
  const shown = here(key)
  if (shown === key) return item.title
  return item.title === shown || (other !== null && item.title === other(key)) ? shown : item.title
}

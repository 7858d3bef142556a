import { displayCouple } from '@/lib/names'

/** "Isabel at Miguel" / "Isabel and Miguel": the couple as the guest pages and e-mails name them. */
export function coupleFirstNames(wedding: { bride: { firstName: string }; groom: { firstName: string } }, and: string) {
  return displayCouple(wedding.bride, wedding.groom, and)
}

/** A phone number as a tel: link: digits and a leading plus only. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

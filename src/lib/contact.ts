/**
 * The couple's contact as guests read it (the wedding's `contact`: names, e-mail, phone and a
 * Messenger or Facebook link), shared by the site's contact block, the RSVP pages and the RSVP
 * e-mail, so each shows every way the Details form promised.
 */

/** A Messenger or Facebook link, as the database takes it (kasalan_private.contact_is_valid). */
export const messengerPattern =
  /^https:\/\/(www\.|m\.|web\.)?(facebook\.com|fb\.com|messenger\.com|m\.me)\/\S*$/i

/** The saved link when it is one the database takes, else null. */
export function messengerUrl(link: string | null | undefined): string | null {
  const url = link?.trim()
  return url && messengerPattern.test(url) ? url : null
}

/** "m.me/isabelatmiguel" for "https://m.me/isabelatmiguel": the link as a guest would type it. */
export function messengerLabel(url: string): string {
  return url.replace(/^https:\/\/(www\.)?/i, '').replace(/\/$/, '')
}

/**
 * Whether the contact's names are of more than one person ("Isabel at Miguel", "Tita Carmen &
 * Tito Ben", "Ana, Ben"): Filipino then says "nina"/"kina", for one person "ni"/"kay".
 */
export function namesAreSeveral(names: string): boolean {
  return /\s(at|and)\s|&|,|\//i.test(names.trim())
}

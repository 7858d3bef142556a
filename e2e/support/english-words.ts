import type { Page } from '@playwright/test'

/**
 * English words that must not show on a management screen in Filipino: the ones found there before
 * (issue "What a couple, their ushers and their guests tripped on") and the commonest of a form's and
 * a list's words. Whole words, as written, so Filipino that borrows a stem ("I-print", "i-save")
 * passes; words Filipino screens use as they are (RSVP, QR, Messenger, Online, walk-in, pax) are not
 * listed, nor the loanwords Filipino wedding planning says as they are: Website, Budget, Checklist,
 * Suppliers, Phone, Address, and Table (the printers' "Table cards"; the demo couple's "Table 1"). Kept by the team: a word found in Filipino mode goes here once it is translated.
 */
export const ENGLISH_WORDS = [
  'Import',
  'Suffix',
  'Contact',
  'Bride',
  'Groom',
  'Email',
  'Stories',
  'Save',
  'Cancel',
  'Delete',
  'Remove',
  'Edit',
  'Close',
  'Loading',
  'Search',
  'Guests',
  'Guest',
  'Household',
  'Households',
  'Attending',
  'Declined',
  'Settings',
  'Download',
  'Upload',
  'Add',
  'Back',
  'Next',
  'Done',
  'Yes',
  'Seat',
  'Seats',
  'Gifts',
  'Members',
  'Content',
  'Events',
  'Invitations',
  'Optional',
  'Required',
  'Notes',
  'Name',
  'Side',
  'Relationship',
  'Family',
  'Friend',
  'Sent',
  'Pending',
  'Unknown',
  'Total',
]

const pattern = new RegExp(`(?<![\\p{L}\\-])(${ENGLISH_WORDS.join('|')})(?![\\p{L}\\-])`, 'gu')

/**
 * The listed English words visible on the page's management part (its main and its navigation,
 * not the couple's own words: the preview of their site, their names and notes are theirs).
 */
export async function visibleEnglish(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = []
    // The couple's own words: the site's preview, and what they typed.
    const theirs = 'iframe, [data-couple-content], input, textarea'
    for (const root of document.querySelectorAll('header, nav, main, [role="dialog"]')) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!parent || parent.closest(theirs) || parent.getClientRects().length === 0) continue
        // Each text node apart: words of neighbouring elements are never run together.
        found.push(node.textContent ?? '')
      }
    }
    return found
  })
  return [
    ...new Set(texts.flatMap((text) => [...text.matchAll(pattern)].map((match) => match[1]!))),
  ]
}

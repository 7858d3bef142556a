/**
 * How management screens show unsaved changes in the real public site: the page at
 * `paths.sitePreview` runs inside an iframe and draws whatever site its parent posts to it.
 * Messages travel only between windows of the same origin.
 */
import type { Section, Site, Wedding } from '@/lib/api'
import type { Language } from '@/lib/i18n'

export const previewMessageTypes = {
  /** Child → parent: the preview page is listening (sent again after every reload of the frame). */
  ready: 'kasalan:site-preview:ready',
  /** Parent → child: the site to draw. */
  show: 'kasalan:site-preview:show',
} as const

export interface PreviewShowMessage {
  type: typeof previewMessageTypes.show
  site: Site
  /** A section's page (`/wedding/<slug>/<segment>`); without it, the whole home page. */
  segment?: string
  language?: Language
}

export function isPreviewMessage<T extends { type: string }>(
  data: unknown,
  type: T['type'],
): data is T {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type
}

/**
 * The site a wedding makes, as `get_site` answers it, with unsaved changes in place: `sections`
 * for the saved ones, and `details` (theme, names, date, place) over the wedding's own. Every
 * preview draws it from here, so a detail the public site reads reaches every preview.
 */
export function previewSiteOf(
  wedding: Wedding,
  {
    sections,
    isCouple,
    details,
  }: { sections: Section[]; isCouple: boolean; details?: Partial<Site['wedding']> | undefined },
): Site {
  return {
    slug: wedding.slug,
    title: wedding.title,
    isPublished: wedding.isPublished,
    isCouple,
    wedding: {
      id: wedding.id,
      slug: wedding.slug,
      title: wedding.title,
      bride: wedding.bride,
      groom: wedding.groom,
      date: wedding.date,
      theme: wedding.theme,
      rsvpDeadline: wedding.rsvpDeadline,
      contact: wedding.contact,
      location: wedding.location,
      hashtag: wedding.hashtag,
      siteLanguage: wedding.siteLanguage,
      ...details,
    },
    sections,
  }
}

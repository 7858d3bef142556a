import type { Site, Wedding } from '@/lib/api'
import { themeForSave, type BuilderDraft } from './model/draft'

/** The site the draft would make, for the live preview: the saved wedding with the unsaved changes. */
export function previewSite(
  wedding: Wedding,
  draft: BuilderDraft,
  details?: Partial<Pick<Site['wedding'], 'bride' | 'groom' | 'date' | 'location' | 'hashtag' | 'contact'>>,
): Site {
  const saved = new Map(wedding.sections.map((section) => [section.id, section]))
  const sections = draft.sections.map((section, orderIndex) => {
    const stored = saved.get(section.id)
    return {
      id: section.id,
      weddingId: wedding.id,
      type: section.type,
      label: section.label,
      title: stored ? stored.title : section.label,
      path: section.path,
      visible: section.visible,
      data: stored?.data ?? {},
      orderIndex,
    }
  })
  return {
    slug: wedding.slug,
    title: wedding.title,
    isPublished: wedding.isPublished,
    isOwner: false,
    wedding: {
      id: wedding.id,
      slug: wedding.slug,
      title: wedding.title,
      bride: wedding.bride,
      groom: wedding.groom,
      date: wedding.date,
      theme: themeForSave(draft.theme),
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


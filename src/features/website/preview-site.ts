import type { Site, Wedding } from '@/lib/api'
import { previewSiteOf } from '@/lib/site-preview'
import { themeForSave, type WebsiteDraft } from './model/draft'

/** The site the draft would make, for the live preview: the saved wedding with the unsaved changes. */
export function previewSite(
  wedding: Wedding,
  draft: WebsiteDraft,
  details?: Partial<
    Pick<Site['wedding'], 'bride' | 'groom' | 'date' | 'location' | 'hashtag' | 'contact'>
  >,
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
  return previewSiteOf(wedding, {
    sections,
    isCouple: false,
    details: { theme: themeForSave(draft.theme), ...details },
  })
}

import { site, type Site } from '@/lib/api/site-answer'
import { refused } from '@/lib/read-json'

/**
 * The built-in demo site, shown when no slug is given, the wedding is not found or the fetch
 * fails. It is its own chunk: a guest of a real wedding never downloads it.
 */
export async function loadDemoSite(): Promise<Site> {
  const { wedding, sections } = await import('../../../supabase/seed-data/demo-wedding.json')
  const demo = site({
    slug: wedding.slug,
    title: wedding.title,
    isPublished: true,
    isCouple: false,
    wedding,
    sections: sections.filter((section) => section.visible),
  })
  if (demo === refused) throw new Error('The built-in demo site does not read as a site')
  return demo
}

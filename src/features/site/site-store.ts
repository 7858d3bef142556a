import { create } from 'zustand'
import { setWeddingPublished } from '@/lib/api/publishing'
import type { Site, SiteRedirect } from '@/lib/api/schemas'
import { getSite } from '@/lib/api/site'
import { loadDemoSite } from './demo-site'

/**
 * - `loading`: fetching the site (or the demo).
 * - `ready`: `site` is the one asked for (or the demo, when no slug was given).
 * - `notFound`: no published site has this slug; the page sends the visitor to /404.
 * - `moved`: the slug is the wedding's earlier one; the page sends the visitor to `movedTo`.
 * - `failed`: the fetch failed for a wedding other than the demo; the page offers to retry.
 */
export type SiteStatus = 'idle' | 'loading' | 'ready' | 'notFound' | 'moved' | 'failed'

interface SiteState {
  /** The slug last asked for; null when nothing named one. */
  slug: string | null
  status: SiteStatus
  site: Site | null
  /** The wedding's current slug when `status` is `moved`. */
  movedTo: string | null
  /** True while the built-in demo stands in for the database's site. */
  isDemo: boolean
  error: unknown
  publishing: boolean
  publishError: unknown
  /** Loads the site for this slug, unless it is already loaded or loading. */
  load(slug: string | null, options?: { force?: boolean }): Promise<void>
  /** Publishes or unpublishes the owner's site. */
  setPublished(published: boolean): Promise<void>
}

let latest = 0

export const useSiteStore = create<SiteState>((set, get) => ({
  slug: null,
  status: 'idle',
  site: null,
  movedTo: null,
  isDemo: false,
  error: null,
  publishing: false,
  publishError: null,

  async load(slug, { force = false } = {}) {
    const current = get()
    if (!force && current.slug === slug && current.status !== 'idle') return
    const request = ++latest
    set({ slug, status: 'loading', error: null, publishError: null })

    let site: Site | null = null
    let moved: SiteRedirect | null = null
    let failure: unknown = null
    if (slug) {
      try {
        const found = await getSite(slug)
        if (found && 'redirectTo' in found) moved = found
        else site = found
        if (!found) console.warn('Wedding not found for slug', slug)
      } catch (error) {
        console.warn('Could not load the wedding site', error)
        failure = error
      }
    }

    if (moved) {
      if (request === latest)
        set({ status: 'moved', site: null, movedTo: moved.redirectTo, isDemo: false, error: null })
      return
    }

    let isDemo = false
    if (!site) {
      try {
        site = await loadDemoSite()
        isDemo = true
      } catch (error) {
        failure ??= error
      }
    }
    if (request !== latest) return

    if (site && (!slug || site.slug === slug)) {
      set({ status: 'ready', site, isDemo, error: null })
    } else if (failure) {
      // A failed fetch is not a missing wedding: say so instead of sending the guest to /404.
      set({ status: 'failed', site: null, isDemo: false, error: failure })
    } else {
      set({ status: 'notFound', site: null, isDemo: false, error: null })
    }
  },

  async setPublished(published) {
    const { site } = get()
    if (!site?.isCouple || get().publishing) return
    set({ publishing: true, publishError: null })
    try {
      const result = await setWeddingPublished(site.wedding.id, published)
      const now = get().site
      if (now?.wedding.id === result.id) set({ site: { ...now, isPublished: result.isPublished } })
    } catch (error) {
      set({ publishError: error })
    } finally {
      set({ publishing: false })
    }
  },
}))

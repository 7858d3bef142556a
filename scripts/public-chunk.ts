import { fileURLToPath } from 'node:url'

type ModuleInfo = { importedIds: readonly string[] } | null
type Context = { getModuleInfo(id: string): ModuleInfo }

const root = fileURLToPath(new URL('../', import.meta.url))

/**
 * What a guest's browser needs for the public wedding site: the app's entry (which imports the
 * public site, its small router and the site page), the session check, the Supabase visitor calls
 * and the site's Filipino strings. Their static imports go with them. Management's app (with
 * react-router), its screens and the embedded database are reached only through dynamic imports,
 * so they never land here.
 */
const publicRoots = [
  'src/main.tsx',
  'src/lib/session/index.ts',
  'src/lib/backend/supabase/adapter.ts',
  'src/locales/fil/common.json',
  'src/locales/fil/site.json',
  'src/locales/fil/rsvp.json',
].map((path) => root + path)

/**
 * A code-splitting name function that puts the public site's modules in one `site` chunk: a
 * guest's phone makes a handful of requests instead of dozens of tiny ones (each with its own
 * round trip on mobile data), and one file gzips smaller than many.
 */
export function publicSiteChunk() {
  let members: Set<string> | undefined
  return (id: string, ctx: Context) => {
    if (!members) {
      members = new Set()
      const pending = [...publicRoots]
      while (pending.length) {
        const next = pending.pop()!
        if (members.has(next)) continue
        const info = ctx.getModuleInfo(next)
        if (!info) continue
        members.add(next)
        pending.push(...info.importedIds)
      }
    }
    // The entry stays its own file: its top-level await must not sit in a chunk others import.
    return members.has(id) && id !== publicRoots[0] ? 'site' : null
  }
}

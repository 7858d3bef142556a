import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

type ModuleInfo = { importedIds: readonly string[]; code: string | null } | null
type Context = { getModuleInfo(id: string): ModuleInfo }

const root = fileURLToPath(new URL('../', import.meta.url))

/**
 * What a guest's browser needs for the public wedding site: the app's entry (which imports the
 * public site, wouter and the site page), the Supabase visitor calls and the site's Filipino
 * strings with the name search's (the RSVP page's come with that page; the session's code comes
 * only to a visitor who has a session). Their static imports go with them. Management's app (with react-router), its screens and the embedded
 * database are reached only through dynamic imports, so they never land here.
 */
const publicRoots = [
  'src/main.tsx',
  'src/lib/backend/supabase/adapter.ts',
  'src/locales/fil/common.json',
  'src/locales/fil/site.json',
  'src/locales/fil/search.json',
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
        // The icon set's index names every icon: following it would put each icon management
        // uses in the guests' file. Only the icons a public module names join it.
        if (ICON_INDEX.test(next)) continue
        pending.push(...info.importedIds)
        const index = info.importedIds.find((imported) => ICON_INDEX.test(imported))
        if (index) pending.push(...iconsNamed(info.code ?? '', index, ctx))
      }
    }
    // The entry stays its own file: its top-level await must not sit in a chunk others import.
    return members.has(id) && id !== publicRoots[0] ? 'site' : null
  }
}

const ICON_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/

let iconFiles: Map<string, string> | undefined

/** The files of the icons a module imports by name from lucide-react's index. */
function iconsNamed(code: string, index: string, ctx: Context): string[] {
  if (!iconFiles) {
    iconFiles = new Map()
    // export { default as CalendarHeart, default as CalendarHeartIcon, ... } from './icons/calendar-heart.mjs';
    for (const [, names, file] of (ctx.getModuleInfo(index)?.code ?? '').matchAll(
      /export\s*\{([^}]*)\}\s*from\s*['"](\.\/icons\/[^'"]+)['"]/g,
    )) {
      for (const name of names!.matchAll(/default as (\w+)/g))
        iconFiles.set(name[1]!, join(dirname(index), file!))
    }
  }
  const files: string[] = []
  for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)) {
    for (const name of names!.split(',')) {
      const file = iconFiles.get(name.trim().split(/\s+as\s+/)[0]!)
      if (file) files.push(file)
    }
  }
  return files
}

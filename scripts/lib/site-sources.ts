import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

/**
 * The guests' first stylesheet (src/styles.css) holds only the classes of the files its `@source`
 * lines name; management's classes come with management's code (src/app/app.css). A file a guest's
 * page can load that no line names would be drawn without its styles on the site. This finds those
 * files in a build: every chunk reachable from index.html (static and lazy imports alike), except
 * through management's own import, and every file of the app those chunks hold.
 */

const stylesheet = 'src/styles.css'
/** Management's entry: what it imports is never a guest's. */
const managementEntry = 'src/app/app.tsx'

interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}

/** The `@source` and `@source not` paths of the stylesheet, relative to the project. */
export function stylesheetSources(css = readFileSync(stylesheet, 'utf8')) {
  const read = (not: boolean) =>
    [...css.matchAll(new RegExp(`^@source ${not ? 'not ' : ''}'([^']+)';`, 'gm'))].map((match) =>
      normalize(join(dirname(stylesheet), match[1]!)),
    )
  return { include: read(false), exclude: read(true) }
}

/** The app's files (scripts and HTML) a guest's pages can load, from a build's manifest. */
export function guestFiles(outDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const chunkModules = JSON.parse(
    readFileSync(join(outDir, 'chunk-modules.json'), 'utf8'),
  ) as Record<string, Record<string, number>>
  const seen = new Set<string>()
  const queue = ['index.html']
  while (queue.length) {
    const key = queue.pop()!
    if (seen.has(key) || key === managementEntry || !manifest[key]) continue
    seen.add(key)
    queue.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []))
  }
  const files = new Set<string>()
  for (const key of seen) {
    for (const [id, length] of Object.entries(chunkModules[manifest[key]!.file] ?? {})) {
      if (length > 0 && (id === 'index.html' || /^src\/.*\.(tsx?|html)$/.test(id))) files.add(id)
    }
  }
  return [...files].sort()
}

/** The guest's files the stylesheet does not read: each would draw unstyled on the site. */
export function filesMissingFromSiteStylesheet(outDir: string): string[] {
  const { include, exclude } = stylesheetSources()
  const under = (file: string, paths: string[]) =>
    paths.some((path) => file === path || file.startsWith(`${path}/`))
  return guestFiles(outDir).filter((file) => !under(file, include) || under(file, exclude))
}

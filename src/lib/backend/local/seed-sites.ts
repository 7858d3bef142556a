/**
 * The seeded sites' `get_site` answers, as the build's own prebuilt database gave them
 * (`virtual:kasalan-seed-sites`, scripts/seed-data-dir.ts), keyed by slug.
 */
export type SeedSites = Readonly<Record<string, unknown>>

/**
 * The build's answer to this call, or undefined to ask the database. Only on a browser's first
 * visit (the database is being made from the build's own prebuilt directory, so it will answer the
 * same), only before the database is ready (nothing can have changed it yet), only for a visitor
 * (the build asked as one), and only for `get_site` of a seeded wedding.
 */
export function seedSiteAnswer(
  sites: SeedSites | null,
  name: string,
  args: Record<string, unknown> | undefined,
  caller: { signedIn: boolean; databaseReady: boolean },
): unknown {
  if (!sites || caller.signedIn || caller.databaseReady || name !== 'get_site') return undefined
  const slug = args?.p_slug
  if (typeof slug !== 'string' || !Object.hasOwn(sites, slug)) return undefined
  // A copy: the caller may change what it gets.
  return structuredClone(sites[slug])
}

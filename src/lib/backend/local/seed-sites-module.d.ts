declare module 'virtual:kasalan-seed-sites' {
  /** The seeded sites' `get_site` answers for a visitor, by slug; null outside a build. */
  const sites: Readonly<Record<string, unknown>> | null
  export default sites
}

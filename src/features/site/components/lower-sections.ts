/** The sections below the hero: their own chunk, fetched while the site's data loads. */
export function loadLowerSections() {
  return import('../sections/section-view')
}

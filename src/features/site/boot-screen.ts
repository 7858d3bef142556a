/**
 * The site's first screen that index.html paints from the early response, before the app's code
 * (src/features/site/boot-hero.ts): it covers the app until the app's own page is ready beneath it.
 */
const bootHero = () => document.getElementById('boot-hero')

/** True while the HTML's first screen is up: the app's loading overlay need not show under it. */
export function bootHeroShown() {
  return bootHero() !== null
}

/** The app's page is on screen (or the site could not be shown): the HTML's copy goes. */
export function releaseBootHero() {
  bootHero()?.remove()
}
